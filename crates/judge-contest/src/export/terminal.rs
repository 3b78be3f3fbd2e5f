//! The scoreboard as an aligned terminal table; students' names are escaped
//! ([`escape::terminal_line`]) and aligned by the columns a terminal gives them (a CJK
//! name takes two a character: [`columns`]).

use super::cell_text;
use crate::scoring::Scoreboard;
use judge_model::course::Scoring;
use judge_model::text::{columns, escape, pad_left, pad_right, points};

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
        .map(|i| rows.iter().map(|r| columns(&r[i])).max().unwrap_or(0))
        .collect();
    rows.iter()
        .map(|row| {
            row.iter()
                .zip(&widths)
                .enumerate()
                .map(|(i, (text, width))| {
                    if i == 1 {
                        pad_right(text, *width)
                    } else {
                        pad_left(text, *width)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scoring::{Cell, Row};

    #[test]
    fn double_width_names_keep_the_columns_straight() {
        let row = |rank: usize, student: &str, points: f64| Row {
            rank,
            student: student.into(),
            points,
            solved: 0,
            penalty_minutes: 0,
            cells: vec![Cell {
                problem: "maze".into(),
                attempts: 1,
                points,
                solved: points == 100.0,
                solved_at_minutes: None,
                rejected_before_solved: 0,
                pending: 0,
            }],
        };
        let board = Scoreboard {
            scoring: Scoring::Ioi,
            problems: vec!["maze".into()],
            rows: vec![row(1, "王小明", 100.0), row(2, "bob smith", 30.0)],
        };
        let table = scoreboard_table(&board);
        // The last column is right-aligned: straight columns make every line as wide.
        let widths: Vec<usize> = table.lines().map(columns).collect();
        assert!(
            widths.iter().all(|&w| w == widths[0]),
            "{table}\n{widths:?}"
        );
        assert!(table.contains("王小明"), "{table}");
    }
}
