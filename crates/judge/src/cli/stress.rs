//! `judge stress ID --against SOURCE`: the problem's reference against SOURCE on generated
//! inputs until they disagree; progress on the terminal, a summary (or JSON) at the end.

use super::common::{
    cancel_flag, load_config, GlobalOptions, EXIT_INTERRUPTED, EXIT_JUDGED, EXIT_REJECTED,
};
use indicatif::{ProgressBar, ProgressStyle};
use judge_core::Judge;
use judge_model::events::{Event, Listener};
use judge_model::problem::StressRecipe;
use judge_model::text::escape;
use judge_model::Verdict;
use judge_verify::stress::{
    recipe, saved, stress, Against, Phase, Round, StressError, StressOptions, StressReport,
};
use std::path::PathBuf;
use std::time::Duration;

/// How long stress runs when neither `--count` nor `--time` is given.
const DEFAULT_SECONDS: f64 = 60.0;

/// Arguments of `judge stress`.
#[derive(Debug, clap::Args)]
pub struct StressArgs {
    /// The problem's id.
    pub problem: String,
    /// The solution to compare with the reference (a brute force, a suspect submission),
    /// in any language of judge.toml's table.
    #[arg(long, value_name = "SOURCE")]
    pub against: PathBuf,
    /// Its language id from judge.toml (default: from the file extension).
    #[arg(long)]
    pub lang: Option<String>,
    /// The generator's arguments, split at spaces; `{seed}` becomes each round's seed and
    /// `{size}` its size (default: problem.toml's [stress] gen).
    #[arg(long, value_name = "ARGS")]
    pub gen: Option<String>,
    /// The range of `{size}`, as SMALLEST-LARGEST (default: problem.toml's [stress] sizes).
    #[arg(long, value_name = "MIN-MAX", value_parser = parse_sizes)]
    pub sizes: Option<[u64; 2]>,
    /// Stop after N rounds.
    #[arg(long, value_name = "N")]
    pub count: Option<u64>,
    /// Stop after S seconds (default 60 when --count is not given either).
    #[arg(long, value_name = "S")]
    pub time: Option<f64>,
    /// The first round's seed (default: from the clock); each round takes the next.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Seeds tried at each smaller size while shrinking a disagreement.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub shrink_tries: u64,
    /// Where the disagreeing case's folder is made.
    #[arg(long, value_name = "DIR", default_value = "stress-failures")]
    pub out: PathBuf,
    /// Rounds played at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_sizes(text: &str) -> Result<[u64; 2], String> {
    let (smallest, largest) = text
        .split_once('-')
        .ok_or_else(|| format!("{text:?}: give the sizes as SMALLEST-LARGEST, such as 2-6"))?;
    let number = |part: &str| {
        part.trim()
            .parse::<u64>()
            .map_err(|_| format!("{text:?}: {part:?} is not a size"))
    };
    Ok([number(smallest)?, number(largest)?])
}

/// The progress line (indicatif draws it on a terminal only): rounds, their rate, the last
/// round's size and verdict.
struct ProgressLine {
    bar: ProgressBar,
}

impl ProgressLine {
    fn new(count: Option<u64>) -> ProgressLine {
        let (bar, template) = match count {
            Some(count) => (
                ProgressBar::new(count),
                "{elapsed_precise} [{bar:30}] {pos}/{len} rounds  {per_sec}  {msg}",
            ),
            None => (
                ProgressBar::new_spinner(),
                "{elapsed_precise} {spinner} {pos} rounds  {per_sec}  {msg}",
            ),
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        ProgressLine { bar }
    }
}

impl Listener for ProgressLine {
    fn on_event(&mut self, event: &Event<'_>) {
        let Event::StressRound(round) = event else {
            return;
        };
        let size = round
            .size
            .map(|s| format!("size {s}, "))
            .unwrap_or_default();
        match round.phase {
            Phase::Search => {
                self.bar.inc(1);
                self.bar
                    .set_message(format!("{size}seed {}: {}", round.seed, round.verdict));
                if round.verdict != Verdict::AC {
                    self.bar
                        .println(format!("disagreement: {}; shrinking", describe(round)));
                }
            }
            Phase::Shrink => self.bar.set_message(format!(
                "shrinking: {size}seed {}: {}",
                round.seed, round.verdict
            )),
        }
    }
}

/// A round in words: where it was, what the other solution got.
fn describe(round: &Round) -> String {
    format!(
        "seed {}{}: {}{}",
        round.seed,
        round
            .size
            .map(|s| format!(", size {s}"))
            .unwrap_or_default(),
        round.verdict,
        if round.message.is_empty() {
            String::new()
        } else {
            format!(" ({})", escape::terminal_line(&round.message))
        }
    )
}

fn print_summary(report: &StressReport, generator: &str) {
    let sizes = report
        .sizes
        .map(|[a, b]| format!(", sizes {a}-{b}"))
        .unwrap_or_default();
    println!(
        "stress {}: the reference against {} ({}); generator {generator} {}{sizes}; seeds from {}",
        report.problem,
        escape::terminal_line(&report.source),
        report.language,
        escape::terminal_line(&report.gen.join(" ")),
        report.first_seed
    );
    println!(
        "{} rounds in {:.1} s: {:.1} rounds/s; largest CPU time: reference {:.3} s, {} {:.3} s",
        report.rounds,
        report.search_s,
        report.rounds_per_second,
        report.reference_max_cpu_s,
        escape::terminal_line(&report.source),
        report.source_max_cpu_s
    );
    match &report.disagreement {
        None => println!(
            "no disagreement ({})",
            match report.stopped {
                judge_verify::stress::Stop::Time => "stopped by --time",
                judge_verify::stress::Stop::Interrupted => "interrupted",
                _ => "stopped after the rounds asked for",
            }
        ),
        Some(found) => {
            println!(
                "DISAGREEMENT on round {}: {}",
                found.found.round,
                describe(&found.found)
            );
            if found.minimised != found.found {
                println!(
                    "minimised to {} after {} shrinking rounds",
                    describe(&found.minimised),
                    found.shrink_rounds
                );
            } else if found.found.size.is_some() {
                println!(
                    "no smaller size disagrees ({} shrinking rounds)",
                    found.shrink_rounds
                );
            }
            println!(
                "saved in {}: {} (input), {} (the reference's output), {} ({}'s), {}",
                escape::terminal_line(&found.saved.display().to_string()),
                saved::INPUT,
                saved::ANSWER,
                saved::OUTPUT,
                escape::terminal_line(&report.source),
                saved::REPORT
            );
            println!(
                "the input again: {generator} {}",
                escape::terminal_line(&found.minimised.args.join(" "))
            );
        }
    }
}

/// Runs `judge stress`.
pub fn execute(cli: &GlobalOptions, args: &StressArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let cancel = cancel_flag();
    let judge = Judge::new(config, cancel.clone())?;
    super::common::warn_if_degraded(&judge);
    let problem = judge_packages::load(&judge.config, &args.problem)?;
    judge_model::source::check_file(&args.against)?;
    let bytes =
        judge_model::source::read_capped(&args.against, judge.config.compile.max_source_kib)?;
    let language = judge
        .languages
        .choose(&args.against, &bytes, args.lang.as_deref())?
        .clone();
    let table = problem.stress.as_ref();
    let recipe = match (&args.gen, table) {
        (Some(text), _) => {
            let sizes = args.sizes.or_else(|| {
                table
                    .and_then(|t| t.sizes())
                    .filter(|_| text.contains("{size}"))
            });
            recipe::from_command_line(text, sizes)
        }
        (None, Some(table)) => {
            StressRecipe::new(table.gen().to_vec(), args.sizes.or(table.sizes()))
        }
        (None, None) => {
            return Err(StressError::NoRecipe {
                problem: problem.id.clone(),
            }
            .into())
        }
    };
    let max_time = match (args.time, args.count) {
        (Some(seconds), _) if !(seconds > 0.0 && seconds.is_finite()) => {
            anyhow::bail!("--time {seconds}: give a positive number of seconds")
        }
        (Some(seconds), _) => Some(Duration::from_secs_f64(seconds)),
        (None, None) => Some(Duration::from_secs_f64(DEFAULT_SECONDS)),
        (None, Some(_)) => None,
    };
    let first_seed = args.seed.unwrap_or_else(|| {
        // Any seed will do; a run prints its first so that it can be repeated.
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |t| t.as_secs() % 1_000_000 * 1000)
    });
    let generator = problem
        .generator
        .as_ref()
        .map_or_else(|| "the generator".to_string(), |g| g.name.clone());
    let options = StressOptions {
        recipe: recipe.map_err(StressError::Recipe)?,
        first_seed,
        max_rounds: args.count,
        max_time,
        shrink_tries: args.shrink_tries,
        save_under: args.out.clone(),
        cancel,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
    };
    let against = Against {
        source: &args.against,
        bytes: &bytes,
        language: &language,
    };
    let mut progress = ProgressLine::new(args.count);
    let report = stress(&judge, &problem, &against, &options, &mut progress);
    progress.bar.finish_and_clear();
    let report = report?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_summary(&report, &generator);
    }
    Ok(if report.disagreement.is_some() {
        EXIT_REJECTED
    } else if report.interrupted {
        EXIT_INTERRUPTED
    } else {
        EXIT_JUDGED
    })
}

#[cfg(test)]
mod tests {
    use super::parse_sizes;

    #[test]
    fn sizes_are_a_range() {
        assert_eq!(parse_sizes("2-6"), Ok([2, 6]));
        assert!(parse_sizes("6").unwrap_err().contains("SMALLEST-LARGEST"));
        assert!(parse_sizes("a-6").unwrap_err().contains("not a size"));
    }
}
