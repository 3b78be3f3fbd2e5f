//! Output visualizer for pixel-placement (`pixel-placement-visualize INPUT ANSWER
//! FEEDBACK_DIR < OUTPUT`, see checker-kit's `visualizer`): draws the output's colouring,
//! black cells and white, with the board's clues on it; each clue that does not hold is
//! ringed in red with its 3 x 3 block outlined and its count written beside the digit
//! ("5≠4": the clue wants 5 black cells, its block holds 4). An output that is not a
//! colouring (a missing line, a bad character, a line of the wrong length) is not drawn:
//! the one line saying so, the checker's own words, is the judge's note.

use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use pixel_placement::{Board, Violation};

/// A cell's side, in pixels.
const CELL: f64 = 36.0;
/// Height of the caption under the board.
const CAPTION: f64 = 28.0;
/// The margin round the board.
const MARGIN: f64 = 18.0;
const RED: &str = "#e53935";
const BLACK: &str = "#263238";

/// The caption: what the colouring does to the clues, and its colour.
fn caption(board: &Board, broken: &[Violation]) -> (String, &'static str) {
    let clues = board.clues.iter().flatten().count();
    match broken.first() {
        None => (format!("all {clues} clues hold"), "#2e7d32"),
        Some(first) => (
            format!(
                "{} of {clues} clues do not hold; the first, ({}, {}), wants {} black cells, its block holds {}",
                broken.len(),
                first.row,
                first.col,
                first.clue,
                first.black
            ),
            "#c62828",
        ),
    }
}

/// The picture of a colouring on its board.
fn draw_colouring(board: &Board, colouring: &[bool]) -> String {
    let broken: Vec<Violation> = board.violations(colouring).collect();
    let (caption, colour) = caption(board, &broken);
    let (grid_width, grid_height) = (board.cols as f64 * CELL, board.rows as f64 * CELL);
    // 14-pixel text is about 7.5 pixels a character.
    let width = (grid_width + 2.0 * MARGIN).max(caption.chars().count() as f64 * 7.5 + MARGIN);
    let height = grid_height + 2.0 * MARGIN + CAPTION;
    let title = format!("pixel placement {} x {}", board.rows, board.cols);
    let mut svg = Svg::new(width as u32, height as u32, &title);
    let corner = |row: usize, col: usize| (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL);
    svg.rect(
        MARGIN,
        MARGIN,
        grid_width,
        grid_height,
        r##"fill="#ffffff""##,
    );
    for row in 0..board.rows {
        for col in 0..board.cols {
            if colouring[row * board.cols + col] {
                let (x, y) = corner(row, col);
                svg.rect(x, y, CELL, CELL, &format!(r#"fill="{BLACK}""#));
            }
        }
    }
    svg.grid(
        (MARGIN, MARGIN),
        (board.rows, board.cols),
        CELL,
        r##"fill="none" stroke="#90a4ae" stroke-width="1""##,
    );
    for violation in &broken {
        // The block the clue counts: up to 3 x 3 cells, cut by the board's edges.
        let (top, left) = (
            violation.row.saturating_sub(1),
            violation.col.saturating_sub(1),
        );
        let bottom = (violation.row + 1).min(board.rows - 1);
        let right = (violation.col + 1).min(board.cols - 1);
        let (x, y) = corner(top, left);
        svg.rect(
            x + 2.0,
            y + 2.0,
            (right - left + 1) as f64 * CELL - 4.0,
            (bottom - top + 1) as f64 * CELL - 4.0,
            &format!(r#"fill="none" stroke="{RED}" stroke-width="2" stroke-dasharray="5 3""#),
        );
    }
    for row in 0..board.rows {
        for col in 0..board.cols {
            let Some(clue) = board.clue(row, col) else {
                continue;
            };
            let (x, y) = corner(row, col);
            let centre = (x + CELL / 2.0, y + CELL / 2.0);
            let black = colouring[row * board.cols + col];
            let wrong = broken.iter().find(|v| (v.row, v.col) == (row, col));
            let (fill, text) = match (wrong, black) {
                (Some(v), _) => (RED, format!("{clue}≠{}", v.black)),
                (None, true) => ("#ffffff", clue.to_string()),
                (None, false) => (BLACK, clue.to_string()),
            };
            if wrong.is_some() {
                svg.circle(
                    centre,
                    CELL / 2.0 - 2.0,
                    &format!(r##"fill="#ffebee" stroke="{RED}" stroke-width="3""##),
                );
            }
            let size = if wrong.is_some() { 12 } else { 17 };
            svg.text(
                (centre.0, centre.1 + size as f64 * 0.35),
                &text,
                &format!(
                    r#"font-size="{size}" font-weight="bold" text-anchor="middle" fill="{fill}""#
                ),
            );
        }
    }
    svg.text(
        (MARGIN * 0.5, grid_height + 2.0 * MARGIN + CAPTION * 0.5),
        &caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The picture of one output.
fn draw(files: VisualFiles) -> DrawResult {
    let board = Board::parse(files.input.text())
        .map_err(|why| format!("the input is not a board: {why}"))?;
    let colouring = board.read_colouring(files.output.text())?;
    Ok(draw_colouring(&board, &colouring))
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::Tokens;

    /// A 2 x 3 board: the corner clue 1 counts (0,0), (0,1), (1,0), (1,1); the clue 0 at
    /// (1, 2) counts (0,1), (0,2), (1,1), (1,2).
    const BOARD: &str = "2 3\n1__\n__0\n";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(b"100\n000\n"),
        })
    }

    #[test]
    fn a_colouring_meeting_every_clue_is_drawn_in_green() {
        let svg = picture(BOARD, "100\n000\n").unwrap();
        assert!(svg.contains("all 2 clues hold"), "{svg}");
        assert!(!svg.contains(RED), "nothing is marked red: {svg}");
        // The one black cell, (0, 0), and the clue on it written in white.
        assert!(
            svg.contains(r##"<rect x="18" y="18" width="36" height="36" fill="#263238"/>"##),
            "{svg}"
        );
        assert!(svg.contains(r##"fill="#ffffff">1</text>"##), "{svg}");
    }

    #[test]
    fn a_clue_that_does_not_hold_is_ringed_with_its_block() {
        // (0, 1) black as well: the corner clue sees 2, the clue 0 sees 1.
        let svg = picture(BOARD, "110\n000\n").unwrap();
        assert!(
            svg.contains("2 of 2 clues do not hold; the first, (0, 0), wants 1 black cells, its block holds 2"),
            "{svg}"
        );
        assert!(
            svg.contains(">1≠2</text>") && svg.contains(">0≠1</text>"),
            "{svg}"
        );
        // The clue 0's block: columns 1-2 of both rows.
        assert!(
            svg.contains(
                r##"<rect x="56" y="20" width="68" height="68" fill="none" stroke="#e53935""##
            ),
            "{svg}"
        );
    }

    #[test]
    fn only_the_clues_that_fail_are_marked() {
        // (1, 0) black: the corner clue sees 1 and holds; the clue 0 still sees none.
        let svg = picture(BOARD, "000\n100\n").unwrap();
        assert!(svg.contains("all 2 clues hold"), "{svg}");
        // (0, 2) black: only the clue 0 fails.
        let svg = picture(BOARD, "101\n000\n").unwrap();
        assert!(
            svg.contains("1 of 2 clues do not hold; the first, (1, 2)"),
            "{svg}"
        );
        assert!(svg.contains(">0≠1</text>") && !svg.contains(">1≠"), "{svg}");
    }

    #[test]
    fn an_output_that_is_not_a_colouring_gives_the_note() {
        for (output, why) in [
            ("", "too few lines: line 1 is missing"),
            ("10\n000\n", "line 1 has 2 characters, expected 3"),
            ("100\n0x0\n", "bad character 'x' at (1, 1)"),
        ] {
            let note = picture(BOARD, output).unwrap_err();
            assert!(
                note.starts_with(why) && !note.contains('\n'),
                "{output:?}: {note}"
            );
        }
    }
}
