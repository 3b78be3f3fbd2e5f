//! Input validator for klotski: every rule of the statement, with the line and column of
//! the first violation.
//!
//! Rules: exactly 5 lines of exactly 4 characters from `A`-`Z` and `.`, each ending with
//! `\n`, nothing after the last; the cells holding one letter form one piece: a 1 x 1, a
//! 1 x 2 (one row, two columns), a 2 x 1 (two rows, one column) or a 2 x 2; exactly one
//! piece is 2 x 2; exactly two cells are `.`.

use checker_kit::{validator, Position, StrictReader, ValidationError};
use klotski::board::{Shape, COLUMNS, EMPTY, EMPTY_CELLS, ROWS};

/// The letters and the empty cell.
const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ.";

/// Where cell (r, c) is in the input.
fn position_of(cell: usize) -> Position {
    Position {
        line: cell / COLUMNS + 1,
        column: cell % COLUMNS + 1,
    }
}

/// Checks one whole input.
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let mut cells = Vec::with_capacity(ROWS * COLUMNS);
    for row in 0..ROWS {
        cells.extend(reader.read_chars(COLUMNS, ALPHABET, &format!("row {}", row + 1))?);
        reader.read_eoln()?;
    }
    let mut big: Option<(u8, usize)> = None;
    for (first, &letter) in cells.iter().enumerate() {
        if letter == EMPTY || cells[..first].contains(&letter) {
            continue;
        }
        let own: Vec<usize> = (first..cells.len())
            .filter(|&c| cells[c] == letter)
            .collect();
        let at = |message: String| ValidationError {
            position: position_of(first),
            message,
        };
        let shape = Shape::of_cells(&own).ok_or_else(|| {
            at(format!(
                "the {} cells holding {} are not one 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece (each piece has its own letter)",
                own.len(),
                letter as char
            ))
        })?;
        if shape == Shape::Big {
            if let Some((other, other_cell)) = big {
                return Err(at(format!(
                    "{} is a second 2 x 2 piece (the first is {} at {})",
                    letter as char,
                    other as char,
                    position_of(other_cell)
                )));
            }
            big = Some((letter, first));
        }
    }
    if big.is_none() {
        return Err(reader.error_here("no piece is 2 x 2; exactly one must be"));
    }
    let empty = cells.iter().filter(|&&b| b == EMPTY).count();
    if empty != EMPTY_CELLS {
        return Err(reader.error_here(format!(
            "{empty} cells are empty; exactly {EMPTY_CELLS} must be"
        )));
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    validator::run(validate)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str) -> Result<(), String> {
        validator::check_text(validate, text)
    }

    fn assert_invalid(text: &str, expected: &str) {
        validator::assert_invalid(validate, text, expected)
    }

    #[test]
    fn accepts_valid_boards() {
        assert_eq!(check("ABBC\nABBC\nDEEF\nDGHF\nI..J\n"), Ok(()));
        assert_eq!(check("ZYYX\nZYYX\nWVVU\nWTSU\nR..Q\n"), Ok(()));
        assert_eq!(check("ABCC\nDB.E\nFGGE\nF.HH\nIIHH\n"), Ok(()));
        assert_eq!(check("AB.C\nDEFG\nHIJK\nL.MM\nNOMM\n"), Ok(()));
    }

    #[test]
    fn rejects_bad_lines() {
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\nI..J",
            "line 5, column 5: expected the end of the line, found the end of the file",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\n",
            "line 5, column 1: row 5 is too short: expected 4 characters, found 0",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\nI..J\n\n",
            "line 6, column 1: expected the end of the file, found a line end",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHFF\nI..J\n",
            "line 4, column 5: row 4 is too long: expected 4 characters, found 'F' after them",
        );
        assert_invalid(
            "ABBC\nABbC\nDEEF\nDGHF\nI..J\n",
            "line 2, column 3: row 2: expected one of \"ABCDEFGHIJKLMNOPQRSTUVWXYZ.\", found 'b'",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\nI. J\n",
            "line 5, column 3: row 5: expected one of \"ABCDEFGHIJKLMNOPQRSTUVWXYZ.\", found a space",
        );
        assert_invalid(
            "ABBC\r\nABBC\nDEEF\nDGHF\nI..J\n",
            "line 1, column 5: row 1 is too long: expected 4 characters, found a carriage return (\\r) after them",
        );
    }

    #[test]
    fn rejects_bad_pieces() {
        assert_invalid(
            "ABBC\nABBC\nDEHF\nDHHF\nI..J\n",
            "line 3, column 3: the 3 cells holding H are not one 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece (each piece has its own letter)",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\nI..I\n",
            "line 5, column 1: the 2 cells holding I are not one 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece (each piece has its own letter)",
        );
        assert_invalid(
            "ABBB\nABBB\nDEEF\nDGHF\nI..J\n",
            "line 1, column 2: the 6 cells holding B are not one 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece (each piece has its own letter)",
        );
        assert_invalid(
            "ABBA\nCBBD\nDEEF\nDGHF\nI..J\n",
            "line 1, column 1: the 2 cells holding A are not one 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece (each piece has its own letter)",
        );
        assert_invalid(
            "ABCC\nABDD\nEEFF\nGHIJ\nK..L\n",
            "line 6, column 1: no piece is 2 x 2; exactly one must be",
        );
        assert_invalid(
            "AABB\nAABB\nCCDE\nFGHI\nJ..K\n",
            "line 1, column 3: B is a second 2 x 2 piece (the first is A at line 1, column 1)",
        );
    }

    #[test]
    fn wants_exactly_two_empty_cells() {
        assert_invalid(
            "ABBC\nABBC\nDEEF\nDGHF\nIK.J\n",
            "line 6, column 1: 1 cells are empty; exactly 2 must be",
        );
        assert_invalid(
            "ABBC\nABBC\nDEEF\nD.HF\nI..J\n",
            "line 6, column 1: 3 cells are empty; exactly 2 must be",
        );
    }
}
