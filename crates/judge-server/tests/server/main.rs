//! The web server's integration tests, in one test binary so that the shared helpers
//! (common/) are checked for dead code like any other code, and linked once.

mod common;

mod browser;
mod http_auth;
mod http_judging;
mod http_pages;
mod http_scoreboard;
mod http_similarity;
mod http_submit;
mod serve_process;
