//! Input validator for knights-tour: every rule of the statement, with the line and column
//! of the first violation.
//!
//! Rules: the first line is `n m` (single space, no leading zeros), 1 <= n, m <= 64; when
//! the smaller side is 4 the larger is at most 8; then exactly n lines of exactly m
//! characters from `. # S`; exactly one `S`; a `#` only when the smaller side is at most 3;
//! every line ends with `\n` and nothing follows the last one.

use checker_kit::{validator, Position, StrictReader, ValidationError};
use knights_tour::board::{FOUR_ROW_MAX_LENGTH, MAX_SIDE, NARROW_SIDE};

/// Checks one whole input.
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let rows = reader.read_int(1, MAX_SIDE as i64, "n")? as usize;
    reader.read_space()?;
    let cols_at = reader.position();
    let cols = reader.read_int(1, MAX_SIDE as i64, "m")? as usize;
    let (short, long) = (rows.min(cols), rows.max(cols));
    if short == 4 && long > FOUR_ROW_MAX_LENGTH {
        return Err(ValidationError {
            position: cols_at,
            message: format!(
                "a board whose smaller side is 4 has a larger side of at most {FOUR_ROW_MAX_LENGTH}, found {rows} x {cols}"
            ),
        });
    }
    reader.read_eoln()?;
    let mut start: Option<Position> = None;
    for row in 0..rows {
        let line = reader.position().line;
        let squares = reader.read_chars(cols, b".#S", &format!("row {}", row + 1))?;
        for (col, &byte) in squares.iter().enumerate() {
            let here = Position {
                line,
                column: col + 1,
            };
            match byte {
                b'S' => {
                    if let Some(first) = start {
                        return Err(ValidationError {
                            position: here,
                            message: format!("a second S (the first is at {first})"),
                        });
                    }
                    start = Some(here);
                }
                b'#' if short > NARROW_SIDE => {
                    return Err(ValidationError {
                        position: here,
                        message: format!(
                            "a blocked square on a {rows} x {cols} board (blocked squares only when the smaller side is at most {NARROW_SIDE})"
                        ),
                    });
                }
                _ => {}
            }
        }
        reader.read_eoln()?;
    }
    if start.is_none() {
        return Err(reader.error_here("the board has no S"));
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
        assert_eq!(check("1 1\nS\n"), Ok(()));
        assert_eq!(check("3 4\nS..#\n....\n.#..\n"), Ok(()));
        assert_eq!(check("5 5\n.....\n.....\n..S..\n.....\n.....\n"), Ok(()));
        assert_eq!(
            check("4 8\n........\n.......S\n........\n........\n"),
            Ok(())
        );
        let wide = format!("2 64\n{}\nS{}\n", "#".repeat(64), ".".repeat(63));
        assert_eq!(check(&wide), Ok(()));
    }

    #[test]
    fn rejects_bad_headers() {
        assert_invalid("0 1\nS\n", "line 1, column 1: n = 0 is out of range 1..=64");
        assert_invalid(
            "1 65\nS\n",
            "line 1, column 3: m = 65 is out of range 1..=64",
        );
        assert_invalid(
            "01 1\nS\n",
            "line 1, column 1: n must be an integer, found \"01\"",
        );
        assert_invalid(
            "1  1\nS\n",
            "line 1, column 3: expected the integer m, found a space",
        );
        assert_invalid(
            "4 9\n",
            "line 1, column 3: a board whose smaller side is 4 has a larger side of at most 8, found 4 x 9",
        );
        assert_invalid(
            "9 4\n",
            "line 1, column 3: a board whose smaller side is 4 has a larger side of at most 8, found 9 x 4",
        );
    }

    #[test]
    fn rejects_bad_boards() {
        assert_invalid(
            "1 2\nS\n",
            "line 2, column 2: row 1 is too short: expected 2 characters, found 1",
        );
        assert_invalid(
            "1 2\nS..\n",
            "line 2, column 3: row 1 is too long: expected 2 characters, found '.' after them",
        );
        assert_invalid(
            "1 2\nSx\n",
            "line 2, column 2: row 1: expected one of \".#S\", found 'x'",
        );
        assert_invalid(
            "1 2\nSS\n",
            "line 2, column 2: a second S (the first is at line 2, column 1)",
        );
        assert_invalid("1 2\n..\n", "line 3, column 1: the board has no S");
        assert_invalid(
            "2 2\nS.\n",
            "line 3, column 1: row 2 is too short: expected 2 characters, found 0",
        );
        assert_invalid(
            "1 2\nS.\n\n",
            "line 3, column 1: expected the end of the file, found a line end",
        );
        assert_invalid(
            "1 2\nS.",
            "line 2, column 3: expected the end of the line, found the end of the file",
        );
        assert_invalid(
            "1 2\r\nS.\n",
            "line 1, column 4: expected the end of the line, found a carriage return (\\r)",
        );
        assert_invalid(
            "4 4\nS...\n.#..\n....\n....\n",
            "line 3, column 2: a blocked square on a 4 x 4 board (blocked squares only when the smaller side is at most 3)",
        );
    }
}
