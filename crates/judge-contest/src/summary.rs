//! What a contest run publishes, as the export model ([`crate::export`]): the scoreboard
//! and every attempt, from results.jsonl's lines. The writers (CSV, JSON, HTML, the
//! terminal table) are the same as `judge serve`'s.

use super::log::{AttemptLine, AttemptStatus};
use super::scoring::{attempt_points, scoreboard, AttemptRecord, Scoreboard};
use crate::export::{
    AttemptExport, AttemptState, ResultsExport, TestSummary, EXPORT_SCHEMA_VERSION,
};
use crate::gradebook::{gradebook, Gradebook, GradedAttempt};
use judge_model::course::{ContestSpec, Course, Scoring};
use judge_model::text::rfc3339;

/// The contest's start: judge.toml's `contest.start`, else the earliest attempt (Unix
/// seconds).
pub fn contest_start(contest: &ContestSpec, attempts: &[AttemptLine]) -> i64 {
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

/// Where a line's attempt stands.
pub fn state(line: &AttemptLine) -> AttemptState {
    match line.status {
        AttemptStatus::Judged => AttemptState::Judged,
        AttemptStatus::Rejected => AttemptState::Rejected,
        AttemptStatus::Error => AttemptState::Pending,
        AttemptStatus::Attention => AttemptState::Attention,
    }
}

/// An attempt as scoring sees it: judged ones count, errors and judge errors waiting for
/// a second judging or a teacher are pending, rejected files are not attempts.
pub fn record(line: &AttemptLine) -> Option<AttemptRecord> {
    let pending = matches!(state(line), AttemptState::Pending | AttemptState::Attention);
    if line.status == AttemptStatus::Rejected || line.student.is_empty() {
        return None;
    }
    let result = line.result.as_ref();
    Some(AttemptRecord {
        student: line.student.clone(),
        problem: line.problem.clone(),
        submitted_at: line.submitted_at,
        verdict: result.map_or(judge_model::Verdict::JE, |r| r.verdict),
        tests: result
            .iter()
            .flat_map(|r| &r.tests)
            .map(|t| (t.name.clone(), judge_model::problem::Mark::of(t)))
            .collect(),
        total_tests: result.map_or(0, |r| r.tests_total),
        pending,
    })
}

/// The scoreboard of a run.
pub fn board(contest: &ContestSpec, attempts: &[AttemptLine]) -> Scoreboard {
    let records: Vec<AttemptRecord> = attempts.iter().filter_map(record).collect();
    scoreboard(
        contest,
        contest_start(contest, attempts),
        &students(attempts),
        &records,
    )
}

/// One line in the export model.
pub fn export(contest: &ContestSpec, line: &AttemptLine) -> AttemptExport {
    let result = line.result.as_ref();
    let points = match (contest.scoring, record(line)) {
        (Scoring::Ioi, Some(record)) if !record.pending => contest
            .problems
            .iter()
            .find(|p| p.id == line.problem)
            .map(|p| attempt_points(p, &record)),
        _ => None,
    };
    AttemptExport {
        id: line.id.clone(),
        student: line.student.clone(),
        problem: line.problem.clone(),
        language: line.language.clone(),
        submitted_at: rfc3339(line.submitted_at),
        status: state(line),
        round: None,
        reason: line.reason.clone(),
        verdict: result.map(|r| r.verdict),
        tests_passed: result.map(|r| r.tests_passed),
        tests_total: result.map(|r| r.tests_total),
        points,
        first_failure: result.and_then(|r| r.first_failure.clone()),
        compile_message: result
            .filter(|r| !r.compile.success)
            .map(|r| r.compile.message.clone()),
        tests: result
            .iter()
            .flat_map(|r| &r.tests)
            .map(|t| TestSummary {
                name: t.name.clone(),
                verdict: t.verdict,
                message: t.message.clone(),
                score: t.score,
            })
            .collect(),
    }
}

/// results.json's contents.
pub fn results_file(contest: &ContestSpec, attempts: &[AttemptLine]) -> ResultsExport {
    ResultsExport {
        schema_version: EXPORT_SCHEMA_VERSION,
        title: contest.title.clone(),
        scoring: contest.scoring,
        start: rfc3339(contest_start(contest, attempts)),
        generated_at: None,
        scoreboard: board(contest, attempts),
        attempts: attempts.iter().map(|a| export(contest, a)).collect(),
    }
}

/// The gradebook of contest runs (`judge grades --results`): each of `course`'s contests
/// paired with its run's attempts (the lines of its results.jsonl), the students being
/// everyone with an attempt in any run. The same cells as the server's gradebook: one
/// [`gradebook`] scores both.
pub fn gradebook_of_runs(course: &Course, runs: &[Vec<AttemptLine>]) -> Gradebook {
    let every_line: Vec<AttemptLine> = runs.iter().flatten().cloned().collect();
    let attempts: Vec<GradedAttempt> = course
        .contests
        .iter()
        .zip(runs)
        .flat_map(|(contest, lines)| {
            lines.iter().filter_map(|line| {
                Some(GradedAttempt {
                    contest: contest.id.clone(),
                    attempt: record(line)?,
                })
            })
        })
        .collect();
    gradebook(course, &students(&every_line), &attempts)
}
