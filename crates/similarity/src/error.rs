//! Why a file was left out of the comparison: the library's typed errors. Their
//! `Display` is the English of the reports and the command line; a caller in another
//! language (the web front) matches on the variant and words it itself.

use thiserror::Error;

/// Why a file is not compared (reported beside the results; never fatal).
#[derive(Debug, Clone, PartialEq, Error)]
pub enum BadInput {
    /// Nothing but whitespace.
    #[error("empty file")]
    Empty,
    /// NUL bytes or bytes that are not UTF-8.
    #[error("not a text file (NUL bytes or invalid UTF-8)")]
    Binary,
    /// Larger than any solution.
    #[error("{bytes} bytes: larger than the {limit} bytes compared")]
    TooLarge {
        /// Its size.
        bytes: usize,
        /// The limit.
        limit: usize,
    },
    /// Mostly syntax errors.
    #[error("unparseable: {:.0} % of it is syntax errors", error_share * 100.0)]
    Unparseable {
        /// The share of its bytes inside syntax errors.
        error_share: f64,
    },
    /// It parses, but holds no code (only comments, only imports).
    #[error("no code: only comments, declarations or imports")]
    NoCode,
    /// The language has no tokenizer here, or none is known for its name.
    #[error("cannot compare {0} files (C, C++, Java, Python and Rust can be)")]
    UnknownLanguage(String),
    /// The grammar could not be loaded (a tree-sitter version mismatch: a build problem).
    #[error("tree-sitter grammar: {0}")]
    Grammar(String),
    /// The file could not be read.
    #[error("cannot read it: {0}")]
    Unreadable(String),
    /// The caller refused the file before comparing (its own reason: not in a student's
    /// folder, an unknown problem, a link, ...).
    #[error("{0}")]
    Refused(String),
}

/// A reason as its English message in the reports' JSON (`"reason": "empty file"`), so
/// that the reports read as before the reasons were typed.
pub(crate) fn serialize_reason<S: serde::Serializer>(
    reason: &BadInput,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.collect_str(reason)
}
