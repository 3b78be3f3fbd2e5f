//! `judge worker --server URL --token TOKEN --name NAME`: a judging machine that has only
//! the server's address. Started in any folder (an empty one will do): it claims over
//! HTTP, fetches each problem version it meets by content hash into its cache
//! (`--cache`, bounded by `--cache-mib`), checks it and judges on it. A judge.toml found
//! here (or `--config`) gives only this machine's `[sandbox]` settings and its language
//! table, by which it claims only the languages whose compilers and runtimes are
//! installed here (without one, by the built-in table).
//!
//! An unreachable server is tried again with back-off, said once a minute; a revoked
//! token stops the worker (exit status 1, saying why); SIGINT/SIGTERM stop it cleanly.

use super::common::{GlobalOptions, EXIT_ERROR, EXIT_JUDGED};
use super::worker::{lease, Terminal, WorkerArgs};
use judge_model::language::Languages;
use judge_server::backend::{Backend, BackendError};
use judge_server::problem_cache::ProblemCache;
use judge_server::remote::RemoteBackend;
use judge_server::workers::{self, WorkerOptions, Workers};
use judge_server::Queue;
use sandbox::SandboxConfig;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

const MIB: u64 = 1 << 20;

/// Runs the HTTP worker until SIGINT, SIGTERM or a refusal.
pub fn execute(cli: &GlobalOptions, args: &WorkerArgs, server: &str) -> anyhow::Result<u8> {
    let token = args.token.clone().unwrap_or_default();
    let lease = lease(args.lease_seconds)?;
    let backend = RemoteBackend::new(server, &token, args.max_problem_mib.saturating_mul(MIB))
        .map_err(anyhow::Error::msg)?;
    let backend: Arc<dyn Backend> = Arc::new(backend);
    // Only this machine's isolation settings and which of its languages are installed
    // come from a judge.toml; everything that decides a verdict comes from the server.
    let (sandbox, languages) = match super::database::optional_config(cli.config.as_ref())? {
        Some(config) => (config.sandbox, config.languages.available_ids()),
        None => (
            SandboxConfig::default(),
            Languages::builtin().available_ids(),
        ),
    };
    let cancel = super::common::cancel_flag();
    let cache_dir = args
        .cache
        .clone()
        .unwrap_or_else(|| std::path::PathBuf::from("judge-worker-cache"));
    let cache = Arc::new(ProblemCache::open(
        &cache_dir,
        args.cache_mib.saturating_mul(MIB),
        sandbox,
        cancel.clone(),
    )?);
    let terminal = Arc::new(Terminal::new());
    let host = workers::host_name();
    let name = args.name.clone().unwrap_or_else(|| host.clone());
    // What a previous run of this name was judging is judged again at once. The server
    // may be away yet: the pool then retries and says so.
    match backend.release_owner(&name) {
        Ok(0) => {}
        Ok(count) => terminal.line(&format!(
            "{count} submissions were being judged by {name} when it stopped: judging them again"
        )),
        Err(BackendError::Refused(why)) => {
            terminal.line(&format!("the server refuses this worker: {why}"));
            return Ok(EXIT_ERROR);
        }
        Err(error) => terminal.line(&format!(
            "the server does not answer yet (retrying): {error}"
        )),
    }
    let jobs = args
        .jobs
        .unwrap_or_else(judge_server::options::default_workers)
        .max(1);
    terminal.line(&format!(
        "judge worker {name}: {jobs} jobs, server {server}, problem cache {} (at most {} MiB); Ctrl-C or SIGTERM stops",
        cache_dir.display(),
        args.cache_mib
    ));
    terminal.line(&format!(
        "languages installed here, the only ones claimed: {}",
        if languages.is_empty() {
            "none (this worker will claim nothing)".to_string()
        } else {
            languages.join(", ")
        }
    ));
    let queue = Arc::new(Queue::new());
    let pool = Workers::start_fetching(
        WorkerOptions {
            name,
            host,
            jobs,
            lease,
            problems: Vec::new(),
            broken: Vec::new(),
            test_jobs: args
                .test_jobs
                .unwrap_or_else(judge_server::options::default_workers)
                .max(1),
        },
        backend,
        cache,
        languages,
        queue.clone(),
        terminal.clone(),
    );
    let started = Instant::now();
    while !cancel.load(Ordering::SeqCst) && !queue.stopping() {
        std::thread::sleep(Duration::from_millis(100));
    }
    let refused = queue.stopping() && !cancel.load(Ordering::SeqCst);
    if !refused {
        terminal.line("stopping: running programs are killed and their submissions handed back");
    }
    cancel.store(true, Ordering::SeqCst);
    queue.stop();
    pool.join();
    terminal.line(&format!(
        "judge worker: stopped after {:.0} s",
        started.elapsed().as_secs_f64()
    ));
    Ok(if refused { EXIT_ERROR } else { EXIT_JUDGED })
}
