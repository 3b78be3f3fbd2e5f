//! `lines`: the lines must be the answer's, ignoring trailing whitespace on each line and
//! trailing blank lines.

use super::comparison::{show, Comparison};

/// The lines of a text with trailing whitespace (and `\r`) removed and trailing blank lines
/// dropped.
pub fn normalized_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|line| {
            let end = line
                .iter()
                .rposition(|b| !b.is_ascii_whitespace())
                .map_or(0, |i| i + 1);
            &line[..end]
        })
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// Compares line by line; the message names the first differing line.
pub fn compare(output: &[u8], answer: &[u8]) -> Comparison {
    let out = normalized_lines(output);
    let ans = normalized_lines(answer);
    for (index, expected) in ans.iter().enumerate() {
        match out.get(index) {
            None => {
                return Comparison::wrong(format!(
                    "line {}: output ends early, expected {}",
                    index + 1,
                    show(expected)
                ))
            }
            Some(found) if found != expected => {
                return Comparison::wrong(format!(
                    "line {}: expected {}, found {}",
                    index + 1,
                    show(expected),
                    show(found)
                ))
            }
            Some(_) => {}
        }
    }
    match out.get(ans.len()) {
        Some(extra) => Comparison::wrong(format!(
            "line {}: extra output {}",
            ans.len() + 1,
            show(extra)
        )),
        None => Comparison::accepted(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn trailing_space_and_blank_lines_do_not_matter() {
        assert_eq!(
            compare(b"a b  \r\nc\n\n\n", b"a b\nc\n").verdict,
            Verdict::AC
        );
        assert_eq!(compare(b"a b\nc", b"a b\nc\n").verdict, Verdict::AC);
    }

    #[test]
    fn inner_spacing_and_line_breaks_do() {
        assert_eq!(
            compare(b"a  b\n", b"a b\n").message,
            "line 1: expected \"a b\", found \"a  b\""
        );
        assert_eq!(compare(b"a\nb\n", b"a b\n").verdict, Verdict::WA);
        assert!(compare(b"a\n\nb\n", b"a\nb\n")
            .message
            .starts_with("line 2"));
        assert!(compare(b"a\n", b"a\nb\n").message.contains("ends early"));
        assert!(compare(b"a\nb\n", b"a\n")
            .message
            .contains("line 2: extra output \"b\""));
    }
}
