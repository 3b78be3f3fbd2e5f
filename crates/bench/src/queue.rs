//! The judging queue (issues 15 and 35): what a claim and a recorded result cost, how
//! many trivial submissions per second the queue passes with 1, 2, 4, 8 workers, and how a
//! wall-bound class (programs that sleep) scales with workers; for the two kinds of
//! judging machine side by side.
//!
//! - The PostgreSQL worker (`judge worker` sharing the store): judge-worker's pool with
//!   the store as its backend, judging this machine's copy of the problem.
//! - The HTTP worker (`judge worker --server URL --token T`): the same pool with
//!   judge-worker's `RemoteBackend` talking to a real judge-server (`judge serve
//!   --workers 0`, started here on 127.0.0.1 with a port of the kernel's choosing) over
//!   the same store; its problem is fetched by content hash into a problem cache of its
//!   own, empty at each run, as on a new machine.
//!
//! The store is a private PostgreSQL server started for the benchmark (Debian's
//! binaries, see the test-postgres crate), or `--database`; every measurement gets a
//! fresh database. The workers judge with the real sandbox a one-test problem written
//! to a temporary folder.

use crate::stats::{percentile, Summary};
use anyhow::{Context, Result};
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_server::backend::{Backend, Claimable};
use judge_server::problem_cache::ProblemCache;
use judge_server::problem_hash;
use judge_server::remote::RemoteBackend;
use judge_server::store::{DatabaseUrl, JudgeOutcome, ProblemVersion, Progress, Role, Store};
use judge_server::store::{Inserted, NewSubmission};
use judge_server::workers::{WorkerEvent, WorkerListener, WorkerOptions, Workers};
use judge_server::{Queue, ServerOptions};
use sandbox::SandboxConfig;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The claim + record target of issue 15, in milliseconds.
pub const TARGET_OVERHEAD_MS: f64 = 10.0;

/// A lease long enough that none lapses during a measurement.
const LEASE: Duration = Duration::from_secs(30);

/// The largest problem archive and cache an HTTP worker of the benchmark takes (the
/// problem is a few hundred bytes).
const HTTP_CACHE_BYTES: u64 = 1 << 30;

/// The worker token's machine name, and the workers' names under it.
const MACHINE: &str = "bench";

/// Which kind of judging machine is measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum QueueBackend {
    /// `judge worker` on the store itself (PostgreSQL).
    Postgres,
    /// `judge worker --server URL`: the server's worker endpoints over HTTP.
    Http,
}

/// What to measure.
#[derive(Debug, Clone)]
pub struct QueueOptions {
    /// The workspace's judge.toml (its language table is used).
    pub config: PathBuf,
    /// A PostgreSQL URL of a role that may create databases (None: a private server).
    pub database: Option<String>,
    /// Which workers are measured.
    pub backends: Vec<QueueBackend>,
    /// Claim + record cycles timed for the overhead.
    pub overhead_cycles: usize,
    /// Worker counts.
    pub workers: Vec<usize>,
    /// Trivial submissions per worker count.
    pub trivial: usize,
    /// Sleeping submissions per worker count (the PostgreSQL worker only).
    pub sleeping: usize,
    /// How long a sleeping program sleeps.
    pub sleep_ms: u64,
}

/// The cost of one claim and one recorded result, without judging.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Overhead {
    /// Cycles timed.
    pub cycles: usize,
    /// Claim + progress row + finish, per cycle, in ms.
    pub cycle_ms: Summary,
    /// The 90th and 99th percentiles of a cycle, ms.
    pub cycle_p90_ms: f64,
    /// See `cycle_p90_ms`.
    pub cycle_p99_ms: f64,
    /// The claim alone, median ms.
    pub claim_ms: f64,
    /// The progress row alone, median ms.
    pub progress_ms: f64,
    /// The finish (result written, state done) alone, median ms.
    pub finish_ms: f64,
}

/// One worker count's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    /// Workers (threads of one pool, as `judge worker --jobs N`).
    pub workers: usize,
    /// Submissions judged.
    pub submissions: usize,
    /// From the pool's start to the last result, seconds.
    pub wall_s: f64,
    /// Submissions per second.
    pub per_second: f64,
    /// Against one worker.
    pub ratio_to_one: f64,
    /// An HTTP pool's fetch of the problem into its empty cache (fetch, SHA-256 check,
    /// unpack, load and hash again), seconds, the longest if several threads fetched;
    /// part of `wall_s`. None for the PostgreSQL worker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fetch_s: Option<f64>,
}

/// The HTTP worker's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HttpReport {
    /// Where the server ran.
    pub server: String,
    /// Claim + progress + result over HTTP.
    pub overhead: Overhead,
    /// Trivial programs (Python, one test).
    pub trivial: Vec<Throughput>,
}

/// The whole benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueueReport {
    /// Where the store ran.
    pub store: String,
    /// The PostgreSQL worker's claim + record cost (None: not measured).
    pub overhead: Option<Overhead>,
    /// The PostgreSQL worker on trivial programs (Python, one test).
    #[serde(default)]
    pub trivial: Vec<Throughput>,
    /// The PostgreSQL worker on sleeping programs (Python, one test).
    #[serde(default)]
    pub sleeping: Vec<Throughput>,
    /// How long the sleeping programs sleep, ms.
    pub sleep_ms: u64,
    /// The HTTP worker's figures (None: not measured; records before issue 35).
    #[serde(default)]
    pub http: Option<HttpReport>,
}

/// Where fresh databases come from.
enum Server {
    Private(test_postgres::PrivateServer, AtomicUsize),
    Shared(String),
}

impl Server {
    fn fresh(&self) -> Result<(String, Option<test_postgres::FreshDatabase>)> {
        match self {
            Server::Private(server, counter) => {
                let name = format!("bench_{}", counter.fetch_add(1, Ordering::SeqCst));
                Ok((server.create_database(&name), None))
            }
            Server::Shared(admin) => {
                let database = test_postgres::create_database(admin);
                Ok((database.url.clone(), Some(database)))
            }
        }
    }
}

fn store(url: &str) -> Result<Store> {
    let url: DatabaseUrl = url.parse()?;
    Ok(Store::connect(&url)?)
}

fn submit(store: &Store, user: i64, source: &str, count: usize) -> Result<()> {
    for _ in 0..count {
        let new = NewSubmission {
            user_id: user,
            problem: "sum".into(),
            language: "python3".into(),
            source: source.into(),
            idempotency_key: None,
        };
        match store.insert_submission(&new, None)? {
            Inserted::Queued(_) => {}
            other => anyhow::bail!("not queued: {other:?}"),
        }
    }
    Ok(())
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1e3
}

/// A judge-server on 127.0.0.1 (a port of the kernel's choosing) over a store, with no
/// workers of its own (`judge serve --workers 0`), run on a thread of this process.
struct HttpServer {
    address: SocketAddr,
    cancel: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<judge_server::Result<()>>>,
    _data: tempfile::TempDir,
}

impl HttpServer {
    /// Starts the server on the database `url`, judging `judge`'s contest (it publishes
    /// the problems' versions); returns once it accepts connections.
    fn start(judge: &Arc<Judge>, url: &str) -> Result<HttpServer> {
        let data = tempfile::tempdir()?;
        let options = ServerOptions {
            listen: "127.0.0.1:0".into(),
            data_dir: data.path().to_path_buf(),
            database: Some(url.parse()?),
            workers: 0,
            test_jobs: 1,
            lease: LEASE,
            submissions_per_window: 0,
            ..ServerOptions::default()
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let (ready, bound) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("bench-server".into())
            .spawn({
                let (judge, cancel) = (judge.clone(), cancel.clone());
                move || {
                    judge_server::run(judge, options, cancel, move |address| {
                        let _ = ready.send(address);
                    })
                }
            })
            .context("starting the server's thread")?;
        match bound.recv() {
            Ok(address) => Ok(HttpServer {
                address,
                cancel,
                thread: Some(thread),
                _data: data,
            }),
            // The server ended before it listened: its error says why.
            Err(_) => match thread.join() {
                Ok(Err(error)) => Err(error).context("starting judge-server for the benchmark"),
                Ok(Ok(())) => anyhow::bail!("judge-server stopped before it listened"),
                Err(_) => anyhow::bail!("judge-server panicked while starting"),
            },
        }
    }

    fn url(&self) -> String {
        format!("http://{}", self.address)
    }

    /// Stops the server (it polls its cancel flag) and waits for it.
    fn stop(mut self) -> Result<()> {
        self.cancel.store(true, Ordering::SeqCst);
        match self.thread.take().map(std::thread::JoinHandle::join) {
            Some(Ok(result)) => Ok(result.context("judge-server")?),
            Some(Err(_)) => anyhow::bail!("judge-server panicked"),
            None => Ok(()),
        }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A worker token for the machine [`MACHINE`], made as `judge users worker-token` makes it.
fn worker_token(store: &Store) -> Result<String> {
    let (_, token) = judge_server::accounts::issue_worker_token(store, MACHINE)
        .context("making a worker token")?;
    Ok(token)
}

/// The client `judge worker --server` uses, to `server` with a fresh worker token.
fn remote(server: &HttpServer, store: &Store) -> Result<RemoteBackend> {
    RemoteBackend::new(&server.url(), &worker_token(store)?, HTTP_CACHE_BYTES)
        .map_err(anyhow::Error::msg)
}

/// Times `cycles` claim + progress + result cycles through `backend` (after 10 untimed
/// ones), claiming as `claimable` says; the queue must hold `cycles + 10` submissions.
fn cycles(backend: &dyn Backend, claimable: Claimable<'_>, cycles: usize) -> Result<Overhead> {
    let lease_ms = i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX);
    let progress = Progress {
        compiled: true,
        tests_done: 0,
        tests_total: 1,
        first_failure: None,
    };
    let result: judge_model::SubmissionResult = serde_json::from_value(serde_json::json!({
        "schema_version": 2, "problem": "sum", "language": "python3", "source": "main.py",
        "compile": { "success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false },
        "tests": [], "verdict": "AC", "first_failure": null, "passed": 1, "total": 1,
        "fraction_passed": 1.0, "max_cpu_time_s": 0.01, "max_peak_memory_bytes": 1048576,
        "sandbox": { "enforcement": "rlimit-only", "isolated": false, "degraded": [] }
    }))?;
    let outcome = JudgeOutcome::Judged(Box::new(result));
    let (mut cycle, mut claim, mut mid, mut finish) = (vec![], vec![], vec![], vec![]);
    for index in 0..cycles + 10 {
        let started = Instant::now();
        let claimed = backend
            .claim(MACHINE, lease_ms, claimable, None)?
            .context("the queue ran dry")?;
        let claimed_ms = ms(started);
        let at = Instant::now();
        let progressed = backend.set_progress(&claimed, &progress)?;
        let progress_ms = ms(at);
        let at = Instant::now();
        let finished = backend.finish(&claimed, &outcome)?;
        let finish_ms = ms(at);
        if !progressed || !finished {
            anyhow::bail!(
                "submission {}: the lease was refused (progress {progressed}, result {finished})",
                claimed.id
            );
        }
        if index >= 10 {
            cycle.push(ms(started));
            claim.push(claimed_ms);
            mid.push(progress_ms);
            finish.push(finish_ms);
        }
    }
    let summary = Summary::of(&cycle).context("no cycles")?;
    Ok(Overhead {
        cycles,
        cycle_ms: summary,
        cycle_p90_ms: percentile(&cycle, 0.9),
        cycle_p99_ms: percentile(&cycle, 0.99),
        claim_ms: percentile(&claim, 0.5),
        progress_ms: percentile(&mid, 0.5),
        finish_ms: percentile(&finish, 0.5),
    })
}

/// The PostgreSQL worker's cycle: the store's own calls, claiming this machine's copies
/// (as `judge worker` does).
fn overhead_postgres(setup: &Setup, cycles_timed: usize) -> Result<Overhead> {
    let (url, _guard) = setup.server.fresh()?;
    let store = store(&url)?;
    store.publish_problems(&setup.versions)?;
    let user = store.add_user("bench", "x", Role::Student)?;
    submit(&store, user, "print(1)", cycles_timed + 10)?;
    cycles(&store, Claimable::Only(&setup.versions), cycles_timed)
}

/// The HTTP worker's cycle: `RemoteBackend` to a real server on the same kind of store,
/// claiming any published version (as `judge worker --server` does: the server reads
/// the published versions, then claims).
fn overhead_http(setup: &Setup, cycles_timed: usize) -> Result<Overhead> {
    let (url, _guard) = setup.server.fresh()?;
    let server = HttpServer::start(&setup.judge, &url)?;
    let store = store(&url)?;
    let user = store.add_user("bench", "x", Role::Student)?;
    submit(&store, user, "print(1)", cycles_timed + 10)?;
    let backend = remote(&server, &store)?;
    let overhead = cycles(&backend, Claimable::AllBut(&[]), cycles_timed)?;
    server.stop()?;
    Ok(overhead)
}

/// Writes the one-test problem `sum` and a judge.toml for it; returns the judge.toml.
fn write_problem(dir: &Path, workspace_config: &Path) -> Result<PathBuf> {
    let problem = dir.join("problems/sum");
    std::fs::create_dir_all(&problem)?;
    std::fs::write(
        problem.join("problem.toml"),
        "title = \"Sum\"\n[limits]\ntime_s = 2.0\nmemory_mib = 128\nwall_time_s = 10.0\n[compare]\nmode = \"tokens\"\n",
    )?;
    let tests = dir.join("testdata/sum/secret");
    std::fs::create_dir_all(&tests)?;
    std::fs::write(tests.join("1.in"), "2 3\n")?;
    std::fs::write(tests.join("1.ans"), "5\n")?;
    let text = std::fs::read_to_string(workspace_config)
        .with_context(|| format!("reading {}", workspace_config.display()))?;
    let mut table: toml::Table = text.parse()?;
    let contest = table
        .get_mut("contest")
        .and_then(|c| c.as_table_mut())
        .context("judge.toml has no [contest]")?;
    contest.insert(
        "problems_dir".into(),
        dir.join("problems").display().to_string().into(),
    );
    contest.insert(
        "testdata_dir".into(),
        dir.join("testdata").display().to_string().into(),
    );
    let mut entry = toml::Table::new();
    entry.insert("id".into(), "sum".into());
    contest.insert("problems".into(), toml::Value::Array(vec![entry.into()]));
    contest.insert(
        "languages".into(),
        toml::Value::Array(vec!["python3".into()]),
    );
    let file = dir.join("judge.toml");
    std::fs::write(&file, toml::to_string(&table)?)?;
    Ok(file)
}

/// Counts results; keeps the first thing that went otherwise, and the fetch times.
struct Counter {
    recorded: AtomicUsize,
    other: Mutex<Option<String>>,
    fetched_s: Mutex<Vec<f64>>,
}

impl Counter {
    fn new() -> Counter {
        Counter {
            recorded: AtomicUsize::new(0),
            other: Mutex::new(None),
            fetched_s: Mutex::new(Vec::new()),
        }
    }

    fn incident(&self, what: String) {
        let mut other = self.other.lock().unwrap_or_else(|e| e.into_inner());
        other.get_or_insert(what);
    }
}

impl WorkerListener for Counter {
    fn on_event(&self, event: &WorkerEvent) {
        match event {
            WorkerEvent::Recorded { verdict, .. } => {
                if !verdict.starts_with("AC") {
                    self.incident(verdict.clone());
                }
                self.recorded.fetch_add(1, Ordering::SeqCst);
            }
            WorkerEvent::Fetched { seconds, .. } => self
                .fetched_s
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(*seconds),
            WorkerEvent::Claimed { .. } | WorkerEvent::Refusing { .. } => {}
            other => self.incident(format!("{other:?}")),
        }
    }
}

/// What every measurement shares: where databases come from, the judge (its judge.toml
/// names the one problem), the problem's version, this machine's `[sandbox]`.
struct Setup {
    server: Server,
    judge: Arc<Judge>,
    versions: Vec<ProblemVersion>,
    sandbox: SandboxConfig,
}

/// One run: a fresh database holding `submissions` of `source`, a pool of `workers` of
/// the kind `backend`; the wall time from the pool's start to its last result, and the
/// HTTP pool's fetch time.
fn throughput(
    setup: &Setup,
    backend: QueueBackend,
    workers: usize,
    source: &str,
    submissions: usize,
) -> Result<(f64, Option<f64>)> {
    let (url, _guard) = setup.server.fresh()?;
    // The HTTP server publishes the versions itself, as `judge serve` does.
    let server = match backend {
        QueueBackend::Postgres => None,
        QueueBackend::Http => Some(HttpServer::start(&setup.judge, &url)?),
    };
    let store = store(&url)?;
    if server.is_none() {
        store.publish_problems(&setup.versions)?;
    }
    let user = store.add_user("bench", "x", Role::Student)?;
    submit(&store, user, source, submissions)?;
    let counter = Arc::new(Counter::new());
    let queue = Arc::new(Queue::new());
    let options = WorkerOptions {
        name: format!("bench-{workers}"),
        host: "bench".into(),
        jobs: workers,
        lease: LEASE,
        problems: setup.versions.clone(),
        broken: Vec::new(),
        // The queue's throughput, one test at a time as before.
        test_jobs: 1,
    };
    // An HTTP worker's cache starts empty at each run, as on a new machine.
    let cache_dir = tempfile::tempdir()?;
    let (started, pool) = match &server {
        None => (
            Instant::now(),
            Workers::start(
                options,
                store,
                setup.judge.clone(),
                queue.clone(),
                counter.clone(),
            ),
        ),
        Some(server) => {
            let backend: Arc<dyn Backend> = Arc::new(remote(server, &store)?);
            let cache = Arc::new(ProblemCache::open(
                cache_dir.path(),
                HTTP_CACHE_BYTES,
                setup.sandbox.clone(),
                Arc::new(AtomicBool::new(false)),
            )?);
            let options = WorkerOptions {
                problems: Vec::new(),
                ..options
            };
            (
                Instant::now(),
                Workers::start_fetching(
                    options,
                    backend,
                    cache,
                    setup.judge.languages.available_ids(),
                    queue.clone(),
                    counter.clone(),
                ),
            )
        }
    };
    let deadline = Instant::now() + Duration::from_secs(600);
    while counter.recorded.load(Ordering::SeqCst) < submissions
        && counter
            .other
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_none()
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    let wall = started.elapsed().as_secs_f64();
    queue.stop();
    pool.join();
    if let Some(server) = server {
        server.stop()?;
    }
    let recorded = counter.recorded.load(Ordering::SeqCst);
    let incident = counter
        .other
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    if recorded < submissions || incident.is_some() {
        anyhow::bail!(
            "{backend:?}, {workers} workers: {recorded} of {submissions} judged AC; first incident: {}",
            incident.unwrap_or_default()
        );
    }
    let fetched = counter.fetched_s.lock().unwrap_or_else(|e| e.into_inner());
    let fetch_s = match backend {
        QueueBackend::Postgres => None,
        QueueBackend::Http => Some(fetched.iter().copied().fold(0.0, f64::max)),
    };
    Ok((wall, fetch_s))
}

fn series(
    setup: &Setup,
    backend: QueueBackend,
    worker_counts: &[usize],
    source: &str,
    submissions: usize,
) -> Result<Vec<Throughput>> {
    let mut out: Vec<Throughput> = Vec::new();
    for &workers in worker_counts {
        let (wall_s, fetch_s) = throughput(setup, backend, workers, source, submissions)?;
        let per_second = submissions as f64 / wall_s;
        let one = out.first().map_or(per_second, |first| first.per_second);
        out.push(Throughput {
            workers,
            submissions,
            wall_s,
            per_second,
            ratio_to_one: per_second / one,
            fetch_s,
        });
    }
    Ok(out)
}

/// Runs the benchmark.
pub fn measure(options: &QueueOptions) -> Result<QueueReport> {
    if options.backends.is_empty() {
        anyhow::bail!("no worker to measure (--backends postgres,http)");
    }
    let server = match &options.database {
        Some(url) => Server::Shared(url.clone()),
        None => Server::Private(
            test_postgres::PrivateServer::start_durable().context(
                "a private PostgreSQL server (install Debian's postgresql, or pass --database)",
            )?,
            AtomicUsize::new(0),
        ),
    };
    let dir = tempfile::tempdir()?;
    let config = JudgeConfig::load(&write_problem(dir.path(), &options.config)?)?;
    let sandbox = config.sandbox.clone();
    let judge = Arc::new(Judge::new(config, Arc::new(AtomicBool::new(false)))?);
    let (versions, broken) = problem_hash::local_versions(&judge, &["sum".to_string()]);
    if let Some((id, why)) = broken.first() {
        anyhow::bail!("problem {id}: {why}");
    }
    let setup = Setup {
        server,
        judge,
        versions,
        sandbox,
    };
    let postgres = options.backends.contains(&QueueBackend::Postgres);
    let http = options.backends.contains(&QueueBackend::Http);
    let overhead = postgres
        .then(|| overhead_postgres(&setup, options.overhead_cycles))
        .transpose()?;
    let http_overhead = http
        .then(|| overhead_http(&setup, options.overhead_cycles))
        .transpose()?;
    let trivial_source = "a, b = map(int, input().split())\nprint(a + b)\n";
    let sleeping_source = format!(
        "import time\ntime.sleep({})\na, b = map(int, input().split())\nprint(a + b)\n",
        options.sleep_ms as f64 / 1000.0
    );
    // One untimed submission first, so that the first timed run pays no cold start.
    let first = options.backends[0];
    series(&setup, first, &[1], trivial_source, 1)?;
    let (mut trivial, mut sleeping) = (Vec::new(), Vec::new());
    if postgres {
        trivial = series(
            &setup,
            QueueBackend::Postgres,
            &options.workers,
            trivial_source,
            options.trivial,
        )?;
        sleeping = series(
            &setup,
            QueueBackend::Postgres,
            &options.workers,
            &sleeping_source,
            options.sleeping,
        )?;
    }
    let http = match http_overhead {
        Some(overhead) => Some(HttpReport {
            server: "judge-server (`judge serve --workers 0`) in the benchmark's process on 127.0.0.1, a fresh one per measurement, on the same PostgreSQL server".into(),
            overhead,
            trivial: series(
                &setup,
                QueueBackend::Http,
                &options.workers,
                trivial_source,
                options.trivial,
            )?,
        }),
        None => None,
    };
    Ok(QueueReport {
        store: match &options.database {
            Some(_) => "PostgreSQL (--database)".into(),
            None => "a private PostgreSQL 15 server on this machine (default durability: fsync on)"
                .into(),
        },
        overhead,
        trivial,
        sleeping,
        sleep_ms: options.sleep_ms,
        http,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_from_before_the_http_worker_still_reads() {
        let summary =
            r#"{"count": 1, "median": 8.0, "mean": 8.0, "min": 8.0, "max": 8.0, "stdev": 0.0}"#;
        let text = format!(
            r#"{{"store": "s", "overhead": {{"cycles": 1, "cycle_ms": {summary}, "cycle_p90_ms": 8.0,
            "cycle_p99_ms": 8.0, "claim_ms": 4.0, "progress_ms": 0.2, "finish_ms": 3.8}},
            "trivial": [{{"workers": 1, "submissions": 60, "wall_s": 8.8, "per_second": 6.85,
            "ratio_to_one": 1.0}}], "sleeping": [], "sleep_ms": 1000}}"#
        );
        let report: QueueReport = serde_json::from_str(&text).unwrap();
        assert_eq!(report.overhead.map(|o| o.claim_ms), Some(4.0));
        assert_eq!(report.trivial[0].fetch_s, None);
        assert!(report.http.is_none());
    }
}
