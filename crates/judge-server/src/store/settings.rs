//! A few values the server keeps between runs: when the contest started (when judge.toml
//! gives no start), whether the teacher has published the frozen scoreboard.

use super::Store;
use crate::error::Result;
use rusqlite::{params, OptionalExtension};

/// The key of the contest's start (Unix ms) when judge.toml has none.
pub const CONTEST_START: &str = "contest_start_ms";
/// The key of the teacher's decision to show the unfrozen scoreboard to everyone.
pub const SCOREBOARD_PUBLISHED: &str = "scoreboard_published";

impl Store {
    /// A setting's value.
    pub fn setting(&self, key: &str) -> Result<Option<String>> {
        self.with(|c| {
            c.query_row(
                "SELECT value FROM settings WHERE key = ?1",
                params![key],
                |r| r.get(0),
            )
            .optional()
        })
    }

    /// Sets a setting.
    pub fn set_setting(&self, key: &str, value: &str) -> Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                params![key, value],
            )?;
            Ok(())
        })
    }

    /// A setting's value, storing `default` first if it has none (atomically).
    pub fn setting_or_insert(&self, key: &str, default: &str) -> Result<String> {
        self.with(|c| {
            c.execute(
                "INSERT INTO settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO NOTHING",
                params![key, default],
            )?;
            c.query_row(
                "SELECT value FROM settings WHERE key = ?1",
                params![key],
                |r| r.get(0),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_value_stays() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        assert_eq!(store.setting("k").unwrap(), None);
        assert_eq!(store.setting_or_insert("k", "1").unwrap(), "1");
        assert_eq!(store.setting_or_insert("k", "2").unwrap(), "1");
        store.set_setting("k", "3").unwrap();
        assert_eq!(store.setting("k").unwrap().as_deref(), Some("3"));
    }
}
