//! A teacher's package upload (`/teacher/problems/import`) and what makes the running
//! server know the new problem.
//!
//! The .zip is written to a temporary folder (removed afterwards) and imported by
//! judge-core's [`judge_packages::import::import`], exactly as `judge import` does (an FPS
//! file, `.xml`, by [`judge_packages::fps::import`]: each of its items, all or nothing):
//! the contest is checked and the package loaded first (an unknown contest or a bad
//! package is refused with every error and nothing is written), then it is copied beside
//! the other problems and listed in judge.toml under the contest the teacher chose
//! (`[contest]`, the first, by default). Then [`reload`] reads judge.toml again: a judge with the new
//! configuration (sharing the sandbox and caches), the contests, titles and labels, the
//! problems' versions, given to this server's workers and published for every worker,
//! and finally a new state for the requests that come next. One import runs at a time
//! ([`crate::state::Shared::course_lock`]).

use crate::state::AppState;
use judge_course::ServerError;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::JudgeError;
use judge_packages::import::{Imported, DEFAULT_POINTS};
use judge_store::now_ms;
use std::path::Path;
use std::sync::Arc;

/// An uploaded package.
#[derive(Debug, Clone)]
pub struct Upload {
    /// The file's name as the browser sent it (its stem is the default id; `.xml` says
    /// it is an FPS file).
    pub file_name: String,
    /// The .zip's (or FPS file's) bytes.
    pub bytes: Vec<u8>,
    /// The problem's id in the contest (default: from the file's name).
    pub id: Option<String>,
    /// The contest to add it to, by id (default: the first).
    pub contest: Option<String>,
}

/// A package (or an FPS file's items) imported and known to the server.
#[derive(Debug, Clone)]
pub struct Done {
    /// What the import did: one problem for a package, each item's for an FPS file.
    pub imported: Vec<Imported>,
    /// The new problems the server cannot judge yet, with why (a checker that does not
    /// build, say): imported all the same, as `judge import` would.
    pub not_judgeable: Vec<(String, String)>,
    /// What else the teacher should know (an FPS item kept as a statement only).
    pub notes: Vec<String>,
}

/// Why an upload did not become a problem.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The package (or judge.toml) was refused: nothing was imported.
    #[error("the package was refused: {}", .0.join("; "))]
    Refused(Vec<String>),
    /// The package was imported, but the server could not read judge.toml again.
    #[error("the package was imported, but the server cannot take judge.toml in again: {0}")]
    Reload(ServerError),
    /// The upload could not be stored.
    #[error(transparent)]
    Server(#[from] ServerError),
}

/// The name the upload is stored under: the last part of the browser's name, `.zip`
/// added (`.xml` kept: an FPS file), so that the default id is the one `judge import`
/// would give the same file.
fn stored_name(file_name: &str) -> String {
    let base = Path::new(file_name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stem = Path::new(&base)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty() && !s.starts_with('.'))
        .unwrap_or_else(|| "package".into());
    let extension = if base.to_ascii_lowercase().ends_with(".xml") {
        "xml"
    } else {
        "zip"
    };
    format!("{}.{extension}", judge_packages::id_of(Path::new(&stem)))
}

/// The import's errors, one a line: each problem of a package, else the error, with the
/// temporary file's path replaced by the uploaded file's name.
fn messages(error: &JudgeError, stored: &Path, file_name: &str) -> Vec<String> {
    let lines = match error {
        JudgeError::Package(package) => package.errors.iter().map(|e| e.to_string()).collect(),
        JudgeError::UnknownContest { given, .. } => {
            vec![judge_views::views::import::ImportTexts::current().unknown_contest(given)]
        }
        other => vec![other.to_string()],
    };
    let stored = stored.display().to_string();
    lines
        .into_iter()
        .map(|line| line.replace(&stored, file_name))
        .collect()
}

/// Imports `upload` into the contest it names and makes the server know it (blocks: run it on a
/// blocking thread).
pub fn import(state: &AppState, upload: &Upload) -> Result<Done, ImportError> {
    let _one_at_a_time = state.course_lock.lock().unwrap_or_else(|e| e.into_inner());
    // The latest state, under the lock: another import may have replaced it meanwhile.
    let latest = state.clone();
    let folder = tempfile::tempdir().map_err(|cause| ServerError::Io {
        what: "making a temporary folder for",
        path: std::env::temp_dir(),
        cause,
    })?;
    let stored = folder.path().join(stored_name(&upload.file_name));
    std::fs::write(&stored, &upload.bytes).map_err(|cause| ServerError::Io {
        what: "storing the upload in",
        path: stored.clone(),
        cause,
    })?;
    // judge.toml as it is now on disk (the import checks the ids it already lists).
    let file = &latest.judge.config.file;
    let config = JudgeConfig::load(file)
        .map_err(|e| ImportError::Refused(vec![JudgeError::from(e).to_string()]))?;
    let id = upload
        .id
        .as_deref()
        .map(str::trim)
        .filter(|id| !id.is_empty());
    let refused = |e: JudgeError| ImportError::Refused(messages(&e, &stored, &upload.file_name));
    let (imported, notes) = if judge_packages::fps::is_fps_file(&stored) {
        let done = judge_packages::fps::import(
            &config,
            &stored,
            id,
            DEFAULT_POINTS,
            upload.contest.as_deref(),
        )
        .map_err(refused)?;
        let notes = done
            .notes
            .into_iter()
            .map(|note| note.replace(&stored.display().to_string(), &upload.file_name))
            .collect();
        (done.problems, notes)
    } else {
        let imported = judge_packages::import::import(
            &config,
            &stored,
            id,
            DEFAULT_POINTS,
            upload.contest.as_deref(),
            // A package uploaded through the page never runs outside the sandbox.
            judge_packages::Trust::SandboxedOnly,
        )
        .map_err(refused)?;
        (vec![imported], Vec::new())
    };
    for problem in &imported {
        tracing::info!(
            "imported {} as problem {} ({} tests) into {}, in contest {}",
            upload.file_name,
            problem.id,
            problem.tests,
            problem.dir.display(),
            problem.contest
        );
    }
    let broken = reload(&latest).map_err(ImportError::Reload)?;
    let not_judgeable = broken
        .into_iter()
        .filter(|(problem, _)| imported.iter().any(|i| i.id == *problem))
        .collect();
    Ok(Done {
        imported,
        not_judgeable,
        notes,
    })
}

/// Reads judge.toml again and makes every part of the server use it: this server's
/// workers (their next claims), the versions published for every worker, and the state
/// of the requests that come next. Returns the problems that cannot be loaded, with why.
pub fn reload(state: &AppState) -> Result<Vec<(String, String)>, ServerError> {
    let config = JudgeConfig::load(&state.judge.config.file).map_err(JudgeError::from)?;
    let judge = Arc::new(state.judge.with_config(config));
    let mut course = crate::course::load(judge, &state.store, now_ms())?;
    course.parts.contests = course.parts.contests.keeping_clocks(&state.contests);
    if let Some(workers) = &state.workers {
        workers.reload(
            course.parts.judge.clone(),
            course.versions.clone(),
            course.broken.clone(),
        );
    }
    state.store.publish_problems(&course.versions)?;
    state.replace(state.with_course(course.parts));
    Ok(course.broken)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_name_is_the_last_part_made_an_id() {
        assert_eq!(stored_name("Pair Sum.zip"), "pair-sum.zip");
        assert_eq!(stored_name("../../etc/passwd"), "passwd.zip");
        assert_eq!(stored_name("C:\\x\\y.zip"), "c--x-y.zip");
        assert_eq!(stored_name(""), "package.zip");
        assert_eq!(stored_name(".zip"), "package.zip");
        assert_eq!(stored_name("Bank 2024.XML"), "bank-2024.xml");
        assert_eq!(stored_name("../x.xml.zip"), "x.zip");
    }
}
