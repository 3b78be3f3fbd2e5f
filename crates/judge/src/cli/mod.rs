//! The command line: one module per subcommand; each parses nothing and prints what the
//! library gives it.

pub mod contest;
pub mod database;
pub mod db;
pub mod doctor;
pub mod export;
pub mod import;
pub mod run;
pub mod serve;
pub mod similarity;
pub mod stress;
pub mod submit;
pub mod testdata;
pub mod users;
pub mod verify;
pub mod worker;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Exit status: the submission was judged (whatever the verdict).
pub const EXIT_JUDGED: u8 = 0;
/// Exit status: it could not be judged (bad configuration, missing file, sandbox failure).
pub const EXIT_ERROR: u8 = 1;
/// Exit status: judged and rejected, when `--fail-on-reject` is given.
pub const EXIT_REJECTED: u8 = 3;
/// Exit status: interrupted by SIGINT or SIGTERM (after cleaning up).
pub const EXIT_INTERRUPTED: u8 = 130;

/// An online-judge style grading harness: judge submissions against a problem's tests.
#[derive(Debug, Parser)]
#[command(name = "judge", version, about, long_about = None)]
pub struct Cli {
    /// judge.toml to use (default: the nearest one in this folder or above).
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Judge one source file on one problem.
    Run(run::RunArgs),
    /// Verify every problem: references, tests, validators, checkers, submissions, limits.
    Verify(verify::VerifyArgs),
    /// The reference against another solution on generated inputs, until they disagree.
    Stress(stress::StressArgs),
    /// Manage stored test data.
    Testdata(testdata::TestdataArgs),
    /// Add a Kattis or Polygon package (folder or .zip) to the contest.
    Import(import::ImportArgs),
    /// Write a native problem as a Kattis problem package (2025-09).
    Export(export::ExportArgs),
    /// Judge a whole class's submissions; publish the scoreboard, results and a report.
    Contest(contest::ContestArgs),
    /// Check what this machine offers the sandbox and what makes timings unreliable.
    Doctor(doctor::DoctorArgs),
    /// Serve the contest to students' browsers (accounts, submissions, live verdicts).
    Serve(serve::ServeArgs),
    /// Manage the web server's accounts and API tokens.
    Users(users::UsersArgs),
    /// Send a source file to a running `judge serve` (its JSON API); --wait for the verdict.
    Submit(submit::SubmitArgs),
    /// Judge the web server's queue from this machine (a store shared with `judge serve`).
    Worker(worker::WorkerArgs),
    /// The web server's store: copy it into another (SQLite into PostgreSQL), its status.
    Db(db::DbArgs),
    /// Which students' submissions were copied from each other: ranked pairs, reports.
    Similarity(similarity::SimilarityArgs),
}

/// Finds and loads judge.toml.
pub fn load_config(
    explicit: Option<&PathBuf>,
) -> anyhow::Result<judge_core::config::judge_toml::JudgeConfig> {
    let file = match explicit {
        Some(file) => file.clone(),
        None => {
            let here = std::env::current_dir()?;
            judge_core::config::judge_toml::JudgeConfig::find(&here).ok_or_else(|| {
                anyhow::anyhow!(
                    "no judge.toml in {} or any folder above it (pass --config FILE)",
                    here.display()
                )
            })?
        }
    };
    Ok(judge_core::config::judge_toml::JudgeConfig::load(&file)?)
}

/// Installs SIGINT/SIGTERM handlers: the first sets the flag (runs stop, boxes are cleaned
/// up, the judge exits with a message); a second one exits at once.
pub fn cancel_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            i32::from(EXIT_INTERRUPTED),
            flag.clone(),
        );
        let _ = signal_hook::flag::register(signal, flag.clone());
    }
    flag
}

/// Says once, on stderr, which protections are off (not root, no cgroups).
pub fn warn_if_degraded(judge: &judge_core::Judge) {
    for note in &judge.sandbox().mode().degraded {
        eprintln!("warning: degraded sandbox: {note}");
    }
}

/// Runs the parsed command line.
pub fn execute(cli: Cli) -> ExitCode {
    let result = match &cli.command {
        Command::Run(args) => run::execute(&cli, args),
        Command::Contest(args) => contest::execute(&cli, args),
        Command::Doctor(args) => doctor::execute(&cli, args),
        Command::Verify(args) => verify::execute(&cli, args),
        Command::Stress(args) => stress::execute(&cli, args),
        Command::Testdata(args) => testdata::execute(&cli, args),
        Command::Import(args) => import::execute(&cli, args),
        Command::Export(args) => export::execute(&cli, args),
        Command::Serve(args) => serve::execute(&cli, args),
        Command::Users(args) => users::execute(&cli, args),
        Command::Worker(args) => worker::execute(&cli, args),
        Command::Submit(args) => submit::execute(&cli, args),
        Command::Db(args) => db::execute(&cli, args),
        Command::Similarity(args) => similarity::execute(&cli, args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            let interrupted = error
                .downcast_ref::<judge_core::JudgeError>()
                .is_some_and(|e| matches!(e, judge_core::JudgeError::Cancelled));
            eprintln!("error: {}", one_line(&error));
            ExitCode::from(if interrupted {
                EXIT_INTERRUPTED
            } else {
                EXIT_ERROR
            })
        }
    }
}

/// The error and its causes on one line, each cause once: most of the judge's errors
/// already end with their cause's text (`{context}: {source}`), which anyhow's `{:#}`
/// would print again.
fn one_line(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if line.ends_with(&text) {
            continue;
        }
        if !line.is_empty() {
            line.push_str(": ");
        }
        line.push_str(&text);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn each_cause_is_said_once() {
        let io = std::io::Error::other("No such file or directory");
        let sandbox = sandbox::SandboxError::Invalid("/tmp/x cannot be seen inside a box".into());
        let judge = judge_core::JudgeError::sandbox("compiling with g++", sandbox);
        assert_eq!(
            one_line(&anyhow::Error::new(judge)),
            "compiling with g++: invalid request: /tmp/x cannot be seen inside a box"
        );
        // A context that does not repeat its cause is followed by it.
        let wrapped = anyhow::Error::new(io).context("reading judge.toml");
        assert_eq!(
            one_line(&wrapped),
            "reading judge.toml: No such file or directory"
        );
    }
}
