//! The SQLite store: users, sessions, submissions, results (the judging queue is the
//! submissions' `state` column), and a few settings. One file, `judge.sqlite3`, in the
//! data folder; WAL mode, so `judge users` can add accounts while the server runs.
//!
//! Every method takes the connection's mutex for one short statement or transaction.
//! Callers on the async runtime run them on blocking threads (see `routes::blocking`).

mod migrations;
pub mod sessions;
pub mod settings;
pub mod submissions;
pub mod users;

pub use migrations::SCHEMA_VERSION;
pub use submissions::{
    Claimed, JudgeOutcome, NewSubmission, Submission, SubmissionFilter, SubmissionState,
    SubmissionSummary,
};
pub use users::{Role, User};

use crate::error::{Result, ServerError};
use rusqlite::Connection;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The database file's name inside the data folder.
pub const DATABASE_FILE: &str = "judge.sqlite3";

/// The store. Cheap to clone (shared).
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    file: PathBuf,
    connection: Mutex<Connection>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("file", &self.inner.file)
            .finish()
    }
}

impl Store {
    /// Opens (creating if needed) the store in `data_dir` and brings its schema up to date.
    pub fn open(data_dir: &Path) -> Result<Store> {
        std::fs::create_dir_all(data_dir).map_err(|cause| ServerError::Io {
            what: "creating the data folder",
            path: data_dir.to_path_buf(),
            cause,
        })?;
        let file = data_dir.join(DATABASE_FILE);
        let database = |cause| ServerError::Database {
            file: file.clone(),
            cause,
        };
        let mut connection = Connection::open(&file).map_err(database)?;
        connection
            .busy_timeout(Duration::from_secs(10))
            .map_err(database)?;
        // WAL lets the CLI add accounts beside the server's writes; FULL sync makes each
        // commit durable before the page that made it answers (a stored submission is never
        // lost, even to a power cut).
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
            )
            .map_err(database)?;
        migrations::migrate(&mut connection, &file)?;
        Ok(Store {
            inner: Arc::new(Inner {
                file,
                connection: Mutex::new(connection),
            }),
        })
    }

    /// The database file.
    pub fn file(&self) -> &Path {
        &self.inner.file
    }

    /// Runs `f` on the connection (holding its lock), mapping SQLite errors.
    pub(crate) fn with<T>(
        &self,
        f: impl FnOnce(&mut Connection) -> rusqlite::Result<T>,
    ) -> Result<T> {
        // A panic while the lock was held cannot leave the connection inconsistent: SQLite
        // rolls back any open transaction when the `Transaction` guard is dropped.
        let mut connection = self
            .inner
            .connection
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        f(&mut connection).map_err(|cause| ServerError::Database {
            file: self.inner.file.clone(),
            cause,
        })
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_twice_keeps_the_schema_and_the_data() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        store.add_user("ann", "hash", Role::Student).unwrap();
        drop(store);
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.user_by_name("ann").unwrap().unwrap().0.name, "ann");
        let version: i64 = store
            .with(|c| c.query_row("PRAGMA user_version", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(version, SCHEMA_VERSION);
    }
}
