//! One server, or one restore, per data folder: a lock file held for as long as it runs.

use crate::error::{Result, StoreError};
use std::fs::File;
use std::path::Path;

/// The lock file that keeps two servers off one data folder.
pub const LOCK_FILE: &str = "server.lock";

/// Takes the data folder `dir` (one server, or one restore, at a time).
pub fn lock_data_folder(dir: &Path) -> Result<File> {
    std::fs::create_dir_all(dir).map_err(|cause| StoreError::Io {
        what: "creating the data folder",
        path: dir.to_path_buf(),
        cause,
    })?;
    let path = dir.join(LOCK_FILE);
    let file = File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|cause| StoreError::Io {
            what: "opening the lock file",
            path: path.clone(),
            cause,
        })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::DataFolderInUse {
            dir: dir.to_path_buf(),
            lock: path,
        }),
        Err(std::fs::TryLockError::Error(cause)) => Err(StoreError::Io {
            what: "locking",
            path,
            cause,
        }),
    }
}
