//! The course's contests: the list (current, upcoming, past), the statistics per problem,
//! and the teacher's way to each contest's times.

use super::format;
use super::layout::{csrf_field, page, Chrome};
use judge_course::contest::{Contest, Phase};
use judge_model::course::{ContestKind, Scoring};
use judge_model::Verdict;
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the contest list, the window form and the statistics.
    pub struct ContestTexts {
        contests => "Contests", "比赛";
        current_section => "Current", "进行中";
        upcoming => "Upcoming", "即将开始";
        past => "Past", "已结束";
        none => "None.", "无。";
        contest => "Contest", "比赛";
        kind => "Kind", "类型";
        when => "When", "时间";
        kind_contest => "contest", "比赛";
        kind_homework => "homework", "作业";
        deadline_mark => " (deadline)", "（截止）";
        late_until => "late submissions until", "迟交截止于";
        starts => "starts", "开始于";
        overridden => "window set here (overrides judge.toml)", "时间已在此修改（覆盖 judge.toml）";
        phase_upcoming => "upcoming", "未开始";
        phase_running => "running", "进行中";
        phase_late => "past the deadline: late submissions accepted", "已过截止时间：仍接受迟交";
        phase_over => "over", "已结束";
        scoreboard => "scoreboard", "排行榜";
        statistics_link => "statistics", "统计";
        change_times => "Change its times, problems and rules in the contest editor", "在比赛编辑页修改其时间、题目和规则";
        reset => "Back to judge.toml's window", "恢复 judge.toml 中的时间";
        statistics => "Statistics", "统计";
        statistics_note => "students' submissions in this contest, each counted by its current verdict", "本场比赛中学生的提交，按当前结果计数";
        problem => "Problem", "题目";
        submissions => "Submissions", "提交数";
        tried => "Tried", "尝试人数";
        solved => "Solved", "通过人数";
        pending => "Pending", "待评测";
        per_problem => "Statistics per problem", "各题统计";
        late_not_counted => "Submissions after the deadline are marked late and not counted here.", "截止后的提交标记为迟交，不计入此排行榜。";
        deadline_passed => "The deadline has passed: submissions are still accepted and marked late.", "已过截止时间：仍可提交，但会标记为迟交。";
        late_now => "The deadline has passed: a submission now is marked late and does not count on the scoreboard.", "已过截止时间：现在提交会标记为迟交，不计入排行榜。";
        late => "late", "迟交";
        homework_closed => "The homework set is closed: late submissions are no longer accepted.", "作业已关闭，不再接受迟交。";
        late_note => " (after the deadline: not counted on the scoreboard)", "（截止后提交：不计入排行榜）";
        export_board => "Scoreboard (unfrozen):", "排行榜（未封榜）：";
        export_results => "every submission's result:", "每个提交的结果：";
        publish => "Publish the final scoreboard (lift the freeze)", "公布最终排行榜（解除封榜）";
        freeze_again => "Freeze the public scoreboard again", "重新封榜";
        edit_contests => "Create and edit contests, freeze or end one, change a problem's limits", "创建和编辑比赛、封榜或结束比赛、修改题目限制";
    }
}

/// One contest on the list, as the viewer may see it.
#[derive(Debug, Clone)]
pub struct ContestRow {
    /// The contest.
    pub contest: Contest,
    /// Where it is in time.
    pub phase: Phase,
}

/// The kind and scoring in words.
fn kind_text(contest: &Contest) -> String {
    let t = ContestTexts::current();
    format!(
        "{} · {}",
        match contest.kind {
            ContestKind::Contest => t.kind_contest(),
            ContestKind::Homework => t.kind_homework(),
        },
        match contest.scoring {
            Scoring::Ioi => "IOI",
            Scoring::Icpc => "ICPC",
        }
    )
}

fn window_text(contest: &Contest) -> Markup {
    let t = ContestTexts::current();
    let window = contest.window();
    html! {
        (format::time(window.start_ms))
        @if let Some(end) = window.end_ms {
            " – " (format::time(end))
            @if contest.kind == ContestKind::Homework { (t.deadline_mark()) }
        }
        @if let Some(until) = window.late_until_ms { br; span class="muted" { (t.late_until()) " " (format::time(until)) } }
    }
}

/// The list of contests: current, upcoming (students see only the title and the start),
/// past. A teacher also sees each window's origin and a form to change it.
pub fn list(chrome: &Chrome, rows: &[ContestRow], teacher: bool, csrf_token: &str) -> Markup {
    let t = ContestTexts(chrome.lang);
    let section = |title: &str, id: &str, phases: &[Phase]| {
        let shown: Vec<&ContestRow> = rows.iter().filter(|r| phases.contains(&r.phase)).collect();
        html! {
            section class="contest-list" id=(id) {
                h2 { (title) }
                @if shown.is_empty() {
                    p class="muted" { (t.none()) }
                } @else {
                    table class="grid" {
                        thead { tr { th { (t.contest()) } th { (t.kind()) } th { (t.when()) } th { "" } } }
                        tbody {
                            @for row in shown {
                                @let contest = &row.contest;
                                @let hidden = !teacher && row.phase == Phase::NotStarted;
                                tr data-contest=(contest.id) {
                                    td {
                                        @if hidden { (contest.title) }
                                        @else { a href=(contest.href("/problems")) { (contest.title) } }
                                    }
                                    td class="muted" { (kind_text(contest)) }
                                    td {
                                        @if hidden { (t.starts()) " " (format::time(contest.start_ms())) }
                                        @else { (window_text(contest)) }
                                        @if teacher && contest.overridden() { br; strong class="overridden" { (t.overridden()) } }
                                    }
                                    td class="phase" {
                                        @match row.phase {
                                            Phase::NotStarted => (t.phase_upcoming()),
                                            Phase::Running => (t.phase_running()),
                                            Phase::Late => (t.phase_late()),
                                            Phase::Over => (t.phase_over()),
                                        }
                                        @if !hidden {
                                            " · " a href=(contest.href("/scoreboard")) { (t.scoreboard()) }
                                            " · " a href=(contest.href("/statistics")) { (t.statistics_link()) }
                                        }
                                    }
                                }
                                @if teacher { tr class="window-form" { td colspan="4" { (teacher_tools(contest, csrf_token)) (window_form(contest, csrf_token)) } } }
                            }
                        }
                    }
                }
            }
        }
    };
    page(
        chrome,
        t.contests(),
        html! {
            h1 { (t.contests()) }
            @if teacher { p { a href="/teacher/contests" { (t.edit_contests()) } } }
            (section(t.current_section(), "current", &[Phase::Running, Phase::Late]))
            (section(t.upcoming(), "upcoming", &[Phase::NotStarted]))
            (section(t.past(), "past", &[Phase::Over]))
        },
    )
}

/// The teacher's tools for a contest's board: its exports, and publishing it when it
/// freezes.
fn teacher_tools(contest: &Contest, csrf_token: &str) -> Markup {
    let t = ContestTexts::current();
    let export = |file: &str| {
        if contest.first {
            format!("/teacher/export/{file}")
        } else {
            format!("/teacher/export/{file}?contest={}", contest.id)
        }
    };
    html! {
        p class="contest-tools" {
            (t.export_board()) " "
            a href=(export("scoreboard.csv")) { "CSV" } " · " a href=(export("scoreboard.json")) { "JSON" }
            " — " (t.export_results()) " "
            a href=(export("results.csv")) { "CSV" } " · " a href=(export("results.json")) { "JSON" }
        }
        (publish_form(contest, csrf_token, "/contests"))
    }
}

/// The teacher's button that publishes a contest's frozen board (or freezes it again),
/// for a contest whose board freezes (nothing otherwise); the answer goes `back` to the
/// page (`/contests` or `/teacher`).
pub fn publish_form(contest: &Contest, csrf_token: &str, back: &str) -> Markup {
    let t = ContestTexts::current();
    html! {
        @if contest.freeze_at_ms().is_some() {
            form method="post" action="/teacher/scoreboard/publish" class="inline publish" {
                (csrf_field(csrf_token))
                input type="hidden" name="back" value=(back);
                input type="hidden" name="contest" value=(contest.id);
                @if contest.published() {
                    input type="hidden" name="published" value="0";
                    button type="submit" { (t.freeze_again()) }
                } @else {
                    input type="hidden" name="published" value="1";
                    button type="submit" { (t.publish()) }
                }
            }
        }
    }
}

/// The teacher's way to a contest's times: its form in the contest editor (the one place
/// that changes them, with date-and-time fields); and, when a window set in the store
/// (End now, the window route) overrides judge.toml's, the button that drops it.
fn window_form(contest: &Contest, csrf_token: &str) -> Markup {
    let t = ContestTexts::current();
    html! {
        p class="window" {
            a href={ "/teacher/contests#contest-" (contest.id) } { (t.change_times()) }
            @if contest.overridden() {
                " "
                form method="post" action={ "/contests/" (contest.id) "/window" } class="inline" {
                    (csrf_field(csrf_token))
                    input type="hidden" name="reset" value="1";
                    button type="submit" class="link" { (t.reset()) }
                }
            }
        }
    }
}

/// One problem's statistics.
#[derive(Debug, Clone, Default)]
pub struct ProblemStatistics {
    /// The problem's id.
    pub id: String,
    /// Submissions (of students, in this contest).
    pub attempts: usize,
    /// Students who submitted.
    pub tried: usize,
    /// Students with an accepted submission.
    pub solved: usize,
    /// Judged submissions by verdict, in verdict order.
    pub by_verdict: Vec<(Verdict, usize)>,
    /// Submissions not judged yet.
    pub pending: usize,
}

/// The statistics page of a contest.
pub fn statistics(chrome: &Chrome, contest: &Contest, problems: &[ProblemStatistics]) -> Markup {
    let verdicts: Vec<Verdict> = Verdict::ALL
        .into_iter()
        .filter(|v| {
            problems
                .iter()
                .any(|p| p.by_verdict.iter().any(|(w, _)| w == v))
        })
        .collect();
    let t = ContestTexts(chrome.lang);
    page(
        chrome,
        t.statistics(),
        html! {
            h1 { (t.statistics()) }
            p class="muted" { (contest.title) " · " (t.statistics_note()) }
            table class="grid statistics" id="statistics" {
                thead { tr {
                    th { (t.problem()) } th class="num" { (t.submissions()) } th class="num" { (t.tried()) } th class="num" { (t.solved()) }
                    @for verdict in &verdicts { th class="num" { (format::verdict(*verdict)) } }
                    th class="num" { (t.pending()) }
                } }
                tbody {
                    @for problem in problems {
                        tr data-problem=(problem.id) {
                            td { a href=(contest.href(&format!("/problems/{}", problem.id))) { (problem.id) } }
                            td class="num" { (problem.attempts) }
                            td class="num" { (problem.tried) }
                            td class="num" { (problem.solved) }
                            @for verdict in &verdicts {
                                td class="num" data-verdict=(verdict.code()) {
                                    (problem.by_verdict.iter().find(|(v, _)| v == verdict).map_or(0, |(_, n)| *n))
                                }
                            }
                            td class="num" { (problem.pending) }
                        }
                    }
                }
            }
        },
    )
}
