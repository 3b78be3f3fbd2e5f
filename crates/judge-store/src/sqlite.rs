//! The SQLite engine: one file, WAL mode (so `judge users` and `judge worker` processes
//! on the same machine can write beside the server), FULL sync (a commit is on disk
//! before the page that made it answers). One connection behind a mutex: every
//! transaction is short. The schema version is SQLite's `user_version`.

use super::engine::{
    Access, Channel, ColumnKind, ColumnSchema, Engine, Heading, IndexSchema, Row, TableSchema, Tx,
    Value,
};
use super::migrations::{MIGRATIONS, SCHEMA_VERSION};
use crate::error::{DatabaseCause, Result, StoreError};
use rusqlite::types::Value as SqlValue;
use rusqlite::{Connection, TransactionBehavior};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// A SQLite store.
pub struct SqliteEngine {
    file: PathBuf,
    connection: Mutex<Connection>,
}

impl SqliteEngine {
    /// Opens (creating if needed) the file, as it is: [`Engine::migrate`] brings its
    /// schema up to date.
    pub fn open(file: &Path) -> Result<SqliteEngine> {
        if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|cause| StoreError::Io {
                what: "creating the data folder",
                path: dir.to_path_buf(),
                cause,
            })?;
        }
        let error = |cause: rusqlite::Error| database_error(file, cause);
        let connection = Connection::open(file).map_err(error)?;
        connection
            .busy_timeout(Duration::from_secs(10))
            .map_err(error)?;
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;",
            )
            .map_err(error)?;
        Ok(SqliteEngine {
            file: file.to_path_buf(),
            connection: Mutex::new(connection),
        })
    }

    /// Opens an existing file read-only, as it is (a backup being checked).
    pub(super) fn open_read_only(file: &Path) -> Result<SqliteEngine> {
        let connection = Connection::open_with_flags(
            file,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|cause| database_error(file, cause))?;
        Ok(SqliteEngine {
            file: file.to_path_buf(),
            connection: Mutex::new(connection),
        })
    }

    /// Creates a new file (a backup) with the schema of `version`, in rollback-journal
    /// mode: one self-contained file, with no `-wal` beside it.
    pub(super) fn create_at(file: &Path, version: i64) -> Result<SqliteEngine> {
        let error = |cause: rusqlite::Error| database_error(file, cause);
        let mut connection = Connection::open(file).map_err(error)?;
        connection
            .execute_batch("PRAGMA journal_mode = DELETE; PRAGMA foreign_keys = OFF;")
            .map_err(error)?;
        migrate(&mut connection, file, version)?;
        Ok(SqliteEngine {
            file: file.to_path_buf(),
            connection: Mutex::new(connection),
        })
    }

    /// A new read-only connection to the file, for reads that take a while.
    fn read_only_connection(&self) -> Result<Connection> {
        let error = |cause: rusqlite::Error| database_error(&self.file, cause);
        let connection = Connection::open_with_flags(
            &self.file,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(error)?;
        connection
            .busy_timeout(Duration::from_secs(10))
            .map_err(error)?;
        Ok(connection)
    }
}

fn database_error(file: &Path, cause: rusqlite::Error) -> StoreError {
    StoreError::Database {
        database: format!("sqlite:{}", file.display()),
        cause: DatabaseCause::Sqlite(cause),
    }
}

/// Applies the migrations the file has not seen, up to `target`. The version is read
/// inside the write transaction, so two processes opening a new file at once migrate it
/// once.
fn migrate(connection: &mut Connection, file: &Path, target: i64) -> Result<()> {
    let error = |cause| database_error(file, cause);
    loop {
        let transaction = connection
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(error)?;
        let found: i64 = transaction
            .query_row("PRAGMA user_version", [], |row| row.get("user_version"))
            .map_err(error)?;
        if found > SCHEMA_VERSION {
            return Err(StoreError::SchemaTooNew {
                database: format!("sqlite:{}", file.display()),
                found,
                known: SCHEMA_VERSION,
            });
        }
        let Some(migration) = MIGRATIONS
            .get(found.max(0) as usize)
            .filter(|_| found < target)
        else {
            return Ok(());
        };
        transaction.execute_batch(migration.sqlite).map_err(error)?;
        // PRAGMA takes no parameters; the value is our own integer.
        transaction
            .execute_batch(&format!("PRAGMA user_version = {}", found + 1))
            .map_err(error)?;
        transaction.commit().map_err(error)?;
    }
}

/// Runs `f` in a transaction of `behavior` on `connection`: committed if it returns Ok.
fn run(
    connection: &mut Connection,
    behavior: TransactionBehavior,
    file: &Path,
    f: &mut dyn FnMut(&mut dyn Tx) -> Result<()>,
) -> Result<()> {
    let transaction = connection
        .transaction_with_behavior(behavior)
        .map_err(|cause| database_error(file, cause))?;
    let mut tx = SqliteTx { transaction, file };
    f(&mut tx)?;
    tx.transaction
        .commit()
        .map_err(|cause| database_error(file, cause))
}

/// The tables of the database `connection` is open on (see [`Engine::schema`]).
pub(super) fn schema(connection: &Connection) -> rusqlite::Result<Vec<TableSchema>> {
    let tables = texts(
        connection,
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
         ORDER BY name",
        [],
        "name",
    )?;
    let mut schema = Vec::new();
    for table in tables {
        let columns = connection
            .prepare(
                "SELECT name, upper(type) AS type, \"notnull\" AS not_null, pk, dflt_value
                 FROM pragma_table_info(?1) ORDER BY cid",
            )?
            .query_map([&table], |row| {
                let primary_key = row.get::<_, i64>("pk")? > 0;
                Ok(ColumnSchema {
                    name: row.get("name")?,
                    kind: match row.get::<_, String>("type")?.as_str() {
                        "INTEGER" => ColumnKind::Integer,
                        "REAL" => ColumnKind::Real,
                        "TEXT" => ColumnKind::Text,
                        other => ColumnKind::Other(other.to_string()),
                    },
                    // SQLite lets a primary key other than an INTEGER one hold NULL
                    // (for compatibility); the schema never stores one.
                    not_null: row.get::<_, bool>("not_null")? || primary_key,
                    primary_key,
                    default: row.get("dflt_value")?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let listed = connection
            .prepare(
                "SELECT name, \"unique\" AS is_unique, origin FROM pragma_index_list(?1)
                 ORDER BY name",
            )?
            .query_map([&table], |row| {
                Ok((
                    row.get::<_, String>("name")?,
                    row.get::<_, bool>("is_unique")?,
                    row.get::<_, String>("origin")?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut indexes = Vec::new();
        let mut unique = Vec::new();
        for (name, is_unique, origin) in listed {
            let columns = texts(
                connection,
                "SELECT name FROM pragma_index_info(?1) ORDER BY seqno",
                [&name],
                "name",
            )?;
            match origin.as_str() {
                // Made by CREATE INDEX.
                "c" => indexes.push(IndexSchema {
                    name,
                    unique: is_unique,
                    columns,
                }),
                // A UNIQUE constraint's.
                "u" => unique.push(columns),
                // The primary key's: in the columns.
                _ => {}
            }
        }
        unique.sort();
        schema.push(TableSchema {
            name: table,
            columns,
            indexes,
            unique,
        });
    }
    Ok(schema)
}

/// The text column `name` of every row of a query.
fn texts(
    connection: &Connection,
    sql: &str,
    params: impl rusqlite::Params,
    name: &str,
) -> rusqlite::Result<Vec<String>> {
    let mut statement = connection.prepare(sql)?;
    let rows = statement.query_map(params, |row| row.get(name))?;
    rows.collect()
}

fn to_sql(value: &Value) -> SqlValue {
    match value {
        Value::Null => SqlValue::Null,
        Value::Int(v) => SqlValue::Integer(*v),
        Value::Real(v) => SqlValue::Real(*v),
        Value::Text(v) => SqlValue::Text(v.clone()),
    }
}

fn from_sql(value: SqlValue) -> Value {
    match value {
        SqlValue::Null => Value::Null,
        SqlValue::Integer(v) => Value::Int(v),
        SqlValue::Real(v) => Value::Real(v),
        SqlValue::Text(v) => Value::Text(v),
        SqlValue::Blob(v) => Value::Text(String::from_utf8_lossy(&v).into_owned()),
    }
}

struct SqliteTx<'a> {
    transaction: rusqlite::Transaction<'a>,
    file: &'a Path,
}

impl Tx for SqliteTx<'_> {
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64> {
        let params: Vec<SqlValue> = params.iter().map(to_sql).collect();
        let changed = self
            .transaction
            .prepare_cached(sql)
            .and_then(|mut statement| statement.execute(rusqlite::params_from_iter(params.iter())))
            .map_err(|cause| database_error(self.file, cause))?;
        Ok(changed as u64)
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let params: Vec<SqlValue> = params.iter().map(to_sql).collect();
        let file = self.file;
        let mut statement = self
            .transaction
            .prepare_cached(sql)
            .map_err(|cause| database_error(file, cause))?;
        let names: Vec<String> = statement.column_names().map(str::to_string).collect();
        let width = names.len();
        let heading = Heading::new(format!("sqlite:{}", file.display()), names)?;
        let rows = statement
            .query_map(rusqlite::params_from_iter(params.iter()), |row| {
                // Every column in turn, each value beside its name in the heading.
                (0..width)
                    .map(|i| row.get::<_, SqlValue>(i).map(from_sql))
                    .collect::<rusqlite::Result<Vec<Value>>>()
                    .map(|values| Row::new(heading.clone(), values))
            })
            .and_then(|rows| rows.collect::<rusqlite::Result<Vec<Row>>>())
            .map_err(|cause| database_error(file, cause))?;
        Ok(rows)
    }

    fn now_ms_sql(&self) -> &'static str {
        "CAST(unixepoch('subsec') * 1000 AS INTEGER)"
    }

    fn lock_rows_sql(&self) -> &'static str {
        // The write transaction (BEGIN IMMEDIATE) holds the whole database.
        ""
    }

    fn skip_locked_sql(&self) -> &'static str {
        ""
    }

    fn notify(&mut self, _channel: Channel) -> Result<()> {
        // No notifications: a SQLite store's processes are on one machine and look now
        // and then (and the server's own writes wake its streams directly).
        Ok(())
    }

    fn relax_durability(&mut self) -> Result<()> {
        // One connection, one synchronous setting (FULL) for every transaction.
        Ok(())
    }
}

impl Engine for SqliteEngine {
    fn transaction(
        &self,
        access: Access,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<()>,
    ) -> Result<()> {
        let behavior = match access {
            Access::Read => TransactionBehavior::Deferred,
            Access::Write => TransactionBehavior::Immediate,
            Access::Snapshot => {
                // A long read (a copy, counting every table, the metrics) on a connection
                // of its own, so that it holds up none of this process's other
                // transactions: in WAL mode it reads one snapshot beside the writer.
                let mut connection = self.read_only_connection()?;
                return run(
                    &mut connection,
                    TransactionBehavior::Deferred,
                    &self.file,
                    f,
                );
            }
        };
        // A panic while the lock was held cannot leave the connection inconsistent: SQLite
        // rolls back any open transaction when the `Transaction` guard is dropped.
        let mut connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        run(&mut connection, behavior, &self.file, f)
    }

    fn is_shared(&self) -> bool {
        false
    }

    fn describe(&self) -> String {
        format!("sqlite:{}", self.file.display())
    }

    fn schema_version(&self) -> Result<i64> {
        let connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        connection
            .query_row("PRAGMA user_version", [], |row| row.get("user_version"))
            .map_err(|cause| database_error(&self.file, cause))
    }

    fn migrate(&self) -> Result<()> {
        let mut connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        migrate(&mut connection, &self.file, SCHEMA_VERSION)
    }

    fn backup_into(&self, file: &Path) -> Result<()> {
        // A connection of its own, so that this process's transactions go on meanwhile;
        // the backup's one step reads one snapshot (WAL: writers are not held up).
        let error = |cause: rusqlite::Error| database_error(&self.file, cause);
        let source = self.read_only_connection()?;
        let mut destination =
            Connection::open(file).map_err(|cause| database_error(file, cause))?;
        {
            let backup = rusqlite::backup::Backup::new(&source, &mut destination)
                .map_err(|cause| database_error(file, cause))?;
            loop {
                // -1: every page in one step, under one read transaction of the source;
                // in several steps a write by another connection would restart it.
                match backup.step(-1).map_err(error)? {
                    rusqlite::backup::StepResult::Done => break,
                    rusqlite::backup::StepResult::More => {}
                    _ => std::thread::sleep(Duration::from_millis(50)),
                }
            }
        }
        // A backup is one file: no -wal beside it.
        destination
            .execute_batch("PRAGMA journal_mode = DELETE")
            .map_err(|cause| database_error(file, cause))
    }

    fn columns(&self, table: &str) -> Result<Vec<String>> {
        let connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        texts(
            &connection,
            "SELECT name FROM pragma_table_info(?1) ORDER BY cid",
            [table],
            "name",
        )
        .map_err(|cause| database_error(&self.file, cause))
    }

    fn schema(&self) -> Result<Vec<TableSchema>> {
        let connection = self.connection.lock().unwrap_or_else(|e| e.into_inner());
        schema(&connection).map_err(|cause| database_error(&self.file, cause))
    }

    fn reset_ids(&self, _tables: &[&str]) -> Result<()> {
        // An INTEGER PRIMARY KEY takes the largest id plus one by itself.
        Ok(())
    }

    fn watch_queue(&self, _wake: Box<dyn Fn() + Send + Sync>) -> bool {
        false
    }

    fn watch_changes(&self, _wake: Box<dyn Fn() + Send + Sync>) -> bool {
        false
    }

    fn ping(&self, _timeout: Duration) -> bool {
        true
    }
}
