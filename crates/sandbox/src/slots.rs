//! Box slots: a box id, locked across every judge process on the machine, with the
//! unprivileged uid and the cgroups that belong to it.
//!
//! Two judges at once never share a box: each id is held with an exclusive `flock` on
//! `<lock dir>/box-<id>.lock` for as long as the slot lives, and the uid (`first_uid + id`)
//! and cgroup names (`box-<id>` and `box-<id>-1`) derive from the id. The slot also owns its network
//! namespace, so concurrent boxes never share one, and its capped folder.

use crate::cgroup::BoxCgroup;
use crate::error::{Result, SandboxError};
use std::fs::File;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};

/// How many cgroups a slot has (see [`Slot::cgroups`]).
pub const CGROUPS: usize = 2;

/// A locked box id and what belongs to it.
#[derive(Debug)]
pub struct Slot {
    /// The box id.
    pub id: u32,
    /// The box's uid and gid (when the judge runs as root).
    pub uid: u32,
    /// The slot's cgroups, each created on first use and reused. Isolated runs take them
    /// in turn, so that a run can start while the init of the run before is still
    /// tearing down its box (whose memory, a full /tmp say, is still charged to its
    /// cgroup).
    pub cgroups: [Option<BoxCgroup>; CGROUPS],
    /// Which of the two the current run uses.
    pub turn: usize,
    /// The slot's own empty network namespace, created on first isolated use and reused.
    pub netns: Option<OwnedFd>,
    /// The slot's capped folder, made when the slot is first taken.
    pub(crate) capped: Option<crate::capped::CappedFolder>,
    _lock: File,
}

impl Slot {
    /// The cgroup of the current run, if any.
    pub fn cgroup(&mut self) -> Option<&mut BoxCgroup> {
        self.cgroups[self.turn].as_mut()
    }
}

/// The lock directory: `/run/judge` for root, a per-user one under the temp dir otherwise.
pub fn default_lock_dir(root: bool) -> PathBuf {
    if root {
        PathBuf::from("/run/judge")
    } else {
        // SAFETY: getuid cannot fail.
        let uid = unsafe { libc::getuid() };
        std::env::temp_dir().join(format!("judge-{uid}"))
    }
}

/// Takes the lowest free box id in `0..max_boxes`.
pub fn acquire(lock_dir: &Path, first_uid: u32, max_boxes: u32) -> Result<Slot> {
    std::fs::create_dir_all(lock_dir)
        .map_err(|e| SandboxError::io("creating the lock directory", lock_dir, e))?;
    for id in 0..max_boxes {
        let path = lock_dir.join(format!("box-{id}.lock"));
        let lock =
            try_lock(&path).map_err(|e| SandboxError::io("opening the box lock", &path, e))?;
        if let Some(file) = lock {
            return Ok(Slot {
                id,
                uid: first_uid + id,
                cgroups: Default::default(),
                turn: 0,
                netns: None,
                capped: None,
                _lock: file,
            });
        }
    }
    Err(SandboxError::Unsupported(format!(
        "all {max_boxes} boxes are in use (locks in {})",
        lock_dir.display()
    )))
}

/// The lock file at `path` (made if missing), held with an exclusive `flock` until the
/// file is dropped; `None` when another holder has it.
pub(crate) fn try_lock(path: &Path) -> std::io::Result<Option<File>> {
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(path)?;
    // SAFETY: flock on an open descriptor.
    let locked = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0;
    Ok(locked.then_some(file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_acquirers_get_different_ids_and_a_released_id_is_reused() {
        let dir = tempfile::tempdir().unwrap();
        let a = acquire(dir.path(), 60000, 4).unwrap();
        let b = acquire(dir.path(), 60000, 4).unwrap();
        assert_ne!(a.id, b.id);
        assert_eq!(b.uid, 60000 + b.id);
        let freed = a.id;
        drop(a);
        let c = acquire(dir.path(), 60000, 4).unwrap();
        assert_eq!(c.id, freed);
    }

    #[test]
    fn running_out_of_boxes_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let _a = acquire(dir.path(), 60000, 1).unwrap();
        let error = acquire(dir.path(), 60000, 1).unwrap_err();
        assert!(
            error.to_string().contains("all 1 boxes are in use"),
            "{error}"
        );
    }
}
