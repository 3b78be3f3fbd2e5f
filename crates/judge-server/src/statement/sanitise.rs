//! The one sanitiser every statement's HTML goes through (ammonia, an allow-list), and the
//! rules for where a statement's links and images may point, which the renderer follows
//! too (it drops what the rules refuse, so that the page shows a plain text instead of a
//! dead link).
//!
//! Kept: headings, paragraphs, line breaks, rules, quotes, lists, tables, `pre` and
//! `code`, emphasis, strike-through, sub- and superscripts, links, images, and the
//! `div class="code-block"` the renderer puts around a code block with a copy button.
//! Dropped: every other element (`script` and `style` with their content), every other
//! attribute (`on*`, `style`, `class`, `id`), comments but the renderer's own markers.
//! Links go to `http`, `https` and `mailto` addresses or relative ones; images are inline
//! `data:` images or files of the statement's folder served by the server
//! ([`super::images`]). Statements carry no MathML (their formulas are `$...$` text).

use super::images;
use ammonia::url::{ParseError, Url};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};

/// The elements kept.
const TAGS: &[&str] = &[
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "pre",
    "code",
    "em",
    "strong",
    "del",
    "s",
    "sub",
    "sup",
    "a",
    "img",
    "div",
];

/// Whether a statement may link to `href`: an `http`, `https` or `mailto` address, or a
/// relative one. The scheme is read as browsers read it (tabs, new lines and leading
/// blanks ignored, any case), so `JaVa\tScript:` is refused like `javascript:`.
pub fn link_allowed(href: &str) -> bool {
    match Url::parse(href) {
        Ok(url) => matches!(url.scheme(), "http" | "https" | "mailto"),
        Err(ParseError::RelativeUrlWithoutBase) => true,
        Err(_) => false,
    }
}

/// Whether a rendered image's `src` is one the page may show: an inline image, or a file
/// under `image_href`, the address that serves the statement's folder.
fn image_allowed(src: &str, image_href: Option<&str>) -> bool {
    images::is_data_image(src)
        || image_href
            .and_then(|href| src.strip_prefix(href))
            .is_some_and(|reference| images::relative_path(reference).is_some())
}

/// `html` with only what statements may hold (see the module's documentation); images
/// are kept when they are inline or under `image_href`.
pub fn sanitise(html: &str, image_href: Option<&str>) -> String {
    let image_href = image_href.map(str::to_string);
    let tag_attributes = HashMap::from([
        ("a", HashSet::from(["href", "title"])),
        ("img", HashSet::from(["src", "alt", "title"])),
        ("ol", HashSet::from(["start"])),
    ]);
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(TAGS.iter().copied().collect())
        .clean_content_tags(HashSet::from(["script", "style"]))
        .tag_attributes(tag_attributes)
        .tag_attribute_values(HashMap::new())
        .generic_attributes(HashSet::new())
        .allowed_classes(HashMap::from([("div", HashSet::from(["code-block"]))]))
        .url_schemes(HashSet::from(["http", "https", "mailto", "data"]))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer nofollow"))
        // The renderer's markers for what it puts beside code blocks; a statement cannot
        // make a comment of its own (its raw HTML is text).
        .strip_comments(false)
        .attribute_filter(move |element, attribute, value| {
            let allowed = match (element, attribute) {
                ("a", "href") => link_allowed(value),
                ("img", "src") => image_allowed(value, image_href.as_deref()),
                _ => true,
            };
            allowed.then_some(Cow::Borrowed(value))
        });
    builder.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_go_to_web_and_mail_addresses_or_relative_ones() {
        for allowed in [
            "https://example.org/rules",
            "HTTP://example.org",
            "mailto:teacher@example.org",
            "other.html",
            "#input",
            "/problems/add",
            "teacher@example.org",
        ] {
            assert!(link_allowed(allowed), "{allowed}");
        }
        for refused in [
            "javascript:alert(1)",
            "  JavaScript:alert(1)",
            "java\tscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:x",
            "file:///etc/passwd",
        ] {
            assert!(!link_allowed(refused), "{refused:?}");
        }
    }

    #[test]
    fn only_the_allow_list_is_kept() {
        let html = "<h2 id=x onclick=\"a()\">T</h2><script>alert(1)</script><style>p{}</style>\
            <iframe src=\"https://example.com/\"></iframe><form action=/x><input name=a></form>\
            <p style=\"position:fixed\" class=\"v-AC\">text <a href=\"javascript:alert(1)\">js</a> \
            <a href=\"https://example.org/\" onmouseover=\"b()\">web</a></p>\
            <img src=\"https://example.com/x.png\" onerror=\"c()\"><img src=\"/s/fig.png\" alt=\"f\">\
            <img src=\"/s/../../etc/passwd.png\"><img src=\"data:image/gif;base64,R0lGODlh\">\
            <div class=\"code-block evil\"><pre><code class=\"language-c\">x</code></pre><!--m--></div>";
        let clean = sanitise(html, Some("/s/"));
        assert_eq!(
            clean,
            "<h2>T</h2><p>text <a rel=\"noopener noreferrer nofollow\">js</a> \
            <a href=\"https://example.org/\" rel=\"noopener noreferrer nofollow\">web</a></p>\
            <img><img src=\"/s/fig.png\" alt=\"f\"><img><img src=\"data:image/gif;base64,R0lGODlh\">\
            <div class=\"code-block\"><pre><code>x</code></pre><!--m--></div>"
        );
        let without_folder = sanitise("<img src=\"/s/fig.png\">", None);
        assert_eq!(without_folder, "<img>");
    }
}
