//! The library's errors: what stops the server from starting or the store from answering.
//! (Errors shown to a browser are [`crate::http_error::HttpError`].) Each message is one
//! line that already says the cause, so the underlying error is not chained again.

use judge_store::StoreError;
use std::path::PathBuf;

/// Something went wrong below the HTTP layer.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The store failed (its engine, its data folder, a backup, a copy).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A file or folder the server works in could not be used.
    #[error("{what} {}: {cause}", path.display())]
    Io {
        /// What the path is.
        what: &'static str,
        /// The path.
        path: PathBuf,
        /// The error.
        cause: std::io::Error,
    },
    /// An account operation was refused.
    #[error(transparent)]
    Account(#[from] crate::accounts::AccountError),
    /// A blocking task (judge.toml's edit, a store operation) could not run to its end.
    #[error("a blocking task failed: {0}")]
    Task(String),
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
    /// A setting is out of its range.
    #[error(transparent)]
    Setting(#[from] BadSetting),
    /// The judging library failed to start.
    #[error(transparent)]
    Judge(#[from] judge_model::JudgeError),
}

/// A setting out of its range, named by the `judge serve` flag that sets it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{flag} {value}: {rule}")]
pub struct BadSetting {
    /// The flag (`--self-test-jobs`).
    pub flag: &'static str,
    /// The value given.
    pub value: usize,
    /// What it must be.
    pub rule: String,
}

impl ServerError {
    /// Whether the store could not be reached (a PostgreSQL restart, a network cut): worth
    /// trying again in a moment, and a 503 rather than a 500 for a browser.
    pub fn is_unavailable(&self) -> bool {
        matches!(self, ServerError::Store(error) if error.is_unavailable())
    }
}

/// The library's result type.
pub type Result<T, E = ServerError> = std::result::Result<T, E>;
