//! Benchmark 3, the problem set: each problem's reference judged on every stored test
//! several times (its slowest test as a fraction of the time limit), then the seeds' own
//! programs judged on the tests that are hardest for the reference (and a few more that
//! show how they scale), their CPU time capped, as a ratio to the reference's.

use crate::programs::Program;
use crate::stats::Summary;
use anyhow::{Context, Result};
use judge_core::judge::{JudgeOptions, Submission};
use judge_core::Judge;
use judge_model::events::Silent;
use judge_model::problem::Problem;
use judge_model::Verdict;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where a seed program's source is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeedSource {
    /// A file under the problem's folder (`submissions/...`).
    File(&'static str),
    /// A program kept with the benchmark.
    Embedded(Program),
}

/// A seed's program to time against the reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SeedProgram {
    /// The problem.
    pub problem: &'static str,
    /// What it is, for the report.
    pub label: &'static str,
    /// Its source.
    pub source: SeedSource,
    /// Tests to run besides the hardest ones (smaller ones it can finish, to show how it
    /// grows).
    pub extra_tests: &'static [&'static str],
    /// When its time grows as a known power of the input size (2 for an O(V^2)
    /// algorithm): the report estimates its time on capped tests from the largest test
    /// it finished.
    pub growth_exponent: Option<f64>,
}

/// The seed's O(V^2) Dijkstra with its adjacency matrix replaced by a lookup.
pub const SEED_DIJKSTRA_GRID: Program = Program {
    name: "seed_dijkstra_grid.c",
    language: "c",
    source: include_str!("../programs/seed_dijkstra_grid.c"),
};

/// The seeds' programs of the problem set.
pub const SEEDS: [SeedProgram; 7] = [
    SeedProgram {
        problem: "number-chain",
        label: "the seed's recursive DFS (no pruning)",
        source: SeedSource::File("submissions/wrong_answer/seed_recursive_dfs.cpp"),
        extra_tests: &[],
        growth_exponent: None,
    },
    SeedProgram {
        problem: "number-chain",
        label: "the seed's non-recursive DFS (no pruning; exits 1 after a walk)",
        source: SeedSource::File("submissions/run_time_error/seed_nonrecursive_dfs.cpp"),
        extra_tests: &[],
        growth_exponent: None,
    },
    SeedProgram {
        problem: "maze",
        label: "the seed's O(V^2) Dijkstra, as the seed wrote it (V x V matrix)",
        source: SeedSource::File("submissions/memory_limit_exceeded/seed_dijkstra_matrix.c"),
        extra_tests: &["secret/09-exit-enclosed", "secret/12-random-100"],
        growth_exponent: Some(2.0),
    },
    SeedProgram {
        problem: "maze",
        label: "the seed's O(V^2) Dijkstra, matrix replaced by a lookup",
        source: SeedSource::Embedded(SEED_DIJKSTRA_GRID),
        extra_tests: &[
            "secret/09-exit-enclosed",
            "secret/12-random-100",
            "secret/18-random-10",
        ],
        growth_exponent: Some(2.0),
    },
    SeedProgram {
        problem: "eight-puzzle",
        label: "the seed's depth-limited DFS over strings",
        source: SeedSource::File("submissions/time_limit_exceeded/seed_string_dfs.c"),
        extra_tests: &["secret/14-distance-20"],
        growth_exponent: None,
    },
    SeedProgram {
        problem: "pixel-placement",
        label: "the seed's DFS (first solution)",
        source: SeedSource::File("submissions/time_limit_exceeded/seed-first-solution.cpp"),
        extra_tests: &[],
        growth_exponent: None,
    },
    SeedProgram {
        problem: "pixel-placement",
        label: "the seed's DFS (as written: wrong on some boards)",
        source: SeedSource::File("submissions/wrong_answer/seed-dfs.cpp"),
        extra_tests: &[],
        growth_exponent: None,
    },
];

/// What to measure.
#[derive(Debug, Clone)]
pub struct ProblemsetOptions {
    /// Problems (default: the contest's).
    pub problems: Vec<String>,
    /// Judgings of the reference on every test.
    pub repeats: usize,
    /// The CPU cap of a seed program on one test, in seconds.
    pub cap_s: f64,
    /// How many of the reference's slowest tests the seeds run on (the largest input is
    /// added when it is not among them).
    pub hardest: usize,
    /// The seed programs to time.
    pub seeds: Vec<SeedProgram>,
}

/// A test and the reference's CPU time on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestTime {
    /// The test.
    pub test: String,
    /// Its input size in bytes.
    pub input_bytes: u64,
    /// The reference's CPU time over the repeats, seconds.
    pub reference_cpu_s: Summary,
}

/// A seed program on one test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeedTest {
    /// The test.
    pub test: String,
    /// Its input size in bytes.
    pub input_bytes: u64,
    /// Its verdict (TLE when the cap stopped it).
    pub verdict: String,
    /// CPU time, seconds (about the cap when capped).
    pub cpu_s: f64,
    /// Peak memory, bytes.
    pub peak_memory_bytes: u64,
    /// Whether the cap stopped it.
    pub capped: bool,
    /// The reference's median CPU time on the test.
    pub reference_cpu_s: f64,
    /// cpu_s / reference_cpu_s (a lower bound when capped).
    pub ratio: f64,
}

/// One seed program's runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeedRun {
    /// What it is.
    pub label: String,
    /// Its source file.
    pub source: String,
    /// Its language.
    pub language: String,
    /// The CPU cap per test, seconds.
    pub cap_s: f64,
    /// Each test (a compile failure leaves this empty and says so in `note`).
    pub tests: Vec<SeedTest>,
    /// See [`SeedProgram::growth_exponent`].
    pub growth_exponent: Option<f64>,
    /// Anything that went wrong.
    pub note: String,
}

/// One problem's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemFigures {
    /// The problem.
    pub problem: String,
    /// Its CPU limit for native languages, seconds.
    pub time_limit_s: f64,
    /// How many tests.
    pub tests: usize,
    /// Whether the reference was AC on every test in every repeat.
    pub reference_all_accepted: bool,
    /// Every test's reference time, slowest first.
    pub by_test: Vec<TestTime>,
    /// The slowest test's median CPU time over the limit.
    pub slowest_fraction_of_limit: f64,
    /// The seeds' programs.
    pub seeds: Vec<SeedRun>,
}

/// The whole benchmark's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProblemsetReport {
    /// Reference repeats.
    pub repeats: usize,
    /// The seeds' CPU cap per test, seconds.
    pub cap_s: f64,
    /// The problems measured.
    pub problems: Vec<ProblemFigures>,
    /// Problems that could not be measured, with the reason.
    pub skipped: Vec<(String, String)>,
}

fn input_bytes(problem: &Problem, test: &str) -> u64 {
    problem
        .tests
        .iter()
        .find(|t| t.name == test)
        .and_then(|t| std::fs::metadata(&t.input).ok())
        .map_or(0, |m| m.len())
}

fn reference_times(
    judge: &Judge,
    problem: &Problem,
    repeats: usize,
) -> Result<(Vec<TestTime>, bool)> {
    let reference = judge
        .builder()
        .binaries(&problem.dir)?
        .get(&problem.id, &problem.dir)?
        .to_path_buf();
    let judging = judge.judging(problem)?;
    let mut cpu: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    let mut all_accepted = true;
    for _ in 0..repeats {
        let result = judge.judge_executable(
            problem,
            &reference,
            &judging,
            &JudgeOptions::default(),
            &mut Silent,
        )?;
        for test in &result.tests {
            all_accepted &= test.verdict == Verdict::AC;
            cpu.entry(test.name.clone())
                .or_default()
                .push(test.cpu_time_s);
        }
    }
    let mut times: Vec<TestTime> = cpu
        .into_iter()
        .filter_map(|(test, values)| {
            Some(TestTime {
                input_bytes: input_bytes(problem, &test),
                reference_cpu_s: Summary::of(&values)?,
                test,
            })
        })
        .collect();
    times.sort_by(|a, b| {
        b.reference_cpu_s
            .median
            .total_cmp(&a.reference_cpu_s.median)
    });
    Ok((times, all_accepted))
}

fn seed_tests(times: &[TestTime], hardest: usize, extra: &[&str]) -> Vec<String> {
    let mut chosen: Vec<String> = times.iter().take(hardest).map(|t| t.test.clone()).collect();
    if let Some(largest) = times.iter().max_by_key(|t| t.input_bytes) {
        if !chosen.contains(&largest.test) {
            chosen.push(largest.test.clone());
        }
    }
    for name in extra {
        if times.iter().any(|t| t.test == *name) && !chosen.iter().any(|c| c == name) {
            chosen.push(name.to_string());
        }
    }
    chosen
}

fn run_seed(
    judge: &Judge,
    problem: &Problem,
    seed: &SeedProgram,
    times: &[TestTime],
    options: &ProblemsetOptions,
    scratch: &Path,
) -> Result<SeedRun> {
    let (path, bytes): (PathBuf, Vec<u8>) = match seed.source {
        SeedSource::File(relative) => {
            let path = problem.dir.join(relative);
            let bytes = std::fs::read(&path).with_context(|| format!("{}", path.display()))?;
            (path, bytes)
        }
        SeedSource::Embedded(program) => {
            let path = scratch.join(program.name);
            std::fs::write(&path, program.source)?;
            (path, program.source.as_bytes().to_vec())
        }
    };
    let language = judge.languages.for_path(&path)?.clone();
    let names = seed_tests(times, options.hardest, seed.extra_tests);
    let mut subset = problem.clone();
    subset.tests.retain(|t| names.contains(&t.name));
    let limit_s = problem.limits_for(&language).cpu_time.as_secs_f64();
    let scale = options.cap_s / limit_s;
    let judge_options = JudgeOptions {
        time_scale: scale,
        wall_scale: scale,
        stop_at_first_failure: false,
        ..JudgeOptions::default()
    };
    let judging = judge.judging(problem)?;
    let submission = Submission {
        problem: &subset,
        source: &path,
        bytes: &bytes,
        others: &[],
        language: &language,
        judging: &judging,
        options: judge_options,
    };
    let result = judge.judge(&submission, &mut Silent)?;
    let shown = path
        .strip_prefix(&judge.config.root)
        .unwrap_or(&path)
        .display()
        .to_string();
    let mut run = SeedRun {
        label: seed.label.to_string(),
        source: match seed.source {
            SeedSource::File(_) => shown,
            SeedSource::Embedded(p) => format!("crates/bench/programs/{}", p.name),
        },
        language: language.id.clone(),
        cap_s: options.cap_s,
        tests: Vec::new(),
        growth_exponent: seed.growth_exponent,
        note: String::new(),
    };
    if !result.compile.success {
        run.note = format!("compile error: {}", result.compile.message);
        return Ok(run);
    }
    for test in &result.tests {
        let reference = times
            .iter()
            .find(|t| t.test == test.name)
            .map_or(0.0, |t| t.reference_cpu_s.median);
        let capped = test.verdict == Verdict::TLE;
        run.tests.push(SeedTest {
            input_bytes: input_bytes(problem, &test.name),
            test: test.name.clone(),
            verdict: test.verdict.code().to_string(),
            cpu_s: test.cpu_time_s,
            peak_memory_bytes: test.peak_memory_bytes,
            capped,
            reference_cpu_s: reference,
            ratio: if reference > 0.0 {
                test.cpu_time_s / reference
            } else {
                f64::INFINITY
            },
        });
    }
    // Slowest first, like the reference's table.
    run.tests
        .sort_by(|a, b| b.reference_cpu_s.total_cmp(&a.reference_cpu_s));
    Ok(run)
}

/// Measures one problem.
pub fn measure_problem(
    judge: &Judge,
    id: &str,
    options: &ProblemsetOptions,
) -> Result<ProblemFigures> {
    let problem = judge_packages::load(&judge.config, id)?;
    let (by_test, all_accepted) = reference_times(judge, &problem, options.repeats)?;
    let limit = problem.limits.time_s;
    let slowest = by_test.first().map_or(0.0, |t| t.reference_cpu_s.median);
    let scratch = tempfile::Builder::new().prefix("bench-seeds-").tempdir()?;
    let mut seeds = Vec::new();
    for seed in options.seeds.iter().filter(|s| s.problem == id) {
        seeds.push(run_seed(
            judge,
            &problem,
            seed,
            &by_test,
            options,
            scratch.path(),
        )?);
    }
    Ok(ProblemFigures {
        problem: id.to_string(),
        time_limit_s: limit,
        tests: problem.tests.len(),
        reference_all_accepted: all_accepted,
        slowest_fraction_of_limit: slowest / limit,
        by_test,
        seeds,
    })
}

/// Runs the benchmark on every problem; a problem that cannot be loaded or built is
/// skipped with its reason.
pub fn measure(judge: &Judge, options: &ProblemsetOptions) -> Result<ProblemsetReport> {
    let mut problems = Vec::new();
    let mut skipped = Vec::new();
    for id in &options.problems {
        match measure_problem(judge, id, options) {
            Ok(figures) => problems.push(figures),
            Err(error) => skipped.push((id.clone(), format!("{error:#}"))),
        }
    }
    Ok(ProblemsetReport {
        repeats: options.repeats,
        cap_s: options.cap_s,
        problems,
        skipped,
    })
}
