//! End-to-end checks of the real binaries on the stored tests: the generator recipe in
//! problem.toml rebuilds every `.in` byte for byte, the validator accepts every `.in`, the
//! reference reproduces every `.ans`, and every walk in an `.ans` obeys every rule.

use number_chain::{check_walk, Board};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn problem_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn testdata_dir() -> PathBuf {
    problem_dir().join("../../testdata/number-chain")
}

/// The `[[tests]]` entries of problem.toml as (name, args). The file is ours and keeps each
/// entry as `name = "..."` followed by `args = ["...", ...]` on one line.
fn recipe() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(problem_dir().join("problem.toml")).unwrap();
    let mut entries = Vec::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(value) = line.strip_prefix("name = ") {
            name = Some(value.trim_matches('"').to_string());
        } else if let Some(value) = line.strip_prefix("args = ") {
            let args = value
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|arg| arg.trim().trim_matches('"').to_string())
                .filter(|arg| !arg.is_empty())
                .collect();
            entries.push((name.take().expect("name before args"), args));
        }
    }
    entries
}

fn run(binary: &str, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(binary)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn the_recipe_rebuilds_every_stored_test() {
    let entries = recipe();
    assert!(entries.len() >= 21, "a sample and at least 20 secret tests");
    for (name, args) in &entries {
        let base = testdata_dir().join(name);
        let stored_in = std::fs::read(base.with_extension("in")).unwrap();
        let stored_ans = std::fs::read(base.with_extension("ans")).unwrap();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();

        let generated = run(env!("CARGO_BIN_EXE_number-chain-gen"), &args, b"");
        assert!(generated.status.success(), "{name}: generator failed");
        assert!(
            generated.stdout == stored_in,
            "{name}: .in differs from the recipe"
        );

        let validated = run(env!("CARGO_BIN_EXE_number-chain-validate"), &[], &stored_in);
        assert!(
            validated.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&validated.stderr)
        );

        let answered = run(env!("CARGO_BIN_EXE_number-chain"), &[], &stored_in);
        assert!(
            answered.stdout == stored_ans,
            "{name}: .ans differs from the reference"
        );

        let board = Board::parse(&String::from_utf8(stored_in).unwrap()).unwrap();
        let answer = String::from_utf8(stored_ans).unwrap();
        let answer = answer.trim();
        if answer != "-1" {
            check_walk(&board, answer).unwrap_or_else(|rule| panic!("{name}: {rule}"));
        }
    }
}

#[test]
fn no_stored_file_is_missing_from_the_recipe() {
    let names: Vec<String> = recipe().into_iter().map(|(name, _)| name).collect();
    for part in ["sample", "secret"] {
        for entry in std::fs::read_dir(testdata_dir().join(part)).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            assert!(
                names.contains(&format!("{part}/{stem}")),
                "{} is not in the recipe",
                path.display()
            );
        }
    }
}

#[test]
fn the_sample_is_the_statement_s() {
    let dir = testdata_dir().join("sample");
    assert_eq!(
        std::fs::read_to_string(dir.join("1.in")).unwrap(),
        "3 3\n0 2 0\n1 1 1\n2 0 2\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("1.ans")).unwrap(),
        "41255214\n"
    );
}

#[test]
fn the_generator_rejects_unknown_arguments() {
    for args in [
        &["nothing"][..],
        &["fixed", "no-such-board"],
        &["walk", "11", "3", "seed=1"],
        &["walk", "4", "0", "seed=1"],
        &["pattern", "spiral", "4", "3"],
    ] {
        let output = run(env!("CARGO_BIN_EXE_number-chain-gen"), args, b"");
        assert!(!output.status.success(), "{args:?} was accepted");
    }
}
