//! The course's gradebook from the store: every contest's attempts scored by
//! judge-contest's [`gradebook`] (the scoreboard's own scoring, each homework set's late
//! rule and extensions), with each contest's window as it is in force (a teacher's moved
//! deadline counts). Used by the teacher's and the student's grade pages and by
//! `judge grades`.

use crate::contest::{Contest, Contests};
use crate::error::Result;
use crate::scoreboard::attempt_record;
use judge_contest::gradebook::{gradebook, Gradebook, GradedAttempt};
use judge_core::config::judge_toml::JudgeConfig;
use judge_core::course::{ContestSpec, ContestStart, Course};
use judge_store::submissions::JudgedAttempt;
use judge_store::{Store, User};

/// The gradebook of judge.toml's course over `store`'s students and attempts (for
/// `judge grades`).
pub fn from_store(config: &JudgeConfig, store: &Store, now_ms: i64) -> Result<Gradebook> {
    let contests = Contests::new(config, store, now_ms)?;
    Ok(build(&contests, &store.users()?, &store.attempts()?))
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

/// A contest's definition with the window in force (a teacher may have moved it).
fn in_force(contest: &Contest) -> ContestSpec {
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
