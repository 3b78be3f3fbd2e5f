//! `judge import`: a package (folder or .zip) becomes a problem of the contest. It is
//! loaded first, so a bad package is refused with everything wrong and nothing is
//! written; then it is copied beside the other problems under a hidden name and renamed
//! into place, and judge.toml gains its `[[contest.problems]]` entry (its comments and
//! layout kept). If judge.toml cannot be written or no longer loads, the copy is
//! removed and judge.toml restored: nothing is half imported.

use crate::config::judge_toml::JudgeConfig;
use crate::error::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// A problem's points in the contest when the teacher gives none.
pub const DEFAULT_POINTS: f64 = 100.0;

/// What an import did.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The problem's id in the contest.
    pub id: String,
    /// Where it now lies.
    pub dir: PathBuf,
    /// Its title.
    pub title: String,
    /// The format it came in.
    pub format: crate::problem::Format,
    /// How many tests it has.
    pub tests: usize,
    /// What the loader noticed without refusing it.
    pub warnings: Vec<String>,
}

/// Imports the package at `path` as problem `id` (default: from the path's name), worth
/// `points`.
pub fn import(
    config: &JudgeConfig,
    path: &Path,
    id: Option<&str>,
    points: f64,
) -> Result<Imported> {
    let opened = super::open(config, path, id)?;
    let problem = &opened.problem;
    let id = problem.id.clone();
    crate::problem_id::check(config, &id)?;
    if config.toml.contest.problems.iter().any(|p| p.id == id) {
        return Err(JudgeError::file(
            "judge.toml",
            &config.file,
            format!("already lists a problem {id:?}; give another with --id"),
        ));
    }
    let target = config.problem_dir(&id);
    if target.exists() {
        return Err(JudgeError::file(
            "problem folder",
            &target,
            "already exists; give another id with --id",
        ));
    }
    let parent = target
        .parent()
        .ok_or_else(|| JudgeError::file("problem folder", &target, "has no parent folder"))?;
    std::fs::create_dir_all(parent).map_err(|e| JudgeError::file("problems folder", parent, e))?;
    let staging = tempfile::Builder::new()
        .prefix(&format!(".import-{id}-"))
        .tempdir_in(parent)
        .map_err(|e| JudgeError::file("staging folder in", parent, e))?;
    copy_tree(&problem.dir, staging.path())?;
    let staged = staging.keep();
    std::fs::rename(&staged, &target).map_err(|e| {
        let _ = std::fs::remove_dir_all(&staged);
        JudgeError::file("problem folder", &target, e)
    })?;
    if let Err(error) = add_to_judge_toml(config, &id, points) {
        let _ = std::fs::remove_dir_all(&target);
        return Err(error);
    }
    Ok(Imported {
        id,
        dir: target,
        title: problem.title.clone(),
        format: problem.format,
        tests: problem.tests.len(),
        warnings: problem.warnings.clone(),
    })
}

/// Copies a package folder; a symbolic link in it is refused (it could name anything on
/// this machine).
fn copy_tree(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to).map_err(|e| JudgeError::file("folder", to, e))?;
    let entries = std::fs::read_dir(from).map_err(|e| JudgeError::file("folder", from, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| JudgeError::file("folder", from, e))?;
        let path = entry.path();
        let kind = entry
            .file_type()
            .map_err(|e| JudgeError::file("file", &path, e))?;
        let target = to.join(entry.file_name());
        if kind.is_symlink() {
            return Err(JudgeError::file(
                "package file",
                &path,
                "is a symbolic link: a package holds plain files only",
            ));
        } else if kind.is_dir() {
            if entry.file_name() == "target" {
                continue;
            }
            copy_tree(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| JudgeError::file("file", &path, e))?;
        }
    }
    Ok(())
}

/// Appends `[[contest.problems]]` for `id` to judge.toml, keeping the file as it is
/// otherwise; restores it when the result does not load.
fn add_to_judge_toml(config: &JudgeConfig, id: &str, points: f64) -> Result<()> {
    let file = &config.file;
    let before =
        std::fs::read_to_string(file).map_err(|e| JudgeError::file("judge.toml", file, e))?;
    let mut document: toml_edit::DocumentMut = before
        .parse()
        .map_err(|e| JudgeError::file("judge.toml", file, e))?;
    let contest = document
        .get_mut("contest")
        .and_then(|c| c.as_table_mut())
        .ok_or_else(|| JudgeError::file("judge.toml", file, "has no [contest] table"))?;
    // No problems yet (`problems = []` or none at all): the list starts here.
    let empty = match contest.get("problems") {
        None => true,
        Some(item) => item.as_array().is_some_and(|a| a.is_empty()),
    };
    if empty {
        contest.insert(
            "problems",
            toml_edit::Item::ArrayOfTables(toml_edit::ArrayOfTables::new()),
        );
    }
    let problems = contest
        .get_mut("problems")
        .and_then(|p| p.as_array_of_tables_mut())
        .ok_or_else(|| {
            JudgeError::file(
                "judge.toml",
                file,
                "lists contest.problems in a form this command cannot add to; use [[contest.problems]] tables",
            )
        })?;
    let mut entry = toml_edit::Table::new();
    entry.insert("id", toml_edit::value(id));
    entry.insert("points", toml_edit::value(points));
    problems.push(entry);
    std::fs::write(file, document.to_string())
        .map_err(|e| JudgeError::file("judge.toml", file, e))?;
    if let Err(error) = JudgeConfig::load(file) {
        let _ = std::fs::write(file, &before);
        return Err(error.into());
    }
    Ok(())
}
