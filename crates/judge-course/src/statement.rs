//! Problem statements: statement.md rendered to HTML, one language at a time.
//!
//! A statement holds both languages under level-2 headings `## 中文` and `## English`
//! (docs/problem-format.md); what comes before the first of them (the title) is shown with
//! either. A statement without those headings is shown whole. Raw HTML in the Markdown is
//! shown as text, never passed through. Its math (`$...$`, `$$...$$`) is rendered to
//! MathML here ([`statement_tex::math`]): no request leaves the server for it.
//!
//! A package's statements in other forms (LaTeX, Polygon's sections, HTML) and which of a
//! problem's statements is shown are [`package`]'s.
//!
//! A package is untrusted input: the HTML made from a statement goes through one
//! sanitiser ([`sanitise`]), and its links and images are held to its rules before that
//! (a link elsewhere than `http`, `https`, `mailto` or a relative address becomes plain
//! text; an image that is neither inline nor a file of the statement's folder
//! ([`images`]) is dropped).

pub mod images;
pub mod package;
pub mod sanitise;

use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use sha2::Digest;
use std::path::PathBuf;

/// A statement language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatementLanguage {
    /// Chinese.
    Zh,
    /// English.
    En,
}

impl StatementLanguage {
    /// The query value (`zh`, `en`).
    pub fn code(self) -> &'static str {
        match self {
            StatementLanguage::Zh => "zh",
            StatementLanguage::En => "en",
        }
    }

    /// The name shown on the switch.
    pub fn label(self) -> &'static str {
        match self {
            StatementLanguage::Zh => "中文",
            StatementLanguage::En => "English",
        }
    }

    /// From a query value.
    pub fn from_code(code: &str) -> Option<StatementLanguage> {
        match code {
            "zh" => Some(StatementLanguage::Zh),
            "en" => Some(StatementLanguage::En),
            _ => None,
        }
    }

    /// The statement language for an interface language (the request's, which the
    /// browser's Accept-Language or the switch chose).
    pub fn of_interface(lang: judge_i18n::Lang) -> StatementLanguage {
        match lang {
            judge_i18n::Lang::Zh => StatementLanguage::Zh,
            judge_i18n::Lang::En => StatementLanguage::En,
        }
    }

    fn of_heading(text: &str) -> Option<StatementLanguage> {
        match text.trim() {
            "中文" | "Chinese" | "简体中文" => Some(StatementLanguage::Zh),
            "English" | "英文" => Some(StatementLanguage::En),
            _ => None,
        }
    }
}

/// A statement rendered in one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedStatement {
    /// The HTML.
    pub html: String,
    /// The language shown (None: the statement has no language sections).
    pub shown: Option<StatementLanguage>,
    /// The languages the statement has.
    pub available: Vec<StatementLanguage>,
    /// The language code of the text shown, when it is known and is neither of
    /// [`StatementLanguage`]'s (a package's `sv` statement).
    pub other_language: Option<String>,
}

/// One language section: where its heading starts and where its body starts.
struct Section {
    language: StatementLanguage,
    heading_start: usize,
    body_start: usize,
}

fn sections(markdown: &str) -> Vec<Section> {
    let mut found = Vec::new();
    let mut in_h2: Option<(usize, String)> = None;
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        match event {
            Event::Start(Tag::Heading {
                level: HeadingLevel::H2,
                ..
            }) => in_h2 = Some((range.start, String::new())),
            Event::Text(text) | Event::Code(text) => {
                if let Some((_, heading)) = in_h2.as_mut() {
                    heading.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(HeadingLevel::H2)) => {
                if let Some((start, text)) = in_h2.take() {
                    if let Some(language) = StatementLanguage::of_heading(&text) {
                        found.push(Section {
                            language,
                            heading_start: start,
                            body_start: range.end,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    found
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_MATH
}

/// HTML the caller puts beside a code block of a statement, chosen from the block's text
/// (a copy button beside a block that shows a sample), or nothing.
pub type BesideCodeBlock<'a> = &'a mut dyn FnMut(&str) -> Option<String>;

/// Where a statement's images are read from and served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementImages {
    /// The statement's folder (an image is a file inside it).
    pub folder: PathBuf,
    /// The address that serves that folder's images, ending in `/`
    /// (`/problems/maze/statement/`).
    pub href: String,
}

/// Markdown to HTML, with raw HTML shown as text and no space left by a line break
/// between two Chinese (or Japanese) characters ([`joins_without_space`]); only inline
/// images are kept (what the tests call; the pages use [`markdown_to_html_with`]).
#[cfg(test)]
pub fn markdown_to_html(markdown: &str) -> String {
    markdown_to_html_with(markdown, &mut |_| None, None)
}

/// The `src` a statement's image gets: an inline image as it is, a file of the statement's
/// folder at the address that serves it, anything else None (the image is dropped).
fn image_src(reference: &str, images: Option<&StatementImages>) -> Option<String> {
    if images::is_data_image(reference) {
        return Some(reference.to_string());
    }
    let images = images?;
    images::resolve(&images.folder, reference)?;
    Some(format!("{}{reference}", images.href))
}

/// The events with the links and images [`sanitise`] would refuse taken out: a link's
/// text stays as plain text, an image goes with its alternative text.
fn checked_links_and_images<'a>(
    events: Vec<Event<'a>>,
    images: Option<&StatementImages>,
) -> Vec<Event<'a>> {
    let mut kept = Vec::with_capacity(events.len());
    // Whether each open link was kept; how deep inside a dropped image this is.
    let mut links: Vec<bool> = Vec::new();
    let mut dropped_image_depth = 0usize;
    for event in events {
        if dropped_image_depth > 0 {
            match event {
                Event::Start(Tag::Image { .. }) => dropped_image_depth += 1,
                Event::End(TagEnd::Image) => dropped_image_depth -= 1,
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let keep = sanitise::link_allowed(&dest_url);
                links.push(keep);
                if keep {
                    kept.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }));
                }
            }
            Event::End(TagEnd::Link) => {
                if links.pop().unwrap_or(false) {
                    kept.push(event);
                }
            }
            Event::Start(Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            }) => match image_src(&dest_url, images) {
                Some(src) => kept.push(Event::Start(Tag::Image {
                    link_type,
                    dest_url: CowStr::from(src),
                    title,
                    id,
                })),
                None => dropped_image_depth = 1,
            },
            other => kept.push(other),
        }
    }
    kept
}

/// Markdown to HTML, with raw HTML shown as text and no space left by a line break
/// between two Chinese (or Japanese) characters ([`joins_without_space`]); with what
/// `beside` gives for a code block after the block, both in a `div class="code-block"` (a block it gives nothing for stays as it is), and the
/// images of the statement's folder (`images`) kept too.
pub fn markdown_to_html_with(
    markdown: &str,
    beside: BesideCodeBlock<'_>,
    images: Option<&StatementImages>,
) -> String {
    let events: Vec<Event> = Parser::new_ext(markdown, options())
        .map(|event| match event {
            Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
            // The server's own MathML, which the sanitiser keeps.
            Event::InlineMath(tex) => {
                Event::InlineHtml(statement_tex::math::to_mathml(&tex, false).into())
            }
            Event::DisplayMath(tex) => {
                Event::InlineHtml(statement_tex::math::to_mathml(&tex, true).into())
            }
            other => other,
        })
        .collect();
    let events = checked_links_and_images(events, images);
    // What `beside` gives is the page's own HTML (a copy button), not the statement's: it
    // is put in after sanitising, where a marker comment stands. The markers are named
    // after the statement's hash, which its own text cannot hold.
    let key = crate::accounts::hex(&sha2::Sha256::digest(markdown.as_bytes())[..8]);
    let mut besides: Vec<(String, String)> = Vec::new();
    let mut kept = Vec::with_capacity(events.len());
    let mut before: Option<char> = None;
    let mut close_block: Option<String> = None;
    for (index, event) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::CodeBlock(_)) => {
                let text: String = events[index + 1..]
                    .iter()
                    .take_while(|e| !matches!(e, Event::End(TagEnd::CodeBlock)))
                    .filter_map(|e| match e {
                        Event::Text(text) => Some(text.as_ref()),
                        _ => None,
                    })
                    .collect();
                close_block = beside(&text);
                if close_block.is_some() {
                    kept.push(Event::Html("<div class=\"code-block\">\n".into()));
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some(html) = close_block.take() {
                    let marker = format!("<!--judge-beside-{key}-{}-->", besides.len());
                    kept.push(event.clone());
                    kept.push(Event::Html(format!("{marker}</div>\n").into()));
                    besides.push((marker, html));
                    continue;
                }
            }
            Event::Text(text) | Event::Code(text) => before = text.chars().last().or(before),
            Event::SoftBreak => {
                let after = events[index + 1..].iter().find_map(|next| match next {
                    Event::Text(text) | Event::Code(text) => text.chars().next(),
                    _ => None,
                });
                if let (Some(before), Some(after)) = (before, after) {
                    if joins_without_space(before, after) {
                        continue;
                    }
                }
            }
            _ => {}
        }
        kept.push(event.clone());
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, kept.into_iter());
    let mut html = sanitise::sanitise(&html, images.map(|i| i.href.as_str()));
    for (marker, beside) in besides {
        html = html.replacen(&marker, &beside, 1);
    }
    html
}

/// Where the statement's images point, as written (the served ones are among them).
pub fn image_references(markdown: &str) -> Vec<String> {
    Parser::new_ext(markdown, options())
        .filter_map(|event| match event {
            Event::Start(Tag::Image { dest_url, .. }) => Some(dest_url.into_string()),
            _ => None,
        })
        .collect()
}

/// Whether a line break between `before` and `after` is nothing rather than a space: both
/// are wide East Asian characters written without spaces between words (Chinese and
/// Japanese characters, their punctuation and full-width forms; not Hangul, which spaces
/// its words), as the CSS Text rules for segment breaks say.
pub fn joins_without_space(before: char, after: char) -> bool {
    is_unspaced_wide(before) && is_unspaced_wide(after)
}

fn is_unspaced_wide(c: char) -> bool {
    matches!(u32::from(c),
        0x2E80..=0x2FDF      // CJK radicals, Kangxi radicals
        | 0x3000..=0x303F    // CJK symbols and punctuation (、。「」)
        | 0x3040..=0x30FF    // Hiragana, Katakana
        | 0x3100..=0x312F    // Bopomofo
        | 0x31C0..=0x31FF    // CJK strokes, Katakana extensions
        | 0x3200..=0x4DBF    // enclosed CJK, compatibility, extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xF900..=0xFAFF    // CJK compatibility ideographs
        | 0xFE30..=0xFE4F    // CJK compatibility forms
        | 0xFF01..=0xFF60    // full-width forms (，：（）)
        | 0xFFE0..=0xFFE6    // full-width signs
        | 0x20000..=0x3FFFF  // extensions B and later
    )
}

/// Renders a statement in `wanted` (or the first language it has, if not that one); only
/// inline images are kept (what the tests call; the pages use [`render_with`]).
#[cfg(test)]
pub fn render(markdown: &str, wanted: StatementLanguage) -> RenderedStatement {
    render_with(markdown, wanted, &mut |_| None, None)
}

/// `render`, with what `beside` gives beside the shown language's code blocks and the
/// images of the statement's folder ([`markdown_to_html_with`]).
pub fn render_with(
    markdown: &str,
    wanted: StatementLanguage,
    beside: BesideCodeBlock<'_>,
    images: Option<&StatementImages>,
) -> RenderedStatement {
    let found = sections(markdown);
    if found.is_empty() {
        return RenderedStatement {
            html: markdown_to_html_with(markdown, beside, images),
            shown: None,
            available: Vec::new(),
            other_language: None,
        };
    }
    let available: Vec<StatementLanguage> = found.iter().map(|s| s.language).collect();
    let index = found.iter().position(|s| s.language == wanted).unwrap_or(0);
    let section = &found[index];
    let end = found
        .get(index + 1)
        .map_or(markdown.len(), |next| next.heading_start);
    let preamble = &markdown[..found[0].heading_start];
    let body = &markdown[section.body_start..end];
    RenderedStatement {
        html: markdown_to_html_with(preamble, beside, images)
            + &markdown_to_html_with(body, beside, images),
        shown: Some(section.language),
        available,
        other_language: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "# 标题 / Title\n\n## 中文\n\n甲乙丙\n\n```\n1 2\n```\n\n## English\n\nabc <script>x</script>\n\n### Input\n\n```\n3 4\n```\n";

    #[test]
    fn each_language_shows_its_own_section_and_the_title() {
        let zh = render(TWO, StatementLanguage::Zh);
        assert_eq!(zh.shown, Some(StatementLanguage::Zh));
        assert!(zh.html.contains("<h1>标题 / Title</h1>"));
        assert!(zh.html.contains("甲乙丙") && zh.html.contains("<pre><code>1 2"));
        assert!(!zh.html.contains("abc") && !zh.html.contains("中文</h2>"));
        let en = render(TWO, StatementLanguage::En);
        assert!(en.html.contains("<h1>标题 / Title</h1>") && en.html.contains("<h3>Input</h3>"));
        assert!(en.html.contains("<pre><code>3 4") && !en.html.contains("甲乙丙"));
        assert_eq!(en.available, [StatementLanguage::Zh, StatementLanguage::En]);
    }

    #[test]
    fn markdown_math_becomes_mathml() {
        let html = markdown_to_html("Read $1 \\le n \\le 10^5$ numbers.\n\n$$\\sum a_i$$\n");
        assert!(
            html.contains("Read <math display=\"inline\"><mn>1</mn><mo>≤</mo>"),
            "{html}"
        );
        assert!(html.contains("<math display=\"block\">"), "{html}");
        assert!(!html.contains('$'), "{html}");
        // Code keeps its dollars.
        assert!(markdown_to_html("`$x$`").contains("<code>$x$</code>"));
    }

    #[test]
    fn a_line_break_between_chinese_characters_is_no_space() {
        let html = markdown_to_html("输入两个\n整数，用空格\n分隔。\n");
        assert_eq!(html, "<p>输入两个整数，用空格分隔。</p>\n");
        let punctuation = markdown_to_html("第一行。\n（第二行）\n");
        assert_eq!(punctuation, "<p>第一行。（第二行）</p>\n");
        let across_tags = markdown_to_html("输出**最短**\n路径的`长度`\n即可\n");
        assert_eq!(
            across_tags,
            "<p>输出<strong>最短</strong>路径的<code>长度</code>即可</p>\n"
        );
        let japanese = markdown_to_html("ひらがな\nカタカナ\n");
        assert!(japanese.contains("ひらがなカタカナ"), "{japanese}");
    }

    #[test]
    fn a_line_break_next_to_latin_text_stays_a_space() {
        assert_eq!(
            markdown_to_html("read two\nintegers\n"),
            "<p>read two\nintegers</p>\n"
        );
        let mixed = markdown_to_html("输入整数\nn，然后\n$m$ 个数\n");
        assert!(
            mixed.contains("输入整数\nn") && mixed.contains("然后\n<math"),
            "{mixed}"
        );
        let korean = markdown_to_html("한국어\n문장\n");
        assert!(
            korean.contains("한국어\n문장"),
            "Hangul spaces its words: {korean}"
        );
        let hard = markdown_to_html("甲乙  \n丙丁\n");
        assert!(hard.contains("<br>"), "a hard break stays: {hard}");
        assert!(!joins_without_space('a', '中') && joins_without_space('中', '。'));
    }

    #[test]
    fn statements_render_chinese_soft_breaks_without_spaces() {
        let zh = render(
            "# 题\n\n## 中文\n\n每行一个\n整数。\n\n## English\n\none\nline\n",
            StatementLanguage::Zh,
        );
        assert!(zh.html.contains("每行一个整数。"), "{}", zh.html);
        let en = render(
            "# 题\n\n## 中文\n\n甲\n\n## English\n\none\nline\n",
            StatementLanguage::En,
        );
        assert!(en.html.contains("one\nline"), "{}", en.html);
    }

    #[test]
    fn code_blocks_get_what_the_caller_puts_beside_them() {
        let mut seen = Vec::new();
        let mut beside = |text: &str| {
            seen.push(text.to_string());
            (text == "3 4\n").then(|| "<button>copy</button>".to_string())
        };
        let en = render_with(TWO, StatementLanguage::En, &mut beside, None);
        assert_eq!(seen, ["3 4\n"], "only the shown language's blocks");
        assert!(
            en.html.contains(
                "<div class=\"code-block\">\n<pre><code>3 4\n</code></pre>\n<button>copy</button></div>"
            ),
            "{}",
            en.html
        );
        let zh = render_with(TWO, StatementLanguage::Zh, &mut |_| None, None);
        assert!(!zh.html.contains("code-block"), "{}", zh.html);
        assert_eq!(zh, render(TWO, StatementLanguage::Zh));
    }

    #[test]
    fn raw_html_is_text() {
        let en = render(TWO, StatementLanguage::En);
        assert!(!en.html.contains("<script>"), "{}", en.html);
        assert!(en.html.contains("&lt;script&gt;"));
    }

    #[test]
    fn links_elsewhere_become_text_and_images_outside_the_folder_are_dropped() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("fig.png"), b"\x89PNG\r\n\x1a\n").unwrap();
        let images = StatementImages {
            folder: dir.path().to_path_buf(),
            href: "/problems/p/statement/".into(),
        };
        let markdown = "[a](javascript:alert(1)) [b](https://example.org/) ![c](fig.png) \
            ![d](https://example.com/d.png) ![*e*](../fig.png)";
        let html = markdown_to_html_with(markdown, &mut |_| None, Some(&images));
        assert_eq!(
            html,
            "<p>a <a href=\"https://example.org/\" rel=\"noopener noreferrer nofollow\">b</a> \
             <img src=\"/problems/p/statement/fig.png\" alt=\"c\">  </p>\n"
        );
        let without_folder = markdown_to_html("![c](fig.png) ![i](data:image/png;base64,iVBO)");
        assert_eq!(
            without_folder,
            "<p> <img src=\"data:image/png;base64,iVBO\" alt=\"i\"></p>\n"
        );
    }

    #[test]
    fn a_statement_without_sections_is_whole_and_a_missing_language_falls_back() {
        let plain = render("# T\n\ntext\n", StatementLanguage::Zh);
        assert_eq!(plain.shown, None);
        assert!(plain.html.contains("text"));
        let only_en = render("# T\n\n## English\n\nhello\n", StatementLanguage::Zh);
        assert_eq!(only_en.shown, Some(StatementLanguage::En));
        assert!(only_en.html.contains("hello"));
    }

    #[test]
    fn the_interface_language_picks_the_default() {
        use judge_i18n::Lang;
        assert_eq!(
            StatementLanguage::of_interface(Lang::Zh),
            StatementLanguage::Zh
        );
        assert_eq!(
            StatementLanguage::of_interface(Lang::En),
            StatementLanguage::En
        );
    }

    #[test]
    fn the_repository_statements_have_both_languages() {
        let problems = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../problems");
        for id in ["maze", "eight-puzzle"] {
            let text = std::fs::read_to_string(problems.join(id).join("statement.md")).unwrap();
            let zh = render(&text, StatementLanguage::Zh);
            assert_eq!(zh.available.len(), 2, "{id}");
            assert!(
                zh.html.contains("<pre><code>"),
                "{id}: samples as code blocks"
            );
        }
    }
}
