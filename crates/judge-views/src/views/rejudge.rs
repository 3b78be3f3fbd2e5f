//! The rejudge confirmation: what will be queued, and that results stay in view until
//! the new ones are in.

use super::layout::{csrf_field, page, Chrome};
use maud::{html, Markup};

judge_i18n::texts! {
    /// Texts of the rejudge confirmation and the notice after it.
    pub struct RejudgeTexts {
        title => "Rejudge", "重测";
        submission(id: i64) => "submission {id}", "提交 #{id}";
        problem(problem: &str) => "every submission of problem {problem}", "题目 {problem} 的所有提交";
        heading(what: &str) => "Rejudge {what}?", "重测{what}？";
        one_submission => "1 submission", "1 个提交";
        submissions(count: usize) => "{count} submissions", "{count} 个提交";
        queues_before => "This queues ", "这将把 ";
        queues_after => " for a new judging round.", " 加入新一轮评测。";
        hint => "Until each new result is in, the pages and the scoreboard keep the previous result, marked as being rejudged. Every round's verdict stays in the submission's history.",
            "新结果出来之前，各页面和排行榜保留之前的结果，并标记为重测中。每一轮的结果都会保留在提交的历史中。";
        button(count: &str) => "Rejudge {count}", "重测 {count}";
        cancel => "Cancel", "取消";
        queued(count: &str) => "{count} queued for rejudging. Each keeps its previous result in view until the new one is in.",
            "已将 {count} 加入重测队列。新结果出来之前，仍显示之前的结果。";
    }
}

/// What a rejudge would queue.
#[derive(Debug, Clone)]
pub struct Confirmation {
    /// "submission 5" or "every submission of problem add" (in the page's language).
    pub what: String,
    /// Where the form posts.
    pub action: String,
    /// Where "cancel" goes.
    pub back: String,
    /// How many submissions it queues.
    pub count: usize,
}

/// "1 submission", "3 submissions" (in the request's language).
pub fn submissions_count(count: usize) -> String {
    let t = RejudgeTexts::current();
    if count == 1 {
        t.one_submission().to_string()
    } else {
        t.submissions(count)
    }
}

/// The confirmation page.
pub fn confirm(chrome: &Chrome, view: &Confirmation) -> Markup {
    let t = RejudgeTexts(chrome.lang);
    page(
        chrome,
        t.title(),
        html! {
            h1 { (t.heading(&view.what)) }
            p { (t.queues_before()) strong id="rejudge-count" { (submissions_count(view.count)) } (t.queues_after()) }
            p class="hint" { (t.hint()) }
            @if view.count > 0 {
                form method="post" action=(view.action) class="inline" {
                    (csrf_field(chrome.csrf_token.as_deref().unwrap_or("")))
                    input type="hidden" name="confirm" value="yes";
                    button type="submit" { (t.button(&submissions_count(view.count))) }
                }
                " "
            }
            a href=(view.back) { (t.cancel()) }
        },
    )
}

/// The notice after a rejudge was queued.
pub fn queued_notice(count: usize) -> Markup {
    html! {
        p class="notice" id="rejudge-queued" {
            (RejudgeTexts::current().queued(&submissions_count(count)))
        }
    }
}
