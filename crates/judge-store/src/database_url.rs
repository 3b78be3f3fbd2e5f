//! Where the web server's store lives: `sqlite:PATH` (the embedded default, one machine)
//! or `postgres://user:password@host:port/database` (shared by a server and judge
//! workers on many machines). Parsed once, when judge.toml's `[server]` table
//! ([`configured`]) or a command line is read.

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::config::{parse_toml, ConfigError};
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A store's address.
#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL connection URL (`postgres://` or `postgresql://`), kept as written.
    Postgres(String),
}

/// Why a database address was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "database {shown:?}: {reason} (use sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE)"
)]
pub struct DatabaseUrlError {
    /// The address as given, its password hidden.
    pub shown: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl DatabaseUrl {
    /// The SQLite file `file`.
    pub fn sqlite(file: impl Into<PathBuf>) -> DatabaseUrl {
        DatabaseUrl::Sqlite(file.into())
    }

    /// A relative SQLite path taken from `base` (judge.toml's folder); others unchanged.
    pub fn relative_to(self, base: &Path) -> DatabaseUrl {
        match self {
            DatabaseUrl::Sqlite(file) if file.is_relative() => DatabaseUrl::Sqlite(base.join(file)),
            other => other,
        }
    }

    /// Whether it is PostgreSQL (the store several machines share).
    pub fn is_postgres(&self) -> bool {
        matches!(self, DatabaseUrl::Postgres(_))
    }

    /// The address with any password replaced by `***`, for messages and logs.
    pub fn redacted(&self) -> String {
        match self {
            DatabaseUrl::Sqlite(file) => format!("sqlite:{}", file.display()),
            DatabaseUrl::Postgres(url) => redact(url),
        }
    }
}

/// `postgres://user:secret@host/db` -> `postgres://user:***@host/db`.
fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (authority, tail) = match rest.find(['/', '?']) {
        Some(at) => rest.split_at(at),
        None => (rest, ""),
    };
    let authority = match authority.rsplit_once('@') {
        Some((user_info, host)) => match user_info.split_once(':') {
            Some((user, _password)) => format!("{user}:***@{host}"),
            None => format!("{user_info}@{host}"),
        },
        None => authority.to_string(),
    };
    // A password may also come as a parameter.
    let tail = match tail.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some(("password", _)) => "password=***".to_string(),
                    _ => pair.to_string(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => tail.to_string(),
    };
    format!("{scheme}://{authority}{tail}")
}

impl FromStr for DatabaseUrl {
    type Err = DatabaseUrlError;

    fn from_str(text: &str) -> Result<DatabaseUrl, DatabaseUrlError> {
        let text = text.trim();
        let error = |reason| DatabaseUrlError {
            shown: redact(text),
            reason,
        };
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            let rest = text.split_once("://").map_or("", |(_, rest)| rest);
            if rest.is_empty() || rest.starts_with('/') && !rest.contains("host=") {
                return Err(error("no host"));
            }
            return Ok(DatabaseUrl::Postgres(text.to_string()));
        }
        if let Some(path) = text.strip_prefix("sqlite:") {
            // `sqlite://relative` and `sqlite:///absolute`, as other tools write them.
            let path = path.strip_prefix("//").unwrap_or(path);
            if path.is_empty() {
                return Err(error("no file after sqlite:"));
            }
            return Ok(DatabaseUrl::Sqlite(PathBuf::from(path)));
        }
        Err(error("unknown kind of database"))
    }
}

impl fmt::Display for DatabaseUrl {
    /// The redacted form: safe to print.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

impl fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DatabaseUrl({})", self.redacted())
    }
}

impl<'de> Deserialize<'de> for DatabaseUrl {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// judge.toml's `[server]` table: the server's settings, read strictly by the server (the
/// rest of judge.toml is judge-core's).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct ServerTable {
    /// The store every server command uses when `--database` is not given: `sqlite:PATH`
    /// (relative to judge.toml) or `postgres://...` (default: the SQLite file in `--data`).
    database: Option<DatabaseUrl>,
    /// The data folder (the SQLite store, backups) when `--data` is not given, relative to
    /// judge.toml (default: `judge-data` beside judge.toml).
    data: Option<PathBuf>,
}

/// judge.toml as the server reads it: its `[server]` table only.
#[derive(Debug, Deserialize)]
struct ServerSections {
    #[serde(default)]
    server: ServerTable,
}

/// judge.toml's `[server]` table (an empty one when it has none); an error names
/// judge.toml and the line.
fn server_table(config: &JudgeConfig) -> Result<ServerTable, ConfigError> {
    if config.toml.server.is_empty() {
        return Ok(ServerTable::default());
    }
    let text = std::fs::read_to_string(&config.file)
        .map_err(|e| ConfigError::new(&config.file, format!("cannot read it: {e}")))?;
    let sections: ServerSections = parse_toml(&config.file, &text)?;
    Ok(sections.server)
}

/// The store judge.toml's `[server] database` names, a relative SQLite path taken from
/// judge.toml's folder; an error names judge.toml and the line.
pub fn configured(config: &JudgeConfig) -> Result<Option<DatabaseUrl>, ConfigError> {
    Ok(server_table(config)?
        .database
        .map(|url| url.relative_to(&config.root)))
}

/// The data folder judge.toml's `[server] data` names, taken from judge.toml's folder.
pub fn configured_data(config: &JudgeConfig) -> Result<Option<PathBuf>, ConfigError> {
    Ok(server_table(config)?
        .data
        .map(|data| config.root.join(data)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_server_table_is_read_strictly_with_relative_files_from_judge_toml() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("judge.toml");
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../judge.toml");
        let base = std::fs::read_to_string(root).unwrap();
        let with = |server: &str| {
            std::fs::write(&file, format!("{base}\n[server]\n{server}")).unwrap();
            configured(&JudgeConfig::load(&file).unwrap())
        };
        assert_eq!(
            with("database = \"sqlite:data/j.sqlite3\"\n").unwrap(),
            Some(DatabaseUrl::sqlite(dir.path().join("data/j.sqlite3")))
        );
        let bad = with("database = \"mysql://h/d\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            bad.contains("judge.toml: line") && bad.contains("unknown kind of database"),
            "{bad}"
        );
        std::fs::write(&file, format!("{base}\n[server]\ndata = \"course-data\"\n")).unwrap();
        assert_eq!(
            configured_data(&JudgeConfig::load(&file).unwrap()).unwrap(),
            Some(dir.path().join("course-data"))
        );
        let unknown = with("databse = \"sqlite:x\"\n").unwrap_err().to_string();
        assert!(unknown.contains("databse"), "{unknown}");
        std::fs::write(&file, &base).unwrap();
        assert_eq!(
            configured(&JudgeConfig::load(&file).unwrap()).unwrap(),
            None
        );
    }

    #[test]
    fn both_kinds_parse_and_others_are_refused() {
        assert_eq!(
            "sqlite:data/judge.sqlite3".parse::<DatabaseUrl>().unwrap(),
            DatabaseUrl::sqlite("data/judge.sqlite3")
        );
        assert_eq!(
            "sqlite:///var/judge.sqlite3"
                .parse::<DatabaseUrl>()
                .unwrap(),
            DatabaseUrl::sqlite("/var/judge.sqlite3")
        );
        let url = "postgres://judge:pw@db.school:5432/judge";
        assert_eq!(
            url.parse::<DatabaseUrl>().unwrap(),
            DatabaseUrl::Postgres(url.into())
        );
        let error = "mysql://x@y/z".parse::<DatabaseUrl>().unwrap_err();
        assert!(error.to_string().contains("unknown kind"), "{error}");
        assert!("sqlite:".parse::<DatabaseUrl>().is_err());
        assert!("postgres://".parse::<DatabaseUrl>().is_err());
    }

    #[test]
    fn passwords_never_show() {
        let url: DatabaseUrl = "postgres://judge:s3cret@db:5432/judge?sslmode=disable&password=x2"
            .parse()
            .unwrap();
        let shown = url.to_string();
        assert_eq!(
            shown,
            "postgres://judge:***@db:5432/judge?sslmode=disable&password=***"
        );
        assert!(!format!("{url:?}").contains("s3cret"));
        let error = "postgres://u:s3cret@".parse::<DatabaseUrl>();
        assert!(error.is_ok());
        let refused = "pg://u:s3cret@h/d".parse::<DatabaseUrl>().unwrap_err();
        assert!(!refused.to_string().contains("s3cret"), "{refused}");
    }

    #[test]
    fn relative_files_start_at_the_base() {
        let url = DatabaseUrl::sqlite("d/j.sqlite3").relative_to(Path::new("/srv/contest"));
        assert_eq!(url, DatabaseUrl::sqlite("/srv/contest/d/j.sqlite3"));
        let absolute = DatabaseUrl::sqlite("/x.sqlite3").relative_to(Path::new("/srv"));
        assert_eq!(absolute, DatabaseUrl::sqlite("/x.sqlite3"));
    }
}
