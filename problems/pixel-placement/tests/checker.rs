//! The checker binary on real outputs: the fixtures in tests/checker/ (a 3 × 4 board with
//! 120 colourings, its reference answer, and outputs right and wrong in each way).

use std::path::{Path, PathBuf};
use std::process::Command;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/checker")
        .join(name)
}

/// Runs `pixel-placement-check board.in OUTPUT ANSWER`: the exit code and stderr.
fn check(output: &str, answer: &str) -> (i32, String) {
    let result = Command::new(env!("CARGO_BIN_EXE_pixel-placement-check"))
        .arg(fixture("board.in"))
        .arg(fixture(output))
        .arg(fixture(answer))
        .output()
        .expect("the checker runs");
    let code = result.status.code().expect("the checker exits normally");
    (code, String::from_utf8_lossy(&result.stderr).into_owned())
}

#[test]
fn any_colouring_meeting_every_clue_is_accepted() {
    for output in ["ok-reference.out", "ok-other.out", "ok-crlf-trailing.out"] {
        let (code, message) = check(output, "board.ans");
        assert_eq!(code, 0, "{output}: {message}");
        assert!(
            message.starts_with("ok: a 3 x 4 colouring meeting all 3 clues"),
            "{message}"
        );
    }
}

#[test]
fn each_wrong_output_is_named_precisely() {
    let cases = [
        (
            "wa-empty.out",
            "too few lines: line 1 is missing (expected 3 lines of 4 characters)",
        ),
        (
            "wa-missing-line.out",
            "too few lines: line 3 is missing (expected 3 lines of 4 characters)",
        ),
        ("wa-short-line.out", "line 2 has 3 characters, expected 4"),
        ("wa-long-line.out", "line 1 has 5 characters, expected 4"),
        (
            "wa-bad-character.out",
            "bad character '2' at (1, 2) (line 2, column 3): expected 0 or 1",
        ),
        (
            "wa-spaces.out",
            "bad character ' ' at (0, 1) (line 1, column 2): expected 0 or 1",
        ),
        (
            "wa-extra-line.out",
            "extra output after line 3: line 5 is \"0\"",
        ),
        (
            "wa-two-grids.out",
            "extra output after line 3: line 4 is \"0010\"",
        ),
        ("wa-clue.out", "the clue at (0, 0) = 1 sees 0 black cells"),
    ];
    for (output, expected) in cases {
        let (code, message) = check(output, "board.ans");
        assert_eq!(code, 1, "{output}: {message}");
        assert_eq!(
            message.trim_end(),
            format!("wrong answer: {expected}"),
            "{output}"
        );
    }
}

#[test]
fn a_broken_answer_file_is_a_checker_failure() {
    let (code, message) = check("ok-reference.out", "broken-answer-format.ans");
    assert_eq!(code, 3, "{message}");
    assert!(
        message.contains("the answer file is not a colouring: too few lines"),
        "{message}"
    );
    let (code, message) = check("ok-reference.out", "broken-answer-clue.ans");
    assert_eq!(code, 3, "{message}");
    assert!(
        message
            .contains("the answer file breaks a clue: the clue at (0, 0) = 1 sees 4 black cells"),
        "{message}"
    );
}

#[test]
fn missing_arguments_are_a_checker_failure() {
    let result = Command::new(env!("CARGO_BIN_EXE_pixel-placement-check"))
        .arg(fixture("board.in"))
        .output()
        .expect("the checker runs");
    assert_eq!(result.status.code(), Some(3));
}
