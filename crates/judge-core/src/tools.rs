//! Making a problem's programs ready to run, and running them: the one way a checker,
//! validator, interactor, generator or reference is compiled and run, whatever its
//! language.
//!
//! - A binary of the problem's crate is built by cargo ([`crate::problem_build`]): the
//!   teacher's own code, run on the host as a tool, or bound into a box as a checker.
//! - Sources in a language of judge.toml's table are compiled in the sandbox like a
//!   submission, under the compile limits, once per content (the program cache, keyed
//!   by the language, its compile command and every file's name and bytes), and run in
//!   the sandbox from the cache folder, bound read-only at [`PROGRAM_DIR`]. Nothing is
//!   written into the problem's folder.
//! - An executable file in the problem's folder runs in the sandbox as it is.
//! - A checktestdata script runs in the sandbox through the checktestdata found on the
//!   PATH ([`checktestdata`]: DOMjudge's `checktestdata`, else the Python registry's
//!   `pyctd`), with the folders it is installed in bound read-only (a venv and the Python
//!   it was made from).

use crate::compile_cache::CompileCache;
use sandbox::{Bind, Limits, MIB};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// How long a tool may take on one test: a generator, the reference making an answer, a
/// checktestdata script, an interacting generator.
pub const TOOL_TIMEOUT: Duration = Duration::from_secs(60);

/// Where a program's compiled files appear in its box.
pub const PROGRAM_DIR: &str = "/judge/program";

/// A program as the sandbox runs it: its command and what its box must show.
#[derive(Debug, Clone, PartialEq)]
pub struct BoxedCommand {
    /// The program's name, for messages.
    pub name: String,
    /// The command (paths inside the box).
    pub argv: Vec<String>,
    /// Its files, bound read-only.
    pub binds: Vec<Bind>,
    /// Its language's environment.
    pub env: Vec<(String, String)>,
    /// Its language's toolchain folders.
    pub root_binds: Vec<PathBuf>,
}

/// A program ready to run.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadyProgram {
    /// A binary built by cargo: run on the host as a tool, bound into a box as a
    /// checker.
    Host {
        /// Its name.
        name: String,
        /// The executable.
        binary: PathBuf,
    },
    /// Anything else: it runs in the sandbox only.
    Boxed(BoxedCommand),
}

impl ReadyProgram {
    /// The command to run it in a box.
    pub fn boxed(&self) -> BoxedCommand {
        match self {
            ReadyProgram::Host { name, binary } => BoxedCommand {
                name: name.clone(),
                argv: vec![format!("{PROGRAM_DIR}/main")],
                binds: vec![Bind {
                    host: binary.clone(),
                    inside: PathBuf::from(format!("{PROGRAM_DIR}/main")),
                    writable: false,
                }],
                env: vec![],
                root_binds: vec![],
            },
            ReadyProgram::Boxed(command) => command.clone(),
        }
    }

    /// Its name.
    pub fn name(&self) -> &str {
        match self {
            ReadyProgram::Host { name, .. } => name,
            ReadyProgram::Boxed(command) => &command.name,
        }
    }
}

/// The limits problem tools run under (generators, validators, references, checkers).
pub fn tool_limits() -> Limits {
    let mut limits = Limits::for_test(Duration::from_secs(60), 2048 * MIB);
    limits.wall_time = Duration::from_secs(120);
    limits.output_bytes = 512 * MIB;
    limits.file_bytes = 512 * MIB;
    limits.stderr_keep_bytes = 16 * 1024;
    limits
}

/// The program cache's folder: `JUDGE_CACHE_DIR`, else `$XDG_CACHE_HOME/judge`, else
/// `~/.cache/judge`, else the temporary folder; programs go in `programs/` there.
pub fn program_cache_dir() -> PathBuf {
    let base = std::env::var_os("JUDGE_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("XDG_CACHE_HOME").map(|d| PathBuf::from(d).join("judge")))
        .or_else(|| std::env::var_os("HOME").map(|d| PathBuf::from(d).join(".cache/judge")))
        .unwrap_or_else(|| std::env::temp_dir().join("judge-cache"));
    base.join("programs")
}

/// Programs made ready once per judge process (and compiled once per content on disk).
#[derive(Debug)]
pub struct ProgramCache {
    pub(crate) cache: CompileCache,
    pub(crate) ready: Mutex<BTreeMap<String, ReadyProgram>>,
}

impl ProgramCache {
    /// A cache in `dir`.
    pub fn new(dir: impl Into<PathBuf>) -> ProgramCache {
        ProgramCache {
            cache: CompileCache::new(dir),
            ready: Mutex::new(BTreeMap::new()),
        }
    }
}

/// The names a checktestdata implementation goes by, in the order they are looked for:
/// DOMjudge's C++ program, then the Python registry's (`pip install checktestdata`).
pub const CHECKTESTDATA_NAMES: [&str; 2] = ["checktestdata", "pyctd"];

/// The checktestdata implementation on the PATH, if any.
pub fn checktestdata() -> Option<PathBuf> {
    CHECKTESTDATA_NAMES
        .iter()
        .find_map(|name| find_on_path(name))
}

/// The folders a program installed outside the system's own needs in a box: its prefix
/// (the folder above its `bin/`: a venv, `~/.local`, `/opt/x`) and, for a venv, the
/// Python installation it was made from (pyvenv.cfg's `home`, whose interpreter the
/// venv's `python3` links to). Folders under `/usr` are in every box already.
pub(crate) fn install_folders(program: &Path) -> Vec<PathBuf> {
    let Some(prefix) = program
        .canonicalize()
        .ok()
        .and_then(|p| p.parent()?.parent().map(Path::to_path_buf))
    else {
        return Vec::new();
    };
    let mut folders = vec![prefix.clone()];
    if let Ok(config) = std::fs::read_to_string(prefix.join("pyvenv.cfg")) {
        let home = config.lines().find_map(|line| {
            let (key, value) = line.split_once('=')?;
            (key.trim() == "home").then(|| PathBuf::from(value.trim()))
        });
        // `home` is the interpreter's bin folder; its installation is the one above.
        if let Some(installation) = home.as_deref().and_then(Path::parent) {
            folders.push(installation.to_path_buf());
        }
    }
    folders.retain(|f| !f.starts_with("/usr") && f != Path::new("/"));
    folders
}

fn find_on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prepare::{common_folder, names_a_file};

    #[test]
    fn a_venvs_program_needs_the_venv_and_the_python_it_was_made_from() {
        let dir = tempfile::tempdir().unwrap();
        let venv = dir.path().join("venv");
        std::fs::create_dir_all(venv.join("bin")).unwrap();
        std::fs::write(venv.join("bin/pyctd"), "#!/bin/sh\n").unwrap();
        std::fs::write(
            venv.join("pyvenv.cfg"),
            "home = /opt/python/3.11/bin\ninclude-system-site-packages = false\n",
        )
        .unwrap();
        let venv = venv.canonicalize().unwrap();
        assert_eq!(
            install_folders(&venv.join("bin/pyctd")),
            [venv.clone(), PathBuf::from("/opt/python/3.11")]
        );
        // A system Python's venv needs only itself; a system program nothing.
        std::fs::write(venv.join("pyvenv.cfg"), "home = /usr/bin\n").unwrap();
        assert_eq!(install_folders(&venv.join("bin/pyctd")), [venv]);
        if Path::new("/usr/bin/env").exists() {
            assert!(install_folders(Path::new("/usr/bin/env")).is_empty());
        }
    }

    #[test]
    fn the_common_folder_of_a_program() {
        let files = vec![
            PathBuf::from("/p/v/main.cpp"),
            PathBuf::from("/p/v/lib/testlib.h"),
        ];
        assert_eq!(common_folder(&files), PathBuf::from("/p/v"));
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("main.py"), "").unwrap();
        assert!(names_a_file("main.py", dir.path()));
        assert!(names_a_file("./main.py", dir.path()));
        assert!(!names_a_file("python3", dir.path()));
        assert!(!names_a_file("-Xss64m", dir.path()));
    }
}
