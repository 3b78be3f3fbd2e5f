//! Accounts: a name, an argon2 password hash (see judge-server's `accounts`), a role, and
//! whether the account is disabled (a disabled account's sessions and API tokens stop
//! working at once: [`Store::session`] and [`Store::user_by_token`] skip it).

use super::engine::{Columns, FromRow, Row, Tx, Value};
use super::{now_ms, Store};
use crate::error::{Result, StoreError};

/// What an account may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Submits solutions, sees their own code and results and the scoreboard.
    Student,
    /// Also sees every submission and the unfrozen scoreboard, rejudges, exports.
    Teacher,
}

impl Role {
    /// The name stored in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Student => "student",
            Role::Teacher => "teacher",
        }
    }

    /// The role stored as `text`.
    pub(super) fn parse(text: &str) -> Role {
        // The column has a CHECK constraint: anything else cannot be stored.
        if text == "teacher" {
            Role::Teacher
        } else {
            Role::Student
        }
    }
}

/// An account (without its password hash).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct User {
    /// Its id.
    pub id: i64,
    /// Its log-in name.
    pub name: String,
    /// Its role.
    pub role: Role,
    /// Whether it is disabled (it cannot log in; its sessions and tokens do not work).
    pub disabled: bool,
    /// Its group (a class or section of the course), if it has one.
    pub group: Option<String>,
}

impl User {
    /// Whether it is a teacher.
    pub fn is_teacher(&self) -> bool {
        self.role == Role::Teacher
    }
}

impl FromRow for User {
    /// Of `users u`.
    const COLUMNS: Columns = Columns(&[
        "u.id",
        "u.name",
        "u.role",
        "u.disabled_at_ms",
        "u.group_name",
    ]);

    fn from_row(row: &Row) -> Result<User> {
        Ok(User {
            id: row.get("id")?,
            name: row.get("name")?,
            role: Role::parse(&row.get::<String>("role")?),
            disabled: row.get::<Option<i64>>("disabled_at_ms")?.is_some(),
            group: row.get("group_name")?,
        })
    }
}

/// A new account for [`Store::add_users`]: its name, password hash and role.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewUser {
    /// Its log-in name.
    pub name: String,
    /// The argon2 hash of its password.
    pub password_hash: String,
    /// Its role.
    pub role: Role,
    /// Its group, if any.
    pub group: Option<String>,
}

/// Inserts one account in `tx`; an existing name is refused.
fn insert_user(tx: &mut dyn Tx, user: &NewUser) -> Result<i64> {
    let NewUser {
        name,
        password_hash,
        role,
        group,
    } = user;
    let inserted = tx.query_row(
        "INSERT INTO users (name, password_hash, role, created_at_ms, group_name)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (name) DO NOTHING RETURNING id",
        &[
            name.as_str().into(),
            password_hash.as_str().into(),
            role.as_str().into(),
            now_ms().into(),
            group.as_deref().into(),
        ],
    )?;
    match inserted {
        Some(row) => row.get("id"),
        None => Err(StoreError::UserExists {
            name: name.to_string(),
        }),
    }
}

impl Store {
    /// Adds an account; an existing name is refused.
    pub fn add_user(&self, name: &str, password_hash: &str, role: Role) -> Result<i64> {
        let user = NewUser {
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            role,
            group: None,
        };
        self.write(|tx| insert_user(tx, &user))
    }

    /// Adds every account of `users` or none: the first existing name refuses them all
    /// (`UserExists` names it). Returns their ids, in order.
    pub fn add_users(&self, users: &[NewUser]) -> Result<Vec<i64>> {
        self.write(|tx| users.iter().map(|user| insert_user(tx, user)).collect())
    }

    /// An account and its password hash, by name.
    pub fn user_by_name(&self, name: &str) -> Result<Option<(User, String)>> {
        let sql = format!(
            "SELECT {}, u.password_hash FROM users u WHERE u.name = ?1",
            User::COLUMNS.select()
        );
        let row = self.read(|tx| tx.query_row(&sql, &[name.into()]))?;
        row.map(|row| Ok((User::from_row(&row)?, row.get("password_hash")?)))
            .transpose()
    }

    /// An account by id.
    pub fn user_by_id(&self, id: i64) -> Result<Option<User>> {
        let sql = format!(
            "SELECT {} FROM users u WHERE u.id = ?1",
            User::COLUMNS.select()
        );
        self.read(|tx| tx.query_row_as(&sql, &[Value::Int(id)]))
    }

    /// Every account, by name.
    pub fn users(&self) -> Result<Vec<User>> {
        let sql = format!(
            "SELECT {} FROM users u ORDER BY u.name",
            User::COLUMNS.select()
        );
        self.read(|tx| tx.query_as(&sql, &[]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_passwords_change() {
        super::super::testing::for_each_store(|store, _| {
            let id = store.add_user("ann", "h1", Role::Teacher).unwrap();
            let error = store.add_user("ann", "h2", Role::Student).unwrap_err();
            assert_eq!(error.to_string(), "user ann already exists");
            let (user, hash) = store.user_by_name("ann").unwrap().unwrap();
            assert_eq!(
                (user.id, user.role, hash.as_str()),
                (id, Role::Teacher, "h1")
            );
            assert!(store.reset_password_hash("ann", "h3").unwrap().is_some());
            assert_eq!(store.reset_password_hash("bob", "h3").unwrap(), None);
            assert_eq!(store.user_by_name("ann").unwrap().unwrap().1, "h3");
            assert_eq!(store.user_by_id(id).unwrap().unwrap().name, "ann");
            assert_eq!(store.users().unwrap().len(), 1);
        });
    }

    /// A student's own password change keeps the session that made it.
    #[test]
    fn an_own_password_change_keeps_this_session_only() {
        super::super::testing::for_each_store(|store, _| {
            let ann = store.add_user("ann", "h1", Role::Student).unwrap();
            store.create_session(ann, "here", "c", 60_000).unwrap();
            store.create_session(ann, "there", "c", 60_000).unwrap();
            let token = store.add_token(ann, "ann-t").unwrap();
            let reset = store.change_own_password_hash(ann, "h2", "here").unwrap();
            assert_eq!((reset.sessions_ended, reset.tokens_revoked), (1, 1));
            assert!(store.session("here").unwrap().is_some());
            assert_eq!(store.session("there").unwrap(), None);
            assert_eq!(store.user_by_name("ann").unwrap().unwrap().1, "h2");
            let listed = store.tokens_of(ann).unwrap();
            assert_eq!((listed.len(), listed[0].revoked), (1, true));
            let other = store.add_token(ann, "ann-t2").unwrap();
            let bob = store.add_user("bob", "h", Role::Student).unwrap();
            assert!(!store.revoke_token_of(bob, other).unwrap(), "not bob's");
            assert!(store.revoke_token_of(ann, other).unwrap());
            assert!(
                !store.revoke_token_of(ann, token).unwrap(),
                "already revoked"
            );
        });
    }

    /// Issue 28: a reset left the account's API tokens working.
    #[test]
    fn a_password_reset_ends_the_sessions_and_revokes_the_tokens_of_that_account_only() {
        super::super::testing::for_each_store(|store, _| {
            let ann = store.add_user("ann", "h1", Role::Student).unwrap();
            let bob = store.add_user("bob", "h1", Role::Student).unwrap();
            store.add_token(ann, "ann-1").unwrap();
            let old = store.add_token(ann, "ann-2").unwrap();
            assert!(store.revoke_token(old).unwrap());
            store.add_token(ann, "ann-3").unwrap();
            store.add_token(bob, "bob-1").unwrap();
            store.create_session(ann, "ann-s1", "c", 60_000).unwrap();
            store.create_session(ann, "ann-s2", "c", 60_000).unwrap();
            store.create_session(bob, "bob-s1", "c", 60_000).unwrap();

            let reset = store.reset_password_hash("ann", "h2").unwrap().unwrap();
            assert_eq!(
                reset,
                super::super::PasswordReset {
                    sessions_ended: 2,
                    tokens_revoked: 2,
                }
            );
            for token in ["ann-1", "ann-2", "ann-3"] {
                assert_eq!(store.user_by_token(token).unwrap(), None, "{token}");
            }
            for session in ["ann-s1", "ann-s2"] {
                assert_eq!(store.session(session).unwrap(), None, "{session}");
            }
            assert_eq!(store.user_by_token("bob-1").unwrap().unwrap().id, bob);
            assert_eq!(store.session("bob-s1").unwrap().unwrap().user.id, bob);
            // Nothing left to end the second time.
            let again = store.reset_password_hash("ann", "h3").unwrap().unwrap();
            assert_eq!((again.sessions_ended, again.tokens_revoked), (0, 0));
        });
    }
}
