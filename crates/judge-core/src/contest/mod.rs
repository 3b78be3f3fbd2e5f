//! Contests: scoring a class's attempts into a scoreboard (IOI or ICPC style). Shared by
//! `judge contest` and the web server.

pub mod discover;
pub mod log;
pub mod run;
pub mod safe_open;
pub mod scoring;
pub mod summary;
