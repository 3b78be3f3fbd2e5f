//! The store's handle: opening either engine (backing an older store up before it
//! migrates), its transactions, the clock.

use super::database_url::DatabaseUrl;
use super::engine::{Access, Engine, Tx};
use super::{postgres, sqlite};
use crate::error::{Result, StoreError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The database file's name inside the data folder.
pub const DATABASE_FILE: &str = "judge.sqlite3";

/// The store. Cheap to clone (shared).
#[derive(Clone)]
pub struct Store {
    pub(super) engine: Arc<dyn Engine>,
    file: Option<PathBuf>,
    /// Counts this process's committed writes, and other processes' progress and results
    /// where the engine tells of them: live-status streams wake on it.
    changes: Arc<tokio::sync::watch::Sender<u64>>,
    /// Starts listening for other processes' changes, once, when a stream first asks.
    watching: Arc<std::sync::Once>,
    /// Transactions of this process that failed in the database (`GET /metrics`).
    errors: Arc<std::sync::atomic::AtomicU64>,
    /// The backup taken before this process migrated the store, if it did.
    pub(super) migration_backup: Option<PathBuf>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("database", &self.engine.describe())
            .finish()
    }
}

impl Store {
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
    pub(super) fn over(engine: Arc<dyn Engine>, file: Option<PathBuf>) -> Store {
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
        if let Err(StoreError::Database { .. }) = &done {
            self.errors
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        done?;
        out.ok_or_else(|| StoreError::Database {
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
