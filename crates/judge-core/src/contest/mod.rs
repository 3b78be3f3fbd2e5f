//! Contests: scoring a class's attempts into a scoreboard (IOI or ICPC style). Shared by
//! `judge contest` and the web server.

pub mod discover;
pub mod log;
pub mod run;
pub mod scoring;
pub mod summary;

use crate::config::judge_toml::{ContestToml, JudgeConfig};

/// judge.toml's contest with each problem's scoring groups filled in from the problem
/// itself (a problem that cannot be loaded keeps none: judging it reports why).
pub fn with_groups(config: &JudgeConfig) -> ContestToml {
    with_groups_of(config, config.toml.contest.clone())
}

/// A contest table (one of the course's, [`JudgeConfig::contests`]) with each problem's
/// scoring groups filled in, as [`with_groups`] does for `[contest]`.
pub fn with_groups_of(config: &JudgeConfig, mut contest: ContestToml) -> ContestToml {
    for entry in &mut contest.problems {
        if let Ok(problem) = crate::problem::Problem::load(config, &entry.id) {
            entry.groups = problem.groups;
        }
    }
    contest
}
