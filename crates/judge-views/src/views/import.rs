//! The teacher's package import page: the upload form, and what became of an upload (a
//! package's problem, or each item of an FPS file).

use super::layout::{csrf_field, page, Chrome};
use judge_model::problem::Format;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the package import page and of its errors.
    pub struct ImportTexts {
        title => "Import a problem", "导入题目";
        dashboard_link => "Import a problem package (.zip) or an FPS file (.xml)", "导入题目包（压缩文件）或 FPS 文件（.xml）";
        intro => "Upload a Kattis package (problem.yaml), a Polygon package (problem.xml) or a native problem folder (problem.toml) as a .zip, or an FPS (FreeProblemSet) file as .xml, whose every item becomes a problem. It is checked first; a sound one is copied beside the other problems and added to the contest you choose in judge.toml (as judge import --contest does), and students see it at once.",
            "上传 .zip 格式的 Kattis 题目包（problem.yaml）、Polygon 题目包（problem.xml）或本系统的题目文件夹（problem.toml），或 .xml 格式的 FPS 文件（其中每道题都成为一道题目）。系统先检查题目包；检查通过后，将其复制到其他题目旁边，并在 judge.toml 中加入所选的比赛（与 judge import --contest 相同），学生立即可见。";
        contest => "Contest", "比赛";
        contest_hint => "The problem joins this contest's problems (default: the first contest).", "题目将加入所选比赛的题目列表（默认为第一场比赛）。";
        in_contest(contest: &str) => "It is a problem of {contest} now.", "它现在是 {contest} 的题目。";
        unknown_contest(id: &str) => "There is no contest {id} in judge.toml: choose one from the list.", "judge.toml 中没有比赛 {id}，请从列表中选择。";
        package => "Package (.zip) or FPS file (.xml)", "题目包（.zip）或 FPS 文件（.xml）";
        id => "Problem id (optional)", "题目编号（可选）";
        id_hint => "Default: the file's name, lowercased (pair-sum.zip: pair-sum).", "默认使用文件名的小写形式（pair-sum.zip 即 pair-sum）。";
        size_hint(size: String) => "At most {size}.", "最大 {size}。";
        submit => "Import", "导入";
        imported(file: &str, id: &str) => "{file} was imported as problem {id}.", "{file} 已导入为题目 {id}。";
        facts(format: &str, tests: usize, points: f64) => "{format}, {tests} tests, {points} points.", "{format}，{tests} 个测试点，{points} 分。";
        see_it => "See it in the problem list", "在题目列表中查看";
        warnings => "Warnings", "警告";
        notes => "Notes", "说明";
        nothing_imported(file: &str) => "{file} holds no problem with tests: nothing was added to the contest.", "{file} 中没有带测试数据的题目：比赛中没有加入任何题目。";
        not_judgeable(why: &str) => "The server cannot judge it yet: {why}. Fix the problem's files and restart the server, or rejudge its submissions.",
            "服务器暂时无法评测该题：{why}。请修正题目文件后重启服务器，或重新评测其提交。";
        refused(file: &str) => "{file} was not imported; nothing was changed. What is wrong:", "{file} 未导入，没有任何改动。问题如下：";
        reload_failed(why: &str) => "The package was imported, but the server cannot take judge.toml in again: {why}. Restart the server.",
            "题目包已导入，但服务器无法重新读取 judge.toml：{why}。请重启服务器。";
        no_file => "Choose a package .zip to upload.", "请选择要上传的题目包 .zip 文件。";
        too_large(size: String) => "The package is too large: at most {size}.", "题目包过大：最大 {size}。";
        native => "native problem (problem.toml)", "本系统题目（problem.toml）";
        kattis_legacy => "Kattis package (legacy)", "Kattis 题目包（旧版）";
        kattis_2023 => "Kattis package (2023-07-draft)", "Kattis 题目包（2023-07-draft）";
        kattis_2025 => "Kattis package (2025-09)", "Kattis 题目包（2025-09）";
        polygon => "Polygon package", "Polygon 题目包";
        fps => "FPS (FreeProblemSet) item", "FPS 题目";
    }
}

impl ImportTexts {
    /// A package format's name.
    pub fn format(self, format: Format) -> &'static str {
        match format {
            Format::Native => self.native(),
            Format::KattisLegacy => self.kattis_legacy(),
            Format::Kattis2023 => self.kattis_2023(),
            Format::Kattis2025 => self.kattis_2025(),
            Format::Polygon => self.polygon(),
            Format::Fps => self.fps(),
        }
    }
}

/// A problem an upload became.
#[derive(Debug, Clone)]
pub struct ImportedProblem {
    /// The problem's id.
    pub id: String,
    /// Its statement page in the contest it joined.
    pub href: String,
    /// Its format.
    pub format: Format,
    /// Its tests.
    pub tests: usize,
    /// What the loader noticed.
    pub warnings: Vec<String>,
    /// Why the server cannot judge it yet, if it cannot.
    pub not_judgeable: Option<String>,
}

/// What became of an upload.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// It is a problem of the contest now (an FPS file: each of its items).
    Imported {
        /// The uploaded file's name.
        file_name: String,
        /// The title of the contest it joined.
        contest_title: String,
        /// The problems it became.
        problems: Vec<ImportedProblem>,
        /// What else the teacher should know (an FPS item kept as a statement only).
        notes: Vec<String>,
    },
    /// It was refused, with every error; nothing changed.
    Refused {
        /// The uploaded file's name.
        file_name: String,
        /// What is wrong, one a line.
        errors: Vec<String>,
    },
    /// It was imported but the server could not read judge.toml again.
    ReloadFailed(String),
}

/// A contest the form offers.
#[derive(Debug, Clone)]
pub struct ContestChoice {
    /// Its id (the form's value).
    pub id: String,
    /// Its title.
    pub title: String,
}

/// The import page: the form (its contest select on `chosen`, else the first of
/// `contests`), and the outcome of an upload if there was one.
pub fn page_view(
    chrome: &Chrome,
    contests: &[ContestChoice],
    chosen: Option<&str>,
    max_package_bytes: usize,
    outcome: Option<&Outcome>,
) -> Markup {
    let chosen = chosen
        .filter(|id| contests.iter().any(|c| c.id == *id))
        .or(contests.first().map(|c| c.id.as_str()));
    let t = ImportTexts(chrome.lang);
    let csrf = chrome.csrf_token.clone().unwrap_or_default();
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            @match outcome {
                Some(Outcome::Imported { file_name, contest_title, problems, notes }) => {
                    section class="notice" id="import-done" role="status" {
                        @if problems.is_empty() { p { (t.nothing_imported(file_name)) } }
                        @for problem in problems {
                            p { (t.imported(file_name, &problem.id)) " " (t.in_contest(contest_title)) " " (t.facts(t.format(problem.format), problem.tests, judge_packages::import::DEFAULT_POINTS)) }
                            p { a href=(problem.href) { (t.see_it()) } }
                            @if let Some(why) = &problem.not_judgeable { p class="error-message" { (t.not_judgeable(why)) } }
                            @if !problem.warnings.is_empty() {
                                h2 { (t.warnings()) }
                                ul class="import-warnings" { @for warning in &problem.warnings { li { (warning) } } }
                            }
                        }
                        @if !notes.is_empty() {
                            h2 { (t.notes()) }
                            ul class="import-notes" { @for note in notes { li { (note) } } }
                        }
                    }
                }
                Some(Outcome::Refused { file_name, errors }) => {
                    section class="error-message" id="import-errors" role="alert" {
                        p { (t.refused(file_name)) }
                        ul { @for error in errors { li { code { (error) } } } }
                    }
                }
                Some(Outcome::ReloadFailed(why)) => {
                    p class="error-message" id="import-errors" role="alert" { (t.reload_failed(why)) }
                }
                None => {}
            }
            p { (t.intro()) }
            form method="post" action="/teacher/problems/import" enctype="multipart/form-data" class="submit" id="import-form" {
                (csrf_field(&csrf))
                label { (t.package())
                    input type="file" name="package" id="package" accept=".zip,application/zip,.xml,text/xml,application/xml" required;
                }
                p class="hint" { (t.size_hint(super::format::bytes(max_package_bytes as u64))) }
                label { (t.contest())
                    select name="contest" id="import-contest" {
                        @for contest in contests {
                            option value=(contest.id) selected[chosen == Some(contest.id.as_str())] {
                                (contest.title) " (" (contest.id) ")"
                            }
                        }
                    }
                }
                p class="hint" { (t.contest_hint()) }
                label { (t.id())
                    input type="text" name="id" id="problem-id" autocomplete="off" pattern="[A-Za-z0-9_-]*";
                }
                p class="hint" { (t.id_hint()) }
                button type="submit" { (t.submit()) }
            }
        },
    )
}
