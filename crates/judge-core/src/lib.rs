//! judge-core: the engine. Compile a submission, run it in the sandbox test by test,
//! compare its outputs (the built-in modes, or the problem's own checker or interactor),
//! and give each test and the whole its verdict.
//!
//! The pipeline (one module per arrow): `compile` -> `run_test` (a sandbox run, then a
//! comparison or [`checker`]) -> the verdicts -> the report. [`judge::Judge`] drives it
//! and emits judge-model's events; reports listen. What it works on (a problem, its tests,
//! a language, a verdict, judge.toml) is the `judge-model` crate; loading a package is
//! judge-packages'.
//!
//! Its surface: a few public modules (the judge itself, checkers, pictures, precompiled
//! headers, reading a box's files safely) and one `pub use` list of what other crates take
//! from its private modules (compiling, the compile cache, running a tool, reading a folder
//! submission, judging in parallel).
//!
//! It does not isolate or measure programs itself: that is the `sandbox` crate.

pub mod checker;
mod compile;
mod compile_cache;
mod interactive;
pub mod judge;
mod parallel;
pub mod picture;
pub mod precompiled;
mod prepare;
mod problem_build;
mod problem_id;
mod run_failure;
mod run_test;
pub mod safe_open;
mod source_folder;
mod source_order;
mod tool;
mod toolchain;
mod tools;

pub use compile::{compile, SourceFile};
pub use compile_cache::CompileCache;
pub use judge::Judge;
pub use parallel::map as parallel_map;
pub use problem_id::check as check_problem_id;
pub use run_test::{Judging, SAMPLE_STDERR_BYTES};
pub use source_folder::read as read_source_folder;
pub use tool::{run_interacting, ToolOutput};
pub use toolchain::Toolchain;
pub use tools::{checktestdata, ReadyProgram, CHECKTESTDATA_NAMES, TOOL_TIMEOUT};
