//! The library's errors: what stops the server from starting or the store from answering.
//! (Errors shown to a browser are [`crate::http_error::HttpError`].) Each message is one
//! line that already says the cause, so the underlying error is not chained again.

use std::path::PathBuf;

/// Something went wrong below the HTTP layer.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The SQLite store failed.
    #[error("database {}: {cause}", file.display())]
    Database {
        /// The database file.
        file: PathBuf,
        /// SQLite's error.
        cause: rusqlite::Error,
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
    /// The database was written by a newer version of the server.
    #[error("database {}: schema version {found} is newer than this server's {known}; use a newer judge", file.display())]
    SchemaTooNew {
        /// The database file.
        file: PathBuf,
        /// The version in the file.
        found: i64,
        /// The newest version this build knows.
        known: i64,
    },
    /// An account operation was refused.
    #[error("{0}")]
    Account(String),
    /// The system's random number generator failed.
    #[error("the system random number generator failed: {0}")]
    Random(String),
    /// Password hashing failed.
    #[error("password hashing failed: {0}")]
    PasswordHash(String),
    /// The network listener failed.
    #[error("cannot listen on {address}: {cause}")]
    Listen {
        /// The address.
        address: String,
        /// The error.
        cause: std::io::Error,
    },
    /// The judging library failed to start.
    #[error(transparent)]
    Judge(#[from] judge_core::JudgeError),
}

/// The library's result type.
pub type Result<T, E = ServerError> = std::result::Result<T, E>;
