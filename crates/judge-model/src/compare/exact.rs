//! `exact`: the output must be the answer, byte for byte.

use super::comparison::{show, Comparison};

/// Compares bytes; the message names the first differing line and column.
pub fn compare(output: &[u8], answer: &[u8]) -> Comparison {
    if output == answer {
        return Comparison::accepted();
    }
    let at = output
        .iter()
        .zip(answer)
        .position(|(a, b)| a != b)
        .unwrap_or(output.len().min(answer.len()));
    let line = answer[..at].iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at
        - answer[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    let message = if at == output.len() {
        format!(
            "line {line}, column {column}: output ends early (expected {} more bytes)",
            answer.len() - at
        )
    } else if at == answer.len() {
        format!(
            "line {line}, column {column}: extra output {}",
            show(&output[at..])
        )
    } else {
        format!(
            "line {line}, column {column}: expected byte {}, found {}",
            show(&answer[at..=at]),
            show(&output[at..=at])
        )
    };
    Comparison::wrong(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    #[test]
    fn only_identical_bytes_pass() {
        assert_eq!(compare(b"1 2\n", b"1 2\n").verdict, Verdict::AC);
        let c = compare(b"1 2 \n", b"1 2\n");
        assert_eq!(c.verdict, Verdict::WA);
        assert_eq!(
            c.message,
            "line 1, column 4: expected byte \"\\n\", found \" \""
        );
        assert!(compare(b"1\n", b"1\n2\n")
            .message
            .contains("line 2, column 1: output ends early"));
        assert!(compare(b"1\nx", b"1\n")
            .message
            .contains("extra output \"x\""));
    }
}
