//! judge-store: the judge server's store. Users, sessions, API tokens, submissions and
//! their results, the judging queue (the submissions' `state`, with leases), problem
//! hashes, live progress, judge workers, clarifications, a few settings.
//!
//! Two engines behind one interface ([`engine::Engine`]): SQLite ([`sqlite`], the
//! default: one file in the data folder, nothing to install) and PostgreSQL
//! ([`postgres`], shared by a server and judge workers on many machines), with one list of
//! versioned migrations ([`migrations`], a pair of SQL files each under `migrations/`).
//! The operations are written once, as methods of [`Store`] in this crate's other
//! modules, in SQL both engines run; where the dialects differ (the clock, row locks,
//! notifications, durability) an operation calls a named method of the engine's
//! transaction ([`engine::Tx`]) and never asks which engine it runs on. Each row is read
//! by column name into a struct, from one [`engine::Columns`] list shared by the queries
//! that select it and its decoder ([`engine::FromRow`]).
//!
//! [`backup`] writes a backup (one SQLite file, from either engine) and restores one;
//! [`Store::connect`] takes one before it migrates a store that holds data.
//! [`data_lock`] keeps two servers (or a server and a restore) off one data folder.
//!
//! Every method is one short transaction. Callers on an async runtime run them on
//! blocking threads (judge-server's `state::AppState::blocking`). It knows nothing of
//! HTTP, pages or judging: judge-server serves it, and its workers fill it.

mod account_changes;
pub mod backup;
mod clarifications;
pub mod copy;
mod data_lock;
pub mod database_url;
mod engine;
mod error;
mod export;
mod handle;
mod leases;
mod login_failures;
mod metrics;
mod migrations;
#[cfg(test)]
mod old_stores;
mod open;
mod password_reset;
mod postgres;
pub(crate) mod postgres_error;
mod progress;
mod rows;
mod sessions;
pub mod settings;
mod sqlite;
mod submissions;
mod tokens;
mod users;
mod worker_tokens;

#[cfg(test)]
pub(crate) mod testing;

pub use account_changes::AccountChange;
pub use clarifications::{
    Announcement, Asked, Clarification, CourseNotices, InContest, NewQuestion, Notices,
};
pub use data_lock::lock_data_folder;
pub use database_url::DatabaseUrl;
pub use error::{DatabaseCause, Result, StoreError};
pub use handle::{now_ms, Store, DATABASE_FILE};
pub use leases::{ClaimRequest, ProblemVersion, WorkerReport};
pub use login_failures::{FailureCount, RepeatedFailures};
pub use migrations::MIGRATIONS;
pub use migrations::SCHEMA_VERSION;
pub use password_reset::PasswordReset;
pub use progress::Progress;
pub use submissions::{
    Claimed, Inserted, JudgeOutcome, JudgedAttempt, NewSubmission, Placement, ResultSummary,
    RoundResult, Submission, SubmissionFilter, SubmissionState, SubmissionSummary,
};
pub use tokens::ApiToken;
pub use users::{NewUser, Role, User};
pub use worker_tokens::WorkerToken;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::StoreError;
    use std::path::Path;

    #[test]
    fn opening_twice_keeps_the_schema_and_the_data() {
        testing::for_each_store(|store, reopen| {
            store.add_user("ann", "hash", Role::Student).unwrap();
            drop(store);
            let store = reopen();
            assert_eq!(store.user_by_name("ann").unwrap().unwrap().0.name, "ann");
            assert_eq!(store.engine().schema_version().unwrap(), SCHEMA_VERSION);
        });
    }

    /// The migrations of the two dialects stay in step: after each one, a SQLite and a
    /// PostgreSQL database have the same tables, columns (kind, NOT NULL, primary key,
    /// default), indexes and unique constraints.
    #[test]
    fn both_dialects_have_the_same_schema_after_each_migration() {
        let Some(database) = test_postgres::fresh_database() else {
            return;
        };
        let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
        let connection = rusqlite::Connection::open_in_memory().unwrap();
        for migration in migrations::MIGRATIONS {
            connection.execute_batch(migration.sqlite).unwrap();
            client.batch_execute(migration.postgres).unwrap();
            let sqlite = sqlite::schema(&connection).unwrap();
            let postgres = postgres::schema(&mut client).unwrap();
            for (a, b) in sqlite.iter().zip(&postgres) {
                assert_eq!(
                    a, b,
                    "after {}: sqlite (left), postgres (right)",
                    migration.name
                );
            }
            let names = |schema: &[engine::TableSchema]| -> Vec<String> {
                schema.iter().map(|t| t.name.clone()).collect()
            };
            assert_eq!(names(&sqlite), names(&postgres), "after {}", migration.name);
        }
        let store = testing::postgres_store().unwrap();
        let tables = store.0.engine().schema().unwrap();
        assert_eq!(tables, postgres::schema(&mut client).unwrap());
        assert_eq!(tables, testing::sqlite_store().0.engine().schema().unwrap());
        assert_eq!(tables.len(), 14, "{tables:#?}");
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("x.sqlite3");
        let connection = rusqlite::Connection::open(&file).unwrap();
        connection
            .execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1))
            .unwrap();
        drop(connection);
        let error = Store::connect(&DatabaseUrl::sqlite(&file)).unwrap_err();
        assert!(matches!(error, StoreError::SchemaTooNew { .. }), "{error}");
        let Some(database) = test_postgres::fresh_database() else {
            return;
        };
        let url: DatabaseUrl = database.url.parse().unwrap();
        drop(Store::connect(&url).unwrap());
        let mut client = ::postgres::Client::connect(&database.url, ::postgres::NoTls).unwrap();
        client
            .execute(
                "UPDATE schema_version SET version = $1",
                &[&(SCHEMA_VERSION + 1)],
            )
            .unwrap();
        let error = Store::connect(&url).unwrap_err();
        assert!(
            error.to_string().contains("is newer than this server's"),
            "{error}"
        );
    }

    #[test]
    fn an_unreachable_postgres_is_a_one_line_error_without_the_password() {
        let error = Store::connect(&"postgres://judge:s3cret@127.0.0.1:1/judge".parse().unwrap())
            .unwrap_err();
        let text = error.to_string();
        assert!(error.is_unavailable(), "{text}");
        assert!(!text.contains("s3cret") && !text.contains('\n'), "{text}");
        assert!(
            text.starts_with("database postgres://judge:***@127.0.0.1:1/judge: cannot connect"),
            "{text}"
        );
    }

    /// Each way PostgreSQL refuses a connection is said at once, in its own words, on one
    /// line without the password: a role that peer authentication refuses, a wrong
    /// password, a missing database, TLS the server was asked for.
    #[test]
    fn each_postgres_refusal_names_its_cause_at_once() {
        let Ok(admin) = std::env::var(test_postgres::SERVER_VARIABLE) else {
            test_postgres::unavailable("JUDGE_TEST_POSTGRES is not set");
            return;
        };
        let parsed: ::postgres::Config = admin.parse().unwrap();
        let port = parsed.get_ports().first().copied().unwrap_or(5432);
        let user = parsed.get_user().unwrap_or("judge_test").to_string();
        let host = "127.0.0.1";
        let socket_dir = "/var/run/postgresql";
        let mut cases = vec![
            (
                format!("postgres://{user}:wrong-pass@{host}:{port}/postgres"),
                format!("FATAL: password authentication failed for user \"{user}\""),
            ),
            (
                test_postgres::with_database(&admin, "judge_no_such_database"),
                "FATAL: database \"judge_no_such_database\" does not exist".to_string(),
            ),
            (
                format!("postgres://{user}:wrong-pass@{host}:{port}/postgres?sslmode=require"),
                "TLS".to_string(),
            ),
        ];
        if Path::new(&format!("{socket_dir}/.s.PGSQL.{port}")).exists() {
            // Debian's pg_hba.conf: local connections by peer authentication, which
            // refuses a role named otherwise than the user running the test.
            cases.push((
                format!(
                    "postgres://{user}:wrong-pass@localhost/postgres?host={socket_dir}&port={port}"
                ),
                format!("FATAL: Peer authentication failed for user \"{user}\""),
            ));
        } else {
            test_postgres::unavailable(&format!(
                "the test server has no Unix socket in {socket_dir} (the peer authentication case)"
            ));
        }
        for (url, cause) in cases {
            let started = std::time::Instant::now();
            let error = Store::connect(&url.parse().unwrap()).unwrap_err();
            let text = error.to_string();
            assert!(text.contains(&cause), "{url}: {text}");
            assert!(text.contains(": cannot connect: "), "{text}");
            assert!(
                !text.contains("wrong-pass") && !text.contains('\n'),
                "{text}"
            );
            assert!(
                started.elapsed() < std::time::Duration::from_secs(3),
                "{url}: {:?}",
                started.elapsed()
            );
            eprintln!("{text}");
        }
    }
}
