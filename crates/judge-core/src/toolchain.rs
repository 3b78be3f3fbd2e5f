//! A language made ready for the sandbox: its entry, plus the environment its toolchain
//! needs, with `~` expanded for this machine, and its extra read-only paths (which only
//! its own boxes see), and the limits its compiler runs under.

use crate::language::Language;
use sandbox::{Limits, Sandbox, MIB};
use std::path::PathBuf;
use std::time::Duration;

/// A language with what its compiler and runtime need inside the box.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The language.
    pub language: Language,
    /// Environment variables for compiling and running.
    pub env: Vec<(String, String)>,
    /// The extra host paths its compiler and runtime need, shown in its boxes only.
    pub root_binds: Vec<PathBuf>,
}

impl Toolchain {
    /// Prepares a language for `sandbox`.
    pub fn new(language: &Language, sandbox: &Sandbox) -> Toolchain {
        Toolchain {
            language: language.clone(),
            env: language
                .spec
                .env
                .iter()
                .map(|(key, value)| (key.clone(), sandbox.expand_home(value)))
                .collect(),
            root_binds: sandbox.expand_paths(&language.spec.binds),
        }
    }
}

/// How compilers run, the same for every language.
#[derive(Debug, Clone, PartialEq)]
pub struct CompileSettings {
    /// Wall-clock seconds a compile may take.
    pub wall_time_s: f64,
    /// CPU seconds a compile may use.
    pub cpu_time_s: f64,
    /// Memory a compiler may use, in MiB.
    pub memory_mib: u64,
    /// Processes and threads a compiler may start.
    pub processes: u32,
    /// Bytes of compiler messages kept.
    pub message_bytes: u64,
    /// The largest source accepted, in KiB.
    pub max_source_kib: u64,
    /// Where precompiled headers are kept (`~` is the judge's home).
    pub precompiled_header_dir: String,
}

/// The limits compilers run under.
pub fn compile_limits(settings: &CompileSettings) -> Limits {
    let mut limits = Limits::for_test(
        Duration::from_secs_f64(settings.cpu_time_s),
        settings.memory_mib * MIB,
    );
    limits.wall_time = Duration::from_secs_f64(settings.wall_time_s);
    limits.processes = settings.processes;
    limits.stderr_keep_bytes = settings.message_bytes;
    limits.output_bytes = 16 * MIB;
    limits.file_bytes = 512 * MIB;
    limits
}
