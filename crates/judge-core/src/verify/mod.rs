//! `judge verify`: proves that a problem's reference, tests and kept submissions agree,
//! and names the exact file when they do not. In the spirit of Kattis problemtools'
//! `verifyproblem` and BAPCtools.
//!
//! Checks, in order (a failed build or configuration skips the rest):
//! config, build, tests, validator, recipe, reference, answers (checker problems),
//! submissions, time limits. The time-limit rule follows problemtools: the limit is at
//! least twice the slowest accepted submission's CPU time (each language with its
//! multiplier), and every time_limit_exceeded submission runs past 1.5 x the limit on
//! some test (it is judged at 1.5 x the limit to show it).

pub mod submissions;

use crate::compare::checker::Checker;
use crate::config::problem_toml::ProblemToml;
use crate::events::{Event, Listener, Silent};
use crate::judge::{Judge, JudgeOptions};
use crate::problem::Problem;
use crate::run_test::Judging;
use crate::testdata::{self, ProblemTools};
use crate::verdict::Verdict;
use serde::Serialize;
use std::path::Path;
use submissions::{judge_submissions, SubmissionOutcome};

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

/// The time limit and how far the submissions are from it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Margins {
    /// The problem's CPU limit for native languages.
    pub time_limit_s: f64,
    /// The reference's slowest test and its CPU time.
    pub reference_slowest: Option<(String, f64)>,
    /// The accepted submission closest to its limit: file, CPU time, its language's limit.
    pub slowest_accepted: Option<(String, f64, f64)>,
    /// The too-slow submission closest to its limit: file, its largest CPU time seen, its
    /// language's limit.
    pub closest_too_slow: Option<(String, f64, f64)>,
    /// The limit the rule gives: twice the slowest accepted CPU time in native terms,
    /// rounded up to 0.1 s.
    pub suggested_time_limit_s: Option<f64>,
}

/// Everything verify found about one problem.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProblemReport {
    /// The problem's id.
    pub problem: String,
    /// The table.
    pub rows: Vec<Row>,
    /// Each kept submission's outcome.
    pub submissions: Vec<SubmissionOutcome>,
    /// Time-limit margins.
    pub margins: Margins,
}

impl ProblemReport {
    /// True when no check failed.
    pub fn passed(&self) -> bool {
        self.rows.iter().all(|r| r.status != Status::Fail)
    }

    fn row(&mut self, check: &str, status: Status, detail: impl Into<String>) {
        self.rows.push(Row {
            check: check.to_string(),
            status,
            detail: detail.into(),
        });
    }

    fn skip_rest(&mut self, from: &str) {
        let all = [
            "config",
            "build",
            "tests",
            "validator",
            "recipe",
            "reference",
            "answers",
            "submissions",
            "time limits",
        ];
        let start = all
            .iter()
            .position(|c| *c == from)
            .map_or(all.len(), |i| i + 1);
        for check in &all[start..] {
            self.row(check, Status::Skip, "an earlier check failed");
        }
    }
}

/// Verify's settings.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Submissions judged at once.
    pub jobs: usize,
}

/// A path relative to the judge.toml folder, for messages.
pub fn shown(judge: &Judge, path: &Path) -> String {
    path.strip_prefix(&judge.config.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Verifies one problem. Never fails as a whole: every check is a row, and `listener`
/// hears each row as its check finishes ([`Event::CheckFinished`]).
pub fn verify_problem(
    judge: &Judge,
    id: &str,
    options: &VerifyOptions,
    listener: &mut dyn Listener,
) -> ProblemReport {
    let mut sent = 0;
    let mut progress = |report: &ProblemReport| {
        for row in &report.rows[sent..] {
            listener.on_event(&Event::CheckFinished {
                problem: &report.problem,
                row,
            });
        }
        sent = report.rows.len();
    };
    let report = verify_steps(judge, id, options, &mut progress);
    progress(&report);
    report
}

/// The checks in order; `progress` is called after each.
fn verify_steps(
    judge: &Judge,
    id: &str,
    options: &VerifyOptions,
    progress: &mut dyn FnMut(&ProblemReport),
) -> ProblemReport {
    let mut report = ProblemReport {
        problem: id.to_string(),
        rows: Vec::new(),
        submissions: Vec::new(),
        margins: Margins::default(),
    };
    if let Err(error) = crate::problem_id::check(&judge.config, id) {
        report.row("config", Status::Fail, error.to_string());
        report.skip_rest("config");
        return report;
    }
    let dir = judge.config.problem_dir(id);
    let toml = match ProblemToml::load(&dir.join("problem.toml")) {
        Ok(toml) => toml,
        Err(error) => {
            report.row("config", Status::Fail, error.to_string());
            report.skip_rest("config");
            return report;
        }
    };
    report.margins.time_limit_s = toml.limits.time_s;
    report.row(
        "config",
        Status::Pass,
        format!(
            "{} ({} s, {} MiB)",
            toml.title, toml.limits.time_s, toml.limits.memory_mib
        ),
    );
    progress(&report);
    let tools = match testdata::tools(judge.builder(), id, &dir, &toml) {
        Ok(tools) => tools,
        Err(error) => {
            report.row("build", Status::Fail, error.to_string());
            report.skip_rest("build");
            return report;
        }
    };
    report.row(
        "build",
        Status::Pass,
        format!("{} built", shown(judge, &dir)),
    );
    progress(&report);
    let problem = match judge.problem(id) {
        Ok(problem) => problem,
        Err(error) => {
            report.row("tests", Status::Fail, error.to_string());
            report.skip_rest("tests");
            return report;
        }
    };
    let samples = problem
        .tests
        .iter()
        .filter(|t| t.name.starts_with("sample/"))
        .count();
    report.row(
        "tests",
        Status::Pass,
        format!(
            "{} tests ({samples} sample, {} secret)",
            problem.tests.len(),
            problem.tests.len() - samples
        ),
    );
    progress(&report);
    check_validator(judge, &problem, &tools, options, &mut report);
    progress(&report);
    check_recipe(judge, &problem, &toml, &tools, options, &mut report);
    progress(&report);
    let judging = match judge.judging(&problem) {
        Ok(judging) => judging,
        Err(error) => {
            report.row("reference", Status::Fail, error.to_string());
            report.skip_rest("reference");
            return report;
        }
    };
    check_reference(judge, &problem, &tools, &judging, &mut report);
    progress(&report);
    check_answers(judge, &problem, &judging, &mut report);
    progress(&report);
    let outcomes = judge_submissions(judge, &problem, &judging, options.jobs);
    let mismatches: Vec<&SubmissionOutcome> = outcomes.iter().filter(|o| !o.as_filed()).collect();
    if outcomes.is_empty() {
        report.row(
            "submissions",
            Status::Fail,
            format!(
                "no submissions in {}/submissions",
                shown(judge, &problem.dir)
            ),
        );
    } else if mismatches.is_empty() {
        report.row(
            "submissions",
            Status::Pass,
            format!(
                "{} submissions, each got the verdict it is filed under",
                outcomes.len()
            ),
        );
    } else {
        for outcome in &mismatches {
            report.row("submissions", Status::Fail, outcome.mismatch());
        }
    }
    report.submissions = outcomes;
    progress(&report);
    check_time_limits(&mut report);
    report
}

fn check_validator(
    judge: &Judge,
    problem: &Problem,
    tools: &ProblemTools,
    options: &VerifyOptions,
    report: &mut ProblemReport,
) {
    let Some(validator) = &tools.validator else {
        report.row(
            "validator",
            Status::Fail,
            format!(
                "{}/problem.toml names no [validator]",
                shown(judge, &problem.dir)
            ),
        );
        return;
    };
    let failures: Vec<String> = crate::parallel::map(&problem.tests, options.jobs, |_, test| {
        let input = std::fs::read(&test.input).unwrap_or_default();
        match crate::tool::run_tool(validator, &[], &input, testdata::TOOL_TIMEOUT) {
            Ok(out) if out.success() => None,
            Ok(out) => Some(format!(
                "{}: {}",
                shown(judge, &test.input),
                out.first_error_line()
            )),
            Err(error) => Some(error.to_string()),
        }
    })
    .into_iter()
    .flatten()
    .collect();
    match failures.first() {
        None => report.row(
            "validator",
            Status::Pass,
            format!("all {} inputs valid", problem.tests.len()),
        ),
        Some(first) => report.row(
            "validator",
            Status::Fail,
            format!("{first}{}", more(failures.len())),
        ),
    }
}

fn more(count: usize) -> String {
    if count > 1 {
        format!(" (and {} more)", count - 1)
    } else {
        String::new()
    }
}

fn check_recipe(
    judge: &Judge,
    problem: &Problem,
    toml: &ProblemToml,
    tools: &ProblemTools,
    options: &VerifyOptions,
    report: &mut ProblemReport,
) {
    if toml.tests.is_empty() {
        report.row(
            "recipe",
            Status::Fail,
            format!(
                "{}/problem.toml has no [[tests]] recipe",
                shown(judge, &problem.dir)
            ),
        );
        return;
    }
    // Each input is made twice (a generator that reads the clock or the process id gives
    // itself away), and the reference's answer is compared with the stored one too.
    let made = crate::parallel::map(&toml.tests, options.jobs, |index, recipe| {
        let first = testdata::generate(tools, recipe)?;
        let second = testdata::generate(tools, recipe)?;
        let answer = testdata::reference_answer(tools, &recipe.name, &first)?;
        Ok::<_, crate::JudgeError>((index, first, second, answer))
    });
    let mut problems = Vec::new();
    for item in made {
        match item {
            Err(error) => problems.push(error.to_string()),
            Ok((index, input, again, answer)) => {
                let recipe = &toml.tests[index];
                let path = problem.testdata_dir.join(format!("{}.in", recipe.name));
                if input != again {
                    problems.push(format!(
                        "{}: the generator is not reproducible: two runs with {:?} gave different bytes",
                        shown(judge, &path),
                        recipe.args
                    ));
                    continue;
                }
                let answer_path = problem.testdata_dir.join(format!("{}.ans", recipe.name));
                if std::fs::read(&answer_path).is_ok_and(|stored| stored != answer) {
                    problems.push(format!(
                        "{}: differs from the reference's output on its input; rebuild with `judge testdata build {}`",
                        shown(judge, &answer_path),
                        problem.id
                    ));
                }
                match std::fs::read(&path) {
                    Err(_) => problems.push(format!(
                        "{}: missing (the recipe makes it: {:?})",
                        shown(judge, &path),
                        recipe.args
                    )),
                    Ok(stored) if stored != input => {
                        let at = stored
                            .iter()
                            .zip(&input)
                            .position(|(a, b)| a != b)
                            .unwrap_or(stored.len().min(input.len()));
                        problems.push(format!(
                            "{}: differs from what the generator makes with {:?} (first difference at byte {at}); rebuild with `judge testdata build {}`",
                            shown(judge, &path),
                            recipe.args,
                            problem.id
                        ));
                    }
                    Ok(_) => {}
                }
            }
        }
    }
    for stray in testdata::strays(&problem.testdata_dir, toml) {
        problems.push(format!(
            "{}: no [[tests]] entry of the recipe makes it",
            shown(judge, &stray)
        ));
    }
    match problems.first() {
        None => report.row(
            "recipe",
            Status::Pass,
            format!(
                "the recipe rebuilds all {} inputs and answers byte for byte, twice alike",
                toml.tests.len()
            ),
        ),
        Some(first) => report.row(
            "recipe",
            Status::Fail,
            format!("{first}{}", more(problems.len())),
        ),
    }
}

fn check_reference(
    judge: &Judge,
    problem: &Problem,
    tools: &ProblemTools,
    judging: &Judging,
    report: &mut ProblemReport,
) {
    let options = JudgeOptions::default();
    match judge.judge_executable(problem, &tools.reference, judging, &options, &mut Silent) {
        Err(error) => report.row("reference", Status::Fail, error.to_string()),
        Ok(result) => {
            let slowest = result
                .tests
                .iter()
                .max_by(|a, b| a.cpu_time_s.total_cmp(&b.cpu_time_s))
                .map(|t| (t.name.clone(), t.cpu_time_s));
            report.margins.reference_slowest = slowest.clone();
            match result.tests.iter().find(|t| t.verdict != Verdict::AC) {
                None => {
                    let (name, cpu) = slowest.unwrap_or_default();
                    report.row(
                        "reference",
                        Status::Pass,
                        format!(
                            "AC on all {} tests; slowest {name} at {cpu:.3} s CPU ({:.0} % of the limit)",
                            result.tests.len(),
                            100.0 * cpu / problem.toml.limits.time_s
                        ),
                    );
                }
                Some(test) => {
                    let answer = problem.testdata_dir.join(format!("{}.ans", test.name));
                    report.row(
                        "reference",
                        Status::Fail,
                        format!(
                            "{}: the reference gets {} ({})",
                            shown(judge, &answer),
                            test.verdict,
                            test.message
                        ),
                    );
                }
            }
        }
    }
}

fn check_answers(judge: &Judge, problem: &Problem, judging: &Judging, report: &mut ProblemReport) {
    let Judging::Checker(checker) = judging else {
        return;
    };
    match answers_accepted(judge, problem, checker) {
        Ok(None) => report.row(
            "answers",
            Status::Pass,
            format!(
                "the checker accepts all {} answers as outputs",
                problem.tests.len()
            ),
        ),
        Ok(Some(failure)) => report.row("answers", Status::Fail, failure),
        Err(error) => report.row("answers", Status::Fail, error.to_string()),
    }
}

/// Runs the checker with each answer as the output; the first rejection, if any.
fn answers_accepted(
    judge: &Judge,
    problem: &Problem,
    checker: &Checker,
) -> crate::Result<Option<String>> {
    let mut boxed = judge
        .sandbox()
        .acquire()
        .map_err(|e| crate::JudgeError::sandbox("taking a box", e))?;
    let scratch = boxed.scratch_dir().to_path_buf();
    for test in &problem.tests {
        let comparison = checker.check(
            &mut boxed,
            &test.input,
            &test.answer,
            &test.answer,
            &scratch,
        )?;
        if comparison.verdict != Verdict::AC {
            return Ok(Some(format!(
                "{}: the checker gives its own answer {} ({})",
                shown(judge, &test.answer),
                comparison.verdict,
                comparison.message
            )));
        }
    }
    Ok(None)
}

fn check_time_limits(report: &mut ProblemReport) {
    let mut failures = Vec::new();
    let accepted: Vec<&SubmissionOutcome> = report
        .submissions
        .iter()
        .filter(|o| o.expected == Verdict::AC && o.as_filed() && !o.brute_force)
        .collect();
    let slowest = accepted
        .iter()
        .max_by(|a, b| (a.max_cpu_time_s / a.limit_s).total_cmp(&(b.max_cpu_time_s / b.limit_s)));
    if let Some(slowest) = slowest {
        report.margins.slowest_accepted = Some((
            slowest.file.clone(),
            slowest.max_cpu_time_s,
            slowest.limit_s,
        ));
        let native = accepted
            .iter()
            .map(|o| o.max_cpu_time_s * report.margins.time_limit_s / o.limit_s)
            .fold(0.0, f64::max);
        report.margins.suggested_time_limit_s =
            Some(((2.0 * native) * 10.0).ceil().max(1.0) / 10.0);
    }
    for outcome in &accepted {
        if outcome.max_cpu_time_s * 2.0 > outcome.limit_s {
            failures.push(format!(
                "{}: accepted but uses {:.3} s of its {:.2} s limit; the limit must be at least 2 x that (judge verify --suggest-limits)",
                outcome.file, outcome.max_cpu_time_s, outcome.limit_s
            ));
        }
    }
    let too_slow: Vec<&SubmissionOutcome> = report
        .submissions
        .iter()
        .filter(|o| o.expected == Verdict::TLE)
        .collect();
    // Those that waited rather than computed (a wall-clock TLE) have no CPU margin to show.
    report.margins.closest_too_slow = too_slow
        .iter()
        .filter(|o| o.max_cpu_time_s > o.limit_s)
        .min_by(|a, b| (a.max_cpu_time_s / a.limit_s).total_cmp(&(b.max_cpu_time_s / b.limit_s)))
        .map(|o| (o.file.clone(), o.max_cpu_time_s, o.limit_s));
    for outcome in &too_slow {
        if !outcome.exceeds_one_and_a_half {
            failures.push(format!(
                "{}: filed as too slow, but never ran past 1.5 x its {:.2} s limit (largest CPU time {:.3} s)",
                outcome.file, outcome.limit_s, outcome.max_cpu_time_s
            ));
        }
    }
    let margins = &report.margins;
    let detail = format!(
        "limit {:.2} s{}{}",
        margins.time_limit_s,
        margins
            .slowest_accepted
            .as_ref()
            .map(|(file, cpu, limit)| format!(
                "; slowest accepted {file}: {cpu:.3} s of {limit:.2} s ({:.0} %)",
                100.0 * cpu / limit
            ))
            .unwrap_or_default(),
        margins
            .closest_too_slow
            .as_ref()
            .map(|(file, cpu, limit)| format!(
                "; closest too slow {file}: over {cpu:.2} s = {:.1} x its limit",
                cpu / limit
            ))
            .unwrap_or_default()
    );
    if failures.is_empty() {
        report.row("time limits", Status::Pass, detail);
    } else {
        for failure in failures {
            report.row("time limits", Status::Fail, failure);
        }
    }
}
