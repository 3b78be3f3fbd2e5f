//! The time limit decided for a package that gives none, kept in the problem's folder.
//!
//! A Kattis package may leave its time limit out: its rule infers one from the accepted
//! submissions' CPU time. That is done once (`judge import`, the first `judge verify` of
//! a problem of the contest, or `judge verify --write-limits`) and the figure is stored in
//! [`STORED_TIME_LIMIT_FILE`] (`.timelimit`: one number of seconds and nothing else, the
//! file DOMjudge reads and BAPCtools writes, so that a folder exported elsewhere keeps its
//! limit). Every loader call reads it back: `judge run`, `verify`, `contest`, `serve`, the
//! workers and the problem's content hash all see the same limit.
//!
//! The file lies in a package that may come from anywhere: it is read without following
//! a link, only as a regular file, at most [`MAX_BYTES`], and whatever it holds that is
//! not a positive number of seconds within [`bounds::MAX_TIME_S`] is an error naming it,
//! never a panic and never a default in silence.

use judge_core::safe_open::ToolFolder;
use judge_model::limit_bounds as bounds;
pub use judge_model::problem::STORED_TIME_LIMIT_FILE;
use judge_model::{JudgeError, Result};
use std::io::Write;
use std::path::Path;

/// The most bytes a stored limit may have ("1.5\n" is four; whitespace around is allowed).
pub const MAX_BYTES: u64 = 64;

/// Why the stored limit of a folder cannot be used, in words (the caller names the file).
fn refuse(why: impl Into<String>) -> std::result::Result<Option<f64>, String> {
    Err(why.into())
}

/// The limit stored in `dir`, if there is one (`Ok(None)`: no such file). The error is the
/// reason alone, for a loader that names the file in its own report.
pub fn read_reason(dir: &Path) -> std::result::Result<Option<f64>, String> {
    // The folder itself is the teacher's (an id of the contest, or a path they gave):
    // its own path may pass through links; the file in it may not.
    let canonical = dir
        .canonicalize()
        .map_err(|e| format!("its folder cannot be opened: {e}"))?;
    let folder =
        ToolFolder::open(&canonical).map_err(|e| format!("its folder cannot be opened: {e}"))?;
    let capped = match folder.read(STORED_TIME_LIMIT_FILE, MAX_BYTES) {
        Ok(None) => return Ok(None),
        Ok(Some(capped)) => capped,
        Err(refused) => return refuse(format!("is refused: {}", refused.0)),
    };
    if capped.truncated {
        return refuse(format!(
            "holds more than {MAX_BYTES} bytes, not a time limit in seconds"
        ));
    }
    let Ok(text) = std::str::from_utf8(&capped.bytes) else {
        return refuse("is not text, not a time limit in seconds");
    };
    let text = text.trim();
    // Only digits and one point: Rust's float parser also takes "inf", "NaN" and "1e3".
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_digit() || c == '.' || c == '-' || c == '+');
    let parsed = if plain {
        text.parse::<f64>().ok()
    } else {
        None
    };
    let Some(seconds) = parsed else {
        let shown: String = text.chars().take(20).collect();
        return refuse(format!(
            "holds {shown:?}, not a time limit in seconds (delete it to have the limit inferred again)"
        ));
    };
    if let Some(why) = bounds::seconds(seconds, bounds::MAX_TIME_S) {
        return refuse(format!(
            "holds {why} (delete it to have the limit inferred again)"
        ));
    }
    Ok(Some(seconds))
}

/// The limit stored in `dir`, if there is one; an error names the file.
pub fn read(dir: &Path) -> Result<Option<f64>> {
    read_reason(dir)
        .map_err(|why| JudgeError::file("stored time limit", dir.join(STORED_TIME_LIMIT_FILE), why))
}

/// A limit as the file holds it: seconds with at most three decimals, no trailing zeros
/// ("1", "0.3", "1.25").
pub fn format_seconds(seconds: f64) -> String {
    let text = format!("{seconds:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Stores `seconds` as the limit of the problem in `dir`: written beside it under another
/// name and renamed over [`STORED_TIME_LIMIT_FILE`], so that a reader sees the old limit or
/// the new one, and a link in its place is replaced, never followed.
pub fn write(dir: &Path, seconds: f64) -> Result<()> {
    let path = dir.join(STORED_TIME_LIMIT_FILE);
    if let Some(why) = bounds::seconds(seconds, bounds::MAX_TIME_S) {
        return Err(JudgeError::file("stored time limit", &path, why));
    }
    let mut staged = tempfile::Builder::new()
        .prefix(".timelimit-")
        .tempfile_in(dir)
        .map_err(|e| JudgeError::file("stored time limit", &path, e))?;
    writeln!(staged, "{}", format_seconds(seconds))
        .map_err(|e| JudgeError::file("stored time limit", &path, e))?;
    staged
        .persist(&path)
        .map_err(|e| JudgeError::file("stored time limit", &path, e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder_with(content: &[u8]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(".timelimit"), content).unwrap();
        dir
    }

    fn error_of(dir: &Path) -> String {
        let error = read(dir).expect_err("refused").to_string();
        assert!(
            error.contains(&dir.join(".timelimit").display().to_string()),
            "the message names the file: {error}"
        );
        error
    }

    #[test]
    fn a_written_limit_reads_back_the_same() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path()).unwrap(), None, "none stored yet");
        for seconds in [1.0, 0.3, 2.5, 0.1 * 3.0, 60.0] {
            write(dir.path(), seconds).unwrap();
            let back = read(dir.path()).unwrap().unwrap();
            assert!((back - seconds).abs() < 1e-9, "{seconds} read as {back}");
        }
        assert_eq!(
            std::fs::read_to_string(dir.path().join(".timelimit")).unwrap(),
            "60\n",
            "one number, as DOMjudge reads it"
        );
        assert_eq!(format_seconds(0.1 * 3.0), "0.3");
        assert_eq!(format_seconds(2.0), "2");
        // No staging file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, [".timelimit"]);
    }

    #[test]
    fn hostile_contents_are_errors_naming_the_file() {
        let cases: [(&[u8], &str); 12] = [
            (b"soon\n", "holds \"soon\", not a time limit in seconds"),
            (b"", "holds \"\", not a time limit"),
            (b"-1\n", "-1 s: must be a positive number of seconds"),
            (b"0\n", "0 s: must be a positive number of seconds"),
            (b"86400\n", "86400 s is more than the judge allows (60 s)"),
            (
                b"99999999999999999999999999999999999999999999\n",
                "more than the judge allows",
            ),
            (b"inf\n", "not a time limit in seconds"),
            (b"NaN\n", "not a time limit in seconds"),
            (b"1e3\n", "not a time limit in seconds"),
            (b"1.2.3\n", "not a time limit in seconds"),
            (b"\xff\xfe1\n", "is not text"),
            (&[b'1'; 200], "more than 64 bytes"),
        ];
        for (content, wanted) in cases {
            let dir = folder_with(content);
            let error = error_of(dir.path());
            assert!(error.contains(wanted), "{content:?}: {error}");
        }
        // Whitespace around one number is fine (as DOMjudge trims it).
        let dir = folder_with(b"  2.5 \r\n");
        assert_eq!(read(dir.path()).unwrap(), Some(2.5));
    }

    #[test]
    fn a_link_or_a_folder_in_its_place_is_refused_and_never_followed() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret"), "3\n").unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret"), dir.path().join(".timelimit"))
            .unwrap();
        let error = error_of(dir.path());
        assert!(error.contains("symbolic link"), "{error}");
        // Writing replaces the link itself; the file it named is untouched.
        write(dir.path(), 1.0).unwrap();
        assert_eq!(
            std::fs::read_to_string(outside.path().join("secret")).unwrap(),
            "3\n"
        );
        assert_eq!(read(dir.path()).unwrap(), Some(1.0));

        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(".timelimit")).unwrap();
        let error = error_of(dir.path());
        assert!(error.contains("a folder"), "{error}");
        let dir = tempfile::tempdir().unwrap();
        let fifo =
            std::ffi::CString::new(dir.path().join(".timelimit").to_string_lossy().into_owned())
                .unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let error = error_of(dir.path());
        assert!(error.contains("FIFO"), "never waits for a writer: {error}");
    }

    #[test]
    fn an_absurd_limit_is_never_written() {
        let dir = tempfile::tempdir().unwrap();
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e6] {
            let error = write(dir.path(), bad).expect_err("refused").to_string();
            assert!(error.contains(".timelimit"), "{error}");
        }
        assert_eq!(read(dir.path()).unwrap(), None);
    }
}
