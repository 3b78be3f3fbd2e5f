//! The store: users, sessions, API tokens, submissions and their results, the judging
//! queue (the submissions' `state`, with leases), problem hashes, live progress, judge
//! workers, a few settings.
//!
//! Two engines behind one interface ([`engine::Engine`]): SQLite ([`sqlite`], the
//! default: one file in the data folder, nothing to install) and PostgreSQL
//! ([`postgres`], shared by a server and judge workers on many machines), with one list of
//! versioned migrations ([`migrations`], a pair of SQL files each under `migrations/`).
//! The operations are written once, as methods of [`Store`] in this folder's other
//! modules, in SQL both engines run; where the dialects differ (the clock, row locks,
//! notifications, durability) an operation calls a named method of the engine's
//! transaction ([`engine::Tx`]) and never asks which engine it runs on. Each row is read
//! by column name into a struct, from one [`engine::Columns`] list shared by the queries
//! that select it and its decoder ([`engine::FromRow`]).
//!
//! [`backup`] writes a backup (one SQLite file, from either engine) and restores one;
//! [`Store::connect`] takes one before it migrates a store that holds data.
//!
//! Every method is one short transaction. Callers on the async runtime run them on
//! blocking threads (see `state::AppState::blocking`).

pub mod backup;
pub mod clarifications;
pub mod copy;
pub mod engine;
pub mod leases;
pub mod login_failures;
pub mod metrics;
pub mod migrations;
#[cfg(test)]
mod old_stores;
pub mod postgres;
pub mod progress;
pub mod sessions;
pub mod settings;
pub mod sqlite;
pub mod submissions;
pub mod tokens;
pub mod users;

#[cfg(test)]
pub(crate) mod testing;

pub use judge_core::config::database_url::DatabaseUrl;
pub use leases::{ClaimRequest, ProblemVersion, WorkerReport};
pub use migrations::SCHEMA_VERSION;
pub use progress::Progress;
pub use submissions::{
    Claimed, JudgeOutcome, NewSubmission, Placement, Submission, SubmissionFilter, SubmissionState,
    SubmissionSummary,
};
pub use tokens::ApiToken;
pub use users::{PasswordReset, Role, User};

use crate::error::{Result, ServerError};
use engine::{Access, Engine, Tx};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The database file's name inside the data folder.
pub const DATABASE_FILE: &str = "judge.sqlite3";

/// The store. Cheap to clone (shared).
#[derive(Clone)]
pub struct Store {
    engine: Arc<dyn Engine>,
    file: Option<PathBuf>,
    /// Counts this process's committed writes, and other processes' progress and results
    /// where the engine tells of them: live-status streams wake on it.
    changes: Arc<tokio::sync::watch::Sender<u64>>,
    /// Starts listening for other processes' changes, once, when a stream first asks.
    watching: Arc<std::sync::Once>,
    /// Transactions of this process that failed in the database (`GET /metrics`).
    errors: Arc<std::sync::atomic::AtomicU64>,
    /// The backup taken before this process migrated the store, if it did.
    migration_backup: Option<PathBuf>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("database", &self.engine.describe())
            .finish()
    }
}

impl Store {
    /// Opens (creating if needed) the SQLite store in `data_dir` and brings its schema up
    /// to date.
    pub fn open(data_dir: &Path) -> Result<Store> {
        Store::connect(&DatabaseUrl::sqlite(data_dir.join(DATABASE_FILE)))
    }

    /// Opens the store at `url` (creating a SQLite file if needed) and brings its schema
    /// up to date, backing an existing store up first (see [`Store::connect_keeping`];
    /// a SQLite store's backups go to `backups/` beside its file, a PostgreSQL store's
    /// are not taken: give a folder).
    pub fn connect(url: &DatabaseUrl) -> Result<Store> {
        let folder = match url {
            DatabaseUrl::Sqlite(file) => Some(backup::folder_beside(file)),
            DatabaseUrl::Postgres(_) => None,
        };
        Store::connect_keeping(url, folder.as_deref())
    }

    /// Opens the store at `url` and brings its schema up to date; when a migration is
    /// due on a store that holds data, a backup of it as it was is first written into
    /// `backups` (`judge-before-v8-...sqlite3`, [`backup::before_migration`]).
    pub fn connect_keeping(url: &DatabaseUrl, backups: Option<&Path>) -> Result<Store> {
        let mut store = Store::open_as_is(url)?;
        let found = store.engine.schema_version()?;
        if found > 0 && found < SCHEMA_VERSION {
            if let Some(folder) = backups {
                store.migration_backup = Some(backup::before_migration(&store, found, folder)?);
            }
        }
        store.engine.migrate()?;
        Ok(store)
    }

    /// Opens the store at `url` with its schema as it is (to back it up, or to say what
    /// it holds): the operations of the other modules need [`Store::connect`].
    pub fn open_as_is(url: &DatabaseUrl) -> Result<Store> {
        let engine: Arc<dyn Engine> = match url {
            DatabaseUrl::Sqlite(file) => Arc::new(sqlite::SqliteEngine::open(file)?),
            DatabaseUrl::Postgres(text) => {
                Arc::new(postgres::PostgresEngine::connect(text, &url.redacted())?)
            }
        };
        let file = match url {
            DatabaseUrl::Sqlite(file) => Some(file.clone()),
            DatabaseUrl::Postgres(_) => None,
        };
        Ok(Store::over(engine, file))
    }

    /// A store over `engine` (whose file is `file`, for a SQLite one).
    fn over(engine: Arc<dyn Engine>, file: Option<PathBuf>) -> Store {
        Store {
            engine,
            file,
            changes: Arc::new(tokio::sync::watch::Sender::new(0)),
            watching: Arc::new(std::sync::Once::new()),
            errors: Arc::default(),
            migration_backup: None,
        }
    }

    /// The backup this process took before it migrated the store, if it did (a command
    /// says so; the server logs it).
    pub fn migration_backup(&self) -> Option<&Path> {
        self.migration_backup.as_deref()
    }

    /// How many of this process's transactions failed in the database since it started
    /// (an unreachable PostgreSQL, a full disk, a busy SQLite file).
    pub fn errors(&self) -> u64 {
        self.errors.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The SQLite file, for a SQLite store.
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The store's address, safe to show.
    pub fn describe(&self) -> String {
        self.engine.describe()
    }

    /// Whether several machines can share it (PostgreSQL).
    pub fn is_shared(&self) -> bool {
        self.engine.is_shared()
    }

    /// The engine.
    pub fn engine(&self) -> &dyn Engine {
        &*self.engine
    }

    /// Runs `f` in a transaction of `access`, returning what it returns.
    pub(crate) fn transact<T>(
        &self,
        access: Access,
        f: impl FnOnce(&mut dyn Tx) -> Result<T>,
    ) -> Result<T> {
        let mut f = Some(f);
        let mut out = None;
        let done = self.engine.transaction(access, &mut |tx| {
            // The engine calls this closure exactly once.
            if let Some(f) = f.take() {
                out = Some(f(tx)?);
            }
            Ok(())
        });
        if let Err(ServerError::Database { .. }) = &done {
            self.errors
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        done?;
        out.ok_or_else(|| ServerError::Database {
            database: self.engine.describe(),
            cause: crate::error::DatabaseCause::Value("the transaction did not run".into()),
        })
    }

    /// Runs `f` in a read transaction.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&mut dyn Tx) -> Result<T>) -> Result<T> {
        self.transact(Access::Read, f)
    }

    /// Runs `f` in a write transaction.
    pub(crate) fn write<T>(&self, f: impl FnOnce(&mut dyn Tx) -> Result<T>) -> Result<T> {
        let written = self.transact(Access::Write, f)?;
        self.changes.send_modify(|n| *n = n.wrapping_add(1));
        Ok(written)
    }

    /// Wakes when this process commits a write (a result, live progress, a new
    /// submission), and on PostgreSQL when another process (`judge worker` elsewhere)
    /// stores progress or a result. Whoever waits on it also looks again now and then
    /// (a notification is lost while the listening connection is down).
    pub fn changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.watching.call_once(|| {
            let changes = self.changes.clone();
            self.engine.watch_changes(Box::new(move || {
                changes.send_modify(|n| *n = n.wrapping_add(1));
            }));
        });
        self.changes.subscribe()
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opening_twice_keeps_the_schema_and_the_data() {
        testing::for_each_store(|store, reopen| {
            store.add_user("ann", "hash", Role::Student).unwrap();
            drop(store);
            let store = reopen();
            assert_eq!(store.user_by_name("ann").unwrap().unwrap().0.name, "ann");
            assert_eq!(store.engine().schema_version().unwrap(), SCHEMA_VERSION);
        });
    }

    /// The migrations of the two dialects stay in step: after each one, a SQLite and a
    /// PostgreSQL database have the same tables, columns (kind, NOT NULL, primary key,
    /// default), indexes and unique constraints.
    #[test]
    fn both_dialects_have_the_same_schema_after_each_migration() {
        let Some(database) = test_postgres::fresh_database() else {
            return;
        };
        let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
        let connection = rusqlite::Connection::open_in_memory().unwrap();
        for migration in migrations::MIGRATIONS {
            connection.execute_batch(migration.sqlite).unwrap();
            client.batch_execute(migration.postgres).unwrap();
            let sqlite = sqlite::schema(&connection).unwrap();
            let postgres = postgres::schema(&mut client).unwrap();
            for (a, b) in sqlite.iter().zip(&postgres) {
                assert_eq!(
                    a, b,
                    "after {}: sqlite (left), postgres (right)",
                    migration.name
                );
            }
            let names = |schema: &[engine::TableSchema]| -> Vec<String> {
                schema.iter().map(|t| t.name.clone()).collect()
            };
            assert_eq!(names(&sqlite), names(&postgres), "after {}", migration.name);
        }
        let store = testing::postgres_store().unwrap();
        let tables = store.0.engine().schema().unwrap();
        assert_eq!(tables, postgres::schema(&mut client).unwrap());
        assert_eq!(tables, testing::sqlite_store().0.engine().schema().unwrap());
        assert_eq!(tables.len(), 13, "{tables:#?}");
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.sqlite3");
        let connection = rusqlite::Connection::open(&file).unwrap();
        connection
            .execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1))
            .unwrap();
        drop(connection);
        let error = Store::connect(&DatabaseUrl::sqlite(&file)).unwrap_err();
        assert!(matches!(error, ServerError::SchemaTooNew { .. }), "{error}");
        let Some(database) = test_postgres::fresh_database() else {
            return;
        };
        let url: DatabaseUrl = database.url.parse().unwrap();
        drop(Store::connect(&url).unwrap());
        let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
        client
            .execute(
                "UPDATE schema_version SET version = $1",
                &[&(SCHEMA_VERSION + 1)],
            )
            .unwrap();
        let error = Store::connect(&url).unwrap_err();
        assert!(
            error.to_string().contains("is newer than this server's"),
            "{error}"
        );
    }

    #[test]
    fn an_unreachable_postgres_is_a_one_line_error_without_the_password() {
        let error = Store::connect(&"postgres://judge:s3cret@127.0.0.1:1/judge".parse().unwrap())
            .unwrap_err();
        let text = error.to_string();
        assert!(error.is_unavailable(), "{text}");
        assert!(!text.contains("s3cret") && !text.contains('\n'), "{text}");
        assert!(
            text.starts_with("database postgres://judge:***@127.0.0.1:1/judge: cannot connect"),
            "{text}"
        );
    }

    /// Each way PostgreSQL refuses a connection is said at once, in its own words, on one
    /// line without the password: a role that peer authentication refuses, a wrong
    /// password, a missing database, TLS the server was asked for.
    #[test]
    fn each_postgres_refusal_names_its_cause_at_once() {
        let Ok(admin) = std::env::var(test_postgres::SERVER_VARIABLE) else {
            test_postgres::unavailable("JUDGE_TEST_POSTGRES is not set");
            return;
        };
        let parsed: ::postgres::Config = admin.parse().unwrap();
        let port = parsed.get_ports().first().copied().unwrap_or(5432);
        let user = parsed.get_user().unwrap_or("judge_test").to_string();
        let host = "127.0.0.1";
        let socket_dir = "/var/run/postgresql";
        let mut cases = vec![
            (
                format!("postgres://{user}:wrong-pass@{host}:{port}/postgres"),
                format!("FATAL: password authentication failed for user \"{user}\""),
            ),
            (
                test_postgres::with_database(&admin, "judge_no_such_database"),
                "FATAL: database \"judge_no_such_database\" does not exist".to_string(),
            ),
            (
                format!("postgres://{user}:wrong-pass@{host}:{port}/postgres?sslmode=require"),
                "TLS".to_string(),
            ),
        ];
        if Path::new(&format!("{socket_dir}/.s.PGSQL.{port}")).exists() {
            // Debian's pg_hba.conf: local connections by peer authentication, which
            // refuses a role named otherwise than the user running the test.
            cases.push((
                format!(
                    "postgres://{user}:wrong-pass@localhost/postgres?host={socket_dir}&port={port}"
                ),
                format!("FATAL: Peer authentication failed for user \"{user}\""),
            ));
        } else {
            test_postgres::unavailable(&format!(
                "the test server has no Unix socket in {socket_dir} (the peer authentication case)"
            ));
        }
        for (url, cause) in cases {
            let started = std::time::Instant::now();
            let error = Store::connect(&url.parse().unwrap()).unwrap_err();
            let text = error.to_string();
            assert!(text.contains(&cause), "{url}: {text}");
            assert!(text.contains(": cannot connect: "), "{text}");
            assert!(
                !text.contains("wrong-pass") && !text.contains('\n'),
                "{text}"
            );
            assert!(
                started.elapsed() < std::time::Duration::from_secs(3),
                "{url}: {:?}",
                started.elapsed()
            );
            eprintln!("{text}");
        }
    }
}
