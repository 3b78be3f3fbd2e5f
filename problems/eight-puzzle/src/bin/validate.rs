//! Input validator for eight-puzzle: every rule of PROBLEMS.md, with the line and column of
//! the first violation.
//!
//! Rules: exactly two lines, the start state then the goal state, each exactly 9 digits
//! with no spaces, each digit 0..8 exactly once (a permutation; 0 is the blank); every line
//! ends with `\n` and nothing follows the second one. Unsolvable pairs and start = goal are
//! valid inputs.

use checker_kit::{validator, Position, StrictReader, ValidationError};

/// Reads one state line and checks that it is a permutation of 0..8.
fn read_state(reader: &mut StrictReader, name: &str) -> Result<(), ValidationError> {
    let line = reader.position().line;
    let digits = reader.read_chars(9, b"012345678", name)?;
    let mut first_column = [0usize; 9];
    for (index, &digit) in digits.iter().enumerate() {
        let value = usize::from(digit - b'0');
        let column = index + 1;
        if first_column[value] != 0 {
            return Err(ValidationError {
                position: Position { line, column },
                message: format!(
                    "{name}: digit {value} appears twice (first at column {})",
                    first_column[value]
                ),
            });
        }
        first_column[value] = column;
    }
    reader.read_eoln()
}

/// Checks one whole input.
fn validate(reader: &mut StrictReader) -> Result<(), ValidationError> {
    read_state(reader, "the start state")?;
    read_state(reader, "the goal state")
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
    fn accepts_valid_pairs() {
        assert_eq!(check("876543210\n123456780\n"), Ok(()));
        // Equal states and unsolvable pairs are allowed.
        assert_eq!(check("123456780\n123456780\n"), Ok(()));
        assert_eq!(check("213456780\n123456780\n"), Ok(()));
    }

    #[test]
    fn rejects_bad_digits_and_lengths() {
        assert_invalid(
            "876543219\n123456780\n",
            "line 1, column 9: the start state: expected one of \"012345678\", found '9'",
        );
        assert_invalid(
            "87654321\n123456780\n",
            "line 1, column 9: the start state is too short: expected 9 characters, found 8",
        );
        assert_invalid(
            "8765432100\n123456780\n",
            "line 1, column 10: the start state is too long: expected 9 characters, found '0' after them",
        );
        assert_invalid(
            "876 543 210\n123456780\n",
            "line 1, column 4: the start state: expected one of \"012345678\", found a space",
        );
        assert_invalid(
            "876543210\n12345678a\n",
            "line 2, column 9: the goal state: expected one of \"012345678\", found 'a'",
        );
    }

    #[test]
    fn rejects_repeated_digits() {
        assert_invalid(
            "876543211\n123456780\n",
            "line 1, column 9: the start state: digit 1 appears twice (first at column 8)",
        );
        assert_invalid(
            "876543210\n023456780\n",
            "line 2, column 9: the goal state: digit 0 appears twice (first at column 1)",
        );
    }

    #[test]
    fn rejects_bad_line_structure() {
        assert_invalid(
            "876543210\n",
            "line 2, column 1: the goal state is too short: expected 9 characters, found 0",
        );
        assert_invalid(
            "876543210 123456780\n",
            "line 1, column 10: the start state is too long: expected 9 characters, found a space after them",
        );
        assert_invalid(
            "876543210\n123456780",
            "line 2, column 10: expected the end of the line, found the end of the file",
        );
        assert_invalid(
            "876543210\r\n123456780\r\n",
            "line 1, column 10: the start state is too long: expected 9 characters, found a carriage return (\\r) after them",
        );
        assert_invalid(
            "876543210\n123456780\n\n",
            "line 3, column 1: expected the end of the file, found a line end",
        );
        assert_invalid(
            "\n876543210\n123456780\n",
            "line 1, column 1: the start state is too short: expected 9 characters, found 0",
        );
    }
}
