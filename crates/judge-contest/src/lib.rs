//! judge-contest: a class's attempts judged and scored into a scoreboard (IOI or ICPC
//! style), the contest's outputs (CSV, JSON, HTML, the terminal table) and the report of
//! one submission. Shared by `judge contest`, `judge run` and the web server. It judges
//! through `judge-core`'s engine and loads problems through `judge-packages`.

pub mod discover;
pub mod export;
pub mod log;
pub mod report;
pub mod run;
pub mod scoring;
pub mod summary;

use judge_core::config::judge_toml::{ContestToml, JudgeConfig};

/// judge.toml's contest with each problem's scoring groups filled in from the problem
/// itself (a problem that cannot be loaded keeps none: judging it reports why).
pub fn with_groups(config: &JudgeConfig) -> ContestToml {
    with_groups_of(config, config.toml.contest.clone())
}

/// A contest table (one of the course's, [`JudgeConfig::contests`]) with each problem's
/// scoring groups filled in, as [`with_groups`] does for `[contest]`.
pub fn with_groups_of(config: &JudgeConfig, mut contest: ContestToml) -> ContestToml {
    for entry in &mut contest.problems {
        if let Ok(problem) = judge_packages::load(config, &entry.id) {
            entry.groups = problem.groups;
        }
    }
    contest
}
