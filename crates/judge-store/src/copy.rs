//! `judge db copy FROM TO`: every account, session, setting, submission, result and API
//! token of one store into another, empty one (typically a SQLite file into a new
//! PostgreSQL database). The source is read in one transaction (a consistent snapshot,
//! even while a server runs on it) and the destination written in one, ids kept.
//! Submissions that were being judged arrive queued: their workers are not the new
//! store's.

use super::engine::Access;
use super::migrations::{COPIED_TABLES, TABLES_WITH_IDS};
use super::rows::insert_rows;
use super::Store;
use crate::error::{Result, StoreError};

/// How many rows of each table were copied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CopyReport {
    /// (table, rows), in copy order.
    pub tables: Vec<(String, usize)>,
}

/// What to do with the rows the destination already holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// Refuse to copy into a store that holds accounts or submissions.
    Refuse,
    /// Delete them, in the transaction that copies (a restore over a store).
    Replace,
}

/// Tables that are not copied but whose rows name copied ones: emptied before them when
/// replacing.
const DEPENDENT_TABLES: &[&str] = &["progress"];

/// Copies every row of `from` into `to`, which must hold no accounts and no submissions.
pub fn copy(from: &Store, to: &Store) -> Result<CopyReport> {
    copy_into(from, to, Existing::Refuse)
}

/// Copies every row of `from` into `to`, doing with `to`'s rows as `existing` says.
pub fn copy_into(from: &Store, to: &Store, existing: Existing) -> Result<CopyReport> {
    let refuse = |message: String| StoreError::Copy(message);
    let (from_version, to_version) = (
        from.engine().schema_version()?,
        to.engine().schema_version()?,
    );
    if from_version != to_version {
        return Err(refuse(format!(
            "schema versions differ ({} has {from_version}, {} has {to_version})",
            from.describe(),
            to.describe()
        )));
    }
    let occupied = to.read(|tx| {
        tx.query_row(
            "SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM submissions) AS rows_kept",
            &[],
        )
    })?;
    if existing == Existing::Refuse && occupied.map_or(Ok(0), |r| r.get::<i64>("rows_kept"))? > 0 {
        return Err(refuse(format!(
            "{} is not empty (it has accounts or submissions): copy into a new database",
            to.describe()
        )));
    }
    let mut columns = Vec::new();
    for table in COPIED_TABLES {
        let names = from.engine().columns(table)?;
        let theirs = to.engine().columns(table)?;
        if names != theirs {
            return Err(refuse(format!(
                "table {table} has columns {names:?} in {} but {theirs:?} in {}",
                from.describe(),
                to.describe()
            )));
        }
        columns.push(names);
    }
    // Table by table, each read from one snapshot of `from` and written into one
    // transaction of `to`: only one table's rows are held at a time.
    let mut tables = Vec::new();
    from.transact(Access::Snapshot, |source| {
        to.write(|tx| {
            if existing == Existing::Replace {
                // Children before parents. Table names are our own constants.
                for table in DEPENDENT_TABLES.iter().chain(COPIED_TABLES.iter().rev()) {
                    tx.execute(&format!("DELETE FROM {table}"), &[])?;
                }
            }
            for (table, names) in COPIED_TABLES.iter().zip(&columns) {
                let rows = source.query(
                    &format!("SELECT {} FROM {table} ORDER BY 1", names.join(", ")),
                    &[],
                )?;
                insert_rows(tx, table, names, &rows)?;
                tables.push((table.to_string(), rows.len()));
            }
            tx.execute(
                "UPDATE submissions SET state = 'queued', lease_owner = NULL,
                     lease_expires_at_ms = NULL
                 WHERE state = 'judging'",
                &[],
            )?;
            Ok(())
        })
    })?;
    to.engine().reset_ids(TABLES_WITH_IDS)?;
    Ok(CopyReport { tables })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::submissions::{Inserted, NewSubmission, SubmissionState};
    use crate::testing::{postgres_store, sqlite_store};
    use crate::{ClaimRequest, JudgeOutcome, ProblemVersion, Role};

    fn fill(store: &Store) -> (i64, i64) {
        let ann = store.add_user("ann", "hash-ann", Role::Student).unwrap();
        store.add_user("teach", "hash-t", Role::Teacher).unwrap();
        store
            .create_session(ann, "session-sha", "csrf", 60_000)
            .unwrap();
        store.set_setting("contest_start_ms", "1234").unwrap();
        store.add_token(ann, "token-sha").unwrap();
        store
            .publish_problems(&[ProblemVersion {
                id: "a".into(),
                content_sha256: "x".into(),
            }])
            .unwrap();
        let problems = store.published_problems().unwrap();
        let request = ClaimRequest {
            owner: "w",
            lease_ms: 60_000,
            problems: &problems,
            languages: None,
        };
        let mut ids = Vec::new();
        for source in ["one", "two"] {
            let new = NewSubmission {
                user_id: ann,
                problem: "a".into(),
                language: "c".into(),
                source: source.into(),
                idempotency_key: Some(source.into()),
            };
            let Inserted::Queued(id) = store.insert_submission(&new, None).unwrap() else {
                panic!()
            };
            ids.push(id);
            if source == "one" {
                // Two judge errors: done, needing attention.
                for _ in 0..2 {
                    let judged = store.claim(&request).unwrap().unwrap();
                    store
                        .finish(&judged, &JudgeOutcome::Failed("why".into()))
                        .unwrap();
                }
            }
        }
        // The second is left mid-judging.
        store.claim(&request).unwrap().unwrap();
        (ids[0], ids[1])
    }

    fn check(store: &Store, (done, judging): (i64, i64)) {
        assert_eq!(store.users().unwrap().len(), 2);
        assert_eq!(
            store.session("session-sha").unwrap().unwrap().user.name,
            "ann"
        );
        assert_eq!(
            store.setting("contest_start_ms").unwrap().as_deref(),
            Some("1234")
        );
        assert_eq!(
            store.user_by_token("token-sha").unwrap().unwrap().name,
            "ann"
        );
        let first = store.submission(done).unwrap().unwrap();
        assert_eq!(first.source, "one");
        assert_eq!(first.summary.result.unwrap().error.as_deref(), Some("why"));
        let second = store.submission_summary(judging).unwrap().unwrap();
        assert_eq!(
            second.state,
            SubmissionState::Queued,
            "not its worker's any more"
        );
        // New rows get new ids after the copied ones.
        let bob = store.add_user("bob", "h", Role::Student).unwrap();
        assert!(bob > 2, "{bob}");
        let new = NewSubmission {
            user_id: bob,
            problem: "a".into(),
            language: "c".into(),
            source: "three".into(),
            idempotency_key: None,
        };
        let Inserted::Queued(id) = store.insert_submission(&new, None).unwrap() else {
            panic!()
        };
        assert!(id > judging);
    }

    #[test]
    fn sqlite_copies_into_postgres_and_back() {
        let (sqlite, _dir) = sqlite_store();
        let ids = fill(&sqlite);
        let Some((postgres, _database)) = postgres_store() else {
            // Still check the SQLite to SQLite copy.
            let (other, _other_dir) = sqlite_store();
            copy(&sqlite, &other).unwrap();
            check(&other, ids);
            return;
        };
        let report = copy(&sqlite, &postgres).unwrap();
        assert_eq!(report.tables[0], ("users".to_string(), 2));
        check(&postgres, ids);
        let error = copy(&sqlite, &postgres).unwrap_err().to_string();
        assert!(error.contains("is not empty"), "{error}");
        let (back, _back_dir) = sqlite_store();
        copy(&postgres, &back).unwrap();
        assert_eq!(back.users().unwrap().len(), 3);
    }
}
