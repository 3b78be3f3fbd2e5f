//! The judging queue on PostgreSQL (issue 15): what a claim and a recorded result cost,
//! how many trivial submissions per second the queue passes with 1, 2, 4, 8 workers, and
//! how a wall-bound class (programs that sleep) scales with workers.
//!
//! The store is a private PostgreSQL server started for the benchmark (Debian's
//! binaries, see the test-postgres crate), or `--database`; every measurement gets a
//! fresh database. The workers are judge-server's pool (the code `judge worker` runs),
//! judging with the real sandbox a one-test problem written to a temporary folder.

use crate::stats::{percentile, Summary};
use anyhow::{Context, Result};
use judge_core::config::judge_toml::JudgeConfig;
use judge_core::Judge;
use judge_server::problem_hash;
use judge_server::store::submissions::{Inserted, NewSubmission};
use judge_server::store::{ClaimRequest, DatabaseUrl, JudgeOutcome, ProblemVersion, Role, Store};
use judge_server::workers::{WorkerEvent, WorkerListener, WorkerOptions, Workers};
use judge_server::Queue;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The claim + record target of issue 15, in milliseconds.
pub const TARGET_OVERHEAD_MS: f64 = 10.0;

/// What to measure.
#[derive(Debug, Clone)]
pub struct QueueOptions {
    /// The workspace's judge.toml (its language table is used).
    pub config: PathBuf,
    /// A PostgreSQL URL of a role that may create databases (None: a private server).
    pub database: Option<String>,
    /// Claim + record cycles timed for the overhead.
    pub overhead_cycles: usize,
    /// Worker counts.
    pub workers: Vec<usize>,
    /// Trivial submissions per worker count.
    pub trivial: usize,
    /// Sleeping submissions per worker count.
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
}

/// The whole benchmark.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct QueueReport {
    /// Where the store ran.
    pub store: String,
    /// The claim + record cost.
    pub overhead: Overhead,
    /// Trivial programs (Python, one test).
    pub trivial: Vec<Throughput>,
    /// Sleeping programs (Python, one test).
    pub sleeping: Vec<Throughput>,
    /// How long the sleeping programs sleep, ms.
    pub sleep_ms: u64,
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

fn overhead(url: &str, cycles: usize) -> Result<Overhead> {
    let store = store(url)?;
    let user = store.add_user("bench", "x", Role::Student)?;
    let problems = vec![ProblemVersion {
        id: "sum".into(),
        content_sha256: "bench".into(),
    }];
    store.publish_problems(&problems)?;
    submit(&store, user, "print(1)", cycles + 10)?;
    let request = ClaimRequest {
        owner: "bench",
        lease_ms: 30_000,
        problems: &problems,
    };
    let progress = judge_server::store::Progress {
        compiled: true,
        tests_done: 0,
        tests_total: 1,
        first_failure: None,
    };
    let result: judge_core::SubmissionResult = serde_json::from_value(serde_json::json!({
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
        let claimed = store.claim(&request)?.context("the queue ran dry")?;
        let claimed_ms = ms(started);
        let at = Instant::now();
        store.set_progress(&claimed, &progress)?;
        let progress_ms = ms(at);
        let at = Instant::now();
        store.finish(&claimed, &outcome)?;
        let finish_ms = ms(at);
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

/// Counts results; notes the time of the last.
struct Counter {
    recorded: AtomicUsize,
    other: std::sync::Mutex<Option<String>>,
}

impl Counter {
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
            WorkerEvent::Claimed { .. } | WorkerEvent::Refusing { .. } => {}
            other => self.incident(format!("{other:?}")),
        }
    }
}

fn throughput(
    server: &Server,
    judge: &Arc<Judge>,
    versions: &[ProblemVersion],
    workers: usize,
    source: &str,
    submissions: usize,
) -> Result<(f64, usize)> {
    let (url, _guard) = server.fresh()?;
    let store = store(&url)?;
    store.publish_problems(versions)?;
    let user = store.add_user("bench", "x", Role::Student)?;
    submit(&store, user, source, submissions)?;
    let counter = Arc::new(Counter {
        recorded: AtomicUsize::new(0),
        other: std::sync::Mutex::new(None),
    });
    let queue = Arc::new(Queue::new());
    let started = Instant::now();
    let pool = Workers::start(
        WorkerOptions {
            name: format!("bench-{workers}"),
            host: "bench".into(),
            jobs: workers,
            lease: Duration::from_secs(30),
            problems: versions.to_vec(),
            broken: Vec::new(),
            // The queue's throughput, one test at a time as before.
            test_jobs: 1,
        },
        store,
        judge.clone(),
        queue.clone(),
        counter.clone(),
    );
    let deadline = Instant::now() + Duration::from_secs(600);
    while counter.recorded.load(Ordering::SeqCst) < submissions && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let wall = started.elapsed().as_secs_f64();
    queue.stop();
    pool.join();
    let recorded = counter.recorded.load(Ordering::SeqCst);
    let incident = counter
        .other
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .take();
    if recorded < submissions || incident.is_some() {
        anyhow::bail!(
            "{workers} workers: {recorded} of {submissions} judged AC; first incident: {}",
            incident.unwrap_or_default()
        );
    }
    Ok((wall, recorded))
}

fn series(
    server: &Server,
    judge: &Arc<Judge>,
    versions: &[ProblemVersion],
    options: &QueueOptions,
    source: &str,
    submissions: usize,
) -> Result<Vec<Throughput>> {
    let mut out: Vec<Throughput> = Vec::new();
    for &workers in &options.workers {
        let (wall_s, done) = throughput(server, judge, versions, workers, source, submissions)?;
        let per_second = done as f64 / wall_s;
        let one = out.first().map_or(per_second, |first| first.per_second);
        out.push(Throughput {
            workers,
            submissions: done,
            wall_s,
            per_second,
            ratio_to_one: per_second / one,
        });
    }
    Ok(out)
}

/// Runs the benchmark.
pub fn measure(options: &QueueOptions) -> Result<QueueReport> {
    let server = match &options.database {
        Some(url) => Server::Shared(url.clone()),
        None => Server::Private(
            test_postgres::PrivateServer::start_durable().context(
                "a private PostgreSQL server (install Debian's postgresql, or pass --database)",
            )?,
            AtomicUsize::new(0),
        ),
    };
    let (url, _guard) = server.fresh()?;
    let overhead = overhead(&url, options.overhead_cycles)?;
    let dir = tempfile::tempdir()?;
    let config = JudgeConfig::load(&write_problem(dir.path(), &options.config)?)?;
    let judge = Arc::new(Judge::new(config, Arc::new(AtomicBool::new(false)))?);
    let (versions, broken) = problem_hash::local_versions(&judge, &["sum".to_string()]);
    if let Some((id, why)) = broken.first() {
        anyhow::bail!("problem {id}: {why}");
    }
    let trivial_source = "a, b = map(int, input().split())\nprint(a + b)\n";
    let sleeping_source = format!(
        "import time\ntime.sleep({})\na, b = map(int, input().split())\nprint(a + b)\n",
        options.sleep_ms as f64 / 1000.0
    );
    // One untimed submission first, so that the first timed run pays no cold start.
    series(
        &server,
        &judge,
        &versions,
        &QueueOptions {
            workers: vec![1],
            ..options.clone()
        },
        trivial_source,
        1,
    )?;
    let trivial = series(
        &server,
        &judge,
        &versions,
        options,
        trivial_source,
        options.trivial,
    )?;
    let sleeping = series(
        &server,
        &judge,
        &versions,
        options,
        &sleeping_source,
        options.sleeping,
    )?;
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
    })
}
