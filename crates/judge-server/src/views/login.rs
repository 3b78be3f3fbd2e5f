//! The log-in page.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

/// The log-in form; `error` is shown above it after a failed attempt.
pub fn login(
    chrome: &Chrome,
    csrf_token: &str,
    next: &str,
    name: &str,
    error: Option<&str>,
) -> Markup {
    page(
        chrome,
        "Log in",
        html! {
            h1 { "Log in" }
            @if let Some(error) = error { p class="error-message" role="alert" { (error) } }
            form method="post" action="/login" class="login" {
                (csrf_field(csrf_token))
                input type="hidden" name="next" value=(next);
                label { "Name" input type="text" name="name" value=(name) autocomplete="username" required autofocus; }
                label { "Password" input type="password" name="password" autocomplete="current-password" required; }
                button type="submit" { "Log in" }
            }
            p class="hint" { "Accounts are made by the teacher (" code { "judge users add" } ")." }
        },
    )
}
