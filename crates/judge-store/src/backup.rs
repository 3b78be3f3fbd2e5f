//! Backups of the store and putting one back: `judge db backup FILE`, `judge db restore
//! FILE`, `judge serve --backup-every`, the copy kept before a migration, and the row
//! counts `judge db status` shows.
//!
//! A backup is one SQLite file holding the store at its schema version, whichever engine
//! it came from: SQLite's online backup API copies a SQLite store page by page in one
//! read transaction; a PostgreSQL store is exported table by table inside one REPEATABLE
//! READ transaction (one snapshot, while the server and its workers go on writing) into a
//! new SQLite file of the same schema. So a backup is checked, opened or restored the same
//! way from either engine, and restores into either. It is written under a temporary
//! name beside its final one and renamed when whole.
//!
//! A restore checks the file (a sound SQLite file, a judge store, not of a newer schema
//! than this build's), brings a copy of it to the current schema, and copies it into the
//! store the way `judge db copy` does ([`super::copy`]): every account, session, setting,
//! submission, result, token, question and announcement, in one transaction; submissions
//! that were being judged are queued again. It then counts the rows of each table on both
//! sides and fails unless they agree.

use super::copy::{self, Existing};
use super::engine::{Access, Tx};
use super::migrations::{COPIED_TABLES, SCHEMA_VERSION};
use super::sqlite::SqliteEngine;
use super::{DatabaseUrl, Store};
use crate::error::{Result, StoreError};
use std::path::{Path, PathBuf};

/// The folder of a SQLite store's automatic backups: `backups/` beside its file.
pub fn folder_beside(file: &Path) -> PathBuf {
    file.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join("backups")
}

/// The folder of the automatic backups of the store at `url`: beside a SQLite file, in
/// `data_dir/backups` for PostgreSQL.
pub fn folder_for(url: &DatabaseUrl, data_dir: &Path) -> PathBuf {
    match url {
        DatabaseUrl::Sqlite(file) => folder_beside(file),
        DatabaseUrl::Postgres(_) => data_dir.join("backups"),
    }
}

/// What a store or a backup holds: its schema version and the rows of each table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    /// Its schema version.
    pub schema_version: i64,
    /// (table, rows), by table name.
    pub tables: Vec<(String, i64)>,
}

impl Contents {
    /// The rows of `table` (0 when it has no such table).
    pub fn rows(&self, table: &str) -> i64 {
        self.tables
            .iter()
            .find(|(name, _)| name == table)
            .map_or(0, |(_, rows)| *rows)
    }
}

/// The rows of every table of `store`, counted in one snapshot, and its schema version.
pub fn contents(store: &Store) -> Result<Contents> {
    let schema_version = store.engine().schema_version()?;
    let names: Vec<String> = store
        .engine()
        .schema()?
        .into_iter()
        .map(|table| table.name)
        .collect();
    let tables = store.transact(Access::Snapshot, |tx| count_rows(tx, &names))?;
    Ok(Contents {
        schema_version,
        tables,
    })
}

fn count_rows(tx: &mut dyn Tx, tables: &[String]) -> Result<Vec<(String, i64)>> {
    tables
        .iter()
        .map(|table| {
            // Table names come from the engine's own list of its tables.
            let rows = tx
                .query_row(&format!("SELECT count(*) AS row_count FROM {table}"), &[])?
                .map_or(Ok(0), |row| row.get::<i64>("row_count"))?;
            Ok((table.clone(), rows))
        })
        .collect()
}

/// Why a file is not a backup this build can restore.
fn not_a_backup(file: &Path, why: impl std::fmt::Display) -> StoreError {
    StoreError::Backup(format!("{} is not a usable backup: {why}", file.display()))
}

/// What the backup `file` holds, after checking that it is a sound SQLite file of a judge
/// store whose schema this build knows. The file is opened read-only and left as it is.
pub fn inspect(file: &Path) -> Result<Contents> {
    if !file.is_file() {
        return Err(not_a_backup(file, "no such file"));
    }
    let connection = rusqlite::Connection::open_with_flags(
        file,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| not_a_backup(file, e))?;
    let check: String = connection
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .map_err(|e| not_a_backup(file, e))?;
    if check != "ok" {
        return Err(not_a_backup(file, format!("it is damaged ({check})")));
    }
    let schema_version: i64 = connection
        .query_row("PRAGMA user_version", [], |row| row.get(0))
        .map_err(|e| not_a_backup(file, e))?;
    if schema_version == 0 {
        return Err(not_a_backup(
            file,
            "it holds no judge store (schema version 0)",
        ));
    }
    if schema_version > SCHEMA_VERSION {
        return Err(not_a_backup(
            file,
            format!(
                "its schema version {schema_version} is newer than this judge's {SCHEMA_VERSION}; restore it with a newer judge"
            ),
        ));
    }
    drop(connection);
    let engine = SqliteEngine::open_read_only(file)?;
    let store = Store::over(std::sync::Arc::new(engine), Some(file.to_path_buf()));
    let contents = contents(&store)?;
    Ok(contents)
}

/// Writes a backup of `store` as the new file `file` (refused if it exists), consistent
/// while the server runs and judges; returns what it holds.
pub fn backup(store: &Store, file: &Path) -> Result<Contents> {
    let version = store.engine().schema_version()?;
    if version == 0 {
        return Err(StoreError::Backup(format!(
            "{} holds no judge store yet (schema version 0): nothing to back up",
            store.describe()
        )));
    }
    if version > SCHEMA_VERSION {
        return Err(StoreError::Backup(format!(
            "{}: schema version {version} is newer than this judge's {SCHEMA_VERSION}; back it up with the judge that wrote it",
            store.describe()
        )));
    }
    if file.exists() {
        return Err(StoreError::Backup(format!(
            "{} exists already: a backup is written into a new file",
            file.display()
        )));
    }
    let name = file
        .file_name()
        .ok_or_else(|| StoreError::Backup(format!("{} names no file", file.display())))?;
    let folder = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(folder).map_err(|cause| StoreError::Io {
        what: "creating the backup folder",
        path: folder.to_path_buf(),
        cause,
    })?;
    let partial = folder.join(format!(".{}.partial", name.to_string_lossy()));
    remove_if_there(&partial)?;
    let written = store
        .engine()
        .backup_into(&partial)
        .and_then(|()| inspect(&partial))
        .and_then(|contents| {
            sync(&partial)?;
            std::fs::rename(&partial, file).map_err(|cause| StoreError::Io {
                what: "renaming the finished backup to",
                path: file.to_path_buf(),
                cause,
            })?;
            Ok(contents)
        });
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

fn remove_if_there(file: &Path) -> Result<()> {
    match std::fs::remove_file(file) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(cause) => Err(StoreError::Io {
            what: "removing",
            path: file.to_path_buf(),
            cause,
        }),
    }
}

/// Flushes `file` to disk, so that the rename never names a file the disk lacks.
fn sync(file: &Path) -> Result<()> {
    std::fs::File::open(file)
        .and_then(|f| f.sync_all())
        .map_err(|cause| StoreError::Io {
            what: "flushing",
            path: file.to_path_buf(),
            cause,
        })
}

/// The name of a backup made at `ms` (Unix milliseconds) in `folder`, or before the
/// migration to version `before_version`: `judge-2026-12-05T210700.042Z.sqlite3`,
/// `judge-before-v8-2026-12-05T210700.042Z.sqlite3`; names sort as their times do.
pub fn file_name(folder: &Path, ms: i64, before_version: Option<i64>) -> PathBuf {
    let seconds = judge_model::text::rfc3339(ms.div_euclid(1000));
    let time = format!(
        "{}.{:03}Z",
        seconds.trim_end_matches('Z').replace(':', ""),
        ms.rem_euclid(1000)
    );
    let before = before_version.map_or(String::new(), |v| format!("before-v{v}-"));
    folder.join(format!("judge-{before}{time}.sqlite3"))
}

/// Backs `store` (at schema `found`, about to be migrated) up into `folder`, and logs it;
/// returns the backup's file.
pub fn before_migration(store: &Store, found: i64, folder: &Path) -> Result<PathBuf> {
    let file = file_name(folder, super::now_ms(), Some(found + 1));
    let contents = backup(store, &file)?;
    tracing::info!(
        "{} is at schema version {found}; before migrating it to {SCHEMA_VERSION}, backed it up into {} ({} submissions)",
        store.describe(),
        file.display(),
        contents.rows("submissions")
    );
    Ok(file)
}

/// Takes one scheduled backup of `store` into `folder`, then removes the oldest scheduled
/// ones beyond the newest `keep` (those taken before a migration stay); returns the new
/// file and what it holds.
pub fn scheduled(store: &Store, folder: &Path, keep: usize) -> Result<(PathBuf, Contents)> {
    let file = file_name(folder, super::now_ms(), None);
    let contents = backup(store, &file)?;
    let entries = std::fs::read_dir(folder).map_err(|cause| StoreError::Io {
        what: "listing the backup folder",
        path: folder.to_path_buf(),
        cause,
    })?;
    let mut taken: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with("judge-")
                    && !n.starts_with("judge-before-")
                    && n.ends_with(".sqlite3")
            })
        })
        .collect();
    // Their names sort as their times do.
    taken.sort();
    let excess = taken.len().saturating_sub(keep.max(1));
    for old in &taken[..excess] {
        remove_if_there(old)?;
    }
    Ok((file, contents))
}

/// What a restore put back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Restored {
    /// What the backup holds, as it is in the file.
    pub backup: Contents,
    /// (table, rows) copied into the store, each count checked against the store after.
    pub tables: Vec<(String, usize)>,
}

/// Refuses a store that judging workers (`judge serve`'s own, `judge worker`s) reported
/// to within [`LIVE_WORKER_MS`](crate::leases::LIVE_WORKER_MS) without stopping: a
/// restore under them would mix their leases and results with the backup's.
fn refuse_live_workers(store: &Store) -> Result<()> {
    let now = super::now_ms();
    let live: Vec<String> = store
        .workers()?
        .into_iter()
        .filter(|w| w.is_live(now))
        .map(|w| format!("{} on {}", w.name, w.host))
        .collect();
    if live.is_empty() {
        return Ok(());
    }
    Err(StoreError::Backup(format!(
        "{} is in use: workers are judging from it ({}); stop them and the server first",
        store.describe(),
        live.join(", ")
    )))
}

/// Puts the backup `file` back into the store at `url`: into an empty store, or, with
/// `replace`, in place of everything it holds (in one transaction). A SQLite store's
/// data folder is locked meanwhile, so a running server refuses it.
pub fn restore(file: &Path, url: &DatabaseUrl, replace: bool) -> Result<Restored> {
    let backup = inspect(file)?;
    let _lock = match url {
        DatabaseUrl::Sqlite(target) => Some(crate::data_lock::lock_data_folder(
            target
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(Path::new(".")),
        )?),
        DatabaseUrl::Postgres(_) => None,
    };
    // A copy, brought to the current schema: the backup file itself is never changed.
    let staging = tempfile::tempdir().map_err(|cause| StoreError::Io {
        what: "creating a temporary folder in",
        path: std::env::temp_dir(),
        cause,
    })?;
    let staged_file = staging.path().join("restoring.sqlite3");
    std::fs::copy(file, &staged_file).map_err(|cause| StoreError::Io {
        what: "copying the backup",
        path: file.to_path_buf(),
        cause,
    })?;
    let staged = Store::connect_keeping(&DatabaseUrl::sqlite(&staged_file), None)?;
    let target = Store::connect(url)?;
    refuse_live_workers(&target)?;
    let existing = if replace {
        Existing::Replace
    } else {
        Existing::Refuse
    };
    let report = copy::copy_into(&staged, &target, existing)?;
    let expected = contents(&staged)?;
    let found = contents(&target)?;
    for table in COPIED_TABLES {
        if found.rows(table) != expected.rows(table) {
            return Err(StoreError::Backup(format!(
                "restored {} rows of {table} from {} but {} holds {}: restore again with --replace",
                expected.rows(table),
                file.display(),
                target.describe(),
                found.rows(table)
            )));
        }
    }
    Ok(Restored {
        backup,
        tables: report.tables,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submissions::{Inserted, NewSubmission};
    use crate::testing::{postgres_store, sqlite_store};
    use crate::{ClaimRequest, JudgeOutcome, ProblemVersion, Role};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    const SUBMISSIONS: usize = 50;

    /// An accepted result.
    fn accepted() -> JudgeOutcome {
        let result: judge_model::SubmissionResult = serde_json::from_value(serde_json::json!({
            "schema_version": 2, "problem": "a", "language": "c", "source": "s",
            "compile": { "success": true, "message": "", "cpu_time_s": 0.0, "wall_time_s": 0.0, "cached": false },
            "tests": [], "verdict": "AC", "first_failure": null, "passed": 1, "total": 1,
            "fraction_passed": 1.0, "max_cpu_time_s": 0.0, "max_peak_memory_bytes": 0,
            "sandbox": { "enforcement": "rlimit-only", "isolated": false, "degraded": [] }
        }))
        .unwrap();
        JudgeOutcome::Judged(Box::new(result))
    }

    /// 50 queued submissions of one student.
    fn fill(store: &Store) {
        store
            .publish_problems(&[ProblemVersion {
                id: "a".into(),
                content_sha256: "x".into(),
            }])
            .unwrap();
        let ann = store.add_user("ann", "hash", Role::Student).unwrap();
        for n in 0..SUBMISSIONS {
            let new = NewSubmission {
                user_id: ann,
                problem: "a".into(),
                language: "c".into(),
                source: format!("source {n}"),
                idempotency_key: None,
            };
            assert!(matches!(
                store.insert_submission(&new, None).unwrap(),
                Inserted::Queued(_)
            ));
        }
    }

    /// Judges the queue with three workers, a few milliseconds each submission, until it
    /// is empty.
    fn judge_all(store: &Store) -> Vec<std::thread::JoinHandle<()>> {
        (0..3)
            .map(|worker| {
                let store = store.clone();
                std::thread::spawn(move || {
                    let problems = store.published_problems().unwrap();
                    let owner = format!("w{worker}");
                    let request = ClaimRequest {
                        owner: &owner,
                        lease_ms: 60_000,
                        problems: &problems,
                        languages: None,
                    };
                    while let Some(claimed) = store.claim(&request).unwrap() {
                        std::thread::sleep(Duration::from_millis(15));
                        assert!(store.finish(&claimed, &accepted()).unwrap());
                    }
                })
            })
            .collect()
    }

    /// (submission, verdict) of every result.
    type Verdicts = Vec<(i64, String)>;
    /// (submission, results of its current round) of every finished submission.
    type Finished = Vec<(i64, i64)>;

    /// Every result's verdict, and how many results each finished submission's round has.
    fn results(store: &Store) -> (Verdicts, Finished) {
        store
            .read(|tx| {
                let results: Verdicts = tx
                    .query(
                        "SELECT submission_id, verdict FROM results ORDER BY submission_id, round",
                        &[],
                    )?
                    .iter()
                    .map(|row| Ok((row.get("submission_id")?, row.get("verdict")?)))
                    .collect::<Result<Vec<_>>>()?;
                let finished: Finished = tx
                    .query(
                        "SELECT s.id AS id, (SELECT count(*) FROM results r
                             WHERE r.submission_id = s.id AND r.round = s.round) AS results
                         FROM submissions s WHERE s.state = 'done' ORDER BY s.id",
                        &[],
                    )?
                    .iter()
                    .map(|row| Ok((row.get("id")?, row.get("results")?)))
                    .collect::<Result<Vec<_>>>()?;
                Ok((results, finished))
            })
            .unwrap()
    }

    /// Backups taken every 40 ms while 50 submissions are judged; each restores into a
    /// new store (of each engine) where every submission is, every finished one with its
    /// one result, and no result twice.
    fn backups_while_judging(
        store: &Store,
        restore_into: &dyn Fn() -> (DatabaseUrl, Box<dyn std::any::Any>),
    ) {
        fill(store);
        let folder = tempfile::tempdir().unwrap();
        let workers = judge_all(store);
        let done = Arc::new(AtomicBool::new(false));
        let mut files = Vec::new();
        while !done.load(Ordering::SeqCst) {
            let file = folder.path().join(format!("b{}.sqlite3", files.len()));
            let contents = backup(store, &file).unwrap();
            assert_eq!(contents.rows("submissions"), SUBMISSIONS as i64);
            files.push((file, contents));
            std::thread::sleep(Duration::from_millis(40));
            if workers.iter().all(|w| w.is_finished()) {
                done.store(true, Ordering::SeqCst);
            }
        }
        for worker in workers {
            worker.join().unwrap();
        }
        let (live_results, _) = results(store);
        assert_eq!(live_results.len(), SUBMISSIONS);
        let midway = files
            .iter()
            .filter(|(_, c)| (1..SUBMISSIONS as i64).contains(&c.rows("results")))
            .count();
        assert!(
            midway >= 2,
            "{midway} of {} backups were taken mid-judging",
            files.len()
        );
        for (file, contents) in &files {
            let (url, _guard) = restore_into();
            let restored = restore(file, &url, false).unwrap();
            assert_eq!(&restored.backup, contents);
            let restored_store = Store::connect(&url).unwrap();
            let (results_there, finished) = results(&restored_store);
            assert_eq!(results_there.len() as i64, contents.rows("results"));
            for (id, count) in &finished {
                assert_eq!(
                    *count, 1,
                    "submission {id} has {count} results of its round"
                );
            }
            assert_eq!(
                finished.len(),
                results_there.len(),
                "every result's submission is done"
            );
            for result in &results_there {
                assert!(live_results.contains(result), "{result:?}");
            }
            let (queued, judging) = restored_store.queue_counts().unwrap();
            assert_eq!(judging, 0, "what was being judged is queued again");
            assert_eq!(queued + finished.len(), SUBMISSIONS);
        }
    }

    fn new_sqlite() -> (DatabaseUrl, Box<dyn std::any::Any>) {
        let dir = tempfile::tempdir().unwrap();
        let url = DatabaseUrl::sqlite(dir.path().join("judge.sqlite3"));
        (url, Box::new(dir))
    }

    #[test]
    fn a_sqlite_backup_taken_while_judging_restores_each_finished_submission_once() {
        let (store, _dir) = sqlite_store();
        backups_while_judging(&store, &new_sqlite);
    }

    #[test]
    fn a_postgres_backup_taken_while_judging_restores_each_finished_submission_once() {
        let Some((store, _database)) = postgres_store() else {
            return;
        };
        let new_postgres = || -> (DatabaseUrl, Box<dyn std::any::Any>) {
            let database = test_postgres::fresh_database().unwrap();
            (database.url.parse().unwrap(), Box::new(database))
        };
        backups_while_judging(&store, &new_postgres);
        // And a PostgreSQL backup restores into SQLite.
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("pg.sqlite3");
        backup(&store, &file).unwrap();
        let (url, _dir) = new_sqlite();
        let restored = restore(&file, &url, false).unwrap();
        assert_eq!(restored.backup.rows("results"), SUBMISSIONS as i64);
    }

    #[test]
    fn backup_names_sort_as_their_times() {
        let folder = Path::new("b");
        assert_eq!(
            file_name(folder, 1_796_504_820_042, None),
            folder.join("judge-2026-12-05T210700.042Z.sqlite3")
        );
        assert_eq!(
            file_name(folder, 1_796_504_820_000, Some(8)),
            folder.join("judge-before-v8-2026-12-05T210700.000Z.sqlite3")
        );
        assert!(
            file_name(folder, 1_796_504_820_999, None) < file_name(folder, 1_796_504_821_000, None)
        );
    }

    #[test]
    fn a_restore_refuses_a_damaged_file_a_newer_schema_and_a_store_in_use() {
        let (store, dir) = sqlite_store();
        fill(&store);
        let file = dir.path().join("backup.sqlite3");
        backup(&store, &file).unwrap();
        let again = backup(&store, &file).unwrap_err().to_string();
        assert!(again.contains("exists already"), "{again}");
        let (url, _target) = new_sqlite();

        let damaged = dir.path().join("damaged.sqlite3");
        let mut bytes = std::fs::read(&file).unwrap();
        bytes.truncate(bytes.len() / 2);
        bytes[..16].copy_from_slice(b"not a database!!");
        std::fs::write(&damaged, bytes).unwrap();
        let error = restore(&damaged, &url, false).unwrap_err().to_string();
        assert!(error.contains("is not a usable backup"), "{error}");
        assert!(!error.contains('\n'), "{error}");

        let newer = dir.path().join("newer.sqlite3");
        std::fs::copy(&file, &newer).unwrap();
        rusqlite::Connection::open(&newer)
            .unwrap()
            .execute_batch(&format!("PRAGMA user_version = {}", SCHEMA_VERSION + 1))
            .unwrap();
        let error = restore(&newer, &url, false).unwrap_err().to_string();
        assert!(error.contains("is newer than this judge's"), "{error}");

        let missing = restore(&dir.path().join("nope"), &url, false).unwrap_err();
        assert!(missing.to_string().contains("no such file"), "{missing}");

        // Into a store that holds data: refused, unless replacing.
        restore(&file, &url, false).unwrap();
        let error = restore(&file, &url, false).unwrap_err().to_string();
        assert!(error.contains("is not empty"), "{error}");
        let restored = restore(&file, &url, true).unwrap();
        assert_eq!(restored.tables[3], ("submissions".to_string(), SUBMISSIONS));

        // A store that workers judge from is refused.
        let store = Store::connect(&url).unwrap();
        let report = crate::WorkerReport {
            name: "lab-03".into(),
            host: "lab".into(),
            jobs: 2,
            started_at_ms: crate::now_ms(),
            seen_at_ms: crate::now_ms(),
            stopped: false,
            note: String::new(),
            languages: None,
        };
        store.report_worker(&report).unwrap();
        let error = restore(&file, &url, true).unwrap_err().to_string();
        assert!(
            error.contains("is in use: workers are judging from it (lab-03 on lab)"),
            "{error}"
        );
        store
            .report_worker(&crate::WorkerReport {
                stopped: true,
                ..report
            })
            .unwrap();
        restore(&file, &url, true).unwrap();
        drop(store);

        // The store a running server holds is refused.
        let DatabaseUrl::Sqlite(target) = &url else {
            unreachable!()
        };
        let _server = crate::data_lock::lock_data_folder(target.parent().unwrap()).unwrap();
        let error = restore(&file, &url, true).unwrap_err().to_string();
        assert!(error.contains("another judge server"), "{error}");
    }
}
