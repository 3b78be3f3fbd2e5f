//! The reports of an [`crate::Analysis`]: a self-contained HTML page ([`html`]), CSV
//! ([`csv`]) and JSON ([`json`]), all built from one summary ([`Summary`]) so that they
//! list the same pairs with the same figures.

pub mod csv;
pub mod html;
pub mod json;

use crate::analysis::{Analysis, Skipped};
use crate::pairs::Pair;
use serde::Serialize;

/// Figures are rounded to this many decimals in every report (so that reruns give the
/// same bytes whatever the float noise).
const DECIMALS: i32 = 4;

fn round(x: f64) -> f64 {
    let scale = 10f64.powi(DECIMALS);
    (x * scale).round() / scale
}

/// One pair as the reports show it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PairRow {
    /// Its rank in the problem (1 is the most similar).
    pub rank: usize,
    /// The first student.
    pub student_a: String,
    /// Their file.
    pub file_a: String,
    /// The second student.
    pub student_b: String,
    /// Their file.
    pub file_b: String,
    /// 0 to 1.
    pub similarity: f64,
    /// The share of the first file that matches the second.
    pub share_a: f64,
    /// The share of the second file that matches the first.
    pub share_b: f64,
    /// Index of the pair in the problem's analysis (for the pair view).
    #[serde(skip)]
    pub index: usize,
}

/// One problem's pairs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProblemRows {
    /// The problem.
    pub problem: String,
    /// Students with a compared file.
    pub students: usize,
    /// Files compared.
    pub files: usize,
    /// Tokens per k-gram in this problem.
    pub k: usize,
    /// Its winnowing window.
    pub window: usize,
    /// How its pairs were scored.
    pub scoring: crate::pairs::Scoring,
    /// A fragment in the files of this many students was discounted as common code (none:
    /// the class was too small for any to be).
    pub common_threshold: Option<usize>,
    /// Distinct fingerprints discounted as common.
    pub common_fingerprints: usize,
    /// Every pair that shares evidence, best first.
    pub pairs: Vec<PairRow>,
}

/// What every report shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Pairs at or above this similarity are flagged (listed in the HTML report).
    pub threshold: f64,
    /// Tokens per k-gram of long files (each problem says its own).
    pub k: usize,
    /// Winnowing window of long files.
    pub window: usize,
    /// Share of a problem's students that makes a fragment common.
    pub common_share: f64,
    /// Base files used.
    pub base_files: Vec<String>,
    /// Base files that could not be used, and why.
    pub base_skipped: Vec<Skipped>,
    /// Each problem.
    pub problems: Vec<ProblemRows>,
    /// Files not compared, and why.
    pub skipped: Vec<Skipped>,
}

fn row(
    analysis_problem: &crate::ProblemAnalysis,
    rank: usize,
    index: usize,
    pair: &Pair,
) -> PairRow {
    let (a, b) = (
        &analysis_problem.files[pair.a],
        &analysis_problem.files[pair.b],
    );
    PairRow {
        rank,
        student_a: a.student.clone(),
        file_a: a.file.clone(),
        student_b: b.student.clone(),
        file_b: b.file.clone(),
        similarity: round(pair.similarity),
        share_a: round(pair.share_a),
        share_b: round(pair.share_b),
        index,
    }
}

/// The summary of an analysis: `base_files` names the base files given, `threshold`
/// flags pairs.
pub fn summarize(analysis: &Analysis, base_files: &[String], threshold: f64) -> Summary {
    Summary {
        threshold,
        k: analysis.options.k,
        window: analysis.options.window,
        common_share: analysis.options.common_share,
        base_files: base_files.to_vec(),
        base_skipped: analysis
            .base_skipped
            .iter()
            .map(|(file, reason)| Skipped {
                student: String::new(),
                problem: String::new(),
                file: file.clone(),
                reason: reason.clone(),
            })
            .collect(),
        problems: analysis
            .problems
            .iter()
            .map(|p| ProblemRows {
                problem: p.problem.clone(),
                students: p.students,
                files: p.files.len(),
                k: p.size.k,
                window: p.size.window,
                scoring: p.scoring,
                common_threshold: p.common_threshold,
                common_fingerprints: p.common_fingerprints,
                pairs: p
                    .pairs
                    .iter()
                    .enumerate()
                    .map(|(i, pair)| row(p, i + 1, i, pair))
                    .collect(),
            })
            .collect(),
        skipped: analysis.skipped.clone(),
    }
}
