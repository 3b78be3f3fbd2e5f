//! An exact-format reader for input validators.
//!
//! Every read checks the format byte by byte (single spaces, `\n` line ends, no leading
//! zeros or `+` signs, values in range) and an error names the position of the first
//! violation and the rule it breaks.

use crate::position::Position;
use std::fmt;

/// A violation of the input format: where, and which rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// Where the violation starts.
    pub position: Position,
    /// The rule that was broken, in words.
    pub message: String,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.position, self.message)
    }
}

impl std::error::Error for ValidationError {}

/// Reads an input file exactly, for validation.
#[derive(Debug, Clone)]
pub struct StrictReader {
    bytes: Vec<u8>,
    offset: usize,
    position: Position,
}

fn describe(byte: Option<u8>) -> String {
    match byte {
        None => "the end of the file".to_string(),
        Some(b'\n') => "a line end".to_string(),
        Some(b' ') => "a space".to_string(),
        Some(b'\r') => "a carriage return (\\r)".to_string(),
        Some(b'\t') => "a tab".to_string(),
        Some(b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(b) => format!("byte 0x{b:02x}"),
    }
}

impl StrictReader {
    /// A reader over the whole input.
    pub fn new(bytes: Vec<u8>) -> StrictReader {
        StrictReader {
            bytes,
            offset: 0,
            position: Position::START,
        }
    }

    /// Where the next unread byte is.
    pub fn position(&self) -> Position {
        self.position
    }

    /// An error at the current position.
    pub fn error_here(&self, message: impl Into<String>) -> ValidationError {
        ValidationError {
            position: self.position,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.offset).copied()
    }

    fn bump(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.position = self.position.advance(byte);
        self.offset += 1;
        Some(byte)
    }

    fn expect_byte(&mut self, wanted: u8, what: &str) -> Result<(), ValidationError> {
        match self.peek() {
            Some(b) if b == wanted => {
                self.bump();
                Ok(())
            }
            other => Err(self.error_here(format!("expected {what}, found {}", describe(other)))),
        }
    }

    /// Reads exactly one space.
    pub fn read_space(&mut self) -> Result<(), ValidationError> {
        self.expect_byte(b' ', "a single space")
    }

    /// Reads exactly one line end (`\n`).
    pub fn read_eoln(&mut self) -> Result<(), ValidationError> {
        self.expect_byte(b'\n', "the end of the line")
    }

    /// Checks that the whole input has been read.
    pub fn read_eof(&mut self) -> Result<(), ValidationError> {
        match self.peek() {
            None => Ok(()),
            other => Err(self.error_here(format!(
                "expected the end of the file, found {}",
                describe(other)
            ))),
        }
    }

    /// Reads a maximal run of non-whitespace bytes (at least one).
    pub fn read_token(&mut self, what: &str) -> Result<(Position, String), ValidationError> {
        let start = self.position;
        let begin = self.offset;
        while self.peek().is_some_and(|b| !b.is_ascii_whitespace()) {
            self.bump();
        }
        if self.offset == begin {
            return Err(
                self.error_here(format!("expected {what}, found {}", describe(self.peek())))
            );
        }
        Ok((
            start,
            String::from_utf8_lossy(&self.bytes[begin..self.offset]).into_owned(),
        ))
    }

    /// Reads a decimal integer in `low..=high` (no sign `+`, no leading zeros, no `-0`).
    pub fn read_int(&mut self, low: i64, high: i64, name: &str) -> Result<i64, ValidationError> {
        let (start, token) = self.read_token(&format!("the integer {name}"))?;
        let at = |message: String| ValidationError {
            position: start,
            message,
        };
        let digits = token.strip_prefix('-').unwrap_or(&token);
        let well_formed = !digits.is_empty()
            && digits.bytes().all(|b| b.is_ascii_digit())
            && (digits == "0" || !digits.starts_with('0'))
            && token != "-0";
        if !well_formed {
            return Err(at(format!("{name} must be an integer, found \"{token}\"")));
        }
        let value: i64 = token
            .parse()
            .map_err(|_| at(format!("{name} = {token} is out of range {low}..={high}")))?;
        if value < low || value > high {
            return Err(at(format!(
                "{name} = {value} is out of range {low}..={high}"
            )));
        }
        Ok(value)
    }

    /// Reads exactly `length` bytes, each of which must be in `allowed`, then nothing else
    /// up to the line end (which is not consumed).
    pub fn read_chars(
        &mut self,
        length: usize,
        allowed: &[u8],
        name: &str,
    ) -> Result<Vec<u8>, ValidationError> {
        let allowed_text = String::from_utf8_lossy(allowed).into_owned();
        let mut out = Vec::with_capacity(length);
        for index in 0..length {
            match self.peek() {
                Some(b) if allowed.contains(&b) => {
                    out.push(b);
                    self.bump();
                }
                Some(b'\n') | None => {
                    return Err(self.error_here(format!(
                        "{name} is too short: expected {length} characters, found {index}"
                    )))
                }
                other => {
                    return Err(self.error_here(format!(
                        "{name}: expected one of \"{allowed_text}\", found {}",
                        describe(other)
                    )))
                }
            }
        }
        match self.peek() {
            Some(b'\n') | None => Ok(out),
            other => Err(self.error_here(format!(
                "{name} is too long: expected {length} characters, found {} after them",
                describe(other)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_well_formed_header() {
        let mut reader = StrictReader::new(b"3 10\n".to_vec());
        assert_eq!(reader.read_int(1, 10, "N").unwrap(), 3);
        reader.read_space().unwrap();
        assert_eq!(reader.read_int(1, 10, "K").unwrap(), 10);
        reader.read_eoln().unwrap();
        reader.read_eof().unwrap();
    }

    #[test]
    fn names_the_position_of_a_range_violation() {
        let mut reader = StrictReader::new(b"3 11\n".to_vec());
        reader.read_int(1, 10, "N").unwrap();
        reader.read_space().unwrap();
        let error = reader.read_int(1, 10, "K").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 1, column 3: K = 11 is out of range 1..=10"
        );
    }

    #[test]
    fn rejects_leading_zeros_double_spaces_and_missing_newline() {
        assert!(StrictReader::new(b"03".to_vec())
            .read_int(0, 9, "x")
            .is_err());
        assert!(StrictReader::new(b"-0".to_vec())
            .read_int(-9, 9, "x")
            .is_err());
        let mut reader = StrictReader::new(b"1  2".to_vec());
        reader.read_int(0, 9, "a").unwrap();
        reader.read_space().unwrap();
        let error = reader.read_int(0, 9, "b").unwrap_err();
        assert!(error.message.contains("found a space"), "{error}");
        let mut reader = StrictReader::new(b"1".to_vec());
        reader.read_int(0, 9, "a").unwrap();
        assert!(reader
            .read_eoln()
            .unwrap_err()
            .message
            .contains("end of the file"));
    }

    #[test]
    fn read_chars_checks_alphabet_and_length() {
        let mut reader = StrictReader::new(b"S-#\n".to_vec());
        assert_eq!(reader.read_chars(3, b"SE#-", "row 1").unwrap(), b"S-#");
        let error = StrictReader::new(b"S-x\n".to_vec())
            .read_chars(3, b"SE#-", "row 1")
            .unwrap_err();
        assert_eq!(error.position, Position { line: 1, column: 3 });
        assert!(StrictReader::new(b"S-\n".to_vec())
            .read_chars(3, b"SE#-", "row 1")
            .unwrap_err()
            .message
            .contains("too short"));
        assert!(StrictReader::new(b"S--#\n".to_vec())
            .read_chars(3, b"SE#-", "row 1")
            .unwrap_err()
            .message
            .contains("too long"));
    }
}
