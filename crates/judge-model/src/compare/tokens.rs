//! `tokens` (the default): the whitespace-separated tokens must match the answer's.

use super::comparison::{show, Comparison};

/// A token and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    /// Its bytes.
    pub text: &'a [u8],
    /// 1-based line.
    pub line: usize,
    /// 1-based index among the tokens of its line.
    pub index_in_line: usize,
}

/// The tokens of a text.
pub fn tokenize(text: &[u8]) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    for (line_index, line) in text.split(|&b| b == b'\n').enumerate() {
        for (index, word) in line
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .enumerate()
        {
            tokens.push(Token {
                text: word,
                line: line_index + 1,
                index_in_line: index + 1,
            });
        }
    }
    tokens
}

/// Token equality for the `tokens` mode: the same bytes.
pub fn exact_text(output: &[u8], answer: &[u8]) -> bool {
    output == answer
}

/// Compares token by token with `matches`; the message names the first difference by the
/// answer's line and token number.
pub fn compare(output: &[u8], answer: &[u8], matches: &dyn Fn(&[u8], &[u8]) -> bool) -> Comparison {
    let out = tokenize(output);
    let ans = tokenize(answer);
    for (index, expected) in ans.iter().enumerate() {
        let at = format!("line {}, token {}", expected.line, expected.index_in_line);
        match out.get(index) {
            None => {
                return Comparison::wrong(format!(
                    "{at}: output ends early, expected {} (answer has {} tokens, output {})",
                    show(expected.text),
                    ans.len(),
                    out.len()
                ))
            }
            Some(found) if !matches(found.text, expected.text) => {
                return Comparison::wrong(format!(
                    "{at}: expected {}, found {}",
                    show(expected.text),
                    show(found.text)
                ))
            }
            Some(_) => {}
        }
    }
    match out.get(ans.len()) {
        Some(extra) => Comparison::wrong(format!(
            "line {}: extra output {} after the answer's {} tokens",
            extra.line,
            show(extra.text),
            ans.len()
        )),
        None => Comparison::accepted(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    fn run(output: &[u8], answer: &[u8]) -> Comparison {
        compare(output, answer, &exact_text)
    }

    #[test]
    fn whitespace_does_not_matter() {
        assert_eq!(run(b"4\n4   RDDR", b"4\n4\nRDDR\n").verdict, Verdict::AC);
        assert_eq!(run(b"", b"").verdict, Verdict::AC);
        assert_eq!(run(b"\n\n", b"").verdict, Verdict::AC);
    }

    #[test]
    fn differences_are_located() {
        assert_eq!(
            run(b"4\n5\n", b"4\n4\nRDDR\n").message,
            "line 2, token 1: expected \"4\", found \"5\""
        );
        assert_eq!(run(b"04", b"4").verdict, Verdict::WA);
        let early = run(b"4\n", b"4\n4\n");
        assert!(
            early
                .message
                .starts_with("line 2, token 1: output ends early"),
            "{}",
            early.message
        );
        assert!(run(b"-1 0", b"-1").message.contains("extra output \"0\""));
    }
}
