//! A short, readable diff of an output against its answer, around the first difference.
//!
//! Outputs can be 64 MiB, so only a window of lines around the first differing line is
//! diffed (with `similar`), and the result is capped in lines and bytes. Lines are
//! numbered as in the files.

use similar::{ChangeTag, TextDiff};
use std::fmt::Write;

/// Lines of context before the first difference.
const BEFORE: usize = 3;
/// Lines diffed from the first difference on.
const AFTER: usize = 20;
/// Longest line shown, in characters.
const LINE_CHARS: usize = 100;
/// Most diff lines shown.
const MAX_LINES: usize = 30;

fn lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.split('\n').collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

fn cut(line: &str) -> String {
    let mut shown: String = line.chars().take(LINE_CHARS).collect();
    if line.chars().count() > LINE_CHARS {
        shown.push('…');
    }
    shown
}

/// A unified-style diff (`-` answer, `+` output), or `None` when the texts agree line by
/// line after trimming trailing whitespace.
pub fn short_diff(output: &[u8], answer: &[u8]) -> Option<String> {
    let output = String::from_utf8_lossy(output);
    let answer = String::from_utf8_lossy(answer);
    let out_lines = lines(&output);
    let ans_lines = lines(&answer);
    let first = (0..out_lines.len().max(ans_lines.len())).find(|&i| {
        out_lines.get(i).map(|l| l.trim_end()) != ans_lines.get(i).map(|l| l.trim_end())
    })?;
    let start = first.saturating_sub(BEFORE);
    let window = |all: &[&str]| -> String {
        all.iter()
            .skip(start)
            .take(first - start + AFTER)
            .map(|l| cut(l.trim_end()))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    };
    let (ans_window, out_window) = (window(&ans_lines), window(&out_lines));
    let diff = TextDiff::from_lines(&ans_window, &out_window);
    let mut text = String::from("--- answer\n+++ output\n");
    let mut shown = 0;
    'groups: for group in diff.grouped_ops(2) {
        for op in &group {
            for change in diff.iter_changes(op) {
                if shown == MAX_LINES {
                    text.push_str("… (diff cut)\n");
                    break 'groups;
                }
                let (sign, number) = match change.tag() {
                    ChangeTag::Delete => ('-', change.old_index().unwrap_or(0)),
                    ChangeTag::Insert => ('+', change.new_index().unwrap_or(0)),
                    ChangeTag::Equal => (' ', change.old_index().unwrap_or(0)),
                };
                let value = change.value();
                let _ = writeln!(
                    text,
                    "{sign}{:>5} | {}",
                    start + number + 1,
                    value.trim_end_matches('\n')
                );
                shown += 1;
            }
        }
    }
    let missing_side = if out_lines.len() <= first {
        Some("(the output ends here)")
    } else if ans_lines.len() <= first {
        Some("(the answer ends here)")
    } else {
        None
    };
    if let Some(note) = missing_side {
        text.push_str(note);
        text.push('\n');
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_differing_line_with_its_number() {
        let diff = short_diff(b"4\n5\nRDDR\n", b"4\n4\nRDDR\n").unwrap();
        assert!(diff.contains("-    2 | 4"), "{diff}");
        assert!(diff.contains("+    2 | 5"), "{diff}");
        assert!(diff.contains("     1 | 4"), "{diff}");
    }

    #[test]
    fn equal_texts_have_no_diff_and_long_ones_are_cut() {
        assert_eq!(short_diff(b"a \nb\n", b"a\nb\n"), None);
        let answer: String = (0..1000).map(|i| format!("{i}\n")).collect();
        let output: String = (0..1000).map(|i| format!("{}\n", i * 7 + 5000)).collect();
        let diff = short_diff(output.as_bytes(), answer.as_bytes()).unwrap();
        assert!(diff.lines().count() <= MAX_LINES + 3, "{diff}");
        assert!(diff.contains("diff cut"));
    }

    #[test]
    fn a_short_output_says_where_it_ends() {
        let diff = short_diff(b"4\n", b"4\n4\nRDDR\n").unwrap();
        assert!(diff.contains("the output ends here"), "{diff}");
    }
}
