//! A submitted source made ready to compile, the same way wherever it came from (`judge
//! run`, a class folder, the web form, a problem's kept submissions): refused when it is
//! larger than judge.toml's cap, and without a UTF-8 byte order mark.

use crate::error::{JudgeError, Result};
use std::io::Read;
use std::path::Path;

/// The UTF-8 byte order mark that Windows editors put at the start of a file.
pub const UTF8_BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The source without a leading UTF-8 byte order mark: javac refuses one ("illegal
/// character: '\ufeff'"), and no compiler or interpreter needs it.
pub fn without_bom(source: &[u8]) -> &[u8] {
    source.strip_prefix(&UTF8_BOM[..]).unwrap_or(source)
}

/// Refuses a source over the cap.
pub fn check_size(path: &Path, bytes: u64, cap_kib: u64) -> Result<()> {
    if bytes > cap_kib.saturating_mul(1024) {
        return Err(JudgeError::SourceTooLarge {
            path: path.to_path_buf(),
            bytes,
            cap_kib,
        });
    }
    Ok(())
}

/// Checks that a source file is there and is a file; its size.
pub fn check_file(path: &Path) -> Result<u64> {
    let not_a_file = |reason: &str| JudgeError::file("source file", path, reason);
    let metadata = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => not_a_file("not found"),
        _ => JudgeError::file("source file", path, e),
    })?;
    if metadata.is_dir() {
        return Err(not_a_file(
            "is a folder, not a source file (give the file itself, e.g. maze/bfs.cpp)",
        ));
    }
    Ok(metadata.len())
}

/// Reads a source file, never more than one byte past the cap: a 50 MB file of
/// comments is refused after reading 256 KiB and a byte, not read whole.
pub fn read_capped(path: &Path, cap_kib: u64) -> Result<Vec<u8>> {
    check_size(path, check_file(path)?, cap_kib)?;
    let file = std::fs::File::open(path).map_err(|e| JudgeError::file("source file", path, e))?;
    let mut bytes = Vec::new();
    file.take(cap_kib.saturating_mul(1024) + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| JudgeError::file("source file", path, e))?;
    check_size(path, bytes.len() as u64, cap_kib)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped_and_nothing_else() {
        assert_eq!(without_bom(b"\xEF\xBB\xBFint main(){}"), b"int main(){}");
        assert_eq!(without_bom(b"int main(){}"), b"int main(){}");
        assert_eq!(without_bom(b"\xEF\xBB"), b"\xEF\xBB");
        // Only the leading one: a BOM inside a string literal is the student's.
        assert_eq!(without_bom(b"x\xEF\xBB\xBF"), b"x\xEF\xBB\xBF");
    }

    #[test]
    fn sources_over_the_cap_are_refused_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let small = dir.path().join("small.c");
        std::fs::write(&small, vec![b' '; 1024]).unwrap();
        assert_eq!(read_capped(&small, 1).unwrap().len(), 1024);
        let big = dir.path().join("big.c");
        std::fs::write(&big, vec![b'/'; 1025]).unwrap();
        let message = read_capped(&big, 1).unwrap_err().to_string();
        assert!(
            message.contains("big.c: 2 KiB, more than the largest source judge.toml allows (1 KiB: [compile] max_source_kib)")
                && !message.contains('\n'),
            "{message}"
        );
        let folder = read_capped(dir.path(), 1).unwrap_err().to_string();
        assert!(
            folder.contains("is a folder, not a source file"),
            "{folder}"
        );
        let missing = read_capped(&dir.path().join("nope.c"), 1)
            .unwrap_err()
            .to_string();
        assert!(missing.ends_with("nope.c: not found"), "{missing}");
    }
}
