//! The frame of every page: head, navigation, the user and the log-out button.

use crate::auth::Session;
use crate::store::User;
use axum::http::StatusCode;
use maud::{html, Markup, DOCTYPE};

/// What the frame needs to know.
#[derive(Debug, Clone)]
pub struct Chrome {
    /// The contest's title.
    pub contest_title: String,
    /// Who is logged in.
    pub user: Option<User>,
    /// Their CSRF token (for the log-out form).
    pub csrf_token: Option<String>,
    /// Which navigation entry is current.
    pub active: &'static str,
}

impl Chrome {
    /// The frame for a session (or none).
    pub fn new(contest_title: &str, session: Option<&Session>, active: &'static str) -> Chrome {
        Chrome {
            contest_title: contest_title.to_string(),
            user: session.map(|s| s.user.clone()),
            csrf_token: session.map(|s| s.csrf_token.clone()),
            active,
        }
    }
}

/// The hidden CSRF field of a form.
pub fn csrf_field(token: &str) -> Markup {
    html! { input type="hidden" name=(crate::csrf::FIELD) value=(token); }
}

fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            // No favicon request (and no 404 for it in the log).
            link rel="icon" href="data:,";
            link rel="stylesheet" href="/static/style.css";
            script src="/static/app.js" defer {}
        }
    }
}

/// A whole page.
pub fn page(chrome: &Chrome, title: &str, body: Markup) -> Markup {
    let entries: &[(&str, &str, &str)] = &[
        ("problems", "/problems", "Problems"),
        ("submit", "/submit", "Submit"),
        ("submissions", "/submissions", "My submissions"),
        ("scoreboard", "/scoreboard", "Scoreboard"),
    ];
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(&format!("{title} · {}", chrome.contest_title)))
            body {
                header class="top" {
                    a class="brand" href="/problems" { (chrome.contest_title) }
                    @if let Some(user) = &chrome.user {
                        nav {
                            @for (key, href, label) in entries {
                                a href=(href) class=[(chrome.active == *key).then_some("active")] { (label) }
                            }
                            @if user.is_teacher() {
                                a href="/teacher" class=[(chrome.active == "teacher").then_some("active")] { "Teacher" }
                            }
                        }
                        div class="who" {
                            span class="user" { (user.name) @if user.is_teacher() { " (teacher)" } }
                            form method="post" action="/logout" class="inline" {
                                (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                                button type="submit" class="link" { "Log out" }
                            }
                        }
                    }
                }
                main { (body) }
            }
        }
    }
}

/// The page of an error answer.
pub fn error_page(status: StatusCode, message: &str) -> Markup {
    let reason = status.canonical_reason().unwrap_or("Error");
    html! {
        (DOCTYPE)
        html lang="en" {
            (head(reason))
            body {
                header class="top" { a class="brand" href="/problems" { "judge" } }
                main {
                    h1 { (status.as_u16()) " " (reason) }
                    p class="error-message" { (message) }
                    p {
                        @if status == StatusCode::UNAUTHORIZED {
                            a href="/login" { "Log in" }
                        } @else {
                            a href="/problems" { "Back to the problems" }
                        }
                    }
                }
            }
        }
    }
}
