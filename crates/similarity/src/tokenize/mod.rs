//! Source text to tokens: each language's tree-sitter grammar parses the file, and that
//! language's walk (one module each) writes the language-independent [`Kind`]s of
//! [`crate::token`]; [`digest`] hashes the same tree without comments and layout. Files
//! that are not source code (empty, binary, too large, mostly unparseable) are refused
//! with the reason.

mod c_family;
pub mod digest;
mod java;
mod python;
mod rust;
mod walker;

use crate::error::BadInput;
use crate::language::Language;
use crate::token::Token;
use tree_sitter::{Node, Parser};
use walker::Walker;

/// The largest file compared: anything bigger is not a student's solution.
pub const MAX_SOURCE_BYTES: usize = 1 << 20;

/// The share of a file's bytes that may lie in syntax errors before it counts as
/// unparseable (a small slip still leaves most of the program to compare).
pub const MAX_ERROR_SHARE: f64 = 0.25;

/// A file as the comparison sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tokenized {
    /// Its tokens.
    pub tokens: Vec<Token>,
    /// Its syntax tree without comments and layout, hashed ([`digest::text_digest`]).
    pub text_digest: u64,
}

/// A file's tokens and text digest, or why it has none.
pub fn tokenize(language: Language, source: &[u8]) -> Result<Tokenized, BadInput> {
    if source.len() > MAX_SOURCE_BYTES {
        return Err(BadInput::TooLarge {
            bytes: source.len(),
            limit: MAX_SOURCE_BYTES,
        });
    }
    if source.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(BadInput::Empty);
    }
    if source.contains(&0) || std::str::from_utf8(source).is_err() {
        return Err(BadInput::Binary);
    }
    let mut parser = Parser::new();
    parser
        .set_language(&language.grammar())
        .map_err(|e| BadInput::Grammar(e.to_string()))?;
    let tree = parser
        .parse(source, None)
        .ok_or(BadInput::Unparseable { error_share: 1.0 })?;
    let root = tree.root_node();
    if root.has_error() {
        let share = error_bytes(root) as f64 / source.len() as f64;
        if share > MAX_ERROR_SHARE {
            return Err(BadInput::Unparseable { error_share: share });
        }
    }
    let mut walker = Walker::new(source);
    let visit: fn(&mut Walker, Node) = match language {
        Language::C | Language::Cpp => c_family::visit,
        Language::Java => java::visit,
        Language::Python => python::visit,
        Language::Rust => rust::visit,
    };
    walker.descend(root, visit);
    if walker.tokens.is_empty() {
        return Err(BadInput::NoCode);
    }
    Ok(Tokenized {
        tokens: walker.tokens,
        text_digest: digest::text_digest(root, source),
    })
}

/// Bytes inside ERROR nodes (not counting nested ones twice), plus one per missing node.
fn error_bytes(node: Node) -> usize {
    if node.is_error() {
        return node.end_byte() - node.start_byte();
    }
    if node.is_missing() {
        return 1;
    }
    if !node.has_error() {
        return 0;
    }
    let mut cursor = node.walk();
    node.children(&mut cursor).map(error_bytes).sum()
}

#[cfg(test)]
mod tests;
