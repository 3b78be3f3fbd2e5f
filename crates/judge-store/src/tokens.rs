//! API tokens (`judge users token NAME`): the bearer tokens of the JSON API. Like session
//! cookies, only their SHA-256 is stored; a token works until it is revoked.

use super::engine::{Columns, FromRow, Row, Tx, Value};
use super::users::User;
use super::{now_ms, Store};
use crate::error::Result;

/// A token as listed (never the token itself).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ApiToken {
    /// Its id (what `judge users revoke-token` takes).
    pub id: i64,
    /// Its owner's name.
    pub user_name: String,
    /// When it was made (Unix ms).
    pub created_at_ms: i64,
    /// When it was last used, if ever (to the minute).
    pub last_used_at_ms: Option<i64>,
    /// Whether it was revoked.
    pub revoked: bool,
}

impl FromRow for ApiToken {
    /// Of `api_tokens t JOIN users u`.
    const COLUMNS: Columns = Columns(&[
        "t.id",
        "u.name AS user_name",
        "t.created_at_ms",
        "t.last_used_at_ms",
        "t.revoked_at_ms",
    ]);

    fn from_row(row: &Row) -> Result<ApiToken> {
        Ok(ApiToken {
            id: row.get("id")?,
            user_name: row.get("user_name")?,
            created_at_ms: row.get("created_at_ms")?,
            last_used_at_ms: row.get("last_used_at_ms")?,
            revoked: row.get::<Option<i64>>("revoked_at_ms")?.is_some(),
        })
    }
}

/// How stale `last_used_at_ms` may get before a use writes it again (a write per
/// request would be a disk flush per request).
const LAST_USED_PRECISION_MS: i64 = 60_000;

impl Store {
    /// Stores a new token's hash for `user_id`; returns its id.
    pub fn add_token(&self, user_id: i64, token_sha256: &str) -> Result<i64> {
        let row = self.write(|tx| {
            tx.query_row(
                "INSERT INTO api_tokens (user_id, token_sha256, created_at_ms)
                 VALUES (?1, ?2, ?3) RETURNING id",
                &[user_id.into(), token_sha256.into(), now_ms().into()],
            )
        })?;
        row.map_or(Ok(0), |row| row.get("id"))
    }

    /// The user of a live (unrevoked) token whose account is not disabled, noting the use.
    pub fn user_by_token(&self, token_sha256: &str) -> Result<Option<User>> {
        let now = now_ms();
        let sql = format!(
            "SELECT {}, t.id AS token_id, coalesce(t.last_used_at_ms, 0) AS last_used_at_ms
             FROM api_tokens t JOIN users u ON u.id = t.user_id
             WHERE t.token_sha256 = ?1 AND t.revoked_at_ms IS NULL AND u.disabled_at_ms IS NULL",
            User::COLUMNS.select()
        );
        let row = self.read(|tx| tx.query_row(&sql, &[token_sha256.into()]))?;
        let Some(row) = row else {
            return Ok(None);
        };
        if row.get::<i64>("last_used_at_ms")? < now - LAST_USED_PRECISION_MS {
            let id: i64 = row.get("token_id")?;
            self.write(|tx| {
                tx.execute(
                    "UPDATE api_tokens SET last_used_at_ms = ?2 WHERE id = ?1",
                    &[id.into(), now.into()],
                )
            })?;
        }
        Ok(Some(User::from_row(&row)?))
    }

    /// Every token, oldest first.
    pub fn tokens(&self) -> Result<Vec<ApiToken>> {
        let sql = format!(
            "SELECT {} FROM api_tokens t JOIN users u ON u.id = t.user_id ORDER BY t.id",
            ApiToken::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[]))
    }

    /// The tokens of one account, oldest first.
    pub fn tokens_of(&self, user_id: i64) -> Result<Vec<ApiToken>> {
        let sql = format!(
            "SELECT {} FROM api_tokens t JOIN users u ON u.id = t.user_id
             WHERE t.user_id = ?1 ORDER BY t.id",
            ApiToken::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[Value::Int(user_id)]))
    }

    /// Revokes one token of `user_id`'s (a student revoking their own); false if they
    /// have no such live token.
    pub fn revoke_token_of(&self, user_id: i64, id: i64) -> Result<bool> {
        self.write(|tx| {
            Ok(tx.execute(
                "UPDATE api_tokens SET revoked_at_ms = ?3
                 WHERE id = ?1 AND user_id = ?2 AND revoked_at_ms IS NULL",
                &[id.into(), user_id.into(), now_ms().into()],
            )? == 1)
        })
    }

    /// Revokes one token; false if there is no such live token.
    pub fn revoke_token(&self, id: i64) -> Result<bool> {
        self.write(|tx| {
            Ok(tx.execute(
                "UPDATE api_tokens SET revoked_at_ms = ?2 WHERE id = ?1 AND revoked_at_ms IS NULL",
                &[id.into(), now_ms().into()],
            )? == 1)
        })
    }

    /// Revokes every live token of a user; returns how many.
    pub fn revoke_user_tokens(&self, user_id: i64) -> Result<usize> {
        self.write(|tx| revoke_tokens_of(tx, user_id))
    }
}

/// Revokes every live token of a user in `tx`; returns how many.
pub(super) fn revoke_tokens_of(tx: &mut dyn Tx, user_id: i64) -> Result<usize> {
    let changed = tx.execute(
        "UPDATE api_tokens SET revoked_at_ms = ?2 WHERE user_id = ?1 AND revoked_at_ms IS NULL",
        &[Value::Int(user_id), now_ms().into()],
    )?;
    Ok(usize::try_from(changed).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use crate::Role;

    #[test]
    fn tokens_work_until_revoked() {
        crate::testing::for_each_store(|store, _| {
            let ann = store.add_user("ann", "h", Role::Student).unwrap();
            let first = store.add_token(ann, "sha-1").unwrap();
            let second = store.add_token(ann, "sha-2").unwrap();
            assert_eq!(store.user_by_token("sha-1").unwrap().unwrap().name, "ann");
            assert_eq!(store.user_by_token("nope").unwrap(), None);
            let listed = store.tokens().unwrap();
            assert_eq!(listed.len(), 2);
            assert!(listed[0].last_used_at_ms.is_some() && listed[1].last_used_at_ms.is_none());
            assert!(store.revoke_token(first).unwrap());
            assert!(!store.revoke_token(first).unwrap());
            assert_eq!(store.user_by_token("sha-1").unwrap(), None);
            assert!(store.user_by_token("sha-2").unwrap().is_some());
            assert_eq!(store.revoke_user_tokens(ann).unwrap(), 1);
            assert_eq!(store.user_by_token("sha-2").unwrap(), None);
            assert!(store.tokens().unwrap().iter().all(|t| t.revoked));
            let _ = second;
        });
    }
}
