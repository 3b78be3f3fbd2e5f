//! The teacher's pages: the dashboard and every submission.

use super::contests::publish_form;
use super::format;
use super::layout::{page, Chrome};
pub use super::rejudge::Confirmation as RejudgeConfirmation;
use super::submissions::{table, Row};
use judge_course::contest::Contest;
use judge_store::User;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the teacher's dashboard and the list of every submission.
    pub struct TeacherTexts {
        title => "Teacher", "教师后台";
        contests => "Contests", "比赛";
        contest => "Contest", "比赛";
        start => "Start", "开始时间";
        start_unconfigured => " (when this server first ran: judge.toml sets no start)", "（服务器首次运行的时间：judge.toml 未设置开始时间）";
        end => "End", "结束时间";
        freeze => "Scoreboard freeze", "封榜时间";
        none => "none", "无";
        freeze_without_end => " is set, but the contest has no end: the scoreboard never freezes.",
            " 已设置，但比赛没有结束时间：排行榜永远不会封榜。";
        published => "published: students see the final scoreboard", "已公布：学生看到的是最终排行榜";
        queue => "Queue", "评测队列";
        queue_counts(queued: usize, judging: usize, workers: usize) =>
            "{queued} queued, {judging} being judged, {workers} workers",
            "{queued} 个排队中，{judging} 个评测中，共 {workers} 个评测线程";
        attention(count: usize) => "Needs attention ({count})", "待处理（{count}）";
        attention_hint => "The judge failed twice on these: they count as pending (not scored, not penalised) until you rejudge them or accept the judge error as their verdict.",
            "评测机在这些提交上两次出错：在你重测或将评测机错误确认为最终结果之前，它们按待评测处理（不计分，也不计罚时）。";
        submission(id: i64) => "Submission {id}", "提交 #{id}";
        login_failures => "Repeated failed log-ins (last 24 hours)", "多次登录失败（最近 24 小时）";
        login_failures_hint => "Each row is a name as typed and the address it came from. Past a few failures, the account and the address must wait before each further try (the wait doubles each time).",
            "每行是输入的用户名及其来源地址。失败几次之后，该账号和该地址每次再试前都须等待（等待时间每次加倍）。";
        name => "Name", "用户名";
        address => "Address", "地址";
        failures => "Failures", "失败次数";
        latest => "Latest", "最近一次";
        submissions => "Submissions", "提交";
        every_submission => "Every submission", "所有提交";
        every_submission_hint => " (any student's code, rejudge one)", "（查看任何学生的代码，重测单个提交）";
        rejudge_problem => "Rejudge a whole problem", "重测整道题";
        rejudge(problem: &str) => "Rejudge {problem}", "重测 {problem}";
        similarity => "Similarity", "代码相似度";
        similarity_hint => "Which students' latest submissions match: ", "比较学生最近一次提交的相似度：";
        charts => "Charts", "图表";
        charts_link => "The class at a glance", "全班概览";
        charts_hint => ": verdicts, the tests students fail most, submissions over time, scores, progress across the course.",
            "：评测结果、学生最常失败的测试点、提交随时间的分布、分数分布、整个课程的进度。";
        export => "Export", "导出";
        export_scoreboard => "Scoreboard (unfrozen): ", "排行榜（未封榜）：";
        export_results => "Every submission's result: ", "所有提交的结果：";
        accounts(count: usize) => "Accounts ({count})", "账号（{count}）";
        accounts_hint => "Or on the server's machine: ", "也可以在服务器上操作：";
        edit_contests => "Create and edit contests", "创建和编辑比赛";
        edit_contests_hint => ": problems and points, times, freeze now, unfreeze, end now, limits.",
            "：题目与分值、时间、立即封榜、解除封榜、立即结束、时间与内存限制。";
        manage_accounts => "Add, import, disable accounts, reset passwords, API tokens", "添加、导入、停用账号，重置密码，API 令牌";
        or => " or ", " 或 ";
        all_submissions => "All submissions", "所有提交";
    }
}

/// What the dashboard shows.
#[derive(Debug, Clone)]
pub struct Dashboard {
    /// Every contest of the course, the first first (each with its clock and board).
    pub contests: Vec<Contest>,
    /// Submissions queued and being judged.
    pub queue: (usize, usize),
    /// Judging workers.
    pub workers: usize,
    /// The problems' ids.
    pub problems: Vec<String>,
    /// The accounts.
    pub users: Vec<User>,
    /// Submissions with a judge error twice, waiting for a decision.
    pub attention: Vec<judge_store::SubmissionSummary>,
    /// Names and addresses with repeated failed log-ins in the last day.
    pub login_failures: Vec<judge_store::RepeatedFailures>,
}

/// Each contest's window and freeze, with its publish button (as on `/contests`).
fn contests_table(t: TeacherTexts, contests: &[Contest], csrf: &str) -> Markup {
    html! {
        table class="grid dashboard-contests" {
            thead { tr { th { (t.contest()) } th { (t.start()) } th { (t.end()) } th { (t.freeze()) } } }
            tbody {
                @for contest in contests {
                    tr data-contest=(contest.id) {
                        td { a href=(contest.href("/scoreboard")) { (contest.title) } }
                        td {
                            (format::time(contest.start_ms()))
                            @if !contest.start_configured { span class="muted" { (t.start_unconfigured()) } }
                        }
                        td { @if let Some(end) = contest.end_ms() { (format::time(end)) } @else { (t.none()) } }
                        td {
                            @if let Some(at) = contest.freeze_at_ms() { (format::time(at)) } @else { (t.none()) }
                            @if contest.freeze_without_end() {
                                br; strong class="freeze-note" { code { "freeze_minutes" } (t.freeze_without_end()) }
                            }
                            @if contest.freeze_at_ms().is_some() && contest.published() {
                                br; span class="muted" { (t.published()) }
                            }
                            (publish_form(contest, csrf, "/teacher"))
                        }
                    }
                }
            }
        }
    }
}

/// The teacher's dashboard.
pub fn dashboard(chrome: &Chrome, view: &Dashboard) -> Markup {
    let csrf = chrome.csrf_token.clone().unwrap_or_default();
    let t = TeacherTexts(chrome.lang);
    let frame = chrome.t();
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) }
            section id="contests" {
                h2 { (t.contests()) }
                p { a class="button small" href="/teacher/contests" { (t.edit_contests()) } (t.edit_contests_hint()) }
                (contests_table(t, &view.contests, &csrf))
                dl class="facts" {
                    dt { (t.queue()) } dd { (t.queue_counts(view.queue.0, view.queue.1, view.workers)) }
                }
            }
            @if !view.attention.is_empty() {
                section class="attention" id="attention" {
                    h2 { (t.attention(view.attention.len())) }
                    p { (t.attention_hint()) }
                    ul { @for s in &view.attention { li { a href={ "/submissions/" (s.id) } { (t.submission(s.id)) } " · " (s.user_name) " · " (s.problem) @if let Some(error) = s.result.as_ref().and_then(|r| r.error.as_ref()) { " · " samp { (error) } } } } }
                }
            }
            @if !view.login_failures.is_empty() {
                section class="attention" id="login-failures" {
                    h2 { (t.login_failures()) }
                    p class="hint" { (t.login_failures_hint()) }
                    table class="login-failures" {
                        thead { tr { th { (t.name()) } th { (t.address()) } th { (t.failures()) } th { (t.latest()) } } }
                        tbody {
                            @for f in &view.login_failures {
                                tr { td { (f.name) } td { (f.address) } td { (f.count) } td { (format::time(f.last_ms)) } }
                            }
                        }
                    }
                }
            }
            section {
                h2 { (t.submissions()) }
                p { a href="/teacher/submissions" { (t.every_submission()) } (t.every_submission_hint()) }
                h3 { (t.rejudge_problem()) }
                @for problem in &view.problems {
                    a class="button small" href={ "/teacher/problems/" (problem) "/rejudge" } { (t.rejudge(problem)) }
                    " "
                }
            }
            section id="import" {
                @let import = super::import::ImportTexts(chrome.lang);
                h2 { (import.title()) }
                p { a href="/teacher/problems/import" { (import.dashboard_link()) } }
            }
            section id="charts" {
                h2 { (t.charts()) }
                p { a href="/teacher/charts" { (t.charts_link()) } (t.charts_hint()) }
            }
            section {
                h2 { (t.similarity()) }
                p { (t.similarity_hint())
                    @for (i, problem) in view.problems.iter().enumerate() {
                        @if i > 0 { " · " }
                        a href={ "/teacher/similarity/" (problem) } { (problem) }
                    }
                }
            }
            section {
                h2 { (t.export()) }
                ul {
                    li { (t.export_scoreboard()) a href="/teacher/export/scoreboard.csv" { "CSV" } " · " a href="/teacher/export/scoreboard.json" { "JSON" } }
                    li { (t.export_results()) a href="/teacher/export/results.csv" { "CSV" } " · " a href="/teacher/export/results.json" { "JSON" } }
                }
            }
            section {
                h2 { (t.accounts(view.users.len())) }
                p { a href="/teacher/accounts" { (t.manage_accounts()) } }
                p class="hint" { (t.accounts_hint()) code { "judge users add NAME [--teacher]" } (t.or()) code { "judge users import class.csv" } "." }
                p { @for (i, user) in view.users.iter().enumerate() { @if i > 0 { ", " } (user.name) @if user.is_teacher() { (frame.teacher_mark()) } } }
            }
        },
    )
}

/// Every submission, with the filters and the pager (`controls`).
pub fn all_submissions(
    chrome: &Chrome,
    rows: &[Row],
    controls: &(Markup, Markup),
    rejudged: Option<usize>,
) -> Markup {
    let t = TeacherTexts(chrome.lang);
    page(
        chrome,
        t.all_submissions(),
        html! {
            h1 { (t.all_submissions()) }
            @if let Some(count) = rejudged { (super::rejudge::queued_notice(count)) }
            (controls.0)
            (table(rows, Some("")))
            (controls.1)
        },
    )
}
