//! The scoreboard as an aligned terminal table; students' names are escaped
//! ([`escape::terminal_line`]).

use super::cell_text;
use crate::config::judge_toml::Scoring;
use crate::contest::scoring::Scoreboard;
use crate::text::{escape, points};

/// The table: rank, student, one column per problem, then the total (IOI) or solved and
/// penalty (ICPC).
pub fn scoreboard_table(board: &Scoreboard) -> String {
    let mut header = vec!["#".to_string(), "student".to_string()];
    header.extend(
        board
            .problems
            .iter()
            .map(|p| escape::terminal_line(p).into_owned()),
    );
    header.extend(match board.scoring {
        Scoring::Ioi => vec!["total".to_string()],
        Scoring::Icpc => vec!["solved".to_string(), "penalty".to_string()],
    });
    let mut rows = vec![header];
    for row in &board.rows {
        let mut line = vec![
            row.rank.to_string(),
            escape::terminal_line(&row.student).into_owned(),
        ];
        line.extend(row.cells.iter().map(|c| cell_text(board.scoring, c)));
        match board.scoring {
            Scoring::Ioi => line.push(points(row.points)),
            Scoring::Icpc => {
                line.push(row.solved.to_string());
                line.push(row.penalty_minutes.to_string());
            }
        }
        rows.push(line);
    }
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|row| {
            row.iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (text, width))| {
                    if i == 1 {
                        format!("{text:<width$}")
                    } else {
                        format!("{text:>width$}")
                    }
                })
                .collect::<Vec<_>>()
                .join("  ")
                .trim_end()
                .to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}
