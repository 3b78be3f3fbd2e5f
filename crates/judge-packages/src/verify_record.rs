//! What the last `judge verify` of a contest's problem found about its time limit, kept for
//! the teacher's limits page (issue 30: a problem's limits with verify's last figures
//! beside them).
//!
//! `judge verify ID` writes it after each problem of the contest it checks (not a path:
//! nothing is written for a folder or a package checked in place) to
//! `.judge/verify/<id>.json` beside judge.toml, outside the problem's folder, so that the
//! problem's content (and its hash) does not change with each run. The server reads it when
//! it shows the limits. It is the judge's own file, but read as any file: at most
//! [`MAX_BYTES`], no link followed, and one that does not parse is a message, not a panic.

use judge_core::safe_open::ToolFolder;
use judge_model::config::judge_toml::JudgeConfig;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The most bytes a record may have.
pub const MAX_BYTES: u64 = 64 * 1024;

/// A submission's name and its CPU time against its language's limit, in seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Timed {
    /// The kept submission (`accepted/sol.cpp`).
    pub file: String,
    /// Its CPU time on its slowest test (a too-slow one: the largest seen).
    pub cpu_s: f64,
    /// Its language's limit.
    pub limit_s: f64,
}

/// The last verify of one problem.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VerifyRecord {
    /// When it ran (RFC 3339, UTC).
    pub verified_at: String,
    /// Whether every check passed.
    pub passed: bool,
    /// The time limit it judged with (native languages).
    pub time_limit_s: f64,
    /// The accepted submission closest to its limit.
    pub slowest_accepted: Option<Timed>,
    /// The too-slow submission closest to its limit.
    pub closest_too_slow: Option<Timed>,
    /// The limit the problem's rule gives from the accepted times.
    pub suggested_time_limit_s: Option<f64>,
}

/// The folder of the records, beside judge.toml.
fn folder(config: &JudgeConfig) -> PathBuf {
    config.root.join(".judge").join("verify")
}

/// A problem id that can name a file: the contest's ids are checked when judge.toml is
/// read, but the record's name is made from it, so it is checked here too.
fn file_name(id: &str) -> Option<String> {
    let plain = !id.is_empty()
        && !id.starts_with('.')
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    plain.then(|| format!("{id}.json"))
}

/// Stores `record` as problem `id`'s last verify (replacing the one before, atomically).
pub fn write(config: &JudgeConfig, id: &str, record: &VerifyRecord) -> Result<PathBuf, String> {
    let name = file_name(id).ok_or_else(|| format!("{id:?} cannot name a file"))?;
    let dir = folder(config);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let path = dir.join(&name);
    let text = serde_json::to_string_pretty(record).map_err(|e| e.to_string())?;
    let partial = dir.join(format!(".{name}.partial"));
    std::fs::write(&partial, text + "\n").map_err(|e| format!("{}: {e}", partial.display()))?;
    std::fs::rename(&partial, &path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Problem `id`'s last verify: `None` when there is none, else the record or why it
/// cannot be read.
pub fn read(config: &JudgeConfig, id: &str) -> Option<Result<VerifyRecord, String>> {
    let name = file_name(id)?;
    read_in(&folder(config), &name)
}

fn read_in(dir: &Path, name: &str) -> Option<Result<VerifyRecord, String>> {
    let folder = ToolFolder::open(dir).ok()?;
    let capped = match folder.read(name, MAX_BYTES) {
        Ok(None) => return None,
        Ok(Some(capped)) => capped,
        Err(refused) => return Some(Err(format!("{name} is refused: {}", refused.0))),
    };
    if capped.truncated {
        return Some(Err(format!("{name} holds more than {MAX_BYTES} bytes")));
    }
    Some(serde_json::from_slice(&capped.bytes).map_err(|e| format!("{name}: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_in(dir: &Path) -> JudgeConfig {
        let file = dir.join("judge.toml");
        std::fs::write(&file, "[contest]\ntitle = \"t\"\n").unwrap();
        JudgeConfig::load(&file).unwrap()
    }

    fn record() -> VerifyRecord {
        VerifyRecord {
            verified_at: "2026-12-06T23:40:00Z".into(),
            passed: true,
            time_limit_s: 1.0,
            slowest_accepted: Some(Timed {
                file: "accepted/sol.cpp".into(),
                cpu_s: 0.42,
                limit_s: 1.0,
            }),
            closest_too_slow: None,
            suggested_time_limit_s: Some(0.9),
        }
    }

    #[test]
    fn a_record_is_written_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let config = config_in(dir.path());
        assert_eq!(read(&config, "maze"), None);
        let path = write(&config, "maze", &record()).unwrap();
        assert_eq!(path, dir.path().join(".judge/verify/maze.json"));
        assert_eq!(read(&config, "maze"), Some(Ok(record())));
        let mut newer = record();
        newer.passed = false;
        write(&config, "maze", &newer).unwrap();
        assert_eq!(read(&config, "maze"), Some(Ok(newer)));
    }

    #[test]
    fn bad_records_and_ids_are_messages() {
        let dir = tempfile::tempdir().unwrap();
        let config = config_in(dir.path());
        assert!(write(&config, "../escape", &record()).is_err());
        assert!(write(&config, ".hidden", &record()).is_err());
        assert_eq!(read(&config, "../escape"), None);
        let records = dir.path().join(".judge/verify");
        std::fs::create_dir_all(&records).unwrap();
        std::fs::write(records.join("maze.json"), "{not json").unwrap();
        assert!(read(&config, "maze")
            .unwrap()
            .unwrap_err()
            .contains("maze.json"));
        std::fs::write(records.join("big.json"), vec![b' '; MAX_BYTES as usize + 1]).unwrap();
        assert!(read(&config, "big")
            .unwrap()
            .unwrap_err()
            .contains("more than"));
        std::os::unix::fs::symlink("/etc/passwd", records.join("link.json")).unwrap();
        assert!(read(&config, "link")
            .unwrap()
            .unwrap_err()
            .contains("refused"));
    }
}
