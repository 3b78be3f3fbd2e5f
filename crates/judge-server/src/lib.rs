//! judge-server: the students' web front of the judge (`judge serve`).
//!
//! Students log in, read statements, submit, and watch their verdicts arrive; teachers
//! see every submission, rejudge, and export. Pages are rendered on the server (no
//! front-end build), with one small script for live status.
//!
//! What other crates use (`judge`'s commands, the benchmarks, the tests):
//!
//! - [`Server`] and [`run`] (`judge serve`), with its [`ServerOptions`] ([`options`]:
//!   the defaults of `judge serve`'s flags, [`LoginLimits`] among them), [`init_logging`],
//!   and [`route_table`]: every (method, path) the router answers.
//! - [`store`]: users, sessions, API tokens, submissions, results (the queue is the
//!   submissions' state, with leases), on SQLite (one machine) or PostgreSQL (a server
//!   and workers on many machines), with one list of versioned migrations.
//! - [`workers`]: a pool of threads that claim queued submissions under a lease and
//!   judge them with judge-core's [`judge_core::Judge`], inside `judge serve` or as
//!   `judge worker` elsewhere; a [`Queue`] wakes them and writes live progress to the
//!   store; [`problem_hash`] makes sure they judge on the server's copy of each problem.
//! - [`accounts`]: passwords, tokens and the operations behind `judge users`.
//! - [`Result`] and [`ServerError`], what goes wrong below the HTTP layer.
//!
//! Inside, not public: `routes` (one module per page group, each with its routes and
//! handlers), `auth` (sessions and the role extractors), `csrf`, `http_error` (what a
//! browser gets when a request fails), `lang_request` (each request's language),
//! `self_test` (a student's program run on their own input), `course`, `course_edit` and
//! `import` (judge.toml changed and read again without a restart), `cookies`, `listen`
//! (connections per address), `login_limits`, `state` (what every handler shares),
//! `server` (start, serve, stop, scheduled backups), `metrics` (`GET /metrics` in
//! Prometheus' text format).
//!
//! Below it: judge-course (the contests and their clocks, accounts, the scoreboard,
//! grades, charts, statements, what a student may see of a result), judge-views (the HTML
//! of every page) and judge-i18n (the interface's two languages and their texts).
//!
//! It does not judge by itself (judge-core does) nor isolate programs (the sandbox does).
//! A submission is committed before the page answers; a result is written once per
//! submission and round, so a server killed mid-judging judges the submission again on
//! restart without ever recording it twice.

// What other crates use (`judge`'s commands, the benchmarks, the tests): the store, the
// workers and what they need, accounts, the options; and the few items below.
pub use judge_course::{accounts, grades};
pub mod options;
pub use judge_store as store;
pub use judge_worker::{backend, problem_cache, problem_hash, remote, workers};

pub use judge_course::{Result, ServerError};
pub use judge_worker::Queue;
pub use login_limits::LoginLimits;
pub use options::ServerOptions;
pub use routes::table as route_table;
pub use server::{init_logging, run, Server};

// The web front itself: reached through `Server` and `run`.
mod auth;
mod cookies;
mod course;
mod course_edit;
mod csrf;
mod http_error;
mod import;
mod lang_request;
mod listen;
mod login_limits;
mod metrics;
mod routes;
mod self_test;
mod server;
mod state;
