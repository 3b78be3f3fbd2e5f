//! Input validator for blind maze: the interactor's secret maze, every rule of the
//! statement, with the line and column of the first violation.
//!
//! Rules: the first line is `n m` (single space, no leading zeros), 1 <= n, m <= 500 and
//! n·m >= 2; then exactly n lines of exactly m characters from `S E # -`; exactly one `S`
//! and exactly one `E`; every line ends with `\n` and nothing follows the last one.

use checker_kit::{validator, Position, StrictReader, ValidationError};

/// The largest side.
const MAX_SIDE: i64 = 500;

/// Checks one whole maze.
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let rows = reader.read_int(1, MAX_SIDE, "n")? as usize;
    reader.read_space()?;
    let columns_at = reader.position();
    let columns = reader.read_int(1, MAX_SIDE, "m")? as usize;
    if rows * columns < 2 {
        return Err(ValidationError {
            position: columns_at,
            message: format!("the maze {rows} x {columns} has fewer than 2 cells"),
        });
    }
    reader.read_eoln()?;
    let mut found: [Option<Position>; 2] = [None, None];
    for row in 0..rows {
        let line = reader.position().line;
        let cells = reader.read_chars(columns, b"SE#-", &format!("row {}", row + 1))?;
        for (column, &byte) in cells.iter().enumerate() {
            let index = match byte {
                b'S' => 0,
                b'E' => 1,
                _ => continue,
            };
            let here = Position {
                line,
                column: column + 1,
            };
            if let Some(first) = found[index] {
                return Err(ValidationError {
                    position: here,
                    message: format!("a second {} (the first is at {first})", byte as char),
                });
            }
            found[index] = Some(here);
        }
        reader.read_eoln()?;
    }
    for (index, name) in ["S", "E"].iter().enumerate() {
        if found[index].is_none() {
            return Err(reader.error_here(format!("the maze has no {name}")));
        }
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
    fn accepts_valid_mazes() {
        assert_eq!(check("3 4\nS-#-\n-#-E\n----\n"), Ok(()));
        assert_eq!(check("1 2\nSE\n"), Ok(()));
        assert_eq!(check("2 1\nE\nS\n"), Ok(()));
        assert_eq!(check("3 4\n-#--\n#S#E\n-#--\n"), Ok(()));
    }

    #[test]
    fn accepts_the_largest_maze() {
        let mut text = "500 500\n".to_string();
        for r in 0..500 {
            let mut row = "-".repeat(500);
            if r == 0 {
                row.replace_range(0..1, "S");
            }
            if r == 499 {
                row.replace_range(499..500, "E");
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
            "line 1, column 1: n = 0 is out of range 1..=500",
        );
        assert_invalid(
            "1 501\nSE\n",
            "line 1, column 3: m = 501 is out of range 1..=500",
        );
        assert_invalid(
            "1000 1000\n",
            "line 1, column 1: n = 1000 is out of range 1..=500",
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
            "1  2\nSE\n",
            "line 1, column 3: expected the integer m, found a space",
        );
        assert_invalid(
            "1 2 \nSE\n",
            "line 1, column 4: expected the end of the line, found a space",
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
            "1 2\nSE\r\n",
            "line 2, column 3: row 1 is too long: expected 2 characters, found a carriage return (\\r) after them",
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
