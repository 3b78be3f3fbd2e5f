//! Versioned schema migrations, one list for both engines: migration `i` brings the schema
//! to version `i + 1`. Each is a pair of SQL files, `migrations/sqlite/NNN_name.sql` and
//! `migrations/postgres/NNN_name.sql` (beside this crate's `src/`), embedded in the binary
//! and written with the same tables, columns and indexes in each dialect (a test compares
//! the two migrated schemas). Each engine runs the ones its store has not seen, each in
//! its own transaction with the version bump, so a crash leaves the store at the last
//! completed version. Never edit a published migration: add a pair of files and a line
//! to [`MIGRATIONS`].

/// One migration, in each dialect.
#[derive(Debug, Clone, Copy)]
pub struct Migration {
    /// Its files' name without `.sql` (`006_contests`): the version it brings the schema
    /// to, then what it is about.
    pub name: &'static str,
    /// What it adds, in a few words.
    pub what: &'static str,
    /// SQLite's statements (`migrations/sqlite/<name>.sql`).
    pub sqlite: &'static str,
    /// PostgreSQL's statements (`migrations/postgres/<name>.sql`).
    pub postgres: &'static str,
}

/// The migration named `$name` (its two files), saying what it adds.
macro_rules! migration {
    ($name:literal, $what:literal) => {
        Migration {
            name: $name,
            what: $what,
            sqlite: include_str!(concat!("../migrations/sqlite/", $name, ".sql")),
            postgres: include_str!(concat!("../migrations/postgres/", $name, ".sql")),
        }
    };
}

/// The migrations, in order.
pub const MIGRATIONS: &[Migration] = &[
    migration!(
        "001_accounts_submissions_results",
        "accounts, sessions, submissions (their state is the judging queue), results"
    ),
    migration!(
        "002_judge_error_retries",
        "a judge error is never final by itself: je_retries (judge errors judged again automatically since the last teacher action), je_accepted (a teacher accepted the current round's judge error as the verdict)"
    ),
    migration!(
        "003_leases_workers_tokens",
        "leases and heartbeats, judge workers, problem content hashes, live progress rows, API tokens, idempotent submits"
    ),
    migration!(
        "004_login_failures",
        "failed log-ins (account, address, time), for the log-in limits and the teacher's dashboard"
    ),
    migration!(
        "005_clarifications_announcements",
        "clarifications (a student's question, the teacher's answer, private or public) and announcements, with what each user has seen"
    ),
    migration!(
        "006_contests",
        "several contests: the contest of each submission (NULL in rows from before: the server puts them in its first contest when it starts) and whether it came after a homework deadline"
    ),
    migration!(
        "007_announcements_per_contest",
        "clarifications and announcements per contest: an announcement for one contest (rows from before, whose contest is NULL, stay the first contest's) or for every contest, and which announcements each user has seen (one row each, since each contest's pages mark their own)"
    ),
    migration!(
        "008_account_disabled",
        "a disabled account (disabled_at_ms): it cannot log in, and its sessions and API tokens stop working"
    ),
    migration!(
        "009_user_groups",
        "a student's group (group_name: a class or section, NULL for none), by which the teacher filters the gradebook and the submissions"
    ),
    migration!(
        "010_worker_tokens",
        "judging machines' tokens (worker_tokens: a name, the token's SHA-256, made, last used, revoked), the role with which `judge worker --server` claims work over HTTP"
    ),
    migration!(
        "011_worker_languages",
        "the languages each worker runs (workers.languages, a JSON array of language ids; NULL for a worker from before, which claims any language)"
    ),
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Tables whose rows `judge db copy` moves, parents before children. (Progress rows,
/// worker reports and problem hashes are rebuilt by the running processes.)
pub const COPIED_TABLES: &[&str] = &[
    "users",
    "sessions",
    "settings",
    "submissions",
    "results",
    "api_tokens",
    "clarifications",
    "announcements",
    "announcements_seen",
    "worker_tokens",
];

/// Tables with an integer `id` that new rows take from a sequence.
pub const TABLES_WITH_IDS: &[&str] = &[
    "users",
    "submissions",
    "api_tokens",
    "clarifications",
    "announcements",
    "worker_tokens",
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Each migration is a pair of files numbered by the version it brings the schema to,
    /// and each file in the folders is one of the list's.
    #[test]
    fn the_list_names_every_migration_file_in_order() {
        let listed: Vec<String> = MIGRATIONS
            .iter()
            .map(|m| format!("{}.sql", m.name))
            .collect();
        for (index, name) in listed.iter().enumerate() {
            assert!(
                name.starts_with(&format!("{:03}_", index + 1)),
                "migration {} is named {name}",
                index + 1
            );
        }
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
        for dialect in ["sqlite", "postgres"] {
            let mut files: Vec<String> = std::fs::read_dir(folder.join(dialect))
                .unwrap()
                .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            files.sort();
            assert_eq!(files, listed, "migrations/{dialect}/ and MIGRATIONS differ");
        }
    }
}
