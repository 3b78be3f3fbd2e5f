//! Opening a store and bringing its schema up to date, an older store backed up first.

use super::database_url::DatabaseUrl;
use super::handle::{Store, DATABASE_FILE};
use super::{backup, SCHEMA_VERSION};
use crate::error::Result;
use std::path::Path;

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
}
