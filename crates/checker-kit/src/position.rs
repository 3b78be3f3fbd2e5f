//! A place in a text file, for error messages.

use std::fmt;

/// A 1-based line and column in a text file (columns count bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column number, in bytes.
    pub column: usize,
}

impl Position {
    /// The first byte of a file.
    pub const START: Position = Position { line: 1, column: 1 };

    /// The position after reading `byte` from this position.
    pub fn advance(self, byte: u8) -> Position {
        if byte == b'\n' {
            Position {
                line: self.line + 1,
                column: 1,
            }
        } else {
            Position {
                line: self.line,
                column: self.column + 1,
            }
        }
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}
