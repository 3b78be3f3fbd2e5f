//! A small fixed class for the charts' tests and the tests of the views that draw them
//! (judge-views enables the `test-fixtures` feature for its tests).

use super::Class;
use judge_contest::gradebook::gradebook;
use judge_contest::scoring::scoreboard;
use judge_contest::scoring::AttemptRecord;
use judge_model::course::{ContestProblem, Course};
use judge_model::course::{ContestSpec, Scoring};
use judge_model::problem::Mark;
use judge_model::Verdict;

fn problem(id: &str, points: f64) -> ContestProblem {
    ContestProblem {
        id: id.into(),
        points,
        groups: Vec::new(),
        test_names: Default::default(),
        languages: None,
        feedback: Default::default(),
    }
}

fn spec(id: &str, scoring: Scoring, problems: Vec<ContestProblem>) -> ContestSpec {
    ContestSpec {
        id: id.into(),
        kind: Default::default(),
        title: format!("Contest {id}"),
        scoring,
        problems,
        languages: None,
        start: None,
        end: None,
        duration_minutes: None,
        late_until: None,
        freeze_minutes: None,
        grading: Default::default(),
        for_groups: Vec::new(),
    }
}

/// An attempt at `at` seconds after 0 whose tests have these verdicts.
fn attempt(student: &str, problem: &str, at: i64, tests: &[(&str, Verdict)]) -> AttemptRecord {
    let verdict = tests
        .iter()
        .map(|(_, v)| *v)
        .find(|v| *v != Verdict::AC)
        .unwrap_or(Verdict::AC);
    AttemptRecord {
        student: student.into(),
        problem: problem.into(),
        submitted_at: at,
        verdict,
        tests: tests
            .iter()
            .map(|(name, verdict)| {
                (
                    name.to_string(),
                    Mark {
                        verdict: *verdict,
                        score: None,
                    },
                )
            })
            .collect(),
        total_tests: 2,
        pending: false,
    }
}

const AC: Verdict = Verdict::AC;
const WA: Verdict = Verdict::WA;

/// A small fixed class: ann, bob, cat (no attempts) in an IOI contest of two problems
/// (maze 100, add 50), with a second contest in the course.
pub fn fixed_class(scoring: Scoring) -> Class {
    let main = spec(
        "main",
        scoring,
        vec![problem("maze", 100.0), problem("add", 50.0)],
    );
    let second = spec("week2", Scoring::Ioi, vec![problem("add", 10.0)]);
    let students: Vec<String> = ["ann", "bob", "cat"].map(String::from).to_vec();
    let mut records = vec![
        attempt("ann", "maze", 30, &[("1x1", WA), ("big", AC)]),
        attempt("ann", "maze", 700, &[("1x1", AC), ("big", AC)]),
        attempt("bob", "maze", 100, &[("1x1", WA), ("big", WA)]),
        attempt("bob", "add", 3700, &[("small", AC), ("huge", AC)]),
    ];
    let mut pending = attempt("bob", "maze", 4000, &[]);
    pending.pending = true;
    pending.verdict = Verdict::JE;
    records.push(pending);
    let board = scoreboard(&main, 0, &students, &records);
    let course = Course {
        contests: vec![main.clone(), second],
    };
    let graded: Vec<_> = records
        .iter()
        .map(|r| judge_contest::gradebook::GradedAttempt {
            contest: "main".into(),
            attempt: r.clone(),
        })
        .collect();
    Class {
        spec: main,
        start_s: 0,
        deadline_s: Some(2 * 3600),
        records,
        board,
        book: gradebook(&course, &students, &graded),
    }
}
