//! `problem,student_a,student_b,similarity`: one row per problem and pair of students
//! (with several attempts each, their most similar pair of files), best first.
//!
//! Written by judge-core's CSV writer ([`judge_model::text::csv::write`]): cells quoted
//! as CSV needs, and a cell that a spreadsheet would read as a formula (a student's folder
//! may be called `=HYPERLINK(...)`) gets a leading `'`, as in every CSV of the judge.

use super::Summary;
use std::collections::BTreeSet;

/// The CSV text.
pub fn render(summary: &Summary) -> String {
    let mut rows: Vec<Vec<String>> = vec![vec![
        "problem".into(),
        "student_a".into(),
        "student_b".into(),
        "similarity".into(),
    ]];
    for problem in &summary.problems {
        let mut seen = BTreeSet::new();
        for pair in &problem.pairs {
            let key = if pair.student_a <= pair.student_b {
                (pair.student_a.as_str(), pair.student_b.as_str())
            } else {
                (pair.student_b.as_str(), pair.student_a.as_str())
            };
            // Pairs come best first: the first of two students' files is their best.
            if seen.insert(key) {
                rows.push(vec![
                    problem.problem.clone(),
                    pair.student_a.clone(),
                    pair.student_b.clone(),
                    format!("{:.4}", pair.similarity),
                ]);
            }
        }
    }
    judge_model::text::csv::write(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_defused_and_commas_quoted() {
        let summary = Summary {
            threshold: 0.5,
            k: 10,
            window: 4,
            common_share: 0.5,
            base_files: vec![],
            base_skipped: vec![],
            skipped: vec![],
            problems: vec![super::super::ProblemRows {
                problem: "maze".into(),
                students: 2,
                files: 2,
                k: 10,
                window: 4,
                scoring: crate::pairs::Scoring::Coverage,
                common_threshold: Some(3),
                common_fingerprints: 0,
                pairs: vec![super::super::PairRow {
                    rank: 1,
                    student_a: "=cmd|' /C calc'!A0".into(),
                    file_a: "x/maze.c".into(),
                    student_b: "li, wei".into(),
                    file_b: "y/maze.c".into(),
                    similarity: 0.91234,
                    share_a: 0.9,
                    share_b: 0.92,
                    index: 0,
                }],
            }],
        };
        assert_eq!(
            render(&summary),
            "problem,student_a,student_b,similarity\nmaze,'=cmd|' /C calc'!A0,\"li, wei\",0.9123\n"
        );
    }
}
