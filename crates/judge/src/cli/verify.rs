//! `judge verify`: every problem's references, tests and submissions agree, or the exact
//! file that does not is named.

use super::common::{cancel_flag, load_config, GlobalOptions};
use judge_core::Judge;
use judge_model::events::{Event, Listener, Silent};
use judge_model::text::escape;
use judge_packages::stored_limit::format_seconds;
use judge_verify::{verify_problem, LimitAction, ProblemReport, Status, VerifyOptions};

/// Arguments of `judge verify`.
#[derive(Debug, clap::Args)]
pub struct VerifyArgs {
    /// Problems to verify: ids of the contest, or paths of problem folders, package
    /// folders or package .zip files, checked in place (default: every problem of the
    /// contest, see --contest).
    pub problems: Vec<String>,
    /// Verify this contest's problems, by id (default: the first contest, `[contest]`).
    #[arg(long, value_name = "ID", conflicts_with = "problems")]
    pub contest: Option<String>,
    /// Print the reports as JSON.
    #[arg(long)]
    pub json: bool,
    /// Print the time limit each problem's rule gives from its accepted submissions (2 x
    /// the slowest accepted natively; a package's own rule): a package's limit inferred
    /// again, beside the one decided, and nothing written.
    #[arg(long, conflicts_with = "write_limits")]
    pub suggest_limits: bool,
    /// Infer again, from the accepted submissions, the time limit of each package that
    /// gives none and store it in its folder's .timelimit (the explicit act that changes
    /// a decided limit; a problem whose files give its limit is refused).
    #[arg(long)]
    pub write_limits: bool,
    /// Submissions judged at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
}

/// Width of the check column: the longest check name ("submissions", "time limits").
const CHECK_WIDTH: usize = 11;

/// Prints each check's row as it finishes: verify takes minutes, and says so as it goes.
struct RowPrinter;

impl Listener for RowPrinter {
    fn on_event(&mut self, event: &Event<'_>) {
        if let Event::CheckFinished { row, .. } = event {
            let status = match row.status {
                Status::Pass => "pass",
                Status::Fail => "FAIL",
                Status::Skip => "skip",
            };
            // Details quote kept submissions and checkers: escaped for the terminal.
            println!(
                "  {:<CHECK_WIDTH$}  {status:<6}  {}",
                row.check,
                escape::terminal_line(&row.detail)
            );
        }
    }
}

fn print_suggestion(report: &ProblemReport) {
    let margins = &report.margins;
    if let Some(inference) = &margins.inferred {
        let (file, cpu) = &inference.slowest;
        println!(
            "{}: the accepted submissions give {} s ({}: {} at {cpu:.3} s); in use: {} s {}{}",
            report.problem,
            format_seconds(inference.limit_s),
            inference.rule,
            escape::terminal_line(file),
            format_seconds(margins.time_limit_s),
            margins.time_limit_origin.describe(),
            if margins.limit_written {
                ""
            } else {
                "; not written (judge verify --write-limits stores it)"
            }
        );
        return;
    }
    match (&margins.suggested_time_limit_s, &margins.slowest_accepted) {
        (Some(suggested), Some((file, cpu, limit))) => println!(
            "{}: suggested time_s = {suggested:.1} (now {:.2}): twice the slowest accepted, {} at {cpu:.3} s of its {limit:.2} s limit",
            report.problem, margins.time_limit_s, escape::terminal_line(file)
        ),
        _ => println!("{}: no accepted submission to base a limit on", report.problem),
    }
}

/// Runs `judge verify`.
pub fn execute(cli: &GlobalOptions, args: &VerifyArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let problems: Vec<String> = if args.problems.is_empty() {
        let course = config.course();
        let contest = course.chosen(args.contest.as_deref())?;
        if contest.problems.is_empty() {
            anyhow::bail!(
                "{}: contest {} lists no problems to verify (judge import PACKAGE adds one)",
                config.file.display(),
                contest.id
            );
        }
        contest.problems.iter().map(|p| p.id.clone()).collect()
    } else {
        args.problems.clone()
    };
    let judge = Judge::new(config, cancel_flag())?;
    super::common::warn_if_degraded(&judge);
    if args.write_limits {
        if let Some(zip) = problems.iter().find(|p| p.ends_with(".zip")) {
            anyhow::bail!(
                "{zip}: --write-limits stores a limit in the problem's folder, and a .zip is checked unpacked in a temporary one: `judge import` it (import decides its limit), or unpack it and verify the folder"
            );
        }
    }
    let mut options = VerifyOptions {
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        limits: if args.write_limits {
            LimitAction::Write
        } else if args.suggest_limits {
            LimitAction::Suggest
        } else {
            LimitAction::Use
        },
        store_first_limit: true,
    };
    let mut reports = Vec::new();
    for id in &problems {
        let mut printer = RowPrinter;
        let listener: &mut dyn Listener = if args.json {
            &mut Silent
        } else {
            println!("{}", escape::terminal_line(id));
            println!("  {:<CHECK_WIDTH$}  status  detail", "check");
            &mut printer
        };
        // A path (a problem folder, a package folder or .zip) is checked in place, and
        // nothing is written into it unless --write-limits asks; a problem of the
        // contest without a decided limit gets it stored by this, its first verify.
        let by_path = judge_packages::is_path(&judge.config, id);
        options.store_first_limit = !by_path;
        let report = if by_path {
            match judge_packages::open(
                &judge.config,
                std::path::Path::new(id),
                None,
                judge_packages::Trust::SandboxedOnly,
            ) {
                Ok(opened) => {
                    let mut report =
                        judge_verify::verify_loaded(&judge, opened.problem, &options, listener);
                    report.problem = id.clone();
                    report
                }
                Err(error) => judge_verify::failed_to_load(id, error, listener),
            }
        } else {
            let report = verify_problem(&judge, id, &options, listener);
            // Kept for the teacher's limits page: the figures beside the limits.
            let record = report.record(judge_model::text::rfc3339(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs() as i64),
            ));
            if let Err(why) = judge_packages::verify_record::write(&judge.config, id, &record) {
                eprintln!("warning: verify's figures of {id} are not kept: {why}");
            }
            report
        };
        if !args.json {
            println!();
        }
        reports.push(report);
    }
    let failed: Vec<&str> = reports
        .iter()
        .filter(|r| !r.passed())
        .map(|r| r.problem.as_str())
        .collect();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&reports)?);
    } else {
        if args.suggest_limits {
            for report in &reports {
                print_suggestion(report);
            }
            println!();
        }
        println!(
            "summary: {}, {} passed, {} failed{}",
            judge_verify::count(reports.len(), "problem"),
            reports.len() - failed.len(),
            failed.len(),
            if failed.is_empty() {
                String::new()
            } else {
                format!(": {}", failed.join(", "))
            }
        );
    }
    Ok(if failed.is_empty() { 0 } else { 1 })
}
