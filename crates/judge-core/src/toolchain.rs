//! A language made ready for the sandbox: its entry, plus the environment its toolchain
//! needs, with `~` expanded for this machine, and its extra read-only paths (which only
//! its own boxes see), and the limits its compiler runs under.

use judge_model::config::CompileSettings;
use judge_model::language::Language;
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
