//! Scoreboards from the store: judge-contest's scoring over the students' attempts. An
//! attempt not judged yet, made after a freeze, or a judge error a teacher has still to
//! decide on counts as pending; one being rejudged counts with its previous round's result.

use crate::contest::Contest;
use judge_contest::scoring::{scoreboard, AttemptRecord, Scoreboard};
use judge_model::problem::Mark;
use judge_model::Verdict;
use judge_store::JudgedAttempt;
use judge_store::{SubmissionState, User};

/// A scoreboard as shown.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Board {
    /// The standings (attempts not counted are each cell's `pending`).
    pub standings: Scoreboard,
    /// Whether attempts from the freeze on are hidden.
    pub frozen: bool,
}

/// The scoring record of an attempt; `hidden`: made after the freeze.
pub fn attempt_record(attempt: &JudgedAttempt, hidden: bool) -> AttemptRecord {
    let summary = &attempt.summary;
    // While rejudged, the previous round counts until the new one is in (DOMjudge's
    // rule); a previous judge error stays pending, as it was.
    let done = (summary.state == SubmissionState::Done && summary.result.is_some())
        || summary
            .rejudging()
            .is_some_and(|r| r.verdict != Verdict::JE);
    AttemptRecord {
        student: summary.user_name.clone(),
        problem: summary.problem.clone(),
        submitted_at: summary.submitted_at_ms.div_euclid(1000),
        verdict: summary.result.as_ref().map_or(Verdict::JE, |r| r.verdict),
        tests: attempt
            .result
            .as_ref()
            .map(|r| {
                r.tests
                    .iter()
                    .map(|t| (t.name.clone(), Mark::of(t)))
                    .collect()
            })
            .unwrap_or_default(),
        total_tests: summary.result.as_ref().map_or(0, |r| r.tests_total),
        pending: !done || hidden || summary.needs_attention(),
    }
}

/// The scoreboard of the students (`users` with the student role) in `contest`: its own
/// attempts, without those marked late (a homework set's board is what came by the
/// deadline); attempts submitted at or after `freeze_at_ms`, when given, are hidden as
/// pending.
pub fn build(
    contest: &Contest,
    users: &[User],
    attempts: &[JudgedAttempt],
    freeze_at_ms: Option<i64>,
) -> Board {
    let students: Vec<String> = users
        .iter()
        .filter(|u| !u.is_teacher())
        .map(|u| u.name.clone())
        .collect();
    let records: Vec<AttemptRecord> = attempts
        .iter()
        .filter(|a| {
            students.contains(&a.summary.user_name)
                && contest.owns(a.summary.contest.as_deref())
                && !a.summary.late
                && contest.problem(&a.summary.problem).is_some()
        })
        .map(|a| {
            let hidden = freeze_at_ms.is_some_and(|at| a.summary.submitted_at_ms >= at);
            attempt_record(a, hidden)
        })
        .collect();
    Board {
        standings: scoreboard(
            &contest.spec,
            contest.start_ms().div_euclid(1000),
            &students,
            &records,
        ),
        frozen: freeze_at_ms.is_some(),
    }
}
