//! Writing rows read from one store into another of the same schema (copy, backup,
//! restore, export).

use super::engine::{Row, Tx};
use crate::error::Result;

/// Inserts `rows`, whose values are those of the columns `names` in order, into `table`
/// (one of our own tables).
pub(super) fn insert_rows(
    tx: &mut dyn Tx,
    table: &str,
    names: &[impl AsRef<str>],
    rows: &[Row],
) -> Result<()> {
    let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("?{i}")).collect();
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        names.join(", "),
        placeholders.join(", ")
    );
    for row in rows {
        tx.execute(&sql, row.values())?;
    }
    Ok(())
}
