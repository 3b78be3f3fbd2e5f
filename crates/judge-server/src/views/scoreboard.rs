//! The scoreboard.

use super::format;
use super::layout::{page, Chrome};
use crate::scoreboard::Board;
use judge_core::config::judge_toml::Scoring;
use judge_core::contest::scoring::Cell;
use maud::{html, Markup};

/// What the scoreboard page says about freezing.
#[derive(Debug, Clone)]
pub struct FreezeNote {
    /// When the freeze began.
    pub since_ms: i64,
    /// Whether this viewer sees the unfrozen board (a teacher) while students do not.
    pub viewer_sees_unfrozen: bool,
}

fn points(value: f64) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded.fract() == 0.0 {
        format!("{rounded:.0}")
    } else {
        format!("{rounded}")
    }
}

fn cell(scoring: Scoring, cell: &Cell, pending: usize) -> Markup {
    let class = if cell.solved {
        "solved"
    } else if pending > 0 {
        "pending"
    } else if cell.attempts > 0 {
        "attempted"
    } else {
        "empty"
    };
    html! {
        td class={ "cell " (class) } {
            @match scoring {
                Scoring::Ioi => {
                    @if cell.attempts > 0 || pending > 0 { strong { (points(cell.points)) } }
                    @if cell.attempts > 0 { small { " (" (cell.attempts) ")" } }
                }
                Scoring::Icpc => {
                    @if cell.solved {
                        strong { "+" @if cell.rejected_before_solved > 0 { (cell.rejected_before_solved) } }
                        @if let Some(minute) = cell.solved_at_minutes { small { " " (minute) "′" } }
                    } @else if cell.attempts > 0 {
                        strong { "−" (cell.attempts) }
                    }
                }
            }
            @if pending > 0 { small class="pending-count" title="not counted yet" { " ?" (pending) } }
        }
    }
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
            table class="grid scoreboard" {
                thead {
                    tr {
                        th class="num" { "Rank" } th { "Student" }
                        @match standings.scoring {
                            Scoring::Ioi => { th class="num" { "Points" } }
                            Scoring::Icpc => { th class="num" { "Solved" } th class="num" { "Penalty" } }
                        }
                        @for problem in &standings.problems { th { a href={ "/problems/" (problem) } { (problem) } } }
                    }
                }
                tbody {
                    @for row in &standings.rows {
                        tr data-student=(row.student) {
                            td class="num" { (row.rank) }
                            td { (row.student) }
                            @match standings.scoring {
                                Scoring::Ioi => { td class="num" { strong { (points(row.points)) } } }
                                Scoring::Icpc => { td class="num" { strong { (row.solved) } } td class="num" { (row.penalty_minutes) } }
                            }
                            @for c in &row.cells { (cell(standings.scoring, c, board.pending(&row.student, &c.problem))) }
                        }
                    }
                }
            }
            @if standings.rows.is_empty() { p class="muted" { "No students yet." } }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_drop_needless_decimals() {
        assert_eq!(points(100.0), "100");
        assert_eq!(points(100.0 / 3.0), "33.33");
        assert_eq!(points(0.0), "0");
    }
}
