//! A problem as the judge uses it: its problem.toml, its stored tests, its limits.

use crate::config::judge_toml::JudgeConfig;
use crate::config::problem_toml::ProblemToml;
use crate::config::ConfigError;
use crate::contest::scoring::matches_pattern;
use crate::error::{JudgeError, Result};
use crate::language::Language;
use sandbox::{Limits, MIB};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The two groups of stored tests.
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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestCase {
    /// `sample/1`, `secret/03-max`.
    pub name: String,
    /// Its group.
    pub group: TestGroup,
    /// The `.in` file.
    pub input: PathBuf,
    /// The `.ans` file.
    pub answer: PathBuf,
}

/// A problem ready to judge.
#[derive(Debug, Clone)]
pub struct Problem {
    /// Its id.
    pub id: String,
    /// Its crate's folder.
    pub dir: PathBuf,
    /// Its stored tests' folder.
    pub testdata_dir: PathBuf,
    /// Its problem.toml.
    pub toml: ProblemToml,
    /// Its tests: samples first, then secret ones, each sorted by name.
    pub tests: Vec<TestCase>,
}

impl Problem {
    /// Loads a problem's configuration and finds its tests.
    pub fn load(config: &JudgeConfig, id: &str) -> Result<Problem> {
        crate::problem_id::check(config, id)?;
        let dir = config.problem_dir(id);
        let file = dir.join("problem.toml");
        if id.is_empty() || id.contains('/') || !file.is_file() {
            let known: Vec<String> = config
                .toml
                .contest
                .problems
                .iter()
                .map(|p| p.id.clone())
                .collect();
            return Err(JudgeError::UnknownProblem {
                id: id.to_string(),
                dir,
                known: if known.is_empty() {
                    String::new()
                } else {
                    format!("; the contest's problems: {}", known.join(", "))
                },
            });
        }
        let toml = ProblemToml::load(&file)?;
        let testdata_dir = config.testdata_dir(id);
        let tests = find_tests(&testdata_dir)?;
        if tests.is_empty() {
            return Err(JudgeError::NoTests {
                problem: id.to_string(),
                dir: testdata_dir,
            });
        }
        check_subtasks(config, id, &tests)?;
        Ok(Problem {
            id: id.to_string(),
            dir,
            testdata_dir,
            toml,
            tests,
        })
    }

    /// The limits of a run of a submission in `language` on one test.
    pub fn limits_for(&self, language: &Language) -> Limits {
        let multiplier = language.spec.time_multiplier;
        let limits = &self.toml.limits;
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
}

/// A subtask of judge.toml whose pattern matches none of the problem's tests is refused
/// (a typo would make it unwinnable or empty), by every command that loads the problem.
fn check_subtasks(config: &JudgeConfig, id: &str, tests: &[TestCase]) -> Result<()> {
    let Some(entry) = config.toml.contest.problems.iter().find(|p| p.id == id) else {
        return Ok(());
    };
    for subtask in &entry.subtasks {
        for pattern in &subtask.tests {
            if !tests.iter().any(|t| matches_pattern(pattern, &t.name)) {
                return Err(ConfigError::new(
                    &config.file,
                    format!(
                        "problem {id}, subtask {:?}: {pattern:?} matches none of its {} tests",
                        subtask.name,
                        tests.len()
                    ),
                )
                .into());
            }
        }
    }
    Ok(())
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
            tests.push(TestCase {
                name: format!("{}/{stem}", group.folder()),
                group,
                input,
                answer,
            });
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
