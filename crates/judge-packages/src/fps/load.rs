//! An FPS item's folder (what [`super::write`] made of it, `fps.toml` its marker) read
//! into the one problem model.

use judge_model::compare::BuiltIn;
use judge_model::compare::CheckerProtocol;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::config::ConfigError;
use judge_model::limit_bounds as bounds;
use judge_model::problem::submissions::{from_folders, Expected};
use judge_model::problem::{
    find_tests, Capabilities, Format, OutputCheck, Problem, ProblemLimits, Statement, TimeRule,
};
use judge_model::verdict::Verdict;
use judge_model::{JudgeError, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The marker file of an FPS item's folder.
pub const MARKER: &str = "fps.toml";

/// `fps.toml`: what of the item is not a file of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FpsToml {
    /// The item's title.
    pub title: String,
    /// The FPS file it came from (its name) and its number there, for the teacher.
    pub imported_from: String,
    /// Its number in that file, from 1.
    pub item: usize,
    /// It had no tests: a statement only, which takes no submissions.
    #[serde(default)]
    pub statement_only: bool,
    /// Its limits.
    pub limits: FpsLimits,
    /// Its special judge, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checker: Option<FpsChecker>,
}

/// `[limits]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FpsLimits {
    /// CPU seconds.
    pub time_s: f64,
    /// MiB.
    pub memory_mib: u64,
}

/// `[checker]`: the special judge's source and the protocol it speaks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FpsChecker {
    /// Its source, a file of the folder (`spj.c`, `spj.cpp`).
    pub program: String,
    /// `hustoj` (`spj INPUT ANSWER OUTPUT`, exit 0 accepted) or `testlib`.
    pub protocol: String,
}

/// The protocol a `[checker]` names.
fn protocol(file: &Path, name: &str) -> Result<CheckerProtocol> {
    match name {
        "hustoj" => Ok(CheckerProtocol::Hustoj),
        "testlib" => Ok(CheckerProtocol::Testlib),
        other => Err(ConfigError::new(
            file,
            format!("checker.protocol {other:?}: hustoj or testlib"),
        )
        .into()),
    }
}

/// Loads the FPS item in `dir` as `id`.
pub fn load(config: &JudgeConfig, dir: &Path, id: &str) -> Result<Problem> {
    let file = dir.join(MARKER);
    let manifest: FpsToml = judge_model::config::read_toml(&file)?;
    if manifest.statement_only {
        return Err(JudgeError::file(
            "problem folder",
            dir,
            "is a statement only (its FPS item had no tests), which takes no submissions: put tests in data/secret/ (NAME.in and NAME.ans), set statement_only = false in fps.toml and list it in judge.toml",
        ));
    }
    if let Some(why) = bounds::seconds(manifest.limits.time_s, bounds::MAX_TIME_S) {
        return Err(ConfigError::new(&file, format!("limits.time_s: {why}")).into());
    }
    if let Some(why) = bounds::mebibytes(manifest.limits.memory_mib, bounds::MAX_MEMORY_MIB) {
        return Err(ConfigError::new(&file, format!("limits.memory_mib: {why}")).into());
    }
    let testdata_dir = dir.join("data");
    let tests = find_tests(&testdata_dir)?;
    let output = match &manifest.checker {
        Some(checker) => {
            let source = dir.join(&checker.program);
            if checker.program.contains('/') || !source.is_file() {
                return Err(ConfigError::new(
                    &file,
                    format!(
                        "checker.program {:?} is not a file of the folder",
                        checker.program
                    ),
                )
                .into());
            }
            OutputCheck::Checker {
                program: crate::native::program(config, dir, &checker.program),
                protocol: protocol(&file, &checker.protocol)?,
            }
        }
        // HUSTOJ compares line by line (a difference in spaces alone is its PE, never
        // AC); trailing spaces and blank lines at the end are forgiven here.
        None => OutputCheck::Compare(BuiltIn::Lines),
    };
    let mut warnings = Vec::new();
    let submissions = from_folders(
        &dir.join("submissions"),
        &|folder| Verdict::from_folder(folder).map(Expected::verdict),
        &mut warnings,
    );
    let statement = dir.join("statement.html");
    Ok(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        testdata_dir,
        format: Format::Fps,
        title: manifest.title.clone(),
        title_zh: None,
        statements: if statement.is_file() {
            vec![Statement {
                language: String::new(),
                path: statement,
            }]
        } else {
            Vec::new()
        },
        limits: ProblemLimits {
            time_s: manifest.limits.time_s,
            memory_mib: manifest.limits.memory_mib,
            wall_time_s: None,
            output_mib: None,
        },
        time_rule: TimeRule::default(),
        tests,
        groups: Vec::new(),
        output,
        validators: Vec::new(),
        generator: None,
        reference: None,
        visualizer: None,
        submissions,
        include: BTreeMap::new(),
        languages: None,
        // Its answers are HUSTOJ's reference outputs: a special judge must accept them.
        capabilities: Capabilities::package(true),
        recipe: Vec::new(),
        generated: Vec::new(),
        brute_force: None,
        stress: None,
        warnings,
    })
}
