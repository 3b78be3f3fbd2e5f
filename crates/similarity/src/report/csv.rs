//! `problem,student_a,student_b,similarity`: one row per problem and pair of students
//! (with several attempts each, their most similar pair of files), best first.
//!
//! Cells are quoted as CSV needs, and a cell that a spreadsheet would read as a formula
//! (a student's folder may be called `=HYPERLINK(...)`) gets judge-core's leading `'`
//! ([`judge_core::text::escape::csv_cell`], as every CSV of the judge).

use super::Summary;
use judge_core::text::escape::csv_cell;
use std::collections::BTreeSet;

fn formula_safe(cell: &str) -> String {
    csv_cell(cell).into_owned()
}

/// The CSV text.
pub fn render(summary: &Summary) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let mut rows: Vec<[String; 4]> = vec![[
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
                rows.push([
                    formula_safe(&problem.problem),
                    formula_safe(&pair.student_a),
                    formula_safe(&pair.student_b),
                    format!("{:.4}", pair.similarity),
                ]);
            }
        }
    }
    for row in rows {
        // Writing into a Vec cannot fail.
        let _ = writer.write_record(&row);
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8_lossy(&bytes).into_owned()
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
                common_threshold: 3,
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
