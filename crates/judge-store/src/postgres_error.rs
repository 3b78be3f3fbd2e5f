//! PostgreSQL's own words for what went wrong (the server's message, its detail and
//! hint, or the chain of causes).

/// A PostgreSQL error on one line, in the server's own words where it answered
/// (`FATAL: password authentication failed for user "judge"`, not the client's "db
/// error"), else the client's with its causes (`error connecting to server: Connection
/// refused (os error 111)`).
pub fn error_text(error: &postgres::Error) -> String {
    let text = match error.as_db_error() {
        Some(db) => {
            let mut text = format!("{}: {}", db.severity(), db.message());
            if let Some(detail) = db.detail() {
                text.push_str(&format!(" ({detail})"));
            }
            if let Some(hint) = db.hint() {
                text.push_str(&format!("; hint: {hint}"));
            }
            text
        }
        None => {
            let mut text = error.to_string();
            let mut source = std::error::Error::source(error);
            while let Some(cause) = source {
                let said = cause.to_string();
                if !text.ends_with(&said) {
                    text.push_str(": ");
                    text.push_str(&said);
                }
                source = cause.source();
            }
            text
        }
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
