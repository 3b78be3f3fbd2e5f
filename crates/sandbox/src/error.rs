//! The sandbox's errors: everything that stops a program from being run and measured.
//!
//! A program that misbehaves is not an error: that is an [`crate::Outcome`]. An error here
//! means the sandbox itself could not do its job (a judge error, never the student's fault).

use std::path::PathBuf;

/// Why the sandbox could not run or measure a program.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// A file or directory the sandbox needs could not be used.
    #[error("{action} {path}: {source}")]
    Io {
        /// What the sandbox was doing.
        action: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A system call failed in the judge process.
    #[error("{call} failed: {source}")]
    Sys {
        /// The call, with enough context to find it.
        call: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The box could not be set up, or the program could not be started, in the child.
    #[error("setting up the box failed at {stage}: {source}")]
    Setup {
        /// Which step of the set-up failed.
        stage: &'static str,
        /// The error number it failed with.
        source: std::io::Error,
    },
    /// The command to run was not found inside the box.
    #[error("command {command:?} not found in the box (searched {searched})")]
    CommandNotFound {
        /// The command as given.
        command: String,
        /// Where it was looked for.
        searched: String,
    },
    /// The request cannot be honoured on this machine or with this configuration.
    #[error("{0}")]
    Unsupported(String),
    /// The run was cancelled (SIGINT or SIGTERM to the judge): the program was killed.
    #[error("cancelled: the program was killed")]
    Cancelled,
    /// A value given to the sandbox is invalid.
    #[error("invalid request: {0}")]
    Invalid(String),
}

impl SandboxError {
    /// An I/O error on a path.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        SandboxError::Io {
            action,
            path: path.into(),
            source,
        }
    }

    /// A failed system call, with errno taken from the last OS error.
    pub fn last_os(call: &'static str) -> Self {
        SandboxError::Sys {
            call,
            source: std::io::Error::last_os_error(),
        }
    }
}

/// The sandbox's result type.
pub type Result<T, E = SandboxError> = std::result::Result<T, E>;
