//! Box folders on the host: `<temp dir>/judge-box-<slot>-XXXXXX/{box,scratch}`, each with a
//! `lock` file its judge holds (`flock`) for as long as the folder lives.
//!
//! A judge that is killed leaves its folders behind; the next judge to take a box removes
//! them. Which folders are stale is decided by their locks alone, never by their names:
//! judges with other lock directories (a root judge and a user's judge, two test suites)
//! reuse the same slot numbers, and a folder whose lock is held is alive whoever holds it.
//! Only real directories owned by the cleaning user are touched (the temp dir is shared).

use crate::error::{Result, SandboxError};
use std::fs::File;
use std::os::fd::AsRawFd;
use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The name every box folder starts with.
pub(crate) const PREFIX: &str = "judge-box-";
/// The lock file inside each box folder.
const LOCK: &str = "lock";
/// The lock file before it is locked: renamed to [`LOCK`] once held, so that no cleanup
/// ever finds a `lock` that exists but is not held yet (it would take the folder for a
/// dead judge's, and remove it under its new owner).
const NEW_LOCK: &str = "lock.new";
/// A folder without a lock file is being created, unless it is older than this (its judge
/// was killed between the two steps).
const UNLOCKED_GRACE: Duration = Duration::from_secs(600);

/// Creates a box folder for `slot` in `temp_dir` and locks it.
pub(crate) fn create(temp_dir: &Path, slot: u32) -> Result<(tempfile::TempDir, File)> {
    let root = tempfile::Builder::new()
        .prefix(&format!("{PREFIX}{slot}-"))
        .tempdir_in(temp_dir)
        .map_err(|e| SandboxError::io("creating a box directory in", temp_dir, e))?;
    let path = root.path().join(NEW_LOCK);
    let lock = File::options()
        .write(true)
        .create_new(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(&path)
        .map_err(|e| SandboxError::io("creating the box folder's lock", &path, e))?;
    // SAFETY: flock on a descriptor we own.
    if unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        return Err(SandboxError::io(
            "locking",
            &path,
            std::io::Error::last_os_error(),
        ));
    }
    let held = root.path().join(LOCK);
    std::fs::rename(&path, &held)
        .map_err(|e| SandboxError::io("putting the box folder's lock in place", &held, e))?;
    Ok((root, lock))
}

/// Whether the folder at `path` is held by a live judge (or is too young to tell).
fn in_use(path: &Path, metadata: &std::fs::Metadata) -> bool {
    let lock = File::options()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC)
        .open(path.join(LOCK));
    match lock {
        // SAFETY: flock on a descriptor we own; the lock is released when `lock` closes,
        // after the caller has removed the folder.
        Ok(lock) => unsafe { libc::flock(lock.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) != 0 },
        Err(_) => metadata
            .modified()
            .ok()
            .and_then(|m| SystemTime::now().duration_since(m).ok())
            .is_none_or(|age| age < UNLOCKED_GRACE),
    }
}

/// Removes the box folders in `temp_dir` that no live judge holds.
pub(crate) fn remove_stale(temp_dir: &Path) {
    // SAFETY: geteuid cannot fail.
    let me = unsafe { libc::geteuid() };
    for entry in std::fs::read_dir(temp_dir).into_iter().flatten().flatten() {
        if !entry.file_name().to_string_lossy().starts_with(PREFIX) {
            continue;
        }
        // Not following links: a link named like a box folder is not ours to follow.
        let Ok(metadata) = entry.path().symlink_metadata() else {
            continue;
        };
        if !metadata.is_dir() || metadata.uid() != me || in_use(&entry.path(), &metadata) {
            continue;
        }
        let _ = std::fs::remove_dir_all(entry.path());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_held_folder_survives_cleanup_and_a_released_one_does_not() {
        let temp = tempfile::tempdir().unwrap();
        let (live, _lock) = create(temp.path(), 3).unwrap();
        // A folder whose judge died: its lock file is there, but nobody holds it.
        let (dead, dead_lock) = create(temp.path(), 3).unwrap();
        let dead_path = dead.keep();
        drop(dead_lock);
        remove_stale(temp.path());
        assert!(
            live.path().is_dir(),
            "the live folder of the same slot was removed"
        );
        assert!(!dead_path.exists(), "the stale folder was kept");
    }

    #[test]
    fn a_folder_is_locked_before_its_lock_file_has_its_name() {
        let temp = tempfile::tempdir().unwrap();
        let (live, lock) = create(temp.path(), 4).unwrap();
        assert!(live.path().join(LOCK).is_file() && !live.path().join(NEW_LOCK).exists());
        // The file named `lock` is the one held: another open of it cannot lock it.
        let again = File::open(live.path().join(LOCK)).unwrap();
        // SAFETY: flock on descriptors we own.
        unsafe {
            assert_ne!(
                libc::flock(again.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB),
                0
            );
            drop(lock);
            assert_eq!(
                libc::flock(again.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB),
                0
            );
        }
    }

    #[test]
    fn a_young_folder_without_a_lock_is_left_alone_and_links_are_not_followed() {
        let temp = tempfile::tempdir().unwrap();
        let young = temp.path().join(format!("{PREFIX}0-creating"));
        std::fs::create_dir(&young).unwrap();
        let target = tempfile::tempdir().unwrap();
        std::fs::write(target.path().join("keep"), "x").unwrap();
        let link = temp.path().join(format!("{PREFIX}1-link"));
        std::os::unix::fs::symlink(target.path(), &link).unwrap();
        remove_stale(temp.path());
        assert!(young.is_dir());
        assert!(target.path().join("keep").exists());
    }
}
