//! `judge db`: the server's store itself. `copy FROM TO` moves every account, session,
//! setting, submission, result and API token into a new, empty store (a SQLite file into
//! PostgreSQL, when one machine is no longer enough); `status` says what a store holds
//! (its schema version, the rows of each table, the queue, the workers that reported);
//! `backup FILE` writes a consistent copy while the server runs, `restore FILE` puts one
//! back (judge_server::store::backup).

use super::common::{GlobalOptions, EXIT_JUDGED};
use super::database::{self, DatabaseArgs};
use judge_server::store::{backup, copy, DatabaseUrl, Store};
use std::path::PathBuf;

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
    /// What a store holds: schema version, rows per table, the queue, workers.
    Status {
        /// The store.
        #[command(flatten)]
        store: DatabaseArgs,
    },
    /// Write a backup of the store into FILE (a new SQLite file), consistent while the
    /// server runs and judges.
    Backup {
        /// The backup to write (it must not exist).
        file: PathBuf,
        /// The store.
        #[command(flatten)]
        store: DatabaseArgs,
    },
    /// Put the backup FILE back into the store (stop the server first): into an empty
    /// store, or with --replace in place of what it holds.
    Restore {
        /// A backup made by `judge db backup` (or `judge serve --backup-every`).
        file: PathBuf,
        /// Delete what the store holds first (in the same transaction).
        #[arg(long)]
        replace: bool,
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
        DbCommand::Backup { file, store } => {
            let config = database::optional_config(cli.config.as_ref())?;
            // As it is: a backup is of the store as it was, even an older schema's.
            let store = Store::open_as_is(&store.existing_url(config.as_ref())?)?;
            let contents = backup::backup(&store, file)?;
            print_tables(&contents.tables);
            println!(
                "backed up {} (schema version {}) into {}",
                store.describe(),
                contents.schema_version,
                file.display()
            );
            Ok(EXIT_JUDGED)
        }
        DbCommand::Restore {
            file,
            replace,
            store,
        } => {
            let config = database::optional_config(cli.config.as_ref())?;
            let url = store.url(config.as_ref())?;
            let restored = backup::restore(file, &url, *replace)?;
            for (table, rows) in &restored.tables {
                println!("{table}: {rows} rows");
            }
            println!(
                "restored {} (schema version {}) into {url}",
                file.display(),
                restored.backup.schema_version
            );
            Ok(EXIT_JUDGED)
        }
        DbCommand::Status { store } => {
            let config = database::optional_config(cli.config.as_ref())?;
            let store = database::open(store, config.as_ref())?;
            let (queued, judging) = store.queue_counts()?;
            let contents = backup::contents(&store)?;
            println!("store: {}", store.describe());
            println!(
                "schema version: {} (this judge writes {})",
                contents.schema_version,
                judge_server::store::SCHEMA_VERSION
            );
            println!("accounts: {}", store.users()?.len());
            println!("queue: {queued} queued, {judging} being judged");
            println!("rows per table:");
            for (table, rows) in &contents.tables {
                println!("  {table}: {rows} rows");
            }
            let now = judge_server::store::now_ms();
            for worker in store.workers()? {
                let seen = (now - worker.seen_at_ms).max(0) / 1000;
                let state = if worker.stopped { "stopped" } else { "running" };
                let languages = match &worker.languages {
                    Some(ids) if ids.is_empty() => "no language".to_string(),
                    Some(ids) => ids.join(", "),
                    None => "any language".to_string(),
                };
                println!(
                    "worker {} on {}: {} jobs, {state}, last heard {seen} s ago, judges {languages}{}",
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

/// One line per table: `submissions: 18 rows`.
fn print_tables(tables: &[(String, i64)]) {
    for (table, rows) in tables {
        println!("{table}: {rows} rows");
    }
}
