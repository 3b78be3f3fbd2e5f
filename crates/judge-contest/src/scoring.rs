//! Scoreboards, as pure functions of the attempts.
//!
//! - IOI: a problem's score is the best over its attempts; an attempt scores what each
//!   of the problem's groups earns by its rule ([`judge_model::problem::groups`]: all or
//!   nothing, or each test's share times the fraction of its points its checker gave),
//!   or, without groups, the problem's points times the average of its tests' credits
//!   (a test accepted counts 1, one given partial points its fraction). The total is the
//!   sum. Ranked by total.
//! - ICPC: problems solved, then penalty minutes: for each solved problem, the minutes from
//!   the contest's start to the first accepted attempt plus 20 per rejected attempt before
//!   it. Compile errors and judge errors are not counted as rejected (as in DOMjudge).
//!
//! Equal totals share a rank (1, 1, 3); equal rows are listed by student name.

use judge_model::course::{ContestProblem, ContestSpec, Scoring};
use judge_model::problem::groups::{earned, Mark};
use judge_model::verdict::{IcpcRule, Verdict};
use serde::{Deserialize, Serialize};

/// Penalty minutes per rejected attempt before the first accepted one (ICPC).
pub const PENALTY_PER_REJECTION: i64 = 20;

/// One judged attempt, as scoring needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AttemptRecord {
    /// The student.
    pub student: String,
    /// The problem's id.
    pub problem: String,
    /// When it was submitted (Unix seconds).
    pub submitted_at: i64,
    /// The overall verdict.
    pub verdict: Verdict,
    /// Each test's name and mark: its verdict and any points its checker gave (empty
    /// after a compile error).
    pub tests: Vec<(String, Mark)>,
    /// How many tests the problem has.
    pub total_tests: usize,
    /// Not counted yet: not judged, hidden by a freeze, or a judge error a teacher has
    /// still to decide on. It counts only in [`Cell::pending`]: never free, never scored,
    /// never penalised.
    pub pending: bool,
}

/// One student's standing on one problem.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Cell {
    /// The problem's id.
    pub problem: String,
    /// Attempts made.
    pub attempts: usize,
    /// IOI: the best attempt's points.
    pub points: f64,
    /// Whether an attempt was accepted.
    pub solved: bool,
    /// ICPC: minutes from the start to the first accepted attempt.
    pub solved_at_minutes: Option<i64>,
    /// ICPC: rejected attempts before the first accepted one.
    pub rejected_before_solved: usize,
    /// Attempts not counted yet ([`AttemptRecord::pending`]).
    pub pending: usize,
}

/// One student's row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The rank (ties share it).
    pub rank: usize,
    /// The student.
    pub student: String,
    /// IOI: total points.
    pub points: f64,
    /// Problems solved.
    pub solved: usize,
    /// ICPC: penalty minutes.
    pub penalty_minutes: i64,
    /// One cell per problem, in contest order.
    pub cells: Vec<Cell>,
}

/// A scoreboard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// The style.
    pub scoring: Scoring,
    /// The problems, in contest order.
    pub problems: Vec<String>,
    /// The rows, best first.
    pub rows: Vec<Row>,
}

/// The points one attempt earns on a problem: without groups, the contest's points x
/// the average credit of its tests (a partial test counts its fraction); with the
/// problem's groups, the points of the groups it earned, scaled so that all of them are
/// worth the contest's points.
pub fn attempt_points(problem: &ContestProblem, attempt: &AttemptRecord) -> f64 {
    // Nothing earned is 0, never -0 (Rust's sum of no f64 is -0.0, which JSON, HTML and
    // the terminal would all show as "-0"); adding 0.0 turns -0.0 into 0.0.
    earned_points(problem, attempt) + 0.0
}

fn earned_points(problem: &ContestProblem, attempt: &AttemptRecord) -> f64 {
    if attempt.verdict == Verdict::CE || attempt.total_tests == 0 {
        return 0.0;
    }
    let group_points: f64 = problem.groups.iter().map(|g| g.points).sum();
    if problem.groups.is_empty() || group_points <= 0.0 {
        let credits: f64 = attempt.tests.iter().map(|(_, mark)| mark.credit()).sum();
        return problem.points * credits / attempt.total_tests as f64;
    }
    let mark = |name: &str| {
        attempt
            .tests
            .iter()
            .find(|(test, _)| test == name)
            .map(|(_, mark)| *mark)
    };
    earned(&problem.groups, &mark) * problem.points / group_points
}

fn counts_as_rejection(verdict: Verdict) -> bool {
    verdict.icpc_rule() == IcpcRule::Rejection
}

/// Builds the scoreboard. `start` is the contest's start (Unix seconds), `students` every
/// student to list (also those without attempts).
pub fn scoreboard(
    contest: &ContestSpec,
    start: i64,
    students: &[String],
    attempts: &[AttemptRecord],
) -> Scoreboard {
    let mut sorted: Vec<&AttemptRecord> = attempts.iter().collect();
    sorted.sort_by_key(|a| a.submitted_at);
    let mut rows: Vec<Row> = students
        .iter()
        .map(|student| {
            let cells: Vec<Cell> = contest
                .problems
                .iter()
                .map(|problem| {
                    let all_mine = || {
                        sorted
                            .iter()
                            .filter(|a| &a.student == student && a.problem == problem.id)
                    };
                    let pending = all_mine().filter(|a| a.pending).count();
                    let mine: Vec<&&AttemptRecord> = all_mine().filter(|a| !a.pending).collect();
                    let points = mine
                        .iter()
                        .map(|a| attempt_points(problem, a))
                        .fold(0.0, f64::max)
                        + 0.0;
                    let first_ac = mine.iter().position(|a| a.verdict == Verdict::AC);
                    Cell {
                        problem: problem.id.clone(),
                        attempts: mine.len(),
                        points,
                        solved: first_ac.is_some(),
                        solved_at_minutes: first_ac
                            .map(|i| (mine[i].submitted_at - start).max(0) / 60),
                        rejected_before_solved: first_ac.map_or(0, |i| {
                            mine[..i]
                                .iter()
                                .filter(|a| counts_as_rejection(a.verdict))
                                .count()
                        }),
                        pending,
                    }
                })
                .collect();
            let solved = cells.iter().filter(|c| c.solved).count();
            let penalty_minutes = cells
                .iter()
                .filter_map(|c| {
                    c.solved_at_minutes
                        .map(|m| m + PENALTY_PER_REJECTION * c.rejected_before_solved as i64)
                })
                .sum();
            Row {
                rank: 0,
                student: student.clone(),
                points: cells.iter().map(|c| c.points).sum::<f64>() + 0.0,
                solved,
                penalty_minutes,
                cells,
            }
        })
        .collect();
    // Points are compared after rounding to 1e-6 so that sums of fractions tie properly.
    let key = |row: &Row| match contest.scoring {
        Scoring::Ioi => (-(row.points * 1e6).round() as i64, 0),
        Scoring::Icpc => (-(row.solved as i64), row.penalty_minutes),
    };
    rows.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.student.cmp(&b.student)));
    for index in 0..rows.len() {
        rows[index].rank = if index > 0 && key(&rows[index]) == key(&rows[index - 1]) {
            rows[index - 1].rank
        } else {
            index + 1
        };
    }
    Scoreboard {
        scoring: contest.scoring,
        problems: contest.problems.iter().map(|p| p.id.clone()).collect(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::problem::{Aggregation, Group};

    fn contest(scoring: Scoring) -> ContestSpec {
        let problem = |id: &str, points: f64| ContestProblem {
            id: id.into(),
            points,
            groups: vec![],
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        };
        ContestSpec {
            id: "main".into(),
            kind: Default::default(),
            title: "t".into(),
            scoring,
            problems: vec![problem("a", 100.0), problem("b", 50.0)],
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

    fn attempt(
        student: &str,
        problem: &str,
        minute: i64,
        verdict: Verdict,
        passed: usize,
    ) -> AttemptRecord {
        let mark = |verdict| Mark {
            verdict,
            score: None,
        };
        let mut tests: Vec<(String, Mark)> = (0..passed)
            .map(|i| (format!("secret/{i}"), mark(Verdict::AC)))
            .collect();
        if verdict != Verdict::AC && verdict != Verdict::CE {
            tests.push((format!("secret/{passed}"), mark(verdict)));
        }
        AttemptRecord {
            student: student.into(),
            problem: problem.into(),
            submitted_at: 1000 + minute * 60,
            verdict,
            tests,
            total_tests: 4,
            pending: false,
        }
    }

    #[test]
    fn ioi_takes_the_best_attempt_and_shares_ranks() {
        let attempts = [
            attempt("ann", "a", 1, Verdict::WA, 3),
            attempt("ann", "a", 2, Verdict::WA, 1),
            attempt("bob", "a", 3, Verdict::AC, 4),
            attempt("cid", "b", 4, Verdict::AC, 4),
            attempt("cid", "a", 5, Verdict::CE, 0),
            attempt("dan", "a", 6, Verdict::TLE, 3),
        ];
        let students: Vec<String> = ["ann", "bob", "cid", "dan", "eve"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let board = scoreboard(&contest(Scoring::Ioi), 1000, &students, &attempts);
        let table: Vec<(usize, &str, f64)> = board
            .rows
            .iter()
            .map(|r| (r.rank, r.student.as_str(), r.points))
            .collect();
        assert_eq!(
            table,
            vec![
                (1, "bob", 100.0),
                (2, "ann", 75.0),
                (2, "dan", 75.0),
                (4, "cid", 50.0),
                (5, "eve", 0.0)
            ]
        );
        assert_eq!(board.rows[1].cells[0].attempts, 2);
    }

    #[test]
    fn groups_are_all_or_nothing_and_scaled_to_the_contest_points() {
        // The problem's own units: 3 + 7; the contest makes the problem worth 100.
        let group = |name: &str, points: f64, tests: &[&str]| Group {
            name: name.into(),
            points,
            tests: tests.iter().map(|t| t.to_string()).collect(),
            aggregation: Aggregation::AllOrNothing,
            requires: vec![],
            test_points: vec![],
        };
        let mut problem = ContestProblem {
            id: "a".into(),
            points: 100.0,
            groups: vec![
                group("small", 3.0, &["secret/0", "secret/1"]),
                group("large", 7.0, &["secret/2", "secret/3"]),
            ],
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        };
        assert_eq!(
            attempt_points(&problem, &attempt("x", "a", 0, Verdict::WA, 3)),
            30.0
        );
        assert_eq!(
            attempt_points(&problem, &attempt("x", "a", 0, Verdict::AC, 4)),
            100.0
        );
        assert_eq!(
            attempt_points(&problem, &attempt("x", "a", 0, Verdict::WA, 1)),
            0.0
        );
        problem.groups.clear();
        assert_eq!(
            attempt_points(&problem, &attempt("x", "a", 0, Verdict::WA, 1)),
            25.0
        );
        assert_eq!(
            attempt_points(&problem, &attempt("x", "a", 0, Verdict::CE, 0)),
            0.0
        );
    }

    #[test]
    fn a_tests_partial_points_count_once_in_its_group_and_without_groups() {
        // A Polygon-style problem: group "each" (each-test, 2 tests of 3 and 7 points)
        // and group "whole" (complete-group, 10 points); the contest gives 100.
        let mut problem = ContestProblem {
            id: "a".into(),
            points: 100.0,
            groups: vec![
                Group {
                    name: "each".into(),
                    points: 10.0,
                    tests: vec!["secret/0".into(), "secret/1".into()],
                    aggregation: Aggregation::Sum,
                    requires: vec![],
                    test_points: vec![3.0, 7.0],
                },
                Group {
                    name: "whole".into(),
                    points: 10.0,
                    tests: vec!["secret/2".into(), "secret/3".into()],
                    aggregation: Aggregation::AllOrNothing,
                    requires: vec![],
                    test_points: vec![],
                },
            ],
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        };
        let mut record = attempt("x", "a", 0, Verdict::AC, 4);
        // secret/1 (7 points) and secret/2 get half their points (testlib exit 7).
        for index in [1, 2] {
            record.tests[index].1 = Mark {
                verdict: Verdict::WA,
                score: Some(0.5),
            };
        }
        record.verdict = Verdict::WA;
        // each: 3 + 7 x 0.5 = 6.5 of 10; whole: 0 (a partial test is not accepted).
        assert!((attempt_points(&problem, &record) - 32.5).abs() < 1e-9);
        problem.groups.clear();
        // Without groups: (1 + 0.5 + 0.5 + 1) / 4 of 100.
        assert_eq!(attempt_points(&problem, &record), 75.0);
    }

    #[test]
    fn a_pending_attempt_is_neither_free_nor_scored_nor_penalised() {
        let mut je = attempt("ann", "a", 5, Verdict::JE, 0);
        je.pending = true;
        let mut wa = attempt("ann", "a", 6, Verdict::WA, 3);
        wa.pending = true;
        let attempts = [je, wa, attempt("ann", "a", 10, Verdict::AC, 4)];
        let students = vec!["ann".to_string()];
        let board = scoreboard(&contest(Scoring::Icpc), 1000, &students, &attempts);
        let cell = &board.rows[0].cells[0];
        assert_eq!(
            (cell.attempts, cell.pending, cell.rejected_before_solved),
            (1, 2, 0)
        );
        assert_eq!(board.rows[0].penalty_minutes, 10);
        let board = scoreboard(&contest(Scoring::Ioi), 1000, &students, &attempts[..2]);
        assert_eq!(board.rows[0].cells[0].points, 0.0);
        assert_eq!(board.rows[0].cells[0].pending, 2);
    }

    #[test]
    fn icpc_counts_solved_then_penalty() {
        let attempts = [
            // ann: a at minute 10 after one WA and one CE (CE is free): 10 + 20 = 30.
            attempt("ann", "a", 5, Verdict::WA, 1),
            attempt("ann", "a", 7, Verdict::CE, 0),
            attempt("ann", "a", 10, Verdict::AC, 4),
            // bob: a at 20, b at 40: two solved, 60 minutes.
            attempt("bob", "a", 20, Verdict::AC, 4),
            attempt("bob", "b", 40, Verdict::AC, 4),
            attempt("bob", "b", 50, Verdict::WA, 0),
            // cid: a at 30 with nothing before: 30, ties ann.
            attempt("cid", "a", 30, Verdict::AC, 4),
        ];
        let students: Vec<String> = ["ann", "bob", "cid"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let board = scoreboard(&contest(Scoring::Icpc), 1000, &students, &attempts);
        let table: Vec<(usize, &str, usize, i64)> = board
            .rows
            .iter()
            .map(|r| (r.rank, r.student.as_str(), r.solved, r.penalty_minutes))
            .collect();
        assert_eq!(
            table,
            vec![(1, "bob", 2, 60), (2, "ann", 1, 30), (2, "cid", 1, 30)]
        );
        assert_eq!(board.rows[1].cells[0].rejected_before_solved, 1);
    }
}
