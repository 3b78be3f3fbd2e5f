//! What a contest run publishes: the scoreboard (terminal table and CSV) and results.json.
//!
//! results.json holds what was decided — verdicts, points, messages — and no measured
//! times or memory (they differ from run to run; they are in results.jsonl and the HTML
//! report), so that a run killed midway and resumed gives the same bytes as an
//! uninterrupted one.

use super::log::{AttemptLine, AttemptStatus};
use super::scoring::{attempt_points, scoreboard, AttemptRecord, Scoreboard};
use crate::config::judge_toml::{ContestToml, Scoring};
use crate::verdict::Verdict;
use serde::Serialize;

/// The contest's start: judge.toml's `contest.start`, else the earliest attempt.
pub fn contest_start(contest: &ContestToml, attempts: &[AttemptLine]) -> i64 {
    contest
        .start
        .map(|start| start.unix_s())
        .or_else(|| attempts.iter().map(|a| a.submitted_at).min())
        .unwrap_or(0)
}

/// The students: every folder with at least one attempt.
pub fn students(attempts: &[AttemptLine]) -> Vec<String> {
    let mut names: Vec<String> = attempts
        .iter()
        .filter(|a| !a.student.is_empty())
        .map(|a| a.student.clone())
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The judged attempts as scoring sees them.
pub fn scored(attempts: &[AttemptLine]) -> Vec<AttemptRecord> {
    attempts
        .iter()
        .filter_map(|a| {
            let result = a.result.as_ref()?;
            Some(AttemptRecord {
                student: a.student.clone(),
                problem: a.problem.clone(),
                submitted_at: a.submitted_at,
                verdict: result.verdict,
                tests: result
                    .tests
                    .iter()
                    .map(|t| (t.name.clone(), t.verdict))
                    .collect(),
                total_tests: result.total,
            })
        })
        .collect()
}

/// The scoreboard of a run.
pub fn board(contest: &ContestToml, attempts: &[AttemptLine]) -> Scoreboard {
    scoreboard(
        contest,
        contest_start(contest, attempts),
        &students(attempts),
        &scored(attempts),
    )
}

/// Points without trailing zeros (`75`, `66.67`).
pub fn points(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// One cell's text: IOI points; ICPC `+ 35m` (solved at minute 35 on the first try),
/// `+2 35m` (after two rejected tries), `-3` (three tries, unsolved).
pub fn cell_text(scoring: Scoring, cell: &super::scoring::Cell) -> String {
    match scoring {
        Scoring::Ioi if cell.attempts == 0 => String::new(),
        Scoring::Ioi => points(cell.points),
        Scoring::Icpc if cell.solved => {
            let rejected = cell.rejected_before_solved;
            let tries = if rejected > 0 {
                rejected.to_string()
            } else {
                String::new()
            };
            format!("+{tries} {}m", cell.solved_at_minutes.unwrap_or(0))
        }
        Scoring::Icpc if cell.attempts > 0 => format!("-{}", cell.attempts),
        Scoring::Icpc => String::new(),
    }
}

/// The scoreboard as CSV: rank, student, one column per problem, then the total (IOI)
/// or solved and penalty (ICPC).
pub fn scoreboard_csv(board: &Scoreboard) -> String {
    let quote = |text: &str| {
        if text.contains([',', '"', '\n']) {
            format!("\"{}\"", text.replace('"', "\"\""))
        } else {
            text.to_string()
        }
    };
    let mut out = String::from("rank,student");
    for problem in &board.problems {
        out.push(',');
        out.push_str(&quote(problem));
    }
    out.push_str(match board.scoring {
        Scoring::Ioi => ",total\n",
        Scoring::Icpc => ",solved,penalty\n",
    });
    for row in &board.rows {
        out.push_str(&format!("{},{}", row.rank, quote(&row.student)));
        for cell in &row.cells {
            out.push(',');
            out.push_str(&quote(&cell_text(board.scoring, cell)));
        }
        match board.scoring {
            Scoring::Ioi => out.push_str(&format!(",{}\n", points(row.points))),
            Scoring::Icpc => out.push_str(&format!(",{},{}\n", row.solved, row.penalty_minutes)),
        }
    }
    out
}

/// The scoreboard as an aligned terminal table.
pub fn scoreboard_table(board: &Scoreboard) -> String {
    let mut header = vec!["#".to_string(), "student".to_string()];
    header.extend(board.problems.iter().cloned());
    header.extend(match board.scoring {
        Scoring::Ioi => vec!["total".to_string()],
        Scoring::Icpc => vec!["solved".to_string(), "penalty".to_string()],
    });
    let mut rows = vec![header];
    for row in &board.rows {
        let mut line = vec![row.rank.to_string(), row.student.clone()];
        line.extend(row.cells.iter().map(|c| cell_text(board.scoring, c)));
        match board.scoring {
            Scoring::Ioi => line.push(points(row.points)),
            Scoring::Icpc => {
                line.push(row.solved.to_string());
                line.push(row.penalty_minutes.to_string());
            }
        }
        rows.push(line);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|row| {
            row.iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (text, width))| {
                    if i == 1 {
                        format!("{text:<width$}")
                    } else {
                        format!("{text:>width$}")
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

/// One test in results.json.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TestSummary {
    /// The test.
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Its message.
    pub message: String,
}

/// One attempt in results.json.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AttemptSummary {
    /// Its id.
    pub id: String,
    /// The student.
    pub student: String,
    /// The problem.
    pub problem: String,
    /// When it was submitted (Unix seconds).
    pub submitted_at: i64,
    /// The language's id.
    pub language: Option<String>,
    /// judged, rejected or error.
    pub status: AttemptStatus,
    /// Why it was rejected, or what failed.
    pub reason: Option<String>,
    /// The overall verdict, when judged.
    pub verdict: Option<Verdict>,
    /// The points it earned (IOI rules), when judged.
    pub points: Option<f64>,
    /// The compiler's message after a compile error.
    pub compile_message: Option<String>,
    /// Each test's verdict and message.
    pub tests: Vec<TestSummary>,
}

/// results.json.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ResultsFile {
    /// The schema's version.
    pub schema_version: u32,
    /// The contest's title.
    pub title: String,
    /// ioi or icpc.
    pub scoring: Scoring,
    /// The start penalty minutes count from (Unix seconds).
    pub start: i64,
    /// The scoreboard.
    pub scoreboard: Scoreboard,
    /// Every attempt, sorted by id.
    pub attempts: Vec<AttemptSummary>,
}

/// results.json's contents.
pub fn results_file(contest: &ContestToml, attempts: &[AttemptLine]) -> ResultsFile {
    let summaries = attempts
        .iter()
        .map(|a| {
            let problem = contest.problems.iter().find(|p| p.id == a.problem);
            let record = scored(std::slice::from_ref(a)).into_iter().next();
            AttemptSummary {
                id: a.id.clone(),
                student: a.student.clone(),
                problem: a.problem.clone(),
                submitted_at: a.submitted_at,
                language: a.language.clone(),
                status: a.status,
                reason: a.reason.clone(),
                verdict: a.result.as_ref().map(|r| r.verdict),
                points: problem
                    .zip(record.as_ref())
                    .map(|(p, r)| attempt_points(p, r)),
                compile_message: a
                    .result
                    .as_ref()
                    .filter(|r| !r.compile.success)
                    .map(|r| r.compile.message.clone()),
                tests: a
                    .result
                    .iter()
                    .flat_map(|r| &r.tests)
                    .map(|t| TestSummary {
                        name: t.name.clone(),
                        verdict: t.verdict,
                        message: t.message.clone(),
                    })
                    .collect(),
            }
        })
        .collect();
    ResultsFile {
        schema_version: 1,
        title: contest.title.clone(),
        scoring: contest.scoring,
        start: contest_start(contest, attempts),
        scoreboard: board(contest, attempts),
        attempts: summaries,
    }
}
