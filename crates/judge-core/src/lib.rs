//! judge-core: compile submissions, run them in the sandbox against a problem's stored tests,
//! compare outputs, give verdicts, and report them.
//!
//! The pipeline (one module per arrow): [`compile`] -> [`run_test`] (sandbox run, then
//! [`compare`]) -> [`verdict::aggregate`] -> [`report`]. [`judge::Judge`] drives it and
//! emits [`events`]; reports listen. Configuration comes from judge.toml and problem.toml
//! ([`config`]); the language table is data ([`language`]).
//!
//! It does not isolate or measure programs itself: that is the `sandbox` crate.

pub mod compare;
pub mod compile;
pub mod compile_cache;
pub mod config;
pub mod course;
pub mod error;
pub mod events;
mod interactive;
mod java_names;
pub mod judge;
pub mod language;
pub mod limit_bounds;
pub mod package_issues;
pub mod package_path;
pub mod parallel;
pub mod picture;
pub mod precompiled;
mod prepare;
pub mod problem;
mod problem_build;
pub mod problem_id;
pub mod program;
mod run_failure;
pub mod run_test;
pub mod safe_open;
pub mod source;
pub mod source_folder;
mod source_order;
mod test_plan;
pub mod text;
pub mod tool;
pub mod toolchain;
pub mod tools;
pub mod verdict;

pub use error::{JudgeError, Result};
pub use judge::Judge;
pub use verdict::{SubmissionResult, TestResult, Verdict};
