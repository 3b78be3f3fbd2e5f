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

/// Per problem: (problem, K, true pairs in the top K, flagged at the threshold, true
/// among the flagged).
fn measure(
    options: &Options,
    threshold: f64,
    verbose: bool,
) -> Vec<(String, usize, usize, usize, usize)> {
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
                "== {} (K = {k}, common threshold {} students)",
                problem.problem, problem.common_threshold
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
        rows.push((
            problem.problem.clone(),
            k,
            hits,
            flagged.len(),
            flagged_true,
        ));
    }
    rows
}

#[test]
fn precision_and_recall_at_k_are_at_least_0_9_on_every_problem() {
    let options = Options::default();
    let threshold = 0.5;
    let rows = measure(&options, threshold, true);
    let (mut all_k, mut all_hits, mut all_flagged, mut all_flagged_true) = (0, 0, 0, 0);
    println!("\n| problem | K | precision at K | recall at K | flagged at {threshold} | precision | recall |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for (problem, k, hits, flagged, flagged_true) in &rows {
        let p_at_k = *hits as f64 / *k as f64;
        println!(
            "| {problem} | {k} | {p_at_k:.2} | {p_at_k:.2} | {flagged} | {:.2} | {:.2} |",
            *flagged_true as f64 / (*flagged).max(1) as f64,
            *flagged_true as f64 / *k as f64
        );
        all_k += k;
        all_hits += hits;
        all_flagged += flagged;
        all_flagged_true += flagged_true;
    }
    println!(
        "| all | {all_k} | {:.2} | {:.2} | {all_flagged} | {:.2} | {:.2} |",
        all_hits as f64 / all_k as f64,
        all_hits as f64 / all_k as f64,
        all_flagged_true as f64 / all_flagged.max(1) as f64,
        all_flagged_true as f64 / all_k as f64
    );
    assert_eq!(rows.len(), 4, "the corpus has four problems");
    for (problem, k, hits, _, _) in &rows {
        // With K the number of true pairs, precision at K (true pairs among the top K)
        // and recall at K (true pairs found in the top K) are the same count over K.
        let precision = *hits as f64 / *k as f64;
        let recall = *hits as f64 / *k as f64;
        assert!(
            precision >= 0.9 && recall >= 0.9,
            "{problem}: {hits} of {k} true pairs in the top {k}"
        );
    }
}
