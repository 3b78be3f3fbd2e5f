//! scoreboard.csv and results.csv, written by the csv crate (quoting) with every text cell
//! through `escape::csv_cell` (no spreadsheet formulas from students' names or
//! messages).

use super::AttemptExport;
use crate::scoring::Scoreboard;
use judge_model::text::csv::write;
use judge_model::text::{points_exact, serde_name};

/// The scoreboard: rank, student, the totals (points, solved, penalty minutes), then per
/// problem its points, counted attempts, the minute it was solved and attempts not counted
/// yet.
pub fn scoreboard_csv(board: &Scoreboard) -> String {
    let mut header: Vec<String> = ["rank", "student", "points", "solved", "penalty_minutes"]
        .map(String::from)
        .to_vec();
    for problem in &board.problems {
        for column in ["points", "attempts", "solved_at_minutes", "pending"] {
            header.push(format!("{problem}_{column}"));
        }
    }
    let mut rows = vec![header];
    for row in &board.rows {
        let mut line = vec![
            row.rank.to_string(),
            row.student.clone(),
            points_exact(row.points),
            row.solved.to_string(),
            row.penalty_minutes.to_string(),
        ];
        for cell in &row.cells {
            line.push(points_exact(cell.points));
            line.push(cell.attempts.to_string());
            line.push(
                cell.solved_at_minutes
                    .map(|m| m.to_string())
                    .unwrap_or_default(),
            );
            line.push(cell.pending.to_string());
        }
        rows.push(line);
    }
    write(rows)
}

/// Every attempt, one per line, in the order given.
pub fn results_csv(attempts: &[AttemptExport]) -> String {
    let header = [
        "id",
        "student",
        "problem",
        "language",
        "submitted_at",
        "status",
        "round",
        "verdict",
        "tests_passed",
        "tests_total",
        "points",
        "first_failure",
        "reason",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = vec![header];
    let text = |value: Option<String>| value.unwrap_or_default();
    for a in attempts {
        rows.push(vec![
            a.id.clone(),
            a.student.clone(),
            a.problem.clone(),
            text(a.language.clone()),
            a.submitted_at.clone(),
            serde_name(&a.status),
            text(a.round.map(|r| r.to_string())),
            text(a.verdict.map(|v| v.code().to_string())),
            text(a.tests_passed.map(|n| n.to_string())),
            text(a.tests_total.map(|n| n.to_string())),
            text(a.points.map(points_exact)),
            text(a.first_failure.clone()),
            text(a.reason.clone()),
        ]);
    }
    write(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::{AttemptState, TestSummary};
    use judge_model::verdict::Verdict;

    fn attempt(student: &str, reason: &str) -> AttemptExport {
        AttemptExport {
            id: format!("{student}/a.c"),
            student: student.into(),
            problem: "a".into(),
            language: Some("c".into()),
            submitted_at: "2026-11-29T09:00:00Z".into(),
            status: AttemptState::Judged,
            round: None,
            reason: Some(reason.into()),
            verdict: Some(Verdict::WA),
            tests_passed: Some(1),
            tests_total: Some(3),
            points: Some(100.0 / 3.0),
            first_failure: Some("secret/1".into()),
            compile_message: None,
            tests: vec![TestSummary {
                name: "secret/1".into(),
                verdict: Verdict::WA,
                message: "x".into(),
                score: None,
            }],
        }
    }

    #[test]
    fn cells_are_quoted_and_formulas_neutralised() {
        let text = results_csv(&[
            attempt("=cmd|' /C calc'!A0", "a,b \"c\""),
            attempt("@ann", "\tx"),
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("id,student,problem,language,submitted_at,status,round"));
        assert!(
            lines[1].contains(",'=cmd|' /C calc'!A0,") && lines[1].ends_with(",\"a,b \"\"c\"\"\""),
            "{}",
            lines[1]
        );
        assert!(lines[1].contains(",judged,,WA,1,3,33.333333,secret/1,"));
        assert!(
            lines[2].contains(",'@ann,") && lines[2].ends_with(",'\tx"),
            "{}",
            lines[2]
        );
        // Every cell that starts a formula is neutralised, whatever column it is in.
        let mut reader = ::csv::Reader::from_reader(text.as_bytes());
        for record in reader.records() {
            for cell in record.unwrap().iter() {
                assert!(!cell.starts_with(['=', '@', '+', '\t']), "{cell:?}");
            }
        }
    }
}
