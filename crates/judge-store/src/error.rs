//! The store's errors. Each message is one line that already says the cause, so the
//! underlying error is not chained again.

use std::path::PathBuf;

/// Something went wrong in the store, its data folder, a backup or a copy.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The engine failed.
    #[error("database {database}: {cause}")]
    Database {
        /// The store's address (no password).
        database: String,
        /// The engine's error.
        cause: DatabaseCause,
    },
    /// A file or folder of the data folder could not be used.
    #[error("{what} {}: {cause}", path.display())]
    Io {
        /// What the path is.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// The error.
        cause: std::io::Error,
    },
    /// Another `judge serve` already uses this data folder.
    #[error("another judge server already uses the data folder {} (its lock {} is held)", dir.display(), lock.display())]
    DataFolderInUse {
        /// The data folder.
        dir: PathBuf,
        /// The lock file.
        lock: PathBuf,
    },
    /// The database was written by a newer version of the judge.
    #[error("database {database}: schema version {found} is newer than this server's {known}; use a newer judge")]
    SchemaTooNew {
        /// The store's address (no password).
        database: String,
        /// The version in the file.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
    /// A backup could not be made, or a file is not one that can be restored.
    #[error("{0}")]
    Backup(String),
    /// `judge db copy` was refused.
    #[error("cannot copy: {0}")]
    Copy(String),
    /// There is no account of that name.
    #[error("no user named {name}")]
    NoSuchUser {
        /// The name asked for.
        name: String,
    },
    /// The change would leave the course without an enabled teacher account.
    #[error("{name} is the last enabled teacher: make another teacher first")]
    LastTeacher {
        /// The account the change was asked for.
        name: String,
    },
    /// An account of that name exists already.
    #[error("user {name} already exists")]
    UserExists {
        /// The name asked for.
        name: String,
    },
}

/// What an engine reported.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseCause {
    /// SQLite's error.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL's error (in the server's own words, on one line).
    #[error("{}", crate::postgres_error::error_text(.0))]
    Postgres(#[from] postgres::Error),
    /// No PostgreSQL connection could be had in time.
    #[error("{0}")]
    Unreachable(String),
    /// PostgreSQL refused the connection (authentication, a missing database): trying
    /// again will not help.
    #[error("{0}")]
    Refused(String),
    /// A value of the wrong kind for its column (a bug, or a store edited by hand).
    #[error("{0}")]
    Value(String),
}

impl StoreError {
    /// Whether the store could not be reached (a PostgreSQL restart, a network cut): worth
    /// trying again in a moment, and a 503 rather than a 500 for a browser.
    pub fn is_unavailable(&self) -> bool {
        match self {
            StoreError::Database { cause, .. } => match cause {
                DatabaseCause::Unreachable(_) => true,
                DatabaseCause::Postgres(error) => error.is_closed() || error.code().is_none(),
                _ => false,
            },
            _ => false,
        }
    }
}

/// The store's result type.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
