//! What a self-test shows: a student's program compiled and run on an input of their own
//! (judge-server's `self_test` runs it; judge-views' `self_test` draws it).

use judge_model::verdict::Picture;
use judge_model::Verdict;

/// What a self-test shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// It did not compile: the compiler's message.
    CompileError(String),
    /// It ran.
    Ran {
        /// OK (AC), TLE, MLE, OLE or RE.
        verdict: Verdict,
        /// Why it failed, in a few words (which limit, the signal, the exit code).
        message: String,
        /// The start of its output (lossy UTF-8).
        output: String,
        /// Whether the output was longer than what is shown.
        output_truncated: bool,
        /// The start of its stderr.
        stderr: String,
        /// Whether stderr was longer than what is shown.
        stderr_truncated: bool,
        /// CPU seconds.
        cpu_time_s: f64,
        /// Wall-clock seconds.
        wall_time_s: f64,
        /// Peak memory, in bytes.
        peak_memory_bytes: u64,
        /// The output drawn on the input by the problem's visualizer, or why it is not;
        /// `None` when the problem has none or the program wrote nothing.
        picture: Option<Picture>,
    },
}
