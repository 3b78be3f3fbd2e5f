//! Contest outputs: one typed model and one writer per format, used by `judge contest`
//! and `judge serve` alike (schemas: docs/result-schema.md).
//!
//! - [`ResultsExport`] / [`ScoreboardExport`]: results.json and scoreboard.json, as
//!   serde types;
//! - [`csv`]: scoreboard.csv and results.csv;
//! - [`html`]: the scoreboard table (the server's page and the report share it) and the
//!   self-contained report page;
//! - [`terminal`]: the scoreboard as an aligned table.
//!
//! Everything here holds what was decided (verdicts, points, messages), never measured
//! times, so that the same attempts give the same bytes. Text from submissions is escaped
//! by [`judge_model::text::escape`] in each writer.

pub mod csv;
pub mod grades;
pub mod html;
pub mod terminal;

use crate::scoring::{Cell, Scoreboard};
use judge_model::course::Scoring;
use judge_model::verdict::Verdict;
use serde::{Deserialize, Serialize};

/// The version of results.json's and scoreboard.json's schema; bumped on any change
/// that removes or renames a field or changes its meaning.
pub const EXPORT_SCHEMA_VERSION: u32 = 2;

/// Where an attempt stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttemptState {
    /// Judged: the verdict counts.
    Judged,
    /// Not judged, for `reason` (unknown problem or language, not a regular file, ...).
    Rejected,
    /// Waiting: not judged yet, or a judge error about to be judged again.
    Pending,
    /// Judged twice, a judge error both times: pending until a teacher decides.
    Attention,
}

/// One test of an attempt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestSummary {
    /// The test.
    pub name: String,
    /// Its verdict.
    pub verdict: Verdict,
    /// Its message.
    pub message: String,
    /// The fraction of its points its checker gave, when it gave one (see
    /// [`judge_model::verdict::TestResult::score`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

/// One attempt, wherever it was judged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttemptExport {
    /// Its id: the path under the submissions folder (`judge contest`) or the
    /// submission's number (`judge serve`).
    pub id: String,
    /// The student.
    pub student: String,
    /// The problem.
    pub problem: String,
    /// The language's id, when known.
    pub language: Option<String>,
    /// When it was submitted (RFC 3339, UTC).
    pub submitted_at: String,
    /// Where it stands.
    pub status: AttemptState,
    /// The judging round (`judge serve`: 1, then one more per rejudge).
    pub round: Option<i64>,
    /// Why it was rejected, or what the judge could not do.
    pub reason: Option<String>,
    /// The overall verdict, once judged.
    pub verdict: Option<Verdict>,
    /// Tests accepted.
    pub tests_passed: Option<usize>,
    /// Tests of the problem.
    pub tests_total: Option<usize>,
    /// The points it earns (IOI contests only).
    pub points: Option<f64>,
    /// The first test that was not accepted.
    pub first_failure: Option<String>,
    /// The compiler's message after a compile error.
    pub compile_message: Option<String>,
    /// Each test that ran: verdict and message.
    pub tests: Vec<TestSummary>,
}

/// results.json: the scoreboard and every attempt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultsExport {
    /// [`EXPORT_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The contest's title.
    pub title: String,
    /// `ioi` or `icpc`.
    pub scoring: Scoring,
    /// The start penalty minutes count from (RFC 3339).
    pub start: String,
    /// When the export was made (`judge serve` only: a contest run's files depend only on
    /// the attempts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_at: Option<String>,
    /// The scoreboard.
    pub scoreboard: Scoreboard,
    /// Every attempt, in id order.
    pub attempts: Vec<AttemptExport>,
}

/// scoreboard.json.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreboardExport {
    /// [`EXPORT_SCHEMA_VERSION`].
    pub schema_version: u32,
    /// The contest's title.
    pub title: String,
    /// `ioi` or `icpc`.
    pub scoring: Scoring,
    /// The start penalty minutes count from (RFC 3339).
    pub start: String,
    /// When the export was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated_at: Option<String>,
    /// Whether attempts after the freeze are hidden (as pending).
    pub frozen: bool,
    /// The scoreboard.
    pub scoreboard: Scoreboard,
}

/// A data value as pretty JSON with a final newline.
pub fn to_json<T: Serialize>(value: &T) -> String {
    // Serializing plain data with string keys cannot fail.
    serde_json::to_string_pretty(value).unwrap_or_default() + "\n"
}

/// One cell's text where there is no markup (the terminal table): IOI points; ICPC
/// `+ 35m` (solved at minute 35 on the first try), `+2 35m` (after two rejected tries),
/// `-3` (three tries, unsolved); `?2` after it for attempts not counted yet.
pub fn cell_text(scoring: Scoring, cell: &Cell) -> String {
    let decided = match scoring {
        Scoring::Ioi if cell.attempts == 0 => String::new(),
        Scoring::Ioi => judge_model::text::points(cell.points),
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
    };
    match cell.pending {
        0 => decided,
        n if decided.is_empty() => format!("?{n}"),
        n => format!("{decided} ?{n}"),
    }
}
