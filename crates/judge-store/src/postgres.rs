//! The PostgreSQL engine: the store a server and judge workers on many machines share.
//! A pool of connections (r2d2 over the `postgres` client; each connection keeps its
//! prepared statements), checked before use so that a restarted server is reconnected
//! to rather than reported as an error. Queueing a submission sends `NOTIFY judge_queue`
//! (delivered on commit); [`Engine::watch_queue`] listens on a connection of its own.
//! Storing progress or a result sends `NOTIFY judge_changes`, which
//! [`Engine::watch_changes`] listens for the same way (a server's live-status streams).
//! The schema version is the `schema_version` table; migrations take an advisory lock,
//! so a server and workers starting at once migrate a new database once.
//!
//! Connections are not encrypted (NoTls): keep PostgreSQL on the judging network, or
//! reach it through an SSH tunnel or a VPN.

use super::engine::{
    Access, Channel, ColumnKind, ColumnSchema, Engine, Heading, IndexSchema, Row, TableSchema, Tx,
    Value,
};
use super::migrations::{MIGRATIONS, SCHEMA_VERSION};
use super::postgres_error::error_text;
use crate::error::{DatabaseCause, Result, StoreError};
use bytes::BytesMut;
use postgres::fallible_iterator::FallibleIterator;
use postgres::types::{IsNull, ToSql, Type};
use postgres::{Client, GenericClient, NoTls, Statement};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The advisory lock key that serialises migrations ("judge" in ASCII).
const MIGRATION_LOCK: i64 = 0x006a_7564_6765;
/// How long a request waits for a connection before the store counts as unreachable.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Connections of one process (the HTTP handlers' and the workers').
const POOL_SIZE: u32 = 16;

/// A pooled connection and its prepared statements.
pub struct PgConnection {
    client: Client,
    statements: HashMap<String, Statement>,
}

/// Opens connections for the pool.
struct Manager {
    config: postgres::Config,
    last_error: LastError,
}

impl r2d2::ManageConnection for Manager {
    type Connection = PgConnection;
    type Error = postgres::Error;

    fn connect(&self) -> std::result::Result<PgConnection, postgres::Error> {
        let connected = self.config.connect(NoTls);
        *self.last_error.0.lock().unwrap_or_else(|e| e.into_inner()) =
            connected.as_ref().err().map(error_text);
        Ok(PgConnection {
            client: connected?,
            statements: HashMap::new(),
        })
    }

    fn is_valid(&self, connection: &mut PgConnection) -> std::result::Result<(), postgres::Error> {
        connection.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, connection: &mut PgConnection) -> bool {
        connection.client.is_closed()
    }
}

/// A PostgreSQL store.
pub struct PostgresEngine {
    shown: String,
    config: postgres::Config,
    pool: r2d2::Pool<Manager>,
    /// Why the pool's last attempt to connect failed, in words.
    last_error: LastError,
    stop_watching: Arc<AtomicBool>,
}

/// Why the pool's last attempt to connect failed, None once one succeeds (r2d2 keeps only
/// the client's text, which for a refusal by the server is "db error").
#[derive(Debug, Clone, Default)]
struct LastError(Arc<std::sync::Mutex<Option<String>>>);

impl Drop for PostgresEngine {
    fn drop(&mut self) {
        self.stop_watching.store(true, Ordering::SeqCst);
    }
}

impl PostgresEngine {
    /// Connects to `url`, leaving the schema as it is ([`Engine::migrate`] brings it up
    /// to date). `shown` is the address without its password, for messages.
    pub fn connect(url: &str, shown: &str) -> Result<PostgresEngine> {
        let error = |cause: DatabaseCause| StoreError::Database {
            database: shown.to_string(),
            cause,
        };
        let mut config: postgres::Config = url
            .parse()
            .map_err(|e: postgres::Error| error(DatabaseCause::Postgres(e)))?;
        config.connect_timeout(CONNECT_TIMEOUT);
        config.application_name("judge");
        // The server's notices (NOTICE, INFO) are for someone typing SQL by hand; the
        // postgres crate would log them at info level, onto `judge`'s terminal.
        config.notice_callback(|notice| {
            tracing::debug!("postgres {}: {}", notice.severity(), notice.message());
        });
        // One connection first: a refusal (authentication, a missing database, TLS) or a
        // refused connection is said at once, in the database's own words, not as the
        // pool's time-out five seconds later.
        drop(
            config
                .connect(NoTls)
                .map_err(|e| error(connect_cause(&e)))?,
        );
        let last_error = LastError::default();
        let pool = r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .idle_timeout(Some(Duration::from_secs(60)))
            .connection_timeout(CONNECT_TIMEOUT)
            .test_on_check_out(true)
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .build_unchecked(Manager {
                config: config.clone(),
                last_error: last_error.clone(),
            });
        let engine = PostgresEngine {
            shown: shown.to_string(),
            config,
            pool,
            last_error,
            stop_watching: Arc::new(AtomicBool::new(false)),
        };
        Ok(engine)
    }

    fn error(&self, cause: impl Into<DatabaseCause>) -> StoreError {
        StoreError::Database {
            database: self.shown.clone(),
            cause: cause.into(),
        }
    }

    fn connection(&self) -> Result<r2d2::PooledConnection<Manager>> {
        self.pool.get().map_err(|e| {
            let last = self.last_error.0.lock().unwrap_or_else(|e| e.into_inner());
            let why = last.clone().unwrap_or_else(|| e.to_string());
            self.error(DatabaseCause::Unreachable(format!("cannot connect: {why}")))
        })
    }

    /// Applies the migrations the database has not seen, one transaction each, under an
    /// advisory lock.
    fn apply_migrations(&self) -> Result<()> {
        let mut connection = self.connection()?;
        loop {
            let mut transaction = connection.client.transaction().map_err(|e| self.error(e))?;
            transaction
                .batch_execute(&format!("SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
                .map_err(|e| self.error(e))?;
            let found: i64 = match version(&mut transaction).map_err(|e| self.error(e))? {
                Some(found) => found,
                None => {
                    // A new database (created here rather than with IF NOT EXISTS,
                    // whose notice about an existing table would reach the terminal).
                    transaction
                        .batch_execute("CREATE TABLE schema_version (version BIGINT NOT NULL)")
                        .map_err(|e| self.error(e))?;
                    0
                }
            };
            if found > SCHEMA_VERSION {
                return Err(StoreError::SchemaTooNew {
                    database: self.shown.clone(),
                    found,
                    known: SCHEMA_VERSION,
                });
            }
            let Some(migration) = MIGRATIONS.get(found.max(0) as usize) else {
                return Ok(());
            };
            transaction
                .batch_execute(migration.postgres)
                .map_err(|e| self.error(e))?;
            let next = found + 1;
            transaction
                .execute("DELETE FROM schema_version", &[])
                .and_then(|_| {
                    transaction
                        .execute("INSERT INTO schema_version (version) VALUES ($1)", &[&next])
                })
                .map_err(|e| self.error(e))?;
            transaction.commit().map_err(|e| self.error(e))?;
        }
    }
}

/// The schema version the database is at; None when it has no `schema_version` table
/// (in the current schema) yet.
fn version(client: &mut impl GenericClient) -> std::result::Result<Option<i64>, postgres::Error> {
    let present: bool = client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM pg_tables
                 WHERE schemaname = current_schema() AND tablename = 'schema_version') AS present",
            &[],
        )?
        .get("present");
    if !present {
        return Ok(None);
    }
    let row = client.query_opt("SELECT version FROM schema_version", &[])?;
    Ok(Some(row.map_or(0, |row| row.get("version"))))
}

/// The tables of the database `client` is connected to, in its current schema (see
/// [`Engine::schema`]).
pub(super) fn schema(
    client: &mut impl GenericClient,
) -> std::result::Result<Vec<TableSchema>, postgres::Error> {
    let tables: Vec<String> = client
        .query(
            "SELECT CAST(tablename AS TEXT) AS name FROM pg_tables
             WHERE schemaname = current_schema() AND tablename <> 'schema_version'
             ORDER BY 1",
            &[],
        )?
        .iter()
        .map(|row| row.get("name"))
        .collect();
    let mut schema = Vec::new();
    for table in tables {
        let columns = client
            .query(
                "SELECT CAST(c.column_name AS TEXT) AS name, CAST(c.data_type AS TEXT) AS type,
                     c.is_nullable = 'NO' AS not_null,
                     EXISTS (SELECT 1 FROM information_schema.table_constraints t
                             JOIN information_schema.key_column_usage k
                               ON k.constraint_schema = t.constraint_schema
                              AND k.constraint_name = t.constraint_name
                             WHERE t.table_schema = c.table_schema AND t.table_name = c.table_name
                               AND t.constraint_type = 'PRIMARY KEY'
                               AND k.column_name = c.column_name) AS primary_key,
                     CAST(c.column_default AS TEXT) AS default_value
                 FROM information_schema.columns c
                 WHERE c.table_schema = current_schema() AND c.table_name = $1
                 ORDER BY c.ordinal_position",
                &[&table],
            )?
            .iter()
            .map(|row| ColumnSchema {
                name: row.get("name"),
                kind: match row.get::<_, &str>("type") {
                    "bigint" | "integer" | "smallint" => ColumnKind::Integer,
                    "double precision" | "real" => ColumnKind::Real,
                    "text" => ColumnKind::Text,
                    other => ColumnKind::Other(other.to_string()),
                },
                not_null: row.get("not_null"),
                primary_key: row.get("primary_key"),
                default: row.get("default_value"),
            })
            .collect();
        let mut indexes = Vec::new();
        let mut unique = Vec::new();
        for row in client.query(
            "SELECT CAST(i.relname AS TEXT) AS name, x.indisunique AS is_unique,
                 (SELECT string_agg(pg_get_indexdef(x.indexrelid, k, true), ',' ORDER BY k)
                  FROM generate_series(1, x.indnatts) k) AS columns,
                 (SELECT CAST(min(c.contype) AS TEXT) FROM pg_constraint c
                  WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid
                    AND c.contype IN ('p', 'u')) AS constraint_type
             FROM pg_index x
             JOIN pg_class i ON i.oid = x.indexrelid
             JOIN pg_class t ON t.oid = x.indrelid
             WHERE t.relnamespace = CAST(current_schema() AS regnamespace) AND t.relname = $1
             ORDER BY 1",
            &[&table],
        )? {
            let columns: Vec<String> = row
                .get::<_, &str>("columns")
                .split(',')
                .map(str::to_string)
                .collect();
            match row.get::<_, Option<&str>>("constraint_type") {
                // Made by CREATE INDEX.
                None => indexes.push(IndexSchema {
                    name: row.get("name"),
                    unique: row.get("is_unique"),
                    columns,
                }),
                // A UNIQUE constraint's.
                Some("u") => unique.push(columns),
                // The primary key's: in the columns.
                Some(_) => {}
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

/// The name PostgreSQL's LISTEN and NOTIFY know a channel by.
fn channel_name(channel: Channel) -> &'static str {
    match channel {
        Channel::Queue => "judge_queue",
        Channel::Changes => "judge_changes",
    }
}

/// Why a connection could not be made: the server refused it (authentication, a missing
/// database: trying again will not help) or could not be reached (worth trying again).
fn connect_cause(error: &postgres::Error) -> DatabaseCause {
    let mut text = format!("cannot connect: {}", error_text(error));
    if text.contains("no TLS implementation configured") {
        text.push_str(" (this judge connects without TLS: drop sslmode=require, and reach the database over the lab's network or an SSH tunnel)");
    }
    if error.code().is_some() {
        DatabaseCause::Refused(text)
    } else {
        DatabaseCause::Unreachable(text)
    }
}

/// `?1`-style parameters as PostgreSQL's `$1`. Our SQL has no `?` inside literals.
fn dollar_parameters(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

impl ToSql for Value {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(v) => match *ty {
                Type::INT4 => i32::try_from(*v)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(*v)?.to_sql(ty, out),
                Type::FLOAT8 => (*v as f64).to_sql(ty, out),
                Type::BOOL => (*v != 0).to_sql(ty, out),
                Type::TEXT | Type::VARCHAR => v.to_string().to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
            Value::Real(v) => match *ty {
                Type::FLOAT4 => (*v as f32).to_sql(ty, out),
                _ => v.to_sql(ty, out),
            },
            Value::Text(v) => v.as_str().to_sql(ty, out),
        }
    }

    fn accepts(_ty: &Type) -> bool {
        // Each value converts itself to the parameter's type above.
        true
    }

    postgres::types::to_sql_checked!();
}

fn value_at(row: &postgres::Row, index: usize) -> std::result::Result<Value, postgres::Error> {
    let ty = row.columns()[index].type_().clone();
    Ok(match ty {
        Type::INT8 => row
            .try_get::<_, Option<i64>>(index)?
            .map_or(Value::Null, Value::Int),
        Type::INT4 => row
            .try_get::<_, Option<i32>>(index)?
            .map_or(Value::Null, |v| Value::Int(v.into())),
        Type::INT2 => row
            .try_get::<_, Option<i16>>(index)?
            .map_or(Value::Null, |v| Value::Int(v.into())),
        Type::BOOL => row
            .try_get::<_, Option<bool>>(index)?
            .map_or(Value::Null, |v| Value::Int(v.into())),
        Type::FLOAT8 => row
            .try_get::<_, Option<f64>>(index)?
            .map_or(Value::Null, Value::Real),
        Type::FLOAT4 => row
            .try_get::<_, Option<f32>>(index)?
            .map_or(Value::Null, |v| Value::Real(v.into())),
        _ => row
            .try_get::<_, Option<String>>(index)?
            .map_or(Value::Null, Value::Text),
    })
}

struct PgTx<'a> {
    transaction: postgres::Transaction<'a>,
    statements: &'a mut HashMap<String, Statement>,
    engine: &'a PostgresEngine,
}

impl PgTx<'_> {
    fn statement(&mut self, sql: &str) -> Result<Statement> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self
            .transaction
            .prepare(&dollar_parameters(sql))
            .map_err(|e| self.engine.error(e))?;
        self.statements.insert(sql.to_string(), statement.clone());
        Ok(statement)
    }
}

fn parameters(params: &[Value]) -> Vec<&(dyn ToSql + Sync)> {
    params.iter().map(|p| p as &(dyn ToSql + Sync)).collect()
}

impl Tx for PgTx<'_> {
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64> {
        let statement = self.statement(sql)?;
        self.transaction
            .execute(&statement, &parameters(params))
            .map_err(|e| self.engine.error(e))
    }

    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let statement = self.statement(sql)?;
        let names = statement
            .columns()
            .iter()
            .map(|column| column.name().to_string())
            .collect();
        let heading = Heading::new(self.engine.shown.clone(), names)?;
        let rows = self
            .transaction
            .query(&statement, &parameters(params))
            .map_err(|e| self.engine.error(e))?;
        rows.iter()
            .map(|row| {
                // Every column in turn, each value beside its name in the heading.
                (0..row.len())
                    .map(|i| value_at(row, i))
                    .collect::<std::result::Result<Vec<Value>, _>>()
                    .map(|values| Row::new(heading.clone(), values))
                    .map_err(|e| self.engine.error(e))
            })
            .collect()
    }

    fn now_ms_sql(&self) -> &'static str {
        "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    }

    fn lock_rows_sql(&self) -> &'static str {
        " FOR UPDATE"
    }

    fn skip_locked_sql(&self) -> &'static str {
        " FOR UPDATE OF s SKIP LOCKED"
    }

    fn notify(&mut self, channel: Channel) -> Result<()> {
        // Delivered on commit; the channel is one of our own names.
        self.execute(&format!("NOTIFY {}", channel_name(channel)), &[])?;
        Ok(())
    }

    fn relax_durability(&mut self) -> Result<()> {
        self.execute("SET LOCAL synchronous_commit = off", &[])?;
        Ok(())
    }
}

impl Engine for PostgresEngine {
    fn transaction(
        &self,
        access: Access,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<()>,
    ) -> Result<()> {
        let mut connection = self.connection()?;
        let PgConnection { client, statements } = &mut *connection;
        let transaction = match access {
            Access::Read | Access::Write => client.transaction(),
            // One snapshot for every statement (READ COMMITTED takes one per statement).
            Access::Snapshot => client
                .build_transaction()
                .isolation_level(postgres::IsolationLevel::RepeatableRead)
                .read_only(true)
                .start(),
        }
        .map_err(|e| self.error(e))?;
        let mut tx = PgTx {
            transaction,
            statements,
            engine: self,
        };
        let outcome = f(&mut tx);
        let PgTx { transaction, .. } = tx;
        match outcome {
            Ok(()) => transaction.commit().map_err(|e| self.error(e)),
            Err(error) => {
                // A failed statement can leave prepared statements unusable after a
                // reconnect; the pool drops a closed connection on return.
                let _ = transaction.rollback();
                Err(error)
            }
        }
    }

    fn is_shared(&self) -> bool {
        true
    }

    fn describe(&self) -> String {
        self.shown.clone()
    }

    fn schema_version(&self) -> Result<i64> {
        let mut connection = self.connection()?;
        let found = version(&mut connection.client).map_err(|e| self.error(e))?;
        Ok(found.unwrap_or(0))
    }

    fn migrate(&self) -> Result<()> {
        self.apply_migrations()
    }

    fn backup_into(&self, file: &std::path::Path) -> Result<()> {
        self.transaction(Access::Snapshot, &mut |tx| {
            let version = tx
                .query_row(
                    "SELECT CAST(max(version) AS BIGINT) AS version FROM schema_version",
                    &[],
                )?
                .map_or(Ok(None), |row| row.get::<Option<i64>>("version"))?
                .unwrap_or(0);
            super::export::export(tx, version, file)
        })
    }

    fn columns(&self, table: &str) -> Result<Vec<String>> {
        let mut connection = self.connection()?;
        let rows = connection
            .client
            .query(
                "SELECT CAST(column_name AS TEXT) AS name FROM information_schema.columns
                 WHERE table_schema = current_schema() AND table_name = $1
                 ORDER BY ordinal_position",
                &[&table],
            )
            .map_err(|e| self.error(e))?;
        Ok(rows.iter().map(|row| row.get("name")).collect())
    }

    fn schema(&self) -> Result<Vec<TableSchema>> {
        let mut connection = self.connection()?;
        schema(&mut connection.client).map_err(|e| self.error(e))
    }

    fn reset_ids(&self, tables: &[&str]) -> Result<()> {
        let mut connection = self.connection()?;
        for table in tables {
            // Table names are our own constants (migrations::TABLES_WITH_IDS).
            connection
                .client
                .batch_execute(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'),
                         (SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
                ))
                .map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    fn watch_queue(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool {
        self.watch(channel_name(Channel::Queue), wake)
    }

    fn watch_changes(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool {
        self.watch(channel_name(Channel::Changes), wake)
    }

    fn ping(&self, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        loop {
            if let Ok(mut connection) = self.pool.get_timeout(Duration::from_millis(500)) {
                if connection.client.simple_query("SELECT 1").is_ok() {
                    return true;
                }
            }
            if std::time::Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl PostgresEngine {
    /// Listens on `channel` in a thread of its own, with a connection of its own.
    fn watch(&self, channel: &'static str, wake: Box<dyn Fn() + Send + Sync>) -> bool {
        let config = self.config.clone();
        let stop = self.stop_watching.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("{channel}-listen"))
            .spawn(move || listen(&config, &stop, channel, &*wake));
        spawned.is_ok()
    }
}

/// Listens for notifications on `channel` until `stop`, reconnecting after failures;
/// wakes after each (re)connection too, since notifications sent meanwhile were lost.
fn listen(
    config: &postgres::Config,
    stop: &AtomicBool,
    channel: &str,
    wake: &(dyn Fn() + Send + Sync),
) {
    while !stop.load(Ordering::SeqCst) {
        let Ok(mut client) = config.connect(NoTls) else {
            std::thread::sleep(Duration::from_secs(1));
            continue;
        };
        if client.batch_execute(&format!("LISTEN {channel}")).is_err() {
            continue;
        }
        wake();
        while !stop.load(Ordering::SeqCst) {
            let next = client
                .notifications()
                .timeout_iter(Duration::from_secs(1))
                .next();
            match next {
                Ok(Some(_)) => wake(),
                Err(_) => break,
                Ok(None) if client.is_closed() => break,
                Ok(None) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_become_dollars() {
        assert_eq!(
            dollar_parameters("SELECT ?1, ?12 WHERE a = ?2"),
            "SELECT $1, $12 WHERE a = $2"
        );
    }
}
