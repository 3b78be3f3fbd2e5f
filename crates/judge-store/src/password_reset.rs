//! A password reset: the new hash, and everything the old password may have opened ended
//! in the same transaction (sessions, API tokens).

use super::{sessions, tokens, Store};
use crate::error::Result;

/// What a password reset ended besides the old password.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PasswordReset {
    /// The account's sessions ended (it is logged out everywhere).
    pub sessions_ended: usize,
    /// Its API tokens revoked (those still live).
    pub tokens_revoked: usize,
}

impl Store {
    /// Replaces an account's password hash and, in the same transaction, ends its sessions
    /// and revokes its API tokens (whoever knew the old password may have logged in or made
    /// a token with it); None if there is no such user.
    pub fn reset_password_hash(
        &self,
        name: &str,
        password_hash: &str,
    ) -> Result<Option<PasswordReset>> {
        self.write(|tx| {
            let Some(row) = tx.query_row(
                "UPDATE users SET password_hash = ?2 WHERE name = ?1 RETURNING id",
                &[name.into(), password_hash.into()],
            )?
            else {
                return Ok(None);
            };
            let id = row.get("id")?;
            Ok(Some(PasswordReset {
                sessions_ended: sessions::end_sessions_of(tx, id)?,
                tokens_revoked: tokens::revoke_tokens_of(tx, id)?,
            }))
        })
    }

    /// An account's own change of its password: the new hash, and in the same
    /// transaction its other sessions ended (the one whose token hash is
    /// `keep_session_sha256` stays: the one that made the change) and its API tokens
    /// revoked, as after a reset.
    pub fn change_own_password_hash(
        &self,
        user_id: i64,
        password_hash: &str,
        keep_session_sha256: &str,
    ) -> Result<PasswordReset> {
        self.write(|tx| {
            tx.execute(
                "UPDATE users SET password_hash = ?2 WHERE id = ?1",
                &[user_id.into(), password_hash.into()],
            )?;
            Ok(PasswordReset {
                sessions_ended: sessions::end_other_sessions_of(tx, user_id, keep_session_sha256)?,
                tokens_revoked: tokens::revoke_tokens_of(tx, user_id)?,
            })
        })
    }
}
