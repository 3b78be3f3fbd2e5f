//! Self-tests ("run on my input"): a student's source compiled and run on an input of
//! their own, in the sandbox, with the problem's limits for the language, through
//! judge-core's own compile and run path ([`judge_core::Judge::box_source`],
//! [`judge_core::judge::BoxedProgram::run_on_input`]). Never stored, never scored. The
//! input is the student's own, so like a sample test's it may be drawn: a problem with a
//! visualizer shows the output's picture (or the note saying why there is none).
//!
//! Capacity: self-tests run on blocking threads of their own, at most
//! [`ServerOptions::self_test_jobs`] at once (a semaphore), beside the judging workers and
//! never in their place: the queue keeps every worker it has. Each student may have one
//! self-test running and [`ServerOptions::self_tests_per_minute`] a minute; what that
//! needs (when their recent runs started) is kept in memory only. The slot and the
//! student's turn belong to the run itself ([`Running`], moved into [`run`]): a request
//! dropped while its program runs frees neither.

use crate::options::ServerOptions;
use judge_core::judge::{JudgeOptions, Submission};
use judge_core::picture::PictureTests;
use judge_core::Judge;
use judge_core::Judging;
use judge_model::JudgeError;
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How much of the program's output a self-test shows.
pub const OUTPUT_SHOWN_BYTES: usize = 64 * 1024;
/// How much of its stderr.
pub const STDERR_SHOWN_BYTES: usize = 16 * 1024;

/// The self-tests' capacity and each student's recent runs.
pub struct SelfTests {
    slots: Arc<tokio::sync::Semaphore>,
    jobs: usize,
    per_minute: usize,
    users: Mutex<HashMap<i64, Runs>>,
}

#[derive(Default)]
struct Runs {
    running: bool,
    started: VecDeque<Instant>,
}

/// Why a self-test is refused before it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// The student already has one running.
    Running,
    /// The student reached the per-minute limit; retry after this many seconds.
    TooMany(u64),
}

/// A student's turn to run: ends (and frees them to run again) when dropped.
pub struct Turn {
    tests: Arc<SelfTests>,
    user_id: i64,
}

impl Drop for Turn {
    fn drop(&mut self) {
        if let Some(runs) = self.tests.lock().get_mut(&self.user_id) {
            runs.running = false;
        }
    }
}

impl Turn {
    /// Waits at most `patience` for a free slot, then holds it with the turn (None: all
    /// busy that long; the turn ends).
    pub async fn slot(self, patience: Duration) -> Option<Running> {
        let slots = self.tests.slots.clone();
        let slot = tokio::time::timeout(patience, slots.acquire_owned())
            .await
            .ok()?
            .ok()?;
        Some(Running {
            _turn: self,
            _slot: slot,
        })
    }
}

/// What a self-test holds while it runs: its student's turn and one slot. [`run`] takes
/// it, so both are released when the run in the sandbox ends: a request that is dropped
/// (the student closed the page) frees neither while its program still runs.
pub struct Running {
    // Fields drop as declared: the turn ends before the slot is freed, so whoever takes
    // the slot next finds the student free to run again too.
    _turn: Turn,
    _slot: tokio::sync::OwnedSemaphorePermit,
}

impl SelfTests {
    /// The capacity and limits of `options`.
    pub fn new(options: &ServerOptions) -> SelfTests {
        let jobs = options.self_test_jobs.max(1);
        SelfTests {
            slots: Arc::new(tokio::sync::Semaphore::new(jobs)),
            jobs,
            per_minute: options.self_tests_per_minute,
            users: Mutex::new(HashMap::new()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<i64, Runs>> {
        // A panic while holding it cannot leave the map inconsistent: take it anyway.
        self.users.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts a turn for `user_id`, unless they have one running or (`limited`) ran too
    /// many in the last minute.
    pub fn start(self: &Arc<Self>, user_id: i64, limited: bool) -> Result<Turn, Refused> {
        let now = Instant::now();
        let window = Duration::from_secs(60);
        let mut users = self.lock();
        let runs = users.entry(user_id).or_default();
        if runs.running {
            return Err(Refused::Running);
        }
        while runs
            .started
            .front()
            .is_some_and(|t| now.duration_since(*t) >= window)
        {
            runs.started.pop_front();
        }
        if limited && self.per_minute > 0 && runs.started.len() >= self.per_minute {
            let oldest = runs.started.front().copied().unwrap_or(now);
            let wait = window.saturating_sub(now.duration_since(oldest));
            return Err(Refused::TooMany(wait.as_secs().max(1)));
        }
        runs.running = true;
        runs.started.push_back(now);
        Ok(Turn {
            tests: self.clone(),
            user_id,
        })
    }

    /// How many slots are taken now (self-tests running, or just starting).
    pub fn running(&self) -> usize {
        self.jobs.saturating_sub(self.slots.available_permits())
    }
}

/// A self-test to run.
#[derive(Debug, Clone)]
pub struct Request {
    /// The problem's id.
    pub problem: String,
    /// The language's id.
    pub language: String,
    /// The source.
    pub source: String,
    /// The input.
    pub input: Vec<u8>,
}

pub use judge_course::self_test::Outcome;

/// Whether a problem is interactive (its input is a dialogue with the interactor, not a
/// file: it cannot be run on an input of one's own).
pub fn is_interactive(judge: &Judge, problem: &str) -> Result<bool, JudgeError> {
    let problem = judge_packages::load(&judge.config, problem)?;
    Ok(matches!(
        problem.output,
        judge_model::problem::OutputCheck::Interactive { .. }
    ))
}

fn cut(bytes: &[u8], keep: usize) -> (String, bool) {
    let shown = &bytes[..bytes.len().min(keep)];
    (
        String::from_utf8_lossy(shown).into_owned(),
        bytes.len() > keep,
    )
}

/// Compiles and runs a self-test (blocking: the compiler and the sandbox), holding
/// `running` (the student's turn and the slot) until it ends.
pub fn run(judge: &Judge, request: &Request, running: Running) -> Result<Outcome, JudgeError> {
    let _held_until_the_run_ends = running;
    let problem = judge_packages::load(&judge.config, &request.problem)?;
    let judging = judge.judging(&problem)?;
    if matches!(judging, Judging::Interactive(_)) {
        return Err(JudgeError::Build {
            what: problem.id.clone(),
            message: "an interactive problem cannot be run on an input of one's own".into(),
        });
    }
    let language = judge.languages.by_id(&request.language)?;
    let source = PathBuf::from(format!("self-test/{}", language.spec.source));
    let submission = Submission {
        problem: &problem,
        source: &source,
        bytes: request.source.as_bytes(),
        others: &[],
        language,
        judging: &judging,
        options: JudgeOptions {
            pictures: judge.pictures(&problem, PictureTests::Samples),
            ..JudgeOptions::default()
        },
    };
    let mut program = judge.box_source(&submission)?;
    if !program.compiled.success {
        return Ok(Outcome::CompileError(program.compiled.message.clone()));
    }
    let ran = program.run_on_input(&request.input)?;
    let written = program.read_output()?;
    let (output, output_truncated) = cut(&written, OUTPUT_SHOWN_BYTES);
    let (stderr, cut_here) = cut(ran.stderr.as_bytes(), STDERR_SHOWN_BYTES);
    Ok(Outcome::Ran {
        verdict: ran.result.verdict,
        message: ran.result.message,
        output,
        output_truncated,
        stderr,
        stderr_truncated: cut_here || ran.stderr_truncated,
        cpu_time_s: ran.result.cpu_time_s,
        wall_time_s: ran.result.wall_time_s,
        peak_memory_bytes: ran.result.peak_memory_bytes,
        picture: ran.result.picture,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_turn_at_a_time_and_a_few_a_minute() {
        let options = ServerOptions {
            self_tests_per_minute: 2,
            ..ServerOptions::default()
        };
        let tests = Arc::new(SelfTests::new(&options));
        let turn = tests.start(1, true).unwrap();
        assert_eq!(tests.start(1, true).err(), Some(Refused::Running));
        assert!(tests.start(2, true).is_ok(), "another student runs");
        drop(turn);
        let second = tests.start(1, true).unwrap();
        drop(second);
        match tests.start(1, true).err() {
            Some(Refused::TooMany(seconds)) => assert!((1..=60).contains(&seconds)),
            other => panic!("{other:?}"),
        }
        assert!(tests.start(1, false).is_ok(), "unlimited for teachers");
    }
}
