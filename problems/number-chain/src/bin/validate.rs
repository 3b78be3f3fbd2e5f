//! Input validator for number-chain: every rule of PROBLEMS.md, with the line and column of
//! the first violation.
//!
//! Rules: the first line is `N K` (one space), 1 ≤ N ≤ 10, 1 ≤ K ≤ 10; then exactly N lines
//! of exactly N integers each, separated by single spaces, each in 0..K-1 (written without
//! signs or leading zeros); every line ends with `\n` and nothing follows the last one. Any
//! value may sit in any cell: a start cell that does not hold 0, wrong value counts and
//! boards without a walk are valid inputs (their answer is -1), and so is N = 1.

use checker_kit::{validator, StrictReader, ValidationError};

/// Checks one whole input (the end of the file is checked by the caller).
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    let side = reader.read_int(1, 10, "N")?;
    reader.read_space()?;
    let modulus = reader.read_int(1, 10, "K")?;
    reader.read_eoln()?;
    for row in 0..side {
        for col in 0..side {
            if col > 0 {
                reader.read_space()?;
            }
            reader.read_int(
                0,
                modulus - 1,
                &format!("the value in row {row}, column {col}"),
            )?;
        }
        reader.read_eoln()?;
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
        assert_eq!(check("3 3\n0 2 0\n1 1 1\n2 0 2\n"), Ok(()));
        assert_eq!(check("1 1\n0\n"), Ok(()));
        // A start cell that is not 0 and wrong value counts are valid (the answer is -1).
        assert_eq!(check("1 7\n4\n"), Ok(()));
        assert_eq!(check("2 2\n1 1\n1 1\n"), Ok(()));
        let mut big = "10 10\n".to_string();
        for row in 0..10 {
            let cells: Vec<String> = (0..10).map(|col| ((row + col) % 10).to_string()).collect();
            big += &cells.join(" ");
            big += "\n";
        }
        assert_eq!(check(&big), Ok(()));
    }

    #[test]
    fn n_and_k_are_in_range() {
        assert_invalid("0 3\n", "line 1, column 1: N = 0 is out of range 1..=10");
        assert_invalid("11 3\n", "line 1, column 1: N = 11 is out of range 1..=10");
        assert_invalid("1 0\n0\n", "line 1, column 3: K = 0 is out of range 1..=10");
        assert_invalid(
            "1 11\n0\n",
            "line 1, column 3: K = 11 is out of range 1..=10",
        );
        assert_invalid("-1 3\n", "line 1, column 1: N = -1 is out of range 1..=10");
    }

    #[test]
    fn values_are_below_k() {
        assert_invalid(
            "2 2\n0 1\n2 1\n",
            "line 3, column 1: the value in row 1, column 0 = 2 is out of range 0..=1",
        );
        assert_invalid(
            "1 1\n1\n",
            "line 2, column 1: the value in row 0, column 0 = 1 is out of range 0..=0",
        );
        assert_invalid(
            "2 3\n0 -1\n2 1\n",
            "line 2, column 3: the value in row 0, column 1 = -1 is out of range 0..=2",
        );
    }

    #[test]
    fn numbers_are_plain_integers() {
        assert_invalid(
            "2 3\n0 01\n2 1\n",
            "line 2, column 3: the value in row 0, column 1 must be an integer, found \"01\"",
        );
        assert_invalid(
            "2 3\n0 +1\n2 1\n",
            "line 2, column 3: the value in row 0, column 1 must be an integer, found \"+1\"",
        );
        assert_invalid(
            "3 x\n",
            "line 1, column 3: K must be an integer, found \"x\"",
        );
    }

    #[test]
    fn rows_have_exactly_n_values() {
        assert_invalid(
            "2 3\n0 1\n2\n",
            "line 3, column 2: expected a single space, found a line end",
        );
        assert_invalid(
            "2 3\n0 1 2\n2 1\n",
            "line 2, column 4: expected the end of the line, found a space",
        );
        assert_invalid(
            "2 3\n0 1\n",
            "line 3, column 1: expected the integer the value in row 1, column 0, found the end of the file",
        );
    }

    #[test]
    fn spacing_and_line_ends_are_exact() {
        assert_invalid(
            "3  3\n",
            "line 1, column 3: expected the integer K, found a space",
        );
        assert_invalid(
            "1 1\n0",
            "line 2, column 2: expected the end of the line, found the end of the file",
        );
        assert_invalid(
            "1 1\r\n0\n",
            "line 1, column 4: expected the end of the line, found a carriage return (\\r)",
        );
        assert_invalid(
            "1 1\n 0\n",
            "line 2, column 1: expected the integer the value in row 0, column 0, found a space",
        );
        assert_invalid(
            "1 1\n0 \n",
            "line 2, column 2: expected the end of the line, found a space",
        );
        assert_invalid(
            "1 1\n0\n\n",
            "line 3, column 1: expected the end of the file, found a line end",
        );
        assert_invalid(
            "1 1\n0\n0\n",
            "line 3, column 1: expected the end of the file, found '0'",
        );
    }
}
