//! What to run: the command, its files, its limits.

use crate::limits::Limits;
use std::path::PathBuf;

/// A host path made visible inside the box.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bind {
    /// The path on the host.
    pub host: PathBuf,
    /// Where it appears inside the box (absolute).
    pub inside: PathBuf,
    /// Whether the program may write to it.
    pub writable: bool,
}

impl Bind {
    /// A read-only bind of a host path at the same place inside the box.
    pub fn readonly(path: impl Into<PathBuf>) -> Bind {
        let path = path.into();
        Bind {
            host: path.clone(),
            inside: path,
            writable: false,
        }
    }
}

/// One run of one program.
#[derive(Debug, Clone)]
pub struct RunSpec {
    /// The command and its arguments. A bare name is looked up in the box's `PATH`; a name
    /// with a slash is taken relative to the box directory.
    pub argv: Vec<String>,
    /// Environment variables, in addition to the box's minimal environment (`PATH`,
    /// `HOME=/tmp`, `TMPDIR=/tmp`, `LANG=C.UTF-8`), which they override.
    pub env: Vec<(String, String)>,
    /// The file given to the program as stdin; `None` gives it `/dev/null`.
    pub stdin: Option<PathBuf>,
    /// The host file the program's stdout is written to (created or truncated).
    pub stdout: PathBuf,
    /// Whether the box directory (`/box`, the working directory) is writable. Compilers
    /// need it; test runs do not get it, so nothing survives from one test to the next.
    pub box_writable: bool,
    /// Extra host paths shown read-only at the same place in the box root, such as a
    /// language's toolchain (`~/.rustup`): the root with them is built once per distinct
    /// set and reused, so they cost a run nothing, and boxes without them do not see them.
    pub root_binds: Vec<PathBuf>,
    /// Extra paths to show inside the box, for this run only (attached per run).
    pub binds: Vec<Bind>,
    /// The limits.
    pub limits: Limits,
}
