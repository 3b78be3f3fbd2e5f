//! Problem packages made elsewhere, read into the one problem model
//! ([`judge_model::problem::Problem`]): Kattis packages ([`kattis`]) in each generation, and
//! Polygon full packages ([`polygon`]), and their .zip files, unpacked safely
//! ([`unzip`]); FreeProblemSet XML files of many problems ([`fps`]); and a native problem written out as a Kattis package ([`export`]).
//! Everything wrong with a package is reported together
//! ([`judge_model::Issues`]).

pub mod course_toml;
pub mod export;
pub mod fps;
pub mod import;
mod kattis;
pub mod limits_edit;
mod load;
mod native;
mod polygon;
pub mod stored_limit;
pub mod testdata;
mod unzip;
pub mod verify_record;
mod yaml;

pub use load::{is_problem_folder, load, open_folder};
pub use native::BRUTE_FORCE_FOLDER;

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::problem::Problem;
use judge_model::{JudgeError, Result};
use std::path::{Path, PathBuf};

/// A problem opened from a path given on the command line: a problem folder (native or
/// a package) or a package .zip, unpacked into a temporary folder that lives as long as
/// this value.
#[derive(Debug)]
pub struct Opened {
    /// The problem.
    pub problem: Problem,
    /// The unpacked zip, when it was one.
    pub unpacked: Option<tempfile::TempDir>,
}

/// Whether a command-line argument names a problem by path (a .zip, or a folder that is
/// there) rather than by id. The folder of one of the contest's own problems is not: it
/// is named by its id, and [`judge_core::check_problem_id`] says which.
pub fn is_path(config: &JudgeConfig, argument: &str) -> bool {
    let path = Path::new(argument);
    if argument.ends_with(".zip") {
        return true;
    }
    if !path.is_dir() || !(argument.contains('/') || is_problem_folder(path)) {
        return false;
    }
    let Ok(canonical) = path.canonicalize() else {
        return false;
    };
    !config.course().first().problems.iter().any(|p| {
        config
            .problem_dir(&p.id)
            .canonicalize()
            .is_ok_and(|dir| dir == canonical)
    })
}

/// The id a path gives a problem: its folder's (or zip's) name, lowercased, with
/// anything but letters, digits, `-` and `_` made `-`.
pub fn id_of(path: &Path) -> String {
    let name = path
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "problem".into());
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// Whether a package whose own code would run outside the sandbox
/// ([`Problem::host_code`]: a native crate) may come in from elsewhere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trust {
    /// Only packages whose every program runs in a box (Kattis, Polygon, native problems
    /// of sources only): the default, and always so for the web page.
    SandboxedOnly,
    /// Native crates too, when the teacher read the code: `judge import --trust-native`.
    NativeCrates,
}

/// Opens the problem at `path` (a folder, or a .zip unpacked safely) as `id` (default:
/// from the path's name). A zip comes from elsewhere: one whose code would run outside
/// the sandbox is refused unless `trust` says otherwise (a folder is judged in place: the
/// teacher's own).
pub fn open(config: &JudgeConfig, path: &Path, id: Option<&str>, trust: Trust) -> Result<Opened> {
    let id = id.map(str::to_string).unwrap_or_else(|| id_of(path));
    if path.is_file() {
        let unpacked = tempfile::tempdir()
            .map_err(|e| JudgeError::file("temporary folder", std::env::temp_dir(), e))?;
        let root: PathBuf = unzip::unpack(path, unpacked.path(), unzip::UnpackLimits::default())?;
        let problem = open_folder(config, &root, &id)?;
        if let Some(why) = problem
            .host_code()
            .filter(|_| trust == Trust::SandboxedOnly)
        {
            return Err(JudgeError::file(
                "package",
                path,
                format!(
                    "is refused: {why}; a package from elsewhere never runs outside the sandbox (unpack it and read its code; `judge import --trust-native` adds it if you trust it)"
                ),
            ));
        }
        return Ok(Opened {
            problem,
            unpacked: Some(unpacked),
        });
    }
    if !path.is_dir() {
        return Err(JudgeError::file(
            "problem",
            path,
            "is neither a problem folder nor a package .zip",
        ));
    }
    let dir = path
        .canonicalize()
        .map_err(|e| JudgeError::file("problem folder", path, e))?;
    Ok(Opened {
        problem: open_folder(config, &dir, &id)?,
        unpacked: None,
    })
}
