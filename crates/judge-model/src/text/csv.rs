//! The one CSV writer of the judge (the csv crate does the quoting).

use super::escape;

/// Rows as CSV text, every cell through [`escape::csv_cell`] (the one CSV writer of the
/// judge: scoreboard.csv, results.csv, similarity.csv).
pub fn write(rows: Vec<Vec<String>>) -> String {
    let mut writer = ::csv::Writer::from_writer(Vec::new());
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .map(|cell| escape::csv_cell(cell).into_owned())
            .collect();
        // Writing to a Vec cannot fail.
        let _ = writer.write_record(&cells);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
}
