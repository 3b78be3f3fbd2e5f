//! A lenient token stream: whitespace-separated tokens with their positions.
//!
//! Used to read contestants' outputs and stored answers, where the amount of whitespace
//! between tokens does not matter.

use crate::position::Position;

/// One whitespace-separated token and where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token<'a> {
    /// The token's bytes, as text (lossy if the file is not UTF-8).
    pub text: &'a str,
    /// Where the token starts.
    pub position: Position,
}

/// A stream of whitespace-separated tokens over a text.
#[derive(Debug, Clone)]
pub struct Tokens {
    text: String,
    offset: usize,
    position: Position,
}

impl Tokens {
    /// A token stream over `bytes` (invalid UTF-8 is replaced, so it still compares unequal).
    pub fn new(bytes: &[u8]) -> Tokens {
        Tokens {
            text: String::from_utf8_lossy(bytes).into_owned(),
            offset: 0,
            position: Position::START,
        }
    }

    /// Reads a whole file into a token stream.
    pub fn from_file(path: &std::path::Path) -> std::io::Result<Tokens> {
        Ok(Tokens::new(&std::fs::read(path)?))
    }

    /// The whole underlying text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Where the next unread byte is.
    pub fn position(&self) -> Position {
        self.position
    }

    fn skip_whitespace(&mut self) {
        let bytes = self.text.as_bytes();
        while self.offset < bytes.len() && bytes[self.offset].is_ascii_whitespace() {
            self.position = self.position.advance(bytes[self.offset]);
            self.offset += 1;
        }
    }

    /// The next token, or `None` at the end of the text.
    pub fn next_token(&mut self) -> Option<Token<'_>> {
        self.skip_whitespace();
        let bytes = self.text.as_bytes();
        if self.offset >= bytes.len() {
            return None;
        }
        let start = self.offset;
        let position = self.position;
        while self.offset < bytes.len() && !bytes[self.offset].is_ascii_whitespace() {
            self.position = self.position.advance(bytes[self.offset]);
            self.offset += 1;
        }
        Some(Token {
            text: &self.text[start..self.offset],
            position,
        })
    }

    /// True when only whitespace is left.
    pub fn at_end(&mut self) -> bool {
        self.skip_whitespace();
        self.offset >= self.text.len()
    }

    /// The remaining text split into lines, with trailing whitespace of each line and
    /// trailing blank lines removed. For formats where line structure matters.
    pub fn remaining_lines(&self) -> Vec<(usize, &str)> {
        let mut lines: Vec<(usize, &str)> = self.text[self.offset..]
            .split('\n')
            .enumerate()
            .map(|(index, line)| (self.position.line + index, line.trim_end()))
            .collect();
        while lines.last().is_some_and(|(_, line)| line.is_empty()) {
            lines.pop();
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_positions() {
        let mut tokens = Tokens::new(b"  12 ab\n\n x\n");
        let first = tokens.next_token().unwrap();
        assert_eq!(first.text, "12");
        assert_eq!(first.position, Position { line: 1, column: 3 });
        assert_eq!(tokens.next_token().unwrap().text, "ab");
        let third = tokens.next_token().unwrap();
        assert_eq!(
            (third.text, third.position.line, third.position.column),
            ("x", 3, 2)
        );
        assert!(tokens.next_token().is_none());
        assert!(tokens.at_end());
    }

    #[test]
    fn remaining_lines_drop_trailing_space_and_blank_lines() {
        let tokens = Tokens::new(b"01 \n10\n\n  \n");
        assert_eq!(tokens.remaining_lines(), vec![(1, "01"), (2, "10")]);
    }
}
