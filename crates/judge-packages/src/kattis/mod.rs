//! Kattis problem packages (the ICPC problem package format), every generation found in
//! the wild: legacy (no `problem_format_version`), `2023-07-draft` and `2025-09`, read
//! into the one problem model.
//!
//! What is read: problem.yaml (name, type, limits and their time rules, legacy
//! `validation` and `validator_flags`), `data/sample` and `data/secret` with test data
//! groups and a testdata.yaml / test_group.yaml at any level (inherited flags, legacy,
//! 2023-07 and 2025-09 scoring keys), each test's `.yaml`, input validators
//! (`input_validators/` or `input_validator/`, checktestdata `.ctd` files), the output
//! validator (`output_validators/` or `output_validator/`) or the default one with its
//! flags, an interactor, `include/`, statements (`problem_statement/` or `statement/`)
//! and `submissions/<verdict>/`. Everything wrong is collected and reported together.

pub mod metadata;

use super::{stored_limit, yaml};
use judge_model::compare::kattis_default::KattisFlags;
use judge_model::compare::BuiltIn;
use judge_model::compare::CheckerProtocol;
use judge_model::limit_bounds as bounds;
use judge_model::problem::submissions::{from_folders, Expected, KeptSubmission};
use judge_model::problem::{
    Aggregation, Format, Group, OutputCheck, Problem, ProblemLimits, Statement, TestCase,
    TestGroup, TimeLimitOrigin, TimeRule, Validator, ValidatorProtocol, PROVISIONAL_TIME_S,
    STORED_TIME_LIMIT_FILE,
};
use judge_model::verdict::Verdict;
use judge_model::Program;
use judge_model::{Issues, PackageError};
use judge_model::{JudgeError, Result};
use metadata::{
    flag_words, GroupYaml, Name, ProblemYaml, Score, CASE_KEYS, GROUP_KEYS, PROBLEM_KEYS,
};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Memory when problem.yaml gives none (the format's typical system default), in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 2048;
/// Output when problem.yaml gives none, in MiB.
pub const DEFAULT_OUTPUT_MIB: u64 = 8;

/// The generation of a package, from `problem_format_version`.
fn format_of(version: Option<&str>) -> std::result::Result<Format, String> {
    match version.map(str::trim) {
        None | Some("legacy") | Some("legacy-icpc") => Ok(Format::KattisLegacy),
        Some("2023-07-draft") | Some("2023-07") => Ok(Format::Kattis2023),
        Some("2025-09") | Some("2025-09-draft") | Some("draft") => Ok(Format::Kattis2025),
        Some(other) => Err(format!(
            "problem_format_version {other:?} is not one this judge reads (legacy, 2023-07-draft, 2025-09)"
        )),
    }
}

/// Loads the Kattis package in `dir` as problem `id`.
pub fn load(dir: &Path, id: &str) -> Result<Problem> {
    let mut issues = Issues::default();
    let problem = read(dir, id, &mut issues);
    match problem {
        Some(mut problem) if issues.is_empty() => {
            problem
                .warnings
                .extend(issues.warnings.iter().map(|w| w.to_string()));
            Ok(problem)
        }
        _ => Err(JudgeError::Package(PackageError {
            package: dir.to_path_buf(),
            errors: issues.errors,
        })),
    }
}

/// problem.yaml's `languages` (Kattis' codes are the table's ids: `cpp`, `python3`,
/// `kotlin`): None when absent or `all`.
fn listed_languages(metadata: &ProblemYaml) -> Option<Vec<String>> {
    let words = metadata.languages.as_ref()?.words();
    (!words.iter().any(|w| w == "all")).then_some(words)
}

/// Inherited settings of a test data group.
#[derive(Debug, Clone, Default)]
struct Inherited {
    checker_args: Vec<String>,
    validator_args: Vec<String>,
}

/// A test data group's own scoring settings (secret and its direct subfolders).
#[derive(Debug, Clone, Default)]
struct GroupSettings {
    points: Option<f64>,
    aggregation: Option<String>,
    requires: Vec<String>,
    legacy_accept_score: Option<f64>,
    legacy_min: bool,
}

fn read(dir: &Path, id: &str, issues: &mut Issues) -> Option<Problem> {
    // Metadata: problem.yaml, its format generation and problem types.
    let text = yaml::read(dir, "problem.yaml", issues)?;
    let metadata: ProblemYaml =
        yaml::parse(Path::new("problem.yaml"), &text, PROBLEM_KEYS, issues)?;
    let format = match format_of(metadata.problem_format_version.as_deref()) {
        Ok(format) => format,
        Err(message) => {
            issues.error("problem.yaml", None, message);
            return None;
        }
    };
    let legacy = format == Format::KattisLegacy;
    let validation = metadata.validation.clone().unwrap_or_default();
    let ProblemTypes {
        scoring,
        interactive,
    } = problem_types(&metadata, &validation, issues);
    let (title, title_zh) = titles(&metadata.name, id);
    let statements = statements(dir, issues);
    let (limits, time_rule) = limits(dir, &metadata, legacy, issues);

    // Programs: the output validator (the package's own, or the default one with its
    // flags), checked against the problem types.
    let custom = output_validator(dir, issues);
    let problem_flags: Vec<String> = metadata
        .validator_flags
        .as_ref()
        .map(|f| f.words())
        .unwrap_or_default();
    let wants_custom = legacy && validation.split_whitespace().next() == Some("custom");
    if wants_custom && custom.is_none() {
        issues.error(
            "problem.yaml",
            None,
            "validation is custom, but there is no output validator in output_validators/",
        );
    }
    if interactive && custom.is_none() {
        issues.error(
            "",
            None,
            "an interactive problem needs its interactor in output_validator/ (or output_validators/)",
        );
    }

    // Tests and groups.
    let (data, mut tests, groups) = test_data(dir, format, scoring, &problem_flags, issues)?;
    let output = output_check(custom, interactive, &problem_flags, &mut tests, issues);
    let validators = input_validators(dir, issues);
    let include = includes(dir);
    // Submissions.
    let submissions = kept_submissions(dir, format, scoring, issues);
    Some(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        testdata_dir: data,
        format,
        title,
        title_zh,
        statements,
        limits,
        time_rule,
        tests,
        groups,
        output,
        validators,
        generator: None,
        reference: None,
        visualizer: output_visualizer(dir),
        submissions,
        include,
        languages: listed_languages(&metadata),
        capabilities: judge_model::problem::Capabilities {
            kattis_extensions: true,
            ..judge_model::problem::Capabilities::package(false)
        },
        recipe: Vec::new(),
        generated: Vec::new(),
        brute_force: None,
        stress: None,
        warnings: Vec::new(),
    })
}

/// What problem.yaml's `type` (or legacy `validation`) says the problem is.
struct ProblemTypes {
    scoring: bool,
    interactive: bool,
}

/// The problem types, each unknown or unsupported one an error.
fn problem_types(metadata: &ProblemYaml, validation: &str, issues: &mut Issues) -> ProblemTypes {
    let mut types: Vec<String> = metadata
        .kind
        .as_ref()
        .map(|k| k.items())
        .unwrap_or_default();
    if validation.split_whitespace().any(|w| w == "interactive") {
        types.push("interactive".into());
    }
    if validation.split_whitespace().any(|w| w == "score") {
        types.push("scoring".into());
    }
    for kind in &types {
        if ![
            "pass-fail",
            "scoring",
            "interactive",
            "multi-pass",
            "submit-answer",
        ]
        .contains(&kind.as_str())
        {
            issues.error(
                "problem.yaml",
                None,
                format!("unknown problem type {kind:?}"),
            );
        }
    }
    for unsupported in ["multi-pass", "submit-answer"] {
        if types.iter().any(|t| t == unsupported) {
            issues.error(
                "problem.yaml",
                None,
                format!("{unsupported} problems are not supported by this judge"),
            );
        }
    }
    ProblemTypes {
        scoring: types.iter().any(|t| t == "scoring"),
        interactive: types.iter().any(|t| t == "interactive"),
    }
}

/// The tests under data/ (samples, then secret ones and their groups) with each group's
/// settings inherited, and the scoring groups of a scoring problem; `None` without
/// data/secret.
fn test_data(
    dir: &Path,
    format: Format,
    scoring: bool,
    problem_flags: &[String],
    issues: &mut Issues,
) -> Option<(PathBuf, Vec<TestCase>, Vec<Group>)> {
    let legacy = format == Format::KattisLegacy;
    let data = dir.join("data");
    if !data.join("secret").is_dir() {
        issues.error(
            "data/secret",
            None,
            "is missing: a package needs its secret tests there",
        );
        return None;
    }
    let mut tests = Vec::new();
    let mut groups = Vec::new();
    let root_settings = read_group_yaml(dir, &data, issues);
    let mut base = Inherited::default();
    if let Some(settings) = &root_settings {
        apply_inherited(&mut base, settings);
    }
    base.checker_args
        .splice(0..0, problem_flags.iter().cloned());
    // Samples, with data/sample's own settings (its validator flags, say).
    if data.join("sample").is_dir() {
        let mut sample_inherited = base.clone();
        if let Some(settings) = read_group_yaml(dir, &data.join("sample"), issues) {
            apply_inherited(&mut sample_inherited, &settings);
        }
        walk(
            dir,
            &data.join("sample"),
            "sample",
            TestGroup::Sample,
            &sample_inherited,
            &mut tests,
            issues,
        );
    }
    let sample_count = tests.len();
    // Secret, and its groups (its direct subfolders).
    let secret_yaml = read_group_yaml(dir, &data.join("secret"), issues);
    let mut secret_inherited = base.clone();
    if let Some(settings) = &secret_yaml {
        apply_inherited(&mut secret_inherited, settings);
    }
    let secret_settings = secret_yaml
        .as_ref()
        .map(|s| group_settings(s, format))
        .unwrap_or_default();
    let mut direct = Vec::new();
    let mut subgroups: Vec<PathBuf> = Vec::new();
    for entry in sorted_entries(&data.join("secret")) {
        if entry.is_dir() {
            subgroups.push(entry);
        } else if entry.extension().is_some_and(|e| e == "in") {
            direct.push(entry);
        }
    }
    if !direct.is_empty() || subgroups.is_empty() {
        walk_files(
            dir,
            &data.join("secret"),
            "secret",
            TestGroup::Secret,
            &secret_inherited,
            &mut tests,
            issues,
        );
    }
    if scoring && subgroups.is_empty() {
        let names: Vec<String> = tests[sample_count..]
            .iter()
            .map(|t| t.name.clone())
            .collect();
        let points = secret_settings.points.unwrap_or(100.0);
        groups.push(make_group(
            "secret".into(),
            &secret_settings,
            points,
            names,
            format,
            true,
        ));
    }
    for folder in subgroups {
        let name = format!(
            "secret/{}",
            folder.file_name().unwrap_or_default().to_string_lossy()
        );
        let own = read_group_yaml(dir, &folder, issues);
        let mut inherited = secret_inherited.clone();
        if let Some(settings) = &own {
            apply_inherited(&mut inherited, settings);
        }
        let before = tests.len();
        walk(
            dir,
            &folder,
            &name,
            TestGroup::Secret,
            &inherited,
            &mut tests,
            issues,
        );
        if tests.len() == before {
            issues.error(
                relative(dir, &folder),
                None,
                "test data group without tests",
            );
        }
        if scoring {
            let settings = own
                .as_ref()
                .map(|s| group_settings(s, format))
                .unwrap_or_default();
            let names: Vec<String> = tests[before..].iter().map(|t| t.name.clone()).collect();
            let points = match (settings.points, settings.legacy_accept_score) {
                (Some(points), _) => points,
                (None, Some(accept)) if settings.legacy_min => accept,
                (None, Some(accept)) => accept * names.len() as f64,
                (None, None) if legacy => {
                    if settings.legacy_min {
                        1.0
                    } else {
                        names.len() as f64
                    }
                }
                (None, None) => {
                    issues.error(
                        relative(dir, &folder),
                        None,
                        "a group of a scoring problem needs its points (max_score in test_group.yaml, or scoring: score in testdata.yaml)",
                    );
                    0.0
                }
            };
            groups.push(make_group(name, &settings, points, names, format, false));
        }
    }
    if tests.len() == sample_count {
        issues.error("data/secret", None, "holds no tests (.in files)");
    }
    if groups
        .iter()
        .any(|g| g.requires.iter().any(|r| r == "sample"))
        && sample_count > 0
    {
        groups.insert(
            0,
            Group {
                name: "sample".into(),
                points: 0.0,
                tests: tests[..sample_count]
                    .iter()
                    .map(|t| t.name.clone())
                    .collect(),
                aggregation: Aggregation::AllOrNothing,
                requires: vec![],
                test_points: vec![],
            },
        );
    }

    // Each test's maximum score, for a validator's score.txt (a test lies in one group).
    for group in &groups {
        for (index, name) in group.tests.iter().enumerate() {
            if let Some(test) = tests.iter_mut().find(|t| &t.name == name) {
                test.max_score = group.test_max(index);
            }
        }
    }

    Some((data, tests, groups))
}

/// How outputs are judged: the package's validator (or interactor), else the default
/// validator with the problem's flags, each test's own flags parsed here.
fn output_check(
    custom: Option<Program>,
    interactive: bool,
    problem_flags: &[String],
    tests: &mut [TestCase],
    issues: &mut Issues,
) -> OutputCheck {
    match custom {
        Some(program) if interactive => OutputCheck::Interactive {
            program,
            protocol: CheckerProtocol::Kattis,
            checker: None,
        },
        Some(program) => OutputCheck::Checker {
            program,
            protocol: CheckerProtocol::Kattis,
        },
        None => {
            let default = KattisFlags::parse(problem_flags).unwrap_or_else(|message| {
                issues.error("problem.yaml", None, format!("validator_flags: {message}"));
                KattisFlags::default()
            });
            for test in tests.iter_mut() {
                if test.checker_args.is_empty() || test.checker_args == problem_flags {
                    continue;
                }
                match KattisFlags::parse(&test.checker_args) {
                    Ok(flags) => test.compare = Some(BuiltIn::Kattis(flags)),
                    Err(message) => issues.error(
                        format!("data/{}", test.name),
                        None,
                        format!("output validator flags: {message}"),
                    ),
                }
            }
            OutputCheck::Compare(BuiltIn::Kattis(default))
        }
    }
}

/// The package's submissions, each held to its folder's rule.
fn kept_submissions(
    dir: &Path,
    format: Format,
    scoring: bool,
    issues: &mut Issues,
) -> Vec<KeptSubmission> {
    let mut warnings = Vec::new();
    // A Python 2 program (its `#!` line says so) is judged by the table's python2 where the
    // machine has one, and skipped with that reason where not (judge-verify asks).
    let submissions = from_folders(
        &dir.join("submissions"),
        &|folder| submission_rule(folder, format, scoring),
        &mut warnings,
    );
    if dir.join("submissions/submissions.yaml").is_file() {
        warnings.push(
            "submissions/submissions.yaml: its per-submission rules are not read; each submission is held to its folder's rule".into(),
        );
    }
    for warning in warnings {
        issues.warn("", warning);
    }
    if !submissions
        .iter()
        .any(|s| s.expected == Expected::verdict(Verdict::AC))
    {
        issues.warn(
            "submissions/accepted",
            "no accepted submission: verify needs one",
        );
    }
    submissions
}

fn relative(dir: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(dir).unwrap_or(path).to_path_buf()
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
        .map(|e| e.path())
        .collect();
    entries.sort();
    entries
}

fn titles(name: &Option<Name>, id: &str) -> (String, Option<String>) {
    match name {
        None => (id.to_string(), None),
        Some(Name::One(one)) => (one.clone(), None),
        Some(Name::PerLanguage(names)) => {
            let zh = names
                .iter()
                .find(|(code, _)| code.starts_with("zh"))
                .map(|(_, name)| name.clone());
            let en = names
                .get("en")
                .cloned()
                .or_else(|| names.values().next().cloned())
                .unwrap_or_else(|| id.to_string());
            (en, zh)
        }
    }
}

/// `problem_statement/` (legacy) or `statement/`: `problem.<lang>.{md,tex,pdf}` or
/// `problem.{md,tex}` (English).
fn statements(dir: &Path, issues: &mut Issues) -> Vec<Statement> {
    let mut found = Vec::new();
    for folder in ["statement", "problem_statement"] {
        for path in sorted_entries(&dir.join(folder)) {
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let Some(rest) = name.strip_prefix("problem.") else {
                continue;
            };
            let parts: Vec<&str> = rest.split('.').collect();
            let (language, extension) = match parts.as_slice() {
                [extension] => ("en".to_string(), *extension),
                [language, extension] => (language.to_string(), *extension),
                _ => continue,
            };
            if ["md", "tex", "pdf", "html"].contains(&extension) {
                found.push(Statement { language, path });
            }
        }
    }
    // Markdown first: it is what the web front renders.
    found.sort_by_key(|s| s.path.extension().is_none_or(|e| e != "md"));
    if found.is_empty() {
        issues.warn(
            "statement",
            "no problem statement (statement/problem.en.md or problem_statement/problem.tex)",
        );
    }
    found
}

/// Limits and the time rule: a limit given by the package (2023-07 `limits.time_limit`,
/// or DOMjudge's `domjudge-problem.ini`), else the one decided once from the accepted
/// submissions and stored in `.timelimit` (by this judge, or by DOMjudge and BAPCtools,
/// which write the same file), else none decided yet: the provisional limit, which only
/// the inference judges under.
fn limits(
    dir: &Path,
    metadata: &ProblemYaml,
    legacy: bool,
    issues: &mut Issues,
) -> (ProblemLimits, TimeRule) {
    let yaml = &metadata.limits;
    let (file, key, explicit, origin) = match yaml.time_limit {
        Some(limit) => (
            "problem.yaml",
            "limits.time_limit",
            Some(limit),
            TimeLimitOrigin::Given {
                file: "problem.yaml",
            },
        ),
        None => match stored_limit::read_reason(dir) {
            // Checked against the bounds as it was read.
            Ok(Some(limit)) => (".timelimit", "", Some(limit), TimeLimitOrigin::Stored),
            Err(why) => {
                issues.error(STORED_TIME_LIMIT_FILE, None, why);
                (".timelimit", "", None, TimeLimitOrigin::Undecided)
            }
            Ok(None) => match domjudge_time_limit(dir) {
                Some(limit) => (
                    "domjudge-problem.ini",
                    "timelimit",
                    Some(limit),
                    TimeLimitOrigin::Given {
                        file: "domjudge-problem.ini",
                    },
                ),
                None => ("", "", None, TimeLimitOrigin::Undecided),
            },
        },
    };
    let mut refuse = |file: &str, key: &str, why: Option<String>| {
        if let Some(why) = why {
            issues.error(file, None, format!("{key} = {why}"));
        }
    };
    if let (Some(limit), false) = (explicit, origin == TimeLimitOrigin::Stored) {
        refuse(file, key, bounds::seconds(limit, bounds::MAX_TIME_S));
    }
    if let Some(memory) = yaml.memory {
        refuse(
            "problem.yaml",
            "limits.memory",
            bounds::mebibytes(memory, bounds::MAX_MEMORY_MIB),
        );
    }
    if let Some(output) = yaml.output {
        refuse(
            "problem.yaml",
            "limits.output",
            bounds::mebibytes(output, bounds::MAX_OUTPUT_MIB),
        );
    }
    let (accepted_factor, too_slow_factor, resolution) = if legacy {
        (
            yaml.time_multiplier.unwrap_or(5.0),
            yaml.time_safety_margin.unwrap_or(2.0),
            None,
        )
    } else {
        let multipliers = yaml.time_multipliers.clone().unwrap_or_default();
        (
            multipliers.ac_to_time_limit.unwrap_or(2.0),
            multipliers.time_limit_to_tle.unwrap_or(1.5),
            Some(yaml.time_resolution.unwrap_or(1.0)),
        )
    };
    (
        ProblemLimits {
            time_s: explicit.unwrap_or(PROVISIONAL_TIME_S),
            memory_mib: yaml.memory.unwrap_or(DEFAULT_MEMORY_MIB),
            wall_time_s: None,
            output_mib: Some(yaml.output.unwrap_or(DEFAULT_OUTPUT_MIB)),
        },
        TimeRule {
            accepted_factor,
            too_slow_factor,
            origin,
            resolution,
        },
    )
}

/// `timelimit = '2'` in a DOMjudge `domjudge-problem.ini`.
fn domjudge_time_limit(dir: &Path) -> Option<f64> {
    let text = std::fs::read_to_string(dir.join("domjudge-problem.ini")).ok()?;
    text.lines().find_map(|line| {
        let (key, value) = line.split_once('=')?;
        (key.trim() == "timelimit")
            .then(|| value.trim().trim_matches(['\'', '"']).parse().ok())
            .flatten()
    })
}

/// testdata.yaml or test_group.yaml in `folder`, parsed (both at once is an error).
fn read_group_yaml(dir: &Path, folder: &Path, issues: &mut Issues) -> Option<GroupYaml> {
    let candidates: Vec<PathBuf> = ["test_group.yaml", "testdata.yaml"]
        .iter()
        .map(|name| folder.join(name))
        .filter(|p| p.is_file())
        .collect();
    if candidates.len() > 1 {
        issues.error(
            relative(dir, folder),
            None,
            "has both test_group.yaml and testdata.yaml; keep one",
        );
    }
    let path = candidates.first()?;
    let shown = relative(dir, path);
    let text = yaml::read_file(path, &shown, issues)?;
    yaml::parse(&shown, &text, GROUP_KEYS, issues)
}

fn apply_inherited(inherited: &mut Inherited, settings: &GroupYaml) {
    if let Some(flags) = settings
        .output_validator_args
        .as_ref()
        .or(settings.output_validator_flags.as_ref())
    {
        inherited.checker_args = flags.words();
    }
    if let Some(flags) = settings
        .input_validator_args
        .as_ref()
        .or(settings.input_validator_flags.as_ref())
    {
        inherited.validator_args = flag_words(flags);
    }
}

fn group_settings(settings: &GroupYaml, format: Format) -> GroupSettings {
    let score = |s: &Score| match s {
        Score::Points(p) => Some(*p),
        Score::Word(_) => None,
    };
    let scoring = settings.scoring.clone().unwrap_or_default();
    let grader: Vec<String> = settings
        .grader_flags
        .as_ref()
        .map(|g| g.words())
        .unwrap_or_default();
    GroupSettings {
        points: settings
            .max_score
            .as_ref()
            .and_then(score)
            .or_else(|| scoring.score.as_ref().and_then(score)),
        aggregation: settings
            .score_aggregation
            .clone()
            .or(scoring.aggregation.clone())
            .or_else(|| {
                (format == Format::KattisLegacy && grader.iter().any(|g| g == "min"))
                    .then(|| "min".to_string())
            }),
        requires: settings
            .require_pass
            .as_ref()
            .map(|r| r.items())
            .unwrap_or_default(),
        legacy_accept_score: settings.accept_score,
        legacy_min: grader.iter().any(|g| g == "min"),
    }
}

fn make_group(
    name: String,
    settings: &GroupSettings,
    points: f64,
    tests: Vec<String>,
    format: Format,
    is_secret: bool,
) -> Group {
    // Defaults: 2025-09 sums `secret` and passes-or-fails groups; 2023-07 sums `secret`
    // and takes the minimum of a group; the legacy default grader sums.
    let default_sum = is_secret || format == Format::KattisLegacy;
    let aggregation = match settings.aggregation.as_deref() {
        Some("sum") => Aggregation::Sum,
        Some("min") => Aggregation::Min,
        Some(_) => Aggregation::AllOrNothing,
        None if default_sum => Aggregation::Sum,
        None if format == Format::Kattis2023 => Aggregation::Min,
        None => Aggregation::AllOrNothing,
    };
    Group {
        name,
        points,
        tests,
        aggregation,
        requires: settings.requires.clone(),
        test_points: vec![],
    }
}

/// The tests under `folder` and its subfolders (each with its own settings file).
fn walk(
    dir: &Path,
    folder: &Path,
    name: &str,
    group: TestGroup,
    inherited: &Inherited,
    tests: &mut Vec<TestCase>,
    issues: &mut Issues,
) {
    walk_files(dir, folder, name, group, inherited, tests, issues);
    for sub in sorted_entries(folder).into_iter().filter(|p| p.is_dir()) {
        if sub.extension().is_some_and(|e| e == "files") {
            continue;
        }
        let own = read_group_yaml(dir, &sub, issues);
        let mut inner = inherited.clone();
        if let Some(settings) = &own {
            apply_inherited(&mut inner, settings);
        }
        let sub_name = format!(
            "{name}/{}",
            sub.file_name().unwrap_or_default().to_string_lossy()
        );
        walk(dir, &sub, &sub_name, group, &inner, tests, issues);
    }
}

/// The tests directly in `folder`: each `.in` with its `.ans` and optional `.yaml`.
fn walk_files(
    dir: &Path,
    folder: &Path,
    name: &str,
    group: TestGroup,
    inherited: &Inherited,
    tests: &mut Vec<TestCase>,
    issues: &mut Issues,
) {
    for path in sorted_entries(folder) {
        let file = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if let Some(stem) = file.strip_suffix(".ans") {
            if !folder.join(format!("{stem}.in")).is_file() {
                issues.error(
                    relative(dir, &path),
                    None,
                    format!("has no input {stem}.in beside it"),
                );
            }
            continue;
        }
        let Some(stem) = file.strip_suffix(".in") else {
            continue;
        };
        let answer = folder.join(format!("{stem}.ans"));
        if !answer.is_file() {
            issues.error(
                relative(dir, &path),
                None,
                format!("has no answer file {stem}.ans beside it"),
            );
            continue;
        }
        let mut test = TestCase::plain(format!("{name}/{stem}"), group, path.clone(), answer);
        test.checker_args = inherited.checker_args.clone();
        test.validator_args = inherited.validator_args.clone();
        let case_yaml = folder.join(format!("{stem}.yaml"));
        if case_yaml.is_file() {
            let shown = relative(dir, &case_yaml);
            if let Some(text) = yaml::read_file(&case_yaml, &shown, issues) {
                if let Some(own) = yaml::parse::<GroupYaml>(&shown, &text, CASE_KEYS, issues) {
                    let mut settings = Inherited {
                        checker_args: test.checker_args.clone(),
                        validator_args: test.validator_args.clone(),
                    };
                    apply_inherited(&mut settings, &own);
                    test.checker_args = settings.checker_args;
                    test.validator_args = settings.validator_args;
                }
            }
        }
        tests.push(test);
    }
}

/// The package's output validator: `output_validator/` (2023-07 and later: the folder is
/// the program) or the one program in `output_validators/` (legacy).
fn output_validator(dir: &Path, issues: &mut Issues) -> Option<Program> {
    let singular = dir.join("output_validator");
    if singular.is_dir() && !sorted_entries(&singular).is_empty() {
        return Some(Program::from_path("output_validator/", &singular));
    }
    let plural = dir.join("output_validators");
    let entries = sorted_entries(&plural);
    match entries.as_slice() {
        [] => None,
        [only] => Some(Program::from_path(
            relative(dir, only).display().to_string(),
            only,
        )),
        _ if entries.iter().all(|e| e.is_file()) => {
            // Several files side by side: one program of several sources.
            Some(Program::from_path("output_validators/", &plural))
        }
        _ => {
            issues.error(
                "output_validators",
                None,
                "holds more than one program; a problem has one output validator",
            );
            None
        }
    }
}

/// The package's output visualizer, `output_visualizer/` (2023-07 and later: the folder is
/// the program), when it has one.
fn output_visualizer(dir: &Path) -> Option<Program> {
    let folder = dir.join("output_visualizer");
    (folder.is_dir() && !sorted_entries(&folder).is_empty())
        .then(|| Program::from_path("output_visualizer/", &folder))
}

fn input_validators(dir: &Path, issues: &mut Issues) -> Vec<Validator> {
    let mut validators = Vec::new();
    for folder in ["input_validators", "input_validator"] {
        let root = dir.join(folder);
        let entries = sorted_entries(&root);
        // A folder of loose sources and headers is one program (testlib.h beside it).
        let loose_sources = entries.iter().all(|e| e.is_file())
            && entries
                .iter()
                .any(|e| e.extension().is_some_and(|x| x == "h"));
        if loose_sources {
            validators.push(Validator {
                program: Program::from_path(format!("{folder}/"), &root),
                protocol: ValidatorProtocol::Kattis,
            });
            continue;
        }
        for entry in entries {
            let shown = relative(dir, &entry).display().to_string();
            if entry.extension().is_some_and(|e| e == "viva") {
                issues.warn(&shown, "VIVA validators are not supported: skipped");
                continue;
            }
            let checktestdata = entry.is_file() && entry.extension().is_some_and(|e| e == "ctd");
            if checktestdata && judge_core::checktestdata().is_none() {
                issues.warn(
                    &shown,
                    format!(
                        "a checktestdata script, but neither {} is on the PATH (pip install checktestdata): skipped, inputs are not checked by it",
                        judge_core::CHECKTESTDATA_NAMES.join(" nor ")
                    ),
                );
                continue;
            }
            validators.push(Validator {
                program: Program::from_path(shown, &entry),
                protocol: if checktestdata {
                    ValidatorProtocol::Checktestdata
                } else {
                    ValidatorProtocol::Kattis
                },
            });
        }
    }
    if validators.is_empty() {
        issues.warn(
            "input_validators",
            "no input validator: inputs are not checked",
        );
    }
    validators
}

/// `include/default/` and `include/<language>/`, by judge.toml language id (`*`: every
/// language).
fn includes(dir: &Path) -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    for folder in sorted_entries(&dir.join("include"))
        .into_iter()
        .filter(|p| p.is_dir())
    {
        let code = folder
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let id = match code.as_str() {
            "default" => "*",
            "c++" | "cpp" => "cpp",
            "python" | "python3" => "python3",
            other => other,
        };
        found.insert(id.to_string(), folder);
    }
    found
}

/// What a Kattis submissions folder asks of its submissions.
fn submission_rule(folder: &str, format: Format, scoring: bool) -> Option<Expected> {
    let legacy = format == Format::KattisLegacy;
    Some(match folder {
        "accepted" => Expected::verdict(Verdict::AC),
        "wrong_answer" => Expected::verdict(Verdict::WA),
        "time_limit_exceeded" => Expected::verdict(Verdict::TLE),
        // Legacy Kattis has no MLE: running out of memory is a run-time error there.
        "run_time_error" if legacy => Expected::OneOf(vec![Verdict::RE, Verdict::MLE]),
        "run_time_error" => Expected::verdict(Verdict::RE),
        "memory_limit_exceeded" => Expected::OneOf(vec![Verdict::MLE, Verdict::RE]),
        "output_limit_exceeded" => Expected::verdict(Verdict::OLE),
        "compile_error" => Expected::verdict(Verdict::CE),
        "presentation_error" => Expected::verdict(Verdict::PE),
        "rejected" => Expected::Rejected,
        "partially_accepted" if scoring => Expected::PartiallyAccepted,
        "brute_force" => Expected::NeverWrong,
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
