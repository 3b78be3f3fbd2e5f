//! Benchmark 4, end to end: the real `judge contest` binary on a generated class, timed
//! from outside, once per `--jobs` value and repeat (the results folder emptied each time,
//! so the compile cache starts cold). The judge's summary line gives the compile count and
//! the compile seconds; results.jsonl gives the verdicts.

use crate::class::ClassSummary;
use crate::stats::Summary;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// What to run.
#[derive(Debug, Clone)]
pub struct ContestOptions {
    /// The `judge` executable.
    pub judge: PathBuf,
    /// judge.toml.
    pub config: PathBuf,
    /// The class folder.
    pub class: PathBuf,
    /// Where results go (one subfolder per run).
    pub out: PathBuf,
    /// The `--jobs` values.
    pub jobs: Vec<usize>,
    /// Runs of each.
    pub repeats: usize,
}

/// What the judge's closing summary line says.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SummaryLine {
    /// Attempts.
    pub attempts: usize,
    /// The judge's own wall time, seconds.
    pub seconds: f64,
    /// Compiles run.
    pub compiles: usize,
    /// Their wall time added up, seconds.
    pub compile_seconds: f64,
    /// Compile-cache hits.
    pub cache_hits: usize,
}

/// Reads `N attempts (...) in S s with J jobs; C compiles (X s), H from the compile cache`.
pub fn parse_summary(stdout: &str) -> Option<SummaryLine> {
    let line = stdout
        .lines()
        .find(|l| l.contains(" attempts (") && l.contains(" compiles ("))?;
    let number_before = |text: &str, marker: &str| -> Option<f64> {
        let head = &text[..text.find(marker)?];
        head.split_whitespace()
            .last()?
            .trim_start_matches('(')
            .parse()
            .ok()
    };
    let attempts = line.split_whitespace().next()?.parse().ok()?;
    let seconds = number_before(line, " s with ")?;
    let compiles = number_before(line, " compiles (")? as usize;
    let after = &line[line.find(" compiles (")? + " compiles (".len()..];
    let compile_seconds = after.split_whitespace().next()?.parse().ok()?;
    let cache_hits = number_before(line, " from the compile cache")? as usize;
    Some(SummaryLine {
        attempts,
        seconds,
        compiles,
        compile_seconds,
        cache_hits,
    })
}

/// One run of `judge contest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContestRun {
    /// `--jobs`.
    pub jobs: usize,
    /// Wall time measured from outside, seconds.
    pub wall_s: f64,
    /// The judge's summary line.
    pub summary: SummaryLine,
    /// Compile seconds over the jobs' total time (wall x jobs), in percent.
    pub compile_share_percent: f64,
    /// Verdicts of the judged attempts.
    pub verdicts: BTreeMap<String, usize>,
}

/// The whole benchmark's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContestReport {
    /// The class.
    pub class: ClassSummary,
    /// The exact judge command (with `JOBS` for the jobs value).
    pub judge_command: String,
    /// Every run, in the order they ran.
    pub runs: Vec<ContestRun>,
    /// Wall seconds per jobs value.
    pub wall_by_jobs: BTreeMap<usize, Summary>,
}

fn verdicts(results_jsonl: &Path) -> BTreeMap<String, usize> {
    let text = std::fs::read_to_string(results_jsonl).unwrap_or_default();
    let mut counts = BTreeMap::new();
    for line in text.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap_or_default();
        let verdict = value["result"]["verdict"]
            .as_str()
            .map(String::from)
            .unwrap_or_else(|| value["status"].as_str().unwrap_or("?").to_string());
        *counts.entry(verdict).or_default() += 1;
    }
    counts
}

/// Runs `judge contest` once.
pub fn run_once(options: &ContestOptions, jobs: usize, out: &Path) -> Result<ContestRun> {
    if out.exists() {
        std::fs::remove_dir_all(out)?;
    }
    let started = Instant::now();
    let output = Command::new(&options.judge)
        .arg("--config")
        .arg(&options.config)
        .arg("contest")
        .arg(&options.class)
        .arg("--out")
        .arg(out)
        .arg("--jobs")
        .arg(jobs.to_string())
        .output()
        .with_context(|| format!("running {}", options.judge.display()))?;
    let wall_s = started.elapsed().as_secs_f64();
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() {
        bail!(
            "judge contest failed ({}): {}",
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let summary = parse_summary(&stdout)
        .with_context(|| format!("no summary line in judge contest's output:\n{stdout}"))?;
    Ok(ContestRun {
        jobs,
        wall_s,
        compile_share_percent: 100.0 * summary.compile_seconds / (wall_s * jobs as f64),
        summary,
        verdicts: verdicts(&out.join("results.jsonl")),
    })
}

/// Runs the benchmark: every jobs value, `repeats` times, alternating.
pub fn measure(options: &ContestOptions, class: ClassSummary) -> Result<ContestReport> {
    let mut runs = Vec::new();
    for repeat in 0..options.repeats {
        for &jobs in &options.jobs {
            let out = options.out.join(format!("jobs-{jobs}-run-{repeat}"));
            runs.push(run_once(options, jobs, &out)?);
        }
    }
    let mut wall_by_jobs = BTreeMap::new();
    for &jobs in &options.jobs {
        let walls: Vec<f64> = runs
            .iter()
            .filter(|r| r.jobs == jobs)
            .map(|r| r.wall_s)
            .collect();
        if let Some(summary) = Summary::of(&walls) {
            wall_by_jobs.insert(jobs, summary);
        }
    }
    Ok(ContestReport {
        class,
        judge_command: format!(
            "{} --config {} contest {} --out OUT --jobs JOBS",
            options.judge.display(),
            options.config.display(),
            options.class.display()
        ),
        runs,
        wall_by_jobs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_line_is_read() {
        let out = "title\n\n214 attempts (214 judged now, 0 from an earlier run; 0 rejected, 0 judge errors) in 93.4 s with 2 jobs; 180 compiles (61.2 s), 34 from the compile cache\nresults: x";
        let line = parse_summary(out).unwrap();
        assert_eq!(line.attempts, 214);
        assert_eq!(line.seconds, 93.4);
        assert_eq!(line.compiles, 180);
        assert_eq!(line.compile_seconds, 61.2);
        assert_eq!(line.cache_hits, 34);
    }
}
