//! Failed log-ins: each one a row (the name as typed, the address, the time), counted by
//! account and by address for the log-in limits (`crate::login_limits`) and listed for the
//! teacher. A successful log-in clears its account's failures from the counts (the rows
//! stay for the teacher); rows older than a week are dropped.

use super::engine::{Columns, FromRow, Row, Value};
use super::Store;
use crate::error::Result;

/// How long failures are kept.
const KEPT_MS: i64 = 7 * 24 * 3600 * 1000;

/// Failures that still count, of one account or one address.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FailureCount {
    /// How many since the window's start.
    pub count: u64,
    /// When the latest was (Unix ms), if any.
    pub last_ms: Option<i64>,
}

/// Repeated failures of one name from one address, for the teacher.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepeatedFailures {
    /// The name as typed.
    pub name: String,
    /// The address.
    pub address: String,
    /// How many.
    pub count: u64,
    /// The latest (Unix ms).
    pub last_ms: i64,
}

/// A count as what the type says (a count is never negative).
fn count(row: &Row) -> Result<u64> {
    Ok(u64::try_from(row.get::<i64>("failures")?).unwrap_or(0))
}

impl FromRow for FailureCount {
    /// Of `login_failures`, grouped.
    const COLUMNS: Columns = Columns(&["count(*) AS failures", "max(at_ms) AS last_ms"]);

    fn from_row(row: &Row) -> Result<FailureCount> {
        Ok(FailureCount {
            count: count(row)?,
            last_ms: row.get("last_ms")?,
        })
    }
}

impl FromRow for RepeatedFailures {
    /// Of `login_failures`, grouped by name and address.
    const COLUMNS: Columns = Columns(&[
        "name",
        "address",
        "count(*) AS failures",
        "max(at_ms) AS last_ms",
    ]);

    fn from_row(row: &Row) -> Result<RepeatedFailures> {
        Ok(RepeatedFailures {
            name: row.get("name")?,
            address: row.get("address")?,
            count: count(row)?,
            last_ms: row.get("last_ms")?,
        })
    }
}

impl Store {
    /// Records a failed log-in of `name` from `address` at `now_ms`.
    pub fn record_login_failure(&self, name: &str, address: &str, now_ms: i64) -> Result<()> {
        let name: String = name.chars().take(64).collect();
        self.write(|tx| {
            tx.execute(
                "DELETE FROM login_failures WHERE at_ms < ?1",
                &[Value::Int(now_ms - KEPT_MS)],
            )?;
            tx.execute(
                "INSERT INTO login_failures (name, address, at_ms) VALUES (?1, ?2, ?3)",
                &[name.into(), address.into(), now_ms.into()],
            )?;
            Ok(())
        })
    }

    /// The failures that count against `name` and against `address` since `since_ms`.
    pub fn login_failures(
        &self,
        name: &str,
        address: &str,
        since_ms: i64,
    ) -> Result<(FailureCount, FailureCount)> {
        let name: String = name.chars().take(64).collect();
        self.read(|tx| {
            let mut count = |column: &str, value: &str| -> Result<FailureCount> {
                // `column` is one of our two column names, never input.
                let row = tx.query_row_as(
                    &format!(
                        "SELECT {} FROM login_failures
                         WHERE {column} = ?1 AND at_ms >= ?2 AND cleared = 0",
                        FailureCount::COLUMNS.select()
                    ),
                    &[value.into(), since_ms.into()],
                )?;
                Ok(row.unwrap_or_default())
            };
            Ok((count("name", &name)?, count("address", address)?))
        })
    }

    /// After a successful log-in: `name`'s failures no longer count.
    pub fn clear_login_failures(&self, name: &str) -> Result<()> {
        let name: String = name.chars().take(64).collect();
        self.write(|tx| {
            tx.execute(
                "UPDATE login_failures SET cleared = 1 WHERE name = ?1 AND cleared = 0",
                &[name.into()],
            )?;
            Ok(())
        })
    }

    /// Names and addresses with at least `at_least` failures since `since_ms`, the most
    /// recent first.
    pub fn repeated_login_failures(
        &self,
        since_ms: i64,
        at_least: u64,
    ) -> Result<Vec<RepeatedFailures>> {
        let sql = format!(
            "SELECT {} FROM login_failures
             WHERE at_ms >= ?1 GROUP BY name, address HAVING COUNT(*) >= ?2
             ORDER BY MAX(at_ms) DESC, name, address LIMIT 100",
            RepeatedFailures::COLUMNS.select()
        );
        self.read(|tx| {
            tx.query_as(
                &sql,
                &[
                    since_ms.into(),
                    Value::Int(i64::try_from(at_least).unwrap_or(i64::MAX)),
                ],
            )
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn failures_count_by_name_and_address_until_cleared() {
        crate::testing::for_each_store(|store, _| {
            for (name, address, at) in [
                ("ann", "10.0.0.1", 1_000),
                ("ann", "10.0.0.2", 2_000),
                ("bob", "10.0.0.1", 3_000),
                ("ann", "10.0.0.1", 4_000),
            ] {
                store.record_login_failure(name, address, at).unwrap();
            }
            let (ann, address) = store.login_failures("ann", "10.0.0.1", 0).unwrap();
            assert_eq!((ann.count, ann.last_ms), (3, Some(4_000)));
            assert_eq!((address.count, address.last_ms), (3, Some(4_000)));
            let (ann, _) = store.login_failures("ann", "10.0.0.1", 1_500).unwrap();
            assert_eq!(ann.count, 2, "the window leaves older ones out");
            let repeated = store.repeated_login_failures(0, 2).unwrap();
            assert_eq!(repeated.len(), 1);
            assert_eq!(
                (repeated[0].name.as_str(), repeated[0].address.as_str()),
                ("ann", "10.0.0.1")
            );
            assert_eq!(repeated[0].count, 2);
            store.clear_login_failures("ann").unwrap();
            let (ann, address) = store.login_failures("ann", "10.0.0.1", 0).unwrap();
            assert_eq!((ann.count, ann.last_ms), (0, None));
            assert_eq!(address.count, 1, "bob's failure from there still counts");
            assert_eq!(
                store.repeated_login_failures(0, 2).unwrap().len(),
                1,
                "the teacher still sees them"
            );
        });
    }
}
