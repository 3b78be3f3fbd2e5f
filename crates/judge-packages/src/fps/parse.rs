//! An FPS file read into its items ([`Item`]), every value checked: the XML by roxmltree
//! (the crate's XML parser, as for Polygon's problem.xml; no DTD, so no entity can
//! expand, and a cap on its nodes), limits with their units, tests and samples in pairs,
//! images decoded and sniffed, program sources with their languages. The first thing
//! wrong is the error, naming the item (its number in the file and its title).

use super::caps;
use base64::Engine;
use roxmltree::{Document, Node, ParsingOptions};

/// A program source of an item (a solution, a special judge, a template part).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The `language` attribute as written (`C++`, `Python`).
    pub language: String,
    /// The file extension that language's sources have (`cpp`, `py`; for a language this
    /// module does not know, its name made safe for a file name).
    pub extension: String,
    /// The code.
    pub code: String,
}

/// An image of the statement, decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// Its address in the item's HTML (`/upload/image/20240101/a.png`).
    pub src: String,
    /// The file name it is kept under in the problem's `images/` folder.
    pub file_name: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// Which template part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplatePart {
    /// `<template>`: the code a student starts from.
    Template,
    /// `<prepend>`: code HUSTOJ puts before a submission.
    Prepend,
    /// `<append>`: code HUSTOJ puts after a submission.
    Append,
}

impl TemplatePart {
    /// The element's (and the kept file's) name.
    pub fn name(self) -> &'static str {
        match self {
            TemplatePart::Template => "template",
            TemplatePart::Prepend => "prepend",
            TemplatePart::Append => "append",
        }
    }
}

/// One `<item>`: a problem, or a statement without tests.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    /// Its number in the file, from 1.
    pub number: usize,
    /// Its title.
    pub title: String,
    /// The CPU time limit in seconds.
    pub time_s: f64,
    /// The memory limit in MiB.
    pub memory_mib: u64,
    /// The statement's sections, HTML as written: (element name, HTML), in the order
    /// description, input, output, hint, source; empty ones left out.
    pub sections: Vec<(&'static str, String)>,
    /// Samples: (input, output).
    pub samples: Vec<(String, String)>,
    /// Tests: (input, output).
    pub tests: Vec<(String, String)>,
    /// The images its HTML shows.
    pub images: Vec<Image>,
    /// The special judge.
    pub spj: Option<Source>,
    /// The solutions, in file order.
    pub solutions: Vec<Source>,
    /// Templates, prepended and appended code.
    pub templates: Vec<(TemplatePart, Source)>,
}

impl Item {
    /// How messages name it: `item 2 "Sum"`.
    pub fn describe(&self) -> String {
        describe(self.number, &self.title)
    }

    /// The code `part` gives for `language`'s extension, if any.
    pub fn template(&self, part: TemplatePart, extension: &str) -> Option<&str> {
        self.templates
            .iter()
            .find(|(p, s)| *p == part && s.extension == extension)
            .map(|(_, s)| s.code.as_str())
    }
}

fn describe(number: usize, title: &str) -> String {
    if title.is_empty() {
        format!("item {number}")
    } else {
        format!("item {number} {title:?}")
    }
}

/// The statement sections, in the order they are shown.
pub const SECTIONS: [&str; 5] = ["description", "input", "output", "hint", "source"];

/// Reads an FPS document: its items, or the first thing wrong (naming the item).
pub fn parse(text: &str) -> Result<Vec<Item>, String> {
    let options = ParsingOptions {
        allow_dtd: false,
        nodes_limit: caps::MAX_XML_NODES,
        ..ParsingOptions::default()
    };
    let document = Document::parse_with_options(text, options).map_err(|e| match e {
        roxmltree::Error::NodesLimitReached => format!(
            "holds more than {} XML nodes, more than an FPS file of this judge may",
            caps::MAX_XML_NODES
        ),
        roxmltree::Error::DtdDetected => {
            "has a DTD (<!DOCTYPE ...>), which an FPS file never needs and is refused (its entities could expand without end)".into()
        }
        other => format!("is not well-formed XML: {other}"),
    })?;
    let root = document.root_element();
    if root.tag_name().name() != "fps" {
        return Err(format!(
            "is not an FPS file: its root element is <{}>, not <fps>",
            root.tag_name().name()
        ));
    }
    let item_nodes: Vec<Node> = root
        .children()
        .filter(|n| n.is_element() && n.tag_name().name() == "item")
        .collect();
    if item_nodes.is_empty() {
        return Err("holds no <item>".into());
    }
    if item_nodes.len() > caps::MAX_ITEMS {
        return Err(format!(
            "holds {} items, more than the {} one import takes",
            item_nodes.len(),
            caps::MAX_ITEMS
        ));
    }
    item_nodes
        .into_iter()
        .enumerate()
        .map(|(index, node)| {
            let number = index + 1;
            let title = text_of(child(node, "title")).trim().to_string();
            item(node, number, &title).map_err(|why| format!("{}: {why}", describe(number, &title)))
        })
        .collect()
}

/// The first child element called `name`.
fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children()
        .find(|n| n.is_element() && n.tag_name().name() == name)
}

/// Every child element called `name`, in order.
fn children<'a, 'i>(node: Node<'a, 'i>, name: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == name)
}

/// An element's text: all its text and CDATA, in order (a test's data may come in several
/// CDATA sections).
fn text_of(node: Option<Node>) -> String {
    node.map(|n| {
        n.descendants()
            .filter(|d| d.is_text())
            .filter_map(|d| d.text())
            .collect()
    })
    .unwrap_or_default()
}

fn item(node: Node, number: usize, title: &str) -> Result<Item, String> {
    if title.is_empty() {
        return Err("has no <title>".into());
    }
    if title.chars().count() > caps::MAX_TITLE_CHARS {
        return Err(format!(
            "its title is longer than {} characters",
            caps::MAX_TITLE_CHARS
        ));
    }
    let time_s = time_limit(child(node, "time_limit"))?;
    let memory_mib = memory_limit(child(node, "memory_limit"))?;
    let sections = SECTIONS
        .iter()
        .map(|&name| (name, text_of(child(node, name))))
        .filter(|(_, html)| !html.trim().is_empty())
        .collect();
    let samples = pairs(node, "sample_input", "sample_output", "sample")?;
    let tests = pairs(node, "test_input", "test_output", "test")?;
    if tests.len() > caps::MAX_TESTS {
        return Err(format!(
            "has {} tests, more than the {} a problem may have here",
            tests.len(),
            caps::MAX_TESTS
        ));
    }
    let images = images(node)?;
    let spj = match child(node, "spj") {
        Some(spj) if !text_of(Some(spj)).trim().is_empty() => Some(source(spj, "<spj>")?),
        _ => None,
    };
    let solutions = children(node, "solution")
        .filter(|s| !text_of(Some(*s)).trim().is_empty())
        .map(|s| source(s, "<solution>"))
        .collect::<Result<Vec<_>, _>>()?;
    let mut templates = Vec::new();
    for part in [
        TemplatePart::Template,
        TemplatePart::Prepend,
        TemplatePart::Append,
    ] {
        for node in node
            .children()
            .filter(|n| n.is_element() && n.tag_name().name() == part.name())
        {
            if text_of(Some(node)).trim().is_empty() {
                continue;
            }
            let source = source(node, &format!("<{}>", part.name()))?;
            if templates.iter().any(|(p, s): &(TemplatePart, Source)| {
                *p == part && s.extension == source.extension
            }) {
                return Err(format!(
                    "has two <{}> elements for {}",
                    part.name(),
                    source.language
                ));
            }
            templates.push((part, source));
        }
    }
    Ok(Item {
        number,
        title: title.to_string(),
        time_s,
        memory_mib,
        sections,
        samples,
        tests,
        images,
        spj,
        solutions,
        templates,
    })
}

/// A number of a limit element.
fn number(node: Node, what: &str) -> Result<f64, String> {
    let text = text_of(Some(node));
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("<{what}> {:?} is not a number", text.trim()))?;
    if !(value > 0.0 && value.is_finite()) {
        return Err(format!("<{what}> {value} must be a positive number"));
    }
    Ok(value)
}

/// `<time_limit unit="s">1</time_limit>` (seconds without a unit, as HUSTOJ writes) in
/// seconds, within the judge's bounds.
fn time_limit(node: Option<Node>) -> Result<f64, String> {
    let node = node.ok_or("has no <time_limit>")?;
    let value = number(node, "time_limit")?;
    let seconds = match node.attribute("unit").map(str::trim) {
        None | Some("s") | Some("S") | Some("sec") => value,
        Some("ms") | Some("MS") => value / 1000.0,
        Some(other) => {
            return Err(format!(
                "<time_limit unit={other:?}>: an unknown unit (s or ms)"
            ))
        }
    };
    match judge_model::limit_bounds::seconds(seconds, judge_model::limit_bounds::MAX_TIME_S) {
        Some(why) => Err(format!("<time_limit>: {why}")),
        None => Ok(seconds),
    }
}

/// `<memory_limit unit="mb">128</memory_limit>` (MiB without a unit) in MiB, rounded up,
/// within the judge's bounds.
fn memory_limit(node: Option<Node>) -> Result<u64, String> {
    let node = node.ok_or("has no <memory_limit>")?;
    let value = number(node, "memory_limit")?;
    let mib = match node
        .attribute("unit")
        .map(|u| u.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("mb") | Some("mib") | Some("m") => value,
        Some("kb") | Some("kib") | Some("k") => value / 1024.0,
        Some("gb") | Some("gib") | Some("g") => value * 1024.0,
        Some(other) => {
            return Err(format!(
                "<memory_limit unit={other:?}>: an unknown unit (kb, mb or gb)"
            ))
        }
    };
    let max = judge_model::limit_bounds::MAX_MEMORY_MIB;
    let mib = if mib > max as f64 {
        max + 1
    } else {
        mib.ceil() as u64
    };
    match judge_model::limit_bounds::mebibytes(mib, max) {
        Some(why) => Err(format!("<memory_limit>: {why}")),
        None => Ok(mib),
    }
}

/// The `<NAME_input>`/`<NAME_output>` elements paired in order: an output needs the
/// input before it.
fn pairs(
    node: Node,
    input: &'static str,
    output: &'static str,
    what: &str,
) -> Result<Vec<(String, String)>, String> {
    let mut found = Vec::new();
    let mut pending: Option<String> = None;
    let mut count = 0usize;
    for element in node.children().filter(|n| n.is_element()) {
        let name = element.tag_name().name();
        if name == input {
            count += 1;
            if pending.is_some() {
                return Err(format!(
                    "its {what} {count} has an <{input}> but the one before it has no <{output}>",
                ));
            }
            pending = Some(text_of(Some(element)));
        } else if name == output {
            let Some(input_text) = pending.take() else {
                return Err(format!(
                    "has an <{output}> without the <{input}> before it ({what} {})",
                    count + 1
                ));
            };
            found.push((input_text, text_of(Some(element))));
        }
    }
    if pending.is_some() {
        return Err(format!(
            "its {what} {count} has an <{input}> but no <{output}>"
        ));
    }
    Ok(found)
}

/// The extension of sources in an FPS `language` (HUSTOJ's names), or its name made safe
/// for a file name when this module does not know it.
pub fn extension_of(language: &str) -> String {
    let known = match language.trim().to_ascii_lowercase().as_str() {
        "c" | "clang" | "gcc" => "c",
        "c++" | "cpp" | "clang++" | "g++" | "c++11" | "c++14" | "c++17" | "c++20" | "cc" => "cpp",
        "java" => "java",
        "python" | "python3" | "python 3" | "pypy" | "pypy3" | "py" => "py",
        "rust" => "rs",
        "pascal" | "freepascal" => "pas",
        "ruby" => "rb",
        "bash" | "shell" => "sh",
        "php" => "php",
        "perl" => "pl",
        "c#" | "csharp" => "cs",
        "go" | "golang" => "go",
        "javascript" | "nodejs" | "node.js" => "js",
        "lua" => "lua",
        "kotlin" => "kt",
        "obj-c" | "objective-c" => "m",
        "freebasic" => "bas",
        "scheme" => "scm",
        "fortran" => "f90",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_string();
    }
    let safe: String = language
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .take(16)
        .collect();
    if safe.is_empty() {
        "txt".into()
    } else {
        safe
    }
}

fn source(node: Node, what: &str) -> Result<Source, String> {
    let language = node.attribute("language").map(str::trim).unwrap_or("");
    if language.is_empty() {
        return Err(format!("{what} has no language attribute"));
    }
    let code = text_of(Some(node));
    if code.len() > caps::MAX_SOURCE_BYTES {
        return Err(format!(
            "{what} ({language}) is larger than {} bytes",
            caps::MAX_SOURCE_BYTES
        ));
    }
    Ok(Source {
        language: language.to_string(),
        extension: extension_of(language),
        code,
    })
}

/// The image types kept (the ones the statement page serves), by their first bytes.
const IMAGE_TYPES: [(&str, &[u8]); 5] = [
    ("png", b"\x89PNG\r\n\x1a\n"),
    ("jpg", b"\xff\xd8\xff"),
    ("gif", b"GIF87a"),
    ("gif", b"GIF89a"),
    ("webp", b"RIFF"),
];

/// The extension of an image's type from its bytes (PNG, JPEG, GIF, WebP), if it is one.
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    IMAGE_TYPES
        .iter()
        .find(|(kind, magic)| {
            bytes.starts_with(magic) && (*kind != "webp" || bytes.get(8..12) == Some(b"WEBP"))
        })
        .map(|(kind, _)| *kind)
}

/// Why an image's address is refused, if it is: a `..` step, a backslash, a control
/// character (a NUL) — an address that tries to name a file elsewhere.
fn address_trick(src: &str) -> Option<&'static str> {
    if src.chars().any(|c| c.is_control()) {
        Some("holds a control character")
    } else if src.contains('\\') {
        Some("holds a backslash")
    } else if src.split('/').any(|part| part == "..") {
        Some("holds a `..` step")
    } else {
        None
    }
}

/// The item's `<img><src>..</src><base64>..</base64></img>` images, decoded, each given a
/// file name of its own (its address's last part when that is plain, else `image-N`, with
/// the extension of what its bytes are).
fn images(node: Node) -> Result<Vec<Image>, String> {
    let mut found: Vec<Image> = Vec::new();
    for (index, img) in children(node, "img").enumerate() {
        let src = text_of(child(img, "src")).trim().to_string();
        let label = if src.is_empty() {
            format!("image {}", index + 1)
        } else {
            format!("image {src:?}")
        };
        if src.is_empty() {
            return Err(format!("its {label} has no <src>"));
        }
        if let Some(why) = address_trick(&src) {
            return Err(format!("its {label}: the address {why}"));
        }
        let encoded: String = text_of(child(img, "base64"))
            .chars()
            .filter(|c| !c.is_ascii_whitespace())
            .collect();
        if encoded.len() / 4 * 3 > caps::MAX_IMAGE_BYTES {
            return Err(format!(
                "its {label} is larger than {} bytes",
                caps::MAX_IMAGE_BYTES
            ));
        }
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(encoded.as_bytes())
            .map_err(|e| format!("its {label} is not valid base64: {e}"))?;
        let Some(kind) = image_type(&bytes) else {
            return Err(format!(
                "its {label} is not an image (not PNG, JPEG, GIF or WebP)"
            ));
        };
        let stem = src
            .rsplit('/')
            .next()
            .and_then(|last| last.rsplit_once('.').map(|(stem, _)| stem).or(Some(last)))
            .filter(|stem| {
                !stem.is_empty()
                    && stem.len() <= 64
                    && !stem.starts_with('.')
                    && stem
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.')
            })
            .map(str::to_string)
            .unwrap_or_else(|| format!("image-{}", index + 1));
        let mut file_name = format!("{stem}.{kind}");
        if found.iter().any(|i| i.file_name == file_name) {
            file_name = format!("{stem}-{}.{kind}", index + 1);
        }
        if let Some(same) = found.iter().find(|i| i.src == src) {
            if same.bytes != bytes {
                return Err(format!("has two different images at {src:?}"));
            }
            continue;
        }
        found.push(Image {
            src,
            file_name,
            bytes,
        });
    }
    Ok(found)
}
