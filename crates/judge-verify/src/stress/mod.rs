//! `judge stress`: the problem's reference against another solution (a brute force, a
//! suspect submission) on inputs its generator makes, a new seed each round, as problem
//! setters prove a reference (Polygon's stress tests, BAPCtools' `bt fuzz`).
//!
//! Each round: the generator makes an input from the recipe (`{seed}`, `{size}`
//! replaced), the validator accepts it, the reference runs in its box (as `judge verify`
//! runs it: the prebuilt binary, native limits) and its output is the answer (a checker
//! must accept it as its own); then the other solution runs in its box and is judged on
//! that answer by the same code as `judge run` ([`judge_core::judge::BoxedProgram`]). Anything
//! but AC (a wrong answer, or a crash or limit of the other solution) is a disagreement:
//! the search stops, shrinks the size while the disagreement stays (same verdict), and
//! saves the case ([`saved`]). A reference that fails is an error: a bug of the problem.
//! Interactive problems work the same way: the reference's session with an empty answer
//! gives the interactor's TOUT, the answer of the other solution's session.
//!
//! The engine never prints: each round is an [`Event::StressRound`].

pub mod recipe;
pub mod saved;

use judge_core::judge::{BoxedProgram, Judge, JudgeOptions, Submission};
use judge_core::Judging;
use judge_core::ReadyProgram;
pub use judge_model::events::runs::{Phase, Round};
use judge_model::events::{Event, Listener};
use judge_model::language::Language;
use judge_model::problem::{
    Problem, StressRecipe, TestCase, TestGroup, TestRecipe, ValidatorProtocol,
};
use judge_model::verdict::Verdict;
use judge_model::JudgeError;
use judge_packages::testdata::{self, ProblemTools};
use saved::Case;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Why `judge stress` could not go on (a disagreement is a result, not an error).
#[derive(Debug, thiserror::Error)]
pub enum StressError {
    /// Judging machinery failed (a build, the sandbox, a file), or the run was interrupted.
    #[error(transparent)]
    Judge(#[from] JudgeError),
    /// Neither problem.toml's `[stress]` nor the command line gives a recipe.
    #[error("{problem}: problem.toml has no [stress] table; pass --gen \"ARGS with {{seed}}\" (the generator's arguments)")]
    NoRecipe {
        /// The problem.
        problem: String,
    },
    /// The recipe cannot make a new input each round.
    #[error("{0}")]
    Recipe(String),
    /// The problem has no generator.
    #[error("{problem}: problem.toml names no [generator] to make inputs with")]
    NoGenerator {
        /// The problem.
        problem: String,
    },
    /// The other solution does not compile.
    #[error("{file} does not compile: {message}")]
    CompileError {
        /// The file.
        file: String,
        /// The compiler's first lines.
        message: String,
    },
    /// The validator rejects a generated input: a bug of the recipe or the generator.
    #[error(
        "the validator rejects the input of seed {seed} (generator arguments {args:?}): {message}"
    )]
    InvalidInput {
        /// The round's seed.
        seed: u64,
        /// The generator's arguments.
        args: Vec<String>,
        /// The validator's message.
        message: String,
    },
    /// The reference fails on a generated input (or a checker rejects its output): a bug
    /// of the problem.
    #[error("the reference fails on seed {seed} (generator arguments {args:?}): {verdict}, {message}; the input is saved in {}", saved.display())]
    ReferenceFailed {
        /// The round's seed.
        seed: u64,
        /// The generator's arguments.
        args: Vec<String>,
        /// Its verdict.
        verdict: Verdict,
        /// What went wrong.
        message: String,
        /// The folder holding the input.
        saved: PathBuf,
    },
}

/// The other solution: a source in any language of judge.toml's table.
#[derive(Debug, Clone, Copy)]
pub struct Against<'a> {
    /// Its path.
    pub source: &'a Path,
    /// Its bytes.
    pub bytes: &'a [u8],
    /// Its language.
    pub language: &'a Language,
}

/// How long to stress, and with what.
#[derive(Debug, Clone)]
pub struct StressOptions {
    /// The generator's arguments.
    pub recipe: StressRecipe,
    /// The first round's seed; each round takes the next.
    pub first_seed: u64,
    /// Stop after this many rounds.
    pub max_rounds: Option<u64>,
    /// Stop once this long has passed (a round under way finishes).
    pub max_time: Option<Duration>,
    /// Seeds tried at each smaller size before shrinking stops.
    pub shrink_tries: u64,
    /// The folder under which the case's folder is made.
    pub save_under: PathBuf,
    /// Set by SIGINT/SIGTERM (the judge's cancel flag).
    pub cancel: Arc<AtomicBool>,
    /// Rounds played at once, each job with boxes of its own.
    pub jobs: usize,
}

/// Why the search stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// The rounds asked for ran.
    Rounds,
    /// The time asked for passed.
    Time,
    /// A round disagreed.
    Disagreement,
    /// SIGINT or SIGTERM.
    Interrupted,
}

/// A disagreement found, shrunk and saved.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Disagreement {
    /// The round that found it.
    pub found: Round,
    /// The smallest round with the same verdict (`found` when shrinking found none).
    pub minimised: Round,
    /// Rounds run while shrinking.
    pub shrink_rounds: u64,
    /// The case's folder: case.in, case.ans, case.out, stress.json.
    pub saved: PathBuf,
}

/// What a stress run did.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StressReport {
    /// The problem.
    pub problem: String,
    /// The other solution's file.
    pub source: String,
    /// Its language.
    pub language: String,
    /// The generator's arguments.
    pub gen: Vec<String>,
    /// The range of `{size}`.
    pub sizes: Option<[u64; 2]>,
    /// The first round's seed.
    pub first_seed: u64,
    /// Rounds of the search (the disagreeing one included).
    pub rounds: u64,
    /// The search's wall time.
    pub search_s: f64,
    /// Search rounds per second of wall time.
    pub rounds_per_second: f64,
    /// The reference's largest CPU time over the rounds.
    pub reference_max_cpu_s: f64,
    /// The other solution's largest CPU time over the rounds.
    pub source_max_cpu_s: f64,
    /// Why the search stopped.
    pub stopped: Stop,
    /// What was found.
    pub disagreement: Option<Disagreement>,
    /// Whether SIGINT or SIGTERM cut the run short (the search, or the shrinking).
    pub interrupted: bool,
}

/// Stresses `problem`'s reference against `against`, `options.jobs` rounds at a time;
/// every round is an event. The outcome is the one a single job would have: rounds are
/// seeds in order, and the disagreement (or error) kept is the one of the lowest seed.
pub fn stress(
    judge: &Judge,
    problem: &Problem,
    against: &Against<'_>,
    options: &StressOptions,
    listener: &mut dyn Listener,
) -> Result<StressReport, StressError> {
    let tools = testdata::tools(judge, problem)?;
    // The input validators, ready to run on each generated input.
    let mut validators = Vec::new();
    for validator in &problem.validators {
        validators.push((judge.prepare(&validator.program)?, validator.protocol));
    }
    if tools.generator.is_none() {
        return Err(StressError::NoGenerator {
            problem: problem.id.clone(),
        });
    }
    let judging = judge.judging(problem)?;
    let scratch = tempfile::tempdir()
        .map_err(|e| JudgeError::file("scratch folder in", std::env::temp_dir(), e))?;
    // Each job its own boxes (the source compiled in each, at once) and files.
    let jobs: Vec<usize> = (0..options.jobs.max(1)).collect();
    let mut workers = Vec::new();
    for worker in judge_core::parallel_map(&jobs, jobs.len(), |job, _| {
        Worker::new(
            judge,
            problem,
            &tools,
            &validators,
            &judging,
            against,
            options,
            scratch.path(),
            job,
        )
    }) {
        workers.push(worker?);
    }
    let mut report = StressReport {
        problem: problem.id.clone(),
        source: crate::shown(judge, against.source),
        language: against.language.id.clone(),
        gen: options.recipe.gen().to_vec(),
        sizes: options.recipe.sizes(),
        first_seed: options.first_seed,
        rounds: 0,
        search_s: 0.0,
        rounds_per_second: 0.0,
        reference_max_cpu_s: 0.0,
        source_max_cpu_s: 0.0,
        stopped: Stop::Rounds,
        disagreement: None,
        interrupted: false,
    };
    let started = Instant::now();
    let plan = Plan {
        phase: Phase::Search,
        first_seed: options.first_seed,
        max_rounds: options.max_rounds,
        deadline: options.max_time.map(|t| started + t),
        size: None,
        wanted: None,
    };
    let searched = search(&mut workers, &plan, options, &mut report, listener)?;
    report.rounds = searched.rounds;
    report.search_s = started.elapsed().as_secs_f64();
    report.rounds_per_second = report.rounds as f64 / report.search_s.max(1e-9);
    report.stopped = searched.stopped;
    report.interrupted = searched.stopped == Stop::Interrupted;
    let Some((found, case)) = searched.found else {
        return Ok(report);
    };
    // Shrinking: at each smaller size in turn, up to `shrink_tries` seeds (from the found
    // one's: the same seeds at another size are other inputs), until one disagrees the
    // same way; it stops at the first size where none does.
    let mut best = (found.clone(), case);
    let mut shrink_rounds = 0;
    if let (Some([smallest, _]), Some(mut size)) = (options.recipe.sizes(), found.size) {
        while size > smallest && !report.interrupted {
            size -= 1;
            let plan = Plan {
                phase: Phase::Shrink,
                first_seed: found.seed,
                max_rounds: Some(options.shrink_tries),
                deadline: None,
                size: Some(size),
                wanted: Some(found.verdict),
            };
            let shrunk = search(&mut workers, &plan, options, &mut report, listener)?;
            shrink_rounds += shrunk.rounds;
            report.interrupted = shrunk.stopped == Stop::Interrupted;
            match shrunk.found {
                Some(smaller) => best = smaller,
                None => break,
            }
        }
    }
    let (minimised, case) = best;
    let dir = options
        .save_under
        .join(format!("{}-seed-{}", problem.id, minimised.seed));
    let disagreement = Disagreement {
        found,
        minimised,
        shrink_rounds,
        saved: dir.clone(),
    };
    saved::save(&dir, &case, &disagreement)?;
    report.disagreement = Some(disagreement);
    Ok(report)
}

/// Which rounds a search plays, and what ends it.
struct Plan {
    phase: Phase,
    first_seed: u64,
    max_rounds: Option<u64>,
    deadline: Option<Instant>,
    /// A fixed size (shrinking), else each seed draws one.
    size: Option<u64>,
    /// The verdict that counts as found (shrinking), else anything but AC.
    wanted: Option<Verdict>,
}

/// What stopped a search at one seed: a round found (with its files), or an error.
type Stopping = Result<(Round, Case), StressError>;

/// What a search found.
struct Searched {
    rounds: u64,
    found: Option<(Round, Case)>,
    stopped: Stop,
}

/// Plays the plan's rounds on every worker at once until one is found, the rounds or the
/// time run out, or a signal comes; events (and the largest CPU times) on this thread.
fn search(
    workers: &mut [Worker<'_>],
    plan: &Plan,
    options: &StressOptions,
    report: &mut StressReport,
    listener: &mut dyn Listener,
) -> Result<Searched, StressError> {
    let next = AtomicU64::new(plan.first_seed);
    let halt = AtomicBool::new(false);
    let wanted = |round: &Round| match plan.wanted {
        Some(verdict) => round.verdict == verdict,
        None => round.verdict != Verdict::AC,
    };
    let mut rounds = 0;
    let mut interrupted = false;
    // The stopping outcome of the lowest seed: a round found, or an error.
    let mut first: Option<(u64, Stopping)> = None;
    std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::channel();
        for worker in workers.iter_mut() {
            let sender = sender.clone();
            let (next, halt) = (&next, &halt);
            scope.spawn(move || loop {
                let out_of_time = plan.deadline.is_some_and(|d| Instant::now() >= d);
                if halt.load(Ordering::SeqCst)
                    || options.cancel.load(Ordering::SeqCst)
                    || out_of_time
                {
                    break;
                }
                let seed = next.fetch_add(1, Ordering::SeqCst);
                let number = seed - plan.first_seed + 1;
                if plan.max_rounds.is_some_and(|n| number > n) {
                    break;
                }
                let size = plan
                    .size
                    .or_else(|| recipe::size_for(&options.recipe, seed));
                let played = worker.play(plan.phase, number, seed, size);
                let failed = played.is_err();
                if sender.send((seed, played)).is_err() || failed {
                    break;
                }
            });
        }
        drop(sender);
        for (seed, played) in receiver {
            let stopping = match interrupted_or(played, options) {
                None => {
                    interrupted = true;
                    halt.store(true, Ordering::SeqCst);
                    continue;
                }
                Some(Ok((round, case))) => {
                    rounds += 1;
                    report.reference_max_cpu_s =
                        report.reference_max_cpu_s.max(round.reference_cpu_s);
                    report.source_max_cpu_s = report.source_max_cpu_s.max(round.source_cpu_s);
                    listener.on_event(&Event::StressRound(&round));
                    if !wanted(&round) {
                        continue;
                    }
                    Ok((round, case))
                }
                Some(Err(error)) => Err(error),
            };
            halt.store(true, Ordering::SeqCst);
            if first.as_ref().is_none_or(|(lowest, _)| seed < *lowest) {
                first = Some((seed, stopping));
            }
        }
    });
    let stopped = |found: bool| {
        if found {
            Stop::Disagreement
        } else if interrupted || options.cancel.load(Ordering::SeqCst) {
            Stop::Interrupted
        } else if plan.max_rounds.is_some_and(|n| rounds >= n) {
            Stop::Rounds
        } else {
            Stop::Time
        }
    };
    match first {
        Some((_, Err(error))) => Err(error),
        // Every lower seed was played (seeds are handed out in order, and a round under
        // way finishes): the rounds up to the disagreement are its number; rounds of
        // higher seeds that other jobs finished meanwhile do not count.
        Some((_, Ok(found))) => Ok(Searched {
            rounds: found.0.round,
            found: Some(found),
            stopped: stopped(true),
        }),
        None => Ok(Searched {
            rounds,
            found: None,
            stopped: stopped(false),
        }),
    }
}

/// `None` for an interruption: a cancelled run, or a tool killed by the same signal.
fn interrupted_or<T>(
    played: Result<T, StressError>,
    options: &StressOptions,
) -> Option<Result<T, StressError>> {
    match played {
        Err(StressError::Judge(JudgeError::Cancelled)) => None,
        Err(_) if options.cancel.load(Ordering::SeqCst) => None,
        played => Some(played),
    }
}

/// One job: both programs in boxes of their own, the round's files in a folder of its own.
struct Worker<'a> {
    judge: &'a Judge,
    problem: &'a Problem,
    tools: &'a ProblemTools,
    validators: &'a [(ReadyProgram, ValidatorProtocol)],
    judging: &'a Judging,
    reference: BoxedProgram<'a>,
    source: BoxedProgram<'a>,
    options: &'a StressOptions,
    input: PathBuf,
    answer: PathBuf,
}

impl<'a> Worker<'a> {
    /// Puts the reference and the other solution (compiled) in boxes for job `job`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        judge: &'a Judge,
        problem: &'a Problem,
        tools: &'a ProblemTools,
        validators: &'a [(ReadyProgram, ValidatorProtocol)],
        judging: &'a Judging,
        against: &Against<'a>,
        options: &'a StressOptions,
        scratch: &Path,
        job: usize,
    ) -> Result<Worker<'a>, StressError> {
        let defaults = JudgeOptions::default();
        // The reference runs in a box of its own, test after test: a crate's binary.
        let reference = match &tools.reference {
            Some(ReadyProgram::Host { binary, .. }) => {
                judge.box_executable(problem, binary, judging, &defaults)?
            }
            Some(ReadyProgram::Boxed(command)) => {
                return Err(StressError::Judge(JudgeError::Build {
                    what: command.name.clone(),
                    message: "judge stress runs a reference that is a binary of the problem's crate; this one is a source program".into(),
                }))
            }
            None => {
                return Err(StressError::Judge(JudgeError::file(
                    "problem",
                    &problem.dir,
                    "has no reference solution to stress against",
                )))
            }
        };
        let submission = Submission {
            problem,
            source: against.source,
            bytes: against.bytes,
            others: &[],
            language: against.language,
            judging,
            options: defaults.clone(),
        };
        let source = judge.box_source(&submission)?;
        if !source.compiled.success {
            let message: Vec<&str> = source.compiled.message.lines().take(3).collect();
            return Err(StressError::CompileError {
                file: crate::shown(judge, against.source),
                message: message.join(" | "),
            });
        }
        Ok(Worker {
            judge,
            problem,
            tools,
            validators,
            judging,
            reference,
            source,
            options,
            input: scratch.join(format!("{job}.in")),
            answer: scratch.join(format!("{job}.ans")),
        })
    }

    /// One round: generate, validate, the reference, the other solution judged.
    fn play(
        &mut self,
        phase: Phase,
        number: u64,
        seed: u64,
        size: Option<u64>,
    ) -> Result<(Round, Case), StressError> {
        let args = recipe::arguments(&self.options.recipe, seed, size);
        let entry = TestRecipe {
            name: format!("stress seed {seed}"),
            args: args.clone(),
        };
        let input = testdata::generate(self.judge, self.tools, &entry)?;
        for (validator, protocol) in self.validators {
            let valid = protocol.valid_exit();
            let out = self.judge.run_program(validator, &[], &input, &[])?;
            if out.code != Some(valid) || out.timed_out {
                return Err(StressError::InvalidInput {
                    seed,
                    args,
                    message: out.first_error_line(),
                });
            }
        }
        self.write(&self.input, &input)?;
        // An interactive reference's interactor is given an empty answer (its TOUT becomes
        // the answer); other references never read it.
        self.write(&self.answer, b"")?;
        let test = TestCase::plain(
            format!("seed {seed}"),
            TestGroup::Secret,
            self.input.clone(),
            self.answer.clone(),
        );
        let mut case = Case {
            input,
            ..Case::default()
        };
        let ran = self.reference.run_unjudged(&test)?;
        case.answer = self.reference.read_output()?;
        let mut failed = (ran.verdict != Verdict::AC).then(|| (ran.verdict, ran.message.clone()));
        if failed.is_none() {
            self.write(&self.answer, &case.answer)?;
            if matches!(self.judging, Judging::Checker(_)) {
                let own = self.reference.judge_output(&test, &self.answer)?;
                if own.verdict != Verdict::AC {
                    failed = Some((
                        own.verdict,
                        format!(
                            "the checker rejects the reference's own output: {}",
                            own.message
                        ),
                    ));
                }
            }
        }
        if let Some((verdict, message)) = failed {
            let saved = self
                .options
                .save_under
                .join(format!("{}-seed-{seed}", self.problem.id));
            let about = serde_json::json!({
                "reference_failed": { "seed": seed, "size": size, "args": &args,
                                      "verdict": verdict, "message": &message },
            });
            saved::save(&saved, &case, &about)?;
            return Err(StressError::ReferenceFailed {
                seed,
                args,
                verdict,
                message,
                saved,
            });
        }
        let judged = self.source.run(&test)?;
        if judged.verdict != Verdict::AC {
            case.output = Some(self.source.read_output()?);
        }
        let round = Round {
            round: number,
            phase,
            seed,
            size,
            args,
            verdict: judged.verdict,
            message: judged.message,
            reference_cpu_s: ran.cpu_time_s,
            source_cpu_s: judged.cpu_time_s,
        };
        Ok((round, case))
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> Result<(), StressError> {
        std::fs::write(path, bytes).map_err(|e| JudgeError::file("stress file", path, e).into())
    }
}
