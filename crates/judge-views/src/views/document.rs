//! What every HTML document has, whoever reads it: its head and the language switch (the
//! frame of a page, [`super::layout`], and the page of an error answer,
//! [`super::error_page`], are built on them).

use judge_i18n::{FrameTexts, Lang};
use maud::{html, Markup};

/// The document's head: the title, the style sheets and the script.
pub fn head(title: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            // No favicon request (and no 404 for it in the log).
            link rel="icon" href="data:,";
            link rel="stylesheet" href="/static/style.css";
            link rel="stylesheet" href="/static/scoreboard.css";
            script src="/static/app.js" defer {}
        }
    }
}

/// The language switch: each language's own name, linking to `/language` with the page to
/// come back to (the current one is not a link).
pub fn language_switch(lang: Lang) -> Markup {
    let next = crate::links::encode_component(&judge_i18n::current_path());
    html! {
        span class="languages" aria-label=(FrameTexts(lang).language()) {
            @for (i, other) in Lang::ALL.iter().enumerate() {
                @if i > 0 { " · " }
                @if *other == lang {
                    span class="current" lang=(other.html_lang()) { (other.label()) }
                } @else {
                    a href={ "/language?to=" (other.code()) "&next=" (next) } lang=(other.html_lang()) hreflang=(other.html_lang()) data-language=(other.code()) { (other.label()) }
                }
            }
        }
    }
}
