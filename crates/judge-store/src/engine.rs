//! What an engine gives the store: transactions in which SQL runs with plain values.
//! The operations (users, submissions, leases, ...) are written once, over this, in the
//! store's other modules; each engine (sqlite.rs, postgres.rs) only connects, binds
//! values, runs the shared migrations, and says how its dialect differs.
//!
//! SQL is written once with `?1`-style parameters (each engine binds them its own way)
//! and the portable subset both engines understand (`ON CONFLICT`, `RETURNING`, `CAST`);
//! the few places where dialects differ are named methods of [`Tx`] and [`Engine`]
//! that each engine implements. Rows are read by column name ([`Row::get`]), from one
//! [`Columns`] list shared by a query and its decoder ([`FromRow`]).

use crate::error::{DatabaseCause, Result, StoreError};
use std::sync::Arc;
use std::time::Duration;

/// A value of a column or a parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// NULL.
    Null,
    /// An integer (every integer column is 64-bit).
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
}

impl Value {
    /// What kind of value it is, in words.
    fn kind(&self) -> &'static str {
        match self {
            Value::Null => "NULL",
            Value::Int(_) => "an integer",
            Value::Real(_) => "a real number",
            Value::Text(_) => "text",
        }
    }
}

impl From<i64> for Value {
    fn from(v: i64) -> Value {
        Value::Int(v)
    }
}

impl From<f64> for Value {
    fn from(v: f64) -> Value {
        Value::Real(v)
    }
}

impl From<&str> for Value {
    fn from(v: &str) -> Value {
        Value::Text(v.to_string())
    }
}

impl From<String> for Value {
    fn from(v: String) -> Value {
        Value::Text(v)
    }
}

impl From<&String> for Value {
    fn from(v: &String) -> Value {
        Value::Text(v.clone())
    }
}

impl From<bool> for Value {
    fn from(v: bool) -> Value {
        Value::Int(i64::from(v))
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}

/// The names of a query's columns, shared by the rows of its answer.
#[derive(Debug)]
pub struct Heading {
    /// The store's address, for errors.
    database: String,
    /// The columns' names, in the order of the values.
    names: Vec<String>,
}

impl Heading {
    /// The heading of a query's answer in `database`; an error when two columns have the
    /// same name (a row is read by name: give each its own with `AS`).
    pub fn new(database: String, names: Vec<String>) -> Result<Arc<Heading>> {
        for (index, name) in names.iter().enumerate() {
            if names[..index].contains(name) {
                return Err(StoreError::Database {
                    database,
                    cause: DatabaseCause::Value(format!(
                        "the query's answer has two columns named {name}"
                    )),
                });
            }
        }
        Ok(Arc::new(Heading { database, names }))
    }
}

/// One row of a query's answer, read by column name.
#[derive(Debug, Clone)]
pub struct Row {
    heading: Arc<Heading>,
    values: Vec<Value>,
}

impl Row {
    /// A row of `values`, named by `heading` (as many names as values).
    pub fn new(heading: Arc<Heading>, values: Vec<Value>) -> Row {
        Row { heading, values }
    }

    /// The column `name` as a `T`: an error when the answer has no such column, or when
    /// its value is of another kind (NULL where `T` is not an `Option`).
    pub fn get<T: FromValue>(&self, name: &str) -> Result<T> {
        let error = |what: String| StoreError::Database {
            database: self.heading.database.clone(),
            cause: DatabaseCause::Value(what),
        };
        let index = self
            .heading
            .names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| {
                error(format!(
                    "the query's answer has no column {name} (it has {})",
                    self.heading.names.join(", ")
                ))
            })?;
        let value = self.values.get(index).unwrap_or(&Value::Null);
        // The kind of the value, never the value (it may be a password hash or a source).
        T::from_value(value).ok_or_else(|| {
            error(format!(
                "column {name} is {}, not {}",
                value.kind(),
                T::EXPECTED
            ))
        })
    }

    /// An error about a value of this row that is of the right kind but malformed (a
    /// column holding JSON, edited by hand): `what` says which and why.
    pub fn bad_value(&self, what: String) -> StoreError {
        StoreError::Database {
            database: self.heading.database.clone(),
            cause: DatabaseCause::Value(what),
        }
    }

    /// Every value, in the order of the query's columns (to copy a row as it is).
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}

/// A Rust type a column is read as ([`Row::get`]).
pub trait FromValue: Sized {
    /// What it holds, for errors (`an integer`).
    const EXPECTED: &'static str;
    /// The value as this type; None when it is of another kind.
    fn from_value(value: &Value) -> Option<Self>;
}

impl FromValue for i64 {
    const EXPECTED: &'static str = "an integer";
    fn from_value(value: &Value) -> Option<i64> {
        match value {
            Value::Int(v) => Some(*v),
            _ => None,
        }
    }
}

impl FromValue for f64 {
    const EXPECTED: &'static str = "a number";
    fn from_value(value: &Value) -> Option<f64> {
        match value {
            Value::Real(v) => Some(*v),
            // A REAL column of SQLite may hand back an integral value as an integer.
            Value::Int(v) => Some(*v as f64),
            _ => None,
        }
    }
}

impl FromValue for bool {
    const EXPECTED: &'static str = "0 or 1";
    fn from_value(value: &Value) -> Option<bool> {
        // Both schemas keep flags as integers.
        i64::from_value(value).map(|v| v != 0)
    }
}

impl FromValue for String {
    const EXPECTED: &'static str = "text";
    fn from_value(value: &Value) -> Option<String> {
        match value {
            Value::Text(v) => Some(v.clone()),
            _ => None,
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    const EXPECTED: &'static str = T::EXPECTED;
    fn from_value(value: &Value) -> Option<Option<T>> {
        match value {
            Value::Null => Some(None),
            other => T::from_value(other).map(Some),
        }
    }
}

/// The columns a query selects for one decoder, as SQL select items (`s.id`,
/// `u.name AS user_name`, `count(*) AS failures`); each is read back by its name: what
/// follows `AS`, else what follows the last dot. The query selects [`Columns::select`],
/// the decoder reads those names: a column is added in one list.
#[derive(Debug, Clone, Copy)]
pub struct Columns(pub &'static [&'static str]);

impl Columns {
    /// The select list: each item `AS` its name, so that both engines name it alike.
    pub fn select(self) -> String {
        select(&[self])
    }

    /// The names the columns are read by, in order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        self.0.iter().map(|item| split_item(item).1)
    }
}

/// Several lists' columns as one select list (a struct's and a few more).
pub fn select(lists: &[Columns]) -> String {
    let items: Vec<String> = lists
        .iter()
        .flat_map(|list| list.0.iter())
        .map(|item| {
            let (expression, name) = split_item(item);
            format!("{expression} AS {name}")
        })
        .collect();
    items.join(", ")
}

/// A select item's expression and name.
fn split_item(item: &'static str) -> (&'static str, &'static str) {
    match item.rsplit_once(" AS ") {
        Some((expression, name)) => (expression.trim(), name.trim()),
        None => (item, item.rsplit('.').next().unwrap_or(item)),
    }
}

/// A struct read from a row by column name.
pub trait FromRow: Sized {
    /// The columns it is read from: what a query selects for it.
    const COLUMNS: Columns;
    /// Reads it from a row that has [`FromRow::COLUMNS`].
    fn from_row(row: &Row) -> Result<Self>;
}

/// What a notification tells the processes listening for it ([`Tx::notify`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// A submission was queued or handed back, or the published problems changed:
    /// workers look for work.
    Queue,
    /// Judging progress or a result was stored: live-status streams look again.
    Changes,
}

/// Whether a transaction writes (SQLite takes its write lock at the start, so that two
/// writers never both read and then fail to upgrade).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Only reads.
    Read,
    /// Reads and writes.
    Write,
    /// Only reads, every one from the same snapshot of the store, whatever other
    /// processes commit meanwhile (a backup, a copy): PostgreSQL's REPEATABLE READ;
    /// a SQLite read transaction is one snapshot already.
    Snapshot,
}

/// An open transaction.
pub trait Tx {
    /// Runs a statement; returns the rows it changed.
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64>;
    /// Runs a query; returns its rows.
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>>;

    // How the engines differ, each difference a named method: no operation asks which
    // engine it runs on.

    /// The database's clock in Unix milliseconds, as an SQL expression: leases are timed
    /// by the one clock every machine shares, never by a worker's own.
    fn now_ms_sql(&self) -> &'static str;
    /// What follows a `SELECT` of rows the transaction will change, so that concurrent
    /// writers wait for it (`FOR UPDATE`; nothing where a write transaction already holds
    /// the whole database).
    fn lock_rows_sql(&self) -> &'static str;
    /// What follows the claim's `SELECT` of `submissions s`, so that concurrent workers
    /// take different rows without waiting for each other (`FOR UPDATE OF s SKIP LOCKED`;
    /// nothing where a write transaction already holds the whole database).
    fn skip_locked_sql(&self) -> &'static str;
    /// Tells the processes listening on `channel` once the transaction commits
    /// (PostgreSQL's NOTIFY; nothing where there are no notifications: those processes
    /// look now and then).
    fn notify(&mut self, channel: Channel) -> Result<()>;
    /// Lets the commit return before it is on disk, for rows whose loss in a crash is
    /// harmless (PostgreSQL's `synchronous_commit = off` for this transaction; nothing
    /// where every commit is flushed).
    fn relax_durability(&mut self) -> Result<()>;

    /// The first row of a query, if any.
    fn query_row(&mut self, sql: &str, params: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }
}

impl dyn Tx + '_ {
    /// Runs a query that selects `T::COLUMNS`; returns its rows as `T`s.
    pub fn query_as<T: FromRow>(&mut self, sql: &str, params: &[Value]) -> Result<Vec<T>> {
        self.query(sql, params)?.iter().map(T::from_row).collect()
    }

    /// The first row of a query that selects `T::COLUMNS`, as a `T`.
    pub fn query_row_as<T: FromRow>(&mut self, sql: &str, params: &[Value]) -> Result<Option<T>> {
        self.query_row(sql, params)?
            .as_ref()
            .map(T::from_row)
            .transpose()
    }
}

/// A database engine.
pub trait Engine: Send + Sync {
    /// Runs `f` in one transaction: committed if it returns Ok, rolled back otherwise.
    fn transaction(
        &self,
        access: Access,
        f: &mut dyn FnMut(&mut dyn Tx) -> Result<()>,
    ) -> Result<()>;
    /// Whether processes on several machines can share the store (and a worker elsewhere
    /// can judge from it).
    fn is_shared(&self) -> bool;
    /// The store's address, safe to show (no password).
    fn describe(&self) -> String;
    /// The schema version the store is at.
    fn schema_version(&self) -> Result<i64>;
    /// Applies the migrations the store has not seen (each in its own transaction with
    /// its version bump); refuses a store of a newer schema than this build's.
    fn migrate(&self) -> Result<()>;
    /// Writes a consistent copy of the whole store, at its schema version, as a new
    /// SQLite file `file` (the backup format of both engines), while others go on
    /// reading and writing: SQLite's online backup API; an export of every table in one
    /// REPEATABLE READ transaction for PostgreSQL ([`super::backup`]).
    fn backup_into(&self, file: &std::path::Path) -> Result<()>;
    /// The columns of a table, in order (for copying between engines).
    fn columns(&self, table: &str) -> Result<Vec<String>>;
    /// Every table of the store (but the engine's own bookkeeping, such as the schema
    /// version), by name, as the engine describes it.
    fn schema(&self) -> Result<Vec<TableSchema>>;
    /// After rows were copied in with their ids: makes new ids start after them.
    fn reset_ids(&self, tables: &[&str]) -> Result<()>;
    /// Calls `wake` when another process queues a submission (PostgreSQL's LISTEN);
    /// engines without notifications return false, and workers poll.
    fn watch_queue(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool;
    /// Calls `wake` when any process stores judging progress or a result (PostgreSQL's
    /// LISTEN); engines without notifications return false (one process writes them all).
    fn watch_changes(&self, wake: Box<dyn Fn() + Send + Sync>) -> bool;
    /// Waits at most `timeout` for the store to answer again (after a failure).
    fn ping(&self, timeout: Duration) -> bool;
}

/// A table as its engine describes it: what the two dialects' migrations must agree on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableSchema {
    /// Its name.
    pub name: String,
    /// Its columns, in order.
    pub columns: Vec<ColumnSchema>,
    /// Its indexes made by `CREATE INDEX`, by name.
    pub indexes: Vec<IndexSchema>,
    /// The columns of each of its `UNIQUE` constraints, sorted.
    pub unique: Vec<Vec<String>>,
}

/// A column of a [`TableSchema`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnSchema {
    /// Its name.
    pub name: String,
    /// What it holds.
    pub kind: ColumnKind,
    /// Whether NULL is refused (a primary key's columns count as NOT NULL in both).
    pub not_null: bool,
    /// Whether it is part of the primary key.
    pub primary_key: bool,
    /// Its default, as the engine writes it (`0`), if it has one.
    pub default: Option<String>,
}

/// What a column holds, whatever each dialect calls it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ColumnKind {
    /// SQLite's INTEGER, PostgreSQL's BIGINT (or another integer type).
    Integer,
    /// SQLite's REAL, PostgreSQL's DOUBLE PRECISION.
    Real,
    /// TEXT.
    Text,
    /// Anything else, as the engine names it.
    Other(String),
}

/// An index of a [`TableSchema`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexSchema {
    /// Its name.
    pub name: String,
    /// Whether it is unique.
    pub unique: bool,
    /// Its columns, in order.
    pub columns: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(names: &[&str], values: Vec<Value>) -> Result<Row> {
        let names = names.iter().map(|n| n.to_string()).collect();
        Ok(Row::new(Heading::new("test".into(), names)?, values))
    }

    #[test]
    fn a_column_list_selects_each_item_as_the_name_it_is_read_by() {
        const LIST: Columns = Columns(&["s.id", "u.name AS user_name", "count(*) AS failures"]);
        assert_eq!(
            LIST.select(),
            "s.id AS id, u.name AS user_name, count(*) AS failures"
        );
        assert_eq!(
            LIST.names().collect::<Vec<_>>(),
            ["id", "user_name", "failures"]
        );
        assert_eq!(
            select(&[LIST, Columns(&["r.result_json"])]),
            "s.id AS id, u.name AS user_name, count(*) AS failures, r.result_json AS result_json"
        );
    }

    #[test]
    fn a_row_is_read_by_name_and_a_mistake_is_an_error_not_a_zero() {
        let row = row(
            &["id", "note", "gone", "time_s", "flag"],
            vec![
                Value::Int(7),
                Value::Text("x".into()),
                Value::Null,
                Value::Int(2),
                Value::Int(1),
            ],
        )
        .unwrap();
        assert_eq!(row.get::<i64>("id").unwrap(), 7);
        assert_eq!(row.get::<String>("note").unwrap(), "x");
        assert_eq!(row.get::<Option<String>>("gone").unwrap(), None);
        assert_eq!(row.get::<Option<i64>>("id").unwrap(), Some(7));
        assert_eq!(row.get::<f64>("time_s").unwrap(), 2.0);
        assert!(row.get::<bool>("flag").unwrap());
        let missing = row.get::<i64>("nope").unwrap_err().to_string();
        assert!(
            missing.contains("no column nope (it has id, note, gone, time_s, flag)"),
            "{missing}"
        );
        let null = row.get::<i64>("gone").unwrap_err().to_string();
        assert!(
            null.contains("column gone is NULL, not an integer"),
            "{null}"
        );
        let text = row.get::<i64>("note").unwrap_err().to_string();
        assert!(
            text.ends_with("column note is text, not an integer"),
            "{text}"
        );
        assert!(row.get::<String>("id").is_err(), "an integer is not text");
    }

    #[test]
    fn two_columns_of_one_name_are_refused() {
        let error = row(&["round", "round"], vec![Value::Int(1), Value::Int(2)]).unwrap_err();
        assert!(
            error.to_string().contains("two columns named round"),
            "{error}"
        );
    }
}
