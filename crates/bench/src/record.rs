//! The file each benchmark writes: its result with the command that made it, the machine
//! it ran on and how long it took; the report is rendered from these files alone.

use crate::machine::{self, Machine};
use anyhow::{Context, Result};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::Instant;

/// One benchmark's result with its provenance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record<T> {
    /// The command line that made it.
    pub command: String,
    /// The machine, read when the benchmark started.
    pub machine: Machine,
    /// The load average when it ended.
    pub load_at_end: [f64; 3],
    /// How long it took, in seconds.
    pub elapsed_s: f64,
    /// The figures.
    pub result: T,
}

/// The command line of this process, as one string, with the program's name shortened
/// to its file name.
pub fn command_line() -> String {
    let mut args = std::env::args();
    let program = args
        .next()
        .map(|p| {
            Path::new(&p)
                .file_name()
                .map_or(p.clone(), |n| n.to_string_lossy().into_owned())
        })
        .unwrap_or_default();
    std::iter::once(program)
        .chain(args)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `benchmark`, recording the machine before and the time it took.
pub fn record<T>(benchmark: impl FnOnce() -> Result<T>) -> Result<Record<T>> {
    let machine = machine::describe();
    let started = Instant::now();
    let result = benchmark()?;
    Ok(Record {
        command: command_line(),
        machine,
        load_at_end: machine::load_average(),
        elapsed_s: started.elapsed().as_secs_f64(),
        result,
    })
}

/// Writes a record as pretty JSON.
pub fn write<T: Serialize>(path: &Path, record: &Record<T>) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let text = serde_json::to_string_pretty(record)? + "\n";
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// Reads a record written by [`write`].
pub fn read<T: DeserializeOwned>(path: &Path) -> Result<Record<T>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
}
