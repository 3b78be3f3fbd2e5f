//! The teacher's charts page (`/teacher/charts`): the class at a glance, one contest and
//! all its problems or one, five charts ([`draw`]) each with its numbers beside it
//! ([`tables`]) and its CSV file. The numbers are [`crate::charts`]'s.

mod draw;
mod tables;

use super::layout::{page as frame, Chrome};
use crate::charts::{csv::FILES, Charts};
use crate::contest::Contest;
use maud::{html, Markup, PreEscaped};

crate::i18n::texts! {
    /// Texts of the charts page.
    pub struct ChartTexts {
        title => "Charts", "图表";
        intro => "The class at a glance: the students' submissions (teachers' are left out), the scoreboard's points and the gradebook's. Each chart's numbers are in the table beside it and in its CSV file.",
            "全班概览：学生的提交（不含教师的提交）、排行榜的分数和成绩册的分数。每张图的数据都在旁边的表格和对应的 CSV 文件中。";
        contest => "Contest", "比赛";
        problem => "Problem", "题目";
        all_problems => "All problems", "全部题目";
        download => "Download CSV", "下载 CSV";
        nothing_yet => "No submissions yet.", "还没有提交。";
        not_drawn => "This chart could not be drawn; its numbers are in the table.", "此图无法绘制；数据见表格。";
        verdicts_title => "Verdicts over the class", "全班的评测结果";
        verdicts_hint => "Judged submissions by verdict, with how many students had each.", "按评测结果统计的已评提交，以及得到该结果的学生人数。";
        pending(count: usize) => "{count} not judged yet (not counted).", "{count} 次提交尚未评完（不计入）。";
        verdict => "Verdict", "结果";
        attempts => "Submissions", "提交次数";
        students => "Students", "学生人数";
        tests_title => "The tests students fail most", "学生最常失败的测试点";
        tests_hint => "One row per problem, one cell per test in the order they run: the darker, the larger the share of the submissions that ran the test and failed it. Under each row, the test failed most.",
            "每行一道题，每格一个测试点（按运行顺序）：颜色越深，运行该测试点的提交中失败的比例越大。每行下方是失败最多的测试点。";
        most_failed(name: &str, share: &str) => "failed most: {name} ({share} of the submissions that ran it)", "失败最多：{name}（运行它的提交中 {share} 失败）";
        none_failed => "no test failed", "没有失败的测试点";
        test => "Test", "测试点";
        ran => "Ran it", "运行次数";
        failed => "Failed it", "失败次数";
        students_failed => "Students who failed it", "失败过的学生";
        share_failed => "Share failed", "失败比例";
        timeline_title => "Submissions over time", "提交随时间的分布";
        timeline_hint(step: &str) => "Submissions per {step} from the contest's start (accepted ones in green); the red line is the deadline.",
            "从比赛开始起每 {step} 的提交数（通过的为绿色）；红线是截止时间。";
        no_deadline => "This contest has no end.", "本场比赛没有结束时间。";
        deadline => "deadline", "截止";
        deadline_is => "Deadline: ", "截止时间：";
        hours_since_start => "hours since the start", "距开始的小时数";
        from => "From (UTC)", "起始（UTC）";
        accepted => "Accepted", "通过";
        minute => "minute", "分钟";
        hour => "hour", "小时";
        day => "day", "天";
        step_minutes(n: i64) => "{n} minutes", "{n} 分钟";
        step_hours(n: i64) => "{n} hours", "{n} 小时";
        step_days(n: i64) => "{n} days", "{n} 天";
        scores_title => "Score distribution", "分数分布";
        scores_hint(max: &str) => "Students by the scoreboard's points, in ten equal bins from 0 to {max}, the most there is to earn.",
            "按排行榜分数统计的学生人数，从 0 到满分 {max} 分为十个等宽区间。";
        points => "Points", "分数";
        bin(from: &str, to: &str) => "{from} to {to}", "{from} 至 {to}";
        progress_title => "Progress across the course", "整个课程的进度";
        progress_hint => "Each student's points in each contest of the course, as the gradebook counts them (late rule applied); the darker, the closer to the contest's maximum. It is the whole course's, whatever contest or problem is chosen above.",
            "每个学生在课程各场比赛中的得分（按成绩册计算，已折算迟交）；颜色越深，越接近该场满分。这是整个课程的数据，与上面所选的比赛或题目无关。";
        student => "Student", "学生";
        out_of(max: &str) => "of {max}", "满分 {max}";
        no_students => "No students yet.", "还没有学生。";
    }
}

/// What the page shows.
pub struct Page<'a> {
    /// Every contest (the chooser).
    pub contests: &'a [Contest],
    /// The contest shown.
    pub contest: &'a Contest,
    /// The problem shown, or all.
    pub problem: Option<&'a str>,
    /// The numbers.
    pub charts: &'a Charts,
}

/// `/teacher/charts` with this contest and problem (None: all), for links.
pub fn href(contest: &Contest, problem: Option<&str>, file: Option<&str>) -> String {
    let encode = crate::links::encode_component;
    let path = match file {
        Some(file) => format!("/teacher/charts/export/{file}"),
        None => "/teacher/charts".into(),
    };
    let mut query = format!("?contest={}", encode(&contest.id));
    if let Some(problem) = problem {
        query.push_str(&format!("&problem={}", encode(problem)));
    }
    format!("{path}{query}")
}

/// The contest and problem choices, as links (no form, no script).
fn chooser(t: ChartTexts, view: &Page) -> Markup {
    html! {
        nav class="choose" aria-label=(t.contest()) {
            p {
                strong { (t.contest()) ": " }
                @for contest in view.contests {
                    @if contest.id == view.contest.id {
                        strong class="current" { (contest.title) }
                    } @else {
                        a href=(href(contest, None, None)) { (contest.title) }
                    }
                    " "
                }
            }
            p {
                strong { (t.problem()) ": " }
                @if view.problem.is_none() {
                    strong class="current" { (t.all_problems()) }
                } @else {
                    a href=(href(view.contest, None, None)) { (t.all_problems()) }
                }
                @for problem in &view.contest.problems {
                    " "
                    @if view.problem == Some(problem.id.as_str()) {
                        strong class="current" { (problem.id) }
                    } @else {
                        a href=(href(view.contest, Some(&problem.id), None)) { (problem.id) }
                    }
                }
            }
        }
    }
}

/// One chart's section: its title, hint, picture (or why there is none) and table.
fn section(
    id: &str,
    title: &str,
    hint: Markup,
    svg: Option<Option<String>>,
    table: Markup,
    csv: String,
    t: ChartTexts,
) -> Markup {
    html! {
        section class="chart" id=(id) {
            h2 { (title) }
            p class="hint" { (hint) }
            div class="chart-pair" {
                @match svg {
                    // Nothing to draw: the hint or the table says so.
                    None => {}
                    Some(Some(svg)) => figure class="chart" { (PreEscaped(svg)) },
                    Some(None) => p class="error-message" { (t.not_drawn()) },
                }
                div class="scroll chart-table" {
                    (table)
                    p { a class="csv" href=(csv) download { (t.download()) } }
                }
            }
        }
    }
}

/// A timeline step's length in words.
fn step_words(t: ChartTexts, step_s: i64) -> String {
    match step_s {
        60 => t.minute().into(),
        3600 => t.hour().into(),
        86_400 => t.day().into(),
        s if s % 86_400 == 0 => t.step_days(s / 86_400),
        s if s % 3600 == 0 => t.step_hours(s / 3600),
        s => t.step_minutes(s / 60),
    }
}

/// The page.
pub fn page(chrome: &Chrome, view: &Page) -> Markup {
    let t = ChartTexts(chrome.lang);
    let charts = view.charts;
    let csv = |file: &str| href(view.contest, view.problem, Some(file));
    let [verdicts_csv, tests_csv, timeline_csv, scores_csv, progress_csv] = FILES.map(csv);
    let any = !charts.timeline.steps.is_empty();
    let timeline = &charts.timeline;
    frame(
        chrome,
        t.title(),
        html! {
            h1 { (t.title()) ": " (view.contest.title) @if let Some(p) = view.problem { " · " (p) } }
            p class="note" { (t.intro()) }
            (chooser(t, view))
            (section(
                "verdicts",
                t.verdicts_title(),
                html! {
                    (t.verdicts_hint())
                    @if charts.verdicts.pending > 0 { " " (t.pending(charts.verdicts.pending)) }
                },
                (!charts.verdicts.rows.is_empty()).then(|| draw::verdicts(t, &charts.verdicts)),
                tables::verdicts(t, &charts.verdicts),
                verdicts_csv,
                t,
            ))
            (section(
                "tests",
                t.tests_title(),
                html! { (t.tests_hint()) },
                (!charts.tests.is_empty()).then(|| draw::tests(t, &charts.tests)),
                tables::tests(t, &charts.tests),
                tests_csv,
                t,
            ))
            (section(
                "timeline",
                t.timeline_title(),
                html! {
                    @if any { (t.timeline_hint(&step_words(t, timeline.step_s))) " " }
                    @match timeline.deadline_s {
                        Some(at) => { (t.deadline_is()) (super::format::time(at * 1000)) "." }
                        None => (t.no_deadline()),
                    }
                },
                (any).then(|| draw::timeline(t, timeline)),
                tables::timeline(t, timeline),
                timeline_csv,
                t,
            ))
            (section(
                "scores",
                t.scores_title(),
                html! { (t.scores_hint(&judge_core::text::points(charts.scores.max_points))) },
                (!charts.scores.students.is_empty()).then(|| draw::scores(t, &charts.scores)),
                tables::scores(t, &charts.scores),
                scores_csv,
                t,
            ))
            (section(
                "progress",
                t.progress_title(),
                html! { (t.progress_hint()) },
                (!charts.progress.rows.is_empty()).then(|| draw::progress(t, &charts.progress)),
                tables::progress(t, &charts.progress),
                progress_csv,
                t,
            ))
        },
    )
}
