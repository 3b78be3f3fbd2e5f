//! How far the judging of a claimed submission has come (compiling, test 4 of 25): a row
//! per claimed submission, written by its worker wherever it runs, read by the pages with
//! the submission's summary, removed when the result is written or the claim is handed
//! back.

use judge_model::Verdict;

/// How far the judging of one submission has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Progress {
    /// Whether it compiled (false while compiling).
    pub compiled: bool,
    /// Tests finished.
    pub tests_done: usize,
    /// Tests in the problem.
    pub tests_total: usize,
    /// The verdict of the first test that failed so far.
    pub first_failure: Option<Verdict>,
}

impl Progress {
    /// Nothing done yet: compiling.
    pub fn compiling() -> Progress {
        Progress {
            compiled: false,
            tests_done: 0,
            tests_total: 0,
            first_failure: None,
        }
    }

    /// The number of the test running now (1-based; the last once all are done). The
    /// pages put it in words (`views::format::status_text`).
    pub fn running_test(&self) -> usize {
        (self.tests_done + 1).min(self.tests_total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_test_is_the_next_one_up_to_the_last() {
        let mut progress = Progress {
            tests_total: 25,
            ..Progress::compiling()
        };
        progress.compiled = true;
        progress.tests_done = 3;
        assert_eq!(progress.running_test(), 4);
        progress.tests_done = 25;
        assert_eq!(progress.running_test(), 25);
    }
}
