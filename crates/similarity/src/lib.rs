//! similarity: which students' submissions were copied from each other.
//!
//! For each problem, every pair of students' files is scored by how much of each file
//! the other one also has, after both are reduced to what the code does:
//!
//! - [`tokenize`]: a real parser per language (tree-sitter's C, C++, Java, Python and
//!   Rust grammars) and one walk per language that writes language-independent token
//!   kinds ([`token`]): identifiers, literals, types, comments and layout do not count;
//!   `for` loops, updates, declarations and I/O are written in one canonical form;
//! - `fingerprint`: k-grams of tokens, hashed and winnowed (the algorithm behind MOSS),
//!   their length and window chosen per problem from its files' length (short programs
//!   get short k-grams, all of them kept);
//! - `index`: fingerprints in many students' files of the same problem (in a class
//!   large enough for that to mean template code), or in the teacher's base files, are
//!   discounted;
//! - [`pairs`]: candidate pairs through an inverted index, each scored by the share of
//!   each file its shared fingerprints cover; `fragments` finds the matching
//!   fragments of a pair for the side-by-side view; `identical` puts files that are the
//!   same (once comments and layout are left out) at 100 %, whatever was discounted;
//! - [`analysis`]: the pipeline over a class; [`report`]: HTML, CSV and JSON.
//!
//! It does not find the files (judge-core's contest discovery does), judge anything, or
//! decide anything: a high score says two files share more code than the rest of the
//! class shares, which is a reason for a teacher to look, not proof of copying. It never
//! prints.

pub mod analysis;
mod error;
mod fingerprint;
mod fragments;
mod identical;
mod index;
mod language;
pub mod pairs;
pub mod report;
pub mod token;
pub mod tokenize;

pub use analysis::{analyze, Analysis, BaseFile, Options, ProblemAnalysis, Submission};
pub use error::BadInput;
pub use language::Language;
