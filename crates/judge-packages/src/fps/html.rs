//! An item's statement as one HTML file: its sections (description, input, output, hint,
//! source) under headings, sanitised by ammonia, the HTML sanitiser the web front uses
//! for every statement, with an allow-list of the same kind (text, lists, tables, code,
//! links, images; no script, style, event attribute or class). An image of the item is
//! pointed at its file under `images/`; any other image but an inline one is dropped, so
//! that a statement never makes a reader's browser ask another site; a link goes to an
//! `http`, `https` or `mailto` address only. The web front sanitises again when it shows
//! the page: this is what lies on disk.

use super::parse::Item;
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
    "b",
    "i",
    "u",
    "del",
    "s",
    "sub",
    "sup",
    "a",
    "img",
    "div",
    "span",
];

/// The heading each section gets (English and Chinese: FPS banks are mostly Chinese).
fn heading(section: &str) -> &'static str {
    match section {
        "description" => "Description 题目描述",
        "input" => "Input 输入",
        "output" => "Output 输出",
        "hint" => "Hint 提示",
        _ => "Source 来源",
    }
}

/// Whether an inline image is one of the kinds kept.
fn is_data_image(src: &str) -> bool {
    let lower = src.trim_start().to_ascii_lowercase();
    ["png", "gif", "jpeg", "webp"]
        .iter()
        .any(|kind| lower.starts_with(&format!("data:image/{kind};base64,")))
}

/// `html` sanitised; an image at one of `images`' addresses (address -> file name) points
/// at `images/NAME`.
pub fn sanitise(html: &str, images: &HashMap<String, String>) -> String {
    let images = images.clone();
    let mut builder = ammonia::Builder::empty();
    builder
        .tags(TAGS.iter().copied().collect())
        .clean_content_tags(HashSet::from(["script", "style"]))
        .tag_attributes(HashMap::from([
            ("a", HashSet::from(["href", "title"])),
            (
                "img",
                HashSet::from(["src", "alt", "title", "width", "height"]),
            ),
            ("ol", HashSet::from(["start"])),
            ("td", HashSet::from(["colspan", "rowspan"])),
            ("th", HashSet::from(["colspan", "rowspan"])),
        ]))
        .generic_attributes(HashSet::new())
        .url_schemes(HashSet::from(["http", "https", "mailto", "data"]))
        .url_relative(ammonia::UrlRelative::PassThrough)
        .link_rel(Some("noopener noreferrer nofollow"))
        .attribute_filter(
            move |element, attribute, value| match (element, attribute) {
                ("img", "src") => {
                    if let Some(file) = images.get(value.trim()) {
                        Some(Cow::Owned(format!("images/{file}")))
                    } else if is_data_image(value) {
                        Some(Cow::Borrowed(value))
                    } else {
                        None
                    }
                }
                ("a", "href") => {
                    let lower = value.trim_start().to_ascii_lowercase();
                    let allowed = lower.starts_with("http://")
                        || lower.starts_with("https://")
                        || lower.starts_with("mailto:")
                        || lower.starts_with('#');
                    allowed.then_some(Cow::Borrowed(value))
                }
                _ => Some(Cow::Borrowed(value)),
            },
        );
    builder.clean(html).to_string()
}

/// The statement of `item`: each section under its heading, sanitised.
pub fn statement(item: &Item) -> String {
    let images: HashMap<String, String> = item
        .images
        .iter()
        .map(|i| (i.src.clone(), i.file_name.clone()))
        .collect();
    let mut out = String::new();
    for (section, html) in &item.sections {
        out.push_str(&format!("<h2>{}</h2>\n", heading(section)));
        // The source is a plain name in most files; sanitised like the rest.
        out.push_str(&sanitise(html, &images));
        out.push('\n');
    }
    out
}
