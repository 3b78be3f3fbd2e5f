//! Unpacking a package .zip safely: nothing is written outside the target folder.
//!
//! An entry whose name is absolute, climbs with `..`, holds a NUL or a backslash, or is
//! a symbolic link is refused (the whole zip is, with every such entry named); so is a
//! zip with two entries of the same name. Sizes are
//! counted as bytes are written, not taken from the headers a zip bomb lies in, and
//! unpacking stops at the cap. The caller unpacks into a fresh folder and drops it on
//! error, so nothing is ever half unpacked.

use judge_model::{Issues, PackageError};
use std::io::{Read, Write};
use std::path::{Component, Path, PathBuf};

/// The caps of an unpacked package.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnpackLimits {
    /// Bytes written in all, over every entry.
    pub total_bytes: u64,
    /// Entries (files and folders).
    pub entries: usize,
}

impl Default for UnpackLimits {
    fn default() -> Self {
        UnpackLimits {
            total_bytes: 1 << 30,
            entries: 100_000,
        }
    }
}

/// The deepest a package's files may lie, in folders: far more than any format's layout
/// (`data/secret/group/sub/1.in`), few enough that walking, copying and removing a package
/// never needs more than a few dozen descriptors at once.
pub const MAX_DEPTH: usize = 32;

/// Why an entry name is refused, if it is.
fn unsafe_name(name: &str) -> Option<&'static str> {
    if name.contains('\0') {
        return Some("its name holds a NUL byte");
    }
    if name.contains('\\') {
        return Some("its name holds a backslash (a Windows path)");
    }
    let path = Path::new(name);
    if path.is_absolute() || name.starts_with('/') {
        return Some("its name is an absolute path");
    }
    if path.components().any(|c| matches!(c, Component::ParentDir)) {
        return Some("its name climbs out of the package with ..");
    }
    if path.components().count() > MAX_DEPTH {
        return Some("it lies more than 32 folders deep");
    }
    None
}

/// Unpacks `zip` into `into` (an empty folder) and returns the package's root: `into`
/// itself, or the one folder the zip holds when everything lies in it (as a zip of a
/// package folder does).
pub fn unpack(zip: &Path, into: &Path, limits: UnpackLimits) -> Result<PathBuf, PackageError> {
    let fail = |message: String| PackageError::one(zip, "", message);
    let file = std::fs::File::open(zip).map_err(|e| fail(format!("cannot open: {e}")))?;
    let mut archive =
        zip::ZipArchive::new(file).map_err(|e| fail(format!("is not a readable zip: {e}")))?;
    // The archive keeps one entry per name; the zip may hold several, and which of them
    // a teacher's unzip shows differs from ours: such a package is refused.
    if archive.has_duplicate_names() {
        return Err(fail(
            "holds two or more entries of the same name (which one is the package's?)".into(),
        ));
    }
    if archive.len() > limits.entries {
        return Err(fail(format!(
            "holds {} entries, more than the {} allowed",
            archive.len(),
            limits.entries
        )));
    }
    let mut issues = Issues::default();
    let mut names = Vec::new();
    for index in 0..archive.len() {
        let entry = archive
            .by_index_raw(index)
            .map_err(|e| fail(format!("entry {index} cannot be read: {e}")))?;
        let name = String::from_utf8_lossy(entry.name_raw()).into_owned();
        if let Some(why) = unsafe_name(&name) {
            issues.error(&name, None, format!("refused: {why}"));
        } else if entry.is_symlink() {
            issues.error(&name, None, "refused: a symbolic link");
        } else if entry.encrypted() {
            issues.error(&name, None, "refused: encrypted");
        } else if entry.enclosed_name().is_none() {
            issues.error(
                &name,
                None,
                "refused: its name is not a plain relative path",
            );
        }
        names.push(name);
    }
    if !issues.is_empty() {
        return Err(PackageError {
            package: zip.to_path_buf(),
            errors: issues.errors,
        });
    }
    let mut written: u64 = 0;
    for (index, name) in names.iter().enumerate() {
        let mut entry = archive
            .by_index(index)
            .map_err(|e| fail(format!("{name}: cannot be read: {e}")))?;
        let target = into.join(name);
        if entry.is_dir() {
            std::fs::create_dir_all(&target)
                .map_err(|e| fail(format!("{name}: cannot create the folder: {e}")))?;
            continue;
        }
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| fail(format!("{name}: cannot create its folder: {e}")))?;
        }
        // create_new: a second entry of the same name never overwrites the first.
        let mut out = std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(&target)
            .map_err(|e| fail(format!("{name}: cannot be written: {e}")))?;
        let room = limits.total_bytes.saturating_sub(written);
        let copied = std::io::copy(&mut (&mut entry).take(room + 1), &mut out)
            .map_err(|e| fail(format!("{name}: cannot be unpacked: {e}")))?;
        written += copied;
        if copied > room {
            return Err(fail(format!(
                "unpacks to more than {} MiB (stopped at {name}): too large, or a zip bomb",
                limits.total_bytes >> 20
            )));
        }
        out.flush()
            .map_err(|e| fail(format!("{name}: cannot be written: {e}")))?;
        // Executable bits are kept (build and run scripts); nothing else of the mode.
        if entry.unix_mode().is_some_and(|mode| mode & 0o111 != 0) {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o755));
        }
    }
    Ok(package_root(into))
}

/// `dir`, or the single folder in it when it holds nothing else (ignoring hidden files and
/// macOS's `__MACOSX` folder).
fn package_root(dir: &Path) -> PathBuf {
    let entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            !name.starts_with('.') && name != "__MACOSX"
        })
        .collect();
    match entries.as_slice() {
        [only] if only.path().is_dir() => only.path(),
        _ => dir.to_path_buf(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zip::write::SimpleFileOptions;

    fn zip_of(entries: &[(&str, &[u8])]) -> tempfile::NamedTempFile {
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut writer = zip::ZipWriter::new(file.reopen().unwrap());
        for (name, bytes) in entries {
            writer
                .start_file(*name, SimpleFileOptions::default())
                .unwrap();
            writer.write_all(bytes).unwrap();
        }
        writer.finish().unwrap();
        file
    }

    #[test]
    fn a_package_in_one_folder_unpacks_to_that_folder() {
        let zip = zip_of(&[
            ("hello/problem.yaml", b"name: Hello\n"),
            ("hello/data/secret/1.in", b"1\n"),
        ]);
        let into = tempfile::tempdir().unwrap();
        let root = unpack(zip.path(), into.path(), UnpackLimits::default()).unwrap();
        assert_eq!(root, into.path().join("hello"));
        assert_eq!(
            std::fs::read(root.join("data/secret/1.in")).unwrap(),
            b"1\n"
        );
    }

    #[test]
    fn climbing_absolute_and_linked_entries_are_refused_and_nothing_is_written() {
        let outside = tempfile::tempdir().unwrap();
        let escape = outside.path().join("escaped");
        let absolute = escape.display().to_string();
        let file = tempfile::NamedTempFile::new().unwrap();
        let mut writer = zip::ZipWriter::new(file.reopen().unwrap());
        let options = SimpleFileOptions::default();
        writer.start_file("ok.txt", options).unwrap();
        writer.write_all(b"fine").unwrap();
        writer.start_file("../../escaped", options).unwrap();
        writer.write_all(b"x").unwrap();
        writer.start_file(absolute.as_str(), options).unwrap();
        writer.write_all(b"x").unwrap();
        writer.add_symlink("link", "/etc/passwd", options).unwrap();
        writer.finish().unwrap();
        let into = tempfile::tempdir().unwrap();
        let error = unpack(file.path(), into.path(), UnpackLimits::default()).unwrap_err();
        let text = error.to_string();
        assert_eq!(error.errors.len(), 3, "{text}");
        assert!(
            text.contains("../../escaped: refused: its name climbs"),
            "{text}"
        );
        assert!(text.contains("absolute path"), "{text}");
        assert!(text.contains("link: refused: a symbolic link"), "{text}");
        assert!(!escape.exists());
        assert!(
            !into.path().join("ok.txt").exists(),
            "nothing half unpacked"
        );
    }

    #[test]
    fn a_zip_bomb_stops_at_the_cap() {
        let zeros = vec![0u8; 4 << 20];
        let zip = zip_of(&[("big.bin", &zeros)]);
        assert!(std::fs::metadata(zip.path()).unwrap().len() < 1 << 20);
        let into = tempfile::tempdir().unwrap();
        let limits = UnpackLimits {
            total_bytes: 1 << 20,
            entries: 10,
        };
        let error = unpack(zip.path(), into.path(), limits).unwrap_err();
        assert!(error.to_string().contains("more than 1 MiB"), "{error}");
        let written = std::fs::metadata(into.path().join("big.bin"))
            .unwrap()
            .len();
        assert!(written <= (1 << 20) + 1, "{written}");
    }

    #[test]
    fn a_deep_folder_is_refused_before_anything_is_written() {
        let deep = format!("{}x.txt", "d/".repeat(1900));
        let zip = zip_of(&[("ok.txt", b"fine"), (deep.as_str(), b"x")]);
        let into = tempfile::tempdir().unwrap();
        let error = unpack(zip.path(), into.path(), UnpackLimits::default()).unwrap_err();
        assert!(
            error.to_string().contains("more than 32 folders deep"),
            "{error}"
        );
        assert_eq!(std::fs::read_dir(into.path()).unwrap().count(), 0);
    }

    #[test]
    fn two_entries_of_the_same_name_are_refused() {
        // Written as two names, then the second renamed to the first in place (the name
        // is in its local header and in the central directory; the CRC covers the data).
        let zip = zip_of(&[("p/x1", b"first"), ("p/x2", b"second")]);
        let mut bytes = std::fs::read(zip.path()).unwrap();
        let mut renamed = 0;
        for at in 0..bytes.len() - 4 {
            if &bytes[at..at + 4] == b"p/x2" {
                bytes[at + 3] = b'1';
                renamed += 1;
            }
        }
        assert_eq!(renamed, 2);
        std::fs::write(zip.path(), &bytes).unwrap();
        let into = tempfile::tempdir().unwrap();
        let error = unpack(zip.path(), into.path(), UnpackLimits::default()).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("two or more entries of the same name"),
            "{error}"
        );
        assert_eq!(std::fs::read_dir(into.path()).unwrap().count(), 0);
    }

    #[test]
    fn not_a_zip_is_named() {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), b"not a zip").unwrap();
        let into = tempfile::tempdir().unwrap();
        let error = unpack(file.path(), into.path(), UnpackLimits::default()).unwrap_err();
        assert!(
            error.to_string().contains("is not a readable zip"),
            "{error}"
        );
    }
}
