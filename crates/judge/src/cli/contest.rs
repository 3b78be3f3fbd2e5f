//! `judge contest SUBMISSIONS --out RESULTS`: judge a whole class, resumably, and publish
//! the scoreboard (terminal, CSV), results.json and an HTML report.

use super::common::{cancel_flag, load_config, GlobalOptions};
use indicatif::{ProgressBar, ProgressStyle};
use judge_contest::export::{csv, html, terminal, to_json};
use judge_contest::{results_file, run_contest, AttemptStatus, ContestOptions};
use judge_core::CompileCache;
use judge_core::Judge;
use judge_model::events::{Event, Listener};
use judge_model::text::{escape, serde_name};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `judge contest`.
#[derive(Debug, clap::Args)]
pub struct ContestArgs {
    /// The submissions: <student>/<problem>.<ext>, or <student>/<problem>/<attempt>.<ext>
    /// for several attempts (timed by a leading YYYY-MM-DDTHH-MM-SS in the name, UTC, or
    /// else the file's modification time).
    pub submissions: PathBuf,
    /// Where results go: results.jsonl (the log a rerun resumes from), results.json,
    /// scoreboard.csv, report/index.html, and the compile cache.
    #[arg(long)]
    pub out: PathBuf,
    /// Attempts judged at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Judge everything again, forgetting earlier results.
    #[arg(long)]
    pub rejudge: bool,
    /// The course's contest whose problems the class solved, by id (default: the first,
    /// `[contest]`).
    #[arg(long, value_name = "ID")]
    pub contest: Option<String>,
}

fn write(path: PathBuf, text: &str) -> anyhow::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&path, text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// The progress bar (on a terminal; indicatif draws nothing elsewhere) with the count of
/// each verdict so far: a listener of the run's events.
struct ProgressListener {
    bar: ProgressBar,
    counts: BTreeMap<String, usize>,
}

impl ProgressListener {
    fn new() -> ProgressListener {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{bar:30}] {pos}/{len}  {msg}  (remaining {eta})",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        ProgressListener {
            bar,
            counts: BTreeMap::new(),
        }
    }
}

impl Listener for ProgressListener {
    fn on_event(&mut self, event: &Event<'_>) {
        match event {
            Event::RunStarted { total, reused } => {
                self.bar.set_length(*total as u64);
                self.bar.set_position(*reused as u64);
                if *reused > 0 {
                    self.bar.println(format!(
                        "{reused} of {total} attempts already judged by an earlier run"
                    ));
                }
            }
            Event::SubmissionFinished(line) => {
                let label = match (&line.result, line.status) {
                    (_, AttemptStatus::Error | AttemptStatus::Attention) => "JE".to_string(),
                    (Some(result), _) => result.verdict.code().to_string(),
                    (None, _) => "rejected".to_string(),
                };
                *self.counts.entry(label).or_default() += 1;
                self.bar.set_message(
                    self.counts
                        .iter()
                        .map(|(k, v)| format!("{k} {v}"))
                        .collect::<Vec<_>>()
                        .join("  "),
                );
                self.bar.inc(1);
            }
            _ => {}
        }
    }
}

/// Runs `judge contest`.
pub fn execute(cli: &GlobalOptions, args: &ContestArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    if !args.submissions.is_dir() {
        anyhow::bail!(
            "submissions folder {}: not found",
            args.submissions.display()
        );
    }
    let chosen = config.course().chosen(args.contest.as_deref())?.clone();
    let judge = Judge::new(config, cancel_flag())?
        .with_compile_cache(CompileCache::new(args.out.join("compile-cache")));
    super::common::warn_if_degraded(&judge);
    let options = ContestOptions {
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        rejudge: args.rejudge,
    };
    let started = Instant::now();
    let mut progress = ProgressListener::new();
    let outcome = run_contest(
        &judge,
        &chosen,
        &args.submissions,
        &args.out,
        &options,
        &mut progress,
    );
    progress.bar.finish_and_clear();
    let outcome = outcome?;
    let contest = &judge_contest::with_groups_of(&judge.config, chosen);
    let results = results_file(contest, &outcome.attempts);
    write(args.out.join("results.json"), &to_json(&results))?;
    write(
        args.out.join("scoreboard.csv"),
        &csv::scoreboard_csv(&results.scoreboard),
    )?;
    write(
        args.out.join("results.csv"),
        &csv::results_csv(&results.attempts),
    )?;
    let measured: BTreeMap<String, judge_model::SubmissionResult> = outcome
        .attempts
        .iter()
        .filter_map(|a| Some((a.id.clone(), a.result.clone()?)))
        .collect();
    write(
        args.out.join("report/index.html"),
        &html::report(&results, &measured),
    )?;
    println!(
        "{} ({} scoring)\n",
        contest.title,
        serde_name(&contest.scoring).to_uppercase()
    );
    print!("{}", terminal::scoreboard_table(&results.scoreboard));
    let judged: Vec<_> = outcome
        .attempts
        .iter()
        .filter_map(|a| a.result.as_ref())
        .collect();
    let compiles = judged
        .iter()
        .filter(|r| !r.compile.cached && r.compile.wall_time_s > 0.0)
        .count();
    let cache_hits = judged.iter().filter(|r| r.compile.cached).count();
    // From 0.0: Rust's sum of no f64 is -0.0, printed "-0.0 s".
    let compile_seconds = judged
        .iter()
        .filter(|r| !r.compile.cached)
        .map(|r| r.compile.wall_time_s)
        .fold(0.0, |total, seconds| total + seconds);
    let count = |status: AttemptStatus| {
        outcome
            .attempts
            .iter()
            .filter(|a| a.status == status)
            .count()
    };
    let (rejected, errors, attention) = (
        count(AttemptStatus::Rejected),
        count(AttemptStatus::Error),
        count(AttemptStatus::Attention),
    );
    // Rejected attempts are not judged: they are counted apart from the judged ones,
    // whether this run or an earlier one turned them away.
    println!(
        "\n{} attempts ({} judged now, {} from an earlier run; {rejected} rejected without judging, {errors} judge errors to judge again, {attention} needing attention) in {:.1} s with {} jobs; {compiles} compiles ({compile_seconds:.1} s), {cache_hits} from the compile cache",
        outcome.attempts.len(),
        outcome.judged_now - outcome.rejected_now,
        outcome
            .reused
            .saturating_sub(rejected.saturating_sub(outcome.rejected_now)),
        started.elapsed().as_secs_f64(),
        options.jobs
    );
    for (status, heading) in [
        (AttemptStatus::Rejected, "not judged:"),
        (
            AttemptStatus::Error,
            "judge errors, pending: judged again by the next run:",
        ),
        (
            AttemptStatus::Attention,
            "needs attention: a judge error twice, pending (not scored, not penalised) until you decide (--rejudge judges everything again):",
        ),
    ] {
        let lines: Vec<_> = outcome
            .attempts
            .iter()
            .filter(|a| a.status == status)
            .collect();
        if lines.is_empty() {
            continue;
        }
        println!("{heading}");
        for attempt in lines {
            println!(
                "  {}: {}",
                escape::terminal_line(&attempt.id),
                escape::terminal_line(attempt.reason.as_deref().unwrap_or("not judged"))
            );
        }
    }
    println!(
        "results: {0}/results.json, {0}/results.csv, {0}/scoreboard.csv, {0}/report/index.html",
        args.out.display()
    );
    Ok(0)
}
