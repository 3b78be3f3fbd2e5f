//! `judge serve`: the students' web front (crates/judge-server) on this machine.

use super::common::{GlobalOptions, EXIT_JUDGED};
use super::database::DatabaseArgs;
use judge_server::options::{self, ServerOptions};
use std::io::Write;
use std::sync::Arc;
use std::time::Duration;

/// Arguments of `judge serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0: any free port, printed at start).
    #[arg(long, value_name = "ADDRESS", default_value = options::DEFAULT_LISTEN)]
    pub listen: String,
    /// The store.
    #[command(flatten)]
    pub store: DatabaseArgs,
    /// Judging workers in this process (default: one per core; 0: only `judge worker`
    /// processes judge).
    #[arg(long, value_name = "N")]
    pub workers: Option<usize>,
    /// Cores one submission's tests may use at once while no other submission waits
    /// (default: one per core; 1: one test at a time always).
    #[arg(long, value_name = "N")]
    pub test_jobs: Option<usize>,
    /// How long a worker's claim on a submission lasts without a heartbeat; after that
    /// another worker judges it again.
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub lease_seconds: f64,
    /// The largest source accepted, in KiB (at most judge.toml's `[compile]
    /// max_source_kib`).
    #[arg(long, value_name = "KIB", default_value_t = options::DEFAULT_MAX_SOURCE_BYTES / 1024)]
    pub max_source_kib: usize,
    /// Submissions a student may make per minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub submissions_per_minute: usize,
    /// Mark cookies Secure (when students reach the server over HTTPS, through a proxy).
    #[arg(long)]
    pub secure_cookies: bool,
    /// Connections one address may hold open at once (0: no cap); raise it when a large
    /// class reaches the server through one NAT address.
    #[arg(long, value_name = "N", default_value_t = options::DEFAULT_CONNECTIONS_PER_ADDRESS)]
    pub max_connections_per_address: usize,
    /// Questions (clarifications) a student may ask per minute (0: no limit).
    #[arg(long, value_name = "N", default_value_t = options::DEFAULT_QUESTIONS_PER_MINUTE)]
    pub questions_per_minute: usize,
    /// Self-tests ("run on my input") run at once, beside the judging workers (1 to 64).
    #[arg(long, value_name = "N", default_value_t = options::DEFAULT_SELF_TEST_JOBS)]
    pub self_test_jobs: usize,
    /// Self-tests a student may run per minute, one at a time (0: no limit).
    #[arg(long, value_name = "N", default_value_t = options::DEFAULT_SELF_TESTS_PER_MINUTE)]
    pub self_tests_per_minute: usize,
    /// The largest self-test input, in KiB (1 to 16384).
    #[arg(long, value_name = "KIB", default_value_t = options::DEFAULT_MAX_SELF_TEST_INPUT_KIB)]
    pub max_self_test_input_kib: usize,
    /// Back the store up at this interval (90s, 15m, 1h, 2d) while serving, into its
    /// backups folder (backups/ beside the SQLite file; in --data for PostgreSQL).
    #[arg(long, value_name = "DURATION")]
    pub backup_every: Option<options::Interval>,
    /// How many scheduled backups to keep (the oldest are removed).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 48,
        requires = "backup_every"
    )]
    pub keep: usize,
    /// The largest package .zip a teacher may upload on the import page, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = options::DEFAULT_MAX_PACKAGE_BYTES >> 20)]
    pub max_package_mib: usize,
}

/// Runs `judge serve` until SIGINT or SIGTERM.
pub fn execute(cli: &GlobalOptions, args: &ServeArgs) -> anyhow::Result<u8> {
    // The limits first: a bad flag is refused before judge.toml and the problems load.
    let limits = ServerOptions {
        questions_per_minute: args.questions_per_minute,
        self_test_jobs: args.self_test_jobs,
        self_tests_per_minute: args.self_tests_per_minute,
        max_self_test_input_bytes: args.max_self_test_input_kib.saturating_mul(1024),
        ..ServerOptions::default()
    };
    limits.check()?;
    let config = super::common::load_config(cli.config.as_ref())?;
    // A form that took more than the judge judges would turn each such source into a
    // judge error; refuse the setting instead.
    let judged_kib = config.compile.max_source_kib;
    if args.max_source_kib as u64 > judged_kib {
        anyhow::bail!(
            "--max-source-kib {} is more than the largest source judged ({judged_kib} KiB: [compile] max_source_kib in {}); raise that, or give at most {judged_kib}",
            args.max_source_kib,
            config.file.display()
        );
    }
    let cancel = super::common::cancel_flag();
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
    let database = args.store.url(Some(&judge.config))?;
    let options = ServerOptions {
        listen: args.listen.clone(),
        data_dir: args.store.data_dir(Some(&judge.config))?,
        database: Some(database.clone()),
        workers: args.workers.unwrap_or_else(options::default_workers),
        test_jobs: args
            .test_jobs
            .unwrap_or_else(options::default_workers)
            .max(1),
        lease: super::worker::lease(args.lease_seconds)?,
        max_source_bytes: args.max_source_kib.max(1) * 1024,
        submissions_per_window: args.submissions_per_minute,
        rate_window: Duration::from_secs(60),
        secure_cookies: args.secure_cookies,
        max_connections_per_address: args.max_connections_per_address,
        max_package_bytes: args.max_package_mib.max(1) << 20,
        backups: args.backup_every.map(|every| options::BackupSchedule {
            every: every.0,
            keep: args.keep.max(1),
        }),
        ..limits
    };
    let workers = options.workers;
    judge_server::run(judge, options, cancel, |address| {
        println!(
            "judge serve: listening on http://{address} (store {database}, {workers} workers); Ctrl-C stops"
        );
        let _ = std::io::stdout().flush();
    })?;
    eprintln!("judge serve: stopped");
    Ok(EXIT_JUDGED)
}
