//! The JSON report: the [`Summary`] as it is (every pair of every problem with both
//! files and shares, the files skipped and why, the knobs used).

use super::Summary;

/// The JSON text (pretty, with a final newline).
pub fn render(summary: &Summary) -> String {
    // A Summary holds only strings, numbers and lists: it always serializes.
    serde_json::to_string_pretty(summary).unwrap_or_default() + "\n"
}
