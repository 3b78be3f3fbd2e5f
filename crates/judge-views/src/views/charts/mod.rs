//! The teacher's charts page (`/teacher/charts`): the class at a glance, one contest and
//! all its problems or one, five charts ([`draw`]) each with its numbers beside it
//! ([`tables`]) and its CSV file. The numbers are [`judge_course::charts`]'s.

mod draw;
mod tables;
mod texts;

pub use texts::ChartTexts;

use super::layout::{page as frame, Chrome};
use judge_course::charts::{csv::FILES, Charts};
use judge_course::contest::Contest;
use maud::{html, Markup, PreEscaped};

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
                html! { (t.scores_hint(&judge_model::text::points(charts.scores.max_points))) },
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
