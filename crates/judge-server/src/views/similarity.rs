//! The teacher's similarity page for one problem: the ranked pairs, and one pair side by
//! side (the similarity crate's table and pair view, styled by /static/similarity.css).

use super::layout::{page as frame, Chrome};
use maud::{html, Markup};
use similarity::report::html::{pair_view, pairs_table, MEANING};
use similarity::report::{PairRow, Summary};
use similarity::Analysis;

/// What the page shows.
#[derive(Debug, Clone)]
pub struct Page {
    /// The problem.
    pub problem: String,
    /// The analysis of its students' latest submissions.
    pub analysis: Analysis,
    /// Its rows.
    pub summary: Summary,
    /// The pair to show side by side (its rank), if any.
    pub selected: Option<usize>,
}

impl Page {
    /// The pair ranked `rank` (1 is the most similar).
    pub fn row(&self, rank: usize) -> Option<&PairRow> {
        self.summary
            .problems
            .first()
            .and_then(|p| p.pairs.iter().find(|r| r.rank == rank))
    }
}

/// The page.
pub fn page(chrome: &Chrome, view: &Page) -> Markup {
    let problem = &view.problem;
    let rows = view.summary.problems.first();
    let analysis = view.analysis.problems.first();
    let href = |row: &PairRow| format!("/teacher/similarity/{problem}?pair={}#pair", row.rank);
    frame(
        chrome,
        &format!("Similarity: {problem}"),
        html! {
            link rel="stylesheet" href="/static/similarity.css";
            script src="/static/similarity.js" defer {}
            div class="similarity" {
                h1 { "Similarity: " (problem) }
                p class="note" { (MEANING) }
                @match (rows, analysis) {
                    (Some(rows), Some(analysis)) => {
                        p class="note" {
                            "Each student's latest submission: " (rows.students) " students; pairs at or above "
                            (format!("{:.0} %", view.summary.threshold * 100.0)) ": "
                            (rows.pairs.iter().filter(|p| p.similarity >= view.summary.threshold).count()) "."
                        }
                        @if rows.pairs.is_empty() {
                            p { "No two students' submissions share anything beyond common code." }
                        } @else {
                            (pairs_table(rows, view.summary.threshold, &href))
                        }
                        @if let Some(row) = view.selected.and_then(|rank| view.row(rank)) {
                            section class="pair-view open" id="pair" {
                                h2 { (row.student_a) " and " (row.student_b) }
                                (pair_view(analysis, row, view.analysis.options.k))
                            }
                        }
                    }
                    _ => { p { "No student has submitted a solution to " (problem) " yet." } }
                }
                @if !view.summary.skipped.is_empty() {
                    h2 { "Not compared" }
                    ul { @for s in &view.summary.skipped { li { (s.student) ", " (s.file) ": " (s.reason) } } }
                }
            }
        },
    )
}
