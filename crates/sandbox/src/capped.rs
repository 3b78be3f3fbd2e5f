//! A box slot's capped folder: a folder the box's runs may be given to write to (a Kattis
//! validator's feedback folder, an interactor's folder with its TOUT), which the judge
//! reads after the run, and which no run can fill past a cap.
//!
//! When the judge is root it is a tmpfs of its own (`SandboxConfig::capped_bytes`, at most
//! `capped_files` files and folders), mounted once per slot at `<lock dir>/box-<id>.capped`
//! (the slot's lock makes it the slot's alone; a mount left there by a judge that was
//! killed is taken off first) and taken off when the sandbox goes. A run writing past the
//! cap gets ENOSPC; nothing reaches the host's disk. Without root it is a plain folder
//! there: RLIMIT_FSIZE caps each file a run writes, nothing caps their number or total.
//!
//! A tmpfs's pages are charged to the memory cgroup of the run that wrote them, and a
//! slot's cgroups are used again by its later runs: what is left there would count
//! against a later run's memory limit and peak. So the box empties the folder when a run
//! starts that is given nothing in it (a test of the submission after a checker), before
//! that run's cgroup is reset, and when the box is given back.

use crate::error::{Result, SandboxError};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

/// The cap of a slot's capped folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cap {
    /// Bytes its files may hold.
    pub bytes: u64,
    /// Files and folders it may hold.
    pub files: u64,
}

/// A slot's capped folder.
#[derive(Debug)]
pub(crate) struct CappedFolder {
    path: PathBuf,
    mounted: bool,
}

fn c_path(path: &Path) -> Result<CString> {
    CString::new(path.as_os_str().as_bytes())
        .map_err(|_| SandboxError::Invalid(format!("path with a NUL byte: {}", path.display())))
}

/// Takes every mount off `path` (a judge that was killed leaves its tmpfs there).
fn unmount_all(path: &CString) {
    // SAFETY: a NUL-terminated path; umount2 has no other preconditions.
    while unsafe { libc::umount2(path.as_ptr(), libc::MNT_DETACH) } == 0 {}
}

impl CappedFolder {
    /// Makes the folder of slot `id` under `lock_dir`: a capped tmpfs when `mount` (the
    /// judge is root), else a plain folder. Empty either way.
    pub(crate) fn make(lock_dir: &Path, id: u32, mount: bool, cap: Cap) -> Result<CappedFolder> {
        let path = lock_dir.join(format!("box-{id}.capped"));
        let c = c_path(&path)?;
        if mount {
            unmount_all(&c);
        }
        std::fs::create_dir_all(&path)
            .map_err(|e| SandboxError::io("creating the capped folder", &path, e))?;
        let folder = CappedFolder {
            path,
            mounted: false,
        };
        if !mount {
            folder.empty()?;
            return Ok(folder);
        }
        let options = CString::new(format!(
            "size={},nr_inodes={},mode=0755",
            cap.bytes, cap.files
        ))
        .map_err(|_| SandboxError::Invalid("capped folder options".into()))?;
        // SAFETY: NUL-terminated strings that outlive the call.
        let mounted = unsafe {
            libc::mount(
                c"tmpfs".as_ptr(),
                c.as_ptr(),
                c"tmpfs".as_ptr(),
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                options.as_ptr().cast(),
            )
        };
        if mounted != 0 {
            return Err(SandboxError::io(
                "mounting the capped folder's tmpfs on",
                &folder.path,
                std::io::Error::last_os_error(),
            ));
        }
        Ok(CappedFolder {
            mounted: true,
            ..folder
        })
    }

    /// Where it is on the host.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Removes everything in it (without following links: `remove_dir_all` opens each
    /// level with O_NOFOLLOW).
    pub(crate) fn empty(&self) -> Result<()> {
        let entries = std::fs::read_dir(&self.path)
            .map_err(|e| SandboxError::io("listing the capped folder", &self.path, e))?;
        for entry in entries {
            let entry =
                entry.map_err(|e| SandboxError::io("listing the capped folder", &self.path, e))?;
            let path = entry.path();
            let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
            let removed = if is_dir {
                std::fs::remove_dir_all(&path)
            } else {
                std::fs::remove_file(&path)
            };
            removed.map_err(|e| SandboxError::io("emptying the capped folder", &path, e))?;
        }
        Ok(())
    }

    /// Takes the folder away (its tmpfs off, then the folder).
    pub(crate) fn remove(self) {
        if self.mounted {
            if let Ok(c) = c_path(&self.path) {
                unmount_all(&c);
            }
        } else {
            let _ = self.empty();
        }
        let _ = std::fs::remove_dir(&self.path);
    }
}
