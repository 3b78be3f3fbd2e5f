//! Judging a problem's kept submissions, each by what its folder (or tag) asks of it, and
//! inferring a time limit from the accepted ones when the package gives none.

use super::shown;
use judge_core::judge::{Judge, JudgeOptions, Submission};
use judge_core::Judging;
use judge_model::events::Silent;
use judge_model::language::{Language, Languages};
use judge_model::problem::groups::matches_pattern;
use judge_model::problem::groups::{earned, marks};
use judge_model::problem::{Expected, KeptSubmission, Problem, TimeRule, PROVISIONAL_TIME_S};
use judge_model::verdict::{SubmissionResult, TestResult, TimeLimitKind, Verdict};
use judge_model::ProgramKind;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Their wall-clock scale: generous, so that the CPU limit is what stops them.
pub const TOO_SLOW_WALL_SCALE: f64 = 3.0;

/// How one kept submission fared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubmissionOutcome {
    /// The file, relative to the judge.toml folder.
    pub file: String,
    /// What it must get, in words (`WA`, `RE or MLE`, `rejected`).
    pub expected: String,
    /// The verdict its folder is named for, when there is one.
    pub expected_verdict: Option<Verdict>,
    /// The verdict it got (under the problem's real limits).
    pub got: Verdict,
    /// Whether that is what it must get.
    pub filed_right: bool,
    /// The points it earned of the problem's groups, when the problem has groups.
    pub points: Option<f64>,
    /// The first test that was not accepted.
    pub first_failure: Option<String>,
    /// That test's message, or the error that stopped judging.
    pub message: String,
    /// The largest CPU time over the tests that ran.
    pub max_cpu_time_s: f64,
    /// Its language's CPU limit on this problem.
    pub limit_s: f64,
    /// For too-slow submissions: whether some test ran past the too-slow factor x the
    /// limit.
    pub exceeds_one_and_a_half: bool,
    /// Whether it is a brute-force solution (judged on the small tests only).
    pub brute_force: bool,
    /// Why it was not judged, when it was not (a language the table lacks).
    pub skipped: Option<String>,
}

impl SubmissionOutcome {
    /// Whether it got what it is filed under.
    pub fn as_filed(&self) -> bool {
        self.filed_right
    }

    /// The mismatch, in words.
    pub fn mismatch(&self) -> String {
        format!(
            "{}: filed as {}, got {}{}{}{}",
            self.file,
            self.expected,
            self.got,
            self.points
                .map(|p| format!(" ({} points)", judge_model::text::points(p)))
                .unwrap_or_default(),
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

/// The verdict under the real limit of a run made at a larger one: a test that ran
/// past the real limit is TLE there.
pub fn verdict_at_limit(tests: &[TestResult], limit_s: f64) -> Option<&TestResult> {
    tests
        .iter()
        .find(|t| t.verdict != Verdict::AC || t.cpu_time_s > limit_s)
}

fn blank(file: String, expected: &Expected) -> SubmissionOutcome {
    SubmissionOutcome {
        file,
        expected: expected.describe(),
        expected_verdict: expected.main(),
        got: Verdict::JE,
        filed_right: false,
        points: None,
        first_failure: None,
        message: String::new(),
        max_cpu_time_s: 0.0,
        limit_s: 0.0,
        exceeds_one_and_a_half: false,
        brute_force: *expected == Expected::BruteForce,
        skipped: None,
    }
}

/// The problem cut down to the tests its `[brute_force]` table names.
fn brute_force_tests(problem: &Problem) -> Result<Problem, String> {
    let Some(table) = &problem.brute_force else {
        return Err(format!(
            "submissions/{}/ needs a [brute_force] table in problem.toml \
             naming the tests small enough for it (tests = [\"sample/*\", ...])",
            judge_packages::BRUTE_FORCE_FOLDER
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

/// The language table as `problem`'s submissions mean it: a Kattis package's `.pl` is
/// Prolog (the table's `kattis_extensions`).
fn languages_of<'a>(judge: &'a Judge, problem: &Problem) -> std::borrow::Cow<'a, Languages> {
    if problem.capabilities.kattis_extensions {
        std::borrow::Cow::Owned(judge.languages.as_in_kattis_packages())
    } else {
        std::borrow::Cow::Borrowed(&judge.languages)
    }
}

/// A submission's main source and the other files beside it, with its language; or why
/// it cannot be judged here. A submission that is a folder (`path`) is read by judge-core's
/// rules for folder submissions ([`judge_core::read_source_folder`]); the program's `files`
/// serve the others (a reference made of several files).
fn sources(
    judge: &Judge,
    problem: &Problem,
    path: &Path,
    files: &[PathBuf],
    language: Option<&str>,
) -> Result<(Language, Vec<u8>, Vec<judge_core::SourceFile>), String> {
    let table = languages_of(judge, problem);
    if path.is_dir() {
        let folder = judge_core::read_source_folder(
            path,
            &table,
            language,
            &[problem.id.as_str()],
            judge.config.compile.max_source_kib,
        )
        .map_err(|e| e.to_string())?;
        return Ok((folder.language, folder.entry_bytes, folder.others));
    }
    let main = files.first().ok_or("an empty folder")?;
    let bytes = std::fs::read(main).map_err(|e| e.to_string())?;
    // The extension's language, or the alternative a `#!` line names (python2, pypy3).
    let language = match language {
        Some(id) => table.by_id(id),
        None => table.for_file(main, &bytes),
    }
    .map_err(|_| {
        format!(
            "no language of judge.toml's table for {} files",
            main.extension()
                .map(|e| format!(".{}", e.to_string_lossy()))
                .unwrap_or_else(|| "extension-less".into())
        )
    })?
    .clone();
    let base = main.parent().unwrap_or(Path::new("")).to_path_buf();
    let mut others = Vec::new();
    for file in &files[1..] {
        others.push(judge_core::SourceFile {
            name: file
                .strip_prefix(&base)
                .unwrap_or(file)
                .display()
                .to_string(),
            bytes: std::fs::read(file).map_err(|e| e.to_string())?,
        });
    }
    Ok((language, bytes, others))
}

/// Judges a program made of source files (a kept submission, a package's reference):
/// `path` is the file or folder it came from, `files` its sources, the main one first.
pub fn judge_sources(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
    path: &Path,
    files: &[PathBuf],
    language: Option<&str>,
    options: &JudgeOptions,
) -> judge_model::Result<SubmissionResult> {
    let (language, bytes, others) = sources(judge, problem, path, files, language)
        .map_err(|why| judge_model::JudgeError::file("program", path, why))?;
    let submission = Submission {
        problem,
        source: path,
        bytes: &bytes,
        others: &others,
        language: &language,
        judging,
        options: options.clone(),
    };
    judge.judge(&submission, &mut Silent)
}

fn judge_one(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
    kept: &KeptSubmission,
    alternative: Option<&Language>,
) -> SubmissionOutcome {
    let file = match alternative {
        Some(language) => format!("{} ({})", shown(judge, &kept.path), language.id),
        None => shown(judge, &kept.path),
    };
    let mut outcome = blank(file.clone(), &kept.expected);
    if let Some(why) = &kept.skip {
        outcome.skipped = Some(why.clone());
        return outcome;
    }
    let (files, language) = match &kept.program.kind {
        ProgramKind::Sources { files, language } => (files.clone(), language.clone()),
        _ => {
            outcome.skipped = Some("not a source program".into());
            return outcome;
        }
    };
    let folder_language = match sources(judge, problem, &kept.path, &files, language.as_deref()) {
        Ok((language, _, _)) => kept.path.is_dir().then_some(language),
        Err(why) => {
            outcome.skipped = Some(why);
            return outcome;
        }
    };
    let small;
    let problem = if kept.expected == Expected::BruteForce {
        match brute_force_tests(problem) {
            Ok(cut) => {
                small = cut;
                &small
            }
            Err(message) => {
                outcome.message = message;
                return outcome;
            }
        }
    } else {
        problem
    };
    let language = match (alternative, language) {
        (Some(alternative), _) => Some(alternative.clone()),
        (None, Some(id)) => judge.languages.by_id(&id).ok().cloned(),
        // A folder's: the one its sources name, or a `#!` line of its entry.
        (None, None) if folder_language.is_some() => folder_language,
        // The extension's language, or the alternative a `#!` line names (pypy3).
        (None, None) => std::fs::read(&files[0]).ok().and_then(|bytes| {
            languages_of(judge, problem)
                .for_file(&files[0], &bytes)
                .ok()
                .cloned()
        }),
    };
    let Some(language) = language else {
        outcome.skipped = Some("no language for it".into());
        return outcome;
    };
    // A language of the table this machine lacks (Python 2 on Debian 12) is skipped with
    // the reason, as a missing tool is.
    if let Err(why) = judge.languages.check_available(&language) {
        outcome.skipped = Some(why.to_string());
        return outcome;
    }
    let limit_s = problem.limits_for(&language).cpu_time.as_secs_f64();
    let rule = problem.time_rule;
    // Accepted ones run every test (their slowest counts); too-slow ones at the too-slow
    // factor x the limit, until they pass it; partially accepted ones every test (their
    // points count); the rest until their first failure.
    let too_slow = kept.expected.main() == Some(Verdict::TLE);
    let every_test = matches!(
        kept.expected,
        Expected::PartiallyAccepted | Expected::BruteForce
    ) || kept.expected.main() == Some(Verdict::AC);
    let options = JudgeOptions {
        time_scale: if too_slow { rule.too_slow_factor } else { 1.0 },
        wall_scale: if too_slow { TOO_SLOW_WALL_SCALE } else { 1.0 },
        stop_at_first_failure: !every_test,
        ..JudgeOptions::default()
    };
    let result = match judge_sources(
        judge,
        problem,
        judging,
        &kept.path,
        &files,
        Some(&language.id),
        &options,
    ) {
        Ok(result) => result,
        Err(error) => {
            outcome.message = error.to_string();
            return outcome;
        }
    };
    outcome.limit_s = limit_s;
    outcome.max_cpu_time_s = result.max_cpu_time_s;
    // Past the too-slow factor x the CPU limit, or waiting past the (tripled) wall-clock
    // limit: a program that never flushes and deadlocks with an interactor uses no CPU.
    outcome.exceeds_one_and_a_half = too_slow
        && result.tests.iter().any(|t| {
            t.cpu_time_s > limit_s * rule.too_slow_factor
                || (t.verdict == Verdict::TLE && t.time_limit == Some(TimeLimitKind::Wall))
        });
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
    } else if too_slow {
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
    let points = (!problem.groups.is_empty()).then(|| {
        (
            earned(&problem.groups, &marks(&result.tests)),
            problem.group_points(),
        )
    });
    outcome.got = got;
    outcome.first_failure = first_failure;
    outcome.message = message;
    outcome.points = points.map(|(p, _)| p);
    outcome.filed_right = kept.expected.holds(got, points);
    if let Some((got_points, max)) = points.filter(|_| got == Verdict::AC) {
        if outcome.message.is_empty() && got_points < max - 1e-9 {
            // Every test accepted, some with part of their points (Kattis multipliers).
            outcome.message = format!(
                "{} of {} points",
                judge_model::text::points(got_points),
                judge_model::text::points(max)
            );
        }
    }
    outcome
}

/// Judges every kept submission of a problem, `jobs` at a time.
pub fn judge_submissions(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
    jobs: usize,
) -> Vec<SubmissionOutcome> {
    let table = languages_of(judge, problem);
    let mut runs: Vec<(&KeptSubmission, Option<&Language>)> = Vec::new();
    for kept in &problem.submissions {
        // An accepted submission is also judged on each alternative runtime of its
        // language (pypy3 for python3): that checks the alternative's multiplier against
        // every problem, as the language's own is checked. Only accepted ones: a program
        // too slow for CPython may well pass on PyPy.
        // A program whose `#!` line names a runtime (python2, pypy3) is for that one only.
        let main_file = kept.program.files().first().map(|f| f.to_path_buf());
        let languages = main_file.as_deref().map(|f| {
            let bytes = std::fs::read(f).unwrap_or_default();
            (table.for_path(f), table.for_file(f, &bytes))
        });
        let alternatives: Vec<&Language> = match languages {
            Some((Ok(language), Ok(chosen)))
                if chosen.id == language.id
                    && kept.skip.is_none()
                    && kept.expected == Expected::verdict(Verdict::AC) =>
            {
                // Not those only a #! line chooses (python2), nor those this
                // machine lacks.
                judge
                    .languages
                    .alternatives(language)
                    .filter(|a| !a.spec.shebang_only)
                    .filter(|a| judge.languages.check_available(a).is_ok())
                    .collect()
            }
            _ => Vec::new(),
        };
        for alternative in alternatives {
            runs.push((kept, Some(alternative)));
        }
        runs.push((kept, None));
    }
    judge_core::parallel_map(&runs, jobs, |_, (kept, alternative)| {
        judge_one(judge, problem, judging, kept, *alternative)
    })
}

/// A time limit inferred from the accepted submissions by the package's rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Inference {
    /// The limit in seconds, for native languages.
    pub limit_s: f64,
    /// The slowest accepted submission (a path for messages) and its CPU time in native
    /// terms (its language's multiplier taken off).
    pub slowest: (String, f64),
    /// The rule in words ("slowest accepted x 2, rounded up to a multiple of 1 s").
    pub rule: String,
}

/// The limit `rule` gives for the slowest accepted CPU time `slowest_s` (native terms):
/// x the accepted factor, rounded up to the resolution (at least one step; Kattis
/// 2023-07 and later), or to the nearest whole second, at least one (legacy Kattis,
/// problemtools' `int(0.5 + exact)`). Kept to the millisecond so that 3 x 0.1 s is
/// stored as 0.3.
pub fn limit_by_rule(rule: &TimeRule, slowest_s: f64) -> f64 {
    let exact = slowest_s * rule.accepted_factor;
    let limit = match rule.resolution {
        Some(step) => (exact / step).ceil().max(1.0) * step,
        None => exact.round().max(1.0),
    };
    (limit * 1000.0).round() / 1000.0
}

/// `rule` in words, for verify's rows and `--suggest-limits`.
pub fn describe_rule(rule: &TimeRule) -> String {
    match rule.resolution {
        Some(step) => format!(
            "slowest accepted x {}, rounded up to a multiple of {} s",
            rule.accepted_factor,
            judge_packages::stored_limit::format_seconds(step)
        ),
        None => format!(
            "slowest accepted x {}, rounded to whole seconds (at least 1 s)",
            rule.accepted_factor
        ),
    }
}

/// The time limit a package's rule gives from its accepted submissions' CPU times, each
/// measured under the provisional limit ([`limit_by_rule`]). CPU time, not wall time,
/// and one submission at a time whatever the cores: the figure is decided once and kept,
/// so it is measured as quietly as this machine allows.
pub fn infer_time_limit(
    judge: &Judge,
    problem: &Problem,
    judging: &Judging,
) -> Result<Inference, String> {
    let accepted: Vec<&KeptSubmission> = problem
        .submissions
        .iter()
        .filter(|s| s.expected == Expected::verdict(Verdict::AC) && s.skip.is_none())
        .collect();
    let options = JudgeOptions {
        provisional_time_limit: true,
        ..JudgeOptions::default()
    };
    // Measured under the provisional limit, also when a stored one is inferred again (a
    // limit too tight must not stop the run that is to replace it).
    let mut problem = problem.clone();
    problem.limits.time_s = PROVISIONAL_TIME_S;
    let problem = &problem;
    let mut slowest: Option<(String, f64)> = None;
    for kept in accepted {
        let ProgramKind::Sources { files, language } = &kept.program.kind else {
            continue;
        };
        let Ok((language_entry, _, _)) =
            sources(judge, problem, &kept.path, files, language.as_deref())
        else {
            continue;
        };
        // One in a language this machine lacks (Python 2 on Debian 12) is skipped by the
        // judging too, with the reason.
        if judge.languages.check_available(&language_entry).is_err() {
            continue;
        }
        let result = judge_sources(
            judge,
            problem,
            judging,
            &kept.path,
            files,
            Some(&language_entry.id),
            &options,
        )
        .map_err(|e| format!("{}: {e}", shown(judge, &kept.path)))?;
        if result.verdict != Verdict::AC {
            return Err(format!(
                "{}: accepted, but got {} while the time limit was being inferred (under {} s)",
                shown(judge, &kept.path),
                result.verdict,
                problem.limits.time_s
            ));
        }
        // In native terms: the language's multiplier taken off.
        let time = result.max_cpu_time_s / language_entry.spec.time_multiplier;
        if slowest.as_ref().is_none_or(|(_, s)| time > *s) {
            slowest = Some((shown(judge, &kept.path), time));
        }
    }
    let slowest = slowest.ok_or_else(|| {
        "the package gives no time limit and has no accepted submission to infer one from"
            .to_string()
    })?;
    Ok(Inference {
        limit_s: limit_by_rule(&problem.time_rule, slowest.1),
        slowest,
        rule: describe_rule(&problem.time_rule),
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
            score: None,
            stderr: None,
            picture: None,
        }
    }

    #[test]
    fn the_inferred_limit_follows_each_formats_rounding() {
        let rule = |factor: f64, resolution: Option<f64>| TimeRule {
            accepted_factor: factor,
            resolution,
            ..TimeRule::default()
        };
        // 2023-07 and later: up to a multiple of time_resolution, at least one step; a
        // slowest time that wanders with the load inside a step gives the same figure.
        let kattis = rule(2.0, Some(1.0));
        for slowest in [0.0, 0.001, 0.2, 0.45, 0.5] {
            assert_eq!(limit_by_rule(&kattis, slowest), 1.0, "{slowest}");
        }
        assert_eq!(limit_by_rule(&kattis, 0.51), 2.0);
        assert_eq!(
            limit_by_rule(&rule(2.0, Some(0.1)), 0.15),
            0.3,
            "kept clean"
        );
        assert_eq!(limit_by_rule(&rule(2.0, Some(0.25)), 0.3), 0.75);
        // Legacy: x time_multiplier (5), to the nearest whole second, at least 1 s.
        let legacy = rule(5.0, None);
        assert_eq!(limit_by_rule(&legacy, 0.01), 1.0);
        assert_eq!(limit_by_rule(&legacy, 0.29), 1.0);
        assert_eq!(limit_by_rule(&legacy, 0.31), 2.0);
        assert_eq!(
            describe_rule(&kattis),
            "slowest accepted x 2, rounded up to a multiple of 1 s"
        );
        assert_eq!(
            describe_rule(&legacy),
            "slowest accepted x 5, rounded to whole seconds (at least 1 s)"
        );
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
