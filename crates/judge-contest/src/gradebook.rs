//! The course's gradebook: students x contests, each cell the points that count.
//!
//! A cell is the sum over the contest's problems of the best attempt's points after the
//! late rule: each attempt's points ([`crate::scoring::attempt_points`] under IOI; the
//! problem's points for an accepted attempt under ICPC) times its late factor
//! ([`LatePenalty::factor`] of how far past the student's deadline it came: an extension
//! moves one student's deadline), and the best product counts. So a late resubmission
//! never lowers a grade already earned, and an on-time attempt always counts in full.
//! Attempts not counted yet ([`AttemptRecord::pending`]) count nowhere but in `pending`.
//! A student's total is the sum of each contest's weight times its cell.
//!
//! The scoreboard and the gradebook score an attempt by the same function, so an IOI
//! contest's cells equal its scoreboard's totals when nothing was late.

use crate::scoring::{attempt_points, AttemptRecord};
use judge_model::course::{ContestKind, ContestProblem, ContestSpec, Course, Scoring};
use judge_model::verdict::Verdict;
use serde::Serialize;

/// One judged attempt and the contest it was made in.
#[derive(Debug, Clone, PartialEq)]
pub struct GradedAttempt {
    /// The contest's id.
    pub contest: String,
    /// The attempt.
    pub attempt: AttemptRecord,
}

/// One contest's column.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Column {
    /// The contest's id (the CSV's column header).
    pub id: String,
    /// Its title.
    pub title: String,
    /// `contest` or `homework`.
    pub kind: &'static str,
    /// Its weight in the total.
    pub weight: f64,
    /// The most points a student can earn in it.
    pub max_points: f64,
}

/// One problem's points in a cell.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProblemGrade {
    /// The problem's id.
    pub problem: String,
    /// The points that count (late rule applied).
    pub points: f64,
    /// The best attempt's points before the late rule.
    pub before_penalty: f64,
    /// Whether the points that count come from a late attempt.
    pub late: bool,
}

/// A student's points in one contest.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// The contest's id.
    pub contest: String,
    /// The points that count.
    pub points: f64,
    /// The points before the late rule (the best attempt of each problem, late or not).
    pub before_penalty: f64,
    /// Attempts made after the student's deadline.
    pub late_attempts: usize,
    /// Attempts not counted yet.
    pub pending: usize,
    /// Each problem's part, in contest order.
    pub problems: Vec<ProblemGrade>,
}

/// A student's row.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// The student.
    pub student: String,
    /// One cell per contest, in the columns' order.
    pub cells: Vec<Cell>,
    /// The sum of weight x points.
    pub total: f64,
}

/// The gradebook.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Gradebook {
    /// The contests, in the course's order.
    pub columns: Vec<Column>,
    /// The most a total can be (the sum of weight x max points).
    pub max_total: f64,
    /// One row per student, by name.
    pub rows: Vec<Row>,
}

/// Builds the gradebook of `students` over `contests` (the course's, each with its
/// problems' groups filled in) from their attempts. Attempts of other students, of
/// contests or problems not in the course, are left out.
pub fn gradebook(course: &Course, students: &[String], attempts: &[GradedAttempt]) -> Gradebook {
    let columns: Vec<Column> = course.contests.iter().map(column).collect();
    let max_total = columns.iter().map(|c| c.weight * c.max_points).sum::<f64>() + 0.0;
    let mut students: Vec<&String> = students.iter().collect();
    students.sort();
    students.dedup();
    let rows = students
        .into_iter()
        .map(|student| {
            let cells: Vec<Cell> = course
                .contests
                .iter()
                .map(|contest| {
                    let mine: Vec<&AttemptRecord> = attempts
                        .iter()
                        .filter(|a| a.contest == contest.id && &a.attempt.student == student)
                        .map(|a| &a.attempt)
                        .collect();
                    cell(contest, student, &mine)
                })
                .collect();
            let total = course
                .contests
                .iter()
                .zip(&cells)
                .map(|(contest, cell)| contest.grading.weight * cell.points)
                .sum::<f64>()
                + 0.0;
            Row {
                student: student.clone(),
                cells,
                total,
            }
        })
        .collect();
    Gradebook {
        columns,
        max_total,
        rows,
    }
}

fn column(contest: &ContestSpec) -> Column {
    Column {
        id: contest.id.clone(),
        title: contest.title.clone(),
        kind: match contest.kind {
            ContestKind::Contest => "contest",
            ContestKind::Homework => "homework",
        },
        weight: contest.grading.weight,
        max_points: contest.problems.iter().map(|p| p.points).sum::<f64>() + 0.0,
    }
}

/// What one attempt earns before the late rule.
fn raw_points(contest: &ContestSpec, problem: &ContestProblem, attempt: &AttemptRecord) -> f64 {
    match contest.scoring {
        Scoring::Ioi => attempt_points(problem, attempt),
        Scoring::Icpc if attempt.verdict == Verdict::AC => problem.points,
        Scoring::Icpc => 0.0,
    }
}

/// What one attempt of `student` earns in the gradebook: its points before the late rule
/// and after it (the same for an attempt on time). A submission list shows both for a late
/// attempt; a cell takes the best of the second.
pub fn attempt_grade(
    contest: &ContestSpec,
    problem: &ContestProblem,
    student: &str,
    attempt: &AttemptRecord,
) -> (f64, f64) {
    let raw = raw_points(contest, problem, attempt);
    let late = late_by(contest, student, attempt);
    (raw, raw * contest.grading.late_penalty.factor(late))
}

/// How late an attempt is (seconds past the student's deadline; 0 or less: on time).
/// Only a homework set has late work: a contest refuses submissions after its end.
fn late_by(contest: &ContestSpec, student: &str, attempt: &AttemptRecord) -> i64 {
    match (contest.kind, contest.deadline_for(student)) {
        (ContestKind::Homework, Some(deadline)) => attempt.submitted_at - deadline,
        _ => 0,
    }
}

fn cell(contest: &ContestSpec, student: &str, mine: &[&AttemptRecord]) -> Cell {
    let counted: Vec<&&AttemptRecord> = mine.iter().filter(|a| !a.pending).collect();
    let problems: Vec<ProblemGrade> = contest
        .problems
        .iter()
        .map(|problem| {
            let mut grade = ProblemGrade {
                problem: problem.id.clone(),
                points: 0.0,
                before_penalty: 0.0,
                late: false,
            };
            for attempt in counted.iter().filter(|a| a.problem == problem.id) {
                let (raw, points) = attempt_grade(contest, problem, student, attempt);
                grade.before_penalty = grade.before_penalty.max(raw);
                if points > grade.points {
                    grade.points = points;
                    grade.late = late_by(contest, student, attempt) > 0;
                }
            }
            grade
        })
        .collect();
    Cell {
        contest: contest.id.clone(),
        points: problems.iter().map(|p| p.points).sum::<f64>() + 0.0,
        before_penalty: problems.iter().map(|p| p.before_penalty).sum::<f64>() + 0.0,
        late_attempts: counted
            .iter()
            .filter(|a| late_by(contest, student, a) > 0)
            .count(),
        pending: mine.iter().filter(|a| a.pending).count(),
        problems,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::scoreboard;
    use judge_model::course::{ContestStart, Grading, LatePenalty};
    use judge_model::problem::Mark;

    const DAY: i64 = 86_400;
    /// 2026-01-01T00:00:00Z.
    const START: i64 = 1_767_225_600;

    fn at(unix_s: i64) -> ContestStart {
        ContestStart(time::OffsetDateTime::from_unix_timestamp(unix_s).unwrap())
    }

    fn problem(id: &str, points: f64) -> ContestProblem {
        ContestProblem {
            id: id.into(),
            points,
            groups: vec![],
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        }
    }

    fn contest(id: &str, kind: ContestKind, scoring: Scoring, grading: Grading) -> ContestSpec {
        ContestSpec {
            id: id.into(),
            kind,
            title: id.to_uppercase(),
            scoring,
            problems: vec![problem("a", 100.0), problem("b", 50.0)],
            languages: None,
            start: Some(at(START)),
            end: Some(at(START + 7 * DAY)),
            duration_minutes: None,
            late_until: None,
            freeze_minutes: None,
            grading,
            for_groups: Vec::new(),
        }
    }

    /// An attempt passing `passed` of 4 tests, `days` days after the start.
    fn attempt(
        contest: &str,
        student: &str,
        problem: &str,
        passed: usize,
        at_s: i64,
    ) -> GradedAttempt {
        let tests = (0..4)
            .map(|i| {
                let verdict = if i < passed { Verdict::AC } else { Verdict::WA };
                (
                    format!("t{i}"),
                    Mark {
                        verdict,
                        score: None,
                    },
                )
            })
            .collect();
        GradedAttempt {
            contest: contest.into(),
            attempt: AttemptRecord {
                student: student.into(),
                problem: problem.into(),
                submitted_at: at_s,
                verdict: if passed == 4 {
                    Verdict::AC
                } else {
                    Verdict::WA
                },
                tests,
                total_tests: 4,
                pending: false,
            },
        }
    }

    fn homework(late_penalty: LatePenalty) -> ContestSpec {
        contest(
            "hw1",
            ContestKind::Homework,
            Scoring::Ioi,
            Grading {
                late_penalty,
                ..Grading::default()
            },
        )
    }

    fn one_cell(contest: ContestSpec, attempts: &[GradedAttempt]) -> Cell {
        let course = Course {
            contests: vec![contest],
        };
        let book = gradebook(&course, &["ann".to_string()], attempts);
        book.rows[0].cells[0].clone()
    }

    const DEADLINE: i64 = START + 7 * DAY;

    #[test]
    fn on_time_work_counts_in_full() {
        let cell = one_cell(
            homework(LatePenalty::Factor(0.5)),
            &[attempt("hw1", "ann", "a", 2, DEADLINE - 1)],
        );
        assert_eq!(cell.points, 50.0);
        assert_eq!(cell.late_attempts, 0);
        assert!(!cell.problems[0].late);
    }

    #[test]
    fn late_work_counts_by_each_rule() {
        let late = [attempt("hw1", "ann", "a", 4, DEADLINE + DAY + 1)];
        assert_eq!(one_cell(homework(LatePenalty::None), &late).points, 100.0);
        assert_eq!(
            one_cell(homework(LatePenalty::Factor(0.8)), &late).points,
            80.0
        );
        let per_day = LatePenalty::PerDay {
            per_day: 0.1,
            floor: 0.5,
        };
        let cell = one_cell(homework(per_day), &late);
        assert!((cell.points - 80.0).abs() < 1e-9, "{}", cell.points);
        assert_eq!(cell.before_penalty, 100.0);
        assert_eq!(cell.late_attempts, 1);
        assert!(cell.problems[0].late);
        let much_later = [attempt("hw1", "ann", "a", 4, DEADLINE + 30 * DAY)];
        assert_eq!(one_cell(homework(per_day), &much_later).points, 50.0);
    }

    #[test]
    fn one_attempts_grade_is_its_points_before_and_after_the_rule() {
        let spec = homework(LatePenalty::Factor(0.8));
        let a = &spec.problems[0];
        let on_time = attempt("hw1", "ann", "a", 2, DEADLINE - 1).attempt;
        assert_eq!(attempt_grade(&spec, a, "ann", &on_time), (50.0, 50.0));
        let late = attempt("hw1", "ann", "a", 4, DEADLINE + 1).attempt;
        assert_eq!(attempt_grade(&spec, a, "ann", &late), (100.0, 80.0));
        // A cell takes the best of the second figure.
        let cell = one_cell(spec.clone(), &[attempt("hw1", "ann", "a", 4, DEADLINE + 1)]);
        assert_eq!(cell.points, attempt_grade(&spec, a, "ann", &late).1);
    }

    #[test]
    fn a_late_resubmission_never_lowers_a_grade_and_may_raise_it() {
        let rule = LatePenalty::Factor(0.8);
        // 75 on time, then 100 late (x 0.8 = 80): 80 counts.
        let better = [
            attempt("hw1", "ann", "a", 3, DEADLINE - 10),
            attempt("hw1", "ann", "a", 4, DEADLINE + 10),
        ];
        let cell = one_cell(homework(rule), &better);
        assert_eq!(cell.points, 80.0);
        assert!(cell.problems[0].late);
        // 100 on time, then 25 late: 100 stays.
        let worse = [
            attempt("hw1", "ann", "a", 4, DEADLINE - 10),
            attempt("hw1", "ann", "a", 1, DEADLINE + 10),
        ];
        let cell = one_cell(homework(rule), &worse);
        assert_eq!(cell.points, 100.0);
        assert!(!cell.problems[0].late);
        // 100 late (80), then 75 later still (60): 80 stays.
        let both_late = [
            attempt("hw1", "ann", "a", 4, DEADLINE + 10),
            attempt("hw1", "ann", "a", 3, DEADLINE + 20),
        ];
        assert_eq!(one_cell(homework(rule), &both_late).points, 80.0);
    }

    #[test]
    fn an_extension_makes_one_students_late_work_on_time() {
        let mut spec = homework(LatePenalty::Factor(0.5));
        spec.grading
            .extensions
            .insert("ann".into(), at(DEADLINE + 2 * DAY));
        let course = Course {
            contests: vec![spec],
        };
        let attempts = [
            attempt("hw1", "ann", "a", 4, DEADLINE + DAY),
            attempt("hw1", "bob", "a", 4, DEADLINE + DAY),
        ];
        let book = gradebook(&course, &["bob".into(), "ann".into()], &attempts);
        assert_eq!(book.rows[0].student, "ann");
        assert_eq!(book.rows[0].cells[0].points, 100.0);
        assert_eq!(book.rows[1].cells[0].points, 50.0);
    }

    #[test]
    fn icpc_and_ioi_contests_in_one_gradebook_with_weights() {
        let practice = contest(
            "practice",
            ContestKind::Contest,
            Scoring::Icpc,
            Grading {
                weight: 0.5,
                ..Grading::default()
            },
        );
        let hw = contest(
            "hw1",
            ContestKind::Homework,
            Scoring::Ioi,
            Grading {
                weight: 2.0,
                ..Grading::default()
            },
        );
        let course = Course {
            contests: vec![practice, hw],
        };
        let attempts = [
            // ICPC: a accepted (100), b 3 of 4 tests (not solved: 0).
            attempt("practice", "ann", "a", 4, START + 60),
            attempt("practice", "ann", "b", 3, START + 60),
            // IOI: a 2 of 4 (50), b 4 of 4 (50).
            attempt("hw1", "ann", "a", 2, START + 60),
            attempt("hw1", "ann", "b", 4, START + 60),
            // Another contest's id, and a problem not in the contest: left out.
            attempt("elsewhere", "ann", "a", 4, START + 60),
            attempt("hw1", "ann", "zzz", 4, START + 60),
        ];
        let book = gradebook(&course, &["ann".into()], &attempts);
        assert_eq!(book.columns[0].id, "practice");
        assert_eq!(book.columns[0].max_points, 150.0);
        assert_eq!(book.max_total, 0.5 * 150.0 + 2.0 * 150.0);
        let row = &book.rows[0];
        assert_eq!(row.cells[0].points, 100.0);
        assert_eq!(row.cells[1].points, 100.0);
        assert_eq!(row.total, 0.5 * 100.0 + 2.0 * 100.0);
    }

    #[test]
    fn pending_attempts_count_nowhere_but_pending() {
        let mut pending = attempt("hw1", "ann", "a", 4, START + 60);
        pending.attempt.pending = true;
        let cell = one_cell(homework(LatePenalty::None), &[pending]);
        assert_eq!(cell.points, 0.0);
        assert_eq!(cell.pending, 1);
    }

    #[test]
    fn the_gradebook_agrees_with_the_scoreboard_on_one_class() {
        let spec = contest(
            "main",
            ContestKind::Contest,
            Scoring::Ioi,
            Grading::default(),
        );
        let students: Vec<String> = ["ann", "bob", "cid", "dan"].map(String::from).to_vec();
        let mut attempts = Vec::new();
        for (i, student) in students.iter().enumerate() {
            for (j, problem) in ["a", "b"].iter().enumerate() {
                for k in 0..3 {
                    let passed = (i + 2 * j + k) % 5;
                    attempts.push(attempt(
                        "main",
                        student,
                        problem,
                        passed.min(4),
                        START + 60 * (k as i64 + 1),
                    ));
                }
            }
        }
        let records: Vec<AttemptRecord> = attempts.iter().map(|a| a.attempt.clone()).collect();
        let board = scoreboard(&spec, START, &students, &records);
        let book = gradebook(
            &Course {
                contests: vec![spec],
            },
            &students,
            &attempts,
        );
        for row in &board.rows {
            let graded = book.rows.iter().find(|r| r.student == row.student).unwrap();
            assert_eq!(graded.cells[0].points, row.points, "{}", row.student);
            assert_eq!(graded.total, row.points);
        }
    }
}
