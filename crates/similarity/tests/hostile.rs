//! A submission is hostile input: a huge, repetitive file in a class of short programs
//! must neither take the comparison down nor make it slow.

use similarity::{analyze, Language, Options, Submission};
use std::time::Instant;

fn submission(student: &str, source: String) -> Submission {
    Submission {
        student: student.into(),
        problem: "count".into(),
        file: format!("{student}/count.java"),
        language: Language::Java,
        source: source.into_bytes(),
    }
}

#[test]
fn a_huge_repetitive_file_among_short_ones_is_compared_quickly() {
    let short = |n: usize| {
        format!(
            "class Main {{ public static void main(String[] a) {{ int c = 0; for (int i = 0; i < {n}; i++) {{ c += i; if (c > 10) c = c % 7; }} System.out.println(c); }} }}"
        )
    };
    let huge = format!(
        "class Main {{ public static void main(String[] a) {{ int c = 0; {} System.out.println(c); }} }}",
        "for (int i = 0; i < 3; i++) { c += i; if (c > 10) c = c % 7; }\n".repeat(6000)
    );
    let mut class: Vec<Submission> = (0..6)
        .map(|i| submission(&format!("s{i}"), short(i + 3)))
        .collect();
    class.push(submission("huge", huge));
    let started = Instant::now();
    let analysis = analyze(class, &[], &Options::default());
    let elapsed = started.elapsed().as_secs_f64();
    let problem = &analysis.problems[0];
    assert_eq!(problem.files.len(), 7);
    assert!(problem
        .pairs
        .iter()
        .all(|p| (0.0..=1.0).contains(&p.similarity)));
    // Generous for a loaded 2-core machine (it takes well under a second).
    assert!(elapsed < 20.0, "{elapsed} s");
}
