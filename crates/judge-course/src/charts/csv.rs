//! The charts' numbers as CSV (`/teacher/charts/export/*.csv`), one file per chart, written
//! by the judge's one CSV writer (quoting, and no spreadsheet formula from a student's name
//! or a test's).

use super::{ProblemTests, Progress, Scores, Timeline, Verdicts};
use judge_model::text::csv::write;
use judge_model::text::{points_exact, rfc3339};

/// The files, in the page's order.
pub const FILES: [&str; 5] = [
    "verdicts.csv",
    "tests.csv",
    "timeline.csv",
    "scores.csv",
    "progress.csv",
];

fn header(cells: &[&str]) -> Vec<String> {
    cells.iter().map(|c| c.to_string()).collect()
}

/// verdict, attempts, students; then `pending` and the attempts not counted yet.
pub fn verdicts(verdicts: &Verdicts) -> String {
    let mut rows = vec![header(&["verdict", "attempts", "students"])];
    for row in &verdicts.rows {
        rows.push(vec![
            row.verdict.code().to_string(),
            row.attempts.to_string(),
            row.students.to_string(),
        ]);
    }
    rows.push(vec![
        "pending".into(),
        verdicts.pending.to_string(),
        String::new(),
    ]);
    write(rows)
}

/// problem, test, attempts that ran it, attempts it failed, students it failed, the share.
pub fn tests(problems: &[ProblemTests]) -> String {
    let mut rows = vec![header(&[
        "problem",
        "test",
        "attempts",
        "failed",
        "students_failed",
        "failed_share",
    ])];
    for problem in problems {
        for test in &problem.tests {
            rows.push(vec![
                problem.problem.clone(),
                test.name.clone(),
                test.ran.to_string(),
                test.failed.to_string(),
                test.students_failed.to_string(),
                points_exact(test.failed_share()),
            ]);
        }
    }
    write(rows)
}

/// Each step's start and end (RFC 3339, UTC), submissions, accepted.
pub fn timeline(timeline: &Timeline) -> String {
    let mut rows = vec![header(&["from", "to", "submissions", "accepted"])];
    for step in &timeline.steps {
        rows.push(vec![
            rfc3339(step.from_s),
            rfc3339(step.from_s + timeline.step_s),
            step.submissions.to_string(),
            step.accepted.to_string(),
        ]);
    }
    write(rows)
}

/// Each bin's ends and its students (points from `from` up to `to`, the last bin's `to`
/// included).
pub fn scores(scores: &Scores) -> String {
    let mut rows = vec![header(&["from", "to", "students"])];
    for bin in &scores.bins {
        rows.push(vec![
            points_exact(bin.from),
            points_exact(bin.to),
            bin.students.to_string(),
        ]);
    }
    write(rows)
}

/// student, then each contest's points (the gradebook's cells; the header is the contest's
/// id, as in grades.csv).
pub fn progress(progress: &Progress) -> String {
    let mut head = vec!["student".to_string()];
    head.extend(progress.contests.iter().map(|(id, _, _)| id.clone()));
    let mut rows = vec![head];
    for (student, points) in &progress.rows {
        let mut row = vec![student.clone()];
        row.extend(points.iter().map(|p| points_exact(*p)));
        rows.push(row);
    }
    write(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::charts::build;
    use crate::charts::fixtures::fixed_class;
    use judge_model::course::Scoring;

    #[test]
    fn each_chart_is_one_csv_table() {
        let mut class = fixed_class(Scoring::Ioi);
        class.book.rows[0].student = "=HYPERLINK(\"x\"),<b>".into();
        let charts = build(&class, None);
        assert_eq!(
            verdicts(&charts.verdicts),
            "verdict,attempts,students\nAC,2,2\nWA,2,2\npending,1,\n"
        );
        assert!(tests(&charts.tests).starts_with(
            "problem,test,attempts,failed,students_failed,failed_share\nmaze,1x1,3,2,2,0.666667\n"
        ));
        assert!(timeline(&charts.timeline).starts_with(
            "from,to,submissions,accepted\n1970-01-01T00:00:00Z,1970-01-01T00:05:00Z,2,0\n"
        ));
        assert!(scores(&charts.scores).starts_with("from,to,students\n0,15,1\n"));
        assert_eq!(
            progress(&charts.progress),
            "student,main,week2\n\"'=HYPERLINK(\"\"x\"\"),<b>\",100,0\nbob,50,0\ncat,0,0\n"
        );
    }
}
