//! The judge's way of making a problem's programs ready and running them (the types and
//! the tool lookups are [`crate::tools`]'s): a crate binary built by cargo, a source
//! compiled in the sandbox once per content, an executable or a checktestdata script.

use crate::compile::{compile_files, SourceFile};
use crate::compile_cache::key_of_files;
use crate::judge::Judge;
use crate::tool::ToolOutput;
use crate::toolchain::Toolchain;
use crate::tools::*;
use judge_model::{JudgeError, Result};
use judge_model::{Program, ProgramKind};
use sandbox::{Bind, RunSpec, Termination, MIB};
use std::path::{Path, PathBuf};
use std::time::Instant;

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
        let settings = &self.config.compile;
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
    /// the tools' limits (`tools.rs`'s `tool_limits`), with `files` (host path, name) bound read-only at
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
            return crate::tool::run_tool(binary, &args, stdin, TOOL_TIMEOUT);
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

pub(crate) fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| JudgeError::file("program file", path, e))
}

/// The shortest common folder of a program's files (names in the box are relative to
/// it).
pub(crate) fn common_folder(files: &[PathBuf]) -> PathBuf {
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
pub(crate) fn names_a_file(argument: &str, files: &Path) -> bool {
    let name = argument.strip_prefix("./").unwrap_or(argument);
    !name.is_empty() && !name.starts_with('-') && !name.contains("..") && files.join(name).is_file()
}
