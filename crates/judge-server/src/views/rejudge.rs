//! The rejudge confirmation: what will be queued, and that results stay in view until
//! the new ones are in.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

/// What a rejudge would queue.
#[derive(Debug, Clone)]
pub struct Confirmation {
    /// "submission 5" or "problem add".
    pub what: String,
    /// Where the form posts.
    pub action: String,
    /// Where "cancel" goes.
    pub back: String,
    /// How many submissions it queues.
    pub count: usize,
}

/// "1 submission", "3 submissions".
pub fn submissions_count(count: usize) -> String {
    format!("{count} submission{}", if count == 1 { "" } else { "s" })
}

/// The confirmation page.
pub fn confirm(chrome: &Chrome, view: &Confirmation) -> Markup {
    page(
        chrome,
        "Rejudge",
        html! {
            h1 { "Rejudge " (view.what) "?" }
            p { "This queues " strong id="rejudge-count" { (submissions_count(view.count)) } " for a new judging round." }
            p class="hint" { "Until each new result is in, the pages and the scoreboard keep the previous result, marked as being rejudged. Every round's verdict stays in the submission's history." }
            @if view.count > 0 {
                form method="post" action=(view.action) class="inline" {
                    (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                    input type="hidden" name="confirm" value="yes";
                    button type="submit" { "Rejudge " (submissions_count(view.count)) }
                }
                " "
            }
            a href=(view.back) { "Cancel" }
        },
    )
}

/// The notice after a rejudge was queued.
pub fn queued_notice(count: usize) -> Markup {
    html! {
        p class="notice" id="rejudge-queued" {
            (submissions_count(count)) " queued for rejudging. Each keeps its previous result in view until the new one is in."
        }
    }
}
