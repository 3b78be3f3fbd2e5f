//! What the server reads from judge.toml and the problems' folders, once at start-up and
//! again after a teacher imports a package: the contests, each problem made ready
//! (checkers built), their versions for the workers, their titles and labels.

use crate::state::CourseParts;
use judge_core::Judge;
use judge_course::contest::Contests;
use judge_course::Result;
use judge_store::{ProblemVersion, Store};
use std::sync::Arc;

/// The course as judge.toml has it, with the problems' versions.
pub struct Course {
    /// The parts of the state.
    pub parts: CourseParts,
    /// The versions of the problems this machine can load.
    pub versions: Vec<ProblemVersion>,
    /// The problems it cannot load, with why.
    pub broken: Vec<(String, String)>,
}

/// Reads the course of `judge`'s judge.toml: builds every problem's checker (once; a
/// judge made by [`Judge::with_config`] recalls what was built), hashes every problem,
/// loads titles and labels. A broken judge.toml or problem.toml is refused (see
/// [`judge_worker::workers::warm_up`]).
pub fn load(judge: Arc<Judge>, store: &Store, now_ms: i64) -> Result<Course> {
    let contests = Contests::new(&judge.config, store, now_ms)?;
    let all_problems = contests.problems();
    let problems: Vec<String> = all_problems.iter().map(|p| p.id.clone()).collect();
    judge_worker::workers::warm_up(&judge, &problems)?;
    let (versions, broken) = judge_worker::problem_hash::local_versions(&judge, &problems);
    let labels = judge_course::visibility::Labels::load(&judge, &all_problems);
    let titles = all_problems
        .iter()
        .map(|problem| {
            let title = judge_packages::load(&judge.config, &problem.id)
                .map(|p| (p.title.clone(), p.title_zh.clone()))
                .map_err(|e| e.to_string());
            (problem.id.clone(), title)
        })
        .collect();
    Ok(Course {
        parts: CourseParts {
            judge,
            contests,
            titles,
            labels,
        },
        versions,
        broken,
    })
}
