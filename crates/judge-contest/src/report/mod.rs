//! Reports of one submission: the terminal table and JSON (a contest's outputs are
//! [`crate::export`]). Each is a listener of the pipeline's events or a
//! function of a finished result; none of them judges anything.

pub mod json;
pub mod table;

/// Whether to colour the terminal output: only on a terminal, and not when NO_COLOR is set.
pub fn use_colour() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
}
