//! Submission lists and a submission's page.

use super::format;
use super::layout::{csrf_field, page, Chrome};
use judge_model::text::points;
use judge_model::SubmissionResult;
use judge_store::Progress;
use judge_store::RoundResult;
use judge_store::{SubmissionState, SubmissionSummary};
use maud::{html, Markup};

/// A list row.
#[derive(Debug, Clone)]
pub struct Row {
    /// The submission.
    pub summary: SubmissionSummary,
    /// Its progress while judged.
    pub progress: Option<Progress>,
    /// The points it earns and the problem's points (IOI contests, once it counts).
    pub points: Option<(f64, f64)>,
    /// Its gradebook points before and after the late rule (a late homework attempt).
    pub late: Option<LateGrade>,
    /// The title of its contest (the teacher's list's column).
    pub contest: Option<String>,
}

/// A late attempt's points in the gradebook: before and after its homework's late rule.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LateGrade {
    /// Its points before the rule.
    pub before: f64,
    /// Its points after the rule (what it can count for in the grades).
    pub after: f64,
}

judge_i18n::texts! {
    /// Texts of the submission lists and a submission's page.
    pub struct SubmissionTexts {
        none_yet => "No submissions yet.", "还没有提交。";
        no_machine_for_language(language: &str) => "It waits in the queue: no judging machine running now has {language}. It is judged when one that does starts.",
            "正在排队等待：目前运行中的评测机都没有安装 {language}。待有安装它的评测机启动后即会评测。";
        submitted => "Submitted", "提交时间";
        student => "Student", "学生";
        problem => "Problem", "题目";
        language => "Language", "语言";
        result => "Result", "结果";
        memory => "Memory", "内存";
        mine => "My submissions", "我的提交";
        submission(id: i64) => "Submission {id}", "提交 #{id}";
        points => "Points", "得分";
        contest => "Contest", "比赛";
        updates => "This page updates when the verdict is in.", "评测完成后本页会自动更新。";
        source => "Source", "源代码";
        rejudge => "Rejudge", "重测";
        judged => "Judged", "评测时间";
        round_being_rejudged(round: i64) => " (round {round}; being rejudged)", "（第 {round} 轮；重测中）";
        round_rejudge(round: i64) => " (round {round}, a rejudge)", "（第 {round} 轮，重测）";
        after_submitting(seconds: String) => " ({seconds} after submitting)", "（提交后 {seconds}）";
        round => "Round", "轮次";
        round_claims(round: i64, claims: i64) => "{round} (taken by a worker {claims}×)", "{round}（评测线程领取 {claims} 次）";
        being_rejudged(round: i64, previous: i64) => "Being rejudged: round {round} is queued. Until its result is in, this page and the scoreboard show round {previous}'s result.",
            "重测中：第 {round} 轮正在排队。新结果出来之前，本页和排行榜显示第 {previous} 轮的结果。";
        being_rejudged_judging(round: i64, previous: i64) => "Being rejudged: round {round} is being judged. Until its result is in, this page and the scoreboard show round {previous}'s result.",
            "重测中：第 {round} 轮正在评测。新结果出来之前，本页和排行榜显示第 {previous} 轮的结果。";
        rejudge_this => "Rejudge this submission", "重测此提交";
        judge_failed_twice => "The judge failed on this submission twice. It counts as pending (not scored, not penalised) until you rejudge it or accept the judge error as its verdict.",
            "评测机在此提交上两次出错。在你重测或将评测机错误确认为最终结果之前，它按待评测处理（不计分，也不计罚时）。";
        accept_judge_error => "Accept the judge error as final", "确认评测机错误为最终结果";
        judge_failed => "The judge failed: ", "评测机出错：";
        rounds => "Rounds", "评测轮次";
        round_line(round: i64, verdict: String) => "Round {round}: {verdict}, ", "第 {round} 轮：{verdict}，";
        grade => "In the grades", "计入成绩";
        late_grade(after: String, before: String) => "{after} (late rule; {before} before it)", "{after}（按迟交规则；折算前 {before}）";
    }
}

/// "25 (late rule; 50 before it)".
fn late_grade(t: SubmissionTexts, grade: LateGrade) -> String {
    t.late_grade(points(grade.after), points(grade.before))
}

/// The table of submissions. `teacher`: add the student and contest columns and rejudge
/// buttons. The points column is there when a row has points (an IOI contest's).
pub fn table(rows: &[Row], teacher: Option<&str>) -> Markup {
    let t = SubmissionTexts::current();
    let with_points = rows.iter().any(|row| row.points.is_some());
    html! {
        @if rows.is_empty() {
            p class="muted" { (t.none_yet()) }
        } @else {
            div class="scroll" { table class="grid submissions" {
                thead {
                    tr {
                        th { "#" } th { (t.submitted()) }
                        @if teacher.is_some() { th { (t.student()) } th { (t.contest()) } }
                        th { (t.problem()) } th { (t.language()) } th { (t.result()) }
                        @if with_points { th class="num" { (t.points()) } }
                        th class="num" { "CPU" } th class="num" { (t.memory()) }
                        @if teacher.is_some() { th {} }
                    }
                }
                tbody {
                    @for row in rows {
                        @let summary = &row.summary;
                        tr data-row=(summary.id) {
                            td { a href={ "/submissions/" (summary.id) } { (summary.id) } }
                            td {
                                (format::time(summary.submitted_at_ms))
                                @if summary.late { " " strong class="late" { (super::contests::ContestTexts::current().late()) } }
                                @if let Some(grade) = row.late { " " span class="muted" data-field="late-grade" { (late_grade(t, grade)) } }
                            }
                            @if teacher.is_some() {
                                td { (summary.user_name) }
                                td data-field="contest" { @if let Some(title) = &row.contest { (title) } }
                            }
                            td { a href={ "/problems/" (summary.problem) } { (summary.problem) } }
                            td { (summary.language) }
                            td { (format::status(summary, row.progress)) }
                            @if with_points {
                                td class="num" data-field="points" { @if let Some((earned, of)) = row.points { (super::result::points_fraction(earned, of)) } }
                            }
                            td class="num" data-field="cpu" { @if let Some(r) = &summary.result { (format::seconds(r.max_cpu_time_s)) } }
                            td class="num" data-field="memory" { @if let Some(r) = &summary.result { (format::bytes(r.max_peak_memory_bytes)) } }
                            @if teacher.is_some() {
                                td { a class="button small" href={ "/teacher/submissions/" (summary.id) "/rejudge" } { (t.rejudge()) } }
                            }
                        }
                    }
                }
            } }
        }
    }
}

/// The student's own submissions.
pub fn mine(chrome: &Chrome, rows: &[Row], controls: &(Markup, Markup)) -> Markup {
    let t = SubmissionTexts(chrome.lang);
    page(
        chrome,
        t.mine(),
        html! {
            h1 { (t.mine()) }
            (controls.0)
            (table(rows, None))
            (controls.1)
        },
    )
}

/// What a submission page shows.
#[derive(Debug, Clone)]
pub struct SubmissionPage {
    /// The summary.
    pub summary: SubmissionSummary,
    /// Its progress while judged.
    pub progress: Option<Progress>,
    /// The result as this viewer may see it.
    pub result: Option<SubmissionResult>,
    /// The source.
    pub source: String,
    /// The language's name.
    pub language_name: String,
    /// The title of the contest it was submitted to, if any.
    pub contest_title: Option<String>,
    /// Its problem's page in its own contest (`/contests/hw1/problems/add`).
    pub problem_href: String,
    /// For teachers: the rounds judged so far.
    pub history: Option<Vec<RoundResult>>,
    /// Whether the viewer is a teacher (sees judge errors and every message).
    pub teacher: bool,
    /// The points it earns and the problem's points (IOI contests, once judged).
    pub points: Option<(f64, f64)>,
    /// Its gradebook points before and after the late rule (a late homework attempt).
    pub late: Option<LateGrade>,
    /// Whether a rejudge of it was just queued (the page says so).
    pub rejudged: bool,
    /// Its tests by subtask (empty when the problem has none).
    pub subtasks: Vec<judge_course::subtasks::Subtask>,
    /// Whether it waits because no live judging machine runs its language (a server
    /// that does not judge itself; the page says so).
    pub no_machine_for_language: bool,
}

/// A submission's page: status, per-test results, the source.
pub fn detail(chrome: &Chrome, view: &SubmissionPage) -> Markup {
    let s = &view.summary;
    let t = SubmissionTexts(chrome.lang);
    page(
        chrome,
        &t.submission(s.id),
        html! {
            h1 { (t.submission(s.id)) }
            dl class="facts" {
                dt { (t.problem()) } dd { a href=(view.problem_href) { (s.problem) } }
                @if view.teacher { dt { (t.student()) } dd { (s.user_name) } }
                dt { (t.language()) } dd { (view.language_name) }
                dt { (t.submitted()) } dd { (format::time(s.submitted_at_ms)) @if s.late { " " strong class="late" { (super::contests::ContestTexts::current().late()) } span class="muted" { (super::contests::ContestTexts::current().late_note()) } } }
                @if let Some(contest) = &view.contest_title { dt { (super::contests::ContestTexts::current().contest()) } dd { (contest) } }
                dt { (t.result()) } dd id="result" { (format::status(s, view.progress)) }
                @if let Some((earned, of)) = view.points {
                    dt { (t.points()) } dd class="points" { (super::result::points_fraction(earned, of)) }
                }
                @if let Some(grade) = view.late {
                    dt { (t.grade()) } dd data-field="late-grade" { (late_grade(t, grade)) }
                }
                @if let Some(result) = &s.result {
                    dt { (t.judged()) } dd class="judged" {
                        (format::time(result.judged_at_ms))
                        @if s.rejudging().is_some() {
                            (t.round_being_rejudged(result.round))
                        } @else if result.round > 1 {
                            (t.round_rejudge(result.round))
                        } @else {
                            (t.after_submitting(format::seconds((result.judged_at_ms - s.submitted_at_ms) as f64 / 1000.0)))
                        }
                    }
                }
                @if view.teacher { dt { (t.round()) } dd { (t.round_claims(s.round, s.claims)) } }
            }
            @if view.rejudged { (super::rejudge::queued_notice(1)) }
            @if view.no_machine_for_language {
                p class="notice" id="no-machine-for-language" { (t.no_machine_for_language(&view.language_name)) }
            }
            @if let Some(previous) = s.rejudging() {
                p class="notice rejudging" id="rejudging" {
                    @if s.state == SubmissionState::Judging { (t.being_rejudged_judging(s.round, previous.round)) }
                    @else { (t.being_rejudged(s.round, previous.round)) }
                }
            }
            @if view.teacher {
                p { a class="button" href={ "/teacher/submissions/" (s.id) "/rejudge" } { (t.rejudge_this()) } }
            }
            @if view.teacher && s.needs_attention() {
                div class="notice attention" {
                    p { (t.judge_failed_twice()) }
                    form method="post" action={ "/teacher/submissions/" (s.id) "/accept-judge-error" } class="inline" {
                        (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                        button type="submit" { (t.accept_judge_error()) }
                    }
                }
            }
            @if let Some(error) = s.result.as_ref().and_then(|r| r.error.as_ref()) {
                p class="error-message" {
                    @if view.teacher { (t.judge_failed()) samp { (error) } }
                    @else { (judge_course::visibility::judge_failed()) }
                }
            }
            @if let Some(result) = &view.result { (super::result::tests(result, &view.subtasks)) }
            @if s.state != SubmissionState::Done { p class="muted" { (t.updates()) } }
            @if let Some(history) = &view.history {
                @if history.len() > 1 {
                    h2 { (t.rounds()) }
                    ul { @for r in history { li { (t.round_line(r.round, r.verdict.clone())) (format::time(r.judged_at_ms)) } } }
                }
            }
            h2 { (t.source()) }
            pre class="source" { code { (view.source) } }
        },
    )
}
