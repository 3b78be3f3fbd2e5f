//! `judge users`: accounts of the web server and their API tokens, in the store (see
//! `database.rs` for which). Works while the server runs.

use super::common::{GlobalOptions, EXIT_ERROR, EXIT_JUDGED};
use super::database::{self, DatabaseArgs};
use anyhow::Context;
use judge_server::accounts;
use judge_server::store::{AccountChange, Role};
use std::path::PathBuf;

/// Arguments of `judge users`.
#[derive(Debug, clap::Args)]
pub struct UsersArgs {
    /// The store.
    #[command(flatten)]
    pub store: DatabaseArgs,
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
    /// Add a class of students from a CSV file of `name[,password[,group]]` lines;
    /// prints `name,password` for each account whose password was generated.
    Import {
        /// The CSV file (a first line `name,password,group` is a header).
        file: PathBuf,
    },
    /// List the accounts (name, role, `disabled` for a disabled one, and `in GROUP`).
    List,
    /// Put an account in a group (a class or section, by which the gradebook and the
    /// teacher's submission list filter), or in none when GROUP is left out.
    Group {
        /// The log-in name.
        name: String,
        /// The group (letters, digits, spaces, '.', '_', '-').
        group: Option<String>,
    },
    /// Disable an account: it cannot log in, its sessions end and its API tokens stop at
    /// once (the last enabled teacher cannot be disabled).
    Disable {
        /// The log-in name.
        name: String,
    },
    /// Enable a disabled account again (its old tokens stay revoked).
    Enable {
        /// The log-in name.
        name: String,
    },
    /// Give an account a new generated password (log it out and revoke its API tokens);
    /// print the password.
    ResetPassword {
        /// The log-in name.
        name: String,
    },
    /// Make an API token for an account and print it (shown once; only its hash is kept).
    Token {
        /// The log-in name.
        name: String,
    },
    /// List the API tokens (never the tokens themselves).
    Tokens,
    /// Revoke an API token by its id (from `judge users tokens`), or all of an account's.
    RevokeToken {
        /// The token's id.
        #[arg(required_unless_present = "all_of")]
        id: Option<i64>,
        /// Revoke every token of this account instead.
        #[arg(long, value_name = "NAME", conflicts_with = "id")]
        all_of: Option<String>,
    },
    /// Make a token for a judging machine and print it (shown once; only its hash is
    /// kept): `judge worker --server URL --token TOKEN` claims work with it. A role of
    /// its own: it opens no page, and no account's token claims work.
    WorkerToken {
        /// The machine's name (letters, digits, '.', '_', '-'); its workers' leases carry it.
        name: String,
    },
    /// List the worker tokens (never the tokens themselves).
    WorkerTokens,
    /// Revoke every worker token of a judging machine: its workers stop claiming at
    /// their next call (what they are judging is taken by others when its lease lapses).
    RevokeWorkerToken {
        /// The machine's name.
        name: String,
    },
}

/// Runs `judge users`.
pub fn execute(cli: &GlobalOptions, args: &UsersArgs) -> anyhow::Result<u8> {
    let config = database::optional_config(cli.config.as_ref())?;
    let store = database::open(&args.store, config.as_ref())?;
    match &args.command {
        UsersCommand::Add { name, teacher } => {
            let role = if *teacher {
                Role::Teacher
            } else {
                Role::Student
            };
            let password = accounts::add_user(&store, name, role, None)?;
            println!("added {name} ({}); password: {password}", role.as_str());
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
                let disabled = if user.disabled { "\tdisabled" } else { "" };
                let group = user
                    .group
                    .as_ref()
                    .map_or_else(String::new, |g| format!("\tin {g}"));
                println!("{}\t{}{disabled}{group}", user.name, user.role.as_str());
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Group { name, group } => {
            let user = accounts::change_account(&store, name, AccountChange::Group(group.clone()))?;
            match &user.group {
                Some(group) => println!("{name} is in group {group}"),
                None => println!("{name} is in no group"),
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Disable { name } => {
            accounts::change_account(&store, name, AccountChange::Disable)?;
            println!("disabled {name}: logged out, API tokens revoked");
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Enable { name } => {
            accounts::change_account(&store, name, AccountChange::Enable)?;
            println!("enabled {name}");
            Ok(EXIT_JUDGED)
        }
        UsersCommand::ResetPassword { name } => {
            let (password, reset) = accounts::reset_password(&store, name)?;
            // The password last: scripts take the line's last word.
            println!(
                "{name}: API tokens revoked: {} (`judge users token {name}` makes a new one); sessions ended: {}",
                reset.tokens_revoked, reset.sessions_ended
            );
            println!("new password for {name}: {password}");
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Token { name } => {
            let (id, token) = accounts::issue_token(&store, name)?;
            eprintln!("token {id} for {name} (keep it secret; `judge users revoke-token {id}` revokes it):");
            println!("{token}");
            Ok(EXIT_JUDGED)
        }
        UsersCommand::Tokens => {
            println!("id\tuser\tcreated\tlast used\tstate");
            for token in store.tokens()? {
                println!(
                    "{}\t{}\t{}\t{}\t{}",
                    token.id,
                    token.user_name,
                    judge_model::text::rfc3339_ms(token.created_at_ms),
                    token
                        .last_used_at_ms
                        .map_or_else(|| "never".to_string(), judge_model::text::rfc3339_ms),
                    if token.revoked { "revoked" } else { "live" }
                );
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::RevokeToken { id, all_of } => {
            if let Some(name) = all_of {
                let Some((user, _)) = store.user_by_name(name)? else {
                    anyhow::bail!("no user named {name}");
                };
                let count = store.revoke_user_tokens(user.id)?;
                println!("revoked {count} tokens of {name}");
            } else if let Some(id) = id {
                if !store.revoke_token(*id)? {
                    anyhow::bail!("there is no live token {id} (see `judge users tokens`)");
                }
                println!("revoked token {id}");
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::WorkerToken { name } => {
            let (id, token) = accounts::issue_worker_token(&store, name)?;
            eprintln!("worker token {id} for the judging machine {name} (keep it secret; `judge users revoke-worker-token {name}` revokes it):");
            println!("{token}");
            Ok(EXIT_JUDGED)
        }
        UsersCommand::WorkerTokens => {
            println!("id\tmachine\tcreated\tlast used\tstate");
            for token in store.worker_tokens()? {
                println!(
                    "{}\t{}\t{}\t{}\t{}",
                    token.id,
                    token.name,
                    judge_model::text::rfc3339_ms(token.created_at_ms),
                    token
                        .last_used_at_ms
                        .map_or_else(|| "never".to_string(), judge_model::text::rfc3339_ms),
                    if token.revoked { "revoked" } else { "live" }
                );
            }
            Ok(EXIT_JUDGED)
        }
        UsersCommand::RevokeWorkerToken { name } => {
            let count = store.revoke_worker_tokens(name)?;
            if count == 0 {
                anyhow::bail!("the judging machine {name} has no live worker token (see `judge users worker-tokens`)");
            }
            println!("revoked {count} worker tokens of {name}: its workers stop claiming");
            Ok(EXIT_JUDGED)
        }
    }
}
