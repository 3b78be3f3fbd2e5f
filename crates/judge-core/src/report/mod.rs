//! Reports: the terminal table and JSON. Each is a listener of the pipeline's events or a
//! function of a finished result; none of them judges anything.

pub mod html;
pub mod json;
pub mod table;

/// Seconds with two decimals (`0.05 s`).
pub fn seconds(value: f64) -> String {
    format!("{value:.2} s")
}

/// Bytes as MiB with one decimal (`12.3 MiB`).
pub fn mebibytes(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
}

/// Whether to colour the terminal output: only on a terminal, and not when NO_COLOR is set.
pub fn use_colour() -> bool {
    use std::io::IsTerminal;
    std::env::var_os("NO_COLOR").is_none() && std::io::stdout().is_terminal()
}
