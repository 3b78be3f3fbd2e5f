//! `judge serve`: the students' web front (crates/judge-server) on this machine.

use super::{Cli, EXIT_JUDGED};
use judge_server::options::{self, ServerOptions};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `judge serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, value_name = "ADDRESS", default_value = options::DEFAULT_LISTEN)]
    pub listen: String,
    /// The data folder: the SQLite store lives there (created if missing).
    #[arg(long, value_name = "DIR", default_value = options::DEFAULT_DATA_DIR)]
    pub data: PathBuf,
    /// Judging workers (default: one per core).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// The largest source accepted, in KiB.
    #[arg(long, value_name = "KIB", default_value_t = options::DEFAULT_MAX_SOURCE_BYTES / 1024)]
    pub max_source_kib: usize,
    /// Submissions a student may make per minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub submissions_per_minute: usize,
    /// Mark cookies Secure (when students reach the server over HTTPS, through a proxy).
    #[arg(long)]
    pub secure_cookies: bool,
}

/// Runs `judge serve` until SIGINT or SIGTERM.
pub fn execute(cli: &Cli, args: &ServeArgs) -> anyhow::Result<u8> {
    let config = super::load_config(cli.config.as_ref())?;
    let cancel = super::cancel_flag();
    judge_server::init_logging();
    let judge = Arc::new(judge_core::Judge::new(config, cancel.clone())?);
    let sandbox = judge.sandbox_info();
    if !sandbox.isolated || !sandbox.degraded.is_empty() {
        eprintln!(
            "warning: the sandbox is degraded ({:?}; off: {}): run as root for full isolation",
            sandbox.enforcement,
            sandbox.degraded.join(", ")
        );
    }
    let options = ServerOptions {
        listen: args.listen.clone(),
        data_dir: args.data.clone(),
        workers: args.workers.unwrap_or_else(options::default_workers),
        max_source_bytes: args.max_source_kib.max(1) * 1024,
        submissions_per_window: args.submissions_per_minute,
        rate_window: Duration::from_secs(60),
        secure_cookies: args.secure_cookies,
        ..ServerOptions::default()
    };
    let (data, workers) = (options.data_dir.clone(), options.workers);
    judge_server::run(judge, options, cancel, |address| {
        println!(
            "judge serve: listening on http://{address} (data in {}, {workers} workers); Ctrl-C stops",
            data.display()
        );
        let _ = std::io::stdout().flush();
    })?;
    eprintln!("judge serve: stopped");
    Ok(EXIT_JUDGED)
}
