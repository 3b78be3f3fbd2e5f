//! A store exported table by table into a new SQLite file of the same schema (a
//! PostgreSQL store's backup, read inside its one snapshot).

use super::engine::{Access, Tx};
use super::migrations::SCHEMA_VERSION;
use super::rows::insert_rows;
use super::sqlite::SqliteEngine;
use crate::error::{Result, StoreError};
use std::path::Path;

/// Copies every table of the transaction's store, at schema `version`, into the new
/// SQLite file `file` made with the same schema (the export of engines without an online
/// backup of their own; `tx` is a [`Access::Snapshot`] transaction).
pub(super) fn export(tx: &mut dyn Tx, version: i64, file: &Path) -> Result<()> {
    if version <= 0 || version > SCHEMA_VERSION {
        return Err(StoreError::Backup(format!(
            "cannot export schema version {version} (this judge knows 1 to {SCHEMA_VERSION})"
        )));
    }
    let destination = SqliteEngine::create_at(file, version)?;
    let engine: &dyn super::engine::Engine = &destination;
    // Table by table: only one table's rows are held at a time.
    for table in engine.schema()? {
        let names: Vec<&str> = table.columns.iter().map(|c| c.name.as_str()).collect();
        let rows = tx.query(
            &format!("SELECT {} FROM {} ORDER BY 1", names.join(", "), table.name),
            &[],
        )?;
        engine.transaction(Access::Write, &mut |out| {
            insert_rows(out, &table.name, &names, &rows)
        })?;
    }
    Ok(())
}
