//! `judge db`: the server's store itself. `copy FROM TO` moves every account, session,
//! setting, submission, result and API token into a new, empty store (a SQLite file into
//! PostgreSQL, when one machine is no longer enough); `status` says what a store holds
//! (its schema version, the queue, the workers that reported).

use super::common::{GlobalOptions, EXIT_JUDGED};
use super::database::{self, DatabaseArgs};
use judge_server::store::{copy, DatabaseUrl, Store};

/// Arguments of `judge db`.
#[derive(Debug, clap::Args)]
pub struct DbArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: DbCommand,
}

/// The `judge db` subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum DbCommand {
    /// Copy one store into another, empty one (the schema is made there first).
    Copy {
        /// The store to read: sqlite:PATH or postgres://...
        from: DatabaseUrl,
        /// The store to fill: sqlite:PATH or postgres://... (it must hold no accounts and
        /// no submissions).
        to: DatabaseUrl,
    },
    /// What a store holds: schema version, accounts, the queue, workers.
    Status {
        /// The store.
        #[command(flatten)]
        store: DatabaseArgs,
    },
}

/// Runs `judge db`.
pub fn execute(cli: &GlobalOptions, args: &DbArgs) -> anyhow::Result<u8> {
    match &args.command {
        DbCommand::Copy { from, to } => {
            if from == to {
                anyhow::bail!("FROM and TO are the same store ({from})");
            }
            let source = Store::connect(from)?;
            let destination = Store::connect(to)?;
            let report = copy::copy(&source, &destination)?;
            for (table, rows) in &report.tables {
                println!("{table}: {rows} rows");
            }
            println!("copied {from} into {to}");
            Ok(EXIT_JUDGED)
        }
        DbCommand::Status { store } => {
            let config = database::optional_config(cli.config.as_ref())?;
            let store = database::open(store, config.as_ref())?;
            let (queued, judging) = store.queue_counts()?;
            println!("store: {}", store.describe());
            println!(
                "schema version: {} (this judge writes {})",
                store.engine().schema_version()?,
                judge_server::store::SCHEMA_VERSION
            );
            println!("accounts: {}", store.users()?.len());
            println!("queue: {queued} queued, {judging} being judged");
            let now = judge_server::store::now_ms();
            for worker in store.workers()? {
                let seen = (now - worker.seen_at_ms).max(0) / 1000;
                let state = if worker.stopped { "stopped" } else { "running" };
                println!(
                    "worker {} on {}: {} jobs, {state}, last heard {seen} s ago{}",
                    worker.name,
                    worker.host,
                    worker.jobs,
                    if worker.note.is_empty() {
                        String::new()
                    } else {
                        format!("; {}", worker.note)
                    }
                );
            }
            Ok(EXIT_JUDGED)
        }
    }
}
