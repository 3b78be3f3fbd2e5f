//! Scoreboards from the store: judge-core's scoring over the students' judged attempts,
//! with submissions not yet judged (or made after a freeze) shown as pending.

use crate::contest::Contest;
use crate::store::submissions::JudgedAttempt;
use crate::store::{SubmissionState, User};
use judge_core::contest::scoring::{scoreboard, AttemptRecord, Scoreboard};
use std::collections::BTreeMap;

/// A scoreboard as shown.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Board {
    /// The standings.
    pub standings: Scoreboard,
    /// Whether attempts from the freeze on are hidden.
    pub frozen: bool,
    /// Attempts not counted per (student, problem): not judged yet, or hidden by the freeze.
    pub pending: BTreeMap<String, BTreeMap<String, usize>>,
}

impl Board {
    /// Pending attempts of a student on a problem.
    pub fn pending(&self, student: &str, problem: &str) -> usize {
        self.pending
            .get(student)
            .and_then(|p| p.get(problem))
            .copied()
            .unwrap_or(0)
    }
}

/// The scoring record of an attempt, once it is judged.
pub fn attempt_record(attempt: &JudgedAttempt) -> Option<AttemptRecord> {
    let summary = &attempt.summary;
    let result = summary.result.as_ref()?;
    if summary.state != SubmissionState::Done {
        return None;
    }
    Some(AttemptRecord {
        student: summary.user_name.clone(),
        problem: summary.problem.clone(),
        submitted_at: summary.submitted_at_ms.div_euclid(1000),
        verdict: result.verdict,
        tests: attempt
            .result
            .as_ref()
            .map(|r| {
                r.tests
                    .iter()
                    .map(|t| (t.name.clone(), t.verdict))
                    .collect()
            })
            .unwrap_or_default(),
        total_tests: result.total,
    })
}

/// The scoreboard of the students (`users` with the student role); attempts submitted at
/// or after `freeze_at_ms`, when given, are hidden as pending.
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
    let mut records = Vec::new();
    let mut pending: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
    for attempt in attempts {
        let summary = &attempt.summary;
        if !students.contains(&summary.user_name) || contest.problem(&summary.problem).is_none() {
            continue;
        }
        let hidden = freeze_at_ms.is_some_and(|at| summary.submitted_at_ms >= at);
        match attempt_record(attempt) {
            Some(record) if !hidden => records.push(record),
            _ => {
                *pending
                    .entry(summary.user_name.clone())
                    .or_default()
                    .entry(summary.problem.clone())
                    .or_default() += 1;
            }
        }
    }
    Board {
        standings: scoreboard(
            &contest.toml,
            contest.start_ms.div_euclid(1000),
            &students,
            &records,
        ),
        frozen: freeze_at_ms.is_some(),
        pending,
    }
}
