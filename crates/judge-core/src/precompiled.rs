//! Precompiled headers: a header most submissions include (`#include <bits/stdc++.h>`,
//! whose parsing is most of a C++ compile) compiled once per machine, compiler version and
//! compile flags, then shown read-only to the compiles whose source includes it.
//!
//! Each header is compiled in a box, like a submission, with the language's own compile
//! command (its flags, the same `-D`s), into `DIR/KEY/bits/stdc++.h.gch`, where KEY hashes
//! the compile command, the header and the compiler's `--version`: a new compiler or new
//! flags get a new entry. A compile that includes the header gets `-IDIR/KEY` before its
//! other arguments. GCC takes `bits/stdc++.h.gch` from that folder when its flags match and
//! otherwise goes on searching, finding the real header, so a stale entry costs speed,
//! never correctness; and the folder holds nothing else, so nothing else resolves there.
//! Sources that do not include a listed header compile with exactly the command of
//! judge.toml.

use crate::toolchain::Toolchain;
use judge_model::config::CompileSettings;
use judge_model::{JudgeError, Result};
use sandbox::{RunSpec, SandboxBox, Termination};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The name of the file that tells other judges an entry could not be built.
const FAILED: &str = "FAILED";

/// Precompiled headers kept in a folder.
#[derive(Debug)]
pub struct PrecompiledHeaders {
    dir: PathBuf,
    /// Whether the boxes see `dir` (see [`PrecompiledHeaders::new`]).
    seen: bool,
    /// The include folder (or `None`: it cannot be built) of each key this judge has seen.
    known: Mutex<HashMap<String, Option<PathBuf>>>,
    /// Each compiler's `--version`, asked once per judge (not once per compile).
    versions: Mutex<HashMap<String, Option<Vec<u8>>>>,
}

/// The headers of `headers` that `source` includes with `#include <...>`, in order, each
/// with the (1-based) line of its first include.
pub fn included<'a>(source: &[u8], headers: &'a [String]) -> Vec<(&'a str, usize)> {
    let text = String::from_utf8_lossy(source);
    let mut found: Vec<(&str, usize)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix("include") else {
            continue;
        };
        let Some(name) = rest
            .trim_start()
            .strip_prefix('<')
            .and_then(|r| r.split_once('>'))
            .map(|(name, _)| name.trim())
        else {
            continue;
        };
        if let Some(header) = headers.iter().find(|h| *h == name) {
            if !found.iter().any(|(h, _)| *h == header.as_str()) {
                found.push((header, index + 1));
            }
        }
    }
    found
}

/// The file the header is precompiled from; compiler messages name it (`In file included
/// from precompiled-header.hpp:1:`) where they would name the source's include line.
const WRAPPER: &str = "precompiled-header.hpp";

/// An include folder to add to a compile, and how to make its messages read as without it.
#[derive(Debug, Clone, PartialEq)]
pub struct Precompiled {
    /// The folder with `HEADER.gch`.
    pub dir: PathBuf,
    /// The source's line that includes the header.
    pub line: usize,
}

/// Compiler messages as they would read without the precompiled headers: the include
/// chains name the source's own include lines again.
pub fn restore_messages(message: &str, source_name: &str, used: &[Precompiled]) -> String {
    match used.first() {
        Some(first) => message.replace(
            &format!("{WRAPPER}:1:"),
            &format!("{source_name}:{}:", first.line),
        ),
        None => message.to_string(),
    }
}

/// The command that compiles `input` (a file that includes the header) into `output` with
/// the flags of `compile`: the language's command without its source file and its `-o`.
/// `None` when the command has no source argument to replace (not a C or C++ compiler line).
pub fn header_command(
    compile: &[String],
    source: &str,
    input: &str,
    output: &str,
) -> Option<Vec<String>> {
    let (program, args) = compile.split_first()?;
    if !args.iter().any(|a| a == source) {
        return None;
    }
    let mut command = vec![program.clone()];
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "-o" {
            args.next();
        } else if arg != source && !arg.starts_with("-o") {
            command.push(arg.clone());
        }
    }
    command.extend(["-x", "c++-header", input, "-o", output].map(String::from));
    Some(command)
}

/// The entry's key: the compile command, the header, and what the compiler says it is.
fn key(compile: &[String], header: &str, version: &[u8]) -> String {
    let mut hash = Sha256::new();
    for part in compile {
        hash.update(part.as_bytes());
        hash.update([0]);
    }
    hash.update([0]);
    hash.update(header.as_bytes());
    hash.update([0]);
    hash.update(version);
    let hex = judge_model::text::hex(&hash.finalize());
    hex[..32].to_string()
}

/// `compiler --version`, run on the host with the language's environment; `None` when it
/// cannot be run (the compile in the box will say why).
fn compiler_version(compiler: &str, toolchain: &Toolchain) -> Option<Vec<u8>> {
    let output = std::process::Command::new(compiler)
        .arg("--version")
        .envs(toolchain.env.iter().map(|(k, v)| (k, v)))
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    output.status.success().then_some(output.stdout)
}

impl PrecompiledHeaders {
    /// Headers kept in `dir` (created when needed, readable by the boxes). When the boxes
    /// cannot see `dir` (`seen` false: a folder under /box or /proc, which every box has
    /// of its own), no header is precompiled and every source compiles as without the cache.
    pub fn new(dir: impl Into<PathBuf>, seen: bool) -> PrecompiledHeaders {
        PrecompiledHeaders {
            dir: dir.into(),
            seen,
            known: Mutex::new(HashMap::new()),
            versions: Mutex::new(HashMap::new()),
        }
    }

    /// The include folders to add for `source`, building what is missing in `boxed`
    /// (whose folder is left as it was). A header that cannot be precompiled is left out:
    /// the source then compiles as it would without this cache.
    pub fn include_dirs(
        &self,
        boxed: &mut SandboxBox<'_>,
        toolchain: &Toolchain,
        source: &[u8],
        settings: &CompileSettings,
        scratch: &Path,
    ) -> Result<Vec<Precompiled>> {
        let spec = &toolchain.language.spec;
        let Some(compile) = toolchain.language.compile_command() else {
            return Ok(Vec::new());
        };
        if !self.seen {
            return Ok(Vec::new());
        }
        let mut used = Vec::new();
        for (header, line) in included(source, &spec.precompiled_headers) {
            if let Some(dir) = self.entry(boxed, toolchain, compile, header, settings, scratch)? {
                used.push(Precompiled { dir, line });
            }
        }
        Ok(used)
    }

    /// The include folder of `header` for `compile`, built when missing.
    fn entry(
        &self,
        boxed: &mut SandboxBox<'_>,
        toolchain: &Toolchain,
        compile: &[String],
        header: &str,
        settings: &CompileSettings,
        scratch: &Path,
    ) -> Result<Option<PathBuf>> {
        let version = self
            .versions
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .entry(compile[0].clone())
            .or_insert_with(|| compiler_version(&compile[0], toolchain))
            .clone();
        let Some(version) = version else {
            return Ok(None);
        };
        let key = key(compile, header, &version);
        // Held while building, so that this judge's other threads wait for one build.
        let mut known = self
            .known
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(known) = known.get(&key) {
            return Ok(known.clone());
        }
        let entry = self.dir.join(&key);
        let built =
            self.built_or_build(boxed, toolchain, compile, header, &entry, settings, scratch)?;
        // A build stopped by a limit is tried again by the next compile.
        if built.is_some() || entry.join(FAILED).is_file() {
            known.insert(key, built.clone());
        }
        Ok(built)
    }

    /// Recalls the entry, or builds it under a lock file that other judges wait on.
    #[allow(clippy::too_many_arguments)]
    fn built_or_build(
        &self,
        boxed: &mut SandboxBox<'_>,
        toolchain: &Toolchain,
        compile: &[String],
        header: &str,
        entry: &Path,
        settings: &CompileSettings,
        scratch: &Path,
    ) -> Result<Option<PathBuf>> {
        let output = entry.join(format!("{header}.gch"));
        if output.is_file() {
            return Ok(Some(entry.to_path_buf()));
        }
        if entry.join(FAILED).is_file() {
            return Ok(None);
        }
        make_readable_dir(&self.dir)?;
        let lock_path = self.dir.join(format!(
            "{}.lock",
            entry.file_name().unwrap_or_default().to_string_lossy()
        ));
        let lock = std::fs::File::create(&lock_path)
            .map_err(|e| JudgeError::file("precompiled header lock", &lock_path, e))?;
        lock.lock()
            .map_err(|e| JudgeError::file("precompiled header lock", &lock_path, e))?;
        // Another judge may have built it while this one waited.
        if output.is_file() {
            return Ok(Some(entry.to_path_buf()));
        }
        if entry.join(FAILED).is_file() {
            return Ok(None);
        }
        let built = build(boxed, toolchain, compile, header, settings, scratch)?;
        let staging = tempfile::Builder::new()
            .prefix(".building-")
            .tempdir_in(&self.dir)
            .map_err(|e| JudgeError::file("precompiled header folder", &self.dir, e))?;
        let result = match built {
            Ok(gch) => {
                let target = staging.path().join(format!("{header}.gch"));
                copy_readable(&gch, &target)?;
                Some(entry.to_path_buf())
            }
            Err(Failure::Compiler(message)) => {
                let target = staging.path().join(FAILED);
                std::fs::write(&target, message)
                    .map_err(|e| JudgeError::file("precompiled header note", &target, e))?;
                None
            }
            // A limit met on a loaded machine is not the header's fault: try again next
            // time, compiling this source without it now.
            Err(Failure::Stopped) => return Ok(None),
        };
        set_mode(staging.path(), 0o755)?;
        let staged = staging.keep();
        std::fs::rename(&staged, entry)
            .map_err(|e| JudgeError::file("precompiled header", entry, e))?;
        Ok(result)
    }
}

/// Why a header could not be precompiled.
#[derive(Debug)]
enum Failure {
    /// The compiler rejected it (it would again): remembered in the entry.
    Compiler(String),
    /// A limit or a signal stopped the compiler: not remembered.
    Stopped,
}

/// Compiles `header` in the box; the host path of the `.gch` (moved to `scratch`), or why
/// not. The box folder is cleared of what the build wrote.
fn build(
    boxed: &mut SandboxBox<'_>,
    toolchain: &Toolchain,
    compile: &[String],
    header: &str,
    settings: &CompileSettings,
    scratch: &Path,
) -> Result<std::result::Result<PathBuf, Failure>> {
    let input = WRAPPER;
    let output = "precompiled-header.gch";
    let Some(argv) = header_command(compile, &toolchain.language.spec.source, input, output) else {
        return Ok(Err(Failure::Compiler(format!(
            "the compile command has no {} argument to replace",
            toolchain.language.spec.source
        ))));
    };
    let input_path = boxed.dir().join(input);
    let output_path = boxed.dir().join(output);
    std::fs::write(&input_path, format!("#include <{header}>\n"))
        .map_err(|e| JudgeError::file("box source file", &input_path, e))?;
    let mut limits = crate::toolchain::compile_limits(settings);
    // RLIMIT_FSIZE follows the output limit; bits/stdc++.h.gch is about 100 MiB.
    limits.output_bytes = limits.file_bytes;
    let spec = RunSpec {
        argv,
        env: toolchain.env.clone(),
        stdin: None,
        stdout: scratch.join("precompile.stdout"),
        box_writable: true,
        root_binds: toolchain.root_binds.clone(),
        binds: vec![],
        limits,
    };
    let outcome = boxed
        .run(&spec)
        .map_err(|e| JudgeError::sandbox(format!("precompiling {header}"), e))?;
    let _ = std::fs::remove_file(&input_path);
    let result = if outcome.termination == Termination::Exited && outcome.exit_code == Some(0) {
        let kept = scratch.join(output);
        std::fs::rename(&output_path, &kept)
            .or_else(|_| std::fs::copy(&output_path, &kept).map(|_| ()))
            .map_err(|e| JudgeError::file("precompiled header", &output_path, e))?;
        Ok(kept)
    } else {
        let message = format!(
            "precompiling {header} failed ({:?}, exit {:?}): {}",
            outcome.termination, outcome.exit_code, outcome.stderr
        );
        match outcome.termination {
            Termination::Exited => Err(Failure::Compiler(message)),
            _ => Err(Failure::Stopped),
        }
    };
    let _ = std::fs::remove_file(&output_path);
    Ok(result)
}

/// Creates `dir` (and its parents) readable by every box uid.
fn make_readable_dir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| JudgeError::file("precompiled header folder", dir, e))?;
    set_mode(dir, 0o755)
}

fn set_mode(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| JudgeError::file("precompiled header folder", path, e))
}

/// Copies `from` to `to` (creating `to`'s folders), readable by every box uid.
fn copy_readable(from: &Path, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| JudgeError::file("precompiled header folder", parent, e))?;
        let mut dir = parent;
        while dir
            .file_name()
            .is_some_and(|n| !n.to_string_lossy().starts_with(".building-"))
        {
            set_mode(dir, 0o755)?;
            dir = dir.parent().unwrap_or(dir);
        }
    }
    let mut reader =
        std::fs::File::open(from).map_err(|e| JudgeError::file("precompiled header", from, e))?;
    let mut writer =
        std::fs::File::create(to).map_err(|e| JudgeError::file("precompiled header", to, e))?;
    std::io::copy(&mut reader, &mut writer)
        .and_then(|_| writer.flush())
        .map_err(|e| JudgeError::file("precompiled header", to, e))?;
    set_mode(to, 0o644)?;
    let _ = std::fs::remove_file(from);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(parts: &[&str]) -> Vec<String> {
        parts.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn only_angle_bracket_includes_of_listed_headers_count() {
        let headers = strings(&["bits/stdc++.h"]);
        let wanted = |source: &str| included(source.as_bytes(), &headers);
        assert_eq!(
            wanted("#include <bits/stdc++.h>\nint main(){}"),
            [("bits/stdc++.h", 1)]
        );
        assert_eq!(
            wanted("// a comment\n\n  #  include  < bits/stdc++.h >"),
            [("bits/stdc++.h", 3)]
        );
        assert!(wanted("#include <iostream>\n").is_empty());
        assert!(wanted("#include \"bits/stdc++.h\"\n").is_empty());
        assert!(wanted("// #include <bits/stdc++.h>\n").is_empty());
        assert_eq!(
            wanted("#include <bits/stdc++.h>\n#include <bits/stdc++.h>\n").len(),
            1
        );
    }

    #[test]
    fn the_header_is_compiled_with_the_flags_of_the_compile_command() {
        let compile = strings(&[
            "g++",
            "-std=gnu++17",
            "-O2",
            "-DONLINE_JUDGE",
            "-o",
            "main",
            "main.cpp",
        ]);
        assert_eq!(
            header_command(&compile, "main.cpp", "h.hpp", "h.gch").unwrap(),
            strings(&[
                "g++",
                "-std=gnu++17",
                "-O2",
                "-DONLINE_JUDGE",
                "-x",
                "c++-header",
                "h.hpp",
                "-o",
                "h.gch"
            ])
        );
        let joined = strings(&["g++", "-omain", "-O2", "main.cpp"]);
        assert_eq!(
            header_command(&joined, "main.cpp", "h.hpp", "h.gch").unwrap(),
            strings(&["g++", "-O2", "-x", "c++-header", "h.hpp", "-o", "h.gch"])
        );
        assert!(header_command(&strings(&["rustc", "x.rs"]), "main.cpp", "h", "g").is_none());
    }

    #[test]
    fn messages_name_the_sources_include_line_again() {
        let used = [Precompiled {
            dir: PathBuf::from("/x"),
            line: 3,
        }];
        let message = "In file included from /usr/include/c++/12/vector:64,\n                 from precompiled-header.hpp:1:\nnote: candidate";
        assert_eq!(
            restore_messages(message, "main.cpp", &used),
            "In file included from /usr/include/c++/12/vector:64,\n                 from main.cpp:3:\nnote: candidate"
        );
        assert_eq!(restore_messages(message, "main.cpp", &[]), message);
    }

    #[test]
    fn the_key_changes_with_the_flags_and_the_compiler() {
        let a = strings(&["g++", "-O2", "main.cpp"]);
        let b = strings(&["g++", "-O0", "main.cpp"]);
        let header = "bits/stdc++.h";
        assert_eq!(key(&a, header, b"g++ 12"), key(&a, header, b"g++ 12"));
        assert_ne!(key(&a, header, b"g++ 12"), key(&b, header, b"g++ 12"));
        assert_ne!(key(&a, header, b"g++ 12"), key(&a, header, b"g++ 13"));
    }
}
