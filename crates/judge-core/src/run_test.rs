//! Running a submission on one test and turning the outcome into a test result.

use crate::checker::Checker;
use crate::interactive::Interactor;
use crate::picture::Pictures;
use crate::run_failure::failure;
use crate::toolchain::Toolchain;
use judge_model::compare::{diff::short_diff, BuiltIn, Comparison};
use judge_model::problem::{TestCase, TestGroup};
use judge_model::verdict::{TestResult, Verdict};
use judge_model::{JudgeError, Result};
use sandbox::{Limits, Outcome, RunSpec, SandboxBox, SandboxError};
use std::path::Path;

/// How a test's output is judged.
#[derive(Debug, Clone)]
pub enum Judging {
    /// A built-in comparison.
    BuiltIn(BuiltIn),
    /// The problem's checker.
    Checker(Checker),
    /// The problem's interactor (an interactive problem): each test needs a second box.
    Interactive(Interactor),
}

impl Judging {
    /// Whether tests need a second box (the interactor's).
    pub fn needs_partner_box(&self) -> bool {
        matches!(self, Judging::Interactive(_))
    }
}

/// How much of a sample test's stderr its result keeps (a student reads it on the result
/// page; the rest of a long trace adds nothing but bytes to every stored result).
pub const SAMPLE_STDERR_BYTES: usize = 4096;

/// What a sample test's result keeps of the program's stderr: its start, cut at a character
/// boundary and marked `…` when longer (or the sandbox kept only a part); `None` on secret
/// tests and when the program wrote nothing.
fn sample_stderr(test: &TestCase, stderr: &str, truncated: bool) -> Option<String> {
    if test.group != TestGroup::Sample || stderr.is_empty() {
        return None;
    }
    let mut end = stderr.len().min(SAMPLE_STDERR_BYTES);
    while !stderr.is_char_boundary(end) {
        end -= 1;
    }
    let mut kept = stderr[..end].to_string();
    if truncated || end < stderr.len() {
        kept.push('…');
    }
    Some(kept)
}

/// Copies what a run used into its test result.
fn measured(result: &mut TestResult, outcome: &Outcome) {
    result.cpu_time_s = outcome.cpu_time.as_secs_f64();
    result.wall_time_s = outcome.wall_time.as_secs_f64();
    result.peak_memory_bytes = outcome.peak_memory_bytes;
    result.exit_code = outcome.exit_code;
    result.signal = outcome.signal_name();
}

/// A run without judging, with the start of the program's stderr (a student's run on
/// their own input shows it).
#[derive(Debug, Clone)]
pub struct Ran {
    /// How it ended (AC when it ended well), CPU and wall time, memory.
    pub result: TestResult,
    /// The start of stderr, up to the limits' `stderr_keep_bytes`.
    pub stderr: String,
    /// Whether stderr was longer than what was kept.
    pub stderr_truncated: bool,
}

/// Everything needed to run tests of one submission.
pub struct TestRunner<'a> {
    /// The language and its toolchain.
    pub toolchain: &'a Toolchain,
    /// The run command.
    pub command: Vec<String>,
    /// The limits.
    pub limits: Limits,
    /// How outputs are judged.
    pub judging: &'a Judging,
    /// The visualizer and the tests it draws, if any.
    pub pictures: Option<&'a Pictures>,
    /// A scratch folder for outputs.
    pub scratch: &'a Path,
}

impl TestRunner<'_> {
    fn spec(&self, test: &TestCase) -> RunSpec {
        RunSpec {
            argv: self.command.clone(),
            env: self.toolchain.env.clone(),
            stdin: Some(test.input.clone()),
            stdout: self.scratch.join("output"),
            box_writable: false,
            root_binds: self.toolchain.root_binds.clone(),
            binds: vec![],
            limits: self.limits.clone(),
        }
    }

    /// Runs one test (`partner` is the interactor's box, for interactive problems). A
    /// sandbox failure on this test becomes a JE result; cancellation is an error.
    pub fn run(
        &self,
        boxed: &mut SandboxBox<'_>,
        partner: Option<&mut SandboxBox<'_>>,
        test: &TestCase,
    ) -> Result<TestResult> {
        if let (Judging::Interactive(interactor), Some(partner)) = (self.judging, partner) {
            let mut result = unjudged(test);
            let memory_errors = &self.toolchain.language.spec.memory_errors;
            let spec = self.spec(test);
            let ran = interactor.run(boxed, partner, &spec, test, self.scratch, memory_errors);
            let (outcome, comparison, kind) = match ran {
                Ok(ran) => ran,
                Err(JudgeError::Cancelled) => return Err(JudgeError::Cancelled),
                Err(error) => {
                    result.message = error.to_string();
                    return Ok(result);
                }
            };
            measured(&mut result, &outcome);
            result.verdict = comparison.verdict;
            result.score = comparison.score;
            result.time_limit = kind;
            result.message = comparison.message;
            result.stderr = sample_stderr(test, &outcome.stderr, outcome.stderr_truncated);
            return Ok(result);
        }
        let ran = self.run_keeping_stderr(boxed, test)?;
        let output = self.scratch.join("output");
        let mut result = TestResult {
            stderr: sample_stderr(test, &ran.stderr, ran.stderr_truncated),
            ..ran.result
        };
        if result.verdict == Verdict::AC {
            let judged = self.judge_output(boxed, test, &output)?;
            result = TestResult {
                verdict: judged.verdict,
                message: judged.message,
                diff: judged.diff,
                score: judged.score,
                ..result
            };
        }
        // Drawn whatever the verdict: a route cut short by a time limit shows where it was.
        result.picture = self.picture(boxed, test, &output)?;
        Ok(result)
    }

    /// The picture of `output` on `test`, when the tests to draw include it and the
    /// program wrote an output. Only a cancelled run is an error.
    pub fn picture(
        &self,
        boxed: &mut SandboxBox<'_>,
        test: &TestCase,
        output: &Path,
    ) -> Result<Option<judge_model::verdict::Picture>> {
        match self.pictures.filter(|p| p.tests.includes(test)) {
            Some(pictures) if output.is_file() => Ok(Some(pictures.visualizer.draw(
                boxed,
                test,
                output,
                self.scratch,
            )?)),
            _ => Ok(None),
        }
    }

    /// Runs one test without judging the output (left in the scratch folder's `output`):
    /// AC when the program ended well, else the verdict of its failure.
    pub fn run_unjudged(&self, boxed: &mut SandboxBox<'_>, test: &TestCase) -> Result<TestResult> {
        Ok(self.run_keeping_stderr(boxed, test)?.result)
    }

    /// [`TestRunner::run_unjudged`], keeping the start of the program's stderr too.
    pub fn run_keeping_stderr(&self, boxed: &mut SandboxBox<'_>, test: &TestCase) -> Result<Ran> {
        let mut result = unjudged(test);
        let outcome = match boxed.run(&self.spec(test)) {
            Ok(outcome) => outcome,
            Err(SandboxError::Cancelled) => return Err(JudgeError::Cancelled),
            Err(error) => {
                result.message = format!("the sandbox failed: {error}");
                return Ok(Ran {
                    result,
                    stderr: String::new(),
                    stderr_truncated: false,
                });
            }
        };
        measured(&mut result, &outcome);
        let memory_errors = &self.toolchain.language.spec.memory_errors;
        match failure(&outcome, &self.limits, memory_errors) {
            Some((verdict, kind, message)) => {
                result.verdict = verdict;
                result.time_limit = kind;
                result.message = message;
            }
            None => result.verdict = Verdict::AC,
        }
        Ok(Ran {
            result,
            stderr: outcome.stderr,
            stderr_truncated: outcome.stderr_truncated,
        })
    }

    /// Judges an output file against the test's answer: the problem's comparison or
    /// checker (a result with the verdict, message and diff; nothing measured).
    pub fn judge_output(
        &self,
        boxed: &mut SandboxBox<'_>,
        test: &TestCase,
        output: &Path,
    ) -> Result<TestResult> {
        let mut result = unjudged(test);
        let comparison = match self.judging {
            Judging::BuiltIn(mode) => {
                let produced = std::fs::read(output)
                    .map_err(|e| JudgeError::file("program output", output, e))?;
                let expected = std::fs::read(&test.answer)
                    .map_err(|e| JudgeError::file("answer file", &test.answer, e))?;
                let comparison = test.compare.unwrap_or(*mode).compare(&produced, &expected);
                if comparison.verdict == Verdict::WA {
                    result.diff = short_diff(&produced, &expected);
                }
                comparison
            }
            Judging::Interactive(_) => Comparison {
                verdict: Verdict::JE,
                score: None,
                message: "an interactive problem needs a second box for its interactor".into(),
            },
            Judging::Checker(checker) => {
                match checker.check(boxed, test, output, self.scratch) {
                    Ok(comparison) => {
                        // A sample's answer is no secret: beside the checker's message, a
                        // student sees how their output differs from the expected one.
                        let rejected = matches!(comparison.verdict, Verdict::WA | Verdict::PE);
                        // (The checker has read both files: were one gone since, there
                        // is no diff, and the verdict stands.)
                        if rejected && test.group == TestGroup::Sample {
                            if let (Ok(produced), Ok(expected)) =
                                (std::fs::read(output), std::fs::read(&test.answer))
                            {
                                result.diff = short_diff(&produced, &expected);
                            }
                        }
                        comparison
                    }
                    Err(JudgeError::Cancelled) => return Err(JudgeError::Cancelled),
                    Err(error) => Comparison {
                        verdict: Verdict::JE,
                        score: None,
                        message: error.to_string(),
                    },
                }
            }
        };
        result.verdict = comparison.verdict;
        result.score = comparison.score;
        result.message = comparison.message;
        Ok(result)
    }
}

/// A test's result before anything is known: JE, nothing measured.
fn unjudged(test: &TestCase) -> TestResult {
    TestResult {
        name: test.name.clone(),
        sample: test.group == TestGroup::Sample,
        verdict: Verdict::JE,
        time_limit: None,
        cpu_time_s: 0.0,
        wall_time_s: 0.0,
        peak_memory_bytes: 0,
        exit_code: None,
        signal: None,
        message: String::new(),
        diff: None,
        score: None,
        stderr: None,
        picture: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_samples_keep_their_stderr_and_long_ones_are_cut() {
        let test = |group| TestCase::plain("t".into(), group, "t.in".into(), "t.ans".into());
        let (sample, secret) = (test(TestGroup::Sample), test(TestGroup::Secret));
        assert_eq!(
            sample_stderr(&sample, "debug 1\n", false).as_deref(),
            Some("debug 1\n")
        );
        assert_eq!(sample_stderr(&secret, "debug 1\n", false), None);
        assert_eq!(sample_stderr(&sample, "", false), None);
        assert_eq!(
            sample_stderr(&sample, "x", true).as_deref(),
            Some("x…"),
            "the sandbox kept only the start"
        );
        let long = "错".repeat(SAMPLE_STDERR_BYTES);
        let kept = sample_stderr(&sample, &long, false).unwrap();
        assert!(
            kept.len() <= SAMPLE_STDERR_BYTES + '…'.len_utf8(),
            "{}",
            kept.len()
        );
        assert!(kept.ends_with('…') && kept.starts_with("错错"));
    }
}
