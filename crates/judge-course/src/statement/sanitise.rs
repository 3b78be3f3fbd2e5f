//! The one sanitiser every statement's HTML goes through (ammonia, an allow-list), and the
//! rules for where a statement's links and images may point, which the renderer follows
//! too (it drops what the rules refuse, so that the page shows a plain text instead of a
//! dead link).
//!
//! Kept: headings, paragraphs, line breaks, rules, quotes, lists, tables, `pre` and
//! `code`, emphasis, underlining, strike-through, sub- and superscripts, links, images,
//! the `div class="code-block"` the renderer puts around a code block with a copy button,
//! and MathML's presentation elements with their layout attributes (the formulas the
//! server renders, [`statement_tex::math`]).
//! Dropped: every other element (`script` and `style` with their content), every other
//! attribute (`on*`, `style`, `class`, `id`), comments but the renderer's own markers.
//! Links go to `http`, `https` and `mailto` addresses or relative ones; images are inline
//! `data:` images or files of the statement's folder served by the server
//! ([`super::images`]). A package's own HTML ([`sanitise_package_html`]) names its images
//! by their path in its folder: those that are images of the folder get the address
//! that serves them, the others are dropped.

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
    "u",
];

/// The MathML elements kept: those the math renderer writes.
const MATHML_TAGS: &[&str] = statement_tex::math::TAGS;

/// The attributes kept on MathML elements: layout only (no `href`, no `style`, no event).
const MATHML_ATTRIBUTES: &[&str] = &[
    "display",
    "mathvariant",
    "displaystyle",
    "scriptlevel",
    "stretchy",
    "symmetric",
    "movablelimits",
    "largeop",
    "lspace",
    "rspace",
    "minsize",
    "maxsize",
    "linethickness",
    "width",
    "height",
    "depth",
    "accent",
    "accentunder",
    "fence",
    "separator",
    "form",
    "columnspan",
    "rowspan",
    "encoding",
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
    clean(html, move |src| {
        image_allowed(src, image_href.as_deref()).then_some(Cow::Borrowed(src))
    })
}

/// A package's own HTML (a Polygon `problem.html`, an FPS description), sanitised: an
/// image written as the path of a file of its folder gets the address that serves it
/// (`images`), an inline image stays, every other image goes. Gives the HTML and the
/// paths of the folder's images it shows.
pub fn sanitise_package_html(
    html: &str,
    images: Option<&super::StatementImages>,
) -> (String, Vec<String>) {
    let shown = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let images = images.cloned();
    let record = shown.clone();
    let clean_html = clean(html, move |src| {
        if images::is_data_image(src) {
            return Some(Cow::Borrowed(src));
        }
        let images = images.as_ref()?;
        images::resolve(&images.folder, src)?;
        if let Ok(mut shown) = record.lock() {
            shown.push(src.to_string());
        }
        Some(Cow::Owned(format!("{}{src}", images.href)))
    });
    let shown = shown.lock().map(|s| s.clone()).unwrap_or_default();
    (clean_html, shown)
}

/// The one allow-list; `image` decides each image's `src` (None: the attribute goes).
fn clean(
    html: &str,
    image: impl for<'u> Fn(&'u str) -> Option<Cow<'u, str>> + Send + Sync + 'static,
) -> String {
    let mut tag_attributes = HashMap::from([
        ("a", HashSet::from(["href", "title"])),
        ("img", HashSet::from(["src", "alt", "title"])),
        ("ol", HashSet::from(["start"])),
    ]);
    for tag in MATHML_TAGS {
        tag_attributes.insert(tag, MATHML_ATTRIBUTES.iter().copied().collect());
    }
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(TAGS.iter().chain(MATHML_TAGS).copied().collect())
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
        .attribute_filter(
            move |element, attribute, value| match (element, attribute) {
                ("a", "href") => link_allowed(value).then_some(Cow::Borrowed(value)),
                ("img", "src") => image(value),
                _ => Some(Cow::Borrowed(value)),
            },
        );
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

    #[test]
    fn mathml_is_kept_with_its_layout_attributes_only() {
        let formula = statement_tex::math::to_mathml(r"\sum_{i=1}^n \frac{a_i}{2}", true);
        assert_eq!(sanitise(&formula, None), formula);
        let hostile = "<math display=\"block\" onclick=\"x()\" href=\"javascript:y()\">\
            <mi style=\"color:red\" mathvariant=\"bold\">x</mi><maction actiontype=\"statusline\">\
            <mtext>t</mtext></maction><mtext><script>z()</script></mtext></math>";
        assert_eq!(
            sanitise(hostile, None),
            "<math display=\"block\"><mi mathvariant=\"bold\">x</mi><mtext>t</mtext><mtext></mtext></math>"
        );
    }

    #[test]
    fn a_packages_html_shows_only_its_own_images() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("fig.png"), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
        let images = super::super::StatementImages {
            folder: dir.path().to_path_buf(),
            href: "/p/statement/".into(),
        };
        let (html, shown) = sanitise_package_html(
            "<p><img src=\"fig.png\"><img src=\"https://example.com/x.png\"><img src=\"../fig.png\">\
             <img src=\"missing.png\"><a href=\"javascript:x()\" onclick=\"y()\">a</a></p>",
            Some(&images),
        );
        assert_eq!(
            html,
            "<p><img src=\"/p/statement/fig.png\"><img><img><img><a rel=\"noopener noreferrer nofollow\">a</a></p>"
        );
        assert_eq!(shown, ["fig.png"]);
    }
}
