//! The validator binary on real inputs: tests/validator/valid/ must pass, and each file of
//! tests/validator/invalid/ must fail with the position and rule listed here (one file per
//! rule of the input format in ../shared/PROBLEMS.md).

use std::path::{Path, PathBuf};
use std::process::Command;

fn folder(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/validator")
        .join(name)
}

/// Runs the validator on a file: the exit code and stderr.
fn validate(path: &Path) -> (i32, String) {
    let result = Command::new(env!("CARGO_BIN_EXE_pixel-placement-validate"))
        .arg(path)
        .output()
        .expect("the validator runs");
    let code = result.status.code().expect("the validator exits normally");
    (code, String::from_utf8_lossy(&result.stderr).into_owned())
}

#[test]
fn valid_inputs_pass() {
    let mut seen = 0;
    for entry in std::fs::read_dir(folder("valid")).expect("the folder exists") {
        let path = entry.expect("a readable entry").path();
        let (code, message) = validate(&path);
        assert_eq!(code, 0, "{}: {message}", path.display());
        seen += 1;
    }
    assert!(seen >= 5);
}

#[test]
fn each_rule_is_checked_and_named_at_its_position() {
    let cases = [
        (
            "n-zero.in",
            "line 1, column 1: n = 0 is out of range 1..=10",
        ),
        (
            "n-negative.in",
            "line 1, column 1: n = -1 is out of range 1..=10",
        ),
        (
            "m-eleven.in",
            "line 1, column 3: m = 11 is out of range 1..=10",
        ),
        (
            "leading-zero.in",
            "line 1, column 1: n must be an integer, found \"01\"",
        ),
        (
            "two-spaces.in",
            "line 1, column 3: expected the integer m, found a space",
        ),
        (
            "header-short.in",
            "line 1, column 2: expected a single space, found a line end",
        ),
        (
            "header-trailing-space.in",
            "line 1, column 4: expected the end of the line, found a space",
        ),
        (
            "no-final-newline.in",
            "line 2, column 2: expected the end of the line, found the end of the file",
        ),
        (
            "crlf.in",
            "line 1, column 4: expected the end of the line, found a carriage return (\\r)",
        ),
        (
            "row-short.in",
            "line 3, column 3: row 1 is too short: expected 3 characters, found 2",
        ),
        (
            "row-long.in",
            "line 2, column 4: row 0 is too long: expected 3 characters, found '_' after them",
        ),
        (
            "bad-character.in",
            "line 2, column 2: row 0: expected one of \"_0123456789\", found 'x'",
        ),
        (
            "space-in-row.in",
            "line 2, column 2: row 0: expected one of \"_0123456789\", found a space",
        ),
        (
            "missing-row.in",
            "line 3, column 1: row 1 is too short: expected 2 characters, found 0",
        ),
        (
            "extra-row.in",
            "line 3, column 1: expected the end of the file, found '_'",
        ),
        (
            "trailing-blank-line.in",
            "line 3, column 1: expected the end of the file, found a line end",
        ),
        (
            "clue-over-corner.in",
            "line 2, column 1: the clue at (0, 0) is 5 but its block has only 4 cells",
        ),
        (
            "clue-over-edge.in",
            "line 2, column 2: the clue at (0, 1) is 7 but its block has only 6 cells",
        ),
        (
            "clue-over-single-cell.in",
            "line 2, column 1: the clue at (0, 0) is 2 but its block has only 1 cell",
        ),
        (
            "no-colouring.in",
            "line 2, column 1: no colouring meets every clue (every test must have one)",
        ),
        (
            "no-colouring-overlap.in",
            "line 2, column 1: no colouring meets every clue (every test must have one)",
        ),
    ];
    let mut listed: Vec<&str> = cases.iter().map(|(file, _)| *file).collect();
    listed.sort_unstable();
    let mut present: Vec<String> = std::fs::read_dir(folder("invalid"))
        .expect("the folder exists")
        .map(|entry| {
            entry
                .expect("a readable entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    present.sort_unstable();
    assert_eq!(
        listed, present,
        "every invalid fixture has an expected message"
    );
    for (file, expected) in cases {
        let (code, message) = validate(&folder("invalid").join(file));
        assert_eq!(code, 1, "{file}: {message}");
        assert_eq!(
            message.trim_end(),
            format!("invalid input: {expected}"),
            "{file}"
        );
    }
}
