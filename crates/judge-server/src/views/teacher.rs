//! The teacher's pages: the dashboard and every submission.

use super::format;
use super::layout::{csrf_field, page, Chrome};
pub use super::rejudge::Confirmation as RejudgeConfirmation;
use super::submissions::{table, Row};
use crate::store::User;
use maud::{html, Markup};

/// What the dashboard shows.
#[derive(Debug, Clone)]
pub struct Dashboard {
    /// Contest start.
    pub start_ms: i64,
    /// Whether the start comes from judge.toml.
    pub start_configured: bool,
    /// Contest end.
    pub end_ms: Option<i64>,
    /// When the scoreboard freezes.
    pub freeze_at_ms: Option<i64>,
    /// Why a configured freeze does not apply.
    pub freeze_note: Option<String>,
    /// Whether the teacher published the unfrozen scoreboard.
    pub published: bool,
    /// Submissions queued and being judged.
    pub queue: (usize, usize),
    /// Judging workers.
    pub workers: usize,
    /// The problems' ids.
    pub problems: Vec<String>,
    /// The accounts.
    pub users: Vec<User>,
    /// Submissions with a judge error twice, waiting for a decision.
    pub attention: Vec<crate::store::SubmissionSummary>,
    /// Names and addresses with repeated failed log-ins in the last day.
    pub login_failures: Vec<crate::store::login_failures::RepeatedFailures>,
}

/// The teacher's dashboard.
pub fn dashboard(chrome: &Chrome, view: &Dashboard) -> Markup {
    let csrf = chrome.csrf_token.clone().unwrap_or_default();
    page(
        chrome,
        "Teacher",
        html! {
            h1 { "Teacher" }
            section {
                h2 { "Contest" }
                dl class="facts" {
                    dt { "Start" } dd { (format::time(view.start_ms)) @if !view.start_configured { " (when this server first ran: judge.toml sets no start)" } }
                    dt { "End" } dd { @if let Some(end) = view.end_ms { (format::time(end)) } @else { "none (no duration_minutes)" } }
                    dt { "Scoreboard freeze" } dd {
                        @if let Some(at) = view.freeze_at_ms { (format::time(at)) } @else { "none" }
                        @if let Some(note) = &view.freeze_note { " — " (note) }
                    }
                    dt { "Queue" } dd { (view.queue.0) " queued, " (view.queue.1) " being judged, " (view.workers) " workers" }
                }
                @if view.freeze_at_ms.is_some() {
                    form method="post" action="/teacher/scoreboard/publish" class="inline" {
                        (csrf_field(&csrf))
                        @if view.published {
                            input type="hidden" name="published" value="0";
                            button type="submit" { "Freeze the public scoreboard again" }
                        } @else {
                            input type="hidden" name="published" value="1";
                            button type="submit" { "Publish the final scoreboard (lift the freeze)" }
                        }
                    }
                }
            }
            @if !view.attention.is_empty() {
                section class="attention" id="attention" {
                    h2 { "Needs attention (" (view.attention.len()) ")" }
                    p { "The judge failed twice on these: they count as pending (not scored, not penalised) until you rejudge them or accept the judge error as their verdict." }
                    ul { @for s in &view.attention { li { a href={ "/submissions/" (s.id) } { "Submission " (s.id) } " · " (s.user_name) " · " (s.problem) @if let Some(error) = s.result.as_ref().and_then(|r| r.error.as_ref()) { " · " (error) } } } }
                }
            }
            @if !view.login_failures.is_empty() {
                section class="attention" id="login-failures" {
                    h2 { "Repeated failed log-ins (last 24 hours)" }
                    p class="hint" { "Each row is a name as typed and the address it came from. Past a few failures, the account and the address must wait before each further try (the wait doubles each time)." }
                    table class="login-failures" {
                        thead { tr { th { "Name" } th { "Address" } th { "Failures" } th { "Latest" } } }
                        tbody {
                            @for f in &view.login_failures {
                                tr { td { (f.name) } td { (f.address) } td { (f.count) } td { (format::time(f.last_ms)) } }
                            }
                        }
                    }
                }
            }
            section {
                h2 { "Submissions" }
                p { a href="/teacher/submissions" { "Every submission" } " (any student's code, rejudge one)" }
                h3 { "Rejudge a whole problem" }
                @for problem in &view.problems {
                    a class="button small" href={ "/teacher/problems/" (problem) "/rejudge" } { "Rejudge " (problem) }
                    " "
                }
            }
            section {
                h2 { "Similarity" }
                p { "Which students' latest submissions match: "
                    @for (i, problem) in view.problems.iter().enumerate() {
                        @if i > 0 { " · " }
                        a href={ "/teacher/similarity/" (problem) } { (problem) }
                    }
                }
            }
            section {
                h2 { "Export" }
                ul {
                    li { "Scoreboard (unfrozen): " a href="/teacher/export/scoreboard.csv" { "CSV" } " · " a href="/teacher/export/scoreboard.json" { "JSON" } }
                    li { "Every submission's result: " a href="/teacher/export/results.csv" { "CSV" } " · " a href="/teacher/export/results.json" { "JSON" } }
                }
            }
            section {
                h2 { "Accounts (" (view.users.len()) ")" }
                p class="hint" { "Add them on the server's machine: " code { "judge users add NAME [--teacher]" } " or " code { "judge users import class.csv" } "." }
                p { @for (i, user) in view.users.iter().enumerate() { @if i > 0 { ", " } (user.name) @if user.is_teacher() { " (teacher)" } } }
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
    page(
        chrome,
        "All submissions",
        html! {
            h1 { "All submissions" }
            @if let Some(count) = rejudged { (super::rejudge::queued_notice(count)) }
            (controls.0)
            (table(rows, Some("")))
            (controls.1)
        },
    )
}
