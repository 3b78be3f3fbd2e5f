//! Small pieces of pages: times, durations, sizes, verdicts, a submission's status line.

use crate::store::Progress;
use crate::store::{SubmissionState, SubmissionSummary};
use judge_core::Verdict;
use maud::{html, Markup};

/// A time in UTC, which the page's script shows in the reader's time zone.
pub fn time(ms: i64) -> Markup {
    let utc = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok();
    let shown = utc
        .map(|t| {
            format!(
                "{:04}-{:02}-{:02} {:02}:{:02}:{:02} UTC",
                t.year(),
                u8::from(t.month()),
                t.day(),
                t.hour(),
                t.minute(),
                t.second()
            )
        })
        .unwrap_or_default();
    html! { time datetime=(judge_core::text::rfc3339_ms(ms)) { (shown) } }
}

pub use judge_core::text::seconds;

/// Bytes in MiB (or KiB when small).
pub fn bytes(value: u64) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    if value >= 1024 * 1024 {
        format!("{:.1} MiB", value as f64 / MIB)
    } else {
        format!("{:.0} KiB", value as f64 / 1024.0)
    }
}

/// A verdict as a coloured badge with its words as a tooltip.
pub fn verdict(verdict: Verdict) -> Markup {
    html! {
        span class={ "verdict v-" (verdict.code()) } title=(verdict.description()) { (verdict.code()) }
    }
}

/// A submission's status in words: `queued`, `running test 3 of 25`, `AC 25/25`,
/// `WA on secret/04-x (3/25)`, `CE`, `JE`.
pub fn status_text(summary: &SubmissionSummary, progress: Option<Progress>) -> String {
    match (summary.state, &summary.result) {
        (SubmissionState::Queued, _) => "queued".into(),
        (SubmissionState::Judging, _) => progress.map_or_else(
            || "judging".into(),
            |p| format!("judging: {}", p.describe()),
        ),
        (SubmissionState::Done, None) => "done".into(),
        (SubmissionState::Done, Some(result)) => match result.verdict {
            Verdict::AC => format!(
                "{} {}/{}",
                result.verdict.code(),
                result.tests_passed,
                result.tests_total
            ),
            Verdict::CE => "CE compile error".into(),
            Verdict::JE if summary.needs_attention() => {
                "JE judge error (twice): waiting for the teacher, not counted".into()
            }
            Verdict::JE => "JE judge error".into(),
            other => match &result.first_failure {
                Some(test) => format!(
                    "{} on {test} ({}/{})",
                    other.code(),
                    result.tests_passed,
                    result.tests_total
                ),
                None => format!(
                    "{} ({}/{})",
                    other.code(),
                    result.tests_passed,
                    result.tests_total
                ),
            },
        },
    }
}

/// The status cell of a submission: a badge and words; pending ones carry the attribute
/// the page's script polls by.
pub fn status(summary: &SubmissionSummary, progress: Option<Progress>) -> Markup {
    let done = summary.state == SubmissionState::Done;
    let text = status_text(summary, progress);
    html! {
        span class="status" data-submission=(summary.id) data-pending=[(!done).then_some("1")] {
            @if let Some(result) = summary.result.as_ref().filter(|_| done) {
                (verdict(result.verdict)) " "
                span class="status-text" { (text.split_once(' ').map_or("", |(_, rest)| rest)) }
            } @else {
                span class="verdict v-pending" { "…" } " "
                span class="status-text" { (text) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::submissions::ResultSummary;

    fn summary(state: SubmissionState, verdict: Option<Verdict>) -> SubmissionSummary {
        SubmissionSummary {
            id: 3,
            user_id: 1,
            user_name: "ann".into(),
            problem: "maze".into(),
            language: "cpp".into(),
            submitted_at_ms: 0,
            state,
            round: 1,
            claims: 1,
            je_accepted: false,
            result: verdict.map(|verdict| ResultSummary {
                verdict,
                tests_passed: 3,
                tests_total: 25,
                max_cpu_time_s: 0.5,
                max_peak_memory_bytes: 1 << 20,
                judged_at_ms: 0,
                error: None,
                first_failure: (verdict != Verdict::AC).then(|| "secret/04-x".into()),
            }),
            progress: None,
        }
    }

    #[test]
    fn statuses_read_as_words() {
        assert_eq!(
            status_text(&summary(SubmissionState::Queued, None), None),
            "queued"
        );
        let progress = Progress {
            compiled: true,
            tests_done: 2,
            tests_total: 25,
            first_failure: None,
        };
        assert_eq!(
            status_text(&summary(SubmissionState::Judging, None), Some(progress)),
            "judging: running test 3 of 25"
        );
        assert_eq!(
            status_text(&summary(SubmissionState::Done, Some(Verdict::WA)), None),
            "WA on secret/04-x (3/25)"
        );
        assert_eq!(
            status_text(&summary(SubmissionState::Done, Some(Verdict::AC)), None),
            "AC 3/25"
        );
        let done = status(&summary(SubmissionState::Done, Some(Verdict::WA)), None).into_string();
        assert!(
            done.contains("v-WA") && !done.contains("data-pending"),
            "{done}"
        );
        let queued = status(&summary(SubmissionState::Queued, None), None).into_string();
        assert!(queued.contains("data-pending=\"1\""), "{queued}");
    }

    #[test]
    fn sizes_and_times_are_readable() {
        assert_eq!(bytes(3 * 1024 * 1024 + 1024 * 512), "3.5 MiB");
        assert_eq!(bytes(2048), "2 KiB");
        assert_eq!(seconds(0.123), "0.12 s");
        assert!(time(0).into_string().contains("1970-01-01 00:00:00 UTC"));
    }
}
