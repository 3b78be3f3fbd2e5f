//! Exports for teachers: the (unfrozen) scoreboard and every submission's result, as CSV
//! and JSON.

use crate::contest::Contest;
use crate::scoreboard::{attempt_record, Board};
use crate::store::submissions::JudgedAttempt;
use judge_core::config::judge_toml::Scoring;
use judge_core::contest::scoring::attempt_points;
use judge_core::SubmissionResult;

/// A time as RFC 3339 in UTC (`2026-11-29T09:00:03.120Z`).
pub fn rfc3339(ms: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .ok()
        .and_then(|t| {
            t.format(&time::format_description::well_known::Rfc3339)
                .ok()
        })
        .unwrap_or_default()
}

fn csv_text(rows: Vec<Vec<String>>) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    for row in rows {
        // Writing to a Vec cannot fail.
        let _ = writer.write_record(&row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn number(value: f64) -> String {
    // Points are sums of fractions: six decimals, trailing zeros dropped.
    let text = format!("{value:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The scoreboard as CSV: rank, student, totals, then per problem its points (IOI) or
/// solved minute and attempts (ICPC).
pub fn scoreboard_csv(board: &Board) -> String {
    let standings = &board.standings;
    let mut header: Vec<String> = ["rank", "student", "points", "solved", "penalty_minutes"]
        .map(String::from)
        .to_vec();
    for problem in &standings.problems {
        header.push(format!("{problem}_points"));
        header.push(format!("{problem}_attempts"));
        header.push(format!("{problem}_solved_at_minutes"));
    }
    let mut rows = vec![header];
    for row in &standings.rows {
        let mut line = vec![
            row.rank.to_string(),
            row.student.clone(),
            number(row.points),
            row.solved.to_string(),
            row.penalty_minutes.to_string(),
        ];
        for cell in &row.cells {
            line.push(number(cell.points));
            line.push(cell.attempts.to_string());
            line.push(
                cell.solved_at_minutes
                    .map(|m| m.to_string())
                    .unwrap_or_default(),
            );
        }
        rows.push(line);
    }
    csv_text(rows)
}

/// The scoreboard as JSON.
pub fn scoreboard_json(contest: &Contest, board: &Board, now_ms: i64) -> serde_json::Value {
    serde_json::json!({
        "contest": contest.title,
        "scoring": contest.scoring,
        "generated_at": rfc3339(now_ms),
        "frozen": board.frozen,
        "scoreboard": board.standings,
    })
}

/// The points an attempt earns (IOI) or 0/1 solved (ICPC), once judged.
fn attempt_score(contest: &Contest, attempt: &JudgedAttempt) -> Option<f64> {
    let record = attempt_record(attempt)?;
    let problem = contest.problem(&record.problem)?;
    Some(match contest.scoring {
        Scoring::Ioi => attempt_points(problem, &record),
        Scoring::Icpc => f64::from(u8::from(record.verdict == judge_core::Verdict::AC)),
    })
}

/// Every submission as CSV, oldest first.
pub fn results_csv(contest: &Contest, attempts: &[JudgedAttempt]) -> String {
    let header = [
        "id",
        "student",
        "problem",
        "language",
        "submitted_at",
        "state",
        "round",
        "verdict",
        "passed",
        "total",
        "points",
        "first_failure",
        "max_cpu_time_s",
        "max_peak_memory_bytes",
        "judge_error",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = vec![header];
    for attempt in attempts {
        let s = &attempt.summary;
        let r = s.result.as_ref();
        rows.push(vec![
            s.id.to_string(),
            s.user_name.clone(),
            s.problem.clone(),
            s.language.clone(),
            rfc3339(s.submitted_at_ms),
            s.state.as_str().to_string(),
            s.round.to_string(),
            r.map(|r| r.verdict.code().to_string()).unwrap_or_default(),
            r.map(|r| r.passed.to_string()).unwrap_or_default(),
            r.map(|r| r.total.to_string()).unwrap_or_default(),
            attempt_score(contest, attempt)
                .map(number)
                .unwrap_or_default(),
            attempt
                .result
                .as_ref()
                .and_then(|r| r.first_failure.clone())
                .unwrap_or_default(),
            r.map(|r| format!("{:.3}", r.max_cpu_time_s))
                .unwrap_or_default(),
            r.map(|r| r.max_peak_memory_bytes.to_string())
                .unwrap_or_default(),
            r.and_then(|r| r.error.clone()).unwrap_or_default(),
        ]);
    }
    csv_text(rows)
}

/// One submission in the JSON export.
#[derive(Debug, serde::Serialize)]
struct ResultEntry<'a> {
    id: i64,
    student: &'a str,
    problem: &'a str,
    language: &'a str,
    submitted_at: String,
    state: &'a str,
    round: i64,
    points: Option<f64>,
    judge_error: Option<&'a str>,
    /// The full result (docs/result-schema.md).
    result: Option<&'a SubmissionResult>,
}

/// Every submission with its full result as JSON, oldest first.
pub fn results_json(
    contest: &Contest,
    attempts: &[JudgedAttempt],
    now_ms: i64,
) -> serde_json::Value {
    let entries: Vec<ResultEntry<'_>> = attempts
        .iter()
        .map(|attempt| {
            let s = &attempt.summary;
            ResultEntry {
                id: s.id,
                student: &s.user_name,
                problem: &s.problem,
                language: &s.language,
                submitted_at: rfc3339(s.submitted_at_ms),
                state: s.state.as_str(),
                round: s.round,
                points: attempt_score(contest, attempt),
                judge_error: s.result.as_ref().and_then(|r| r.error.as_deref()),
                result: attempt.result.as_ref(),
            }
        })
        .collect();
    serde_json::json!({
        "contest": contest.title,
        "scoring": contest.scoring,
        "generated_at": rfc3339(now_ms),
        "submissions": entries,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_numbers_are_plain() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_500), "1970-01-01T00:00:01.5Z");
        assert_eq!(number(100.0), "100");
        assert_eq!(number(100.0 / 3.0), "33.333333");
        assert_eq!(number(0.0), "0");
    }

    #[test]
    fn csv_quotes_what_needs_it() {
        let text = csv_text(vec![vec!["a,b".into(), "c\"d".into(), "e".into()]]);
        assert_eq!(text, "\"a,b\",\"c\"\"d\",e\n");
    }
}
