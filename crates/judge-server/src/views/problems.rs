//! The problem list and a problem's statement.

use super::format;
use super::layout::{page, Chrome};
use crate::statement::{RenderedStatement, StatementLanguage};
use judge_core::Verdict;
use maud::{html, Markup, PreEscaped};

/// One row of the problem list.
#[derive(Debug, Clone)]
pub struct ProblemRow {
    /// Its id.
    pub id: String,
    /// Its title (English, and Chinese if any), or why it cannot be loaded.
    pub title: Result<(String, Option<String>), String>,
    /// Its points.
    pub points: f64,
    /// The user's best verdict so far.
    pub best: Option<Verdict>,
    /// The user's attempts.
    pub attempts: usize,
}

/// The problem list; `notice` explains when there is nothing to show yet.
pub fn list(chrome: &Chrome, rows: &[ProblemRow], notice: Option<Markup>, teacher: bool) -> Markup {
    page(
        chrome,
        "Problems",
        html! {
            h1 { "Problems" }
            @if let Some(notice) = notice { p class="notice" { (notice) } }
            @if !rows.is_empty() {
                table class="grid" {
                    thead { tr { th { "Problem" } th { "Title" } th class="num" { "Points" } th { "You" } } }
                    tbody {
                        @for row in rows {
                            tr {
                                td { a href={ "/problems/" (row.id) } { (row.id) } }
                                td {
                                    @match &row.title {
                                        Ok((title, zh)) => {
                                            (title)
                                            @if let Some(zh) = zh { " · " span lang="zh" { (zh) } }
                                        }
                                        Err(reason) => {
                                            span class="muted" { "not available yet" }
                                            @if teacher { " " span class="error-message" { (reason) } }
                                        }
                                    }
                                }
                                td class="num" { (row.points) }
                                td {
                                    @if let Some(best) = row.best { (format::verdict(best)) " " }
                                    @if row.attempts > 0 { span class="muted" { (row.attempts) " attempt" @if row.attempts != 1 { "s" } } }
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// A sample test shown under the statement.
#[derive(Debug, Clone)]
pub struct SampleFile {
    /// `sample/1`.
    pub name: String,
    /// The input (capped).
    pub input: String,
    /// The answer (capped).
    pub answer: String,
}

/// What a statement page shows.
#[derive(Debug, Clone)]
pub struct StatementPage {
    /// The problem's id.
    pub id: String,
    /// Its title.
    pub title: String,
    /// The rendered statement.
    pub statement: RenderedStatement,
    /// Limits, in words.
    pub limits: String,
    /// The sample tests.
    pub samples: Vec<SampleFile>,
}

/// A problem's statement with the language switch and the submit link.
pub fn statement(chrome: &Chrome, view: &StatementPage) -> Markup {
    let shown = view.statement.shown;
    page(
        chrome,
        &view.title,
        html! {
            div class="statement-bar" {
                @if view.statement.available.len() > 1 {
                    nav class="languages" aria-label="Statement language" {
                        @for language in &view.statement.available {
                            @if Some(*language) == shown {
                                strong { (language.label()) }
                            } @else {
                                a href={ "/problems/" (view.id) "?lang=" (language.code()) } hreflang=(language.code()) { (language.label()) }
                            }
                        }
                    }
                }
                span class="limits" { (view.limits) }
                a href={ "/clarifications?problem=" (view.id) "#ask" } { (super::clarifications::ClarificationTexts(chrome.lang).ask()) }
                a class="button" href={ "/submit?problem=" (view.id) } { "Submit a solution" }
            }
            article class="statement" lang=(shown.map_or("en", StatementLanguage::code)) {
                (PreEscaped(&view.statement.html))
            }
            @if !view.samples.is_empty() {
                section class="samples" {
                    h2 { "Sample tests" }
                    @for sample in &view.samples {
                        div class="sample" {
                            div { h3 { (sample.name) ".in" } pre { code { (sample.input) } } }
                            div { h3 { (sample.name) ".ans" } pre { code { (sample.answer) } } }
                        }
                    }
                }
            }
            p { a class="button" href={ "/submit?problem=" (view.id) } { "Submit a solution" } }
        },
    )
}
