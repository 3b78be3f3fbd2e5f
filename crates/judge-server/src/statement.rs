//! Problem statements: statement.md rendered to HTML, one language at a time.
//!
//! A statement holds both languages under level-2 headings `## 中文` and `## English`
//! (docs/problem-format.md); what comes before the first of them (the title) is shown with
//! either. A statement without those headings is shown whole. Raw HTML in the Markdown is
//! shown as text, never passed through.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

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

    /// The language a browser prefers, from its Accept-Language header (English unless
    /// Chinese comes first).
    pub fn from_accept_language(header: &str) -> StatementLanguage {
        let first = header
            .split(',')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        if first.starts_with("zh") {
            StatementLanguage::Zh
        } else {
            StatementLanguage::En
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
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// Markdown to HTML, with raw HTML shown as text.
pub fn markdown_to_html(markdown: &str) -> String {
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    html
}

/// Renders a statement in `wanted` (or the first language it has, if not that one).
pub fn render(markdown: &str, wanted: StatementLanguage) -> RenderedStatement {
    let found = sections(markdown);
    if found.is_empty() {
        return RenderedStatement {
            html: markdown_to_html(markdown),
            shown: None,
            available: Vec::new(),
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
        html: format!("{}{}", markdown_to_html(preamble), markdown_to_html(body)),
        shown: Some(section.language),
        available,
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
    fn raw_html_is_text() {
        let en = render(TWO, StatementLanguage::En);
        assert!(!en.html.contains("<script>"), "{}", en.html);
        assert!(en.html.contains("&lt;script&gt;"));
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
    fn the_browser_language_picks_the_default() {
        assert_eq!(
            StatementLanguage::from_accept_language("zh-CN,zh;q=0.9,en;q=0.8"),
            StatementLanguage::Zh
        );
        assert_eq!(
            StatementLanguage::from_accept_language("en-US,en;q=0.9"),
            StatementLanguage::En
        );
        assert_eq!(
            StatementLanguage::from_accept_language(""),
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
