//! What every command shares: the global options, finding judge.toml, the exit statuses,
//! the interrupt flag and the degraded-sandbox warning. Commands import it, never
//! `cli/mod.rs`, which only parses the command line and dispatches.

use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Exit status: the submission was judged (whatever the verdict).
pub const EXIT_JUDGED: u8 = 0;
/// Exit status: it could not be judged (bad configuration, missing file, sandbox failure).
pub const EXIT_ERROR: u8 = 1;
/// Exit status: judged and rejected, when `--fail-on-reject` is given.
pub const EXIT_REJECTED: u8 = 3;
/// Exit status: interrupted by SIGINT or SIGTERM (after cleaning up).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The options every command takes.
#[derive(Debug, Args)]
pub struct GlobalOptions {
    /// judge.toml to use (default: the nearest one in this folder or above).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// Finds and loads judge.toml.
pub fn load_config(
    explicit: Option<&PathBuf>,
) -> anyhow::Result<judge_model::config::judge_toml::JudgeConfig> {
    let file = match explicit {
        Some(file) => file.clone(),
        None => {
            let here = std::env::current_dir()?;
            judge_model::config::judge_toml::JudgeConfig::find(&here).ok_or_else(|| {
                anyhow::anyhow!(
                    "no judge.toml in {} or any folder above it (pass --config FILE)",
                    here.display()
                )
            })?
        }
    };
    Ok(judge_model::config::judge_toml::JudgeConfig::load(&file)?)
}

/// Installs SIGINT/SIGTERM handlers: the first sets the flag (runs stop, boxes are cleaned
/// up, the judge exits with a message); a second one exits at once.
pub fn cancel_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(EXIT_INTERRUPTED),
            flag.clone(),
        );
        let _ = signal_hook::flag::register(signal, flag.clone());
    }
    flag
}

/// Says once, on stderr, which protections are off (not root, no cgroups).
pub fn warn_if_degraded(judge: &judge_core::Judge) {
    for note in &judge.sandbox().mode().degraded {
        eprintln!("warning: degraded sandbox: {note}");
    }
}
