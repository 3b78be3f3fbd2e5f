//! The problem list and a problem's statement.

use super::format;
use super::layout::{page, Chrome};
use judge_course::contest::Contest;
use judge_course::statement::{RenderedStatement, StatementLanguage};
use judge_model::course::Scoring;
use judge_model::Verdict;
use maud::{html, Markup, PreEscaped};

judge_i18n::texts! {
    /// Texts of the problem list and the statements.
    pub struct ProblemTexts {
        title => "Problems", "题目";
        problem => "Problem", "题号";
        name => "Title", "标题";
        points => "Points", "分值";
        you => "You", "你的结果";
        not_available => "not available yet", "暂不可用";
        attempts(count: usize) => "{count} attempts", "已提交 {count} 次";
        one_attempt => "1 attempt", "已提交 1 次";
        statement_language => "Statement language", "题面语言";
        submit => "Submit a solution", "提交代码";
        samples => "Sample tests", "样例";
        input => "Input", "输入";
        answer => "Answer", "答案";
        copy => "Copy", "复制";
        copied => "Copied", "已复制";
        copy_failed => "Select the text and copy it", "请选中文本后手动复制";
        input_above => "Its input is in the statement above.", "其输入见上方题面。";
        starts_at => "The contest starts at ", "比赛将于 ";
        appear_then => ". The problems appear here then.", " 开始，届时题目会显示在这里。";
        over => "The contest is over: submissions are closed.", "比赛已结束，不再接受提交。";
        hidden => "The contest has not started yet: its problems are hidden until then.", "比赛尚未开始：开始前题目不可见。";
        no_problem(id: &str) => "There is no problem {id:?} in this contest.", "本场比赛没有题目 {id:?}。";
        not_in_contest(id: &str) => "problem {id} is not in the contest", "题目 {id} 不在本场比赛中";
        cannot_show(id: &str, shown: String) => "Problem {id} cannot be shown yet: {shown}.", "题目 {id} 暂时无法显示：{shown}。";
        cannot_show_because(id: &str) => "Problem {id} cannot be shown yet:", "题目 {id} 暂时无法显示：";
        not_ready => "its files are not ready", "题目文件尚未就绪";
        no_statement => "*This problem has no statement yet.*", "*本题还没有题面。*";
        no_pdf(id: &str) => "Problem {id} has no PDF statement.", "题目 {id} 没有 PDF 题面。";
        pdf => "PDF", "PDF 题面";
        no_image(id: &str, file: &str) => "The statement of problem {id} shows no image {file:?}.", "题目 {id} 的题面中没有图片 {file:?}。";
        limits(time_s: f64, how: String, memory_mib: u64) => "Time limit {time_s} s ({how}) · memory {memory_mib} MiB", "时间限制 {time_s} 秒（{how}）· 内存限制 {memory_mib} MiB";
        limit_from_file(file: &str) => "from {file}", "来自 {file}";
        limit_from_submissions => "from the accepted submissions", "由通过的参考提交推算";
        limit_undecided(memory_mib: u64) => "Time limit not decided yet: submissions open once the teacher decides it · memory {memory_mib} MiB", "时间限制尚未确定：教师确定后方可提交 · 内存限制 {memory_mib} MiB";
    }
}

/// One row of the problem list.
#[derive(Debug, Clone)]
pub struct ProblemRow {
    /// Its id.
    pub id: String,
    /// Its title (English, and Chinese if any), or why it cannot be loaded.
    pub title: Result<(String, Option<String>), String>,
    /// Its points.
    pub points: f64,
    /// The user's best verdict so far.
    pub best: Option<Verdict>,
    /// The user's attempts.
    pub attempts: usize,
}

/// The problem list of a contest; `notice` explains when there is nothing to show yet.
/// An ICPC contest shows each problem's letter and no points (a problem is solved or not).
pub fn list(
    chrome: &Chrome,
    contest: &Contest,
    rows: &[ProblemRow],
    notice: Option<Markup>,
    teacher: bool,
) -> Markup {
    let t = ProblemTexts(chrome.lang);
    let icpc = contest.scoring == Scoring::Icpc;
    let chinese_first = chrome.lang == judge_i18n::Lang::Zh;
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            @if !contest.first { p class="muted" { (contest.title) } }
            @if let Some(notice) = notice { p class="notice" { (notice) } }
            @if !rows.is_empty() {
                table class="grid" {
                    thead { tr {
                        @if icpc { th { "" } }
                        th { (t.problem()) } th { (t.name()) }
                        @if !icpc { th class="num" { (t.points()) } }
                        th { (t.you()) }
                    } }
                    tbody {
                        @for (index, row) in rows.iter().enumerate() {
                            tr {
                                @if icpc { td class="letter" { (crate::views::scoreboard::letter(index)) } }
                                td { a href=(contest.href(&format!("/problems/{}", row.id))) { (row.id) } }
                                td {
                                    @match &row.title {
                                        Ok((title, Some(zh))) if chinese_first => {
                                            span lang="zh" { (zh) } " · " span lang="en" { (title) }
                                        }
                                        Ok((title, zh)) => {
                                            (title)
                                            @if let Some(zh) = zh { " · " span lang="zh" { (zh) } }
                                        }
                                        Err(reason) => {
                                            span class="muted" { (t.not_available()) }
                                            @if teacher { " " samp class="error-message" { (reason) } }
                                        }
                                    }
                                }
                                @if !icpc { td class="num" { (row.points) } }
                                td {
                                    @if let Some(best) = row.best { (format::verdict(best)) " " }
                                    @if row.attempts > 0 { span class="muted" { @if row.attempts == 1 { (t.one_attempt()) } @else { (t.attempts(row.attempts)) } } }
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// A sample test shown under the statement (one the statement does not show itself).
#[derive(Debug, Clone)]
pub struct SampleFile {
    /// `sample/1`.
    pub name: String,
    /// The input (`None`: the statement shows it).
    pub input: Option<SampleText>,
    /// The answer (`None`: the statement shows it).
    pub answer: Option<SampleText>,
}

/// One file of a sample test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SampleText {
    /// What the page shows (capped).
    pub shown: String,
    /// The file's exact text, which its copy button copies (`None`: too long, or not
    /// UTF-8, so no button).
    pub exact: Option<String>,
}

/// A button that copies `text` exactly (assets/copy.js). It is `hidden` until the script
/// shows it: without JavaScript the page has no button that does nothing, and the text can
/// still be selected by hand.
pub fn copy_button(lang: judge_i18n::Lang, text: &str, what: &str) -> Markup {
    let t = ProblemTexts(lang);
    html! {
        button type="button" class="copy" hidden data-copy=(text) data-copied=(t.copied())
            data-copy-failed=(t.copy_failed()) title={ (t.copy()) " " (what) } { (t.copy()) }
    }
}

fn sample_file(lang: judge_i18n::Lang, heading: &str, file: &str, text: &SampleText) -> Markup {
    html! {
        div class="sample-file" {
            div class="sample-head" {
                h3 { (heading) " " span class="muted" { (file) } }
                @if let Some(exact) = &text.exact { (copy_button(lang, exact, file)) }
            }
            pre { code { (text.shown) } }
        }
    }
}

/// What a statement page shows.
#[derive(Debug, Clone)]
pub struct StatementPage {
    /// The problem's id.
    pub id: String,
    /// Its title, in the statement's language.
    pub title: String,
    /// The heading shown above the statement, with its language, when the statement has
    /// none of its own (a package's title comes from its metadata).
    pub heading: Option<(String, StatementLanguage)>,
    /// The rendered statement.
    pub statement: RenderedStatement,
    /// Limits, in words.
    pub limits: String,
    /// The sample tests the statement does not show itself (the ones it shows have copy
    /// buttons in the statement).
    pub samples: Vec<SampleFile>,
    /// The address of the PDF statement the package ships, if it ships one.
    pub pdf: Option<String>,
}

/// A problem's statement with the language switch and the submit link (into `contest`).
pub fn statement(chrome: &Chrome, contest: &Contest, view: &StatementPage) -> Markup {
    let here = contest.href(&format!("/problems/{}", view.id));
    let submit = contest.submit_href(Some(&view.id));
    let t = ProblemTexts(chrome.lang);
    let shown = view.statement.shown;
    page(
        chrome,
        &view.title,
        html! {
            div class="statement-bar" {
                @if view.statement.available.len() > 1 {
                    nav class="languages" aria-label=(t.statement_language()) {
                        @for language in &view.statement.available {
                            @if Some(*language) == shown {
                                strong lang=(language.code()) { (language.label()) }
                            } @else {
                                a href={ (here) "?lang=" (language.code()) } lang=(language.code()) hreflang=(language.code()) { (language.label()) }
                            }
                        }
                    }
                }
                span class="limits" { (view.limits) }
                @if let Some(pdf) = &view.pdf { a href=(pdf) type="application/pdf" { (t.pdf()) } }
                a href={ (contest.form_href("/clarifications", Some(&view.id))) "#ask" } { (super::clarifications::ClarificationTexts(chrome.lang).ask()) }
                a href=(contest.form_href("/self-test", Some(&view.id))) { (super::self_test::SelfTestTexts(chrome.lang).title()) }
                a class="button" href=(submit) { (t.submit()) }
            }
            article class="statement" lang=(view.statement.other_language.as_deref().unwrap_or(shown.map_or("en", StatementLanguage::code))) {
                @if let Some((heading, language)) = &view.heading { h1 lang=(language.code()) { (heading) } }
                (PreEscaped(&view.statement.html))
            }
            @if !view.samples.is_empty() {
                section class="samples" {
                    h2 { (t.samples()) }
                    @for sample in &view.samples {
                        div class="sample" data-sample=(sample.name) {
                            @match &sample.input {
                                Some(input) => { (sample_file(chrome.lang, t.input(), &format!("{}.in", sample.name), input)) }
                                None => { div class="sample-file" { h3 { (sample.name) } p class="muted" { (t.input_above()) } } }
                            }
                            @if let Some(answer) = &sample.answer {
                                (sample_file(chrome.lang, t.answer(), &format!("{}.ans", sample.name), answer))
                            }
                        }
                    }
                }
            }
            p { a class="button" href=(submit) { (t.submit()) } }
            script src="/static/copy.js" defer {}
        },
    )
}
