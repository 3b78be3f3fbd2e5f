//! Precision and recall at K on the corpus (tests/corpus/, see its README): for each
//! problem, K is the number of true pairs (files of the same family), and the top K pairs
//! the ranking gives are compared with them. Both must be at least 0.9 on every problem;
//! `cargo test -p similarity --test corpus -- --nocapture` prints the figures.

use similarity::{analyze, Language, Options, Submission};
use std::collections::BTreeSet;
use std::path::Path;

/// The family a corpus file belongs to: the part of its name before the first `-`;
/// every `solo-*` file is its own.
fn family(file: &str) -> String {
    let stem = file.rsplit_once('.').map_or(file, |(s, _)| s);
    match stem.split_once('-') {
        Some(("solo", _)) | None => stem.to_string(),
        Some((family, _)) => family.to_string(),
    }
}

fn corpus() -> Vec<Submission> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut submissions = Vec::new();
    for problem in std::fs::read_dir(&root).unwrap().flatten() {
        if !problem.path().is_dir() {
            continue;
        }
        let problem_id = problem.file_name().to_string_lossy().into_owned();
        for file in std::fs::read_dir(problem.path()).unwrap().flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            let language = Language::from_file_name(&name).unwrap_or_else(|| panic!("{name}"));
            submissions.push(Submission {
                // Each file is one student's.
                student: name.clone(),
                problem: problem_id.clone(),
                file: format!("{problem_id}/{name}"),
                language,
                source: std::fs::read(file.path()).unwrap(),
            });
        }
    }
    submissions
}

/// One problem's figures.
struct Row {
    problem: String,
    /// True pairs.
    k: usize,
    /// True pairs in the top K.
    hits: usize,
    /// Pairs at or above the threshold.
    flagged: usize,
    /// True pairs among them.
    flagged_true: usize,
    /// The lowest score of a true pair.
    lowest_true: f64,
    /// The highest score of any other pair.
    highest_other: f64,
}

fn measure(options: &Options, threshold: f64, verbose: bool) -> Vec<Row> {
    let analysis = analyze(corpus(), &[], options);
    assert!(analysis.skipped.is_empty(), "{:?}", analysis.skipped);
    let mut rows = Vec::new();
    for problem in &analysis.problems {
        let names: Vec<&str> = problem.files.iter().map(|f| f.student.as_str()).collect();
        let mut truth = BTreeSet::new();
        for (i, a) in names.iter().enumerate() {
            for (j, b) in names.iter().enumerate().skip(i + 1) {
                if family(a) == family(b) {
                    truth.insert((i, j));
                }
            }
        }
        let k = truth.len();
        let is_true = |p: &similarity::pairs::Pair| truth.contains(&(p.a.min(p.b), p.a.max(p.b)));
        let hits = problem.pairs.iter().take(k).filter(|p| is_true(p)).count();
        let flagged: Vec<_> = problem
            .pairs
            .iter()
            .filter(|p| p.similarity >= threshold)
            .collect();
        let flagged_true = flagged.iter().filter(|p| is_true(p)).count();
        if verbose {
            println!(
                "== {} (K = {k}, common threshold {:?} students, {:?})",
                problem.problem, problem.common_threshold, problem.size
            );
            for (rank, p) in problem.pairs.iter().take(k + 6).enumerate() {
                println!(
                    "{:3} {:5.3} ({:4.2} {:4.2}) {} {} {}",
                    rank + 1,
                    p.similarity,
                    p.share_a,
                    p.share_b,
                    if is_true(p) { "TRUE " } else { "false" },
                    names[p.a],
                    names[p.b]
                );
            }
            for (i, j) in &truth {
                if !problem
                    .pairs
                    .iter()
                    .take(k)
                    .any(|p| (p.a.min(p.b), p.a.max(p.b)) == (*i, *j))
                {
                    let found = problem
                        .pairs
                        .iter()
                        .position(|p| (p.a.min(p.b), p.a.max(p.b)) == (*i, *j));
                    println!(
                        "    missed: {} {} at rank {:?}",
                        names[*i],
                        names[*j],
                        found.map(|r| r + 1)
                    );
                }
            }
        }
        let score_of = |i: usize, j: usize| {
            problem
                .pairs
                .iter()
                .find(|p| (p.a.min(p.b), p.a.max(p.b)) == (i, j))
                .map_or(0.0, |p| p.similarity)
        };
        let lowest_true = truth
            .iter()
            .map(|(i, j)| score_of(*i, *j))
            .fold(1.0, f64::min);
        let highest_other = problem
            .pairs
            .iter()
            .filter(|p| !is_true(p))
            .map(|p| p.similarity)
            .fold(0.0, f64::max);
        rows.push(Row {
            problem: problem.problem.clone(),
            k,
            hits,
            flagged: flagged.len(),
            flagged_true,
            lowest_true,
            highest_other,
        });
    }
    rows
}

#[test]
fn precision_and_recall_at_k_are_at_least_0_9_on_every_problem() {
    let options = Options::default();
    let threshold = 0.5;
    let rows = measure(&options, threshold, true);
    let (mut all_k, mut all_hits, mut all_flagged, mut all_flagged_true) = (0, 0, 0, 0);
    println!("\n| problem | K | precision at K | recall at K | lowest true pair | highest other pair | flagged at {threshold} | precision | recall |");
    println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for row in &rows {
        let p_at_k = row.hits as f64 / row.k as f64;
        println!(
            "| {} | {} | {p_at_k:.2} | {p_at_k:.2} | {:.2} | {:.2} | {} | {:.2} | {:.2} |",
            row.problem,
            row.k,
            row.lowest_true,
            row.highest_other,
            row.flagged,
            row.flagged_true as f64 / row.flagged.max(1) as f64,
            row.flagged_true as f64 / row.k as f64
        );
        all_k += row.k;
        all_hits += row.hits;
        all_flagged += row.flagged;
        all_flagged_true += row.flagged_true;
    }
    println!(
        "| all | {all_k} | {:.2} | {:.2} | | | {all_flagged} | {:.2} | {:.2} |",
        all_hits as f64 / all_k as f64,
        all_hits as f64 / all_k as f64,
        all_flagged_true as f64 / all_flagged.max(1) as f64,
        all_flagged_true as f64 / all_k as f64
    );
    assert_eq!(rows.len(), 4, "the corpus has four problems");
    for row in &rows {
        // With K the number of true pairs, precision at K (true pairs among the top K)
        // and recall at K (true pairs found in the top K) are the same count over K.
        let precision = row.hits as f64 / row.k as f64;
        let recall = row.hits as f64 / row.k as f64;
        assert!(
            precision >= 0.9 && recall >= 0.9,
            "{}: {} of {} true pairs in the top {}",
            row.problem,
            row.hits,
            row.k,
            row.k
        );
    }
}
