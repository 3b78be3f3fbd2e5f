//! Making text that came from a submission safe where it is shown: one function per
//! target. A program's output, its stderr, a checker's or a compiler's message and a
//! file or student name are all the student's text; written raw, an escape sequence sets
//! the teacher's window title, writes to the clipboard (OSC 52), repaints a row as a green
//! "AC" or hides the rest of a report, and a CSV cell starting with `=` is a spreadsheet
//! formula.
//!
//! - [`terminal_line`] / [`terminal_block`]: control characters (C0, DEL, C1) and the
//!   Unicode controls that reorder text (bidirectional overrides and isolates) are shown
//!   as `\u{1b}`-style escapes; a block keeps its line breaks.
//! - [`csv_cell`]: a cell that a spreadsheet would read as a formula gets a leading `'`.
//! - [`json_in_html`]: JSON that sits inside an HTML `<script>` element.
//! - [`xml`]: XML text and attribute values (a visualizer's SVG written back cleaned).
//! - HTML text and attributes: maud escapes them (every page and the report are maud).

use std::borrow::Cow;

/// Whether a character must not reach a terminal as itself.
fn unsafe_on_terminal(c: char) -> bool {
    c.is_control()
        || matches!(c,
            // Bidirectional embeddings, overrides and isolates, and the marks: they reorder
            // what a reader sees ("Trojan source").
            '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
}

fn escape_where(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(|c| unsafe_on_terminal(c) && !keep(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_on_terminal(c) && !keep(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Text for one line of a terminal (a table cell, a message): every control character,
/// line breaks and tabs included, is shown escaped.
pub fn terminal_line(text: &str) -> Cow<'_, str> {
    escape_where(text, |_| false)
}

/// Text of several lines for a terminal (a diff, a compiler's messages): as
/// [`terminal_line`], but line feeds and tabs stay.
pub fn terminal_block(text: &str) -> Cow<'_, str> {
    escape_where(text, |c| c == '\n' || c == '\t')
}

/// Whether a cell is a plain number (`-3`, `+2`, `33.5`): a spreadsheet reads it as a
/// number, which runs nothing.
fn plain_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
        && digits.chars().filter(|&c| c == '.').count() <= 1
        && digits.chars().any(|c| c.is_ascii_digit())
}

/// A CSV cell's text (the csv writer quotes it): a cell that starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return, other than a plain number, would be a formula (or
/// hide one) in a spreadsheet, so it gets a leading `'`, as OWASP advises.
pub fn csv_cell(text: &str) -> Cow<'_, str> {
    let formula = text.starts_with(['=', '+', '-', '@', '\t', '\r']) && !plain_number(text);
    if formula {
        Cow::Owned(format!("'{text}"))
    } else {
        Cow::Borrowed(text)
    }
}

/// JSON to put inside an HTML `<script>` element: `<`, `>` and `&` as `\u` escapes, so
/// that no `</script>` or `<!--` in a student's text can end or bend the element; the
/// JSON means the same.
pub fn json_in_html(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Text or an attribute value in XML: `&`, `<`, `>`, `"` and `'` as entities; a control
/// character XML 1.0 does not allow (all but tab and line breaks) dropped.
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The attacks issue 12 names: a window title, the clipboard, a row redrawn as a green
    /// AC, the rest of a report hidden.
    pub(crate) const ATTACKS: [&str; 4] = [
        "\u{1b}]0;pwned\u{7}",
        "\u{1b}]52;c;ZWNobyBoaQ==\u{7}",
        "\r\u{1b}[2K\u{1b}[1;32mAC\u{1b}[0m",
        "\u{1b}[8m\u{1b}[999B",
    ];

    #[test]
    fn no_control_character_reaches_a_terminal() {
        for attack in ATTACKS {
            for shown in [terminal_line(attack), terminal_block(attack)] {
                assert!(!shown.chars().any(unsafe_on_terminal), "{shown:?}");
            }
        }
        assert_eq!(terminal_line("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(terminal_line("x\u{202e}y"), "x\\u{202e}y");
        assert_eq!(terminal_line("two\nlines"), "two\\u{a}lines");
        assert_eq!(terminal_block("two\nlines\tok"), "two\nlines\tok");
        assert_eq!(terminal_block("cr\r\n"), "cr\\u{d}\n");
        assert!(matches!(terminal_line("plain 中文"), Cow::Borrowed(_)));
    }

    #[test]
    fn formulas_are_neutralised_and_numbers_kept() {
        assert_eq!(csv_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(csv_cell("-2+3"), "'-2+3");
        assert_eq!(csv_cell("\tx"), "'\tx");
        assert_eq!(csv_cell("\rx"), "'\rx");
        assert_eq!(csv_cell("-3"), "-3");
        assert_eq!(csv_cell("33.5"), "33.5");
        assert_eq!(csv_cell("ann"), "ann");
    }

    #[test]
    fn xml_text_cannot_open_an_element_or_end_an_attribute() {
        assert_eq!(
            xml("<a href=\"x\">&'\u{1}"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
        assert_eq!(xml("路线 R\n"), "路线 R\n");
    }

    #[test]
    fn json_cannot_close_its_script_element() {
        let value = serde_json::json!({ "m": "</script><script>alert(1)</script><!--&" });
        let text = json_in_html(&value);
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
