//! The folder `judge stress` leaves behind: the input it stopped on, what the reference
//! and the other solution made of it, and why it stopped (stress.json).

use judge_model::{JudgeError, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One round's files, kept in memory (stress inputs are small).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Case {
    /// The generated input.
    pub input: Vec<u8>,
    /// The reference's output (an interactive problem's: the interactor's TOUT).
    pub answer: Vec<u8>,
    /// The other solution's output, when it ran.
    pub output: Option<Vec<u8>>,
}

/// The file names in the folder.
pub const INPUT: &str = "case.in";
/// The reference's output.
pub const ANSWER: &str = "case.ans";
/// The other solution's output.
pub const OUTPUT: &str = "case.out";
/// What happened, as JSON.
pub const REPORT: &str = "stress.json";

/// Writes the case and `about` (as JSON) into `dir`, created if needed; files of an
/// earlier case there are replaced. Returns `dir`.
pub fn save(dir: &Path, case: &Case, about: &impl Serialize) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).map_err(|e| JudgeError::file("stress folder", dir, e))?;
    let json = serde_json::to_vec_pretty(about)
        .map_err(|e| JudgeError::file("stress report", dir.join(REPORT), e))?;
    let mut files = vec![
        (INPUT, case.input.as_slice()),
        (ANSWER, case.answer.as_slice()),
        (REPORT, json.as_slice()),
    ];
    match &case.output {
        Some(output) => files.push((OUTPUT, output.as_slice())),
        None => {
            // A stale output of an earlier case would pass for this one's.
            let _ = std::fs::remove_file(dir.join(OUTPUT));
        }
    }
    for (name, bytes) in files {
        let path = dir.join(name);
        std::fs::write(&path, bytes).map_err(|e| JudgeError::file("stress file", &path, e))?;
    }
    Ok(dir.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_is_written_and_a_stale_output_removed() {
        let dir = tempfile::tempdir().unwrap();
        let case = Case {
            input: b"3\n".to_vec(),
            answer: b"6\n".to_vec(),
            output: Some(b"9\n".to_vec()),
        };
        save(dir.path(), &case, &serde_json::json!({"round": 1})).unwrap();
        assert_eq!(std::fs::read(dir.path().join(OUTPUT)).unwrap(), b"9\n");
        let without = Case {
            output: None,
            ..case
        };
        save(dir.path(), &without, &serde_json::json!({"round": 2})).unwrap();
        assert!(!dir.path().join(OUTPUT).exists());
        assert_eq!(std::fs::read(dir.path().join(INPUT)).unwrap(), b"3\n");
        let report = std::fs::read_to_string(dir.path().join(REPORT)).unwrap();
        assert!(report.contains("\"round\": 2"), "{report}");
    }
}
