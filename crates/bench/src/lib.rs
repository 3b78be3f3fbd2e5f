//! bench: how fast and how exact the judge is, measured on this machine.
//!
//! Seven benchmarks, each a module that measures and returns serializable figures, and a
//! report that renders them as docs/benchmarks.md:
//!
//! - [`overhead`]: runs per second of a trivial program through the sandbox (full
//!   isolation, cgroups only, rlimit-only) and through `isolate`, against a bare
//!   fork + exec + wait4 loop in the same run ([`bare`], [`isolate`]);
//! - [`accuracy`]: calibrated busy loops and memory-touching programs ([`programs`]),
//!   run as the judge runs submissions ([`prepared`]): reported against intended;
//! - [`problemset`]: each problem's reference against its time limit, and the seeds' own
//!   algorithms against the reference on the hardest tests;
//! - [`class`] generates a class of students' submissions from the problems'
//!   `submissions/` folders, and [`contest`] times `judge contest` on it;
//! - [`queue`]: the judging queue on PostgreSQL: the claim + record cost, submissions
//!   per second with 1 to 8 workers, a wall-bound class's scaling with workers;
//! - [`compile`]: C++ compile time with and without the precompiled `bits/stdc++.h`;
//! - [`similarity`] generates classes of 50 to 400 students from the similarity corpus,
//!   with disguised copies, and times `judge similarity` on each.
//!
//! Every result is written with the command that made it and the machine it ran on
//! ([`record`], [`machine`]); [`stats`] gives medians and spreads. It asserts nothing
//! about speed: the smoke test only checks that each path runs and gives well-formed
//! figures.

pub mod accuracy;
pub mod bare;
pub mod class;
pub mod compile;
pub mod contest;
pub mod isolate;
pub mod machine;
pub mod overhead;
pub mod prepared;
pub mod problemset;
pub mod programs;
pub mod queue;
pub mod record;
pub mod report;
pub mod similarity;
pub mod stats;
