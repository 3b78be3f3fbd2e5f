//! Log-in sessions. The cookie holds a random token; the table holds only its SHA-256, so a
//! copy of the database does not let anyone log in. Each session has its own CSRF token.

use super::engine::{FromRow, Tx, Value};
use super::{now_ms, Store, User};
use crate::error::Result;

/// A live session's user and CSRF token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    /// Who is logged in.
    pub user: User,
    /// The token every form of this session must carry.
    pub csrf_token: String,
}

impl Store {
    /// Stores a new session that ends `lifetime_ms` from now (and drops expired ones).
    pub fn create_session(
        &self,
        user_id: i64,
        token_sha256: &str,
        csrf_token: &str,
        lifetime_ms: i64,
    ) -> Result<()> {
        let now = now_ms();
        self.write(|tx| {
            tx.execute(
                "DELETE FROM sessions WHERE expires_at_ms <= ?1",
                &[Value::Int(now)],
            )?;
            tx.execute(
                "INSERT INTO sessions (token_sha256, user_id, csrf_token, created_at_ms, expires_at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                &[
                    token_sha256.into(),
                    user_id.into(),
                    csrf_token.into(),
                    now.into(),
                    now.saturating_add(lifetime_ms).into(),
                ],
            )?;
            Ok(())
        })
    }

    /// The session with this token hash, if it exists, has not expired, and its account
    /// is not disabled.
    pub fn session(&self, token_sha256: &str) -> Result<Option<SessionInfo>> {
        let sql = format!(
            "SELECT {}, s.csrf_token FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.token_sha256 = ?1 AND s.expires_at_ms > ?2 AND u.disabled_at_ms IS NULL",
            User::COLUMNS.select()
        );
        let row = self.read(|tx| tx.query_row(&sql, &[token_sha256.into(), now_ms().into()]))?;
        row.map(|row| {
            Ok(SessionInfo {
                user: User::from_row(&row)?,
                csrf_token: row.get("csrf_token")?,
            })
        })
        .transpose()
    }

    /// Ends a session.
    pub fn delete_session(&self, token_sha256: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "DELETE FROM sessions WHERE token_sha256 = ?1",
                &[token_sha256.into()],
            )?;
            Ok(())
        })
    }
}

/// Ends every session of a user in `tx` but the one whose token hash is `keep` (if any);
/// returns how many.
pub(super) fn end_other_sessions_of(tx: &mut dyn Tx, user_id: i64, keep: &str) -> Result<usize> {
    let changed = tx.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND token_sha256 <> ?2",
        &[Value::Int(user_id), keep.into()],
    )?;
    Ok(usize::try_from(changed).unwrap_or(usize::MAX))
}

/// Ends every session of a user in `tx`; returns how many.
pub(super) fn end_sessions_of(tx: &mut dyn Tx, user_id: i64) -> Result<usize> {
    let changed = tx.execute(
        "DELETE FROM sessions WHERE user_id = ?1",
        &[Value::Int(user_id)],
    )?;
    Ok(usize::try_from(changed).unwrap_or(usize::MAX))
}

#[cfg(test)]
mod tests {
    use crate::Role;

    #[test]
    fn sessions_expire_and_end() {
        crate::testing::for_each_store(|store, _| {
            let id = store.add_user("ann", "h", Role::Student).unwrap();
            store.create_session(id, "live", "c1", 60_000).unwrap();
            store.create_session(id, "old", "c2", -1).unwrap();
            let info = store.session("live").unwrap().unwrap();
            assert_eq!(
                (info.user.name.as_str(), info.csrf_token.as_str()),
                ("ann", "c1")
            );
            assert_eq!(store.session("old").unwrap(), None);
            assert_eq!(store.session("nope").unwrap(), None);
            store.delete_session("live").unwrap();
            assert_eq!(store.session("live").unwrap(), None);
        });
    }
}
