//! The scoreboard.

use super::format;
use super::layout::{page, Chrome};
use crate::scoreboard::Board;
use judge_core::config::judge_toml::Scoring;
use judge_core::export::html::scoreboard_table;
use maud::{html, Markup};

/// What the scoreboard page says about freezing.
#[derive(Debug, Clone)]
pub struct FreezeNote {
    /// When the freeze began.
    pub since_ms: i64,
    /// Whether this viewer sees the unfrozen board (a teacher) while students do not.
    pub viewer_sees_unfrozen: bool,
}

/// The scoreboard page.
pub fn page_view(
    chrome: &Chrome,
    title: &str,
    board: &Board,
    freeze: Option<&FreezeNote>,
) -> Markup {
    let standings = &board.standings;
    page(
        chrome,
        "Scoreboard",
        html! {
            h1 { "Scoreboard" }
            p class="muted" {
                (title) " · "
                @match standings.scoring { Scoring::Ioi => "IOI scoring: points per problem, best attempt", Scoring::Icpc => "ICPC scoring: problems solved, then penalty minutes" }
            }
            @if let Some(freeze) = freeze {
                p class="notice" {
                    @if freeze.viewer_sees_unfrozen {
                        "Students see this scoreboard frozen since " (format::time(freeze.since_ms)) "; you see it unfrozen."
                    } @else {
                        "The scoreboard is frozen since " (format::time(freeze.since_ms)) ": later attempts show as ?."
                    }
                }
            }
            (scoreboard_table(standings, Some(&|problem: &str| format!("/problems/{problem}"))))
            @if standings.rows.is_empty() { p class="muted" { "No students yet." } }
        },
    )
}
