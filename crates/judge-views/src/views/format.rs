//! Small pieces of pages: times, durations, sizes, verdicts, a submission's status line,
//! in the language of the request being answered ([`judge_i18n::current`]).

use judge_i18n::{UnitTexts, VerdictTexts};
use judge_model::Verdict;
use judge_store::Progress;
use judge_store::ResultSummary;
use judge_store::{SubmissionState, SubmissionSummary};
use maud::{html, Markup};

judge_i18n::texts! {
    /// A submission's status in words (after its verdict's code, which stays as it is).
    pub struct StatusTexts {
        queued => "queued", "排队中";
        judging => "judging", "评测中";
        compiling => "judging: compiling", "评测中：正在编译";
        running(test: usize, total: usize) => "judging: running test {test} of {total}", "评测中：正在运行第 {test} 个测试点（共 {total} 个）";
        done => "done", "已完成";
        judge_error_twice => "judge error (twice): waiting for the teacher, not counted", "评测机错误（两次）：等待教师处理，不计入成绩";
        failed_on(test: &str, passed: usize, total: usize) => "on {test} ({passed}/{total})", "未通过 {test}（{passed}/{total}）";
        passed(passed: usize, total: usize) => "({passed}/{total})", "（{passed}/{total}）";
        being_rejudged(now: &str, round: i64, previous: &str) => "being rejudged ({now}); round {round}: {previous}", "重测中（{now}）；第 {round} 轮：{previous}";
        rejudging_title => "being rejudged", "重测中";
    }
}

/// A time in UTC, which the page's script shows in the reader's time zone.
pub fn time(ms: i64) -> Markup {
    let utc = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000).ok();
    let shown = utc
        .map(|t| {
            UnitTexts::current().date_time(
                t.year(),
                u8::from(t.month()),
                t.day(),
                t.hour(),
                t.minute(),
                t.second(),
            )
        })
        .unwrap_or_default();
    html! { time datetime=(judge_model::text::rfc3339_ms(ms)) { (shown) } }
}

/// Seconds with two decimals (`0.12 s`, `0.12 秒`).
pub fn seconds(value: f64) -> String {
    UnitTexts::current().seconds(value)
}

/// Bytes in MiB (or KiB when small).
pub fn bytes(value: u64) -> String {
    const MIB: f64 = 1024.0 * 1024.0;
    if value >= 1024 * 1024 {
        format!("{:.1} MiB", value as f64 / MIB)
    } else {
        format!("{:.0} KiB", value as f64 / 1024.0)
    }
}

/// A verdict as a coloured badge (its code) with its long form as a tooltip.
pub fn verdict(verdict: Verdict) -> Markup {
    html! {
        span class={ "verdict v-" (verdict.code()) } title=(VerdictTexts::current().of(verdict)) { (verdict.code()) }
    }
}

/// A submission's status in words: `queued`, `running test 3 of 25`, `AC 25/25`,
/// `WA on secret/04-x (3/25)`, `CE`, `JE`.
/// While rejudged: `being rejudged (queued); round 1: WA on secret/2 (2/3)`.
pub fn status_text(summary: &SubmissionSummary, progress: Option<Progress>) -> String {
    let t = StatusTexts::current();
    let now: String = match (summary.state, &summary.result) {
        (SubmissionState::Queued, _) => t.queued().into(),
        (SubmissionState::Judging, _) => match progress {
            None => t.judging().into(),
            Some(p) if !p.compiled => t.compiling().into(),
            Some(p) => t.running(p.running_test(), p.tests_total),
        },
        (SubmissionState::Done, None) => return t.done().into(),
        (SubmissionState::Done, Some(result)) => return result_text(&t, summary, result),
    };
    match summary.rejudging() {
        Some(previous) => {
            t.being_rejudged(&now, previous.round, &result_text(&t, summary, previous))
        }
        None => now,
    }
}

/// A round's result in words: `AC 25/25`, `WA on secret/04-x (3/25)`.
fn result_text(t: &StatusTexts, summary: &SubmissionSummary, result: &ResultSummary) -> String {
    let code = result.verdict.code();
    let (passed, total) = (result.tests_passed, result.tests_total);
    match result.verdict {
        Verdict::AC => format!("{code} {passed}/{total}"),
        Verdict::JE if summary.needs_attention() => {
            format!("{code} {}", t.judge_error_twice())
        }
        Verdict::CE | Verdict::JE => {
            format!("{code} {}", VerdictTexts(t.0).of(result.verdict))
        }
        _ => match &result.first_failure {
            Some(test) => format!("{code} {}", t.failed_on(test, passed, total)),
            None => format!("{code} {}", t.passed(passed, total)),
        },
    }
}

/// The status cell of a submission: a badge and words; pending ones carry the attribute
/// the page's script polls by. A submission being rejudged keeps its previous verdict's
/// badge (faded, struck through) until the new one is in.
pub fn status(summary: &SubmissionSummary, progress: Option<Progress>) -> Markup {
    let done = summary.state == SubmissionState::Done;
    let text = status_text(summary, progress);
    html! {
        span class="status" data-submission=(summary.id) data-pending=[(!done).then_some("1")] {
            @if let Some(result) = summary.result.as_ref().filter(|_| done) {
                (verdict(result.verdict)) " "
                span class="status-text" { (text.split_once(' ').map_or("", |(_, rest)| rest)) }
            } @else if let Some(previous) = summary.rejudging() {
                span class={ "verdict rejudging v-" (previous.verdict.code()) } title=(StatusTexts::current().rejudging_title()) { (previous.verdict.code()) } " "
                span class="status-text" { (text) }
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
    use judge_store::ResultSummary;

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
                round: 1,
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
            contest: None,
            late: false,
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
    fn statuses_read_as_chinese_words_after_the_code() {
        use judge_i18n::{with_lang, Lang};
        let progress = Progress {
            compiled: true,
            tests_done: 2,
            tests_total: 25,
            first_failure: None,
        };
        with_lang(Lang::Zh, || {
            assert_eq!(
                status_text(&summary(SubmissionState::Queued, None), None),
                "排队中"
            );
            assert_eq!(
                status_text(&summary(SubmissionState::Judging, None), Some(progress)),
                "评测中：正在运行第 3 个测试点（共 25 个）"
            );
            assert_eq!(
                status_text(&summary(SubmissionState::Done, Some(Verdict::WA)), None),
                "WA 未通过 secret/04-x（3/25）"
            );
            assert_eq!(
                status_text(&summary(SubmissionState::Done, Some(Verdict::CE)), None),
                "CE 编译错误"
            );
            let badge = verdict(Verdict::TLE).into_string();
            assert!(
                badge.contains("title=\"时间超限\"") && badge.contains(">TLE<"),
                "{badge}"
            );
            assert!(time(0)
                .into_string()
                .contains("1970年1月1日 00:00:00（UTC）"));
            assert_eq!(seconds(0.5), "0.50 秒");
        });
    }

    #[test]
    fn sizes_and_times_are_readable() {
        assert_eq!(bytes(3 * 1024 * 1024 + 1024 * 512), "3.5 MiB");
        assert_eq!(bytes(2048), "2 KiB");
        assert_eq!(seconds(0.123), "0.12 s");
        assert!(time(0).into_string().contains("1970-01-01 00:00:00 UTC"));
    }
}
