//! judge-course: the course as the server runs it, below the web pages that show it.
//!
//! - [`contest`]: each contest of the course with its clock (the window in force, a
//!   teacher's changes kept in the store), its phase and its freeze;
//!   [`contest_view`], a contest and a problem's limits as the API and the editor show them.
//! - [`accounts`]: names, passwords, tokens, the class CSV, each account operation once
//!   ([`accounts::AccountError`] says why one is refused); [`session`], who reads a page.
//! - [`scoreboard`], [`grades`], [`charts`] (the teacher's charts' numbers, pure functions
//!   of the board and the gradebook) and [`export`] (the board as files).
//! - [`statement`]: a problem's statement as its author wrote it, made safe HTML.
//! - [`subtasks`] (a result's tests by subtask) and [`visibility`] (what a student may see
//!   of a result); [`self_test`], what a student's run on their own input shows.
//! - [`ServerError`]: what goes wrong below the HTTP layer.
//!
//! It knows nothing of HTTP: judge-server answers requests with it, judge-views draws it.

pub mod accounts;
pub mod charts;
pub mod contest;
pub mod contest_view;
mod error;
pub mod export;
pub mod grades;
pub mod scoreboard;
pub mod self_test;
pub mod session;
pub mod statement;
pub mod subtasks;
pub mod visibility;

pub use error::{BadSetting, Result, ServerError};
