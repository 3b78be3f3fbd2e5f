//! The languages page: each language of the contest with the exact commands the judge
//! runs (from judge.toml's language table), its version and its time multiplier.

use super::layout::{page, Chrome};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the languages page.
    pub struct LanguageTexts {
        title => "Languages", "编程语言";
        intro => "The commands the judge runs for each language, exactly as the judge's language table gives them.",
            "评测机对每种语言执行的命令，与评测机的语言表完全一致。";
        memory_placeholder => " is the problem's memory limit in MiB; ", " 是题目的内存限制（MiB）；";
        and => " and ", " 和 ";
        class_placeholders => " are the Java class a source is named after and the class that runs.", " 是 Java 源文件对应的类名和运行的类名。";
        extensions => "File extensions", "文件扩展名";
        source_file => "Saved as", "保存为";
        compile => "Compile", "编译";
        not_compiled => "not compiled", "不编译";
        run => "Run", "运行";
        multiplier => "Time multiplier", "时间倍数";
        multiplier_note(times: &str) => "{times} × the problem's time limit", "题目时间限制的 {times} 倍";
        version => "Version", "版本";
        unknown => "unknown", "未知";
    }
}

/// One language as the page shows it.
#[derive(Debug, Clone)]
pub struct LanguageRow {
    /// Its id (`cpp`).
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its extensions.
    pub extensions: Vec<String>,
    /// The file name the source is saved as.
    pub source: String,
    /// The compile command, if compiled.
    pub compile: Option<Vec<String>>,
    /// The run command.
    pub run: Vec<String>,
    /// The time multiplier.
    pub time_multiplier: f64,
    /// The first line of its compiler's or interpreter's `--version`, if it answered.
    pub version: Option<String>,
}

/// A command as one line (arguments with spaces quoted).
pub fn command_line(argv: &[String]) -> String {
    argv.iter()
        .map(|a| {
            if a.is_empty() || a.contains([' ', '"', '\'']) {
                format!("'{}'", a.replace('\'', "'\\''"))
            } else {
                a.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The page.
pub fn languages(chrome: &Chrome, rows: &[LanguageRow]) -> Markup {
    let t = LanguageTexts(chrome.lang);
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            p class="hint" {
                (t.intro()) " "
                code { "{memory_mib}" } (t.memory_placeholder())
                code { "{class}" } (t.and()) code { "{main_class}" } (t.class_placeholders())
            }
            @for row in rows {
                section class="language" id={ "language-" (row.id) } {
                    h2 { (row.name) " " span class="muted" { "(" (row.id) ")" } }
                    dl class="facts" {
                        dt { (t.extensions()) } dd { @for (i, e) in row.extensions.iter().enumerate() { @if i > 0 { ", " } code { "." (e) } } }
                        dt { (t.source_file()) } dd { code { (row.source) } }
                        dt { (t.compile()) } dd {
                            @match &row.compile {
                                Some(argv) => { code class="command" { (command_line(argv)) } }
                                None => { span class="muted" { (t.not_compiled()) } }
                            }
                        }
                        dt { (t.run()) } dd { code class="command" { (command_line(&row.run)) } }
                        dt { (t.multiplier()) } dd { (t.multiplier_note(&judge_model::text::points(row.time_multiplier))) }
                        dt { (t.version()) } dd { @match &row.version { Some(v) => { code { (v) } } None => { span class="muted" { (t.unknown()) } } } }
                    }
                }
            }
        },
    )
}
