//! Output visualizer for knights-tour (`knights-tour-visualize INPUT ANSWER FEEDBACK_DIR <
//! OUTPUT`, see checker-kit's `visualizer`): draws the board, each square of the walk
//! numbered by its place in it, the jumps between them, and in red the first square that
//! breaks a rule (outside the board, blocked, not a knight's move away, visited before, not
//! S); free squares a complete-looking walk missed are tinted. `-1` is the board alone,
//! captioned; an output that is not a walk (empty, a token that is not a number) is not
//! drawn: the one line saying so is the judge's note.

use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use knights_tour::output::read_walk;
use knights_tour::{Board, Square, TourError};

/// A square's side, in pixels.
const CELL: f64 = 30.0;
/// Height of the caption under the board.
const CAPTION: f64 = 28.0;
/// The red dot on a wrong square.
const DOT_RADIUS: f64 = 6.0;
/// The ring round the last good square when the next one cannot be drawn.
const RING_RADIUS: f64 = 12.0;
const RED: &str = "#e53935";

/// The width a caption of 14-pixel text needs, margins included.
fn caption_width(caption: &str) -> f64 {
    caption.chars().count() as f64 * 7.5 + CELL
}

/// The centre of a square (the board starts one square in, for the margin).
fn centre((r, c): (i64, i64)) -> (f64, f64) {
    ((c as f64 + 1.5) * CELL, (r as f64 + 1.5) * CELL)
}

fn signed((r, c): Square) -> (i64, i64) {
    (r as i64, c as i64)
}

/// How many squares of the walk are good (the part drawn with numbers), and the wrong
/// square with the one before it, when the rule broken has one.
fn good_part(board: &Board, walk: &[(i64, i64)], error: Option<&TourError>) -> usize {
    match error {
        None | Some(TourError::WrongLength { .. }) => walk.len(),
        Some(TourError::WrongStart { .. }) => 0,
        Some(
            TourError::Outside { step, .. }
            | TourError::Blocked { step, .. }
            | TourError::NotAMove { step, .. }
            | TourError::Repeated { step, .. },
        ) => (step - 1).min(walk.len()),
    }
    .min(board.rows * board.cols)
}

/// The picture of a board and a walk on it (`None`: the output says there is no tour).
fn draw_walk(board: &Board, walk: Option<&[(i64, i64)]>) -> String {
    let said_none = walk.is_none();
    let walk = walk.unwrap_or_default();
    let error = match said_none {
        true => None,
        false => board.check_tour(walk).err(),
    };
    let good = good_part(board, walk, error.as_ref());
    let (rows, cols) = (board.rows, board.cols);
    let board_height = (rows as f64 + 2.0) * CELL;
    let (caption, colour) = match &error {
        None if said_none => ("the output says there is no tour (-1)".into(), "#37474f"),
        None => (
            format!("a tour of all {} free squares", walk.len()),
            "#2e7d32",
        ),
        Some(error) => (error.to_string(), "#c62828"),
    };
    let width = ((cols as f64 + 2.0) * CELL).max(caption_width(&caption));
    let title = format!("knight's tour {rows} x {cols}");
    let mut svg = Svg::new(width as u32, (board_height + CAPTION) as u32, &title);
    let mut visited = vec![false; rows * cols];
    for &(r, c) in &walk[..good] {
        visited[board.index((r as usize, c as usize))] = true;
    }
    // A walk with no broken rule but too short: the free squares it missed are tinted.
    let short = matches!(error, Some(TourError::WrongLength { .. }));
    for r in 0..rows {
        for c in 0..cols {
            let fill = match (board.is_free((r, c)), visited[board.index((r, c))]) {
                (false, _) => "#455a64",
                (true, false) if short => "#ffe0b2",
                _ if (r + c) % 2 == 0 => "#ffffff",
                _ => "#eceff1",
            };
            let (x, y) = ((c as f64 + 1.0) * CELL, (r as f64 + 1.0) * CELL);
            svg.rect(x, y, CELL, CELL, &format!(r#"fill="{fill}""#));
        }
    }
    svg.grid(
        (CELL, CELL),
        (rows, cols),
        CELL,
        r##"fill="none" stroke="#b0bec5" stroke-width="1""##,
    );
    let (sx, sy) = centre(signed(board.start));
    svg.rect(
        sx - CELL / 2.0 + 2.0,
        sy - CELL / 2.0 + 2.0,
        CELL - 4.0,
        CELL - 4.0,
        r##"fill="none" stroke="#43a047" stroke-width="3""##,
    );
    let points: Vec<(f64, f64)> = walk[..good].iter().map(|&square| centre(square)).collect();
    if points.len() > 1 {
        svg.polyline(
            &points,
            r##"fill="none" stroke="#1e88e5" stroke-width="1.5" opacity="0.6""##,
        );
    }
    let font = match walk.len() {
        0..=99 => 12,
        100..=999 => 10,
        _ => 8,
    };
    for (place, &square) in walk[..good].iter().enumerate() {
        let (x, y) = centre(square);
        svg.text(
            (x, y + f64::from(font) / 2.0 - 1.0),
            &(place + 1).to_string(),
            &format!(r##"font-size="{font}" text-anchor="middle" fill="#263238""##),
        );
    }
    draw_wrong(&mut svg, walk, good, error.as_ref());
    svg.text(
        (CELL * 0.5, board_height + CAPTION * 0.5),
        &caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The first wrong square in red: the jump to it and a dot on it, or (outside the board,
/// where it cannot be drawn) a ring on the last good square.
fn draw_wrong(svg: &mut Svg, walk: &[(i64, i64)], good: usize, error: Option<&TourError>) {
    let red_line = format!(r#"stroke="{RED}" stroke-width="3" stroke-linecap="round""#);
    let red_dot = format!(r#"fill="{RED}""#);
    let ring = format!(r#"fill="none" stroke="{RED}" stroke-width="3""#);
    match error {
        Some(TourError::WrongStart { first, .. }) => svg.circle(centre(*first), RING_RADIUS, &ring),
        Some(TourError::Outside { .. }) => {
            if let Some(&last) = walk[..good].last() {
                svg.circle(centre(last), RING_RADIUS, &ring);
            }
        }
        Some(
            TourError::Blocked { square, .. }
            | TourError::NotAMove { to: square, .. }
            | TourError::Repeated { square, .. },
        ) => {
            let target = centre(signed(*square));
            if let Some(&last) = walk[..good].last() {
                svg.line(centre(last), target, &red_line);
            }
            svg.circle(target, DOT_RADIUS, &red_dot);
        }
        Some(TourError::WrongLength { .. }) | None => {}
    }
}

/// The picture of one output.
fn draw(mut files: VisualFiles) -> DrawResult {
    let board =
        Board::parse(files.input.text()).map_err(|e| format!("the input is not a board: {e}"))?;
    let first = files
        .output
        .clone()
        .next_token()
        .map(|t| t.text.to_string());
    match first.as_deref() {
        None => return Err("the output is empty: no walk to draw".into()),
        Some("-1") => return Ok(draw_walk(&board, None)),
        Some(_) => {}
    }
    let walk = read_walk(&mut files.output).map_err(|e| format!("{e}: no walk to draw"))?;
    Ok(draw_walk(&board, Some(&walk)))
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::Tokens;

    const SAMPLE: &str = "5 5\nS....\n.....\n.....\n.....\n.....\n";
    const TOUR: &str = "0 0 1 2 0 4 2 3 4 4 3 2 4 0 2 1 0 2 1 0 3 1 4 3 2 4 0 3 1 1 3 0 4 2 3 4 1 3 0 1 2 0 4 1 3 3 1 4 2 2";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(TOUR.as_bytes()),
        })
    }

    #[test]
    fn a_tour_is_numbered_jump_by_jump() {
        let svg = picture(SAMPLE, TOUR).unwrap();
        assert!(svg.contains("a tour of all 25 free squares"), "{svg}");
        assert!(!svg.contains(RED), "{svg}");
        // Square 2 is (1, 2), square 25 is (2, 2): numbers at the squares' centres.
        assert!(
            svg.contains(r#"<text x="105" y="80" font-size="12""#),
            "{svg}"
        );
        assert!(svg.contains(">25</text>"), "{svg}");
        assert!(
            svg.contains(r#"<polyline points="45,45 105,75 165,45"#),
            "{svg}"
        );
    }

    #[test]
    fn the_first_jump_that_is_not_a_knights_move_is_red() {
        // (0,0) -> (1,2) -> (2,2): one step down is no knight's move.
        let svg = picture(SAMPLE, "0 0 1 2 2 2 0 0").unwrap();
        assert!(
            svg.contains("square 3 of the walk, (2, 2), is not a knight&#39;s move from (1, 2)"),
            "{svg}"
        );
        assert!(
            svg.contains(&format!(
                r#"<line x1="105" y1="75" x2="105" y2="105" stroke="{RED}""#
            )),
            "{svg}"
        );
        assert!(
            !svg.contains(">3</text>"),
            "the wrong square is not numbered: {svg}"
        );
    }

    #[test]
    fn a_square_visited_twice_and_a_square_outside_are_marked() {
        let svg = picture(SAMPLE, "0 0 1 2 0 0").unwrap();
        assert!(svg.contains("was already visited as square 1"), "{svg}");
        assert!(svg.contains(&format!(r#"<circle cx="45" cy="45" r="6" fill="{RED}""#)));
        let svg = picture(SAMPLE, "0 0 -2 1").unwrap();
        assert!(svg.contains("is outside the board"), "{svg}");
        assert!(
            svg.contains(r#"<circle cx="45" cy="45" r="12" fill="none""#),
            "{svg}"
        );
    }

    #[test]
    fn a_short_walk_tints_the_squares_it_missed() {
        let svg = picture(SAMPLE, "0 0 1 2").unwrap();
        assert!(
            svg.contains("the walk visits 2 squares, but the board has 25"),
            "{svg}"
        );
        assert_eq!(svg.matches("#ffe0b2").count(), 23, "{svg}");
    }

    #[test]
    fn minus_one_is_the_board_alone_captioned() {
        let svg = picture(SAMPLE, "-1\n").unwrap();
        assert!(
            svg.contains("the output says there is no tour (-1)"),
            "{svg}"
        );
        assert!(!svg.contains("<polyline") && !svg.contains(RED), "{svg}");
        assert!(!svg.contains("#ffe0b2"), "nothing is tinted: {svg}");
    }

    #[test]
    fn an_output_that_is_not_a_walk_gives_the_note() {
        for (output, why) in [
            ("", "the output is empty"),
            ("0 0 1 x", "found \"x\""),
            ("0 0 1", "no column"),
        ] {
            let note = picture(SAMPLE, output).unwrap_err();
            assert!(
                note.contains(why) && !note.contains('\n'),
                "{output:?}: {note}"
            );
        }
    }
}
