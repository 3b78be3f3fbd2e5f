//! Versioned schema migrations. The version is SQLite's `user_version`; each migration
//! runs in its own transaction with the version bump, so a crash leaves the file at the
//! last completed version. Never edit a published migration: append a new one.

use crate::error::{Result, ServerError};
use rusqlite::Connection;
use std::path::Path;

/// The migrations, in order; migration `i` brings the schema to version `i + 1`.
const MIGRATIONS: &[&str] = &[
    // 1: accounts, sessions, submissions (their state is the judging queue), results.
    r#"
    CREATE TABLE users (
        id            INTEGER PRIMARY KEY,
        name          TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        created_at_ms INTEGER NOT NULL
    );
    CREATE TABLE sessions (
        token_sha256  TEXT PRIMARY KEY,
        user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token    TEXT NOT NULL,
        created_at_ms INTEGER NOT NULL,
        expires_at_ms INTEGER NOT NULL
    );
    CREATE INDEX sessions_by_user ON sessions(user_id);
    CREATE TABLE submissions (
        id              INTEGER PRIMARY KEY,
        user_id         INTEGER NOT NULL REFERENCES users(id),
        problem         TEXT NOT NULL,
        language        TEXT NOT NULL,
        source          TEXT NOT NULL,
        submitted_at_ms INTEGER NOT NULL,
        -- A rejudge starts a new round; results are kept per round.
        round           INTEGER NOT NULL DEFAULT 1,
        state           TEXT NOT NULL CHECK (state IN ('queued', 'judging', 'done')),
        -- How many times a worker took it (a restart mid-judging adds one).
        claims          INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX submissions_by_state ON submissions(state, id);
    CREATE INDEX submissions_by_user ON submissions(user_id, id);
    CREATE INDEX submissions_by_problem ON submissions(problem, id);
    -- One row per submission and round: written once, in the same transaction that marks
    -- the submission done, so a submission is never judged twice into the results.
    CREATE TABLE results (
        submission_id         INTEGER NOT NULL REFERENCES submissions(id),
        round                 INTEGER NOT NULL,
        verdict               TEXT NOT NULL,
        passed                INTEGER NOT NULL,
        total                 INTEGER NOT NULL,
        max_cpu_time_s        REAL NOT NULL,
        max_peak_memory_bytes INTEGER NOT NULL,
        -- The whole result (docs/result-schema.md); NULL when the judge failed.
        result_json           TEXT,
        -- Why the judge could not judge it (verdict JE).
        error                 TEXT,
        judged_at_ms          INTEGER NOT NULL,
        PRIMARY KEY (submission_id, round)
    );
    CREATE TABLE settings (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    "#,
    // 2: a judge error is never final by itself. `je_retries`: judge errors judged again
    // automatically since the last teacher action; `je_accepted`: a teacher accepted the
    // current round's judge error as the verdict.
    r#"
    ALTER TABLE submissions ADD COLUMN je_retries INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE submissions ADD COLUMN je_accepted INTEGER NOT NULL DEFAULT 0;
    "#,
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Applies the migrations the database has not seen.
pub fn migrate(connection: &mut Connection, file: &Path) -> Result<()> {
    let database = |cause| ServerError::Database {
        file: file.to_path_buf(),
        cause,
    };
    let found: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(database)?;
    if found > SCHEMA_VERSION {
        return Err(ServerError::SchemaTooNew {
            file: file.to_path_buf(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    for (index, sql) in MIGRATIONS.iter().enumerate().skip(found.max(0) as usize) {
        let transaction = connection.transaction().map_err(database)?;
        transaction.execute_batch(sql).map_err(database)?;
        // PRAGMA takes no parameters; the value is our own integer.
        transaction
            .execute_batch(&format!("PRAGMA user_version = {}", index + 1))
            .map_err(database)?;
        transaction.commit().map_err(database)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.sqlite3");
        let mut connection = Connection::open(&file).unwrap();
        connection
            .execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1))
            .unwrap();
        let error = migrate(&mut connection, &file).unwrap_err();
        assert!(matches!(error, ServerError::SchemaTooNew { .. }), "{error}");
    }

    #[test]
    fn migrating_is_idempotent() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.sqlite3");
        let mut connection = Connection::open(&file).unwrap();
        migrate(&mut connection, &file).unwrap();
        migrate(&mut connection, &file).unwrap();
        let tables: i64 = connection
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(tables, 5);
    }
}
