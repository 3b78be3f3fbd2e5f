//! What an engine gives the store: transactions in which SQL runs with plain values.
//! The operations (users, submissions, leases, ...) are written once, over this, in the
//! store's other modules; each engine (sqlite.rs, postgres.rs) only connects, binds
//! values, runs the shared migrations, and says how its dialect differs.
//!
//! SQL is written once with `?1`-style parameters and the portable subset both engines
//! understand; the few places where dialects differ ask [`Dialect`].

use crate::error::Result;
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

/// One row of a query's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Row(pub Vec<Value>);

impl Row {
    fn at(&self, index: usize) -> &Value {
        self.0.get(index).unwrap_or(&Value::Null)
    }

    /// An integer column (0 for NULL or another type: the schema makes them integers).
    pub fn int(&self, index: usize) -> i64 {
        self.opt_int(index).unwrap_or(0)
    }

    /// A nullable integer column.
    pub fn opt_int(&self, index: usize) -> Option<i64> {
        match self.at(index) {
            Value::Int(v) => Some(*v),
            Value::Real(v) => Some(*v as i64),
            _ => None,
        }
    }

    /// A real column.
    pub fn real(&self, index: usize) -> f64 {
        match self.at(index) {
            Value::Real(v) => *v,
            Value::Int(v) => *v as f64,
            _ => 0.0,
        }
    }

    /// A text column ("" for NULL).
    pub fn text(&self, index: usize) -> String {
        self.opt_text(index).unwrap_or_default()
    }

    /// A nullable text column.
    pub fn opt_text(&self, index: usize) -> Option<String> {
        match self.at(index) {
            Value::Text(v) => Some(v.clone()),
            _ => None,
        }
    }
}

/// How an engine's SQL differs from the portable subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite 3.4x.
    Sqlite,
    /// PostgreSQL 12 or newer.
    Postgres,
}

impl Dialect {
    /// The database's clock in Unix milliseconds: leases are timed by the one clock every
    /// machine shares, never by a worker's own.
    pub fn now_ms(self) -> &'static str {
        match self {
            Dialect::Sqlite => "CAST(unixepoch('subsec') * 1000 AS INTEGER)",
            Dialect::Postgres => "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)",
        }
    }

    /// What follows a `SELECT` of rows the transaction will change, so that concurrent
    /// writers wait (SQLite's write transactions already hold the whole database).
    pub fn for_update(self) -> &'static str {
        match self {
            Dialect::Sqlite => "",
            Dialect::Postgres => " FOR UPDATE",
        }
    }

    /// What follows the claim's `SELECT` so that concurrent workers take different rows
    /// without waiting for each other.
    pub fn skip_locked(self) -> &'static str {
        match self {
            Dialect::Sqlite => "",
            Dialect::Postgres => " FOR UPDATE OF s SKIP LOCKED",
        }
    }
}

/// Whether a transaction writes (SQLite takes its write lock at the start, so that two
/// writers never both read and then fail to upgrade).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Only reads.
    Read,
    /// Reads and writes.
    Write,
}

/// An open transaction.
pub trait Tx {
    /// Runs a statement; returns the rows it changed.
    fn execute(&mut self, sql: &str, params: &[Value]) -> Result<u64>;
    /// Runs a query; returns its rows.
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>>;
    /// The engine's dialect.
    fn dialect(&self) -> Dialect;

    /// The first row of a query, if any.
    fn query_row(&mut self, sql: &str, params: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
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
    /// The engine's dialect.
    fn dialect(&self) -> Dialect;
    /// The store's address, safe to show (no password).
    fn describe(&self) -> String;
    /// The schema version the store is at.
    fn schema_version(&self) -> Result<i64>;
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
