//! A problem's statements as their authors wrote them: which one is shown (the page's
//! language, then English, then the package's first), and the ones that are not Markdown:
//! LaTeX (a Kattis `problem.tex`, Polygon's `statement-sections/<language>/`) through
//! [`statement_tex`], HTML (Polygon's `problem.html`, an FPS description) sanitised, each
//! with the images of its own folder; and the PDF a package ships, linked beside them.
//!
//! Every file is read capped ([`MAX_STATEMENT_BYTES`]); the HTML made goes through the one
//! sanitiser ([`super::sanitise`]).

use super::{images, sanitise, StatementImages, StatementLanguage};
use judge_model::problem::Statement;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The most of a statement file read, in bytes.
pub const MAX_STATEMENT_BYTES: u64 = statement_tex::MAX_INPUT_BYTES as u64;
/// The largest PDF served, in bytes.
pub const MAX_PDF_BYTES: u64 = 32 << 20;

/// Polygon's statement sections, in the order shown, with the macro that heads each (the
/// legend has none).
const POLYGON_SECTIONS: &[(&str, &str)] = &[
    ("legend.tex", ""),
    ("input.tex", "\\InputFile\n"),
    ("output.tex", "\\OutputFile\n"),
    ("interaction.tex", "\\Interaction\n"),
    ("scoring.tex", "\\Scoring\n"),
    ("notes.tex", "\\Note\n"),
];

/// What a statement is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Markdown (statement.md, `problem.<lang>.md`).
    Markdown,
    /// A LaTeX file.
    Latex,
    /// Polygon's folder of LaTeX sections.
    PolygonSections,
    /// HTML.
    Html,
    /// A PDF, linked, not shown.
    Pdf,
}

/// What `statement` is written in (None: nothing the server shows).
pub fn kind(statement: &Statement) -> Option<Kind> {
    if statement.path.is_dir() {
        return Some(Kind::PolygonSections);
    }
    let extension = statement.path.extension()?.to_str()?.to_ascii_lowercase();
    match extension.as_str() {
        "md" => Some(Kind::Markdown),
        "tex" => Some(Kind::Latex),
        "html" | "htm" => Some(Kind::Html),
        "pdf" => Some(Kind::Pdf),
        _ => None,
    }
}

/// Whether `statement` is in `language` (`zh` takes `zh-CN` too).
fn is_in(statement: &Statement, language: &str) -> bool {
    statement.language == language
        || statement
            .language
            .strip_prefix(language)
            .is_some_and(|rest| rest.starts_with('-'))
}

/// The first of `statements` that `usable` takes, in `wanted`, else in English, else the
/// first.
fn first_of<'a>(
    statements: &'a [Statement],
    wanted: &str,
    usable: impl Fn(&Statement) -> bool,
) -> Option<&'a Statement> {
    let usable: Vec<&Statement> = statements.iter().filter(|s| usable(s)).collect();
    usable
        .iter()
        .find(|s| is_in(s, wanted))
        .or_else(|| usable.iter().find(|s| is_in(s, "en")))
        .or_else(|| usable.first())
        .copied()
}

/// The statement shown for the page's language `wanted`: one in that language, else in
/// English, else the package's first (the loaders list each language's best form first).
pub fn choose<'a>(statements: &'a [Statement], wanted: &str) -> Option<&'a Statement> {
    first_of(statements, wanted, |s| {
        kind(s).is_some_and(|kind| kind != Kind::Pdf)
    })
}

/// The PDF linked beside a statement in `language`, chosen as [`choose`] does.
pub fn pdf<'a>(statements: &'a [Statement], language: &str) -> Option<&'a Statement> {
    first_of(statements, language, |s| kind(s) == Some(Kind::Pdf))
}

/// The PDF of the statements in `language` (as [`pdf`] chooses), if it is a PDF file of
/// at most [`MAX_PDF_BYTES`] (not a symbolic link).
pub fn read_pdf(statements: &[Statement], language: &str) -> Option<Vec<u8>> {
    let statement = pdf(statements, language)?;
    let bytes = read_capped(&statement.path, MAX_PDF_BYTES)?;
    bytes.starts_with(b"%PDF-").then_some(bytes)
}

/// The languages of the switch: those of the statements shown that it offers.
pub fn available(statements: &[Statement]) -> Vec<StatementLanguage> {
    let mut found = Vec::new();
    for language in [StatementLanguage::Zh, StatementLanguage::En] {
        let has = statements
            .iter()
            .any(|s| is_in(s, language.code()) && kind(s).is_some_and(|k| k != Kind::Pdf));
        if has {
            found.push(language);
        }
    }
    found
}

/// The language of a statement as the switch names it, or its own code.
pub fn language_of(statement: &Statement) -> (Option<StatementLanguage>, Option<String>) {
    for language in [StatementLanguage::Zh, StatementLanguage::En] {
        if is_in(statement, language.code()) {
            return (Some(language), None);
        }
    }
    let code = statement.language.trim();
    let plain = !code.is_empty()
        && code.len() <= 16
        && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    (None, plain.then(|| code.to_string()))
}

/// The folder whose images a statement shows: Polygon's sections folder itself, else the
/// file's folder.
pub fn folder(statement: &Statement) -> Option<PathBuf> {
    if kind(statement) == Some(Kind::PolygonSections) {
        Some(statement.path.clone())
    } else {
        statement.path.parent().map(Path::to_path_buf)
    }
}

/// At most `cap` bytes of a plain file (a symbolic link is not followed).
fn read_capped(path: &Path, cap: u64) -> Option<Vec<u8>> {
    if !std::fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .ok()?
        .take(cap)
        .read_to_end(&mut bytes)
        .ok()?;
    Some(bytes)
}

/// A statement file's text (at most [`MAX_STATEMENT_BYTES`], bytes that are not UTF-8
/// replaced).
pub fn read_text(path: &Path) -> Option<String> {
    let bytes = read_capped(path, MAX_STATEMENT_BYTES)?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// Polygon's sections as one LaTeX text, each under its heading macro.
fn polygon_sections_tex(folder: &Path) -> Option<String> {
    let mut tex = String::new();
    for (file, heading) in POLYGON_SECTIONS {
        let Some(text) = read_text(&folder.join(file)) else {
            continue;
        };
        if text.trim().is_empty() {
            continue;
        }
        tex.push_str(heading);
        tex.push_str(&text);
        tex.push_str("\n\n");
    }
    (!tex.is_empty()).then_some(tex)
}

/// A LaTeX statement's text: the file's, or Polygon's sections put together.
fn latex_of(statement: &Statement) -> Option<String> {
    match kind(statement)? {
        Kind::Latex => read_text(&statement.path),
        Kind::PolygonSections => polygon_sections_tex(&statement.path),
        _ => None,
    }
}

/// A LaTeX text converted, its images those of `images`' folder; gives the HTML and
/// every image name the conversion looked for.
fn convert_latex(
    tex: &str,
    language: &str,
    images: Option<&StatementImages>,
) -> (String, Vec<String>) {
    let mut asked = Vec::new();
    let converted = statement_tex::to_html(tex, language, &mut |name| {
        let images = images?;
        asked.push(name.to_string());
        images::resolve(&images.folder, name)?;
        Some(format!("{}{name}", images.href))
    });
    (converted.html, asked)
}

/// A statement that is not Markdown as sanitised HTML (None: it cannot be read, or it is
/// Markdown or a PDF).
pub fn render(statement: &Statement, images: Option<&StatementImages>) -> Option<String> {
    match kind(statement)? {
        Kind::Latex | Kind::PolygonSections => {
            let tex = latex_of(statement)?;
            let (html, _) = convert_latex(&tex, &statement.language, images);
            Some(sanitise::sanitise(
                &html,
                images.map(|images| images.href.as_str()),
            ))
        }
        Kind::Html => {
            let html = read_text(&statement.path)?;
            let (clean, _) = sanitise::sanitise_package_html(&html, images);
            // Polygon's HTML keeps its formulas as MathJax text (`$$$...$$$`): they are
            // rendered here, and the result sanitised again.
            let with_math = dollar_math(&clean);
            if with_math == clean {
                return Some(clean);
            }
            Some(sanitise::sanitise(
                &with_math,
                images.map(|images| images.href.as_str()),
            ))
        }
        Kind::Markdown | Kind::Pdf => None,
    }
}

/// The images a statement shows, as it names them (the image route serves those only).
pub fn image_references(statement: &Statement, images: &StatementImages) -> Vec<String> {
    match kind(statement) {
        Some(Kind::Markdown) => read_text(&statement.path)
            .map(|text| super::image_references(&text))
            .unwrap_or_default(),
        Some(Kind::Latex | Kind::PolygonSections) => latex_of(statement)
            .map(|tex| convert_latex(&tex, &statement.language, Some(images)).1)
            .unwrap_or_default(),
        Some(Kind::Html) => read_text(&statement.path)
            .map(|html| sanitise::sanitise_package_html(&html, Some(images)).1)
            .unwrap_or_default(),
        Some(Kind::Pdf) | None => Vec::new(),
    }
}

/// Sanitised HTML with Polygon's `$$$...$$$` (inline) and `$$$$$$...$$$$$$` (display)
/// formulas inside one text rendered to MathML. Linear: each search ends at the next
/// delimiter, where the next one starts.
fn dollar_math(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find("$$$") {
        let display = rest[start..].starts_with("$$$$$$");
        let delimiter = if display { "$$$$$$" } else { "$$$" };
        let body_start = start + delimiter.len();
        match rest[body_start..].find(delimiter) {
            Some(length) if !rest[body_start..body_start + length].contains(['<', '>']) => {
                let tex = rest[body_start..body_start + length]
                    .replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&nbsp;", " ")
                    .replace("&amp;", "&");
                out.push_str(&rest[..start]);
                out.push_str(&statement_tex::math::to_mathml(&tex, display));
                rest = &rest[body_start + length + delimiter.len()..];
            }
            _ => {
                out.push_str(&rest[..body_start]);
                rest = &rest[body_start..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statement(language: &str, path: &str) -> Statement {
        Statement {
            language: language.into(),
            path: PathBuf::from(path),
        }
    }

    #[test]
    fn the_pages_language_then_english_then_the_first() {
        let statements = [
            statement("sv", "/p/problem.sv.tex"),
            statement("en", "/p/problem.en.tex"),
            statement("zh-CN", "/p/problem.zh-CN.md"),
            statement("de", "/p/problem.de.pdf"),
        ];
        assert_eq!(choose(&statements, "zh").unwrap().language, "zh-CN");
        assert_eq!(choose(&statements, "en").unwrap().language, "en");
        assert_eq!(choose(&statements[..2], "zh").unwrap().language, "en");
        assert_eq!(choose(&statements[..1], "zh").unwrap().language, "sv");
        assert_eq!(
            choose(&statements[3..], "de"),
            None,
            "a PDF is linked, not shown"
        );
        assert_eq!(pdf(&statements, "zh").unwrap().language, "de");
        assert_eq!(
            available(&statements),
            [StatementLanguage::Zh, StatementLanguage::En]
        );
        assert_eq!(language_of(&statements[0]), (None, Some("sv".into())));
    }

    #[test]
    fn polygon_formulas_in_html_become_mathml() {
        let html =
            dollar_math("<p>Let $$$1 &lt; n$$$.</p><p>$$$$$$x^2$$$$$$</p><p>$$$ <b>a</b> $$$</p>");
        assert!(
            html.starts_with("<p>Let <math display=\"inline\"><mn>1</mn><mo>&lt;</mo>"),
            "{html}"
        );
        assert!(html.contains("<math display=\"block\">"), "{html}");
        assert!(html.ends_with("<p>$$$ <b>a</b> $$$</p>"), "{html}");
        let many = "$$$<b>".repeat(100_000);
        assert_eq!(dollar_math(&many), many);
    }

    #[test]
    fn polygon_sections_are_put_together_under_their_headings() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("legend.tex"), "Add $$$a$$$ and $$$b$$$.").unwrap();
        std::fs::write(dir.path().join("input.tex"), "Two integers.").unwrap();
        std::fs::write(dir.path().join("notes.tex"), "\\textbf{Easy}.").unwrap();
        std::fs::write(dir.path().join("outside.tex"), "Outside.").unwrap();
        std::os::unix::fs::symlink(
            dir.path().join("outside.tex"),
            dir.path().join("output.tex"),
        )
        .unwrap();
        let sections = Statement {
            language: "en".into(),
            path: dir.path().to_path_buf(),
        };
        assert_eq!(kind(&sections), Some(Kind::PolygonSections));
        let html = render(&sections, None).unwrap();
        assert!(html.starts_with("<p>Add <math"), "{html}");
        assert!(
            html.contains("<h2>Input</h2>\n<p>Two integers.</p>"),
            "{html}"
        );
        assert!(
            html.contains("<h2>Notes</h2>\n<p><strong>Easy</strong>.</p>"),
            "{html}"
        );
        assert!(
            !html.contains("Outside") && !html.contains("Output"),
            "a link is not followed: {html}"
        );
    }
}
