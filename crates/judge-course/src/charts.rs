//! The class at a glance: the numbers behind the teacher's charts (`/teacher/charts`),
//! computed from the same model as the scoreboard and the gradebook, so that a chart never
//! disagrees with them.
//!
//! - The attempts are the scoreboard's records ([`attempt_record`]: pending while not
//!   judged, being decided, or a judge error waiting for the teacher), of the class's
//!   students, in the contest, late ones included (a homework set's late work is still
//!   work the class did).
//! - The score distribution is the scoreboard's ([`crate::scoreboard::build`], unfrozen):
//!   each student's points as the board counts them (ICPC: a solved problem's points).
//! - Progress across the course is the gradebook's cells ([`crate::grades::build`]).
//!
//! Everything below [`Class`] is a pure function of it; the view draws and tabulates the
//! result and [`csv`] writes it.

pub mod csv;
#[cfg(any(test, feature = "test-fixtures"))]
pub mod fixtures;

use crate::contest::{Contest, Contests};
use crate::scoreboard::attempt_record;
use judge_contest::gradebook::Gradebook;
use judge_contest::scoring::{AttemptRecord, Scoreboard};
use judge_model::course::{ContestSpec, Scoring};
use judge_model::Verdict;
use judge_store::JudgedAttempt;
use judge_store::User;
use std::collections::BTreeSet;

/// Everything the charts are computed from: one contest's attempts and board, and the
/// course's gradebook.
#[derive(Debug, Clone)]
pub struct Class {
    /// The contest (its problems, their points, its scoring).
    pub spec: ContestSpec,
    /// Its start (Unix seconds).
    pub start_s: i64,
    /// Its end or a homework set's deadline (Unix seconds), if it has one.
    pub deadline_s: Option<i64>,
    /// The students' attempts in it (late ones too), as the scoreboard records them.
    pub records: Vec<AttemptRecord>,
    /// Its unfrozen scoreboard.
    pub board: Scoreboard,
    /// The course's gradebook.
    pub book: Gradebook,
}

/// The class of `contest`: its students' attempts, its unfrozen board and the course's
/// gradebook, from the store's users and attempts.
pub fn class(
    contest: &Contest,
    contests: &Contests,
    users: &[User],
    attempts: &[JudgedAttempt],
) -> Class {
    let students: BTreeSet<&str> = users
        .iter()
        .filter(|u| !u.is_teacher())
        .map(|u| u.name.as_str())
        .collect();
    let records = attempts
        .iter()
        .filter(|a| {
            students.contains(a.summary.user_name.as_str())
                && contest.owns(a.summary.contest.as_deref())
                && contest.problem(&a.summary.problem).is_some()
        })
        .map(|a| attempt_record(a, false))
        .collect();
    let window = contest.window();
    Class {
        spec: contest.spec.clone(),
        start_s: window.start_ms.div_euclid(1000),
        deadline_s: window.end_ms.map(|ms| ms.div_euclid(1000)),
        records,
        board: crate::scoreboard::build(contest, users, attempts, None).standings,
        book: crate::grades::build(contests, users, attempts),
    }
}

/// The five charts' numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Charts {
    /// Verdicts over the class.
    pub verdicts: Verdicts,
    /// The tests students fail, per problem.
    pub tests: Vec<ProblemTests>,
    /// Submissions over time.
    pub timeline: Timeline,
    /// The score distribution.
    pub scores: Scores,
    /// Each student's points per contest of the course.
    pub progress: Progress,
}

/// The charts of `class`, of one problem or (None) all the contest's. The problem must be
/// one of the contest's (the caller checks; another gives empty charts).
pub fn build(class: &Class, problem: Option<&str>) -> Charts {
    let records: Vec<&AttemptRecord> = class
        .records
        .iter()
        .filter(|r| problem.is_none_or(|p| r.problem == p))
        .collect();
    Charts {
        verdicts: verdicts(&records),
        tests: tests(&class.spec, &records),
        timeline: timeline(class.start_s, class.deadline_s, &records),
        scores: scores(&class.spec, &class.board, problem),
        progress: progress(&class.book),
    }
}

/// How many attempts ended with each verdict.
#[derive(Debug, Clone, PartialEq)]
pub struct Verdicts {
    /// The verdicts given at least once, in [`Verdict::ALL`]'s order.
    pub rows: Vec<VerdictRow>,
    /// Attempts not counted yet (not judged, or a judge error to decide).
    pub pending: usize,
}

/// One verdict's bar.
#[derive(Debug, Clone, PartialEq)]
pub struct VerdictRow {
    /// The verdict.
    pub verdict: Verdict,
    /// Attempts that ended with it.
    pub attempts: usize,
    /// Students with at least one such attempt.
    pub students: usize,
}

fn verdicts(records: &[&AttemptRecord]) -> Verdicts {
    let counted: Vec<&&AttemptRecord> = records.iter().filter(|r| !r.pending).collect();
    let rows = Verdict::ALL
        .iter()
        .map(|&verdict| {
            let with: Vec<&&&AttemptRecord> =
                counted.iter().filter(|r| r.verdict == verdict).collect();
            let students: BTreeSet<&str> = with.iter().map(|r| r.student.as_str()).collect();
            VerdictRow {
                verdict,
                attempts: with.len(),
                students: students.len(),
            }
        })
        .filter(|row| row.attempts > 0)
        .collect();
    Verdicts {
        rows,
        pending: records.len() - counted.len(),
    }
}

/// One problem's row of the heat map.
#[derive(Debug, Clone, PartialEq)]
pub struct ProblemTests {
    /// The problem's id.
    pub problem: String,
    /// Its tests, in the order they were run.
    pub tests: Vec<TestRow>,
}

/// One test's cell.
#[derive(Debug, Clone, PartialEq)]
pub struct TestRow {
    /// The test's name.
    pub name: String,
    /// Counted attempts that ran it.
    pub ran: usize,
    /// Of those, the ones it did not accept.
    pub failed: usize,
    /// Students with at least one attempt it did not accept.
    pub students_failed: usize,
}

impl TestRow {
    /// The share of the attempts that ran it and failed (0 when none ran it).
    pub fn failed_share(&self) -> f64 {
        if self.ran == 0 {
            0.0
        } else {
            self.failed as f64 / self.ran as f64
        }
    }
}

fn tests(spec: &ContestSpec, records: &[&AttemptRecord]) -> Vec<ProblemTests> {
    spec.problems
        .iter()
        .filter_map(|problem| {
            let mine: Vec<&&AttemptRecord> = records
                .iter()
                .filter(|r| r.problem == problem.id && !r.pending)
                .collect();
            // In the order attempts ran them (lazy judging may skip some in one attempt).
            let mut names: Vec<&str> = Vec::new();
            for record in &mine {
                for (name, _) in &record.tests {
                    if !names.contains(&name.as_str()) {
                        names.push(name);
                    }
                }
            }
            let tests: Vec<TestRow> = names
                .into_iter()
                .map(|name| {
                    let marks = || {
                        mine.iter().filter_map(move |r| {
                            r.tests
                                .iter()
                                .find(|(test, _)| test == name)
                                .map(|(_, mark)| (r.student.as_str(), mark.verdict))
                        })
                    };
                    let failing: BTreeSet<&str> = marks()
                        .filter(|(_, verdict)| *verdict != Verdict::AC)
                        .map(|(student, _)| student)
                        .collect();
                    TestRow {
                        name: name.to_string(),
                        ran: marks().count(),
                        failed: marks().filter(|(_, v)| *v != Verdict::AC).count(),
                        students_failed: failing.len(),
                    }
                })
                .collect();
            (!tests.is_empty()).then(|| ProblemTests {
                problem: problem.id.clone(),
                tests,
            })
        })
        .collect()
}

/// Submissions over time, in equal steps from the contest's start.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// The start (Unix seconds): the first step's.
    pub start_s: i64,
    /// One step's length in seconds.
    pub step_s: i64,
    /// The steps, from the start to the last submission or the deadline, whichever is
    /// later (none when there are no submissions).
    pub steps: Vec<Step>,
    /// The deadline (Unix seconds), if the contest has one.
    pub deadline_s: Option<i64>,
}

/// One step of the timeline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Step {
    /// When it starts (Unix seconds).
    pub from_s: i64,
    /// Submissions in it (pending ones too).
    pub submissions: usize,
    /// Of those, the accepted ones.
    pub accepted: usize,
}

/// The steps a timeline may take: round lengths a reader counts in.
const STEPS_S: [i64; 12] = [
    60,
    5 * 60,
    10 * 60,
    15 * 60,
    30 * 60,
    3600,
    2 * 3600,
    3 * 3600,
    6 * 3600,
    12 * 3600,
    86_400,
    7 * 86_400,
];

/// At most this many steps, unless even a week a step gives more.
const MOST_STEPS: i64 = 48;

fn timeline(start_s: i64, deadline_s: Option<i64>, records: &[&AttemptRecord]) -> Timeline {
    let last = records.iter().map(|r| r.submitted_at).max();
    // Submissions before the start (a teacher's window moved later) count in the first step.
    let span = match last {
        Some(last) => last.max(deadline_s.unwrap_or(last)) - start_s,
        None => 0,
    }
    .max(1);
    let step_s = STEPS_S
        .iter()
        .copied()
        .find(|step| (span + step - 1) / step <= MOST_STEPS)
        .unwrap_or(STEPS_S[STEPS_S.len() - 1]);
    let count = if last.is_some() {
        (span / step_s + 1) as usize
    } else {
        0
    };
    let mut steps: Vec<Step> = (0..count)
        .map(|i| Step {
            from_s: start_s + i as i64 * step_s,
            submissions: 0,
            accepted: 0,
        })
        .collect();
    for record in records {
        let index = ((record.submitted_at - start_s).max(0) / step_s) as usize;
        if let Some(step) = steps.get_mut(index) {
            step.submissions += 1;
            if !record.pending && record.verdict == Verdict::AC {
                step.accepted += 1;
            }
        }
    }
    Timeline {
        start_s,
        step_s,
        steps,
        deadline_s,
    }
}

/// How the students' points are spread.
#[derive(Debug, Clone, PartialEq)]
pub struct Scores {
    /// The most a student can earn: the problem's points, or the contest's total.
    pub max_points: f64,
    /// Ten equal bins from 0 to the maximum (the last one holds the maximum too).
    pub bins: Vec<Bin>,
    /// Each student's points, as the scoreboard counts them, by name.
    pub students: Vec<(String, f64)>,
}

/// One bar of the histogram: students with `from <= points < to` (the last: `<= to`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    /// Its lower end.
    pub from: f64,
    /// Its upper end.
    pub to: f64,
    /// Students in it.
    pub students: usize,
}

/// Bins of the score histogram.
const BINS: usize = 10;

fn scores(spec: &ContestSpec, board: &Scoreboard, problem: Option<&str>) -> Scores {
    let chosen = |id: &str| problem.is_none_or(|p| p == id);
    let max_points = spec
        .problems
        .iter()
        .filter(|p| chosen(&p.id))
        .map(|p| p.points)
        .sum::<f64>()
        + 0.0;
    let mut students: Vec<(String, f64)> = board
        .rows
        .iter()
        .map(|row| {
            let points = row
                .cells
                .iter()
                .filter(|cell| chosen(&cell.problem))
                .map(|cell| match (spec.scoring, spec.problem(&cell.problem)) {
                    (Scoring::Ioi, _) => cell.points,
                    (Scoring::Icpc, Some(p)) if cell.solved => p.points,
                    (Scoring::Icpc, _) => 0.0,
                })
                .sum::<f64>()
                + 0.0;
            (row.student.clone(), points)
        })
        .collect();
    students.sort_by(|a, b| a.0.cmp(&b.0));
    let bins = if max_points > 0.0 {
        let width = max_points / BINS as f64;
        let mut bins: Vec<Bin> = (0..BINS)
            .map(|i| Bin {
                from: width * i as f64,
                to: if i + 1 == BINS {
                    max_points
                } else {
                    width * (i + 1) as f64
                },
                students: 0,
            })
            .collect();
        for (_, points) in &students {
            // Rounded as the board compares points, so that 29.9999999 is 30.
            let at = ((points * 1e6).round() / 1e6 / width).floor();
            let index = (at.max(0.0) as usize).min(BINS - 1);
            bins[index].students += 1;
        }
        bins
    } else {
        vec![Bin {
            from: 0.0,
            to: 0.0,
            students: students.len(),
        }]
    };
    Scores {
        max_points,
        bins,
        students,
    }
}

/// Each student's points per contest, the gradebook's cells.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The contests, in the course's order: id, title, the most points.
    pub contests: Vec<(String, String, f64)>,
    /// Each student (by name) and their points that count in each contest.
    pub rows: Vec<(String, Vec<f64>)>,
}

fn progress(book: &Gradebook) -> Progress {
    Progress {
        contests: book
            .columns
            .iter()
            .map(|c| (c.id.clone(), c.title.clone(), c.max_points))
            .collect(),
        rows: book
            .rows
            .iter()
            .map(|row| {
                (
                    row.student.clone(),
                    row.cells.iter().map(|cell| cell.points).collect(),
                )
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::fixed_class;
    use super::*;

    const AC: Verdict = Verdict::AC;
    const WA: Verdict = Verdict::WA;

    #[test]
    fn verdicts_count_attempts_and_students_and_leave_pending_aside() {
        let charts = build(&fixed_class(Scoring::Ioi), None);
        let rows: Vec<(Verdict, usize, usize)> = charts
            .verdicts
            .rows
            .iter()
            .map(|r| (r.verdict, r.attempts, r.students))
            .collect();
        assert_eq!(rows, [(AC, 2, 2), (WA, 2, 2)]);
        assert_eq!(charts.verdicts.pending, 1);
        let maze = build(&fixed_class(Scoring::Ioi), Some("maze"));
        let rows: Vec<(Verdict, usize)> = maze
            .verdicts
            .rows
            .iter()
            .map(|r| (r.verdict, r.attempts))
            .collect();
        assert_eq!(rows, [(AC, 1), (WA, 2)]);
    }

    #[test]
    fn the_heat_map_counts_each_tests_failures_in_run_order() {
        let charts = build(&fixed_class(Scoring::Ioi), None);
        // Each problem's tests: name, ran, failed, students who failed it.
        type Tests<'a> = Vec<(&'a str, usize, usize, usize)>;
        let cells: Vec<(&str, Tests)> = charts
            .tests
            .iter()
            .map(|p| {
                (
                    p.problem.as_str(),
                    p.tests
                        .iter()
                        .map(|t| (t.name.as_str(), t.ran, t.failed, t.students_failed))
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            cells,
            [
                ("maze", vec![("1x1", 3, 2, 2), ("big", 3, 1, 1)]),
                ("add", vec![("small", 1, 0, 0), ("huge", 1, 0, 0)]),
            ]
        );
        assert!((charts.tests[0].tests[0].failed_share() - 2.0 / 3.0).abs() < 1e-12);
        let add = build(&fixed_class(Scoring::Ioi), Some("add"));
        assert_eq!(add.tests.len(), 1);
        assert_eq!(add.tests[0].problem, "add");
    }

    #[test]
    fn the_timeline_steps_from_the_start_past_the_deadline() {
        let charts = build(&fixed_class(Scoring::Ioi), None);
        let timeline = &charts.timeline;
        // Two hours to the deadline: 5-minute steps give 24 (and the deadline's own).
        assert_eq!(timeline.step_s, 5 * 60);
        assert_eq!(timeline.steps.len(), 25);
        assert_eq!(timeline.deadline_s, Some(7200));
        let busy: Vec<(i64, usize, usize)> = timeline
            .steps
            .iter()
            .filter(|s| s.submissions > 0)
            .map(|s| (s.from_s, s.submissions, s.accepted))
            .collect();
        assert_eq!(busy, [(0, 2, 0), (600, 1, 1), (3600, 1, 1), (3900, 1, 0)]);
        let total: usize = timeline.steps.iter().map(|s| s.submissions).sum();
        assert_eq!(total, 5, "every attempt, pending too");
        let empty = timeline_of(&[]);
        assert!(empty.steps.is_empty());
    }

    fn timeline_of(records: &[&AttemptRecord]) -> Timeline {
        timeline(0, None, records)
    }

    #[test]
    fn scores_are_the_boards_with_the_problems_maximum_as_the_top() {
        let class = fixed_class(Scoring::Ioi);
        let all = build(&class, None).scores;
        assert_eq!(all.max_points, 150.0);
        assert_eq!(
            all.students,
            [
                ("ann".to_string(), 100.0),
                ("bob".to_string(), 50.0),
                ("cat".to_string(), 0.0)
            ]
        );
        // The board's own totals.
        for (student, points) in &all.students {
            let row = class.board.rows.iter().find(|r| &r.student == student);
            assert_eq!(row.map(|r| r.points), Some(*points));
        }
        let counts: Vec<usize> = all.bins.iter().map(|b| b.students).collect();
        assert_eq!(counts, [1, 0, 0, 1, 0, 0, 1, 0, 0, 0]);
        // One problem: its points are the top, not the best student's.
        let add = build(&class, Some("add")).scores;
        assert_eq!(add.max_points, 50.0);
        assert_eq!(add.bins.last().map(|b| (b.to, b.students)), Some((50.0, 1)));
        assert_eq!(add.bins[0].students, 2);
        // ICPC: a solved problem's points.
        let icpc = build(&fixed_class(Scoring::Icpc), None).scores;
        assert_eq!(icpc.students[1], ("bob".to_string(), 50.0));
    }

    #[test]
    fn progress_is_the_gradebooks_cells() {
        let class = fixed_class(Scoring::Ioi);
        let progress = build(&class, Some("maze")).progress;
        assert_eq!(
            progress.contests,
            [
                ("main".to_string(), "Contest main".to_string(), 150.0),
                ("week2".to_string(), "Contest week2".to_string(), 10.0)
            ]
        );
        assert_eq!(
            progress.rows,
            [
                ("ann".to_string(), vec![100.0, 0.0]),
                ("bob".to_string(), vec![50.0, 0.0]),
                ("cat".to_string(), vec![0.0, 0.0])
            ]
        );
    }

    #[test]
    fn no_points_to_earn_is_one_bin_of_everyone() {
        let mut class = fixed_class(Scoring::Ioi);
        for problem in &mut class.spec.problems {
            problem.points = 0.0;
        }
        let scores = build(&class, None).scores;
        assert_eq!(scores.max_points, 0.0);
        assert_eq!(scores.bins.len(), 1);
        assert_eq!(scores.bins[0].students, 3);
    }
}
