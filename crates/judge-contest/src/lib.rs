//! judge-contest: a class's attempts judged and scored into a scoreboard (IOI or ICPC
//! style), the contest's outputs (CSV, JSON, HTML, the terminal table) and the report of
//! one submission. Shared by `judge contest`, `judge run` and the web server. It judges
//! through `judge-core`'s engine and loads problems through `judge-packages`.

mod discover;
pub mod export;
pub mod gradebook;
mod log;
pub mod report;
mod run;
pub mod scoring;
mod summary;

pub use discover::{discover, AttemptFile};
pub use log::{read as read_log, AttemptStatus};
pub use run::{lazy_options, run_contest, ContestOptions};
pub use summary::{gradebook_of_runs, results_file};

use judge_model::config::judge_toml::JudgeConfig;
use judge_model::course::ContestSpec;

/// The course's first contest (`[contest]`) with each problem's scoring groups and
/// language list filled in from the problem itself (a problem that cannot be loaded keeps none: judging it
/// reports why).
pub fn with_groups(config: &JudgeConfig) -> ContestSpec {
    with_groups_of(config, config.course().first().clone())
}

/// A contest of the course ([`JudgeConfig::course`]) with each problem's scoring groups
/// and language list filled in, as [`with_groups`] does for the first.
pub fn with_groups_of(config: &JudgeConfig, mut contest: ContestSpec) -> ContestSpec {
    for entry in &mut contest.problems {
        if let Ok(problem) = judge_packages::load(config, &entry.id) {
            entry.groups = problem.groups;
            entry.languages = problem.languages;
        }
    }
    contest
}
