//! The course's gradebook from the store: every contest's attempts scored by
//! judge-contest's [`gradebook`] (the scoreboard's own scoring, each homework set's late
//! rule and extensions), with each contest's window as it is in force (a teacher's moved
//! deadline counts). Used by the teacher's and the student's grade pages and by
//! `judge grades`.

use crate::contest::{Contest, Contests};
use crate::error::Result;
use crate::scoreboard::attempt_record;
use judge_contest::gradebook::{gradebook, Gradebook, GradedAttempt};
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::course::{ContestSpec, ContestStart, Course};
use judge_store::JudgedAttempt;
use judge_store::{Store, User};

/// The gradebook of judge.toml's course over `store`'s students (those of `group`, for
/// Some) and attempts (for `judge grades`).
pub fn from_store(
    config: &JudgeConfig,
    store: &Store,
    now_ms: i64,
    group: Option<&str>,
) -> Result<Gradebook> {
    let contests = Contests::new(config, store, now_ms)?;
    let users = in_group(store.users()?, group);
    Ok(build(&contests, &users, &store.attempts()?))
}

/// The gradebook of `users`' students over `attempts`.
pub fn build(contests: &Contests, users: &[User], attempts: &[JudgedAttempt]) -> Gradebook {
    let course = Course {
        contests: contests.all().iter().map(in_force).collect(),
    };
    let students: Vec<String> = users
        .iter()
        .filter(|u| !u.is_teacher())
        .map(|u| u.name.clone())
        .collect();
    let graded: Vec<GradedAttempt> = attempts
        .iter()
        .filter_map(|a| {
            let contest = contests.owning(a.summary.contest.as_deref())?;
            contest.problem(&a.summary.problem)?;
            Some(GradedAttempt {
                contest: contest.id.clone(),
                attempt: attempt_record(a, false),
            })
        })
        .collect();
    gradebook(&course, &students, &graded)
}

/// The groups of `users`, sorted, each once.
pub fn groups(users: &[User]) -> Vec<String> {
    let mut groups: Vec<String> = users.iter().filter_map(|u| u.group.clone()).collect();
    groups.sort();
    groups.dedup();
    groups
}

/// `users` less those outside `group` (all of them for None).
pub fn in_group(mut users: Vec<User>, group: Option<&str>) -> Vec<User> {
    if let Some(group) = group {
        users.retain(|u| u.group.as_deref() == Some(group));
    }
    users
}

/// A contest's definition with the window in force (a teacher may have moved it).
pub fn in_force(contest: &Contest) -> ContestSpec {
    let window = contest.window();
    let at = |ms: i64| {
        time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
            .ok()
            .map(ContestStart)
    };
    let mut spec = contest.spec.clone();
    spec.start = at(window.start_ms).or(spec.start);
    spec.end = window.end_ms.and_then(at);
    spec.late_until = window.late_until_ms.and_then(at);
    spec
}
