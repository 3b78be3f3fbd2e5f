//! The judging pipeline's events. The engine never prints: the terminal table, the JSON
//! writer, the contest progress bar and the web server listen to these.

use crate::language::Language;
use crate::problem::TestCase;
use crate::verdict::{CompileResult, SubmissionResult, TestResult};
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
    /// A test is about to run.
    TestStarted {
        /// Its position (0-based).
        index: usize,
        /// The test.
        test: &'a TestCase,
    },
    /// A test ended.
    TestFinished {
        /// Its position (0-based).
        index: usize,
        /// Its result.
        result: &'a TestResult,
    },
    /// Judging ended.
    Finished(&'a SubmissionResult),
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
