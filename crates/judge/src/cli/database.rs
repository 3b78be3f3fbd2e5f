//! Where the server's store is, the same way for every command that touches it
//! (`judge serve`, `judge worker`, `judge users`, `judge db`): `--database URL` (or
//! `JUDGE_DATABASE`, which keeps a password off the process list), else judge.toml's
//! `[server] database`, else the SQLite file in the data folder: `--data`, else
//! `judge-data` beside judge.toml (wherever the command runs from). `judge init` and
//! `judge serve` make that default store; the other commands refuse it when it is not
//! there rather than start an empty second store the server never sees.

use judge_model::config::judge_toml::JudgeConfig;
use judge_server::options::DEFAULT_DATA_DIR;
use judge_server::store::{DatabaseUrl, DATABASE_FILE};
use std::path::PathBuf;

/// The store options.
#[derive(Debug, Clone, clap::Args)]
pub struct DatabaseArgs {
    /// The data folder: the SQLite store lives there unless --database names another
    /// (default: judge-data beside judge.toml, from whichever folder the command runs).
    #[arg(long, value_name = "DIR", global = true)]
    pub data: Option<PathBuf>,
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
    /// The data folder, given judge.toml (if one was found): `--data` as given (a path
    /// on the command line is the shell's, from the current folder), else judge.toml's
    /// `[server] data` (from judge.toml's folder), else [`DEFAULT_DATA_DIR`] in
    /// judge.toml's folder, else in the current folder.
    pub fn data_dir(&self, config: Option<&JudgeConfig>) -> anyhow::Result<PathBuf> {
        Ok(match (&self.data, config) {
            (Some(data), _) => data.clone(),
            (None, Some(config)) => judge_server::store::database_url::configured_data(config)?
                .unwrap_or_else(|| config.root.join(DEFAULT_DATA_DIR)),
            (None, None) => PathBuf::from(DEFAULT_DATA_DIR),
        })
    }

    /// The store these options name, given judge.toml (if one was found): `--database`,
    /// else judge.toml's `[server] database`, else the SQLite file in the data folder
    /// ([`DatabaseArgs::data_dir`]).
    pub fn url(&self, config: Option<&JudgeConfig>) -> anyhow::Result<DatabaseUrl> {
        Ok(self.resolve(config)?.0)
    }

    /// [`DatabaseArgs::url`], and whether it is the default one (nothing named it).
    fn resolve(&self, config: Option<&JudgeConfig>) -> anyhow::Result<(DatabaseUrl, bool)> {
        if let Some(url) = &self.database {
            return Ok((url.clone(), false));
        }
        if let Some(config) = config {
            if let Some(url) = judge_server::store::database_url::configured(config)? {
                return Ok((url, false));
            }
        }
        let url = DatabaseUrl::sqlite(self.data_dir(config)?.join(DATABASE_FILE));
        Ok((url, self.data.is_none()))
    }

    /// [`DatabaseArgs::url`], refusing the default store when it is not there: a
    /// command other than `judge serve` would otherwise make a new, empty store the
    /// server never sees. A store named on purpose (`--data`, `--database`, judge.toml's
    /// `[server] database`) is made when missing, as before.
    pub fn existing_url(&self, config: Option<&JudgeConfig>) -> anyhow::Result<DatabaseUrl> {
        let (url, default) = self.resolve(config)?;
        if let (DatabaseUrl::Sqlite(file), true) = (&url, default) {
            if !file.exists() {
                anyhow::bail!(
                    "no store at {}: run judge serve first, or pass --data",
                    file.display()
                );
            }
        }
        Ok(url)
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

/// Opens the existing store these options name ([`DatabaseArgs::existing_url`]),
/// bringing its schema up to date (after a backup, into its backups folder).
pub fn open(
    args: &DatabaseArgs,
    config: Option<&JudgeConfig>,
) -> anyhow::Result<judge_server::store::Store> {
    let url = args.existing_url(config)?;
    let backups = judge_server::store::backup::folder_for(&url, &args.data_dir(config)?);
    let store = judge_server::store::Store::connect_keeping(&url, Some(&backups))?;
    if let Some(file) = store.migration_backup() {
        eprintln!(
            "the store's schema was older than this judge's: it was backed up into {} first, then migrated",
            file.display()
        );
    }
    Ok(store)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(data: Option<&str>) -> DatabaseArgs {
        DatabaseArgs {
            data: data.map(PathBuf::from),
            database: None,
        }
    }

    #[test]
    fn the_default_store_is_beside_judge_toml_and_is_never_made_by_accident() {
        let course = tempfile::tempdir().unwrap();
        let file = course.path().join("judge.toml");
        std::fs::write(&file, "[contest]\ntitle = \"t\"\n").unwrap();
        let config = JudgeConfig::load(&file).unwrap();
        let default = course.path().join(DEFAULT_DATA_DIR);
        assert_eq!(args(None).data_dir(Some(&config)).unwrap(), default);
        assert_eq!(
            args(None).data_dir(None).unwrap(),
            PathBuf::from(DEFAULT_DATA_DIR)
        );
        // A path on the command line is the shell's: from the current folder.
        assert_eq!(
            args(Some("d")).data_dir(Some(&config)).unwrap(),
            PathBuf::from("d")
        );
        // judge.toml's `[server] data`, from judge.toml's folder.
        std::fs::write(
            &file,
            "[contest]\ntitle = \"t\"\n[server]\ndata = \"store\"\n",
        )
        .unwrap();
        let configured = JudgeConfig::load(&file).unwrap();
        assert_eq!(
            args(None).data_dir(Some(&configured)).unwrap(),
            course.path().join("store")
        );
        let store = default.join(DATABASE_FILE);
        assert_eq!(
            args(None)
                .existing_url(Some(&config))
                .unwrap_err()
                .to_string(),
            format!(
                "no store at {}: run judge serve first, or pass --data",
                store.display()
            )
        );
        // Named on purpose: made when missing, as `judge serve` makes the default one.
        assert!(args(Some("d")).existing_url(Some(&config)).is_ok());
        std::fs::create_dir(&default).unwrap();
        std::fs::write(&store, "").unwrap();
        assert_eq!(
            args(None).existing_url(Some(&config)).unwrap(),
            DatabaseUrl::sqlite(store)
        );
    }
}
