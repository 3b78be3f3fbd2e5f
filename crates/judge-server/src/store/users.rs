//! Accounts: a name, an argon2 password hash (see `crate::accounts`), a role.

use super::engine::{Row, Value};
use super::{now_ms, Store};
use crate::error::{Result, ServerError};

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
}

impl User {
    /// Whether it is a teacher.
    pub fn is_teacher(&self) -> bool {
        self.role == Role::Teacher
    }
}

/// A user from the columns `id, name, role` starting at `at`.
pub(super) fn user_from_row(row: &Row, at: usize) -> User {
    User {
        id: row.int(at),
        name: row.text(at + 1),
        role: Role::parse(&row.text(at + 2)),
    }
}

impl Store {
    /// Adds an account; an existing name is refused.
    pub fn add_user(&self, name: &str, password_hash: &str, role: Role) -> Result<i64> {
        let inserted = self.write(|tx| {
            tx.query_row(
                "INSERT INTO users (name, password_hash, role, created_at_ms)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (name) DO NOTHING RETURNING id",
                &[
                    name.into(),
                    password_hash.into(),
                    role.as_str().into(),
                    now_ms().into(),
                ],
            )
        })?;
        match inserted {
            Some(row) => Ok(row.int(0)),
            None => Err(ServerError::Account(format!("user {name} already exists"))),
        }
    }

    /// Replaces an account's password hash (and ends its sessions); false if no such user.
    pub fn set_password_hash(&self, name: &str, password_hash: &str) -> Result<bool> {
        self.write(|tx| {
            let changed = tx.execute(
                "UPDATE users SET password_hash = ?2 WHERE name = ?1",
                &[name.into(), password_hash.into()],
            )?;
            tx.execute(
                "DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE name = ?1)",
                &[name.into()],
            )?;
            Ok(changed == 1)
        })
    }

    /// An account and its password hash, by name.
    pub fn user_by_name(&self, name: &str) -> Result<Option<(User, String)>> {
        let row = self.read(|tx| {
            tx.query_row(
                "SELECT id, name, role, password_hash FROM users WHERE name = ?1",
                &[name.into()],
            )
        })?;
        Ok(row.map(|row| (user_from_row(&row, 0), row.text(3))))
    }

    /// An account by id.
    pub fn user_by_id(&self, id: i64) -> Result<Option<User>> {
        let row = self.read(|tx| {
            tx.query_row(
                "SELECT id, name, role FROM users WHERE id = ?1",
                &[Value::Int(id)],
            )
        })?;
        Ok(row.map(|row| user_from_row(&row, 0)))
    }

    /// Every account, by name.
    pub fn users(&self) -> Result<Vec<User>> {
        let rows =
            self.read(|tx| tx.query("SELECT id, name, role FROM users ORDER BY name", &[]))?;
        Ok(rows.iter().map(|row| user_from_row(row, 0)).collect())
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
            assert!(store.set_password_hash("ann", "h3").unwrap());
            assert!(!store.set_password_hash("bob", "h3").unwrap());
            assert_eq!(store.user_by_name("ann").unwrap().unwrap().1, "h3");
            assert_eq!(store.user_by_id(id).unwrap().unwrap().name, "ann");
            assert_eq!(store.users().unwrap().len(), 1);
        });
    }
}
