//! A visualizer's SVG made safe to show: the visualizer is the problem's program, but what
//! it draws follows from the student's output, so its SVG is read as hostile. It is parsed
//! as XML (no DTD, a cap on nodes and depth) and written back with only a whitelist of
//! drawing elements and attributes: no script, no `foreignObject`, no event handler, no
//! style element, no link or image, no reference to anything outside the picture (a `use`
//! or a `url()` may only name an element of the picture itself). What is not on the list
//! is left out, with what it holds; an SVG that cannot be read at all is refused.

use judge_model::text::escape::xml;

/// The SVG namespace.
const SVG_NAMESPACE: &str = "http://www.w3.org/2000/svg";
/// The XLink namespace (SVG 1.1's `xlink:href`).
const XLINK_NAMESPACE: &str = "http://www.w3.org/1999/xlink";
/// The most XML nodes a picture may have.
const MAX_NODES: u32 = 200_000;
/// The deepest nesting of elements kept.
const MAX_DEPTH: usize = 64;

/// The elements kept: shapes, text, groups and the definitions they refer to.
const ELEMENTS: &[&str] = &[
    "svg", "g", "rect", "line", "polyline", "polygon", "circle", "ellipse", "path", "text",
    "tspan", "title", "desc", "defs", "marker", "use",
];

/// The elements whose text is kept (elsewhere text is only layout whitespace).
const TEXT_ELEMENTS: &[&str] = &["text", "tspan", "title", "desc"];

/// The attributes kept, on any kept element: geometry and presentation. `href` is
/// checked apart ([`local_reference`]), `style` too ([`safe_style`]).
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "viewBox",
    "width",
    "height",
    "preserveAspectRatio",
    "version",
    "transform",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "points",
    "d",
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "pathLength",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-miterlimit",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "letter-spacing",
    "visibility",
    "display",
    "vector-effect",
    "shape-rendering",
    "paint-order",
    "marker-start",
    "marker-mid",
    "marker-end",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
];

/// Why an SVG is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

/// The SVG `text` with only what [`self`] keeps, as a standalone document, or why it
/// cannot be read.
pub fn clean(text: &str) -> Result<String, Refused> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let document = roxmltree::Document::parse_with_options(text, options)
        .map_err(|e| Refused(format!("it is not well-formed XML ({e})")))?;
    let root = document.root_element();
    if root.tag_name().name() != "svg" || !in_svg_namespace(root) {
        return Err(Refused(format!(
            "its root element is <{}>, not <svg>",
            root.tag_name().name()
        )));
    }
    let mut out = String::with_capacity(text.len());
    write_element(root, 0, &mut out);
    Ok(out)
}

/// Whether an element is SVG's (or in no namespace: a visualizer that forgot `xmlns`).
fn in_svg_namespace(node: roxmltree::Node<'_, '_>) -> bool {
    matches!(node.tag_name().namespace(), None | Some(SVG_NAMESPACE))
}

/// Writes a kept element, its kept attributes and its kept children.
fn write_element(node: roxmltree::Node<'_, '_>, depth: usize, out: &mut String) {
    let name = node.tag_name().name();
    out.push('<');
    out.push_str(name);
    if depth == 0 {
        out.push_str(" xmlns=\"");
        out.push_str(SVG_NAMESPACE);
        out.push('"');
    }
    for attribute in node.attributes() {
        if let Some((key, value)) = kept_attribute(name, attribute) {
            out.push(' ');
            out.push_str(key);
            out.push_str("=\"");
            out.push_str(&xml(value));
            out.push('"');
        }
    }
    out.push('>');
    let keeps_text = TEXT_ELEMENTS.contains(&name);
    for child in node.children() {
        if child.is_element() {
            let child_name = child.tag_name().name();
            if depth < MAX_DEPTH && in_svg_namespace(child) && ELEMENTS.contains(&child_name) {
                write_element(child, depth + 1, out);
            }
        } else if child.is_text() && keeps_text {
            out.push_str(&xml(child.text().unwrap_or_default()));
        }
    }
    out.push_str("</");
    out.push_str(name);
    out.push('>');
}

/// The attribute as it is written back (`xlink:href` becomes SVG 2's `href`), or `None`
/// when it is left out.
fn kept_attribute<'a>(
    element: &str,
    attribute: roxmltree::Attribute<'a, '_>,
) -> Option<(&'static str, &'a str)> {
    let (name, value) = (attribute.name(), attribute.value());
    match attribute.namespace() {
        None if name == "href" => {}
        Some(XLINK_NAMESPACE) if name == "href" => {}
        None => {}
        Some(_) => return None,
    }
    if name == "href" {
        return (element == "use" && local_reference(value)).then_some(("href", value));
    }
    if name == "style" {
        return safe_style(value).then_some(("style", value));
    }
    let key = ATTRIBUTES.iter().find(|&&kept| kept == name)?;
    references_are_local(value).then_some((key, value))
}

/// Whether `value` names an element of the picture: `#` and a plain id.
fn local_reference(value: &str) -> bool {
    value
        .strip_prefix('#')
        .is_some_and(|id| !id.is_empty() && id.chars().all(plain_id_char))
}

fn plain_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// Whether every `url(...)` in a value is a local reference (`url(#arrow)`): a marker or a
/// paint may name a definition of the picture, never a file or a site.
fn references_are_local(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(start) = rest.find("url(") {
        let after = &rest[start + 4..];
        let Some(end) = after.find(')') else {
            return false;
        };
        let inside = after[..end].trim().trim_matches(['"', '\'']);
        if !local_reference(inside) {
            return false;
        }
        rest = &after[end + 1..];
    }
    true
}

/// Whether a `style` attribute is plain declarations: no `url()`, no escapes (which could
/// spell one), no at-rule, no comment.
fn safe_style(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    !lower.contains("url")
        && !lower.contains("expression")
        && !value.contains(['\\', '@', '<', '>', '/'])
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLEAN: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10" width="200"><defs><marker id="arrow" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="red"></path></marker></defs><g stroke="black"><rect x="0" y="0" width="10" height="10" fill="#eee"></rect><line x1="0" y1="5" x2="10" y2="5" marker-end="url(#arrow)"></line><use href="#arrow" x="3"></use></g><text x="1" y="9" font-size="3">step 3 &lt; 4</text><title>maze</title></svg>"##;

    #[test]
    fn a_clean_svg_is_kept_as_it_is() {
        assert_eq!(clean(CLEAN).unwrap(), CLEAN);
    }

    #[test]
    fn scripts_and_foreign_objects_are_left_out_with_what_they_hold() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><script>alert(2)</script></div></foreignObject><style>rect { fill: url(https://x.example/) }</style><rect width="1"/></svg>"#;
        assert_eq!(
            clean(svg).unwrap(),
            r#"<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect></svg>"#
        );
    }

    #[test]
    fn event_handlers_are_left_out() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="2" onclick="alert(2)" onmouseover="x()"/><g><animate attributeName="href" to="javascript:alert(3)"/><set attributeName="onload" to="alert(4)"/></g></svg>"#;
        let cleaned = clean(svg).unwrap();
        assert_eq!(
            cleaned,
            r#"<svg xmlns="http://www.w3.org/2000/svg"><circle r="2"></circle><g></g></svg>"#
        );
    }

    #[test]
    fn only_local_references_are_kept() {
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://x.example/a.svg#b"/><use href="other.svg#b"/><use xlink:href="#b"/><a href="https://x.example/"><rect width="1"/></a><image href="https://x.example/p.png"/><rect fill="url(https://x.example/f)" stroke="url(#g)" style="fill: url(x)"/><rect style="fill: red; stroke-width: 2"/><path d="M0 0" href="#b"/></svg>"##;
        let cleaned = clean(svg).unwrap();
        assert!(!cleaned.contains("example"), "{cleaned}");
        assert_eq!(
            cleaned,
            r##"<svg xmlns="http://www.w3.org/2000/svg"><use></use><use></use><use href="#b"></use><rect stroke="url(#g)"></rect><rect style="fill: red; stroke-width: 2"></rect><path d="M0 0"></path></svg>"##
        );
    }

    #[test]
    fn what_is_not_an_svg_is_refused() {
        for (text, why) in [
            ("", "not well-formed"),
            ("<svg><rect></svg>", "not well-formed"),
            ("<html><body/></html>", "<html>"),
            (
                r#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>"#,
                "not well-formed",
            ),
            (
                r#"<svg xmlns="http://www.w3.org/1999/xhtml"/>"#,
                "not <svg>",
            ),
        ] {
            let Refused(message) = clean(text).unwrap_err();
            assert!(message.contains(why), "{text:?}: {message}");
        }
    }

    #[test]
    fn text_outside_text_elements_is_dropped_and_text_is_escaped() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg">stray<text>&lt;script&gt;</text><g>more</g></svg>"#;
        assert_eq!(
            clean(svg).unwrap(),
            r#"<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt;</text><g></g></svg>"#
        );
    }

    #[test]
    fn a_missing_namespace_is_added_and_deep_nesting_is_cut() {
        assert_eq!(
            clean("<svg><g/></svg>").unwrap(),
            r#"<svg xmlns="http://www.w3.org/2000/svg"><g></g></svg>"#
        );
        let deep = format!("<svg>{}{}</svg>", "<g>".repeat(200), "</g>".repeat(200));
        let cleaned = clean(&deep).unwrap();
        assert_eq!(cleaned.matches("<g>").count(), MAX_DEPTH);
    }
}
