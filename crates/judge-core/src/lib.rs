//! judge-core: compile submissions, run them in the sandbox against a problem's stored tests,
//! compare outputs, give verdicts, and report them.
//!
//! The pipeline (one module per arrow): `compile` -> `run_test` (sandbox run, then
//! [`compare`]) -> [`verdict::aggregate`] -> the report. [`judge::Judge`] drives it and
//! emits [`events`]; reports listen. Configuration comes from judge.toml and problem.toml
//! ([`config`]); the language table is data ([`language`]).
//!
//! Its surface: the model's and the engine's public modules below, and one `pub use` list
//! of what other crates take from the engine's private modules (compiling, the compile
//! cache, running a tool, reading a folder submission, judging in parallel).
//!
//! It does not isolate or measure programs itself: that is the `sandbox` crate.

pub mod compare;
mod compile;
mod compile_cache;
pub mod config;
pub mod course;
pub mod error;
pub mod events;
mod interactive;
mod java_names;
pub mod judge;
pub mod language;
pub mod limit_bounds;
mod package_issues;
pub mod package_path;
mod parallel;
pub mod picture;
pub mod precompiled;
mod prepare;
pub mod problem;
mod problem_build;
mod problem_id;
mod program;
mod run_failure;
mod run_test;
pub mod safe_open;
pub mod source;
mod source_folder;
mod source_order;
mod test_plan;
pub mod text;
mod tool;
mod toolchain;
mod tools;
pub mod verdict;

pub use compile::{compile, SourceFile};
pub use compile_cache::CompileCache;
pub use error::{JudgeError, Result};
pub use judge::Judge;
pub use package_issues::{line_of, Issues, PackageError};
pub use parallel::map as parallel_map;
pub use problem_id::check as check_problem_id;
pub use program::{Program, ProgramKind};
pub use run_test::{Judging, SAMPLE_STDERR_BYTES};
pub use source_folder::read as read_source_folder;
pub use tool::{run_interacting, ToolOutput};
pub use toolchain::Toolchain;
pub use tools::{checktestdata, ReadyProgram, CHECKTESTDATA_NAMES, TOOL_TIMEOUT};
pub use verdict::{SubmissionResult, TestResult, Verdict};
