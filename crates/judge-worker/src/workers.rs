//! Judge workers: threads that claim queued submissions under a lease, judge them with
//! the shared [`Judge`] and write the result. The same pool runs inside `judge serve`
//! (its `--workers`), as `judge worker` on any machine that shares the store, and as
//! `judge worker --server` on a machine that has only the server's address (its
//! [`Backend`] is then the server's HTTP endpoints, and its problems are fetched by
//! content hash into a [`ProblemCache`]). Judging blocks (compilers, the sandbox), so workers are plain threads, never
//! the async runtime's.
//!
//! Beside the job threads, one thread per pool renews the pool's leases (a heartbeat
//! every third of the lease), reports the worker in the store, and checks the server's
//! problem hashes against this machine's copies: a problem whose copy differs is never
//! claimed, and the listener hears why once.
//!
//! A pool claims only submissions in the languages this machine runs (those of its table
//! whose compilers and runtimes are installed, `Languages::available_ids`) and reports
//! them with the worker, so the web form offers what some live worker runs. A pool that
//! fetches judges with the server's table: where that table's entry for a claimed
//! language needs a program this machine lacks, the submission is handed back unjudged
//! (never a judge error) and the language is claimed and reported no more.
//!
//! What happens is told to a [`WorkerListener`] (the library never prints): `judge serve`
//! logs it, `judge worker` prints it on its terminal.

use crate::backend::{Backend, BackendError, Claimable};
use crate::problem_cache::ProblemCache;
use crate::problem_hash;
use crate::queue::{ProgressListener, Queue};
use judge_contest::lazy_options;
use judge_core::judge::Submission;
use judge_core::picture::PictureTests;
use judge_core::Judge;
use judge_model::{JudgeError, SubmissionResult};
use judge_store::{now_ms, Claimed, JudgeOutcome, ProblemVersion, Store, WorkerReport};
use std::collections::BTreeSet;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long an idle worker sleeps before looking at the store again without a wake-up
/// (submissions queued by a process whose store sends no notifications, leases lapsing).
pub const IDLE_POLL: Duration = Duration::from_secs(1);

/// The longest wait between two tries while the store or the server does not answer
/// (the wait doubles from [`IDLE_POLL`] up to this).
pub const LONGEST_RETRY: Duration = Duration::from_secs(30);

/// How often a failure that lasts is told again.
pub const FAILURE_REMINDER: Duration = Duration::from_secs(60);

/// How a pool of workers runs.
#[derive(Debug, Clone)]
pub struct WorkerOptions {
    /// The name its leases carry (one per process; a restarted worker of the same name
    /// takes its leases back at once).
    pub name: String,
    /// This machine's name, for the teacher's list of workers.
    pub host: String,
    /// Submissions judged at once (threads).
    pub jobs: usize,
    /// How long a lease lasts without a heartbeat.
    pub lease: Duration,
    /// This machine's copies of the contest's problems.
    pub problems: Vec<ProblemVersion>,
    /// Problems this machine cannot load, with why.
    pub broken: Vec<(String, String)>,
    /// Cores one submission's tests may use at once while nothing waits in the queue
    /// (each core a box of its own; less whatever else this pool is judging). 1: its
    /// tests run one after another always.
    pub test_jobs: usize,
}

/// What a pool of workers did.
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerEvent {
    /// Took a submission.
    Claimed {
        /// The lease.
        claimed: Claimed,
        /// Its tests run this many at once (more than 1 when the queue is idle).
        test_jobs: usize,
    },
    /// Wrote its result.
    Recorded {
        /// The lease.
        claimed: Claimed,
        /// `AC 3/3`, `WA on secret/2 (1/3)`, `JE (reason)`.
        verdict: String,
        /// How long judging took.
        seconds: f64,
    },
    /// Judged it, but the lease was no longer current (it lapsed and another worker took
    /// it, or a rejudge came in): the result was discarded.
    Discarded {
        /// The lease.
        claimed: Claimed,
    },
    /// Stopping: handed it back to the queue unjudged.
    HandedBack {
        /// The lease.
        claimed: Claimed,
    },
    /// A heartbeat found that a lease was lost (the store was unreachable too long).
    LeaseLost {
        /// The submission.
        id: i64,
    },
    /// The problems this machine refuses changed: (problem, why), empty when none.
    Refusing {
        /// Each refused problem and the reason.
        problems: Vec<(String, String)>,
    },
    /// The store failed (unreachable, or an error); the worker keeps trying.
    StoreFailed {
        /// What failed, on one line.
        error: String,
    },
    /// The store answers again.
    StoreBack,
    /// Fetched a problem version from the server into this machine's cache.
    Fetched {
        /// The problem.
        problem: String,
        /// Its content hash.
        sha256: String,
        /// The archive's size.
        bytes: u64,
        /// How long fetching, checking and unpacking took.
        seconds: f64,
    },
    /// The server's language table runs a language with a program this machine lacks:
    /// the submission was handed back, and the language is claimed no more.
    LanguageDropped {
        /// The language's id.
        language: String,
        /// Why, on one line (the program missing, where it was looked for).
        why: String,
    },
    /// The server refuses this worker (its token was revoked): it claims nothing more.
    Stopped {
        /// Why, on one line.
        why: String,
    },
}

/// Hears what workers do.
pub trait WorkerListener: Send + Sync {
    /// Called for each event (from any of the pool's threads).
    fn on_event(&self, event: &WorkerEvent);
}

/// "tests one at a time" or "N tests at once", for a worker's log line.
pub fn at_once(test_jobs: usize) -> String {
    match test_jobs {
        0 | 1 => "tests one at a time".into(),
        n => format!("{n} tests at once"),
    }
}

/// Logs worker events (the server's own workers).
pub struct LogListener;

impl WorkerListener for LogListener {
    fn on_event(&self, event: &WorkerEvent) {
        match event {
            WorkerEvent::Claimed { claimed, test_jobs } => tracing::info!(
                "judging submission {} (round {}, {} in {}, {})",
                claimed.id,
                claimed.round,
                claimed.problem,
                claimed.language,
                at_once(*test_jobs)
            ),
            WorkerEvent::Recorded { claimed, verdict, .. } => {
                tracing::info!("submission {} round {}: {verdict}", claimed.id, claimed.round)
            }
            WorkerEvent::Discarded { claimed } => tracing::info!(
                "submission {} round {} was rejudged or taken over meanwhile; this result is dropped",
                claimed.id,
                claimed.round
            ),
            WorkerEvent::HandedBack { claimed } => {
                tracing::info!("submission {} handed back to the queue", claimed.id)
            }
            WorkerEvent::LeaseLost { id } => {
                tracing::warn!("lost the lease of submission {id}: another worker may judge it")
            }
            WorkerEvent::Refusing { problems } => {
                for (id, why) in problems {
                    tracing::warn!("refusing problem {id}: {why}");
                }
            }
            WorkerEvent::StoreFailed { error } => tracing::error!("{error}"),
            WorkerEvent::StoreBack => tracing::info!("the store answers again"),
            WorkerEvent::Fetched {
                problem, sha256, ..
            } => tracing::info!("fetched problem {problem} ({sha256})"),
            WorkerEvent::LanguageDropped { language, why } => {
                tracing::warn!("no longer claiming {language}: {why}")
            }
            WorkerEvent::Stopped { why } => tracing::error!("stopped claiming: {why}"),
        }
    }
}

/// What the pool judges with: the judge (its judge.toml) and this machine's copies of
/// the problems. A server that imports a problem replaces it ([`Reloader`]); a submission
/// being judged keeps the judge it started with.
#[derive(Clone)]
struct Course {
    judge: Arc<Judge>,
    problems: Vec<ProblemVersion>,
    broken: Vec<(String, String)>,
    /// The languages of the judge's table this machine runs (looked up once per judge).
    languages: Vec<String>,
}

impl Course {
    fn new(
        judge: Arc<Judge>,
        problems: Vec<ProblemVersion>,
        broken: Vec<(String, String)>,
    ) -> Course {
        let languages = judge.languages.available_ids();
        Course {
            judge,
            problems,
            broken,
            languages,
        }
    }
}

/// Where the judge of a claimed submission comes from.
enum Judging {
    /// This machine's judge.toml and copies of the problems.
    Local(std::sync::RwLock<Course>),
    /// The server's versions, fetched by content hash into this machine's cache; the
    /// languages this machine runs, by its own table, less those the server's table runs
    /// with a program this machine lacks.
    Fetched(Arc<ProblemCache>, Mutex<Vec<String>>),
}

/// What the pool's threads share.
struct Shared {
    backend: Arc<dyn Backend>,
    judging: Judging,
    queue: Arc<Queue>,
    options: WorkerOptions,
    listener: Arc<dyn WorkerListener>,
    /// Submissions being judged by this pool.
    held: Mutex<BTreeSet<i64>>,
    /// Whether the last store call failed (so failures and recoveries are told once),
    /// and when the failure was last told.
    store_down: AtomicBool,
    told_down_at: Mutex<Option<Instant>>,
    /// Set when every job thread has ended.
    jobs_done: AtomicBool,
}

impl Shared {
    /// Tells a failure when it starts, and again each [`FAILURE_REMINDER`] while it
    /// lasts. A refusal of this worker stops the pool.
    fn store_failed(&self, what: &str, error: &BackendError) {
        if let BackendError::Refused(why) = error {
            if !self.queue.stopping() {
                self.listener
                    .on_event(&WorkerEvent::Stopped { why: why.clone() });
                self.queue.stop();
            }
            return;
        }
        let was_down = self.store_down.swap(true, Ordering::SeqCst);
        let mut told = self.told_down_at.lock().unwrap_or_else(|e| e.into_inner());
        let due = told.is_none_or(|at| at.elapsed() >= FAILURE_REMINDER);
        if !was_down || due {
            *told = Some(Instant::now());
            self.listener.on_event(&WorkerEvent::StoreFailed {
                error: format!("{what}: {error}"),
            });
        }
    }

    fn store_answered(&self) {
        if self.store_down.swap(false, Ordering::SeqCst) {
            *self.told_down_at.lock().unwrap_or_else(|e| e.into_inner()) = None;
            self.listener.on_event(&WorkerEvent::StoreBack);
        }
    }

    /// This machine's own judge and copies (None for a pool that fetches).
    fn course(&self) -> Option<Course> {
        match &self.judging {
            Judging::Local(course) => {
                Some(course.read().unwrap_or_else(|e| e.into_inner()).clone())
            }
            Judging::Fetched(..) => None,
        }
    }

    /// The languages this pool claims and reports: those this machine runs.
    fn languages(&self) -> Vec<String> {
        match &self.judging {
            Judging::Local(course) => course
                .read()
                .unwrap_or_else(|e| e.into_inner())
                .languages
                .clone(),
            Judging::Fetched(_, languages) => {
                languages.lock().unwrap_or_else(|e| e.into_inner()).clone()
            }
        }
    }

    /// For a pool that fetches: why this machine cannot run the claimed submission's
    /// language as the server's table (in `judge`) has it, after which the language is
    /// claimed no more. None when it can, and always for a pool with its own table (it
    /// claims only what that table runs here).
    fn cannot_run(&self, judge: &Judge, claimed: &Claimed) -> Option<String> {
        let Judging::Fetched(_, languages) = &self.judging else {
            return None;
        };
        let language = judge.languages.by_id(&claimed.language).ok()?;
        let why = judge.languages.check_available(language).err()?.to_string();
        languages
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|id| id != &claimed.language);
        self.listener.on_event(&WorkerEvent::LanguageDropped {
            language: claimed.language.clone(),
            why: format!("the server's language table needs what is not here: {why}"),
        });
        Some(why)
    }

    fn lease_ms(&self) -> i64 {
        i64::try_from(self.options.lease.as_millis()).unwrap_or(i64::MAX)
    }
}

/// A running pool.
pub struct Workers {
    handles: Vec<JoinHandle<()>>,
    heartbeat: Option<JoinHandle<()>>,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Workers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workers")
            .field("name", &self.shared.options.name)
            .field("jobs", &self.handles.len())
            .finish()
    }
}

impl Workers {
    /// Starts `options.jobs` job threads and the heartbeat thread, judging this
    /// machine's copies of the problems (`options.problems`) with `judge`. `queue` wakes
    /// them (and stops them); a store with notifications wakes it too.
    pub fn start(
        options: WorkerOptions,
        store: Store,
        judge: Arc<Judge>,
        queue: Arc<Queue>,
        listener: Arc<dyn WorkerListener>,
    ) -> Workers {
        let course = Course::new(judge, options.problems.clone(), options.broken.clone());
        let judging = Judging::Local(std::sync::RwLock::new(course));
        Workers::start_with(options, Arc::new(store), judging, queue, listener)
    }

    /// Starts a pool that judges the server's versions of the problems, fetched through
    /// `backend` into `cache` as submissions need them (`judge worker --server`), in
    /// `languages` only (the ids of those this machine runs: it claims nothing else).
    pub fn start_fetching(
        options: WorkerOptions,
        backend: Arc<dyn Backend>,
        cache: Arc<ProblemCache>,
        languages: Vec<String>,
        queue: Arc<Queue>,
        listener: Arc<dyn WorkerListener>,
    ) -> Workers {
        let judging = Judging::Fetched(cache, Mutex::new(languages));
        Workers::start_with(options, backend, judging, queue, listener)
    }

    fn start_with(
        options: WorkerOptions,
        backend: Arc<dyn Backend>,
        judging: Judging,
        queue: Arc<Queue>,
        listener: Arc<dyn WorkerListener>,
    ) -> Workers {
        let jobs = options.jobs;
        let shared = Arc::new(Shared {
            backend,
            judging,
            queue,
            options,
            listener,
            held: Mutex::new(BTreeSet::new()),
            store_down: AtomicBool::new(false),
            told_down_at: Mutex::new(None),
            jobs_done: AtomicBool::new(false),
        });
        if jobs > 0 {
            let waker = shared.queue.clone();
            shared.backend.watch_queue(Box::new(move || waker.notify()));
        }
        // The first check of the problems before any claim, so a refusal is told first.
        let mut refused = None;
        check_problems(&shared, &mut refused);
        let handles = (0..jobs)
            .map(|index| {
                let shared = shared.clone();
                std::thread::Builder::new()
                    .name(format!("judge-worker-{index}"))
                    .spawn(move || work(&shared))
            })
            .filter_map(|spawned| match spawned {
                Ok(handle) => Some(handle),
                Err(error) => {
                    tracing::error!("cannot start a judging worker: {error}");
                    None
                }
            })
            .collect();
        let heartbeat = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("judge-heartbeat".into())
                .spawn(move || heartbeat(&shared, refused))
                .ok()
        };
        Workers {
            handles,
            heartbeat,
            shared,
        }
    }

    /// What changes the pool's judge and problems while it runs.
    pub fn reloader(&self) -> Reloader {
        Reloader(self.shared.clone())
    }

    /// How many job threads run.
    pub fn count(&self) -> usize {
        self.handles.len()
    }

    /// Waits for every job to finish or hand back its submission (after
    /// [`Queue::stop`]), then reports the pool stopped.
    pub fn join(self) {
        for handle in self.handles {
            let _ = handle.join();
        }
        self.shared.jobs_done.store(true, Ordering::SeqCst);
        if let Some(heartbeat) = self.heartbeat {
            let _ = heartbeat.join();
        }
    }
}

/// Gives a running pool a new judge (judge.toml read again) and problem versions: the
/// next claims use them, submissions being judged finish with the judge they started
/// with.
#[derive(Clone)]
pub struct Reloader(Arc<Shared>);

impl std::fmt::Debug for Reloader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Reloader")
            .field(&self.0.options.name)
            .finish()
    }
}

impl Reloader {
    /// Replaces the judge and this machine's problem versions, then wakes the workers.
    /// (A pool that fetches its problems has nothing to replace: it fetches new
    /// versions as it meets them.)
    pub fn reload(
        &self,
        judge: Arc<Judge>,
        problems: Vec<ProblemVersion>,
        broken: Vec<(String, String)>,
    ) {
        if let Judging::Local(course) = &self.0.judging {
            *course.write().unwrap_or_else(|e| e.into_inner()) =
                Course::new(judge, problems, broken);
        }
        self.0.queue.notify();
    }
}

fn report(shared: &Shared, started_at_ms: i64, stopped: bool, note: &str) {
    let report = WorkerReport {
        name: shared.options.name.clone(),
        host: shared.options.host.clone(),
        jobs: i64::try_from(shared.options.jobs).unwrap_or(i64::MAX),
        started_at_ms,
        seen_at_ms: now_ms(),
        stopped,
        note: note.to_string(),
        languages: Some(shared.languages()),
    };
    if let Err(error) = shared.backend.report_worker(&report) {
        shared.store_failed("reporting this worker", &error);
    }
}

/// Compares the server's problem hashes with this machine's; tells the listener when
/// the refused set changes. Returns the note for the worker report.
fn check_problems(shared: &Shared, last: &mut Option<Vec<(String, String)>>) -> String {
    let refused = match shared.course() {
        Some(course) => {
            let published = match shared.backend.published_problems() {
                Ok(published) => published,
                Err(error) => {
                    shared.store_failed("reading the server's problems", &error);
                    return String::new();
                }
            };
            problem_hash::refusals(&course.problems, &course.broken, &published)
        }
        None => match &shared.judging {
            Judging::Fetched(cache, _) => cache
                .refused()
                .into_iter()
                .map(|(version, why)| (version.id, why))
                .collect(),
            Judging::Local(_) => Vec::new(),
        },
    };
    if last.as_ref() != Some(&refused) && (last.is_some() || !refused.is_empty()) {
        shared.listener.on_event(&WorkerEvent::Refusing {
            problems: refused.clone(),
        });
    }
    let note = refused
        .iter()
        .map(|(id, why)| format!("refuses {id}: {why}"))
        .collect::<Vec<_>>()
        .join("; ");
    *last = Some(refused);
    note
}

fn heartbeat(shared: &Shared, mut refused: Option<Vec<(String, String)>>) {
    let started_at_ms = now_ms();
    let interval = (shared.options.lease / 3).max(Duration::from_millis(100));
    let mut next = Instant::now();
    let mut note = String::new();
    while !shared.jobs_done.load(Ordering::SeqCst) {
        if Instant::now() >= next {
            next = Instant::now() + interval;
            // Only leases held before the renewal and still held after it can be missing
            // from it because they were lost (not because they were taken or finished
            // meanwhile).
            let before = shared
                .held
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone();
            match shared
                .backend
                .heartbeat(&shared.options.name, shared.lease_ms())
            {
                Ok(kept) => {
                    shared.store_answered();
                    let after = shared
                        .held
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .clone();
                    for id in before.intersection(&after).filter(|id| !kept.contains(id)) {
                        shared
                            .listener
                            .on_event(&WorkerEvent::LeaseLost { id: *id });
                    }
                }
                Err(error) => shared.store_failed("renewing the leases", &error),
            }
            note = check_problems(shared, &mut refused);
            report(shared, started_at_ms, false, &note);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    report(shared, started_at_ms, true, &note);
}

fn work(shared: &Shared) {
    let queue = &shared.queue;
    let mut failures: u32 = 0;
    while !queue.stopping() {
        let seen = queue.generation();
        let course = shared.course();
        let refused: Vec<ProblemVersion> = match &shared.judging {
            Judging::Fetched(cache, _) => cache.refused().into_iter().map(|(v, _)| v).collect(),
            Judging::Local(_) => Vec::new(),
        };
        let claimable = match &course {
            Some(course) => Claimable::Only(&course.problems),
            None => Claimable::AllBut(&refused),
        };
        let languages = match &course {
            Some(course) => course.languages.clone(),
            None => shared.languages(),
        };
        let claimed = shared.backend.claim(
            &shared.options.name,
            shared.lease_ms(),
            claimable,
            Some(&languages),
        );
        match claimed {
            Ok(Some(claimed)) => {
                failures = 0;
                shared.store_answered();
                judge_claimed(shared, &claimed);
            }
            Ok(None) => {
                failures = 0;
                shared.store_answered();
                queue.wait(seen, IDLE_POLL);
            }
            Err(error) => {
                shared.store_failed("taking a submission from the queue", &error);
                // Back off while it lasts: 1, 2, 4 ... up to 30 seconds.
                failures = failures.saturating_add(1);
                let wait = IDLE_POLL
                    .saturating_mul(1u32 << failures.min(6).saturating_sub(1))
                    .min(LONGEST_RETRY);
                queue.wait(seen, wait);
            }
        }
    }
}

/// A result line: `AC 3/3`, `WA on secret/2 (1/3)`, `JE (reason)`.
fn verdict_line(outcome: &JudgeOutcome) -> String {
    match outcome {
        JudgeOutcome::Judged(result) => match &result.first_failure {
            Some(test) => format!(
                "{} on {test} ({}/{})",
                result.verdict.code(),
                result.tests_passed,
                result.tests_total
            ),
            None => format!(
                "{} {}/{}",
                result.verdict.code(),
                result.tests_passed,
                result.tests_total
            ),
        },
        JudgeOutcome::Failed(reason) => format!("JE ({reason})"),
    }
}

/// Retries a store write until it answers or the lease must have lapsed (then the
/// result would be discarded anyway and another worker judges the submission).
fn with_retries<T>(
    shared: &Shared,
    what: &str,
    mut call: impl FnMut() -> Result<T, BackendError>,
) -> Option<T> {
    let give_up = Instant::now() + shared.options.lease * 2;
    loop {
        match call() {
            Ok(value) => {
                shared.store_answered();
                return Some(value);
            }
            Err(error) => {
                shared.store_failed(what, &error);
                // A refused worker or request: trying again changes nothing.
                let hopeless =
                    matches!(error, BackendError::Refused(_) | BackendError::Rejected(_));
                if hopeless || Instant::now() >= give_up {
                    return None;
                }
                std::thread::sleep(Duration::from_millis(250));
            }
        }
    }
}

/// How many of a submission's tests run at once: all the pool's cores that nothing else
/// uses. Only when no submission waits (a waiting one is better served by its own
/// worker) and less one core per other submission this pool is judging.
fn test_jobs(shared: &Shared) -> usize {
    let cap = shared.options.test_jobs;
    if cap <= 1 {
        return 1;
    }
    match shared.backend.queue_counts() {
        Ok((0, _)) => {
            let others = shared
                .held
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .len()
                .saturating_sub(1);
            cap.saturating_sub(others).max(1)
        }
        // Something waits, or the store cannot say: the queue's own parallelism.
        _ => 1,
    }
}

fn judge_claimed(shared: &Shared, claimed: &Claimed) {
    shared
        .held
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(claimed.id);
    let test_jobs = test_jobs(shared);
    shared.listener.on_event(&WorkerEvent::Claimed {
        claimed: claimed.clone(),
        test_jobs,
    });
    let started = Instant::now();
    let judge =
        judge_of(shared, claimed).filter(|judge| shared.cannot_run(judge, claimed).is_none());
    let Some(judge) = judge else {
        // Not to be had here (its problem version, or its language as the server's table
        // has it): handed back for another worker.
        let what = format!("handing back submission {}", claimed.id);
        if with_retries(shared, &what, || shared.backend.release(claimed)).is_some() {
            shared.listener.on_event(&WorkerEvent::HandedBack {
                claimed: claimed.clone(),
            });
        }
        shared
            .held
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&claimed.id);
        return;
    };
    let judged = std::panic::catch_unwind(AssertUnwindSafe(|| {
        judge_source(&*shared.backend, &judge, claimed, test_jobs)
    }));
    let outcome = match judged {
        Ok(Ok(result)) => Some(JudgeOutcome::Judged(Box::new(result))),
        Ok(Err(JudgeError::Cancelled)) => None,
        Ok(Err(error)) => Some(JudgeOutcome::Failed(error.to_string())),
        Err(_) => Some(JudgeOutcome::Failed(
            "the judge crashed on this submission (a bug: please report it)".into(),
        )),
    };
    match outcome {
        None => {
            // Stopping: the next worker judges it again at once.
            let what = format!("handing back submission {}", claimed.id);
            if with_retries(shared, &what, || shared.backend.release(claimed)).is_some() {
                shared.listener.on_event(&WorkerEvent::HandedBack {
                    claimed: claimed.clone(),
                });
            }
        }
        Some(outcome) => {
            let what = format!("storing the result of submission {}", claimed.id);
            match with_retries(shared, &what, || shared.backend.finish(claimed, &outcome)) {
                Some(true) => shared.listener.on_event(&WorkerEvent::Recorded {
                    claimed: claimed.clone(),
                    verdict: verdict_line(&outcome),
                    seconds: started.elapsed().as_secs_f64(),
                }),
                // Not written: its lease lapsed meanwhile; another worker judges it.
                Some(false) | None => shared.listener.on_event(&WorkerEvent::Discarded {
                    claimed: claimed.clone(),
                }),
            }
        }
    }
    shared
        .held
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&claimed.id);
}

/// The judge of a claimed submission's problem version: this machine's own, or the
/// server's fetched into the cache. None (the version refused, and said why) when it
/// cannot be had.
fn judge_of(shared: &Shared, claimed: &Claimed) -> Option<Arc<Judge>> {
    let cache = match &shared.judging {
        Judging::Local(course) => {
            return Some(
                course
                    .read()
                    .unwrap_or_else(|e| e.into_inner())
                    .judge
                    .clone(),
            )
        }
        Judging::Fetched(cache, _) => cache,
    };
    let version = ProblemVersion {
        id: claimed.problem.clone(),
        content_sha256: claimed.problem_sha256.clone(),
    };
    let started = Instant::now();
    let fetched = std::cell::Cell::new(0u64);
    let fetch = |version: &ProblemVersion| {
        let bytes = shared.backend.fetch_problem(version)?;
        fetched.set(bytes.len() as u64);
        Ok(bytes)
    };
    match cache.judge_for(&version, &fetch) {
        Ok(judge) => {
            if fetched.get() > 0 {
                shared.listener.on_event(&WorkerEvent::Fetched {
                    problem: version.id.clone(),
                    sha256: version.content_sha256.clone(),
                    bytes: fetched.get(),
                    seconds: started.elapsed().as_secs_f64(),
                });
            }
            Some(judge)
        }
        Err(crate::problem_cache::CacheError::Fetch(error))
            if !matches!(error, BackendError::Rejected(_)) =>
        {
            // The server is away or refuses this worker: not the version's fault.
            shared.store_failed(&format!("fetching problem {}", version.id), &error);
            None
        }
        Err(error) => {
            let why = error.to_string();
            cache.refuse(&version, &why);
            shared.listener.on_event(&WorkerEvent::Refusing {
                problems: vec![(version.id.clone(), why)],
            });
            None
        }
    }
}

fn judge_source(
    store: &dyn Backend,
    judge: &Judge,
    claimed: &Claimed,
    test_jobs: usize,
) -> Result<SubmissionResult, JudgeError> {
    let problem = judge_packages::load(&judge.config, &claimed.problem)?;
    let judging = judge.judging(&problem)?;
    let language = judge.languages.by_id(&claimed.language)?;
    let source = PathBuf::from(format!(
        "submission-{}/{}",
        claimed.id, language.spec.source
    ));
    let mut listener = ProgressListener::new(store, claimed);
    // As `judge contest` judges: only what the scoreboard needs is run (ICPC: up to the
    // first failure; IOI: a subtask's tests up to its first failure), unless the contest
    // asks for every test's verdict for this problem (`feedback = "all-tests"`).
    let course = judge.config.course();
    let scoring = course.judging_scoring(&claimed.problem);
    let feedback = course.feedback(claimed.contest.as_deref(), &claimed.problem);
    // Sample tests are drawn (a student may see them); a secret test's picture would
    // show its input.
    let options = judge_core::judge::JudgeOptions {
        test_jobs,
        pictures: judge.pictures(&problem, PictureTests::Samples),
        ..lazy_options(scoring, &problem, feedback)
    };
    let submission = Submission {
        problem: &problem,
        source: &source,
        bytes: claimed.source.as_bytes(),
        others: &[],
        language,
        judging: &judging,
        options,
    };
    judge.judge(&submission, &mut listener)
}

/// Builds every contest problem's checker ahead of the first submission (a cargo build
/// can take a minute). A broken judge.toml or problem.toml (a subtask pattern that
/// matches no test, a bad limit) is refused here, with the message every other command
/// gives; a problem that cannot be built or has no tests yet is logged (its submissions
/// get a judge error until the teacher fixes it and rejudges).
pub fn warm_up(judge: &Judge, problems: &[String]) -> Result<(), JudgeError> {
    for id in problems {
        match judge_packages::load(&judge.config, id).and_then(|problem| judge.judging(&problem)) {
            Ok(_) => tracing::info!("problem {id} is ready"),
            Err(error @ JudgeError::Config(_)) => return Err(error),
            Err(error) => tracing::warn!("problem {id} cannot be judged yet: {error}"),
        }
    }
    Ok(())
}

/// This machine's name (for worker names and reports).
pub fn host_name() -> String {
    nix::unistd::gethostname()
        .ok()
        .and_then(|name| name.into_string().ok())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "localhost".into())
}
