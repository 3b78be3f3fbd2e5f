//! A change of an account's standing: disabled (its sessions ended and its tokens revoked
//! in the same transaction), enabled again, given another role, or put in a group (or
//! none); never leaving the course without an enabled teacher.

use super::engine::Value;
use super::users::{Role, User};
use super::{now_ms, sessions, tokens, Store};
use crate::engine::FromRow;
use crate::error::{Result, StoreError};

/// A change of an account's standing ([`Store::change_account`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountChange {
    /// Disable it (its sessions end and its tokens stop working at once).
    Disable,
    /// Enable it again.
    Enable,
    /// Give it this role.
    Role(Role),
    /// Put it in this group (checked by the caller), or in none.
    Group(Option<String>),
}

impl Store {
    /// Disables, enables or changes the role of the account `name`, in one transaction:
    /// disabling ends its sessions and revokes its API tokens; a change that would leave
    /// no enabled teacher is refused (`LastTeacher`), so that a teacher cannot lock the
    /// course out of its teacher's pages. Returns the account as it now is.
    pub fn change_account(&self, name: &str, change: AccountChange) -> Result<User> {
        let sql = format!(
            "SELECT {} FROM users u WHERE u.name = ?1",
            User::COLUMNS.select()
        );
        self.write(|tx| {
            let Some(user) = tx.query_row_as::<User>(&sql, &[name.into()])? else {
                return Err(StoreError::NoSuchUser {
                    name: name.to_string(),
                });
            };
            let stops_teaching = user.is_teacher()
                && !user.disabled
                && matches!(
                    change,
                    AccountChange::Disable | AccountChange::Role(Role::Student)
                );
            if stops_teaching {
                let row = tx.query_row(
                    "SELECT count(*) AS teachers FROM users
                     WHERE role = 'teacher' AND disabled_at_ms IS NULL AND id <> ?1",
                    &[Value::Int(user.id)],
                )?;
                let others: i64 = row.map_or(Ok(0), |row| row.get("teachers"))?;
                if others == 0 {
                    return Err(StoreError::LastTeacher {
                        name: name.to_string(),
                    });
                }
            }
            match change {
                AccountChange::Disable => {
                    tx.execute(
                        "UPDATE users SET disabled_at_ms = ?2 WHERE id = ?1 AND disabled_at_ms IS NULL",
                        &[Value::Int(user.id), now_ms().into()],
                    )?;
                    sessions::end_sessions_of(tx, user.id)?;
                    tokens::revoke_tokens_of(tx, user.id)?;
                }
                AccountChange::Enable => {
                    tx.execute(
                        "UPDATE users SET disabled_at_ms = NULL WHERE id = ?1",
                        &[Value::Int(user.id)],
                    )?;
                }
                AccountChange::Role(role) => {
                    tx.execute(
                        "UPDATE users SET role = ?2 WHERE id = ?1",
                        &[Value::Int(user.id), role.as_str().into()],
                    )?;
                }
                AccountChange::Group(group) => {
                    tx.execute(
                        "UPDATE users SET group_name = ?2 WHERE id = ?1",
                        &[Value::Int(user.id), group.as_deref().into()],
                    )?;
                }
            }
            tx.query_row_as::<User>(&sql, &[name.into()])?
                .ok_or_else(|| StoreError::NoSuchUser {
                    name: name.to_string(),
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::users::NewUser;

    /// Issue 30: a disabled account's sessions and tokens stop at once; the last enabled
    /// teacher can be neither disabled nor made a student; a batch adds all or none.
    #[test]
    fn disabling_locks_out_at_once_and_the_last_teacher_stays() {
        super::super::testing::for_each_store(|store, _| {
            let ann = store.add_user("ann", "h", Role::Teacher).unwrap();
            let bob = store.add_user("bob", "h", Role::Student).unwrap();
            store.add_token(bob, "bob-t").unwrap();
            store.create_session(bob, "bob-s", "c", 60_000).unwrap();
            let changed = store.change_account("bob", AccountChange::Disable).unwrap();
            assert!(changed.disabled);
            assert_eq!(store.session("bob-s").unwrap(), None);
            assert_eq!(store.user_by_token("bob-t").unwrap(), None);
            // A session made after (as a log-in would, were it not refused) does not work.
            store.create_session(bob, "bob-s2", "c", 60_000).unwrap();
            assert_eq!(store.session("bob-s2").unwrap(), None);
            let enabled = store.change_account("bob", AccountChange::Enable).unwrap();
            assert!(!enabled.disabled);
            assert_eq!(store.session("bob-s2").unwrap().unwrap().user.id, bob);

            for change in [AccountChange::Disable, AccountChange::Role(Role::Student)] {
                let error = store.change_account("ann", change).unwrap_err();
                assert!(matches!(error, StoreError::LastTeacher { .. }), "{error}");
            }
            assert!(store.user_by_id(ann).unwrap().unwrap().is_teacher());
            store
                .change_account("bob", AccountChange::Role(Role::Teacher))
                .unwrap();
            store.change_account("ann", AccountChange::Disable).unwrap();
            // Bob is now the last enabled teacher.
            let error = store
                .change_account("bob", AccountChange::Role(Role::Student))
                .unwrap_err();
            assert!(matches!(error, StoreError::LastTeacher { .. }), "{error}");
            let error = store
                .change_account("cid", AccountChange::Enable)
                .unwrap_err();
            assert!(matches!(error, StoreError::NoSuchUser { .. }), "{error}");

            let new = |name: &str| NewUser {
                name: name.into(),
                password_hash: "h".into(),
                role: Role::Student,
                group: (name == "dan").then(|| "b2".to_string()),
            };
            let error = store
                .add_users(&[new("cid"), new("bob"), new("dan")])
                .unwrap_err();
            assert_eq!(error.to_string(), "user bob already exists");
            assert_eq!(store.users().unwrap().len(), 2, "nothing added");
            assert_eq!(store.add_users(&[new("cid"), new("dan")]).unwrap().len(), 2);
            assert_eq!(store.users().unwrap().len(), 4);
            let dan = store.user_by_name("dan").unwrap().unwrap().0;
            assert_eq!(dan.group.as_deref(), Some("b2"));
            let moved = store
                .change_account("dan", AccountChange::Group(Some("b3".into())))
                .unwrap();
            assert_eq!(moved.group.as_deref(), Some("b3"));
            let none = store
                .change_account("dan", AccountChange::Group(None))
                .unwrap();
            assert_eq!(none.group, None);
        });
    }
}
