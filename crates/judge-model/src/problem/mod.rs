//! A problem as the judge uses it, whatever format it came in: one model that every
//! loader produces (tests in order, groups with their scoring, limits, tools, kept
//! submissions), so that nothing downstream knows whether a problem was a native crate,
//! a Kattis package or a Polygon package.
//!
//! The loaders (problem.toml, Kattis, Polygon) are the `judge-packages` crate's, which
//! finds a contest problem by id or opens any folder.

pub mod groups;
pub mod recipe;
pub mod submissions;

pub use groups::{Aggregation, Group, Mark};
pub use recipe::{BruteForce, StressRecipe, TestRecipe};
pub use submissions::{Expected, KeptSubmission};

use crate::compare::{BuiltIn, CheckerProtocol};
use crate::error::{JudgeError, Result};
use crate::language::Language;
use crate::program::Program;
use sandbox::{Limits, MIB};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The two kinds of stored tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TestGroup {
    /// Shown to students; diffs may be shown.
    Sample,
    /// Hidden.
    Secret,
}

impl TestGroup {
    /// The folder name.
    pub fn folder(self) -> &'static str {
        match self {
            TestGroup::Sample => "sample",
            TestGroup::Secret => "secret",
        }
    }
}

/// One stored test.
#[derive(Debug, Clone, PartialEq)]
pub struct TestCase {
    /// `sample/1`, `secret/03-max`, `secret/group1/05` (the path under the test folder,
    /// without the extension).
    pub name: String,
    /// Sample or secret.
    pub group: TestGroup,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file.
    pub answer: PathBuf,
    /// Extra arguments for the output validator or checker on this test (Kattis
    /// `output_validator_flags` / `output_validator_args`).
    pub checker_args: Vec<String>,
    /// Extra arguments for the input validators on this test.
    pub validator_args: Vec<String>,
    /// This test's own comparison, when its group's flags change the default one.
    pub compare: Option<BuiltIn>,
    /// The most this test can earn, in its group's units, where its group sums or takes
    /// the minimum of its tests' scores ([`Group::test_max`]): what a Kattis validator's
    /// `score.txt` is measured against.
    pub max_score: Option<f64>,
}

impl TestCase {
    /// A test with no settings of its own.
    pub fn plain(name: String, group: TestGroup, input: PathBuf, answer: PathBuf) -> TestCase {
        TestCase {
            name,
            group,
            input,
            answer,
            checker_args: Vec::new(),
            validator_args: Vec::new(),
            compare: None,
            max_score: None,
        }
    }
}

/// Which format a problem came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Format {
    /// problem.toml (this repository's own).
    Native,
    /// A Kattis problem package without problem_format_version.
    KattisLegacy,
    /// A Kattis package of `problem_format_version: 2023-07-draft`.
    Kattis2023,
    /// A Kattis package of `problem_format_version: 2025-09`.
    Kattis2025,
    /// A Polygon package (problem.xml).
    Polygon,
    /// An item of a FreeProblemSet (FPS) XML file, unpacked by `judge import` (fps.toml).
    Fps,
}

impl Format {
    /// Its name in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Format::Native => "native problem.toml",
            Format::KattisLegacy => "Kattis package (legacy)",
            Format::Kattis2023 => "Kattis package (2023-07-draft)",
            Format::Kattis2025 => "Kattis package (2025-09)",
            Format::Polygon => "Polygon package",
            Format::Fps => "FPS (FreeProblemSet) item",
        }
    }
}

/// The limits of a submission's run on one test (before judge.toml's language multiplier).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProblemLimits {
    /// CPU seconds for C, C++ and Rust.
    pub time_s: f64,
    /// Memory in MiB.
    pub memory_mib: u64,
    /// Wall-clock seconds (default: 2 x the CPU limit + 1 s).
    pub wall_time_s: Option<f64>,
    /// Output in MiB (default 64).
    pub output_mib: Option<u64>,
}

/// How the time limit relates to the kept submissions' times (verify's rule).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TimeRule {
    /// The limit is at least the slowest accepted time x this.
    pub accepted_factor: f64,
    /// Every too-slow submission runs past the limit x this.
    pub too_slow_factor: f64,
    /// Where the limit comes from: the problem's files, a limit inferred once and stored,
    /// or none decided yet.
    pub origin: TimeLimitOrigin,
    /// An inferred limit is the smallest multiple of this (seconds) that the rule allows
    /// (Kattis 2023-07 and later); `None`: rounded to the nearest whole second, at least
    /// one (legacy Kattis).
    pub resolution: Option<f64>,
}

impl Default for TimeRule {
    fn default() -> Self {
        TimeRule {
            accepted_factor: 2.0,
            too_slow_factor: 1.5,
            origin: TimeLimitOrigin::Given {
                file: "problem.toml",
            },
            resolution: Some(0.1),
        }
    }
}

impl TimeRule {
    /// Whether a limit is decided (given by the problem, or inferred once and stored).
    pub fn is_decided(&self) -> bool {
        self.origin != TimeLimitOrigin::Undecided
    }
}

pub use crate::limit_bounds::STORED_TIME_LIMIT_FILE;

/// The time limit the accepted submissions are measured under while a package's limit is
/// inferred (and the one an undecided problem carries, which nothing else judges under).
pub const PROVISIONAL_TIME_S: f64 = 20.0;

/// Where a problem's time limit comes from. A package that gives none has its limit
/// inferred once from its accepted submissions and stored ([`STORED_TIME_LIMIT_FILE`]);
/// until then it is [`TimeLimitOrigin::Undecided`] and nothing judges it but the inference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum TimeLimitOrigin {
    /// The problem's own metadata gives it (`file`: problem.toml, problem.yaml,
    /// problem.xml, domjudge-problem.ini).
    Given {
        /// The file that gives it.
        file: &'static str,
    },
    /// Inferred from the accepted submissions' CPU time by the format's rule, stored in
    /// [`STORED_TIME_LIMIT_FILE`] (by `judge import`, the first `judge verify`,
    /// `judge verify --write-limits`, or the tool that made the package).
    Stored,
    /// Inferred by this run from the accepted submissions, not stored (a package checked
    /// in place by `judge verify PATH` or `judge run --problem PATH`): the next run infers
    /// it again.
    Inferred,
    /// The package gives none and none is stored yet: `limits.time_s` is only the
    /// provisional limit the inference measures under.
    #[default]
    Undecided,
}

impl TimeLimitOrigin {
    /// How the limit was decided, in words ("from problem.yaml", "from the accepted
    /// submissions"), for `judge verify`, the statement page and the API.
    pub fn describe(self) -> String {
        match self {
            TimeLimitOrigin::Given { file } => format!("from {file}"),
            TimeLimitOrigin::Stored => {
                format!("from the accepted submissions (stored in {STORED_TIME_LIMIT_FILE})")
            }
            TimeLimitOrigin::Inferred => {
                "from the accepted submissions (inferred by this run, not stored)".to_string()
            }
            TimeLimitOrigin::Undecided => "not decided yet".to_string(),
        }
    }
}

/// How outputs are judged.
#[derive(Debug, Clone, PartialEq)]
pub enum OutputCheck {
    /// A built-in comparison.
    Compare(BuiltIn),
    /// The problem's checker (output validator).
    Checker {
        /// The program.
        program: Program,
        /// How it is called.
        protocol: CheckerProtocol,
    },
    /// An interactor talks with the submission; it gives the verdict.
    Interactive {
        /// The interactor.
        program: Program,
        /// How it is called (testlib: `INPUT TOUT ANSWER`; Kattis: `INPUT ANSWER
        /// FEEDBACK_DIR`).
        protocol: CheckerProtocol,
        /// A checker that judges a testlib interactor's TOUT after it accepted.
        checker: Option<Program>,
    },
}

/// How an input validator says an input is valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValidatorProtocol {
    /// Exit 0 valid (this repository's checker-kit validators, testlib validators).
    Exit0,
    /// Exit 42 valid, 43 invalid (Kattis input validators).
    Kattis,
    /// A checktestdata script (Kattis `input_validators/*.ctd`): exit 0 valid, 1
    /// invalid, as both DOMjudge's checktestdata and the Python registry's `pyctd` do;
    /// it takes no flags (its second argument would be read as the input's file name).
    Checktestdata,
}

impl ValidatorProtocol {
    /// The exit code that says an input is valid.
    pub fn valid_exit(self) -> i32 {
        match self {
            ValidatorProtocol::Exit0 | ValidatorProtocol::Checktestdata => 0,
            ValidatorProtocol::Kattis => 42,
        }
    }

    /// The arguments a validator of this protocol is given for a test with `flags`.
    pub fn arguments(self, flags: &[String]) -> &[String] {
        match self {
            ValidatorProtocol::Checktestdata => &[],
            _ => flags,
        }
    }
}

/// An input validator.
#[derive(Debug, Clone, PartialEq)]
pub struct Validator {
    /// The program.
    pub program: Program,
    /// Its exit codes.
    pub protocol: ValidatorProtocol,
}

/// A statement file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// Its language code (`en`, `zh`; empty when it holds several).
    pub language: String,
    /// The file.
    pub path: PathBuf,
}

/// A stored test that a generator of the package makes (Polygon's `method="generated"`
/// tests, whose inputs the package also ships prebuilt): verify runs the generator and
/// compares what it prints with the stored input.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedTest {
    /// The test's name (`secret/04`).
    pub test: String,
    /// The generator.
    pub generator: Program,
    /// Its arguments.
    pub args: Vec<String>,
}

/// What a problem's format means for the judge, said once by its loader, so that verify,
/// export and the pages ask the problem, never which format it came in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Capabilities {
    /// Its answer files are outputs its checker must accept (this repository's problems,
    /// Polygon); a Kattis answer file is only what the output validator is given.
    pub answers_are_outputs: bool,
    /// Its stored tests are made by a recipe of its own that verify runs again
    /// (problem.toml's `[[recipe]]`); a package stores its tests, or lists the generated
    /// ones ([`Problem::generated`]).
    pub tests_from_recipe: bool,
    /// It must name an input validator (problem.toml's `[validator]`); a package may have
    /// none.
    pub validator_required: bool,
    /// Its statement opens with its own title (a Markdown `# heading`); a package's title
    /// lives in its metadata and the page shows it above the statement.
    pub statement_has_title: bool,
    /// It may be a Rust crate, which cargo builds on this machine (problem.toml only).
    pub may_be_crate: bool,
    /// It can be written out as a Kattis package (`judge export`).
    pub exportable: bool,
    /// Its submissions' extensions mean what Kattis says they mean where the language
    /// table differs (`kattis_extensions`: `.pl` is Prolog).
    pub kattis_extensions: bool,
}

impl Capabilities {
    /// This repository's own format (problem.toml).
    pub fn native() -> Capabilities {
        Capabilities {
            answers_are_outputs: true,
            tests_from_recipe: true,
            validator_required: true,
            statement_has_title: true,
            may_be_crate: true,
            exportable: true,
            kattis_extensions: false,
        }
    }

    /// A package made elsewhere whose answer files are outputs (Polygon) or not (Kattis).
    pub fn package(answers_are_outputs: bool) -> Capabilities {
        Capabilities {
            answers_are_outputs,
            ..Capabilities::default()
        }
    }
}

/// A problem ready to judge.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Its id.
    pub id: String,
    /// Its folder (a crate, a data-only problem, an unpacked package).
    pub dir: PathBuf,
    /// Where its tests lie.
    pub testdata_dir: PathBuf,
    /// The format it came in (for messages: what it means is [`Problem::capabilities`]).
    pub format: Format,
    /// The English title.
    pub title: String,
    /// The Chinese title.
    pub title_zh: Option<String>,
    /// Its statements (the first is shown by default).
    pub statements: Vec<Statement>,
    /// Limits.
    pub limits: ProblemLimits,
    /// verify's time-limit rule.
    pub time_rule: TimeRule,
    /// The tests: samples first, then secret ones, in the format's order.
    pub tests: Vec<TestCase>,
    /// Scoring groups (subtasks), in order; empty: points follow the tests passed.
    pub groups: Vec<Group>,
    /// How outputs are judged.
    pub output: OutputCheck,
    /// Input validators.
    pub validators: Vec<Validator>,
    /// The generator (native recipes, Polygon generated tests).
    pub generator: Option<Program>,
    /// The reference solution, when the format names one.
    pub reference: Option<Program>,
    /// The output visualizer, when the problem has one (judge-core's `picture`).
    pub visualizer: Option<Program>,
    /// The kept submissions and what each must get.
    pub submissions: Vec<KeptSubmission>,
    /// Files copied beside a submission before compiling, by judge.toml language id
    /// (`*` for every language): Kattis `include/`.
    pub include: BTreeMap<String, PathBuf>,
    /// The languages its package takes, by judge.toml id (problem.toml's `languages`,
    /// problem.yaml's); None: every language the contest allows. A language with a
    /// listed profile is judged in it ([`crate::language::Languages::for_problem`]).
    pub languages: Option<Vec<String>>,
    /// What its format means for judging and checking it.
    pub capabilities: Capabilities,
    /// The native recipe of the stored tests.
    pub recipe: Vec<TestRecipe>,
    /// A package's tests that its generators make (rebuilt by verify).
    pub generated: Vec<GeneratedTest>,
    /// Where the brute-force solutions must be accepted (native `[brute_force]`).
    pub brute_force: Option<BruteForce>,
    /// `judge stress`'s generator arguments (native `[stress]`).
    pub stress: Option<StressRecipe>,
    /// What the loader noticed without refusing the problem.
    pub warnings: Vec<String>,
}

impl Problem {
    /// Why judging this problem runs its own code on this machine outside the sandbox, if
    /// it does: a native problem that is a Rust crate is built by cargo (build scripts and
    /// procedural macros run as the judge's user) and its crate binaries run on the host.
    /// Every other program of a problem is compiled and run in a box.
    pub fn host_code(&self) -> Option<String> {
        let crate_binaries = self.capabilities.may_be_crate
            && (self.dir.join("Cargo.toml").exists() || self.dir.join(".cargo").exists());
        crate_binaries.then(|| {
            "it is a Rust crate (Cargo.toml): cargo builds it (build scripts and procedural \
             macros included) and runs its checker, validator, generator and reference on this \
             machine, outside the sandbox"
                .to_string()
        })
    }

    /// The limits of a run of a submission in `language` on one test.
    pub fn limits_for(&self, language: &Language) -> Limits {
        let multiplier = language.spec.time_multiplier;
        let limits = &self.limits;
        let cpu_time = Duration::from_secs_f64(limits.time_s * multiplier);
        let mut out = Limits::for_test(cpu_time, limits.memory_mib * MIB);
        if let Some(wall) = limits.wall_time_s {
            out.wall_time = Duration::from_secs_f64(wall * multiplier);
        }
        if let Some(output) = limits.output_mib {
            out.output_bytes = output * MIB;
            out.file_bytes = output * MIB;
        }
        out
    }

    /// The points of all its groups (0 without groups).
    pub fn group_points(&self) -> f64 {
        self.groups.iter().map(|g| g.points).sum()
    }

    /// Indices of the tests a pattern (`secret/0*`) names.
    pub fn tests_matching(&self, pattern: &str) -> Vec<usize> {
        (0..self.tests.len())
            .filter(|&i| groups::matches_pattern(pattern, &self.tests[i].name))
            .collect()
    }
}

/// The tests under `testdata_dir`: `sample/*.in` then `secret/*.in`, each sorted by name,
/// each with its `.ans`.
pub fn find_tests(testdata_dir: &Path) -> Result<Vec<TestCase>> {
    let mut tests = Vec::new();
    for group in [TestGroup::Sample, TestGroup::Secret] {
        let folder = testdata_dir.join(group.folder());
        if !folder.is_dir() {
            continue;
        }
        let entries =
            std::fs::read_dir(&folder).map_err(|e| JudgeError::file("test folder", &folder, e))?;
        let mut names: Vec<String> = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| JudgeError::file("test folder", &folder, e))?;
            let file_name = entry.file_name().to_string_lossy().into_owned();
            if let Some(stem) = file_name.strip_suffix(".in") {
                names.push(stem.to_string());
            } else if let Some(stem) = file_name.strip_suffix(".ans") {
                if !folder.join(format!("{stem}.in")).exists() {
                    return Err(JudgeError::file(
                        "answer file",
                        entry.path(),
                        format!("has no input {stem}.in beside it"),
                    ));
                }
            }
        }
        names.sort();
        for stem in names {
            let input = folder.join(format!("{stem}.in"));
            let answer = folder.join(format!("{stem}.ans"));
            if !answer.is_file() {
                return Err(JudgeError::file(
                    "test",
                    &input,
                    format!("has no answer file {stem}.ans beside it"),
                ));
            }
            tests.push(TestCase::plain(
                format!("{}/{stem}", group.folder()),
                group,
                input,
                answer,
            ));
        }
    }
    Ok(tests)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn samples_come_first_and_names_sort() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["secret/02-b", "secret/01-a", "sample/1"] {
            write(&dir.path().join(format!("{name}.in")), "");
            write(&dir.path().join(format!("{name}.ans")), "");
        }
        let names: Vec<String> = find_tests(dir.path())
            .unwrap()
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names, ["sample/1", "secret/01-a", "secret/02-b"]);
    }

    #[test]
    fn a_missing_answer_or_input_is_named() {
        let dir = tempfile::tempdir().unwrap();
        write(&dir.path().join("secret/01.in"), "");
        let error = find_tests(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("secret/01.in") && error.contains("01.ans"),
            "{error}"
        );
        let dir = tempfile::tempdir().unwrap();
        write(&dir.path().join("secret/07.ans"), "");
        let error = find_tests(dir.path()).unwrap_err().to_string();
        assert!(
            error.contains("07.ans") && error.contains("07.in"),
            "{error}"
        );
    }
}
