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

use crate::compile::{compile_files, SourceFile};
use crate::compile_cache::{key_of_files, CompileCache};
use crate::error::{JudgeError, Result};
use crate::judge::Judge;
use crate::program::{Program, ProgramKind};
use crate::tool::ToolOutput;
use crate::toolchain::Toolchain;
use sandbox::{Bind, Limits, RunSpec, Termination, MIB};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
    cache: CompileCache,
    ready: Mutex<BTreeMap<String, ReadyProgram>>,
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

fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| JudgeError::file("program file", path, e))
}

/// The shortest common folder of a program's files (names in the box are relative to
/// it).
fn common_folder(files: &[PathBuf]) -> PathBuf {
    let mut base = files
        .first()
        .and_then(|f| f.parent())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    while !files.iter().all(|f| f.starts_with(&base)) {
        if !base.pop() {
            break;
        }
    }
    base
}

/// Whether a name in a run command is a file of the program (then it is looked up in
/// [`PROGRAM_DIR`]).
fn names_a_file(argument: &str, files: &Path) -> bool {
    let name = argument.strip_prefix("./").unwrap_or(argument);
    !name.is_empty() && !name.starts_with('-') && !name.contains("..") && files.join(name).is_file()
}

impl Judge {
    /// Makes a program ready: builds or compiles it (once), or finds what runs it.
    pub fn prepare(&self, program: &Program) -> Result<ReadyProgram> {
        let cache = self.program_cache();
        let key = format!("{:?}", program.kind);
        if let Some(ready) = cache
            .ready
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&key)
        {
            return Ok(ready.clone());
        }
        let ready = match &program.kind {
            ProgramKind::CrateBinary { crate_dir, bin } => ReadyProgram::Host {
                name: program.name.clone(),
                binary: self
                    .builder()
                    .binaries(crate_dir)?
                    .get(bin, crate_dir)?
                    .to_path_buf(),
            },
            ProgramKind::Executable(path) => ReadyProgram::Boxed(BoxedCommand {
                name: program.name.clone(),
                argv: vec![format!("{PROGRAM_DIR}/main")],
                binds: vec![Bind {
                    host: path.clone(),
                    inside: PathBuf::from(format!("{PROGRAM_DIR}/main")),
                    writable: false,
                }],
                env: vec![],
                root_binds: vec![],
            }),
            ProgramKind::Checktestdata(script) => {
                let interpreter = checktestdata().ok_or_else(|| JudgeError::Build {
                    what: program.name.clone(),
                    message: format!(
                        "a checktestdata script, but neither {} is on the PATH (pip install checktestdata)",
                        CHECKTESTDATA_NAMES.join(" nor ")
                    ),
                })?;
                ReadyProgram::Boxed(BoxedCommand {
                    name: program.name.clone(),
                    argv: vec![
                        interpreter.display().to_string(),
                        format!("{PROGRAM_DIR}/script.ctd"),
                    ],
                    binds: vec![Bind {
                        host: script.clone(),
                        inside: PathBuf::from(format!("{PROGRAM_DIR}/script.ctd")),
                        writable: false,
                    }],
                    env: vec![],
                    root_binds: install_folders(&interpreter),
                })
            }
            ProgramKind::Sources { language, files } => {
                self.compile_program(&program.name, language.as_deref(), files)?
            }
        };
        cache
            .ready
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(key, ready.clone());
        Ok(ready)
    }

    fn compile_program(
        &self,
        name: &str,
        language: Option<&str>,
        files: &[PathBuf],
    ) -> Result<ReadyProgram> {
        let main = files.first().ok_or_else(|| JudgeError::Build {
            what: name.to_string(),
            message: "it has no files".into(),
        })?;
        let language = match language {
            Some(id) => self.languages.by_id(id)?,
            None => self.languages.for_path(main)?,
        }
        .clone();
        let base = common_folder(files);
        let mut others = Vec::new();
        for file in &files[1..] {
            let relative = file.strip_prefix(&base).unwrap_or(file);
            others.push(SourceFile {
                name: relative.display().to_string(),
                bytes: read_file(file)?,
            });
        }
        let source = read_file(main)?;
        let key = key_of_files(&language, &source, &others);
        let toolchain = Toolchain::new(&language, self.sandbox());
        let mut boxed = self
            .sandbox()
            .acquire()
            .map_err(|e| JudgeError::sandbox("taking a box", e))?;
        let scratch = boxed.scratch_dir().to_path_buf();
        let box_dir = boxed.dir().to_path_buf();
        let settings = &self.config.toml.compile;
        let cache = &self.program_cache().cache;
        let result = cache.get_or_compile(&key, &box_dir, || {
            compile_files(
                &mut boxed,
                &toolchain,
                &source,
                &others,
                settings,
                Some(self.precompiled_headers()),
                &scratch,
            )
        })?;
        if !result.success {
            let message: Vec<&str> = result
                .message
                .lines()
                .filter(|l| !l.trim().is_empty())
                .take(12)
                .collect();
            return Err(JudgeError::Build {
                what: format!("{name} ({})", language.spec.name),
                message: format!("it does not compile: {}", message.join(" | ")),
            });
        }
        let files_dir = cache.files_dir(&key);
        let argv = language
            .run_command(tool_limits().memory_bytes / MIB)
            .into_iter()
            .map(|arg| {
                if names_a_file(&arg, &files_dir) {
                    format!("{PROGRAM_DIR}/{}", arg.strip_prefix("./").unwrap_or(&arg))
                } else {
                    arg
                }
            })
            .collect();
        let mut env = toolchain.env.clone();
        env.push(("CLASSPATH".into(), PROGRAM_DIR.into()));
        Ok(ReadyProgram::Boxed(BoxedCommand {
            name: name.to_string(),
            argv,
            binds: vec![Bind {
                host: files_dir,
                inside: PathBuf::from(PROGRAM_DIR),
                writable: false,
            }],
            env,
            root_binds: toolchain.root_binds.clone(),
        }))
    }

    /// Runs a ready program as a tool: `args`, `stdin` bytes, its stdout captured. A
    /// cargo-built binary runs on the host; anything else in a box of its own, under
    /// [`tool_limits`], with `files` (host path, name) bound read-only at
    /// `/judge/files/NAME` (and named so in `args`).
    pub fn run_program(
        &self,
        program: &ReadyProgram,
        args: &[String],
        stdin: &[u8],
        files: &[(PathBuf, String)],
    ) -> Result<ToolOutput> {
        if let ReadyProgram::Host { binary, .. } = program {
            let args: Vec<String> = args
                .iter()
                .map(|arg| {
                    files
                        .iter()
                        .find(|(_, name)| *arg == format!("/judge/files/{name}"))
                        .map_or_else(|| arg.clone(), |(host, _)| host.display().to_string())
                })
                .collect();
            return crate::tool::run_tool(binary, &args, stdin, crate::testdata::TOOL_TIMEOUT);
        }
        let command = program.boxed();
        let mut boxed = self
            .sandbox()
            .acquire()
            .map_err(|e| JudgeError::sandbox("taking a box", e))?;
        let scratch = boxed.scratch_dir().to_path_buf();
        let input = scratch.join("tool.stdin");
        std::fs::write(&input, stdin).map_err(|e| JudgeError::file("tool input", &input, e))?;
        let mut binds = command.binds.clone();
        for (host, name) in files {
            binds.push(Bind {
                host: host.clone(),
                inside: PathBuf::from(format!("/judge/files/{name}")),
                writable: false,
            });
        }
        let spec = RunSpec {
            argv: command.argv.iter().chain(args).cloned().collect(),
            env: command.env.clone(),
            stdin: Some(input),
            stdout: scratch.join("tool.stdout"),
            box_writable: false,
            root_binds: command.root_binds.clone(),
            binds,
            limits: tool_limits(),
        };
        let started = Instant::now();
        let outcome = boxed
            .run(&spec)
            .map_err(|e| JudgeError::sandbox(format!("running {}", command.name), e))?;
        let stdout = std::fs::read(&spec.stdout).unwrap_or_default();
        let timed_out = matches!(
            outcome.termination,
            Termination::CpuTimeLimit | Termination::WallTimeLimit
        );
        let mut stderr = outcome.stderr.clone();
        if !matches!(outcome.termination, Termination::Exited) && !timed_out {
            stderr.insert_str(0, &format!("{:?}; ", outcome.termination));
        }
        Ok(ToolOutput {
            code: match outcome.termination {
                Termination::Exited => outcome.exit_code,
                _ => None,
            },
            stdout,
            stderr,
            timed_out,
            elapsed: started.elapsed(),
        })
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
fn install_folders(program: &Path) -> Vec<PathBuf> {
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
