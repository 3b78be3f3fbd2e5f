//! Compiling a submission in the sandbox, under the compile limits of judge.toml.

use crate::precompiled::{restore_messages, PrecompiledHeaders};
use crate::toolchain::{compile_limits, Toolchain};
use judge_model::config::CompileSettings;
use judge_model::verdict::CompileResult;
use judge_model::{JudgeError, Result};
use sandbox::{RunSpec, SandboxBox, Termination};
use std::path::Path;

/// Why a source cannot be compiled at all, if it cannot: empty, or not text.
pub fn source_problem(source: &[u8]) -> Option<&'static str> {
    if source.iter().all(u8::is_ascii_whitespace) {
        Some("the source file is empty")
    } else if source.contains(&0) || std::str::from_utf8(source).is_err() {
        Some("the source file is not text (it has NUL bytes or is not UTF-8)")
    } else {
        None
    }
}

fn failed(message: String) -> CompileResult {
    CompileResult {
        success: false,
        message,
        cpu_time_s: 0.0,
        wall_time_s: 0.0,
        cached: false,
    }
}

/// A file to put in the box before compiling: its name there, and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// Its path in the box (relative; folders are created).
    pub name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Puts the source in the box (as the language's file name) and compiles it there, with
/// the precompiled headers it includes when there are any.
pub fn compile(
    boxed: &mut SandboxBox<'_>,
    toolchain: &Toolchain,
    source: &[u8],
    settings: &CompileSettings,
    precompiled: Option<&PrecompiledHeaders>,
    scratch: &Path,
) -> Result<CompileResult> {
    compile_files(
        boxed,
        toolchain,
        source,
        &[],
        settings,
        precompiled,
        scratch,
    )
}

/// Like [`compile`], with more files beside the source (a program's other sources and
/// headers, a package's `include/` files). With the language's `compile_all_sources`,
/// every other file of its extensions is compiled too, named after the source in the
/// compile command.
pub fn compile_files(
    boxed: &mut SandboxBox<'_>,
    toolchain: &Toolchain,
    source: &[u8],
    others: &[SourceFile],
    settings: &CompileSettings,
    precompiled: Option<&PrecompiledHeaders>,
    scratch: &Path,
) -> Result<CompileResult> {
    if let Some(problem) = source_problem(source) {
        return Ok(failed(problem.to_string()));
    }
    let language = &toolchain.language.spec;
    let target = boxed.dir().join(&language.source);
    std::fs::write(&target, source).map_err(|e| JudgeError::file("box source file", &target, e))?;
    for file in others {
        // Names come from a problem's files: a name that leaves the box folder would have
        // the judge write there as root (the loaders refuse such names; this is the last
        // line).
        let path = judge_model::package_path::inside(boxed.dir(), &file.name).map_err(|why| {
            JudgeError::file("source file", &file.name, format!("is refused: {why}"))
        })?;
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| JudgeError::file("box source folder", parent, e))?;
        }
        std::fs::write(&path, &file.bytes)
            .map_err(|e| JudgeError::file("box source file", &path, e))?;
    }
    let Some(command) = toolchain.language.compile_command() else {
        return Ok(CompileResult {
            success: true,
            message: String::new(),
            cpu_time_s: 0.0,
            wall_time_s: 0.0,
            cached: false,
        });
    };
    let mut argv = command_with_sources(command, language, source, others);
    let mut root_binds = toolchain.root_binds.clone();
    let used = match precompiled {
        Some(precompiled) => {
            precompiled.include_dirs(boxed, toolchain, source, settings, scratch)?
        }
        None => Vec::new(),
    };
    for entry in &used {
        argv.insert(1, format!("-I{}", entry.dir.display()));
        root_binds.push(entry.dir.clone());
    }
    let limits = compile_limits(settings);
    let spec = RunSpec {
        argv,
        env: toolchain.env.clone(),
        stdin: None,
        stdout: scratch.join("compiler.stdout"),
        box_writable: true,
        root_binds,
        binds: vec![],
        limits: limits.clone(),
    };
    let outcome = boxed
        .run(&spec)
        .map_err(|e| JudgeError::sandbox(format!("compiling with {}", command[0]), e))?;
    let stdout = std::fs::read(&spec.stdout).unwrap_or_default();
    let mut message = outcome.stderr.clone();
    if !stdout.is_empty() {
        message.push_str(&String::from_utf8_lossy(
            &stdout[..stdout.len().min(settings.message_bytes as usize)],
        ));
    }
    let message = restore_messages(&message, &toolchain.language.spec.source, &used);
    let mut message = message;
    if outcome.stderr_truncated {
        message.push_str("\n… (compiler messages cut)");
    }
    let stopped = match outcome.termination {
        Termination::Exited => None,
        Termination::MemoryLimit => Some(format!(
            "the compiler exceeded the memory limit of {} MiB",
            settings.memory_mib
        )),
        Termination::CpuTimeLimit => Some(format!(
            "the compiler exceeded the CPU time limit of {} s",
            settings.cpu_time_s
        )),
        Termination::WallTimeLimit => Some(format!(
            "the compiler exceeded the wall-clock limit of {} s",
            settings.wall_time_s
        )),
        Termination::OutputLimit => Some("the compiler wrote too much".to_string()),
        // Only a program of a two-box run is stopped by its partner; a compiler never is.
        Termination::Stopped => Some("the compiler was stopped".to_string()),
        Termination::SecurityViolation => {
            Some("the compiler made a forbidden system call".to_string())
        }
        Termination::Signaled => Some(format!(
            "the compiler was killed by {}",
            outcome.signal_name().unwrap_or_default()
        )),
    };
    let success = stopped.is_none() && outcome.exit_code == Some(0);
    if let Some(reason) = stopped {
        message = if message.trim().is_empty() {
            reason
        } else {
            format!("{reason}\n{message}")
        };
    }
    Ok(CompileResult {
        success,
        message,
        cpu_time_s: outcome.cpu_time.as_secs_f64(),
        wall_time_s: outcome.wall_time.as_secs_f64(),
        cached: false,
    })
}

/// The compile command with a program's other sources named where `source` is, when the
/// language compiles them all (`compile_all_sources`): those of its extensions only, not
/// its headers (nor anything else put beside it), in the language's `source_order`.
/// `source` is the entry's text.
pub fn command_with_sources(
    command: &[String],
    language: &judge_model::language::LanguageSpec,
    source: &[u8],
    others: &[SourceFile],
) -> Vec<String> {
    let extra_sources: Vec<(&str, &[u8])> = if language.compile_all_sources {
        others
            .iter()
            .filter(|file| {
                let extension = Path::new(&file.name).extension().and_then(|e| e.to_str());
                language
                    .extensions
                    .iter()
                    .any(|e| extension.is_some_and(|x| x.eq_ignore_ascii_case(e)))
            })
            .map(|file| (file.name.as_str(), file.bytes.as_slice()))
            .collect()
    } else {
        Vec::new()
    };
    let sources = crate::source_order::ordered(
        language.source_order,
        (language.source.as_str(), source),
        &extra_sources,
    );
    command
        .iter()
        .flat_map(|arg| {
            if arg == &language.source {
                sources.iter().map(|s| s.to_string()).collect()
            } else {
                vec![arg.clone()]
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_and_binary_sources_are_caught() {
        assert_eq!(source_problem(b"  \n"), Some("the source file is empty"));
        assert!(source_problem(b"int main(){}\0")
            .unwrap()
            .contains("not text"));
        assert!(source_problem(&[0xff, 0xfe, b'a'])
            .unwrap()
            .contains("not text"));
        assert_eq!(source_problem("// 你好\nint main(){}".as_bytes()), None);
    }
}
