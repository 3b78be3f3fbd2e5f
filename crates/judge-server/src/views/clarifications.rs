//! Clarifications and announcements: the page where students ask and read answers and
//! teachers answer and announce, the banner every page carries, and the navigation entry
//! (with the count of open questions for teachers). Every text a user wrote is escaped
//! by maud and shown as plain text (line breaks kept by the style).

use super::format;
use super::layout::{csrf_field, page, Chrome};
use crate::store::clarifications::{Announcement, Clarification, Notices};
use maud::{html, Markup};

/// The navigation entry: "Questions", with the open questions' count for a teacher.
pub fn nav_entry(chrome: &Chrome) -> Markup {
    let open = chrome.notices.open_questions;
    html! {
        a href="/clarifications" class=[(chrome.active == "clarifications").then_some("active")] {
            "Questions"
            @if open > 0 {
                " " span class="count" title="questions waiting for an answer" { (open) }
            }
        }
    }
}

/// The announcements banner under the header of every page: the newest one, or every new
/// one (up to three) with how many are new since the user last looked.
pub fn banner(notices: &Notices) -> Markup {
    let shown = notices.unseen.clamp(1, notices.newest.len().max(1));
    html! {
        @if !notices.newest.is_empty() {
            aside class={ "announcements" @if notices.unseen > 0 { " new" } } id="announcements-banner" {
                @if notices.unseen > 0 {
                    p class="announcements-head" {
                        strong { (notices.unseen) " new announcement" @if notices.unseen != 1 { "s" } }
                        " · " a href="/clarifications#announcements" { "read them" }
                    }
                }
                @for announcement in notices.newest.iter().take(shown) {
                    p class="announcement" {
                        span class="muted" { (format::time(announcement.posted_at_ms)) } " "
                        span class="text" { (announcement.body) }
                    }
                }
            }
        }
    }
}

/// What the clarifications page shows.
#[derive(Debug, Clone)]
pub struct ClarificationsPage {
    /// Every announcement, newest first.
    pub announcements: Vec<Announcement>,
    /// How many of the first announcements are new to the reader.
    pub new_announcements: usize,
    /// The questions the reader may read, newest first (open first for teachers).
    pub clarifications: Vec<Clarification>,
    /// (id, title) of the contest's problems, for the question form.
    pub problems: Vec<(String, String)>,
    /// The problem chosen beforehand (from the problem page's link).
    pub selected_problem: Option<String>,
    /// The reader's user id.
    pub viewer_id: i64,
    /// Whether the reader is a teacher.
    pub teacher: bool,
    /// The longest question, in characters.
    pub max_question_chars: usize,
    /// The longest answer or announcement, in characters.
    pub max_answer_chars: usize,
}

fn about(clarification: &Clarification) -> Markup {
    html! {
        @match &clarification.problem {
            Some(problem) => { "Problem " a href={ "/problems/" (problem) } { (problem) } }
            None => { "General" }
        }
    }
}

fn announcement_list(view: &ClarificationsPage) -> Markup {
    html! {
        section id="announcements" {
            h2 { "Announcements" }
            @if view.announcements.is_empty() {
                p class="muted" { "No announcements yet." }
            }
            @for (index, announcement) in view.announcements.iter().enumerate() {
                div class={ "announcement-item" @if index < view.new_announcements { " new" } } {
                    p class="muted" {
                        (format::time(announcement.posted_at_ms))
                        @if index < view.new_announcements { " · " strong { "new" } }
                    }
                    p class="text" { (announcement.body) }
                }
            }
        }
    }
}

fn ask_form(csrf_token: &str, view: &ClarificationsPage) -> Markup {
    html! {
        section id="ask" {
            h2 { "Ask a question" }
            form method="post" action="/clarifications" class="submit" id="ask-form" {
                (csrf_field(csrf_token))
                label { "About"
                    select name="problem" {
                        option value="" { "General (not about one problem)" }
                        @for (id, title) in &view.problems {
                            option value=(id) selected[view.selected_problem.as_deref() == Some(id.as_str())] { (id) " — " (title) }
                        }
                    }
                }
                label { "Your question"
                    textarea name="question" rows="5" required maxlength=(view.max_question_chars) {}
                }
                p class="hint" {
                    "The teacher answers you, or everyone when the answer concerns all (then the question is shown without your name). At most "
                    (view.max_question_chars) " characters."
                }
                button type="submit" { "Ask" }
            }
        }
    }
}

fn answer_form(
    csrf_token: &str,
    view: &ClarificationsPage,
    clarification: &Clarification,
) -> Markup {
    html! {
        form method="post" action={ "/teacher/clarifications/" (clarification.id) "/answer" } class="submit answer" {
            (csrf_field(csrf_token))
            label { @if clarification.answer.is_some() { "Change the answer" } @else { "Answer" }
                textarea name="answer" rows="3" required maxlength=(view.max_answer_chars) {
                    (clarification.answer.as_deref().unwrap_or(""))
                }
            }
            div class="buttons" {
                button type="submit" name="public" value="0" { "Answer privately" }
                " "
                button type="submit" name="public" value="1" { "Answer to everyone" }
            }
        }
    }
}

fn clarification_item(csrf_token: &str, view: &ClarificationsPage, c: &Clarification) -> Markup {
    let own = c.user_id == view.viewer_id;
    html! {
        div class={ "clarification" @if c.answer.is_none() { " open" } } id={ "clarification-" (c.id) } {
            p class="muted" {
                "#" (c.id) " · " (about(c)) " · " (format::time(c.asked_at_ms))
                @if view.teacher { " · asked by " strong { (c.user_name) } }
                @else if own { " · your question" }
                @if c.public && c.answer.is_some() { " · " span class="public" { "answered to everyone" } }
                @else if c.answer.is_some() { " · " span class="private" { "answered privately" } }
            }
            p class="text question" { (c.question) }
            @match &c.answer {
                Some(answer) => { div class="answer" { strong { "Answer: " } span class="text" { (answer) } } }
                None => { p class="muted waiting" { "Waiting for an answer." } }
            }
            @if view.teacher { (answer_form(csrf_token, view, c)) }
        }
    }
}

/// The clarifications page.
pub fn page_view(chrome: &Chrome, csrf_token: &str, view: &ClarificationsPage) -> Markup {
    let (mine, public): (Vec<&Clarification>, Vec<&Clarification>) = view
        .clarifications
        .iter()
        .partition(|c| view.teacher || c.user_id == view.viewer_id);
    page(
        chrome,
        "Questions",
        html! {
            h1 { "Questions and announcements" }
            @if view.teacher {
                section id="announce" {
                    h2 { "Post an announcement" }
                    form method="post" action="/teacher/announcements" class="submit" id="announce-form" {
                        (csrf_field(csrf_token))
                        label { "Announcement (shown on every page)"
                            textarea name="body" rows="3" required maxlength=(view.max_answer_chars) {}
                        }
                        button type="submit" { "Announce" }
                    }
                }
            }
            (announcement_list(view))
            @if !view.teacher { (ask_form(csrf_token, view)) }
            section id="questions" {
                h2 { @if view.teacher { "Questions" } @else { "Your questions" } }
                @if mine.is_empty() { p class="muted" { "None yet." } }
                @for c in &mine { (clarification_item(csrf_token, view, c)) }
            }
            @if !view.teacher {
                section id="public-answers" {
                    h2 { "Answers to everyone" }
                    @if public.is_empty() { p class="muted" { "None yet." } }
                    @for c in &public { (clarification_item(csrf_token, view, c)) }
                }
            }
        },
    )
}
