//! Input validator for maze: every rule of PROBLEMS.md, with the line and column of the
//! first violation.
//!
//! Rules: the first line is `n m` (single space, no leading zeros), 1 <= n, m <= 1000 and
//! n·m >= 2; then exactly n lines of exactly m characters from `S E # -`; exactly one `S`
//! and exactly one `E`; every line ends with `\n` and nothing follows the last one.

use checker_kit::{validator, Position, StrictReader, ValidationError};

/// Checks one whole maze input.
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let rows = reader.read_int(1, 1000, "n")? as usize;
    reader.read_space()?;
    let columns_at = reader.position();
    let columns = reader.read_int(1, 1000, "m")? as usize;
    if rows * columns < 2 {
        return Err(ValidationError {
            position: columns_at,
            message: format!("the maze {rows} x {columns} has fewer than 2 cells"),
        });
    }
    reader.read_eoln()?;
    let mut start: Option<Position> = None;
    let mut exit: Option<Position> = None;
    for row in 0..rows {
        let line = reader.position().line;
        let cells = reader.read_chars(columns, b"SE#-", &format!("row {}", row + 1))?;
        for (column, &byte) in cells.iter().enumerate() {
            let here = Position {
                line,
                column: column + 1,
            };
            let (seen, name) = match byte {
                b'S' => (&mut start, "S"),
                b'E' => (&mut exit, "E"),
                _ => continue,
            };
            if let Some(first) = *seen {
                return Err(ValidationError {
                    position: here,
                    message: format!("a second {name} (the first is at {first})"),
                });
            }
            *seen = Some(here);
        }
        reader.read_eoln()?;
    }
    if start.is_none() {
        return Err(reader.error_here("the maze has no S"));
    }
    if exit.is_none() {
        return Err(reader.error_here("the maze has no E"));
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    validator::run(validate)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The validator's verdict on a text: `Ok` or the error message with its position.
    fn check(text: &str) -> Result<(), String> {
        validator::check_text(validate, text)
    }

    fn assert_invalid(text: &str, expected: &str) {
        validator::assert_invalid(validate, text, expected)
    }

    #[test]
    fn accepts_valid_mazes() {
        assert_eq!(check("3 3\nS-#\n---\n#-E\n"), Ok(()));
        assert_eq!(check("1 2\nSE\n"), Ok(()));
        assert_eq!(check("2 1\nE\nS\n"), Ok(()));
    }

    #[test]
    fn accepts_the_largest_maze() {
        let mut text = "1000 1000\n".to_string();
        for r in 0..1000 {
            let mut row = "-".repeat(1000);
            if r == 0 {
                row.replace_range(0..1, "S");
            }
            if r == 999 {
                row.replace_range(999..1000, "E");
            }
            text.push_str(&row);
            text.push('\n');
        }
        assert_eq!(check(&text), Ok(()));
    }

    #[test]
    fn rejects_bad_dimensions() {
        assert_invalid(
            "0 2\nSE\n",
            "line 1, column 1: n = 0 is out of range 1..=1000",
        );
        assert_invalid(
            "1 1001\nSE\n",
            "line 1, column 3: m = 1001 is out of range 1..=1000",
        );
        assert_invalid(
            "1001 1\n",
            "line 1, column 1: n = 1001 is out of range 1..=1000",
        );
        assert_invalid(
            "1 1\nS\n",
            "line 1, column 3: the maze 1 x 1 has fewer than 2 cells",
        );
        assert_invalid(
            "01 2\nSE\n",
            "line 1, column 1: n must be an integer, found \"01\"",
        );
        assert_invalid(
            "+1 2\nSE\n",
            "line 1, column 1: n must be an integer, found \"+1\"",
        );
        assert_invalid(
            "1  2\nSE\n",
            "line 1, column 3: expected the integer m, found a space",
        );
        assert_invalid(
            "1 2 \nSE\n",
            "line 1, column 4: expected the end of the line, found a space",
        );
        assert_invalid(
            "1\n2\nSE\n",
            "line 1, column 2: expected a single space, found a line end",
        );
    }

    #[test]
    fn rejects_bad_rows() {
        assert_invalid(
            "2 2\nS-\nE\n",
            "line 3, column 2: row 2 is too short: expected 2 characters, found 1",
        );
        assert_invalid(
            "2 2\nS-\nE--\n",
            "line 3, column 3: row 2 is too long: expected 2 characters, found '-' after them",
        );
        assert_invalid(
            "2 2\nS.\nE-\n",
            "line 2, column 2: row 1: expected one of \"SE#-\", found '.'",
        );
        assert_invalid(
            "2 2\nS \nE-\n",
            "line 2, column 2: row 1: expected one of \"SE#-\", found a space",
        );
        assert_invalid(
            "1 2\nSE\r\n",
            "line 2, column 3: row 1 is too long: expected 2 characters, found a carriage return (\\r) after them",
        );
        assert_invalid(
            "2 2\nSE\n",
            "line 3, column 1: row 2 is too short: expected 2 characters, found 0",
        );
        assert_invalid(
            "1 2\nSE\n--\n",
            "line 3, column 1: expected the end of the file, found '-'",
        );
        assert_invalid(
            "1 2\nSE",
            "line 2, column 3: expected the end of the line, found the end of the file",
        );
    }

    #[test]
    fn rejects_wrong_numbers_of_start_and_exit() {
        assert_invalid("2 2\n--\n-E\n", "line 4, column 1: the maze has no S");
        assert_invalid("2 2\nS-\n--\n", "line 4, column 1: the maze has no E");
        assert_invalid(
            "2 2\nS-\nSE\n",
            "line 3, column 1: a second S (the first is at line 2, column 1)",
        );
        assert_invalid(
            "1 3\nESE\n",
            "line 2, column 3: a second E (the first is at line 2, column 1)",
        );
    }
}
