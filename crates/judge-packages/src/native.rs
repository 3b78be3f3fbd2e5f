//! The native format: `problem.toml` in the problem's folder (a cargo crate, or a folder
//! of data and sources only), tests in judge.toml's `testdata_dir/<id>/` (or the
//! problem's own `testdata/` folder, for a problem kept outside the contest).

use judge_model::compare::BuiltIn;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::config::ConfigError;
use judge_model::problem::groups::matches_pattern;
use judge_model::problem::groups::{Aggregation, Group};
use judge_model::problem::submissions::{from_folders, Expected};
use judge_model::problem::{
    find_tests, Format, OutputCheck, Problem, ProblemLimits, Statement, TimeRule, Validator,
    ValidatorProtocol,
};
use judge_model::verdict::Verdict;
use judge_model::Result;
use judge_model::{Program, ProgramKind};
use std::collections::BTreeMap;
use std::path::Path;

mod problem_toml;
pub use problem_toml::{ProblemToml, ProgramToml};

/// The folder holding submissions that are slow but correct on small tests.
pub const BRUTE_FORCE_FOLDER: &str = "brute_force";

/// A program that problem.toml names: a file in the problem's folder (a source in a
/// language of the table, with the headers beside it, or an executable), else a binary
/// of the problem's crate.
pub fn program(config: &JudgeConfig, dir: &Path, name: &str) -> Program {
    let path = dir.join(name);
    let kind = if path.is_file() {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        let is_source = config
            .languages
            .all()
            .iter()
            .any(|l| l.spec.extensions.contains(&extension));
        if is_source {
            let mut files = vec![path.clone()];
            let headers = std::fs::read_dir(path.parent().unwrap_or(dir))
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.extension()
                        .is_some_and(|e| e == "h" || e == "hpp" || e == "hh")
                });
            files.extend(headers);
            ProgramKind::Sources {
                language: None,
                files,
            }
        } else {
            ProgramKind::Executable(path)
        }
    } else {
        ProgramKind::CrateBinary {
            crate_dir: dir.to_path_buf(),
            bin: name.to_string(),
        }
    };
    Program {
        name: name.to_string(),
        kind,
    }
}

/// Loads a native problem from `dir`.
pub fn load(config: &JudgeConfig, dir: &Path, id: &str) -> Result<Problem> {
    let file = dir.join("problem.toml");
    let toml = ProblemToml::load(&file)?;
    let own_tests = dir.join("testdata");
    let testdata_dir = if own_tests.is_dir() {
        own_tests
    } else {
        config.testdata_dir(id)
    };
    let tests = find_tests(&testdata_dir)?;
    let mut groups = Vec::new();
    for group in &toml.groups {
        let mut names = Vec::new();
        for pattern in &group.tests {
            let matched: Vec<&str> = tests
                .iter()
                .map(|t| t.name.as_str())
                .filter(|name| matches_pattern(pattern, name))
                .collect();
            if matched.is_empty() && !tests.is_empty() {
                return Err(ConfigError::new(
                    &file,
                    format!(
                        "group {:?}: {pattern:?} matches none of its {} tests",
                        group.name,
                        tests.len()
                    ),
                )
                .into());
            }
            for name in matched {
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
        }
        // In test order, whatever the order of the patterns.
        names.sort_by_key(|name| tests.iter().position(|t| &t.name == name));
        groups.push(Group {
            name: group.name.clone(),
            points: group.points,
            tests: names,
            aggregation: Aggregation::AllOrNothing,
            requires: Vec::new(),
            test_points: Vec::new(),
        });
    }
    let output = match (&toml.interactor, toml.compare.checker()) {
        (Some(interactor), checker) => OutputCheck::Interactive {
            program: program(config, dir, &interactor.program),
            protocol: interactor.protocol.into(),
            checker: checker.map(|(name, _)| program(config, dir, name)),
        },
        (None, Some((checker, protocol))) => OutputCheck::Checker {
            program: program(config, dir, checker),
            protocol,
        },
        (None, None) => OutputCheck::Compare(toml.compare.built_in().unwrap_or(BuiltIn::Tokens)),
    };
    let has_crate = dir.join("Cargo.toml").is_file();
    let reference = match &toml.reference {
        Some(name) => Some(program(config, dir, name)),
        None if has_crate => Some(Program {
            name: id.to_string(),
            kind: ProgramKind::CrateBinary {
                crate_dir: dir.to_path_buf(),
                bin: id.to_string(),
            },
        }),
        None => None,
    };
    let mut warnings = Vec::new();
    let submissions = from_folders(
        &dir.join("submissions"),
        &|folder| {
            if folder == BRUTE_FORCE_FOLDER {
                Some(Expected::BruteForce)
            } else {
                Verdict::from_folder(folder).map(Expected::verdict)
            }
        },
        &mut warnings,
    );
    let statement = dir.join("statement.md");
    Ok(Problem {
        id: id.to_string(),
        dir: dir.to_path_buf(),
        testdata_dir,
        format: Format::Native,
        title: toml.title.clone(),
        title_zh: toml.title_zh.clone(),
        statements: if statement.is_file() {
            vec![Statement {
                language: String::new(),
                path: statement,
            }]
        } else {
            Vec::new()
        },
        limits: ProblemLimits {
            time_s: toml.limits.time_s,
            memory_mib: toml.limits.memory_mib,
            wall_time_s: toml.limits.wall_time_s,
            output_mib: toml.limits.output_mib,
        },
        time_rule: TimeRule::default(),
        tests,
        groups,
        output,
        validators: toml
            .validator
            .iter()
            .map(|v| Validator {
                program: program(config, dir, &v.program),
                protocol: ValidatorProtocol::Exit0,
            })
            .collect(),
        generator: toml
            .generator
            .as_ref()
            .map(|g| program(config, dir, &g.program)),
        reference,
        visualizer: toml
            .visualizer
            .as_ref()
            .map(|v| program(config, dir, &v.program)),
        submissions,
        include: BTreeMap::new(),
        languages: toml.languages.clone(),
        capabilities: judge_model::problem::Capabilities::native(),
        recipe: toml.test_recipes(),
        generated: Vec::new(),
        brute_force: toml.brute_force_tests(),
        stress: toml.stress_recipe(&file)?,
        warnings,
    })
}
