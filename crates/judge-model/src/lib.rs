//! judge-model: what the judge works on, as data. A problem and its tests, groups and
//! limits ([`problem`], [`limit_bounds`]); a verdict and a result ([`verdict`]); a
//! language of the table ([`language`]); the course and its contests ([`course`]), read
//! from judge.toml ([`config`]); the events a run of the judge emits ([`events`]); the
//! plan of which test runs next ([`test_plan`]); and the built-in comparisons, pure
//! functions of an output and an answer ([`compare`]).
//!
//! It runs nothing: compiling, running in the sandbox, checkers and interactors are the
//! engine's (judge-core), loading a package is judge-packages'. It depends on the
//! `sandbox` crate for the types of limits and isolation only.

pub mod compare;
pub mod config;
pub mod course;
mod error;
pub mod events;
mod java_names;
pub mod language;
pub mod limit_bounds;
mod package_issues;
pub mod package_path;
pub mod problem;
mod program;
pub mod source;
pub mod test_plan;
pub mod text;
pub mod verdict;

pub use error::{JudgeError, Result};
pub use package_issues::{line_of, Issues, PackageError};
pub use program::{Program, ProgramKind};
pub use verdict::{SubmissionResult, TestResult, Verdict};
