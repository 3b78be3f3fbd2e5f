//! Pictures of an answer on its grid: a problem's output visualizer (problem.toml's
//! `[visualizer]`, a Kattis package's `output_visualizer/`) draws a test's input and the
//! program's output as SVG, which judging keeps beside the test's result.
//!
//! - [`visualizer`]: running it in the sandbox, as a Kattis checker runs, and reading the
//!   picture it left.
//! - [`svg`]: what is kept of its SVG (a whitelist; the picture is hostile).
//!
//! A picture never changes a verdict: a visualizer that fails, runs out of time or draws
//! something refused leaves a one-line [`judge_model::verdict::Picture::Note`] instead.

pub mod svg;
pub mod visualizer;

pub use visualizer::{Visualizer, MAX_PICTURE_BYTES, PICTURE_FILE};

use judge_model::problem::{TestCase, TestGroup};

/// Which tests get a picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PictureTests {
    /// None (judging that nobody looks at: verify, stress).
    #[default]
    None,
    /// Sample tests only (what a student may see; also what `judge contest`'s report
    /// shows the teacher).
    Samples,
    /// Every test (a teacher's own run).
    All,
}

impl PictureTests {
    /// Whether `test` gets a picture.
    pub fn includes(self, test: &TestCase) -> bool {
        match self {
            PictureTests::None => false,
            PictureTests::Samples => test.group == TestGroup::Sample,
            PictureTests::All => true,
        }
    }
}

/// A problem's visualizer made ready, and the tests it draws.
#[derive(Debug, Clone, PartialEq)]
pub struct Pictures {
    /// The visualizer.
    pub visualizer: Visualizer,
    /// Which tests it draws.
    pub tests: PictureTests,
}
