//! The command line: one module per subcommand; each parses nothing and prints what the
//! library gives it.

pub mod common;
pub mod contest;
pub mod database;
pub mod db;
pub mod doctor;
pub mod export;
pub mod grades;
pub mod import;
pub mod init;
pub mod pictures;
pub mod run;
pub mod serve;
pub mod similarity;
pub mod stress;
pub mod submit;
pub mod testdata;
pub mod users;
pub mod verify;
pub mod worker;
mod worker_remote;

use clap::{Parser, Subcommand};
use common::{GlobalOptions, EXIT_ERROR, EXIT_INTERRUPTED};
use std::process::ExitCode;

/// An online-judge style grading harness: judge submissions against a problem's tests.
#[derive(Debug, Parser)]
#[command(name = "judge", version, about, long_about = None)]
pub struct Cli {
    /// The options every command takes.
    #[command(flatten)]
    pub options: GlobalOptions,
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Make a new course folder: judge.toml, problems/, the store, a README of next steps.
    Init(init::InitArgs),
    /// Judge one source file on one problem.
    Run(run::RunArgs),
    /// Verify every problem: references, tests, validators, checkers, submissions, limits.
    Verify(verify::VerifyArgs),
    /// The reference against another solution on generated inputs, until they disagree.
    Stress(stress::StressArgs),
    /// Manage stored test data.
    Testdata(testdata::TestdataArgs),
    /// Add a problem to a contest: a Kattis or Polygon package (folder or .zip), or an FPS file.
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
    /// The course's gradebook (late rules applied): CSV, JSON, or for Moodle or Canvas.
    Grades(grades::GradesArgs),
}

/// Runs the parsed command line.
pub fn execute(cli: Cli) -> ExitCode {
    let result = match &cli.command {
        Command::Init(args) => init::execute(&cli.options, args),
        Command::Run(args) => run::execute(&cli.options, args),
        Command::Contest(args) => contest::execute(&cli.options, args),
        Command::Doctor(args) => doctor::execute(&cli.options, args),
        Command::Verify(args) => verify::execute(&cli.options, args),
        Command::Stress(args) => stress::execute(&cli.options, args),
        Command::Testdata(args) => testdata::execute(&cli.options, args),
        Command::Import(args) => import::execute(&cli.options, args),
        Command::Export(args) => export::execute(&cli.options, args),
        Command::Serve(args) => serve::execute(&cli.options, args),
        Command::Users(args) => users::execute(&cli.options, args),
        Command::Worker(args) => worker::execute(&cli.options, args),
        Command::Submit(args) => submit::execute(&cli.options, args),
        Command::Db(args) => db::execute(&cli.options, args),
        Command::Similarity(args) => similarity::execute(&cli.options, args),
        Command::Grades(args) => grades::execute(&cli.options, args),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            let interrupted = error
                .downcast_ref::<judge_model::JudgeError>()
                .is_some_and(|e| matches!(e, judge_model::JudgeError::Cancelled));
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
        let judge = judge_model::JudgeError::sandbox("compiling with g++", sandbox);
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
