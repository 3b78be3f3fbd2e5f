//! What the runs of many submissions report as they go: an attempt of `judge contest`
//! done (one line of its results.jsonl), a check of `judge verify`, a round of `judge
//! stress`. The types live here, below the engine's [`super::Event`], so that the event
//! stream needs nothing from the crates that emit them.

use crate::verdict::{SubmissionResult, Verdict};
use serde::{Deserialize, Serialize};

/// What became of one attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttemptStatus {
    /// Judged: `result` holds the result.
    Judged,
    /// Not judged, for `reason` (unknown problem or language, ...).
    Rejected,
    /// Judging failed, for `reason`, or the verdict was JE (a judge error): judged again
    /// by the next run, pending until then.
    Error,
    /// A judge error twice: not judged again by itself, pending (not scored, not
    /// penalised) until a teacher decides (`--rejudge`, or accepting the JE).
    Attention,
}

/// One line of results.jsonl.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttemptLine {
    /// The attempt's id (its path under the submissions folder).
    pub id: String,
    /// The student.
    pub student: String,
    /// The problem.
    pub problem: String,
    /// When it was submitted (Unix seconds).
    pub submitted_at: i64,
    /// The language's id, when known.
    pub language: Option<String>,
    /// A SHA-256 of the source: a changed file is judged again.
    pub source_sha256: String,
    /// What became of it.
    pub status: AttemptStatus,
    /// Why it was rejected, or what failed.
    pub reason: Option<String>,
    /// The result, when judged.
    pub result: Option<SubmissionResult>,
}

impl AttemptLine {
    /// Whether the line settles its attempt: judged, rejected, or a judge error twice
    /// (waiting for a teacher). A first judge error is judged again by the next run.
    pub fn done(&self) -> bool {
        self.status != AttemptStatus::Error
    }
}

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// It holds.
    Pass,
    /// It does not; the detail names the file.
    Fail,
    /// Not run, because an earlier check failed.
    Skip,
}

/// One row of the verify table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The check.
    pub check: String,
    /// How it came out.
    pub status: Status,
    /// What was found (the file and the reason, on failure).
    pub detail: String,
}

/// The two phases of a stress run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// Looking for a disagreement.
    Search,
    /// Looking for a smaller input with the same disagreement.
    Shrink,
}

/// One round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Round {
    /// Its number in its phase, from 1 (its seed's place in the phase's seeds).
    pub round: u64,
    /// Its phase.
    pub phase: Phase,
    /// Its seed.
    pub seed: u64,
    /// Its size, when the recipe has sizes.
    pub size: Option<u64>,
    /// The generator's arguments.
    pub args: Vec<String>,
    /// The other solution's verdict on the reference's answer.
    pub verdict: Verdict,
    /// Its message (the checker's, the diff's first line, the crash).
    pub message: String,
    /// The reference's CPU time.
    pub reference_cpu_s: f64,
    /// The other solution's CPU time.
    pub source_cpu_s: f64,
}
