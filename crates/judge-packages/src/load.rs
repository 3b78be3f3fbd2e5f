//! Finding and reading a problem, whatever its format: one table of loaders, each a
//! marker file that says a folder is in its format and the function that reads it into
//! the one problem model. A new package format is a module and one line here.

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::problem::Problem;
use judge_model::{JudgeError, Result};
use std::path::Path;

/// A package format's loader.
struct Loader {
    /// The file whose presence says a folder is in this format.
    marker: &'static str,
    /// Reads the folder under an id.
    load: fn(&JudgeConfig, &Path, &str) -> Result<Problem>,
}

/// The loaders, in the order a folder is tried (problem.toml first: a native problem may
/// keep a problem.yaml beside it for export).
const LOADERS: [Loader; 4] = [
    Loader {
        marker: "problem.toml",
        load: crate::native::load,
    },
    Loader {
        marker: "problem.xml",
        load: |_, dir, id| crate::polygon::load(dir, id),
    },
    Loader {
        marker: "problem.yaml",
        load: |_, dir, id| crate::kattis::load(dir, id),
    },
    Loader {
        marker: crate::fps::load::MARKER,
        load: crate::fps::load::load,
    },
];

fn loader_of(dir: &Path) -> Option<&'static Loader> {
    LOADERS.iter().find(|l| dir.join(l.marker).is_file())
}

/// Whether `dir` holds a problem of some format.
pub fn is_problem_folder(dir: &Path) -> bool {
    loader_of(dir).is_some()
}

/// Loads a problem of the contest by id: `problems_dir/<id>/`, in whichever format it
/// is.
pub fn load(config: &JudgeConfig, id: &str) -> Result<Problem> {
    judge_core::check_problem_id(config, id)?;
    let dir = config.problem_dir(id);
    if id.is_empty() || id.contains('/') || !dir.is_dir() || !is_problem_folder(&dir) {
        let known: Vec<String> = config
            .course()
            .first()
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
    open_folder(config, &dir, id)
}

/// Opens the problem in `dir` (a native problem folder or an unpacked package) under the
/// id `id`.
pub fn open_folder(config: &JudgeConfig, dir: &Path, id: &str) -> Result<Problem> {
    let Some(loader) = loader_of(dir) else {
        return Err(JudgeError::file(
            "problem folder",
            dir,
            "has no problem.toml, problem.yaml, problem.xml or fps.toml",
        ));
    };
    let problem = (loader.load)(config, dir, id)?;
    if problem.tests.is_empty() {
        return Err(JudgeError::NoTests {
            problem: id.to_string(),
            dir: problem.testdata_dir.clone(),
        });
    }
    Ok(problem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_is_read_by_the_first_loader_whose_marker_it_holds() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!is_problem_folder(dir.path()));
        std::fs::write(dir.path().join("problem.yaml"), "name: x\n").unwrap();
        assert_eq!(loader_of(dir.path()).unwrap().marker, "problem.yaml");
        std::fs::write(dir.path().join("problem.toml"), "").unwrap();
        assert_eq!(loader_of(dir.path()).unwrap().marker, "problem.toml");
    }
}
