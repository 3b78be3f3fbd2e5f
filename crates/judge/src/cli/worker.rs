//! `judge worker`: judges the queue of a store shared with `judge serve` (PostgreSQL, or a
//! SQLite file on the same machine), on any machine that has the contest's problems; or,
//! with `--server URL --token TOKEN`, the server's queue over HTTP from any folder, its
//! problems fetched by content hash (`worker_remote.rs`).
//! Prints what it does, one line each; SIGINT/SIGTERM stop it cleanly: running programs
//! are killed and their submissions handed back to the queue (a second signal exits at
//! once).

use super::common::{GlobalOptions, EXIT_JUDGED};
use super::database::DatabaseArgs;
use judge_server::problem_hash;
use judge_server::workers::{self, WorkerEvent, WorkerListener, WorkerOptions, Workers};
use judge_server::Queue;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Arguments of `judge worker`.
#[derive(Debug, clap::Args)]
pub struct WorkerArgs {
    /// The store shared with the server.
    #[command(flatten)]
    pub store: DatabaseArgs,
    /// Submissions judged at once (default: one per core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Cores one submission's tests may use at once while no other submission waits
    /// (default: one per core; 1: one test at a time always).
    #[arg(long, value_name = "N")]
    pub test_jobs: Option<usize>,
    /// This worker's name (default: HOST/PID). A worker restarted under the same name
    /// takes back at once what it was judging when it was killed.
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// How long a claim lasts without a heartbeat (the server's --lease-seconds).
    #[arg(long, value_name = "SECONDS", default_value_t = 30.0)]
    pub lease_seconds: f64,
    /// Judge the queue of the server at this address over HTTP (no judge.toml, no
    /// problems, no database password here: problems are fetched by content hash).
    #[arg(long, value_name = "URL", requires = "token")]
    pub server: Option<String>,
    /// The worker token (`judge users worker-token NAME` on the server).
    #[arg(
        long,
        value_name = "TOKEN",
        env = "JUDGE_WORKER_TOKEN",
        hide_env_values = true
    )]
    pub token: Option<String>,
    /// With --server: where fetched problems are kept (default: judge-worker-cache in
    /// the current folder).
    #[arg(long, value_name = "DIR")]
    pub cache: Option<std::path::PathBuf>,
    /// With --server: the most the problem cache keeps, in MiB (least recently used
    /// problems are removed first).
    #[arg(long, value_name = "MIB", default_value_t = 10240)]
    pub cache_mib: u64,
    /// With --server: the largest problem archive fetched, in MiB.
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub max_problem_mib: u64,
}

/// A lease length from seconds on the command line.
pub fn lease(seconds: f64) -> anyhow::Result<Duration> {
    if !(seconds.is_finite() && seconds >= 0.3) {
        anyhow::bail!("--lease-seconds must be at least 0.3, not {seconds}");
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Prints worker events on the terminal.
pub(super) struct Terminal {
    out: Mutex<std::io::Stdout>,
}

impl Terminal {
    /// A terminal on stdout.
    pub(super) fn new() -> Terminal {
        Terminal {
            out: Mutex::new(std::io::stdout()),
        }
    }

    /// Prints one line, after the time.
    pub(super) fn line(&self, text: &str) {
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let now = judge_model::text::rfc3339_ms(judge_server::store::now_ms());
        let _ = writeln!(out, "{now} {text}");
        let _ = out.flush();
    }
}

impl WorkerListener for Terminal {
    fn on_event(&self, event: &WorkerEvent) {
        match event {
            WorkerEvent::Claimed { claimed, test_jobs } => self.line(&format!(
                "submission {}: judging (round {}, {} in {}, {})",
                claimed.id,
                claimed.round,
                claimed.problem,
                claimed.language,
                workers::at_once(*test_jobs)
            )),
            WorkerEvent::Recorded {
                claimed,
                verdict,
                seconds,
            } => self.line(&format!(
                "submission {}: {verdict} ({seconds:.1} s)",
                claimed.id
            )),
            WorkerEvent::Discarded { claimed } => self.line(&format!(
                "submission {}: result discarded (its lease lapsed and another worker took it, or it was rejudged)",
                claimed.id
            )),
            WorkerEvent::HandedBack { claimed } => self.line(&format!(
                "submission {}: handed back to the queue",
                claimed.id
            )),
            WorkerEvent::LeaseLost { id } => self.line(&format!(
                "submission {id}: lease lost (the store did not hear from this worker in time); another worker may judge it"
            )),
            WorkerEvent::Refusing { problems } if problems.is_empty() => {
                self.line("every problem's copy now matches the server's")
            }
            WorkerEvent::Refusing { problems } => {
                for (id, why) in problems {
                    self.line(&format!("refusing problem {id}: {why}"));
                }
            }
            WorkerEvent::StoreFailed { error } => {
                self.line(&format!("store problem (retrying): {error}"))
            }
            WorkerEvent::StoreBack => self.line("the store answers again"),
            WorkerEvent::Fetched {
                problem,
                sha256,
                bytes,
                seconds,
            } => self.line(&format!(
                "problem {problem}: fetched version {} ({bytes} bytes, {seconds:.2} s)",
                &sha256[..sha256.len().min(12)]
            )),
            WorkerEvent::LanguageDropped { language, why } => {
                self.line(&format!("no longer claiming {language}: {why}"))
            }
            WorkerEvent::Stopped { why } => {
                self.line(&format!("stopped claiming: the server refuses this worker: {why}"))
            }
        }
    }
}

/// Runs `judge worker` until SIGINT or SIGTERM.
pub fn execute(cli: &GlobalOptions, args: &WorkerArgs) -> anyhow::Result<u8> {
    if let Some(server) = &args.server {
        return super::worker_remote::execute(cli, args, server);
    }
    let config = super::common::load_config(cli.config.as_ref())?;
    let url = args.store.existing_url(Some(&config))?;
    let lease = lease(args.lease_seconds)?;
    let cancel = super::common::cancel_flag();
    let judge = Arc::new(judge_core::Judge::new(config, cancel.clone())?);
    super::common::warn_if_degraded(&judge);
    let terminal = Arc::new(Terminal::new());
    // Every contest's problems, once each: a homework problem is judged here too.
    let mut seen = std::collections::BTreeSet::new();
    let problems: Vec<String> = judge
        .config
        .course()
        .contests
        .iter()
        .flat_map(|c| c.problems.iter())
        .filter(|p| seen.insert(p.id.clone()))
        .map(|p| p.id.clone())
        .collect();
    terminal.line("preparing the problems (building their checkers once)");
    workers::warm_up(&judge, &problems)?;
    let (versions, broken) = problem_hash::local_versions(&judge, &problems);
    for (id, why) in &broken {
        terminal.line(&format!("problem {id} cannot be judged here: {why}"));
    }
    // A store of an older schema is backed up into --data's backups/ before it migrates.
    let store = super::database::open(&args.store, Some(&judge.config))?;
    if !store.is_shared() {
        terminal.line("note: a SQLite store is shared only with processes on this machine");
    }
    let host = workers::host_name();
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("{host}/{}", std::process::id()));
    let taken_back = store.release_owner(&name)?;
    if taken_back > 0 {
        terminal.line(&format!(
            "{taken_back} submissions were being judged by {name} when it stopped: judging them again"
        ));
    }
    let jobs = args
        .jobs
        .unwrap_or_else(judge_server::options::default_workers)
        .max(1);
    terminal.line(&format!(
        "judge worker {name}: {jobs} jobs on {} problems ({}), store {url}; Ctrl-C or SIGTERM stops",
        versions.len(),
        versions
            .iter()
            .map(|v| v.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    ));
    let queue = Arc::new(Queue::new());
    let pool = Workers::start(
        WorkerOptions {
            name,
            host,
            jobs,
            lease,
            problems: versions,
            broken,
            test_jobs: args
                .test_jobs
                .unwrap_or_else(judge_server::options::default_workers)
                .max(1),
        },
        store,
        judge,
        queue.clone(),
        terminal.clone(),
    );
    while !cancel.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(100));
    }
    terminal.line("stopping: running programs are killed and their submissions handed back");
    queue.stop();
    pool.join();
    terminal.line("judge worker: stopped");
    Ok(EXIT_JUDGED)
}
