//! A language made ready for the sandbox: its entry, plus the environment its toolchain
//! needs, with `~` expanded for this machine, and its extra read-only paths (which only
//! its own boxes see).

use crate::language::Language;
use sandbox::Sandbox;
use std::path::PathBuf;

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
