//! judge-verify: `judge verify` and `judge stress`.
//!
//! `judge verify` proves that a problem's reference, tests and kept submissions agree,
//! and names the exact file when they do not. In the spirit of Kattis problemtools'
//! `verifyproblem` and BAPCtools.
//!
//! It works on the one problem model, so a native problem, a Kattis package and a Polygon
//! package are verified alike. Checks, in order (a failed configuration or build skips
//! the rest): config, build (every program made ready: crates built, sources compiled in
//! the sandbox, a compiler's message when one fails), tests, validator, recipe,
//! reference, answers (checker problems), visualizer (a problem with one: it draws each
//! sample answer), submissions, time limits, and a `warnings` row
//! for what the loader noticed. The time-limit rule follows the problem's format
//! (problemtools): the limit is at least the slowest accepted submission's CPU time x
//! the accepted factor (2 natively; Kattis legacy `time_multiplier`, 2023-07
//! `ac_to_time_limit`), each language with its multiplier, and every
//! time_limit_exceeded submission runs past the limit x the too-slow factor (1.5; legacy
//! `time_safety_margin`, 2023-07 `time_limit_to_tle`) on some test. A package that gives
//! no limit gets the one its rule infers from the accepted submissions.

pub mod stress;
pub mod submissions;

use judge_core::checker::Checker;
use judge_core::judge::{Judge, JudgeOptions};
use judge_core::picture::{PictureTests, Visualizer};
use judge_core::Judging;
use judge_core::ReadyProgram;
pub use judge_model::events::runs::{Row, Status};
use judge_model::events::{Event, Listener, Silent};
use judge_model::problem::TimeLimitOrigin;
use judge_model::problem::{OutputCheck, Problem, ValidatorProtocol};
use judge_model::verdict::Picture;
use judge_model::verdict::Verdict;
use judge_packages::stored_limit;
use judge_packages::testdata::{self, ProblemTools};
use serde::Serialize;
use std::path::Path;
use submissions::{judge_submissions, Inference, SubmissionOutcome};

/// A count of things as the summary says it: `1 test`, `2 tests` (`thing`: the singular,
/// whose plural takes an `s`).
pub fn count(count: usize, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
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
    /// The limit the problem's rule gives from this run's accepted times (natively twice
    /// the slowest accepted CPU time in native terms, rounded up to 0.1 s; a package's
    /// own rule otherwise).
    pub suggested_time_limit_s: Option<f64>,
    /// Where the limit in use comes from (given, stored, inferred by this run).
    pub time_limit_origin: TimeLimitOrigin,
    /// What the accepted submissions gave when this run inferred the limit (a package
    /// without one, `--suggest-limits`, `--write-limits`).
    pub inferred: Option<Inference>,
    /// Whether this run stored the limit ([`judge_packages::stored_limit`]).
    pub limit_written: bool,
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
            "visualizer",
            "submissions",
            "time limits",
            "warnings",
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

impl ProblemReport {
    /// What is kept of this run for the teacher's limits page
    /// ([`judge_packages::verify_record`]), as of `verified_at` (RFC 3339).
    pub fn record(&self, verified_at: String) -> judge_packages::verify_record::VerifyRecord {
        use judge_packages::verify_record::Timed;
        let timed = |(file, cpu_s, limit_s): &(String, f64, f64)| Timed {
            file: file.clone(),
            cpu_s: *cpu_s,
            limit_s: *limit_s,
        };
        judge_packages::verify_record::VerifyRecord {
            verified_at,
            passed: self.passed(),
            time_limit_s: self.margins.time_limit_s,
            slowest_accepted: self.margins.slowest_accepted.as_ref().map(timed),
            closest_too_slow: self.margins.closest_too_slow.as_ref().map(timed),
            suggested_time_limit_s: self.margins.suggested_time_limit_s,
        }
    }
}

/// Verify's settings.
#[derive(Debug, Clone)]
pub struct VerifyOptions {
    /// Submissions judged at once.
    pub jobs: usize,
    /// What becomes of a time limit inferred from the accepted submissions.
    pub limits: LimitAction,
    /// Whether a problem without a decided limit gets the inferred one stored (its
    /// first verify decides it): a problem of the contest, yes; a package checked in
    /// place by path, no (it is not the judge's to write into).
    pub store_first_limit: bool,
}

/// What verify does about a limit the accepted submissions give (a package's own rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LimitAction {
    /// Use the decided limit; a problem without one has it inferred (and stored when
    /// [`VerifyOptions::store_first_limit`]).
    #[default]
    Use,
    /// Infer it again, also over a stored one, and show it beside the one in use; write
    /// nothing (`judge verify --suggest-limits`).
    Suggest,
    /// Infer it again and store it (`judge verify --write-limits`): the explicit act that
    /// changes a decided limit.
    Write,
}

/// A path relative to the judge.toml folder, for messages.
pub fn shown(judge: &Judge, path: &Path) -> String {
    path.strip_prefix(&judge.config.root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Verifies a problem of the contest by id. Never fails as a whole: every check is a
/// row, and `listener` hears each row as its check finishes ([`Event::CheckFinished`]).
pub fn verify_problem(
    judge: &Judge,
    id: &str,
    options: &VerifyOptions,
    listener: &mut dyn Listener,
) -> ProblemReport {
    match judge_packages::load(&judge.config, id) {
        Ok(problem) => verify_loaded(judge, problem, options, listener),
        Err(error) => failed_to_load(id, error, listener),
    }
}

/// Tells `listener` the rows of `report` it has not heard yet.
fn send(report: &ProblemReport, sent: &mut usize, listener: &mut dyn Listener) {
    for row in &report.rows[*sent..] {
        listener.on_event(&Event::CheckFinished {
            problem: &report.problem,
            row,
        });
    }
    *sent = report.rows.len();
}

/// The report of a problem that could not be loaded: its config rows name every error.
pub fn failed_to_load(
    id: &str,
    error: judge_model::JudgeError,
    listener: &mut dyn Listener,
) -> ProblemReport {
    let mut report = ProblemReport {
        problem: id.to_string(),
        rows: Vec::new(),
        submissions: Vec::new(),
        margins: Margins::default(),
    };
    match error {
        judge_model::JudgeError::Package(package) => {
            for issue in &package.errors {
                report.row("config", Status::Fail, issue.to_string());
            }
        }
        error => report.row("config", Status::Fail, error.to_string()),
    }
    report.skip_rest("config");
    send(&report, &mut 0, listener);
    report
}

/// Verifies a loaded problem (any format); `listener` hears each row as it is made.
pub fn verify_loaded(
    judge: &Judge,
    problem: Problem,
    options: &VerifyOptions,
    listener: &mut dyn Listener,
) -> ProblemReport {
    let mut sent = 0;
    let mut progress = |report: &ProblemReport| send(report, &mut sent, listener);
    let report = verify_steps(judge, problem, options, &mut progress);
    progress(&report);
    report
}

/// Decides the time limit of a problem that has none (a package that gives none, nothing
/// stored): inferred from its accepted submissions by its format's rule and stored in
/// its folder, as `judge import` does. `Ok(None)`: its limit was decided already.
pub fn store_inferred_limit(judge: &Judge, problem: &Problem) -> Result<Option<Inference>, String> {
    if problem.time_rule.is_decided() {
        return Ok(None);
    }
    let judging = judge.judging(problem).map_err(|e| e.to_string())?;
    let inference = submissions::infer_time_limit(judge, problem, &judging)?;
    stored_limit::write(&problem.dir, inference.limit_s).map_err(|e| e.to_string())?;
    Ok(Some(inference))
}

/// Infers the limit from the accepted submissions when the problem has none decided or
/// `options` ask for it again, and adopts it (stored, or for this run only) as
/// `options` say. `Err`: why no limit could be had; the rest is not verified.
fn decide_time_limit(
    judge: &Judge,
    problem: &mut Problem,
    judging: &judge_core::Judging,
    options: &VerifyOptions,
    report: &mut ProblemReport,
) -> Result<(), String> {
    let origin = problem.time_rule.origin;
    report.margins.time_limit_origin = origin;
    let infer = match origin {
        TimeLimitOrigin::Undecided => true,
        TimeLimitOrigin::Stored => options.limits != LimitAction::Use,
        TimeLimitOrigin::Given { file } if options.limits == LimitAction::Write => {
            return Err(format!(
                "{file} gives the time limit: --write-limits stores only a limit inferred for a package that gives none (change it in {file})"
            ));
        }
        TimeLimitOrigin::Given { .. } | TimeLimitOrigin::Inferred => false,
    };
    if !infer {
        return Ok(());
    }
    let inference = submissions::infer_time_limit(judge, problem, judging)?;
    report.margins.inferred = Some(inference.clone());
    let write = match options.limits {
        LimitAction::Write => true,
        LimitAction::Use => origin == TimeLimitOrigin::Undecided && options.store_first_limit,
        LimitAction::Suggest => false,
    };
    let adopted = if write {
        stored_limit::write(&problem.dir, inference.limit_s).map_err(|e| e.to_string())?;
        report.margins.limit_written = true;
        TimeLimitOrigin::Stored
    } else if origin == TimeLimitOrigin::Undecided {
        TimeLimitOrigin::Inferred
    } else {
        // --suggest-limits over a stored limit: shown, the stored one kept.
        return Ok(());
    };
    problem.limits.time_s = inference.limit_s;
    problem.time_rule.origin = adopted;
    report.margins.time_limit_s = inference.limit_s;
    report.margins.time_limit_origin = adopted;
    Ok(())
}

/// The "time limits" row's words for where the limit comes from and, when this run
/// inferred it, what the accepted submissions gave.
fn origin_detail(margins: &Margins) -> String {
    let inferred = margins.inferred.as_ref().map(|inference| {
        let (file, cpu) = &inference.slowest;
        format!(
            "{} s by the rule ({}: {file} at {cpu:.3} s)",
            stored_limit::format_seconds(inference.limit_s),
            inference.rule
        )
    });
    let origin = margins.time_limit_origin;
    match (origin, inferred) {
        (TimeLimitOrigin::Stored, Some(inferred)) if margins.limit_written => {
            format!(", from the accepted submissions, stored in .timelimit by this run: {inferred}")
        }
        (TimeLimitOrigin::Stored, Some(inferred)) => format!(
            ", {}; the accepted submissions now give {inferred}; not written (judge verify --write-limits stores it)",
            origin.describe()
        ),
        (TimeLimitOrigin::Inferred, Some(inferred)) => format!(
            ", from the accepted submissions, inferred by this run and not stored: {inferred} (judge verify --write-limits, or judge import, stores it)"
        ),
        (origin, _) => format!(", {}", origin.describe()),
    }
}

/// The checks in order; `progress` is called after each.
fn verify_steps(
    judge: &Judge,
    mut problem: Problem,
    options: &VerifyOptions,
    progress: &mut dyn FnMut(&ProblemReport),
) -> ProblemReport {
    let mut report = ProblemReport {
        problem: problem.id.clone(),
        rows: Vec::new(),
        submissions: Vec::new(),
        margins: Margins::default(),
    };
    report.margins.time_limit_s = problem.limits.time_s;
    report.row(
        "config",
        Status::Pass,
        format!(
            "{} ({}; {}, {} MiB{})",
            problem.title,
            problem.format.describe(),
            // A limit the problem's own file gives is just its figure here (the "time
            // limits" row names the file); one from the accepted submissions says so.
            match problem.time_rule.origin {
                TimeLimitOrigin::Given { .. } => format!("{} s", problem.limits.time_s),
                TimeLimitOrigin::Undecided =>
                    "no time limit decided yet: inferred below from the accepted submissions"
                        .to_string(),
                origin => format!(
                    "{} s {}",
                    stored_limit::format_seconds(problem.limits.time_s),
                    origin.describe()
                ),
            },
            problem.limits.memory_mib,
            if problem.groups.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} groups worth {}",
                    problem.groups.len(),
                    judge_model::text::points(problem.group_points())
                )
            }
        ),
    );
    progress(&report);
    let (tools, validators) = match prepare_all(judge, &problem) {
        Ok(ready) => ready,
        Err(errors) => {
            for error in errors {
                report.row("build", Status::Fail, error);
            }
            report.skip_rest("build");
            return report;
        }
    };
    report.row(
        "build",
        Status::Pass,
        format!("{} ready", programs_summary(&problem, validators.len())),
    );
    progress(&report);
    let samples = problem
        .tests
        .iter()
        .filter(|t| t.group == judge_model::problem::TestGroup::Sample)
        .count();
    report.row(
        "tests",
        Status::Pass,
        format!(
            "{} ({samples} sample, {} secret)",
            count(problem.tests.len(), "test"),
            problem.tests.len() - samples
        ),
    );
    progress(&report);
    check_validator(judge, &problem, &validators, options, &mut report);
    progress(&report);
    check_recipe(judge, &problem, &tools, options, &mut report);
    progress(&report);
    let judging = match judge.judging(&problem) {
        Ok(judging) => judging,
        Err(error) => {
            report.row("reference", Status::Fail, error.to_string());
            report.skip_rest("reference");
            return report;
        }
    };
    if let Err(message) = decide_time_limit(judge, &mut problem, &judging, options, &mut report) {
        report.row("time limits", Status::Fail, message);
        report.skip_rest("time limits");
        return report;
    }
    check_reference(judge, &problem, &tools, &judging, &mut report);
    progress(&report);
    check_answers(judge, &problem, &judging, &mut report);
    progress(&report);
    check_visualizer(judge, &problem, &mut report);
    progress(&report);
    let outcomes = judge_submissions(judge, &problem, &judging, options.jobs);
    let judged: Vec<&SubmissionOutcome> = outcomes.iter().filter(|o| o.skipped.is_none()).collect();
    let mismatches: Vec<&&SubmissionOutcome> = judged.iter().filter(|o| !o.as_filed()).collect();
    let skipped = outcomes.len() - judged.len();
    let skipped_note = if skipped > 0 {
        format!(
            "; {skipped} skipped ({})",
            outcomes
                .iter()
                .filter_map(|o| o.skipped.as_ref().map(|why| format!("{}: {why}", o.file)))
                .collect::<Vec<_>>()
                .join("; ")
        )
    } else {
        String::new()
    };
    if judged.is_empty() {
        report.row(
            "submissions",
            Status::Fail,
            format!(
                "no submissions to judge in {}/submissions{skipped_note}",
                shown(judge, &problem.dir)
            ),
        );
    } else if mismatches.is_empty() {
        report.row(
            "submissions",
            Status::Pass,
            format!(
                "{}, each got the verdict it is filed under{skipped_note}",
                count(judged.len(), "submission")
            ),
        );
    } else {
        for outcome in &mismatches {
            report.row("submissions", Status::Fail, outcome.mismatch());
        }
    }
    report.submissions = outcomes;
    progress(&report);
    check_time_limits(&problem, &mut report);
    progress(&report);
    if problem.warnings.is_empty() {
        report.row("warnings", Status::Pass, "none");
    } else {
        for warning in &problem.warnings {
            report.row("warnings", Status::Pass, format!("warning: {warning}"));
        }
    }
    report
}

/// What the build row made ready, in words.
fn programs_summary(problem: &Problem, validators: usize) -> String {
    let mut parts = Vec::new();
    match &problem.output {
        OutputCheck::Checker { program, .. } => parts.push(format!("checker {}", program.name)),
        OutputCheck::Interactive { program, .. } => {
            parts.push(format!("interactor {}", program.name))
        }
        OutputCheck::Compare(_) => {}
    }
    if validators > 0 {
        parts.push(count(validators, "validator"));
    }
    if let Some(generator) = &problem.generator {
        parts.push(format!("generator {}", generator.name));
    }
    if let Some(reference) = &problem.reference {
        parts.push(format!("reference {}", reference.name));
    }
    if let Some(visualizer) = &problem.visualizer {
        parts.push(format!("visualizer {}", visualizer.name));
    }
    if parts.is_empty() {
        "nothing to build:".to_string() + " no programs"
    } else {
        parts.join(", ")
    }
}

/// An input validator made ready: the program, its exit codes, its name.
type ReadyValidator = (ReadyProgram, ValidatorProtocol, String);

/// Every program of the problem made ready; every failure (a crate that does not build,
/// a source that does not compile, with the compiler's message) when some fail.
fn prepare_all(
    judge: &Judge,
    problem: &Problem,
) -> Result<(ProblemTools, Vec<ReadyValidator>), Vec<String>> {
    let mut errors = Vec::new();
    let mut validators = Vec::new();
    for validator in &problem.validators {
        match judge.prepare(&validator.program) {
            Ok(ready) => {
                validators.push((ready, validator.protocol, validator.program.name.clone()))
            }
            Err(error) => errors.push(format!("validator {}: {error}", validator.program.name)),
        }
    }
    if let OutputCheck::Checker { program, .. } | OutputCheck::Interactive { program, .. } =
        &problem.output
    {
        if let Err(error) = judge.prepare(program) {
            errors.push(format!("{}: {error}", program.name));
        }
    }
    if let Some(visualizer) = &problem.visualizer {
        if let Err(error) = judge.prepare(visualizer) {
            errors.push(format!("visualizer {}: {error}", visualizer.name));
        }
    }
    let tools = match testdata::tools(judge, problem) {
        Ok(tools) => Some(tools),
        Err(error) => {
            errors.push(error.to_string());
            None
        }
    };
    match tools {
        Some(tools) if errors.is_empty() => Ok((tools, validators)),
        _ => Err(errors),
    }
}

fn check_validator(
    judge: &Judge,
    problem: &Problem,
    validators: &[ReadyValidator],
    options: &VerifyOptions,
    report: &mut ProblemReport,
) {
    if validators.is_empty() {
        if problem.capabilities.validator_required {
            report.row(
                "validator",
                Status::Fail,
                format!(
                    "{}/problem.toml names no [validator]",
                    shown(judge, &problem.dir)
                ),
            );
        } else {
            report.row(
                "validator",
                Status::Skip,
                "the package has no input validator",
            );
        }
        return;
    }
    let failures: Vec<String> =
        judge_core::parallel_map(&problem.tests, options.jobs, |_, test| {
            let input = std::fs::read(&test.input).unwrap_or_default();
            for (validator, protocol, name) in validators {
                let valid = protocol.valid_exit();
                let args = protocol.arguments(&test.validator_args);
                match judge.run_program(validator, args, &input, &[]) {
                    Ok(out) if out.code == Some(valid) && !out.timed_out => {}
                    Ok(out) => {
                        return Some(format!(
                            "{}: {name} says invalid (exit {}): {}",
                            shown(judge, &test.input),
                            out.code.map_or("none".to_string(), |c| c.to_string()),
                            first_line(&out)
                        ))
                    }
                    Err(error) => return Some(error.to_string()),
                }
            }
            None
        })
        .into_iter()
        .flatten()
        .collect();
    match failures.first() {
        None => report.row(
            "validator",
            Status::Pass,
            format!(
                "all {} valid ({})",
                count(problem.tests.len(), "input"),
                count(validators.len(), "validator")
            ),
        ),
        Some(first) => report.row(
            "validator",
            Status::Fail,
            format!("{first}{}", more(failures.len())),
        ),
    }
}

/// A tool's first line of stderr, else of stdout.
fn first_line(out: &judge_core::ToolOutput) -> String {
    let line = out.first_error_line();
    if line.is_empty() {
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
            .to_string()
    } else {
        line
    }
}

fn more(count: usize) -> String {
    if count > 1 {
        format!(" (and {} more)", count - 1)
    } else {
        String::new()
    }
}

/// The offset of the first byte at which two files differ (the shorter one's length when
/// one is the other's start).
fn first_difference(stored: &[u8], made: &[u8]) -> usize {
    stored
        .iter()
        .zip(made)
        .position(|(a, b)| a != b)
        .unwrap_or(stored.len().min(made.len()))
}

fn check_recipe(
    judge: &Judge,
    problem: &Problem,
    tools: &ProblemTools,
    options: &VerifyOptions,
    report: &mut ProblemReport,
) {
    if !problem.capabilities.tests_from_recipe {
        if problem.generated.is_empty() {
            report.row("recipe", Status::Skip, "the package stores its tests");
        } else {
            check_generated(judge, problem, options, report);
        }
        return;
    }
    let recipe = &problem.recipe;
    if recipe.is_empty() && problem.generator.is_none() {
        // A problem of data only: its tests are made by hand and stored.
        report.row(
            "recipe",
            Status::Skip,
            "no [generator]: the stored tests are the problem's own",
        );
        return;
    }
    if recipe.is_empty() {
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
    let made = judge_core::parallel_map(recipe, options.jobs, |index, entry| {
        let first = testdata::generate(judge, tools, entry)?;
        let second = testdata::generate(judge, tools, entry)?;
        // An interactive problem's answer is the interactor's TOUT of the reference's
        // session (testdata::reference_answer).
        let answer = Some(testdata::reference_answer(
            judge,
            tools,
            &entry.name,
            &first,
        )?);
        Ok::<_, judge_model::JudgeError>((index, first, second, answer))
    });
    let mut problems = Vec::new();
    for item in made {
        match item {
            Err(error) => problems.push(error.to_string()),
            Ok((index, input, again, answer)) => {
                let recipe = &problem.recipe[index];
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
                if answer.as_ref().is_some_and(|answer| {
                    std::fs::read(&answer_path).is_ok_and(|stored| &stored != answer)
                }) {
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
                        let at = first_difference(&stored, &input);
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
    for stray in testdata::strays(&problem.testdata_dir, &problem.recipe) {
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
                problem.recipe.len()
            ),
        ),
        Some(first) => report.row(
            "recipe",
            Status::Fail,
            format!("{first}{}", more(problems.len())),
        ),
    }
}

/// A package's generated tests (Polygon): each generator, built like any package
/// program, is run twice with the test's arguments; both runs must print the stored
/// input.
fn check_generated(
    judge: &Judge,
    problem: &Problem,
    options: &VerifyOptions,
    report: &mut ProblemReport,
) {
    let made = judge_core::parallel_map(&problem.generated, options.jobs, |_, entry| {
        let generator = judge.prepare(&entry.generator)?;
        let first = testdata::run_generator(judge, &generator, &entry.test, &entry.args)?;
        let second = testdata::run_generator(judge, &generator, &entry.test, &entry.args)?;
        Ok::<_, judge_model::JudgeError>((first, second))
    });
    let mut problems = Vec::new();
    for (entry, item) in problem.generated.iter().zip(made) {
        let generator = Path::new(&entry.generator.name)
            .file_stem()
            .map_or(entry.generator.name.clone(), |s| {
                s.to_string_lossy().into_owned()
            });
        let command = format!("{generator} {}", entry.args.join(" "));
        let stored = problem
            .tests
            .iter()
            .find(|t| t.name == entry.test)
            .map(|t| t.input.clone());
        match (item, stored) {
            (Err(error), _) => problems.push(error.to_string()),
            (Ok(_), None) => problems.push(format!("{}: no such test", entry.test)),
            (Ok((input, again)), Some(path)) => {
                if input != again {
                    problems.push(format!(
                        "{}: the generator is not reproducible: two runs of `{command}` gave different bytes",
                        entry.test
                    ));
                    continue;
                }
                match std::fs::read(&path) {
                    Err(error) => {
                        problems.push(format!("{}: cannot be read: {error}", shown(judge, &path)))
                    }
                    Ok(stored) if stored != input => {
                        let at = first_difference(&stored, &input);
                        problems.push(format!(
                            "{} ({}): differs from what `{command}` makes (first difference at byte {at})",
                            shown(judge, &path),
                            entry.test
                        ));
                    }
                    Ok(_) => {}
                }
            }
        }
    }
    match problems.first() {
        None => report.row(
            "recipe",
            Status::Pass,
            format!(
                "the package's generators rebuild all {} generated inputs byte for byte, twice alike",
                problem.generated.len()
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
    let Some(reference) = &tools.reference else {
        report.row(
            "reference",
            Status::Skip,
            "no reference solution: the accepted submissions stand for it",
        );
        return;
    };
    let options = JudgeOptions::default();
    let judged = match reference {
        ReadyProgram::Host { binary, .. } => {
            judge.judge_executable(problem, binary, judging, &options, &mut Silent)
        }
        ReadyProgram::Boxed(_) => match problem.reference.as_ref().map(|p| &p.kind) {
            Some(judge_model::ProgramKind::Sources { files, language }) => {
                submissions::judge_sources(
                    judge,
                    problem,
                    judging,
                    files
                        .first()
                        .map(std::path::PathBuf::as_path)
                        .unwrap_or(&problem.dir),
                    files,
                    language.as_deref(),
                    &options,
                )
            }
            _ => Err(judge_model::JudgeError::file(
                "reference",
                &problem.dir,
                "is not a source program or a crate binary",
            )),
        },
    };
    match judged {
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
                            "AC on all {}; slowest {name} at {cpu:.3} s CPU ({:.0} % of the limit)",
                            count(result.tests.len(), "test"),
                            100.0 * cpu / problem.limits.time_s
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
    if !problem.capabilities.answers_are_outputs {
        // A Kattis answer file is what the output validator is given, not an output.
        return;
    }
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
) -> judge_model::Result<Option<String>> {
    let mut boxed = judge
        .sandbox()
        .acquire()
        .map_err(|e| judge_model::JudgeError::sandbox("taking a box", e))?;
    let scratch = boxed.scratch_dir().to_path_buf();
    for test in &problem.tests {
        let comparison = checker.check(&mut boxed, test, &test.answer, &scratch)?;
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

/// Draws each sample test's answer with the problem's visualizer, where answers are
/// outputs: a visualizer that cannot draw its own answers would show students a note
/// instead of a picture. No row for a problem without one.
fn check_visualizer(judge: &Judge, problem: &Problem, report: &mut ProblemReport) {
    if !problem.capabilities.answers_are_outputs {
        return;
    }
    let Some(pictures) = judge.pictures(problem, PictureTests::Samples) else {
        return;
    };
    match answers_drawn(judge, problem, &pictures.visualizer) {
        Ok(Ok(drawn)) => report.row(
            "visualizer",
            Status::Pass,
            format!("it draws every sample answer ({drawn})"),
        ),
        Ok(Err(failure)) => report.row("visualizer", Status::Fail, failure),
        Err(error) => report.row("visualizer", Status::Fail, error.to_string()),
    }
}

/// Draws each sample's answer as its output: how many were drawn, or the first note.
fn answers_drawn(
    judge: &Judge,
    problem: &Problem,
    visualizer: &Visualizer,
) -> judge_model::Result<Result<usize, String>> {
    let mut boxed = judge
        .sandbox()
        .acquire()
        .map_err(|e| judge_model::JudgeError::sandbox("taking a box", e))?;
    let scratch = boxed.scratch_dir().to_path_buf();
    let samples: Vec<_> = problem
        .tests
        .iter()
        .filter(|t| PictureTests::Samples.includes(t))
        .collect();
    for test in &samples {
        if let Picture::Note { note } = visualizer.draw(&mut boxed, test, &test.answer, &scratch)? {
            return Ok(Err(format!(
                "{}: no picture of its own answer ({note})",
                shown(judge, &test.answer)
            )));
        }
    }
    Ok(Ok(samples.len()))
}

fn check_time_limits(problem: &Problem, report: &mut ProblemReport) {
    let rule = problem.time_rule;
    let mut failures = Vec::new();
    let accepted: Vec<&SubmissionOutcome> = report
        .submissions
        .iter()
        .filter(|o| o.expected_verdict == Some(Verdict::AC) && o.as_filed() && !o.brute_force)
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
        report.margins.suggested_time_limit_s = Some(submissions::limit_by_rule(&rule, native));
    }
    for outcome in &accepted {
        if outcome.max_cpu_time_s * rule.accepted_factor > outcome.limit_s + 1e-9 {
            failures.push(format!(
                "{}: accepted but uses {:.3} s of its {:.2} s limit; the limit must be at least {} x that (judge verify --suggest-limits)",
                outcome.file, outcome.max_cpu_time_s, outcome.limit_s, rule.accepted_factor
            ));
        }
    }
    let too_slow: Vec<&SubmissionOutcome> = report
        .submissions
        .iter()
        .filter(|o| o.expected_verdict == Some(Verdict::TLE) && o.skipped.is_none())
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
                "{}: filed as too slow, but never ran past {} x its {:.2} s limit (largest CPU time {:.3} s)",
                outcome.file, rule.too_slow_factor, outcome.limit_s, outcome.max_cpu_time_s
            ));
        }
    }
    let margins = &report.margins;
    let detail = format!(
        "limit {:.2} s{}{}{}",
        margins.time_limit_s,
        origin_detail(margins),
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

#[cfg(test)]
mod tests {
    use super::count;

    /// Issue 30's walk, item 16: "1 tests" and "1 submissions" no more.
    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(count(1, "test"), "1 test");
        assert_eq!(count(1, "submission"), "1 submission");
        assert_eq!(count(0, "problem"), "0 problems");
        assert_eq!(count(7, "test"), "7 tests");
    }
}
