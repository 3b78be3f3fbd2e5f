//! Exports for teachers: the (unfrozen) scoreboard and every submission, in judge-contest's
//! export model and written by its writers, so they have the same schema as
//! `judge contest`'s files (docs/result-schema.md).

use crate::contest::Contest;
use crate::scoreboard::{attempt_record, Board};
use judge_contest::export::{
    AttemptExport, AttemptState, ResultsExport, ScoreboardExport, TestSummary,
    EXPORT_SCHEMA_VERSION,
};
use judge_contest::scoring::attempt_points;
use judge_model::course::Scoring;
use judge_model::text::rfc3339_ms;
use judge_store::JudgedAttempt;
use judge_store::SubmissionState;

/// A submission in the export model.
pub fn attempt(contest: &Contest, attempt: &JudgedAttempt) -> AttemptExport {
    let s = &attempt.summary;
    // The current round's result only: a submission being rejudged is pending here.
    let r = s.current_result();
    let state = match s.state {
        _ if s.needs_attention() => AttemptState::Attention,
        SubmissionState::Done if r.is_some() => AttemptState::Judged,
        _ => AttemptState::Pending,
    };
    let record = attempt_record(attempt, false);
    let points = match (contest.scoring, contest.problem(&s.problem)) {
        (Scoring::Ioi, Some(problem)) if r.is_some() && !record.pending => {
            Some(attempt_points(problem, &record))
        }
        _ => None,
    };
    let full = attempt.result.as_ref().filter(|_| r.is_some());
    AttemptExport {
        id: s.id.to_string(),
        student: s.user_name.clone(),
        problem: s.problem.clone(),
        language: Some(s.language.clone()),
        submitted_at: rfc3339_ms(s.submitted_at_ms),
        status: state,
        round: Some(s.round),
        reason: r.and_then(|r| r.error.clone()),
        verdict: r.map(|r| r.verdict),
        tests_passed: r.map(|r| r.tests_passed),
        tests_total: r.map(|r| r.tests_total),
        points,
        first_failure: r.and_then(|r| r.first_failure.clone()),
        compile_message: full
            .filter(|f| !f.compile.success)
            .map(|f| f.compile.message.clone()),
        tests: full
            .iter()
            .flat_map(|f| &f.tests)
            .map(|t| TestSummary {
                name: t.name.clone(),
                verdict: t.verdict,
                message: t.message.clone(),
                score: t.score,
            })
            .collect(),
    }
}

/// scoreboard.json's contents.
pub fn scoreboard_export(contest: &Contest, board: &Board, now_ms: i64) -> ScoreboardExport {
    ScoreboardExport {
        schema_version: EXPORT_SCHEMA_VERSION,
        title: contest.title.clone(),
        scoring: contest.scoring,
        start: rfc3339_ms(contest.start_ms()),
        generated_at: Some(rfc3339_ms(now_ms)),
        frozen: board.frozen,
        scoreboard: board.standings.clone(),
    }
}

/// results.json's contents: the unfrozen scoreboard and every submission, oldest first.
pub fn results_export(
    contest: &Contest,
    board: &Board,
    attempts: &[JudgedAttempt],
    now_ms: i64,
) -> ResultsExport {
    ResultsExport {
        schema_version: EXPORT_SCHEMA_VERSION,
        title: contest.title.clone(),
        scoring: contest.scoring,
        start: rfc3339_ms(contest.start_ms()),
        generated_at: Some(rfc3339_ms(now_ms)),
        scoreboard: board.standings.clone(),
        attempts: attempts.iter().map(|a| attempt(contest, a)).collect(),
    }
}
