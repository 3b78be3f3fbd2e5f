//! A problem's time and memory limits changed by a teacher (the server's `PATCH
//! /api/v1/problems/{id}`), written where the problem keeps them: problem.toml's
//! `[limits]` for a native problem (edited as a document, its comments kept), or the
//! stored limit ([`crate::stored_limit`], `.timelimit`) of a package whose time limit was
//! decided from its accepted submissions. A limit the package's own metadata gives
//! (problem.yaml, problem.xml, fps.toml) is the package's: the change is refused with
//! where to make it, so that a package exported again keeps one limit. Either file is
//! written beside itself and renamed into place; a problem.toml that then does not load
//! is put back.

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::limit_bounds as bounds;
use judge_model::problem::{Format, TimeLimitOrigin};
use judge_model::{JudgeError, Result};
use std::io::Write;
use std::path::Path;

/// New limits (None: unchanged).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LimitsChange {
    /// CPU seconds.
    pub time_s: Option<f64>,
    /// Memory in MiB.
    pub memory_mib: Option<u64>,
}

/// Writes `text` to `path` through a file beside it renamed over it.
fn replace(path: &Path, text: &[u8]) -> Result<()> {
    let folder = path.parent().unwrap_or(Path::new("."));
    let mut staged = tempfile::Builder::new()
        .prefix(".limits-")
        .tempfile_in(folder)
        .map_err(|e| JudgeError::file("problem folder", folder, e))?;
    staged
        .write_all(text)
        .map_err(|e| JudgeError::file("problem file", path, e))?;
    if let Ok(metadata) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(staged.path(), metadata.permissions());
    }
    staged
        .persist(path)
        .map_err(|e| JudgeError::file("problem file", path, e.error))?;
    Ok(())
}

/// Changes problem `id`'s limits as `change` asks.
pub fn write(config: &JudgeConfig, id: &str, change: LimitsChange) -> Result<()> {
    let problem = crate::load(config, id)?;
    let dir = problem.dir.clone();
    if let Some(time_s) = change.time_s {
        if let Some(why) = bounds::seconds(time_s, bounds::MAX_TIME_S) {
            return Err(JudgeError::file("time limit of", &dir, why));
        }
    }
    if let Some(memory) = change.memory_mib {
        if let Some(why) = bounds::mebibytes(memory, bounds::MAX_MEMORY_MIB) {
            return Err(JudgeError::file("memory limit of", &dir, why));
        }
    }
    if problem.format == Format::Native {
        let file = dir.join("problem.toml");
        let before = std::fs::read_to_string(&file)
            .map_err(|e| JudgeError::file("problem.toml", &file, e))?;
        let mut document: toml_edit::DocumentMut = before
            .parse()
            .map_err(|e| JudgeError::file("problem.toml", &file, e))?;
        let limits = document
            .get_mut("limits")
            .and_then(|l| l.as_table_like_mut())
            .ok_or_else(|| JudgeError::file("problem.toml", &file, "has no [limits] table"))?;
        let mut put = |key: &str, value: toml_edit::Value| match limits
            .get_mut(key)
            .and_then(|item| item.as_value_mut())
        {
            Some(old) => {
                let mut value = value;
                *value.decor_mut() = old.decor().clone();
                *old = value;
            }
            None => {
                limits.insert(key, toml_edit::Item::Value(value));
            }
        };
        if let Some(time_s) = change.time_s {
            put("time_s", toml_edit::Value::from(time_s));
        }
        if let Some(memory) = change.memory_mib {
            put(
                "memory_mib",
                toml_edit::Value::from(i64::try_from(memory).unwrap_or(i64::MAX)),
            );
        }
        replace(&file, document.to_string().as_bytes())?;
        if let Err(error) = crate::load(config, id) {
            replace(&file, before.as_bytes())?;
            return Err(error);
        }
        return Ok(());
    }
    if change.memory_mib.is_some() {
        return Err(JudgeError::file(
            "package",
            &dir,
            "gives its memory limit in its own metadata (problem.yaml, problem.xml): change it there and import the package again",
        ));
    }
    if let Some(time_s) = change.time_s {
        match problem.time_rule.origin {
            TimeLimitOrigin::Given { file } => {
                return Err(JudgeError::file(
                    "package",
                    &dir,
                    format!("gives its time limit in its {file}: change it there and import the package again"),
                ))
            }
            TimeLimitOrigin::Stored | TimeLimitOrigin::Inferred | TimeLimitOrigin::Undecided => {
                crate::stored_limit::write(&dir, time_s)?
            }
        }
    }
    Ok(())
}
