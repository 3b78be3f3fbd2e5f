//! JSON output of a result (schema: docs/result-schema.md).

use judge_model::verdict::SubmissionResult;

/// The result as pretty-printed JSON.
pub fn to_json(result: &SubmissionResult) -> String {
    // Serializing plain data with string keys cannot fail.
    serde_json::to_string_pretty(result).unwrap_or_default()
}
