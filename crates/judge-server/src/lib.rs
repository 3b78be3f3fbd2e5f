//! judge-server: the students' web front of the judge (`judge serve`).
//!
//! Students log in, read statements, submit, and watch their verdicts arrive; teachers
//! see every submission, rejudge, and export. Pages are rendered on the server (no
//! front-end build), with one small script for live status.
//!
//! - [`store`]: users, sessions, API tokens, submissions, results (the queue is the
//!   submissions' state, with leases), on SQLite (one machine) or PostgreSQL (a server
//!   and workers on many machines), with one list of versioned migrations.
//! - [`workers`]: a pool of threads that claim queued submissions under a lease and
//!   judge them with judge-core's [`judge_core::Judge`], inside `judge serve` or as
//!   `judge worker` elsewhere; [`queue`] wakes them and writes live progress to the store;
//!   [`problem_hash`] makes sure they judge on the server's copy of each problem.
//! - [`routes`] (one module per page group) over [`views`] (HTML), [`auth`] (sessions),
//!   [`csrf`], [`visibility`] (what students may see of a result), [`subtasks`] (a
//!   result's tests by subtask).
//! - [`self_test`]: a student's program run on their own input ("run on my input").
//! - [`contest`] (the clock, the freeze), [`scoreboard`], [`export`], [`statement`].
//! - [`accounts`]: passwords and the operations behind `judge users`.
//! - [`i18n`]: the interface's language (English, Chinese) per request, and its texts.
//!
//! It does not judge by itself (judge-core does) nor isolate programs (the sandbox does).
//! A submission is committed before the page answers; a result is written once per
//! submission and round, so a server killed mid-judging judges the submission again on
//! restart without ever recording it twice.

pub mod accounts;
pub mod auth;
pub mod contest;
pub mod cookies;
pub mod course;
pub mod csrf;
pub mod error;
pub mod export;
pub mod http_error;
pub mod i18n;
pub mod import;
pub mod links;
pub mod listen;
pub mod login_limits;
pub mod options;
pub mod problem_hash;
pub mod queue;
pub mod routes;
pub mod scoreboard;
pub mod self_test;
pub mod server;
pub mod state;
pub mod statement;
pub mod store;
pub mod subtasks;
pub mod views;
pub mod visibility;
pub mod workers;

pub use error::{Result, ServerError};
pub use options::ServerOptions;
pub use routes::table as route_table;
pub use server::{init_logging, run, Server};
