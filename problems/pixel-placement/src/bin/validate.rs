//! pixel-placement input validator (checker-kit's validator protocol).
//!
//! Rules (../shared/PROBLEMS.md): `n m` with 1 ≤ n, m ≤ 10 on the first line, single space,
//! no leading zeros; then n lines of exactly m characters from `_0123456789`; every line ends
//! with `\n` and nothing follows the last. Every test has a colouring meeting every clue:
//! a clue larger than its block (4 at a corner, 6 on an edge, 9 inside; less on boards one
//! cell thick) is named at its position, and otherwise the reference search decides.

use checker_kit::{validator, Position, StrictReader, ValidationError};
use pixel_placement::{solve, Board, MAX_SIDE};
use std::process::ExitCode;

fn main() -> ExitCode {
    validator::run(validate)
}

fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let rows = reader.read_int(1, MAX_SIDE as i64, "n")? as usize;
    reader.read_space()?;
    let cols = reader.read_int(1, MAX_SIDE as i64, "m")? as usize;
    reader.read_eoln()?;
    let mut clues = Vec::with_capacity(rows * cols);
    for row in 0..rows {
        let line = reader.read_chars(cols, b"_0123456789", &format!("row {row}"))?;
        reader.read_eoln()?;
        clues.extend(line.iter().map(|&byte| (byte != b'_').then(|| byte - b'0')));
    }
    let board = Board { rows, cols, clues };
    // Line 1 is the header, so row r is line r + 2.
    let at = |row: usize, col: usize| Position {
        line: row + 2,
        column: col + 1,
    };
    for row in 0..rows {
        for col in 0..cols {
            if let Some(digit) = board.clue(row, col) {
                let block = board.block(row, col).count();
                if usize::from(digit) > block {
                    return Err(ValidationError {
                        position: at(row, col),
                        message: format!(
                            "the clue at ({row}, {col}) is {digit} but its block has only {block} cell{}",
                            if block == 1 { "" } else { "s" }
                        ),
                    });
                }
            }
        }
    }
    if solve(&board).colouring.is_none() {
        return Err(ValidationError {
            position: at(0, 0),
            message: "no colouring meets every clue (every test must have one)".to_string(),
        });
    }
    Ok(())
}
