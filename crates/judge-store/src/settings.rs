//! A few values the server keeps between runs: when the contest started (when judge.toml
//! gives no start), whether the teacher has published the frozen scoreboard.

use super::Store;
use crate::error::Result;

/// The key of the contest's start (Unix ms) when judge.toml has none.
pub const CONTEST_START: &str = "contest_start_ms";
/// The key of the teacher's decision to show the unfrozen scoreboard to everyone.
pub const SCOREBOARD_PUBLISHED: &str = "scoreboard_published";

/// The key of the language a user last submitted in (the submit form preselects it).
pub fn last_language(user_id: i64) -> String {
    format!("last_language:{user_id}")
}

impl Store {
    /// A setting's value.
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        let row = self
            .read(|tx| tx.query_row("SELECT value FROM settings WHERE key = ?1", &[key.into()]))?;
        row.map(|row| row.get("value")).transpose()
    }

    /// Sets a setting.
    pub fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                &[key.into(), value.into()],
            )?;
            Ok(())
        })
    }

    /// Removes a setting (nothing if it has none).
    pub fn remove_setting(&self, key: &str) -> Result<()> {
        self.write(|tx| {
            tx.execute("DELETE FROM settings WHERE key = ?1", &[key.into()])?;
            Ok(())
        })
    }

    /// A setting's value, storing `default` first if it has none (atomically).
    pub fn setting_or_insert(&self, key: &str, default: &str) -> Result<String> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
                &[key.into(), default.into()],
            )?;
            let row = tx.query_row("SELECT value FROM settings WHERE key = ?1", &[key.into()])?;
            Ok(row
                .map(|row| row.get("value"))
                .transpose()?
                .unwrap_or_else(|| default.to_string()))
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_first_value_stays() {
        crate::testing::for_each_store(|store, _| {
            assert_eq!(store.setting("k").unwrap(), None);
            assert_eq!(store.setting_or_insert("k", "1").unwrap(), "1");
            assert_eq!(store.setting_or_insert("k", "2").unwrap(), "1");
            store.set_setting("k", "3").unwrap();
            assert_eq!(store.setting("k").unwrap().as_deref(), Some("3"));
            store.remove_setting("k").unwrap();
            assert_eq!(store.setting("k").unwrap(), None);
        });
    }
}
