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
        Ok(()) => mathml,
        Err(_) => source(),
    }
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
    }
}
