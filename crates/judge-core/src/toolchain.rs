//! A language made ready for the sandbox: its entry, plus the environment its toolchain
//! needs, with `~` expanded for this machine. (Its extra read-only paths are part of every
//! box's root: see `Judge::new`.)

use crate::language::Language;
use sandbox::Sandbox;

/// A language with what its compiler and runtime need inside the box.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The language.
    pub language: Language,
    /// Environment variables for compiling and running.
    pub env: Vec<(String, String)>,
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
        }
    }
}
