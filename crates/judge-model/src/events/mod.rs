//! The judging pipeline's events, one stream for everything the engine does: one
//! submission's (started, compiled, each test, finished) and a run's of many (`judge
//! contest`'s attempts, `judge verify`'s checks: run started, submission finished, check
//! finished, run finished; `judge stress`'s rounds). The engine never prints: the terminal
//! table, the contest progress bar, verify's lines, stress's progress and the web server's
//! live progress are listeners.

pub mod runs;

use crate::language::Language;
use crate::problem::TestCase;
use crate::verdict::{CompileResult, SubmissionResult, TestResult};
use runs::{AttemptLine, Round, Row};
use std::path::Path;

/// Something that happened while judging one submission.
#[derive(Debug)]
pub enum Event<'a> {
    /// Judging began.
    Started {
        /// The problem's id.
        problem: &'a str,
        /// The language.
        language: &'a Language,
        /// The source file.
        source: &'a Path,
        /// How many tests will run.
        tests: usize,
    },
    /// Compiling ended.
    Compiled(&'a CompileResult),
    /// A test is handed out to run (when tests run at once, several are out together).
    TestStarted {
        /// Its position (0-based).
        index: usize,
        /// The test.
        test: &'a TestCase,
    },
    /// A test is not run: judging it could no longer change the result (after a test
    /// that was handed out already, when tests run at once, it may follow its
    /// `TestStarted`).
    TestSkipped {
        /// Its position (0-based).
        index: usize,
        /// Why.
        why: crate::test_plan::Skip,
    },
    /// A test ended (in test order).
    TestFinished {
        /// Its position (0-based).
        index: usize,
        /// Its result.
        result: &'a TestResult,
    },
    /// Judging ended.
    Finished(&'a SubmissionResult),
    /// A run of many began.
    RunStarted {
        /// What it will do: attempts (a contest), problems (verify).
        total: usize,
        /// Of those, how many an earlier run already did (results.jsonl).
        reused: usize,
    },
    /// One attempt of a contest run is done (judged, rejected, or a judge error).
    SubmissionFinished(&'a AttemptLine),
    /// One check of `judge verify` is done.
    CheckFinished {
        /// The problem.
        problem: &'a str,
        /// The check's row.
        row: &'a Row,
    },
    /// The run is over.
    RunFinished,
    /// One round of `judge stress` is done (searching, or shrinking a disagreement).
    StressRound(&'a Round),
}

/// Receives events.
pub trait Listener {
    /// Called for each event, in order.
    fn on_event(&mut self, event: &Event<'_>);
}

/// A listener that ignores everything.
pub struct Silent;

impl Listener for Silent {
    fn on_event(&mut self, _event: &Event<'_>) {}
}
