//! Comparing a program's output with the answer: one module per mode, as in DMOJ's
//! `checkers/`. The built-in modes compare bytes; the problem's own checker runs in the
//! sandbox (judge-core's `checker`).

mod comparison;
pub mod diff;
pub mod exact;
pub mod float;
pub mod kattis_default;
pub mod lines;
mod protocol;
pub mod tokens;

pub use comparison::Comparison;
pub use protocol::CheckerProtocol;

/// A built-in comparison mode with its settings.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum BuiltIn {
    /// Byte for byte.
    Exact,
    /// Lines, ignoring trailing whitespace and trailing blank lines.
    Lines,
    /// Whitespace-separated tokens.
    Tokens,
    /// Tokens; numbers within tolerances.
    Float {
        /// Absolute tolerance.
        absolute: f64,
        /// Relative tolerance.
        relative: f64,
    },
    /// The Kattis default output validator, with its flags.
    Kattis(kattis_default::KattisFlags),
}

impl BuiltIn {
    /// Compares an output with an answer.
    pub fn compare(self, output: &[u8], answer: &[u8]) -> Comparison {
        match self {
            BuiltIn::Exact => exact::compare(output, answer),
            BuiltIn::Lines => lines::compare(output, answer),
            BuiltIn::Tokens => tokens::compare(output, answer, &tokens::exact_text),
            BuiltIn::Float { absolute, relative } => {
                tokens::compare(output, answer, &|out, ans| {
                    float::tokens_match(out, ans, absolute, relative)
                })
            }
            BuiltIn::Kattis(flags) => kattis_default::compare(flags, output, answer),
        }
    }
}
