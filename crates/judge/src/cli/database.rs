//! Where the server's store is, the same way for every command that touches it
//! (`judge serve`, `judge worker`, `judge users`, `judge db`): `--database URL` (or
//! `JUDGE_DATABASE`, which keeps a password off the process list), else judge.toml's
//! `[server] database`, else the SQLite file in `--data`.

use judge_core::config::judge_toml::JudgeConfig;
use judge_server::options::DEFAULT_DATA_DIR;
use judge_server::store::{DatabaseUrl, DATABASE_FILE};
use std::path::PathBuf;

/// The store options.
#[derive(Debug, Clone, clap::Args)]
pub struct DatabaseArgs {
    /// The data folder: the SQLite store lives there unless --database names another.
    #[arg(long, value_name = "DIR", default_value = DEFAULT_DATA_DIR, global = true)]
    pub data: PathBuf,
    /// The store: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE (default:
    /// judge.toml's [server] database, else the SQLite file in --data).
    #[arg(
        long,
        value_name = "URL",
        env = "JUDGE_DATABASE",
        hide_env_values = true,
        global = true
    )]
    pub database: Option<DatabaseUrl>,
}

impl DatabaseArgs {
    /// The store these options name, given judge.toml (if one was found): `--database`,
    /// else judge.toml's `[server] database`, else the SQLite file in `--data`.
    pub fn url(&self, config: Option<&JudgeConfig>) -> anyhow::Result<DatabaseUrl> {
        if let Some(url) = &self.database {
            return Ok(url.clone());
        }
        let configured = match config {
            Some(config) => judge_server::store::database_url::configured(config)?,
            None => None,
        };
        Ok(configured.unwrap_or_else(|| DatabaseUrl::sqlite(self.data.join(DATABASE_FILE))))
    }
}

/// judge.toml if there is one (commands that need only the store work without it); a
/// judge.toml that is there but broken is an error.
pub fn optional_config(explicit: Option<&PathBuf>) -> anyhow::Result<Option<JudgeConfig>> {
    if explicit.is_some() {
        return super::common::load_config(explicit).map(Some);
    }
    let here = std::env::current_dir()?;
    match JudgeConfig::find(&here) {
        Some(file) => Ok(Some(JudgeConfig::load(&file)?)),
        None => Ok(None),
    }
}

/// Opens the store these options name, bringing its schema up to date (after a backup
/// of an existing store, into its backups folder).
pub fn open(
    args: &DatabaseArgs,
    config: Option<&JudgeConfig>,
) -> anyhow::Result<judge_server::store::Store> {
    let url = args.url(config)?;
    let backups = judge_server::store::backup::folder_for(&url, &args.data);
    let store = judge_server::store::Store::connect_keeping(&url, Some(&backups))?;
    if let Some(file) = store.migration_backup() {
        eprintln!(
            "the store's schema was older than this judge's: it was backed up into {} first, then migrated",
            file.display()
        );
    }
    Ok(store)
}
