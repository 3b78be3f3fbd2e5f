//! `results.jsonl`: one line of JSON per finished attempt, appended and flushed as each
//! finishes, so that a run killed midway loses nothing it finished; a new run reads it
//! and judges only what is missing.

pub use judge_model::events::runs::{AttemptLine, AttemptStatus};
use judge_model::{JudgeError, Result};
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// The append-only log.
#[derive(Debug)]
pub struct ResultsLog {
    path: PathBuf,
    file: File,
}

impl ResultsLog {
    /// Opens (or creates) the log; returns it with the last line of each attempt already
    /// there, by id (whether it counts as done is [`AttemptLine::done`]). A torn last line
    /// (a crash mid-write) is cut off.
    pub fn open(path: &Path) -> Result<(ResultsLog, BTreeMap<String, AttemptLine>)> {
        let error = |e: std::io::Error| JudgeError::file("results log", path, e);
        let (done, good_length) = if path.exists() {
            scan(path)?
        } else {
            (BTreeMap::new(), 0)
        };
        let file = File::options()
            .create(true)
            .append(true)
            .open(path)
            .map_err(error)?;
        // Drop anything after the last complete line (set_len works on the append handle).
        if file.metadata().map_err(error)?.len() > good_length {
            file.set_len(good_length).map_err(error)?;
        }
        Ok((
            ResultsLog {
                path: path.to_path_buf(),
                file,
            },
            done,
        ))
    }

    /// Appends a line and makes it durable.
    pub fn append(&mut self, line: &AttemptLine) -> Result<()> {
        let mut bytes =
            serde_json::to_vec(line).map_err(|e| JudgeError::file("results log", &self.path, e))?;
        bytes.push(b'\n');
        self.file
            .write_all(&bytes)
            .and_then(|()| self.file.sync_data())
            .map_err(|e| JudgeError::file("results log", &self.path, e))
    }
}

/// Reads a finished or running contest's log without changing it (`judge grades`): the
/// last line of each attempt, by id; a torn last line is left out.
pub fn read(path: &Path) -> Result<BTreeMap<String, AttemptLine>> {
    Ok(scan(path)?.0)
}

/// The last line of each attempt in the log at `path`, and the length of its complete
/// lines (the rest is a torn line).
fn scan(path: &Path) -> Result<(BTreeMap<String, AttemptLine>, u64)> {
    let error = |e: std::io::Error| JudgeError::file("results log", path, e);
    let mut done = BTreeMap::new();
    let mut good_length = 0u64;
    let reader = std::io::BufReader::new(File::open(path).map_err(error)?);
    let mut offset = 0u64;
    for line in reader.split(b'\n') {
        let line = line.map_err(error)?;
        let next = offset + line.len() as u64 + 1;
        match serde_json::from_slice::<AttemptLine>(&line) {
            Ok(record) => {
                good_length = next;
                done.insert(record.id.clone(), record);
            }
            Err(_) => break,
        }
        offset = next;
    }
    Ok((done, good_length))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(id: &str, status: AttemptStatus) -> AttemptLine {
        AttemptLine {
            id: id.into(),
            student: "s".into(),
            problem: "p".into(),
            submitted_at: 0,
            language: None,
            source_sha256: String::new(),
            status,
            reason: None,
            result: None,
        }
    }

    #[test]
    fn reopening_finds_what_was_done_and_cuts_a_torn_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("results.jsonl");
        {
            let (mut log, done) = ResultsLog::open(&path).unwrap();
            assert!(done.is_empty());
            log.append(&line("a", AttemptStatus::Judged)).unwrap();
            log.append(&line("b", AttemptStatus::Error)).unwrap();
            log.append(&line("c", AttemptStatus::Rejected)).unwrap();
        }
        // A crash in the middle of a line.
        let mut file = File::options().append(true).open(&path).unwrap();
        file.write_all(b"{\"id\":\"d\",\"stu").unwrap();
        drop(file);
        let (mut log, done) = ResultsLog::open(&path).unwrap();
        assert_eq!(
            done.values()
                .filter(|l| l.done())
                .map(|l| l.id.clone())
                .collect::<Vec<_>>(),
            ["a", "c"],
            "errors are retried"
        );
        log.append(&line("d", AttemptStatus::Judged)).unwrap();
        drop(log);
        let (_, done) = ResultsLog::open(&path).unwrap();
        assert_eq!(done.len(), 4, "the last line of each attempt");
        assert_eq!(read(&path).unwrap(), done, "read sees what open sees");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.lines().all(|l| l.starts_with('{') && l.ends_with('}')),
            "{text}"
        );
    }
}
