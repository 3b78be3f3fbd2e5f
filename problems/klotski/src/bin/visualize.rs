//! Output visualizer for klotski (`klotski-visualize INPUT ANSWER FEEDBACK_DIR < OUTPUT`,
//! see checker-kit's `visualizer`): draws the output's moves as a strip of boards (the
//! start, then the board after each move, checker-kit's `strip`: at most [`MAX_BOARDS`]
//! drawn, the middle of a longer sequence left out and the caption saying so), the exit
//! marked under each. The first illegal move (no such piece, off the board, onto another
//! piece, a token that is not a move) is drawn on the board before it: the piece ringed in
//! red, a red arrow the way it was to go. `-1` is the start alone, captioned; an output
//! whose first token is not a number of moves is not drawn: the one line saying so is the
//! judge's note.

use checker_kit::strip::{self, Slot, Strip};
use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use klotski::board::{Board, Direction, Shape, COLUMNS, ROWS};

/// A cell's side, in pixels.
const CELL: f64 = 16.0;
const BOARD_WIDTH: f64 = COLUMNS as f64 * CELL;
const BOARD_HEIGHT: f64 = ROWS as f64 * CELL;
/// The label under a board (below the exit mark), and the gap after it.
const LABEL: f64 = 22.0;
const GAP: f64 = 14.0;
const MARGIN: f64 = 12.0;
/// The most boards drawn, and how many a row holds.
const MAX_BOARDS: usize = 24;
const PER_ROW: usize = 8;
const CAPTION: f64 = 28.0;
const RED: &str = "#e53935";

/// The first move that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Illegal {
    /// Its number, 1-based.
    step: usize,
    token: String,
    /// Why, in words.
    why: String,
}

/// The output's moves played from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Play {
    /// The start, then the board after each legal move.
    boards: Vec<Board>,
    illegal: Option<Illegal>,
}

/// The piece letter and direction of a move token.
fn parse_move(token: &str) -> Option<(u8, Direction)> {
    match token.as_bytes() {
        [letter, direction] if letter.is_ascii_uppercase() => {
            Some((*letter, Direction::from_letter(*direction)?))
        }
        _ => None,
    }
}

/// Plays the move tokens from `start` up to the first illegal one.
fn play(start: &Board, tokens: &[String]) -> Play {
    let mut boards = vec![start.clone()];
    for (index, token) in tokens.iter().enumerate() {
        let mut board = boards.last().unwrap_or(start).clone();
        let why = match parse_move(token) {
            None => format!("{token:?} is not a piece letter and one of U, D, L, R"),
            Some((letter, direction)) => match board.apply(letter, direction) {
                Ok(()) => {
                    boards.push(board);
                    continue;
                }
                Err(why) => why,
            },
        };
        let illegal = Illegal {
            step: index + 1,
            token: token.clone(),
            why,
        };
        return Play {
            boards,
            illegal: Some(illegal),
        };
    }
    Play {
        boards,
        illegal: None,
    }
}

/// The caption, and its colour.
fn caption(play: &Play, claimed: usize, skipped: usize) -> (String, &'static str) {
    let moves = play.boards.len() - 1;
    let at_exit = play.boards.last().is_some_and(Board::at_exit);
    let (mut text, colour) = match &play.illegal {
        Some(illegal) => (format!("move {}: {}", illegal.step, illegal.why), "#c62828"),
        None if !at_exit => (
            format!("after {moves} moves the 2 x 2 block is not at the exit"),
            "#c62828",
        ),
        None if moves != claimed => (
            format!("the block reaches the exit in {moves} moves, but the output says {claimed}"),
            "#c62828",
        ),
        None => (
            format!("the block reaches the exit in {moves} moves"),
            "#2e7d32",
        ),
    };
    if skipped > 0 {
        text.push_str(&format!(" ({skipped} boards in the middle not drawn)"));
    }
    (text, colour)
}

/// A piece's fill, by its shape.
fn fill(shape: Shape) -> &'static str {
    match shape {
        Shape::Big => "#ffb300",
        Shape::Tall => "#90caf9",
        Shape::Wide => "#a5d6a7",
        Shape::Small => "#e1bee7",
    }
}

/// One board at `origin`: its pieces with their letters, the exit under rows 3-4,
/// columns 1-2.
fn draw_board(svg: &mut Svg, origin: (f64, f64), board: &Board) {
    svg.rect(
        origin.0,
        origin.1,
        BOARD_WIDTH,
        BOARD_HEIGHT,
        r##"fill="#eceff1" stroke="#455a64" stroke-width="1.5""##,
    );
    svg.line(
        (origin.0 + CELL, origin.1 + BOARD_HEIGHT + 1.5),
        (origin.0 + 3.0 * CELL, origin.1 + BOARD_HEIGHT + 1.5),
        r##"stroke="#2e7d32" stroke-width="3""##,
    );
    // `Board::parse` checked the pieces, and moves keep them whole.
    for piece in board.pieces().unwrap_or_default() {
        let (r, c) = (piece.anchor / COLUMNS, piece.anchor % COLUMNS);
        let (x, y) = (origin.0 + c as f64 * CELL, origin.1 + r as f64 * CELL);
        let (width, height) = (
            piece.shape.width() as f64 * CELL,
            piece.shape.height() as f64 * CELL,
        );
        svg.rect(
            x + 1.0,
            y + 1.0,
            width - 2.0,
            height - 2.0,
            &format!(r##"fill="{}" stroke="#546e7a" rx="2""##, fill(piece.shape)),
        );
        svg.text(
            (x + width / 2.0, y + height / 2.0 + 4.0),
            &(piece.letter as char).to_string(),
            r##"font-size="11" text-anchor="middle" fill="#263238""##,
        );
    }
}

/// The illegal move drawn on the board before it: the piece ringed, an arrow the way it
/// was to go; a token that names no piece frames the whole board.
fn draw_illegal(svg: &mut Svg, origin: (f64, f64), board: &Board, token: &str) {
    let piece = parse_move(token).and_then(|(letter, direction)| {
        let piece = board
            .pieces()
            .ok()?
            .into_iter()
            .find(|p| p.letter == letter)?;
        Some((piece, direction))
    });
    let Some((piece, direction)) = piece else {
        svg.rect(
            origin.0 - 2.0,
            origin.1 - 2.0,
            BOARD_WIDTH + 4.0,
            BOARD_HEIGHT + 4.0,
            &format!(r#"fill="none" stroke="{RED}" stroke-width="3""#),
        );
        return;
    };
    let (r, c) = (piece.anchor / COLUMNS, piece.anchor % COLUMNS);
    let (width, height) = (
        piece.shape.width() as f64 * CELL,
        piece.shape.height() as f64 * CELL,
    );
    let (x, y) = (origin.0 + c as f64 * CELL, origin.1 + r as f64 * CELL);
    svg.rect(
        x,
        y,
        width,
        height,
        &format!(r#"fill="none" stroke="{RED}" stroke-width="3""#),
    );
    let centre = (x + width / 2.0, y + height / 2.0);
    let (dx, dy) = match direction {
        Direction::Up => (0.0, -(height / 2.0 + CELL * 0.6)),
        Direction::Down => (0.0, height / 2.0 + CELL * 0.6),
        Direction::Left => (-(width / 2.0 + CELL * 0.6), 0.0),
        Direction::Right => (width / 2.0 + CELL * 0.6, 0.0),
    };
    let tip = (centre.0 + dx, centre.1 + dy);
    svg.line(
        centre,
        tip,
        &format!(r#"stroke="{RED}" stroke-width="3" stroke-linecap="round""#),
    );
    svg.circle(tip, 4.0, &format!(r#"fill="{RED}""#));
}

/// The label under a board.
fn label(svg: &mut Svg, origin: (f64, f64), text: &str, colour: &str) {
    svg.text(
        (origin.0 + BOARD_WIDTH / 2.0, origin.1 + BOARD_HEIGHT + 17.0),
        text,
        &format!(r#"font-size="12" text-anchor="middle" fill="{colour}""#),
    );
}

/// The picture of the start and the moves played on it (`None`: the output says `-1`).
fn draw_play(start: &Board, played: Option<(usize, &[String], &Play)>) -> String {
    let slot = (BOARD_WIDTH + GAP, BOARD_HEIGHT + LABEL + GAP);
    // The board before an illegal move is drawn twice: as itself, then with the move on it.
    let count = played.map_or(1, |(_, _, play)| {
        play.boards.len() + usize::from(play.illegal.is_some())
    });
    let strip = Strip::new(count, MAX_BOARDS, PER_ROW, slot);
    let (caption, colour) = match played {
        Some((claimed, _, play)) => caption(play, claimed, strip.skipped()),
        None => (
            "the output says the block cannot reach the exit (-1)".to_string(),
            "#37474f",
        ),
    };
    let (strip_width, strip_height) = strip.size();
    let width =
        (strip_width + 2.0 * MARGIN).max(caption.chars().count() as f64 * 7.5 + 2.0 * MARGIN);
    let height = MARGIN + strip_height + CAPTION;
    let mut svg = Svg::new(width as u32, height as u32, "klotski: the output's moves");
    for (slot, (x, y)) in strip.slots() {
        let origin = (MARGIN + x, MARGIN + y);
        match (slot, played) {
            (Slot::Skipped(count), _) => {
                strip::draw_skipped(&mut svg, origin, (BOARD_WIDTH, BOARD_HEIGHT), count)
            }
            (Slot::Board(_), None) => {
                draw_board(&mut svg, origin, start);
                label(&mut svg, origin, "start", "#37474f");
            }
            (Slot::Board(index), Some((_, tokens, play))) if index >= play.boards.len() => {
                // The illegal move, on the board it was to be made on.
                let board = play.boards.last().unwrap_or(start);
                let token = tokens.get(index - 1).map_or("?", String::as_str);
                draw_board(&mut svg, origin, board);
                draw_illegal(&mut svg, origin, board, token);
                let shown: String = token.chars().take(6).collect();
                label(&mut svg, origin, &format!("{index} {shown} ✗"), RED);
            }
            (Slot::Board(index), Some((_, tokens, play))) => {
                draw_board(&mut svg, origin, &play.boards[index]);
                let text = match index {
                    0 => "start".to_string(),
                    _ => format!("{index} {}", tokens[index - 1]),
                };
                label(&mut svg, origin, &text, "#37474f");
            }
        }
    }
    svg.text(
        (MARGIN, height - CAPTION * 0.5 + 4.0),
        &caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The picture of one output.
fn draw(mut files: VisualFiles) -> DrawResult {
    let start = Board::parse(files.input.text())
        .map_err(|why| format!("the input is not a board: {why}"))?;
    let Some(first) = files.output.next_token().map(|t| t.text.to_string()) else {
        return Err("the output is empty: no moves to draw".into());
    };
    if first == "-1" {
        return Ok(draw_play(&start, None));
    }
    let claimed = first
        .parse::<usize>()
        .map_err(|_| format!("the output's first token {first:?} is not a number of moves"))?;
    let mut tokens = Vec::new();
    while let Some(token) = files.output.next_token() {
        tokens.push(token.text.to_string());
    }
    let play = play(&start, &tokens);
    Ok(draw_play(&start, Some((claimed, &tokens, &play))))
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::Tokens;

    /// Sample 1 and its answer.
    const SAMPLE: &str = "ABCC\nDEEF\nGEEF\nHIJK\nH..L\n";
    const ANSWER: &str = "14\nID JD ED DR DR GU GR HU HU IL IU JL JL ED\n";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(ANSWER.as_bytes()),
        })
    }

    fn moves(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn the_sample_answer_reaches_the_exit_in_green() {
        let svg = picture(SAMPLE, ANSWER).unwrap();
        assert!(
            svg.contains("the block reaches the exit in 14 moves"),
            "{svg}"
        );
        assert!(!svg.contains(RED), "nothing is marked red: {svg}");
        assert!(
            svg.contains(">start</text>") && svg.contains(">14 ED</text>"),
            "{svg}"
        );
        // 15 boards, 8 to a row: two rows.
        assert_eq!(svg.matches(r##"stroke="#455a64""##).count(), 15, "{svg}");
    }

    #[test]
    fn the_first_illegal_move_is_drawn_in_red_on_the_board_before_it() {
        let start = Board::parse(SAMPLE).unwrap();
        let play = play(&start, &moves("ID JD EU ED"));
        assert_eq!(play.boards.len(), 3);
        let illegal = play.illegal.unwrap();
        assert_eq!((illegal.step, illegal.token.as_str()), (3, "EU"));
        assert_eq!(illegal.why, "E cannot move U: cell (0, 1) holds B");
        let svg = picture(SAMPLE, "14 ID JD EU ED").unwrap();
        assert!(
            svg.contains("move 3: E cannot move U: cell (0, 1) holds B"),
            "{svg}"
        );
        assert!(svg.contains(">3 EU ✗</text>"), "{svg}");
        // E, 2 x 2 at (1, 1) on the fourth board, ringed; the arrow up from its centre.
        let x = MARGIN + 3.0 * (BOARD_WIDTH + GAP) + CELL;
        let y = MARGIN + CELL;
        assert!(
            svg.contains(&format!(
                r#"<rect x="{x}" y="{y}" width="32" height="32" fill="none" stroke="{RED}""#
            )),
            "{svg}"
        );
        assert!(
            !svg.contains(">4 ED</text>"),
            "nothing after the illegal move: {svg}"
        );
    }

    #[test]
    fn tokens_that_are_no_move_or_name_no_piece_are_illegal() {
        let start = Board::parse(SAMPLE).unwrap();
        for (tokens, step, why) in [
            ("ID ZD", 2, "no piece Z on the board"),
            (
                "ID JX",
                2,
                "\"JX\" is not a piece letter and one of U, D, L, R",
            ),
            ("AU", 1, "A would leave the board moving U"),
        ] {
            let illegal = play(&start, &moves(tokens)).illegal.unwrap();
            assert_eq!(
                (illegal.step, illegal.why.as_str()),
                (step, why),
                "{tokens}"
            );
        }
        let svg = picture(SAMPLE, "14 ID ZD").unwrap();
        // No piece to ring: the board is framed.
        assert!(
            svg.contains(&format!(
                r#"width="68" height="84" fill="none" stroke="{RED}""#
            )),
            "{svg}"
        );
    }

    #[test]
    fn moves_that_stop_short_of_the_exit_are_said() {
        let svg = picture(SAMPLE, "14 ID JD").unwrap();
        assert!(
            svg.contains("after 2 moves the 2 x 2 block is not at the exit"),
            "{svg}"
        );
    }

    #[test]
    fn a_long_sequence_is_cut_and_the_caption_says_so() {
        // I down and up, 30 times: 31 boards, 24 drawn.
        let output = format!("30 {}", "ID IU ".repeat(15));
        let svg = picture(SAMPLE, &output).unwrap();
        assert!(
            svg.contains("after 30 moves the 2 x 2 block is not at the exit (7 boards in the middle not drawn)"),
            "{svg}"
        );
        assert!(
            svg.contains(">7 more</text>") && svg.contains(">30 IU</text>"),
            "{svg}"
        );
        assert!(
            !svg.contains(">12 IU</text>") && svg.contains(">11 ID</text>"),
            "{svg}"
        );
    }

    #[test]
    fn minus_one_is_the_start_alone() {
        let frozen = "ABCC\nDB.E\nFGGE\nF.HH\nIIHH\n";
        let svg = picture(frozen, "-1\n").unwrap();
        assert!(
            svg.contains("the output says the block cannot reach the exit (-1)"),
            "{svg}"
        );
        assert!(svg.contains(">start</text>") && !svg.contains(RED), "{svg}");
    }

    #[test]
    fn an_output_that_is_no_sequence_gives_the_note() {
        for (output, why) in [
            ("", "the output is empty"),
            ("ID JD", "is not a number of moves"),
        ] {
            let note = picture(SAMPLE, output).unwrap_err();
            assert!(
                note.contains(why) && !note.contains('\n'),
                "{output:?}: {note}"
            );
        }
    }
}
