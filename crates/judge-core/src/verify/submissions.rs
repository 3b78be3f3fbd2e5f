//! Judging a problem's kept submissions, each by the rule its folder sets, and comparing
//! the verdict with the folder's.

use super::shown;
use crate::contest::scoring::matches_pattern;
use crate::events::Silent;
use crate::judge::{Judge, JudgeOptions, Submission};
use crate::language::Language;
use crate::problem::Problem;
use crate::run_test::Judging;
use crate::verdict::{SubmissionResult, TestResult, TimeLimitKind, Verdict};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The time scale too-slow submissions are judged at.
pub const TOO_SLOW_SCALE: f64 = 1.5;
/// Their wall-clock scale: generous, so that the CPU limit is what stops them.
pub const TOO_SLOW_WALL_SCALE: f64 = 3.0;

/// The folder of brute-force solutions: accepted on the tests problem.toml's
/// `[brute_force]` names, run on those only, and kept out of the time-limit rules.
pub const BRUTE_FORCE_FOLDER: &str = "brute_force";

/// How one kept submission fared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubmissionOutcome {
    /// The file, relative to the judge.toml folder.
    pub file: String,
    /// The verdict its folder stands for.
    pub expected: Verdict,
    /// The verdict it got (under the problem's real limits).
    pub got: Verdict,
    /// The first test that was not accepted.
    pub first_failure: Option<String>,
    /// That test's message, or the error that stopped judging.
    pub message: String,
    /// The largest CPU time over the tests that ran.
    pub max_cpu_time_s: f64,
    /// Its language's CPU limit on this problem.
    pub limit_s: f64,
    /// For too-slow submissions: whether some test ran past 1.5 x the limit.
    pub exceeds_one_and_a_half: bool,
    /// Whether it is a brute-force solution (judged on the small tests only).
    pub brute_force: bool,
}

impl SubmissionOutcome {
    /// Whether it got the verdict it is filed under.
    pub fn as_filed(&self) -> bool {
        self.expected == self.got
    }

    /// The mismatch, in words.
    pub fn mismatch(&self) -> String {
        format!(
            "{}: filed as {}, got {}{}{}",
            self.file,
            self.expected,
            self.got,
            self.first_failure
                .as_ref()
                .map(|t| format!(" on {t}"))
                .unwrap_or_default(),
            if self.message.is_empty() {
                String::new()
            } else {
                format!(" ({})", self.message)
            }
        )
    }
}

/// The submission files under `<problem>/submissions/<folder>/`, with their folder.
pub fn find(problem: &Problem) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for folder in std::fs::read_dir(problem.dir.join("submissions"))
        .into_iter()
        .flatten()
        .flatten()
    {
        if !folder.path().is_dir() {
            continue;
        }
        let name = folder.file_name().to_string_lossy().into_owned();
        for file in std::fs::read_dir(folder.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            let hidden = file.file_name().to_string_lossy().starts_with('.');
            if file.path().is_file() && !hidden {
                found.push((file.path(), name.clone()));
            }
        }
    }
    found.sort();
    found
}

/// The verdict under the real limit of a run made at a larger one: a test that ran
/// past the real limit is TLE there.
pub fn verdict_at_limit(tests: &[TestResult], limit_s: f64) -> Option<&TestResult> {
    tests
        .iter()
        .find(|t| t.verdict != Verdict::AC || t.cpu_time_s > limit_s)
}

fn outcome_of(
    file: String,
    expected: Verdict,
    result: &SubmissionResult,
    limit_s: f64,
    scale: f64,
) -> SubmissionOutcome {
    let max_cpu_time_s = result.max_cpu_time_s;
    let (got, first_failure, message) = if !result.compile.success {
        (
            Verdict::CE,
            None,
            result
                .compile
                .message
                .lines()
                .next()
                .unwrap_or_default()
                .to_string(),
        )
    } else if scale > 1.0 {
        match verdict_at_limit(&result.tests, limit_s) {
            None => (Verdict::AC, None, String::new()),
            Some(t) if t.verdict == Verdict::AC || t.verdict == Verdict::TLE => (
                Verdict::TLE,
                Some(t.name.clone()),
                format!("{:.3} s of CPU, limit {limit_s:.2} s", t.cpu_time_s),
            ),
            Some(t) => (t.verdict, Some(t.name.clone()), t.message.clone()),
        }
    } else {
        let first = result.tests.iter().find(|t| t.verdict != Verdict::AC);
        (
            result.verdict,
            first.map(|t| t.name.clone()),
            first.map(|t| t.message.clone()).unwrap_or_default(),
        )
    };
    SubmissionOutcome {
        file,
        expected,
        got,
        first_failure,
        message,
        max_cpu_time_s,
        limit_s,
        // Past 1.5 x the CPU limit, or waiting past the (tripled) wall-clock limit: a
        // program that never flushes and deadlocks with an interactor uses no CPU.
        exceeds_one_and_a_half: scale > 1.0
            && result.tests.iter().any(|t| {
                t.cpu_time_s > limit_s * scale
                    || (t.verdict == Verdict::TLE && t.time_limit == Some(TimeLimitKind::Wall))
            }),
        brute_force: false,
    }
}

fn failed(file: String, expected: Verdict, message: String) -> SubmissionOutcome {
    SubmissionOutcome {
        file,
        expected,
        got: Verdict::JE,
        first_failure: None,
        message,
        max_cpu_time_s: 0.0,
        limit_s: 0.0,
        exceeds_one_and_a_half: false,
        brute_force: false,
    }
}

/// The problem cut down to the tests its `[brute_force]` table names.
fn brute_force_tests(problem: &Problem) -> Result<Problem, String> {
    let Some(table) = &problem.toml.brute_force else {
        return Err(format!(
            "submissions/{BRUTE_FORCE_FOLDER}/ needs a [brute_force] table in problem.toml \
             naming the tests small enough for it (tests = [\"sample/*\", ...])"
        ));
    };
    if let Some(unmatched) = table
        .tests
        .iter()
        .find(|p| !problem.tests.iter().any(|t| matches_pattern(p, &t.name)))
    {
        return Err(format!(
            "problem.toml's brute_force.tests: {unmatched:?} matches none of the problem's tests"
        ));
    }
    let mut small = problem.clone();
    small
        .tests
        .retain(|t| table.tests.iter().any(|p| matches_pattern(p, &t.name)));
    Ok(small)
}

fn judge_one(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
    path: &Path,
    folder: &str,
    alternative: Option<&Language>,
) -> SubmissionOutcome {
    let file = match alternative {
        Some(language) => format!("{} ({})", shown(judge, path), language.id),
        None => shown(judge, path),
    };
    if folder == BRUTE_FORCE_FOLDER {
        let mut outcome = match brute_force_tests(problem) {
            Ok(small) => judge_one(
                judge,
                &small,
                judging,
                path,
                Verdict::AC.folder(),
                alternative,
            ),
            Err(message) => failed(file, Verdict::AC, message),
        };
        outcome.brute_force = true;
        return outcome;
    }
    let Some(expected) = Verdict::from_folder(folder) else {
        let folders: Vec<&str> = Verdict::ALL.iter().map(|v| v.folder()).collect();
        return failed(
            file,
            Verdict::JE,
            format!(
                "the folder {folder:?} is not a verdict ({}) nor {BRUTE_FORCE_FOLDER}",
                folders.join(", ")
            ),
        );
    };
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(error) => return failed(file, expected, error.to_string()),
    };
    let language = match alternative {
        Some(language) => language.clone(),
        None => match judge.languages.for_file(path, &bytes) {
            Ok(language) => language.clone(),
            Err(error) => return failed(file, expected, error.to_string()),
        },
    };
    let limit_s = problem.limits_for(&language).cpu_time.as_secs_f64();
    // Accepted ones run every test (their slowest counts); too-slow ones at 1.5 x the
    // limit, until they pass it; the rest until their first failure.
    let too_slow = expected == Verdict::TLE;
    let options = JudgeOptions {
        time_scale: if too_slow { TOO_SLOW_SCALE } else { 1.0 },
        wall_scale: if too_slow { TOO_SLOW_WALL_SCALE } else { 1.0 },
        stop_at_first_failure: expected != Verdict::AC,
        ..JudgeOptions::default()
    };
    let time_scale = options.time_scale;
    let submission = Submission {
        problem,
        source: path,
        bytes: &bytes,
        language: &language,
        judging,
        options,
    };
    match judge.judge(&submission, &mut Silent) {
        Ok(result) => outcome_of(file, expected, &result, limit_s, time_scale),
        Err(error) => failed(file, expected, error.to_string()),
    }
}

/// Judges every kept submission of a problem, `jobs` at a time.
pub fn judge_submissions(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
    jobs: usize,
) -> Vec<SubmissionOutcome> {
    let mut runs: Vec<(PathBuf, String, Option<&Language>)> = Vec::new();
    for (path, folder) in find(problem) {
        // An accepted submission is also judged on each alternative runtime of its
        // language (pypy3 for python3): that checks the alternative's multiplier against
        // every problem, as the language's own is checked. Only accepted ones: a program
        // too slow for CPython may well pass on PyPy.
        let alternatives: Vec<&Language> = match judge.languages.for_path(&path) {
            Ok(language) if folder == Verdict::AC.folder() => {
                judge.languages.alternatives(language).collect()
            }
            _ => Vec::new(),
        };
        for alternative in alternatives {
            runs.push((path.clone(), folder.clone(), Some(alternative)));
        }
        runs.push((path, folder, None));
    }
    crate::parallel::map(&runs, jobs, |_, (path, folder, alternative)| {
        judge_one(judge, problem, judging, path, folder, *alternative)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn test(name: &str, verdict: Verdict, cpu: f64) -> TestResult {
        TestResult {
            name: name.into(),
            sample: false,
            verdict,
            time_limit: None,
            cpu_time_s: cpu,
            wall_time_s: cpu,
            peak_memory_bytes: 0,
            exit_code: None,
            signal: None,
            message: String::new(),
            diff: None,
        }
    }

    #[test]
    fn a_run_at_a_larger_limit_still_tells_the_real_verdict() {
        let tests = [
            test("a", Verdict::AC, 0.2),
            test("b", Verdict::AC, 1.2),
            test("c", Verdict::TLE, 1.5),
        ];
        assert_eq!(
            verdict_at_limit(&tests, 1.0).unwrap().name,
            "b",
            "over the real limit is TLE there"
        );
        let wrong_first = [test("a", Verdict::WA, 0.1), test("b", Verdict::TLE, 1.5)];
        assert_eq!(
            verdict_at_limit(&wrong_first, 1.0).unwrap().verdict,
            Verdict::WA
        );
        assert!(verdict_at_limit(&[test("a", Verdict::AC, 0.9)], 1.0).is_none());
    }
}
