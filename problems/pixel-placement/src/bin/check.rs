//! pixel-placement checker (testlib protocol: `check INPUT OUTPUT ANSWER`).
//!
//! The output must be exactly n lines of m characters `0`/`1` (trailing whitespace on a
//! line and blank lines at the end are ignored; nothing else is) meeting every clue. Any
//! colouring that does is accepted; the answer file is only checked to be one (if it is not,
//! the test is broken: exit 3). Each wrong answer names the first thing wrong: a missing
//! line, a bad character at (r, c), a line of the wrong length, output after line n, or the
//! first clue, in row-major order, whose block holds the wrong number of black cells.
//! Rows and columns in (r, c) are 0-based as in the statement; lines are 1-based.

use checker_kit::checker::{self, fail, wrong_answer, CheckFiles, CheckResult};
use pixel_placement::Board;
use std::process::ExitCode;

fn main() -> ExitCode {
    checker::run(check)
}

fn check(files: CheckFiles) -> CheckResult {
    let board = Board::parse(files.input.text())
        .or_else(|message| fail(format!("the input file is not a board: {message}")))?;
    let answer = board
        .read_colouring(files.answer.text())
        .or_else(|message| fail(format!("the answer file is not a colouring: {message}")))?;
    if let Some(violation) = board.first_violation(&answer) {
        return fail(format!("the answer file breaks a clue: {violation}"));
    }
    let output = board
        .read_colouring(files.output.text())
        .or_else(wrong_answer)?;
    if let Some(violation) = board.first_violation(&output) {
        return wrong_answer(violation.to_string());
    }
    let clues = board.clues.iter().flatten().count();
    Ok(format!(
        "a {} x {} colouring meeting all {clues} clues",
        board.rows, board.cols
    ))
}
