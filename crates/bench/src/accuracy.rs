//! Benchmark 2, measurement accuracy: calibrated programs run through the sandbox exactly
//! as the judge runs a submission (compiled by judge.toml's toolchain, run by its run
//! command, under its limits), each series repeated and interleaved with the others:
//!
//! - busy loops that spin until the process has used 0.1, 0.5, 1.0 s of CPU by its own
//!   clock, in 1 and in 2 threads: the sandbox's CPU time against the nominal figure and
//!   against what the program measured itself (getrusage after joining its threads);
//! - C programs that touch 16, 64, 256 MiB: the sandbox's peak against the touched pages
//!   plus the C runtime's baseline (the same program touching 0 MiB, same run);
//! - every language's trivial program (its baseline CPU and peak) and its program that
//!   touches 64 MiB.

use crate::prepared::Prepared;
use crate::programs::{printed, Program, SPIN_C, TOUCH};
use crate::stats::{error_percent, Summary};
use anyhow::{bail, Context, Result};
use judge_core::Judge;
use sandbox::{Limits, MIB};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What to measure.
#[derive(Debug, Clone)]
pub struct AccuracyOptions {
    /// Runs of each program.
    pub repeats: usize,
    /// CPU seconds of the busy loops.
    pub cpu_seconds: Vec<f64>,
    /// Thread counts of the busy loops.
    pub threads: Vec<u32>,
    /// MiB touched by the C memory programs.
    pub memory_mib: Vec<u64>,
    /// Languages (judge.toml ids) whose baseline and touching program are measured.
    pub languages: Vec<String>,
    /// MiB touched by each language's program.
    pub language_mib: u64,
    /// The memory limit of the language series (the problem set's limit), in MiB.
    pub language_limit_mib: u64,
}

impl Default for AccuracyOptions {
    fn default() -> Self {
        AccuracyOptions {
            repeats: 10,
            cpu_seconds: vec![0.1, 0.5, 1.0],
            threads: vec![1, 2],
            memory_mib: vec![16, 64, 256],
            languages: ["c", "cpp", "rust", "python3", "java"]
                .map(String::from)
                .to_vec(),
            language_mib: 64,
            language_limit_mib: 256,
        }
    }
}

/// One series of identical runs, compared with what it was meant to use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Series {
    /// What ran (`busy loop 0.5 s, 2 threads`).
    pub label: String,
    /// The nominal figure: seconds of CPU, or bytes of peak memory.
    pub intended: f64,
    /// What the sandbox reported (seconds or bytes).
    pub reported: Summary,
    /// Each run's error against the nominal figure, in percent.
    pub error_percent: Summary,
    /// What the program measured itself (getrusage CPU seconds, or VmHWM bytes).
    pub self_measured: Option<Summary>,
    /// Each run's error against its own measurement, in percent.
    pub error_vs_self_percent: Option<Summary>,
    /// Wall time of the runs, in seconds.
    pub wall_s: Summary,
}

/// One language's baseline and 64 MiB figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LanguageFigures {
    /// The language id.
    pub language: String,
    /// The trivial program's CPU time, seconds.
    pub baseline_cpu_s: Summary,
    /// The trivial program's peak, bytes.
    pub baseline_peak_bytes: Summary,
    /// The touching program's peak, bytes.
    pub touched_peak_bytes: Summary,
    /// MiB the program touched.
    pub touched_mib: u64,
    /// Each run's peak against touched + the median baseline, in percent.
    pub error_percent: Summary,
    /// Each run's peak minus the median baseline, against the touched size, in percent.
    pub error_without_baseline_percent: Summary,
    /// The touching program's own peak (VmHWM or ru_maxrss), bytes.
    pub touched_self_peak_bytes: Option<Summary>,
}

/// The whole benchmark's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AccuracyReport {
    /// Runs per series.
    pub repeats: usize,
    /// The busy loops.
    pub cpu: Vec<Series>,
    /// The C memory programs (the first is the baseline, 0 MiB).
    pub memory: Vec<Series>,
    /// The languages.
    pub languages: Vec<LanguageFigures>,
}

#[derive(Debug, Clone, Copy)]
struct Sample {
    cpu_s: f64,
    wall_s: f64,
    peak_bytes: f64,
    self_cpu_s: Option<f64>,
    self_peak_bytes: Option<f64>,
}

struct Job {
    program: usize,
    args: Vec<String>,
    limits: Limits,
    samples: Vec<Sample>,
}

fn limits(cpu_s: f64, memory_mib: u64) -> Limits {
    Limits::for_test(Duration::from_secs_f64(cpu_s), memory_mib * MIB)
}

fn summary(values: impl Iterator<Item = f64>) -> Result<Summary> {
    Summary::of(&values.collect::<Vec<_>>()).context("a series without runs")
}

fn optional(values: Vec<Option<f64>>) -> Option<Summary> {
    values
        .into_iter()
        .collect::<Option<Vec<f64>>>()
        .and_then(|v| Summary::of(&v))
}

fn series(label: String, intended: f64, job: &Job, cpu: bool) -> Result<Series> {
    let reported = |s: &Sample| if cpu { s.cpu_s } else { s.peak_bytes };
    let own = |s: &Sample| if cpu { s.self_cpu_s } else { s.self_peak_bytes };
    let errors_vs_self: Vec<Option<f64>> = job
        .samples
        .iter()
        .map(|s| own(s).map(|o| error_percent(reported(s), o)))
        .collect();
    Ok(Series {
        label,
        intended,
        reported: summary(job.samples.iter().map(reported))?,
        error_percent: summary(
            job.samples
                .iter()
                .map(|s| error_percent(reported(s), intended)),
        )?,
        self_measured: optional(job.samples.iter().map(own).collect()),
        error_vs_self_percent: optional(errors_vs_self),
        wall_s: summary(job.samples.iter().map(|s| s.wall_s))?,
    })
}

/// Runs the benchmark with the judge's sandbox and toolchains.
pub fn measure(judge: &Judge, options: &AccuracyOptions) -> Result<AccuracyReport> {
    let mut programs: Vec<Prepared<'_>> = Vec::new();
    let mut compile = |program: &Program| -> Result<usize> {
        programs.push(
            Prepared::compile(judge, program.language, program.source)
                .with_context(|| format!("preparing {}", program.name))?,
        );
        Ok(programs.len() - 1)
    };
    let spin = compile(&SPIN_C)?;
    let mut touch_of = Vec::new();
    for language in &options.languages {
        let program = TOUCH
            .iter()
            .find(|p| p.language == language)
            .with_context(|| format!("no touching program in {language}"))?;
        touch_of.push((language.clone(), compile(program)?));
    }
    let c_touch = touch_of
        .iter()
        .find(|(l, _)| l == "c")
        .map(|(_, index)| *index);

    let mut jobs: Vec<Job> = Vec::new();
    let mut job = |program: usize, args: Vec<String>, limits: Limits| -> usize {
        jobs.push(Job {
            program,
            args,
            limits,
            samples: Vec::new(),
        });
        jobs.len() - 1
    };
    let mut cpu_jobs = Vec::new();
    for &threads in &options.threads {
        for &seconds in &options.cpu_seconds {
            let args = vec![seconds.to_string(), threads.to_string()];
            cpu_jobs.push((
                seconds,
                threads,
                job(spin, args, limits(seconds * 3.0 + 1.0, 256)),
            ));
        }
    }
    let mut memory_jobs = Vec::new();
    if let Some(c) = c_touch {
        for mib in std::iter::once(0).chain(options.memory_mib.iter().copied()) {
            memory_jobs.push((mib, job(c, vec![mib.to_string()], limits(10.0, 1024))));
        }
    }
    let mut language_jobs = Vec::new();
    for (language, program) in &touch_of {
        let limit = limits(10.0, options.language_limit_mib);
        let baseline = job(*program, vec!["0".into()], limit.clone());
        let touched = job(*program, vec![options.language_mib.to_string()], limit);
        language_jobs.push((language.clone(), baseline, touched));
    }

    for repeat in 0..options.repeats {
        for offset in 0..jobs.len() {
            let index = (repeat + offset) % jobs.len();
            let job = &mut jobs[index];
            let (outcome, stdout) = programs[job.program].run(&job.args, &job.limits)?;
            if !outcome.success() {
                bail!("a calibration run failed ({:?}): {outcome:?}", job.args);
            }
            job.samples.push(Sample {
                cpu_s: outcome.cpu_time.as_secs_f64(),
                wall_s: outcome.wall_time.as_secs_f64(),
                peak_bytes: outcome.peak_memory_bytes as f64,
                self_cpu_s: printed(&stdout, "self_cpu_s"),
                self_peak_bytes: printed(&stdout, "self_peak_kib").map(|k| k * 1024.0),
            });
        }
    }

    let mut cpu = Vec::new();
    for (seconds, threads, index) in cpu_jobs {
        let label = format!(
            "busy loop {seconds} s, {threads} thread{}",
            if threads == 1 { "" } else { "s" }
        );
        cpu.push(series(label, seconds, &jobs[index], true)?);
    }
    let mut memory = Vec::new();
    let mut baseline = 0.0;
    for (mib, index) in memory_jobs {
        if mib == 0 {
            let s = series("C baseline (0 MiB)".into(), 0.0, &jobs[index], false)?;
            baseline = s.reported.median;
            memory.push(s);
        } else {
            let intended = (mib * MIB) as f64 + baseline;
            let label = format!("C, {mib} MiB touched");
            memory.push(series(label, intended, &jobs[index], false)?);
        }
    }
    let mut languages = Vec::new();
    for (language, base, touched) in language_jobs {
        let (base, touched) = (&jobs[base], &jobs[touched]);
        let baseline_peak = summary(base.samples.iter().map(|s| s.peak_bytes))?;
        let size = (options.language_mib * MIB) as f64;
        languages.push(LanguageFigures {
            language,
            baseline_cpu_s: summary(base.samples.iter().map(|s| s.cpu_s))?,
            baseline_peak_bytes: baseline_peak,
            touched_peak_bytes: summary(touched.samples.iter().map(|s| s.peak_bytes))?,
            touched_mib: options.language_mib,
            error_percent: summary(
                touched
                    .samples
                    .iter()
                    .map(|s| error_percent(s.peak_bytes, size + baseline_peak.median)),
            )?,
            error_without_baseline_percent: summary(
                touched
                    .samples
                    .iter()
                    .map(|s| error_percent(s.peak_bytes - baseline_peak.median, size)),
            )?,
            touched_self_peak_bytes: optional(
                touched.samples.iter().map(|s| s.self_peak_bytes).collect(),
            ),
        });
    }
    Ok(AccuracyReport {
        repeats: options.repeats,
        cpu,
        memory,
        languages,
    })
}
