//! FreeProblemSet (FPS) XML, the format HUSTOJ, Hydro and most Chinese school judges
//! exchange problems in: one file of one or many `<item>`s, each a problem's title,
//! limits, HTML statement with its images (base64), samples, tests, special judge,
//! solutions and templates.
//!
//! `judge import FILE.xml` ([`import`]) reads the whole file first ([`parse`]): anything
//! wrong (malformed XML, a test output without its input, a limit in an unknown unit, an
//! image that is not one, a file past the caps of [`caps`]) refuses the whole file with
//! one error naming the item, and nothing is written. Then each item is written as a
//! problem folder of its own ([`write`]; `fps.toml` its marker, read by [`load`]), each
//! loaded back as the judge will load it, and only when all of them load are they moved
//! into place and listed in judge.toml, in one edit. An item without tests is kept as a
//! statement only: its folder is written, it is not listed, and it takes no submissions
//! until it has tests.
//!
//! The special judge's protocol is read from its source: one that includes testlib.h
//! speaks testlib's (`check INPUT OUTPUT ANSWER`, exit 0/1/2/3/7), any other HUSTOJ's
//! (`spj INPUT ANSWER OUTPUT`, exit 0 accepted, anything else a wrong answer). Either is
//! compiled and run in the sandbox like every checker.

pub mod caps;
pub mod html;
pub mod load;
pub mod parse;
pub mod write;

use crate::import::{add_to_judge_toml, contest_id, Imported};
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::problem::Format;
use judge_model::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// Whether `path` names an FPS file (by its extension, `.xml`).
pub fn is_fps_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xml"))
        && path.is_file()
}

/// What `judge import FILE.xml` did.
#[derive(Debug, Clone, PartialEq)]
pub struct FpsImported {
    /// The problems added to the contest, in file order.
    pub problems: Vec<Imported>,
    /// Items without tests, kept as statements only (not in the contest): their id and
    /// folder.
    pub statements_only: Vec<(String, PathBuf)>,
    /// What the teacher should know (per item).
    pub notes: Vec<String>,
}

/// Reads an FPS file: its items, or one error naming the file and the item.
pub fn read(path: &Path) -> Result<Vec<parse::Item>> {
    let refuse = |why: String| JudgeError::file("FPS file", path, why);
    let size = std::fs::metadata(path)
        .map_err(|e| JudgeError::file("FPS file", path, e))?
        .len();
    if size > caps::MAX_FILE_BYTES {
        return Err(refuse(format!(
            "is {size} bytes, more than the {} an FPS file may be",
            caps::MAX_FILE_BYTES
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| JudgeError::file("FPS file", path, e))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        refuse(format!(
            "is not UTF-8 text (byte {}); FPS files are UTF-8",
            e.utf8_error().valid_up_to()
        ))
    })?;
    parse::parse(&text).map_err(refuse)
}

/// An id from a title: its ASCII letters and digits, lowercased, the rest made single
/// `-`s, at most 40 characters; empty when the title has none (a Chinese title).
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The ids of `items`: `--id` for a file's only item; else each title's slug, or (for a
/// title without ASCII letters or digits, or one another item has) the file's name and
/// the item's number (`bank-3`).
pub fn ids(items: &[parse::Item], path: &Path, asked: Option<&str>) -> Result<Vec<String>> {
    if let Some(asked) = asked {
        if items.len() != 1 {
            return Err(JudgeError::file(
                "FPS file",
                path,
                format!(
                    "holds {} items; --id names the only item of a file (the ids come from the titles otherwise)",
                    items.len()
                ),
            ));
        }
        return Ok(vec![asked.to_string()]);
    }
    let stem = crate::id_of(path);
    let slugs: Vec<String> = items.iter().map(|i| slug(&i.title)).collect();
    Ok(items
        .iter()
        .zip(&slugs)
        .map(|(item, slug)| {
            let unique = slugs.iter().filter(|s| *s == slug).count() == 1;
            if !slug.is_empty() && unique {
                slug.clone()
            } else {
                format!("{stem}-{}", item.number)
            }
        })
        .collect())
}

/// Imports every item of the FPS file `path` into the contest `contest` (`None`: the
/// first), each worth `points`; `id` names a file's only item. All or nothing.
pub fn import(
    config: &JudgeConfig,
    path: &Path,
    id: Option<&str>,
    points: f64,
    contest: Option<&str>,
) -> Result<FpsImported> {
    let contest = contest_id(config, contest)?;
    let items = read(path)?;
    let ids = ids(&items, path, id)?;
    let course = config.course();
    for id in &ids {
        judge_core::check_problem_id(config, id)?;
        if id.contains('/') || id.starts_with('.') {
            return Err(JudgeError::file(
                "FPS file",
                path,
                format!("the id {id:?} is not a folder name"),
            ));
        }
        if let Some(listing) = course
            .contests
            .iter()
            .find(|c| c.problems.iter().any(|p| &p.id == id))
        {
            return Err(JudgeError::file(
                "judge.toml",
                &config.file,
                format!(
                    "already lists a problem {id:?} (in contest {:?}); rename the item's title, or import a file of one item with --id",
                    listing.id
                ),
            ));
        }
        let target = config.problem_dir(id);
        if target.exists() {
            return Err(JudgeError::file(
                "problem folder",
                &target,
                "already exists; rename the item's title, or import a file of one item with --id",
            ));
        }
    }
    let first_target = config.problem_dir(&ids[0]);
    let parent = first_target
        .parent()
        .ok_or_else(|| JudgeError::file("problem folder", &first_target, "has no parent folder"))?;
    std::fs::create_dir_all(parent).map_err(|e| JudgeError::file("problems folder", parent, e))?;
    let staging = tempfile::Builder::new()
        .prefix(".import-fps-")
        .tempdir_in(parent)
        .map_err(|e| JudgeError::file("staging folder in", parent, e))?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut notes = Vec::new();
    let mut staged = Vec::new();
    for (item, id) in items.iter().zip(&ids) {
        let dir = staging.path().join(id);
        notes.extend(write::write_item(item, &dir, &file_name)?);
        let problem = if item.tests.is_empty() {
            None
        } else {
            let problem = crate::open_folder(config, &dir, id).map_err(|e| {
                JudgeError::file(
                    "FPS file",
                    path,
                    format!("{}: does not load as a problem: {e}", item.describe()),
                )
            })?;
            Some(problem)
        };
        staged.push((item, id, dir, problem));
    }
    // Every item is written and loads: move them in, then list them, undoing on failure.
    let mut moved: Vec<PathBuf> = Vec::new();
    let undo = |moved: &[PathBuf]| {
        for dir in moved {
            let _ = std::fs::remove_dir_all(dir);
        }
    };
    for (_, id, dir, _) in &staged {
        let target = config.problem_dir(id);
        if let Err(e) = std::fs::rename(dir, &target) {
            undo(&moved);
            return Err(JudgeError::file("problem folder", &target, e));
        }
        moved.push(target);
    }
    let listed: Vec<&str> = staged
        .iter()
        .filter(|(_, _, _, problem)| problem.is_some())
        .map(|(_, id, _, _)| id.as_str())
        .collect();
    if !listed.is_empty() {
        if let Err(error) = add_to_judge_toml(config, &contest, &listed, points) {
            undo(&moved);
            return Err(error);
        }
    }
    let mut out = FpsImported {
        problems: Vec::new(),
        statements_only: Vec::new(),
        notes,
    };
    for (item, id, _, problem) in staged {
        let dir = config.problem_dir(id);
        match problem {
            Some(problem) => out.problems.push(Imported {
                id: id.clone(),
                contest: contest.clone(),
                dir,
                title: item.title.clone(),
                format: Format::Fps,
                tests: problem.tests.len(),
                warnings: problem.warnings,
            }),
            None => {
                out.notes.push(format!(
                    "{}: has no tests: kept as a statement only in {} and not added to the contest (it takes no submissions until it has tests: put them in data/secret/, set statement_only = false in its fps.toml, and list it in judge.toml)",
                    item.describe(),
                    dir.display()
                ));
                out.statements_only.push((id.clone(), dir));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
