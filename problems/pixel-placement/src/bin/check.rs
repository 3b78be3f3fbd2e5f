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
    let answer = read_colouring(&board, files.answer.text())
        .or_else(|message| fail(format!("the answer file is not a colouring: {message}")))?;
    if let Some(violation) = board.first_violation(&answer) {
        return fail(format!("the answer file breaks a clue: {violation}"));
    }
    let output = read_colouring(&board, files.output.text()).or_else(wrong_answer)?;
    if let Some(violation) = board.first_violation(&output) {
        return wrong_answer(violation.to_string());
    }
    let clues = board.clues.iter().flatten().count();
    Ok(format!(
        "a {} x {} colouring meeting all {clues} clues",
        board.rows, board.cols
    ))
}

/// Reads n lines of m characters `0`/`1`, or says what is first wrong with the text.
fn read_colouring(board: &Board, text: &str) -> Result<Vec<bool>, String> {
    let mut lines: Vec<&str> = text.split('\n').map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    let mut colouring = Vec::with_capacity(board.rows * board.cols);
    for row in 0..board.rows {
        let line = lines.get(row).ok_or(format!(
            "too few lines: line {} is missing (expected {} lines of {} characters)",
            row + 1,
            board.rows,
            board.cols
        ))?;
        for (col, character) in line.chars().take(board.cols).enumerate() {
            match character {
                '0' => colouring.push(false),
                '1' => colouring.push(true),
                _ => {
                    return Err(format!(
                        "bad character {character:?} at ({row}, {col}) (line {}, column {}): \
                         expected 0 or 1",
                        row + 1,
                        col + 1
                    ))
                }
            }
        }
        let length = line.chars().count();
        if length != board.cols {
            return Err(format!(
                "line {} has {length} characters, expected {}",
                row + 1,
                board.cols
            ));
        }
    }
    if let Some((index, extra)) = lines
        .iter()
        .enumerate()
        .skip(board.rows)
        .find(|(_, line)| !line.is_empty())
    {
        let preview: String = extra.chars().take(20).collect();
        return Err(format!(
            "extra output after line {}: line {} is {preview:?}",
            board.rows,
            index + 1
        ));
    }
    Ok(colouring)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Board {
        Board::parse("2 3\n1__\n__0\n").unwrap()
    }

    #[test]
    fn reads_a_colouring_with_trailing_whitespace_and_crlf() {
        let colouring = read_colouring(&board(), "100 \r\n000\r\n\n  \n").unwrap();
        assert_eq!(colouring, vec![true, false, false, false, false, false]);
    }

    #[test]
    fn names_the_first_problem() {
        let cases = [
            ("", "too few lines: line 1 is missing"),
            ("100\n", "too few lines: line 2 is missing"),
            ("10\n000\n", "line 1 has 2 characters, expected 3"),
            ("1000\n000\n", "line 1 has 4 characters, expected 3"),
            (
                "1 0 0\n000\n",
                "bad character ' ' at (0, 1) (line 1, column 2)",
            ),
            (
                "100\n0x0\n",
                "bad character 'x' at (1, 1) (line 2, column 2)",
            ),
            (" 100\n000\n", "bad character ' ' at (0, 0)"),
            (
                "100\n000\n\n1\n",
                "extra output after line 2: line 4 is \"1\"",
            ),
        ];
        for (text, expected) in cases {
            let message = read_colouring(&board(), text).unwrap_err();
            assert!(message.starts_with(expected), "{text:?}: {message}");
        }
    }
}
