//! A language made ready for the sandbox: its entry, plus the environment and the extra
//! read-only paths its toolchain needs, with `~` expanded for this machine.

use crate::language::Language;
use sandbox::{Bind, Sandbox};

/// A language with what its compiler and runtime need inside the box.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The language.
    pub language: Language,
    /// Environment variables for compiling and running.
    pub env: Vec<(String, String)>,
    /// Extra read-only binds.
    pub binds: Vec<Bind>,
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
            binds: sandbox.readonly_binds(&language.spec.binds),
        }
    }
}
