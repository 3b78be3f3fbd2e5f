//! Code every student has (a template) is no evidence: discounted as common when it is in
//! the files of many students of a class large enough, and as base code when the teacher
//! names it, whatever the class size.

use similarity::{analyze, BaseFile, Language, Options, Submission};
use std::path::Path;

/// A fast-input template, as schools hand out.
const TEMPLATE: &str = r#"
static char buffer[1 << 16];
static int buffer_len = 0, buffer_pos = 0;
static int read_byte(void) {
    if (buffer_pos == buffer_len) {
        buffer_len = (int)fread(buffer, 1, sizeof buffer, stdin);
        buffer_pos = 0;
        if (buffer_len <= 0) return -1;
    }
    return buffer[buffer_pos++];
}
static int read_int(void) {
    int c = read_byte(), sign = 1, value = 0;
    while (c != '-' && (c < '0' || c > '9')) c = read_byte();
    if (c == '-') { sign = -1; c = read_byte(); }
    while (c >= '0' && c <= '9') { value = value * 10 + (c - '0'); c = read_byte(); }
    return sign * value;
}
static void write_int(long long value) {
    char digits[24];
    int n = 0;
    if (value < 0) { putchar('-'); value = -value; }
    do { digits[n++] = (char)('0' + value % 10); value /= 10; } while (value > 0);
    while (n > 0) putchar(digits[--n]);
    putchar('\n');
}
"#;

/// Solutions of different families, each with the template on top (or not).
const FILES: [&str; 6] = [
    "maze/a-original.c",
    "maze/solo-1.cpp",
    "number-chain/b-original.c",
    "number-chain/solo-1.cpp",
    "pixel-placement/b-original.cpp",
    "pixel-placement/solo-1.c",
];

fn class(template: bool) -> Vec<Submission> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    FILES
        .iter()
        .enumerate()
        .map(|(i, file)| {
            let own = std::fs::read_to_string(corpus.join(file)).unwrap();
            Submission {
                student: format!("student{i}"),
                problem: "homework".into(),
                file: file.to_string(),
                language: Language::from_file_name(file).unwrap(),
                source: if template {
                    format!("#include <stdio.h>\n{TEMPLATE}\n{own}").into_bytes()
                } else {
                    own.into_bytes()
                },
            }
        })
        .collect()
}

/// The best pair's similarity.
fn best(template: bool, options: &Options, base: &[BaseFile]) -> f64 {
    let analysis = analyze(class(template), base, options);
    analysis.problems[0]
        .pairs
        .first()
        .map_or(0.0, |p| p.similarity)
}

fn no_common_discount() -> Options {
    Options {
        common_share: 1.0,
        common_min_students: 100,
        ..Options::default()
    }
}

/// The default options, with these six students counting as a class large enough.
fn six_is_large() -> Options {
    Options {
        common_min_class: FILES.len(),
        ..Options::default()
    }
}

#[test]
fn a_template_in_every_file_is_common_code() {
    let plain = best(false, &six_is_large(), &[]);
    let shared = best(true, &no_common_discount(), &[]);
    let discounted = best(true, &six_is_large(), &[]);
    assert!(
        shared > plain + 0.15,
        "undiscounted, the template makes the files alike: {shared} against {plain} without it"
    );
    assert!(
        discounted <= plain + 0.05,
        "discounted as common, the template adds nothing: {discounted} against {plain}"
    );
}

#[test]
fn a_base_file_is_discounted_even_in_a_small_class() {
    let base = [BaseFile {
        name: "template.c".into(),
        language: Language::C,
        source: TEMPLATE.as_bytes().to_vec(),
    }];
    let plain = best(false, &no_common_discount(), &[]);
    let with_base = best(true, &no_common_discount(), &base);
    // (Lower is possible: code of the students' own that looks like the base's is not
    // evidence either.)
    assert!(
        with_base <= plain + 0.05,
        "discounted as base code, the template adds nothing: {with_base} against {plain}"
    );
    let analysis = analyze(class(true), &base, &no_common_discount());
    let file = &analysis.problems[0].files[0];
    let discounted = file.evidence.discounted.iter().filter(|d| **d).count();
    assert!(
        discounted > 100,
        "the template's tokens are discounted: {discounted}"
    );
}

#[test]
fn a_class_too_small_discounts_nothing_as_common() {
    let analysis = analyze(class(true), &[], &Options::default());
    assert_eq!(analysis.problems[0].common_threshold, None);
    assert_eq!(analysis.problems[0].common_fingerprints, 0);
    let shared = best(true, &no_common_discount(), &[]);
    assert_eq!(best(true, &Options::default(), &[]), shared);
}
