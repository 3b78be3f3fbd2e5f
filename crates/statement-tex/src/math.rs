//! A formula's LaTeX to MathML, on the server (pulldown-latex), so that no request leaves
//! it: browsers draw MathML themselves.

use pulldown_latex::config::DisplayMode;
use pulldown_latex::{push_mathml, Parser, RenderConfig, Storage};

/// The longest formula rendered, in bytes; a longer one is shown as its source.
pub const MAX_FORMULA_BYTES: usize = 16 * 1024;

/// `tex` as a `<math>` element (`display`: a formula of its own line), or, when it is not
/// math the renderer understands (or too long), its source in a `<code>` element.
pub fn to_mathml(tex: &str, display: bool) -> String {
    let source = || format!("<code>{}</code>", crate::escape(tex.trim()));
    if tex.len() > MAX_FORMULA_BYTES {
        return source();
    }
    let storage = Storage::new();
    let events: Result<Vec<_>, _> = Parser::new(tex, &storage).collect();
    let Ok(events) = events else {
        return source();
    };
    let mut config = RenderConfig::default();
    if display {
        config.display_mode = DisplayMode::Block;
    }
    let mut mathml = String::new();
    match push_mathml(
        &mut mathml,
        events.into_iter().map(Ok::<_, std::convert::Infallible>),
        config,
    ) {
        Ok(()) => escape_text(&mathml),
        Err(_) => source(),
    }
}

/// The MathML elements the renderer writes (the statement sanitiser keeps exactly these).
pub const TAGS: &[&str] = &[
    "math",
    "mi",
    "mn",
    "mo",
    "ms",
    "mtext",
    "mspace",
    "mrow",
    "mfrac",
    "msqrt",
    "mroot",
    "mstyle",
    "merror",
    "mpadded",
    "mphantom",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mmultiscripts",
    "mprescripts",
    "none",
    "mtable",
    "mtr",
    "mtd",
    "semantics",
    "annotation",
    "mlabeledtr",
];

/// The renderer's MathML with the `<`, `>` and `&` of its text escaped (it writes an
/// operator `<` as it is: `<mo><</mo>`).
fn escape_text(mathml: &str) -> String {
    let mut out = String::with_capacity(mathml.len());
    let mut rest = mathml;
    while let Some(c) = rest.chars().next() {
        if c == '<' {
            if let Some(tag_len) = tag_at(rest) {
                out.push_str(&rest[..tag_len]);
                rest = &rest[tag_len..];
                continue;
            }
            out.push_str("&lt;");
        } else if c == '>' {
            out.push_str("&gt;");
        } else if c == '&' {
            let entity = ["&amp;", "&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|e| rest.starts_with(e));
            out.push_str(if entity { "&" } else { "&amp;" });
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// The length of the renderer's tag at the start of `text` (`<mi>`, `</mi>`,
/// `<mo stretchy="false">`), if one is there.
fn tag_at(text: &str) -> Option<usize> {
    let name_start = if text.starts_with("</") { 2 } else { 1 };
    let after = &text[name_start..];
    let name_len = after.bytes().take_while(u8::is_ascii_alphabetic).count();
    if !TAGS.contains(&&after[..name_len]) {
        return None;
    }
    let rest = &after[name_len..];
    if rest.starts_with('>') || rest.starts_with("/>") {
        return Some(name_start + name_len + rest.find('>')? + 1);
    }
    if name_start == 1 && rest.starts_with(' ') {
        // Attributes: quoted values, then `>`.
        let mut quoted = false;
        for (at, c) in rest.char_indices() {
            match c {
                '"' => quoted = !quoted,
                '>' if !quoted => return Some(name_start + name_len + at + 1),
                '<' if !quoted => return None,
                _ => {}
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_become_mathml() {
        let inline = to_mathml(r"1 \le n \le 10^9", false);
        assert!(inline.starts_with("<math display=\"inline\">"), "{inline}");
        assert!(
            inline.contains("<mo>≤</mo>") && inline.contains("<msup><mn>10</mn><mn>9</mn></msup>")
        );
        let block = to_mathml(r"\sum_{i=1}^n a_i", true);
        assert!(block.starts_with("<math display=\"block\">"), "{block}");
        assert!(block.contains("<munderover>"), "{block}");
    }

    #[test]
    fn broken_or_huge_formulas_are_shown_as_their_source() {
        assert_eq!(to_mathml(r"\frac{a", false), r"<code>\frac{a</code>");
        assert_eq!(
            to_mathml("a < \\nosuchcommand", false),
            "<code>a &lt; \\nosuchcommand</code>"
        );
        let huge = "x+".repeat(MAX_FORMULA_BYTES);
        assert!(to_mathml(&huge, false).starts_with("<code>x+x+"));
        let deep = "{".repeat(5000) + &"}".repeat(5000);
        assert!(to_mathml(&deep, false).starts_with("<math"));
    }

    #[test]
    fn text_in_a_formula_is_escaped() {
        let mathml = to_mathml(r"\text{<script>}", false);
        assert!(!mathml.contains("<script>"), "{mathml}");
        assert_eq!(
            to_mathml("a<b", false),
            "<math display=\"inline\"><mi>a</mi><mo>&lt;</mo><mi>b</mi></math>"
        );
        assert_eq!(
            to_mathml(r"\operatorname{x<y>z} \& \mathrm{<}", false),
            "<math display=\"inline\"><mi>x&lt;y&gt;z</mi><mo>\u{2061}</mo><mspace width=\"0.1667em\" /><mi>&amp;</mi><mrow><mo>&lt;</mo></mrow></math>"
        );
    }
}
