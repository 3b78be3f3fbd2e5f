//! Judging machines' tokens (`judge users worker-token NAME`): the bearer tokens with
//! which `judge worker --server` claims work over HTTP. A role of their own, in a table of
//! their own: an account's API token is never one, and a worker token is no account (it
//! reads no pages, submits nothing). Only their SHA-256 is stored; a token works until it
//! is revoked.

use super::engine::{Columns, FromRow, Row};
use super::{now_ms, Store};
use crate::error::Result;

/// A worker token as listed (never the token itself).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct WorkerToken {
    /// Its id.
    pub id: i64,
    /// The judging machine's name it was made for (its workers' leases carry it).
    pub name: String,
    /// When it was made (Unix ms).
    pub created_at_ms: i64,
    /// When it was last used, if ever (to the minute).
    pub last_used_at_ms: Option<i64>,
    /// Whether it was revoked.
    pub revoked: bool,
}

impl FromRow for WorkerToken {
    /// Of `worker_tokens`.
    const COLUMNS: Columns = Columns(&[
        "id",
        "name",
        "created_at_ms",
        "last_used_at_ms",
        "revoked_at_ms",
    ]);

    fn from_row(row: &Row) -> Result<WorkerToken> {
        Ok(WorkerToken {
            id: row.get("id")?,
            name: row.get("name")?,
            created_at_ms: row.get("created_at_ms")?,
            last_used_at_ms: row.get("last_used_at_ms")?,
            revoked: row.get::<Option<i64>>("revoked_at_ms")?.is_some(),
        })
    }
}

/// How stale `last_used_at_ms` may get before a use writes it again (a worker calls
/// several times a second; a write per call would be a disk flush per call).
const LAST_USED_PRECISION_MS: i64 = 60_000;

impl Store {
    /// Stores a new worker token's hash for the machine `name`; returns its id.
    pub fn add_worker_token(&self, name: &str, token_sha256: &str) -> Result<i64> {
        let row = self.write(|tx| {
            tx.query_row(
                "INSERT INTO worker_tokens (name, token_sha256, created_at_ms)
                 VALUES (?1, ?2, ?3) RETURNING id",
                &[name.into(), token_sha256.into(), now_ms().into()],
            )
        })?;
        row.map_or(Ok(0), |row| row.get("id"))
    }

    /// The live (unrevoked) worker token with this hash, noting the use.
    pub fn worker_by_token(&self, token_sha256: &str) -> Result<Option<WorkerToken>> {
        let now = now_ms();
        let sql = format!(
            "SELECT {} FROM worker_tokens WHERE token_sha256 = ?1 AND revoked_at_ms IS NULL",
            WorkerToken::COLUMNS.select()
        );
        let Some(token) =
            self.read(|tx| tx.query_row_as::<WorkerToken>(&sql, &[token_sha256.into()]))?
        else {
            return Ok(None);
        };
        if token.last_used_at_ms.unwrap_or(0) < now - LAST_USED_PRECISION_MS {
            self.write(|tx| {
                tx.execute(
                    "UPDATE worker_tokens SET last_used_at_ms = ?2 WHERE id = ?1",
                    &[token.id.into(), now.into()],
                )
            })?;
        }
        Ok(Some(token))
    }

    /// Every worker token, oldest first.
    pub fn worker_tokens(&self) -> Result<Vec<WorkerToken>> {
        let sql = format!(
            "SELECT {} FROM worker_tokens ORDER BY id",
            WorkerToken::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[]))
    }

    /// Revokes every live worker token of the machine `name`; returns how many. Its
    /// workers' next call is refused, and they stop claiming.
    pub fn revoke_worker_tokens(&self, name: &str) -> Result<usize> {
        let changed = self.write(|tx| {
            tx.execute(
                "UPDATE worker_tokens SET revoked_at_ms = ?2 WHERE name = ?1 AND revoked_at_ms IS NULL",
                &[name.into(), now_ms().into()],
            )
        })?;
        Ok(usize::try_from(changed).unwrap_or(usize::MAX))
    }
}

#[cfg(test)]
mod tests {
    use crate::Role;

    #[test]
    fn worker_tokens_work_until_revoked_and_are_no_account_tokens() {
        crate::testing::for_each_store(|store, _| {
            let ann = store.add_user("ann", "h", Role::Teacher).unwrap();
            store.add_token(ann, "sha-ann").unwrap();
            store.add_worker_token("rack-1", "sha-w1").unwrap();
            store.add_worker_token("rack-2", "sha-w2").unwrap();
            // A teacher's API token is not a worker token, nor the other way round.
            assert_eq!(store.worker_by_token("sha-ann").unwrap(), None);
            assert_eq!(store.user_by_token("sha-w1").unwrap(), None);
            let w1 = store.worker_by_token("sha-w1").unwrap().unwrap();
            assert_eq!(w1.name, "rack-1");
            let listed = store.worker_tokens().unwrap();
            assert_eq!(listed.len(), 2);
            assert!(listed[0].last_used_at_ms.is_some() && listed[1].last_used_at_ms.is_none());
            assert_eq!(store.revoke_worker_tokens("rack-1").unwrap(), 1);
            assert_eq!(store.revoke_worker_tokens("rack-1").unwrap(), 0);
            assert_eq!(store.worker_by_token("sha-w1").unwrap(), None);
            assert!(store.worker_by_token("sha-w2").unwrap().is_some());
            assert!(store.worker_tokens().unwrap()[0].revoked);
        });
    }
}
