//! `judge users`: accounts of the web server, in its data folder's store. Works while the
//! server runs.

use super::{Cli, EXIT_ERROR, EXIT_JUDGED};
use anyhow::Context;
use judge_server::accounts;
use judge_server::options::DEFAULT_DATA_DIR;
use judge_server::store::{Role, Store};
use std::path::PathBuf;

/// Arguments of `judge users`.
#[derive(Debug, clap::Args)]
pub struct UsersArgs {
    /// The server's data folder.
    #[arg(long, value_name = "DIR", default_value = DEFAULT_DATA_DIR, global = true)]
    pub data: PathBuf,
    /// What to do.
    #[command(subcommand)]
    pub command: UsersCommand,
}

/// The `judge users` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum UsersCommand {
    /// Add an account with a generated password, and print the password.
    Add {
        /// The log-in name (letters, digits, '.', '_', '-').
        name: String,
        /// Make it a teacher (sees every submission, rejudges, exports).
        #[arg(long)]
        teacher: bool,
    },
    /// Add a class of students from a CSV file of `name[,password]` lines; prints
    /// `name,password` for each account whose password was generated.
    Import {
        /// The CSV file (a first line `name,password` is a header).
        file: PathBuf,
    },
    /// List the accounts.
    List,
    /// Give an account a new generated password (and log it out); print the password.
    ResetPassword {
        /// The log-in name.
        name: String,
    },
}

/// Runs `judge users`.
pub fn execute(_cli: &Cli, args: &UsersArgs) -> anyhow::Result<u8> {
    let store = Store::open(&args.data)?;
    match &args.command {
        UsersCommand::Add { name, teacher } => {
            let role = if *teacher {
                Role::Teacher
            } else {
                Role::Student
            };
            let password = accounts::add_user(&store, name, role, None)?;
            println!("added {} {name}; password: {password}", role.as_str());
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Import { file } => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("cannot read {}", file.display()))?;
            let report = accounts::import_students(&store, &text)?;
            println!("name,password");
            for (name, password, generated) in &report.created {
                if *generated {
                    println!("{name},{password}");
                }
            }
            for problem in &report.skipped {
                eprintln!(
                    "{}: line {}: skipped: {}",
                    file.display(),
                    problem.line,
                    problem.reason
                );
            }
            eprintln!(
                "added {} students, skipped {} lines",
                report.created.len(),
                report.skipped.len()
            );
            Ok(if report.skipped.is_empty() {
                EXIT_JUDGED
            } else {
                EXIT_ERROR
            })
        }
        UsersCommand::List => {
            for user in store.users()? {
                println!("{}\t{}", user.name, user.role.as_str());
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::ResetPassword { name } => {
            let password = accounts::reset_password(&store, name)?;
            println!("new password for {name}: {password}");
            Ok(EXIT_JUDGED)
        }
    }
}
