//! The submit form.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the submit form and of its errors.
    pub struct SubmitTexts {
        title => "Submit", "提交";
        heading => "Submit a solution", "提交代码";
        problem => "Problem", "题目";
        language => "Language", "语言";
        by_extension => "(from the file's extension)", "（按文件扩展名选择）";
        paste => "Paste your source", "粘贴源代码";
        upload => "… or upload a file", "……或上传文件";
        limit_hint(kib: usize) => "At most {kib} KiB of text. An uploaded file is used instead of the pasted text.",
            "最多 {kib} KiB 文本。上传文件时以文件为准，忽略粘贴的内容。";
        submit => "Submit", "提交";
        languages_link => "How each language is compiled and run", "各语言的编译与运行方式";
        not_started => "The contest has not started yet.", "比赛尚未开始。";
        over => "The contest is over: submissions are closed.", "比赛已结束，不再接受提交。";
        upload_too_large(kib: usize) => "The upload is too large: a source may have at most {kib} KiB.", "上传内容过大：源代码最多 {kib} KiB。";
        source_too_large(kib: usize) => "The source is too large: at most {kib} KiB.", "源代码过大：最多 {kib} KiB。";
        empty => "The source is empty: paste it or choose a file.", "源代码为空：请粘贴代码或选择文件。";
        nul_bytes => "The file is not source text (it contains NUL bytes): upload the source file, not a compiled program.",
            "该文件不是源代码文本（含有 NUL 字节）：请上传源文件，而不是编译后的程序。";
        not_utf8 => "The file is not UTF-8 text: save the source as UTF-8 and upload it again.",
            "该文件不是 UTF-8 文本：请将源代码保存为 UTF-8 后重新上传。";
        no_problem(problem: &str) => "There is no problem {problem:?} in this contest.", "本场比赛没有题目 {problem:?}。";
        language_not_allowed(id: &str, allowed: String) => "Language {id:?} is not allowed in this contest; allowed: {allowed}.",
            "本场比赛不允许使用语言 {id:?}；可用：{allowed}。";
        language_not_for_problem(id: &str, problem: &str, listed: String) => "Problem {problem} takes only the languages its package lists ({listed}); {id:?} is not one of them.",
            "题目 {problem} 只接受其题目包列出的语言（{listed}），{id:?} 不在其中。";
        language_unavailable(name: &str, offered: String) => "No judging machine has the compiler or runtime for {name} now; choose a language offered: {offered}.",
            "目前没有评测机安装了 {name} 的编译器或运行环境；请选择可用的语言：{offered}。";
        choose_language(allowed: String) => "Choose a language (the file's extension does not name one of this contest's: {allowed}).",
            "请选择语言（文件扩展名不对应本场比赛的任何语言：{allowed}）。";
        cannot_judge(problem: &str, shown: String) => "Problem {problem} cannot be judged right now: {shown}. Try again later.",
            "题目 {problem} 暂时无法评测：{shown}。请稍后再试。";
        not_ready => "its files are not ready", "题目文件尚未就绪";
        too_many(most: usize, window: u64, seconds: u64) => "Too many submissions: at most {most} per {window} s. Try again in {seconds} s.",
            "提交过于频繁：每 {window} 秒最多 {most} 次。请 {seconds} 秒后再试。";
    }
}

/// What the submit form offers.
#[derive(Debug, Clone)]
pub struct SubmitForm {
    /// (id, title) of each problem.
    pub problems: Vec<(String, String)>,
    /// The problem chosen beforehand.
    pub selected_problem: Option<String>,
    /// (id, name, extensions) of each allowed language.
    pub languages: Vec<(String, String, Vec<String>)>,
    /// The largest source, in bytes.
    pub max_source_bytes: usize,
    /// Why submitting is closed, if it is.
    pub closed: Option<String>,
    /// The language preselected: the one last submitted in (remembered per user), or the
    /// one of a refused submission.
    pub selected_language: Option<String>,
    /// A refused submission: why, and the pasted source, kept on the page.
    pub refused: Option<Refused>,
    /// The contest submitted into (None: the first).
    pub contest: Option<String>,
    /// Why a submission now is marked late, if it is.
    pub late: Option<String>,
}

/// A submission the server refused, shown again with the reason beside it.
#[derive(Debug, Clone)]
pub struct Refused {
    /// Why it was refused.
    pub reason: String,
    /// The pasted source (empty when it came as a file).
    pub source: String,
}

/// The form: problem, language, paste or upload.
pub fn form(chrome: &Chrome, csrf_token: &str, view: &SubmitForm) -> Markup {
    let t = SubmitTexts(chrome.lang);
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.heading()) }
            @if let Some(closed) = &view.closed {
                p class="notice" { (closed) }
            }
            // A refused submission's code stays on the page, also when submitting closed.
            @if let (None, Some(late)) = (&view.closed, &view.late) { p class="notice" { (late) } }
            @if view.closed.is_none() || view.refused.is_some() {
                form method="post" action="/submit" enctype="multipart/form-data" class="submit" id="submit-form" {
                    (csrf_field(csrf_token))
                    @if let Some(contest) = &view.contest { input type="hidden" name="contest" value=(contest); }
                    @if let Some(refused) = &view.refused {
                        p class="error-message" id="submit-error" role="alert" { (refused.reason) }
                    }
                    label { (t.problem())
                        select name="problem" required {
                            @for (id, title) in &view.problems {
                                option value=(id) selected[view.selected_problem.as_deref() == Some(id.as_str())] { (id) " — " (title) }
                            }
                        }
                    }
                    label { (t.language())
                        select name="language" id="language" {
                            option value="" { (t.by_extension()) }
                            @for (id, name, extensions) in &view.languages {
                                option value=(id) data-extensions=(extensions.join(" ")) selected[view.selected_language.as_deref() == Some(id.as_str())] { (name) }
                            }
                        }
                    }
                    label { (t.paste())
                        textarea name="source" rows="16" spellcheck="false" autocomplete="off" {
                            @if let Some(refused) = &view.refused { (refused.source) }
                        }
                    }
                    label { (t.upload())
                        input type="file" name="file" id="file";
                    }
                    p class="hint" {
                        (t.limit_hint(view.max_source_bytes / 1024))
                        " " a href={ "/languages" @if let Some(contest) = &view.contest { "?contest=" (contest) } } { (t.languages_link()) }
                    }
                    button type="submit" { (t.submit()) }
                }
            }
        },
    )
}
