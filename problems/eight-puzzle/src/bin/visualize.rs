//! Output visualizer for eight-puzzle (`eight-puzzle-visualize INPUT ANSWER FEEDBACK_DIR <
//! OUTPUT`, see checker-kit's `visualizer`): draws the goal, then the output's moves as a
//! strip of boards (the start, then the board after each move, checker-kit's `strip`: at
//! most [`MAX_BOARDS`] drawn, the middle of a longer sequence left out and the caption
//! saying so). The first move that is not a move (the blank would leave the frame, a letter
//! that is not U, D, L or R) is drawn on the board before it, in red; the last board's
//! tiles that are not where the goal has them are tinted. `-1` is the start and the goal,
//! captioned; an output with no number of moves, or no count, is not drawn: the one line
//! saying so is the judge's note.

use checker_kit::strip::{self, Slot, Strip};
use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use checker_kit::Tokens;

/// A tile's side, in pixels.
const TILE: f64 = 22.0;
/// A board's side.
const BOARD: f64 = 3.0 * TILE;
/// The label under a board, and the gap after it.
const LABEL: f64 = 20.0;
const GAP: f64 = 14.0;
const MARGIN: f64 = 12.0;
/// The most boards drawn, and how many a row holds.
const MAX_BOARDS: usize = 24;
const PER_ROW: usize = 8;
const CAPTION: f64 = 28.0;
const RED: &str = "#e53935";

/// A state: the tile in each of the 9 places, row-major, 0 the blank.
type State = [u8; 9];

/// The first move that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Illegal {
    /// Its number, 1-based.
    step: usize,
    letter: char,
    /// Why, in words.
    why: String,
}

/// The output's moves played from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Play {
    /// The start, then the state after each legal move.
    states: Vec<State>,
    illegal: Option<Illegal>,
}

fn read_state(input: &mut Tokens, what: &str) -> Result<State, String> {
    let token = input
        .next_token()
        .map(|t| t.text.to_string())
        .ok_or_else(|| format!("the input has no {what}"))?;
    let mut state = [0; 9];
    let mut seen = [false; 9];
    if token.len() != 9 {
        return Err(format!("the input's {what} is not 9 digits"));
    }
    for (place, byte) in token.bytes().enumerate() {
        let tile = byte.wrapping_sub(b'0');
        if tile > 8 || seen[tile as usize] {
            return Err(format!("the input's {what} is not a permutation of 0..8"));
        }
        seen[tile as usize] = true;
        state[place] = tile;
    }
    Ok(state)
}

/// Plays `moves` (the blank's directions) from `start` up to the first illegal one.
fn play(start: State, moves: &str) -> Play {
    let mut states = vec![start];
    for (index, letter) in moves.chars().enumerate() {
        let state = *states.last().unwrap_or(&start);
        let blank = state.iter().position(|&t| t == 0).unwrap_or(0);
        let (r, c) = (blank / 3, blank % 3);
        let target = match letter {
            'U' => r.checked_sub(1).map(|r| r * 3 + c),
            'D' => (r < 2).then(|| (r + 1) * 3 + c),
            'L' => c.checked_sub(1).map(|c| r * 3 + c),
            'R' => (c < 2).then(|| r * 3 + c + 1),
            other => {
                let why = format!("{other:?} is not a move (U, D, L or R)");
                let illegal = Illegal {
                    step: index + 1,
                    letter: other,
                    why,
                };
                return Play {
                    states,
                    illegal: Some(illegal),
                };
            }
        };
        let Some(target) = target else {
            let why = format!("{letter}: the blank at ({r}, {c}) would leave the frame");
            let illegal = Illegal {
                step: index + 1,
                letter,
                why,
            };
            return Play {
                states,
                illegal: Some(illegal),
            };
        };
        let mut next = state;
        next.swap(blank, target);
        states.push(next);
    }
    Play {
        states,
        illegal: None,
    }
}

/// What the output claims: its number of moves and its moves (`None`: `-1`).
fn moves_of(output: &mut Tokens) -> Result<Option<(usize, String)>, String> {
    let Some(first) = output.next_token().map(|t| t.text.to_string()) else {
        return Err("the output is empty: no moves to draw".into());
    };
    if first == "-1" {
        return Ok(None);
    }
    let claimed = first
        .parse::<usize>()
        .map_err(|_| format!("the output's first token {first:?} is not a number of moves"))?;
    if output.next_token().is_none() {
        return Err("the output has no count of sequences: no moves to draw".into());
    }
    // An empty third line (no moves) is allowed when the number is 0.
    let moves = output
        .next_token()
        .map(|t| t.text.to_string())
        .unwrap_or_default();
    Ok(Some((claimed, moves)))
}

/// The caption, and its colour.
fn caption(play: &Play, claimed: usize, goal: &State, skipped: usize) -> (String, &'static str) {
    let moves = play.states.len() - 1;
    let last = play.states.last().unwrap_or(goal);
    let (mut text, colour) = match &play.illegal {
        Some(illegal) => (format!("move {}: {}", illegal.step, illegal.why), "#c62828"),
        None if last != goal => (
            format!("after {moves} moves the board is not the goal"),
            "#c62828",
        ),
        None if moves != claimed => (
            format!("the {moves} moves reach the goal, but the output says {claimed}"),
            "#c62828",
        ),
        None => (format!("the {moves} moves reach the goal"), "#2e7d32"),
    };
    if skipped > 0 {
        text.push_str(&format!(" ({skipped} boards in the middle not drawn)"));
    }
    (text, colour)
}

/// One board at `origin`: its tiles, those `tinted` in orange; the blank empty.
fn draw_board(svg: &mut Svg, origin: (f64, f64), state: &State, tinted: &[bool; 9]) {
    svg.rect(
        origin.0,
        origin.1,
        BOARD,
        BOARD,
        r##"fill="#eceff1" stroke="#607d8b" stroke-width="1.5""##,
    );
    for (place, &tile) in state.iter().enumerate() {
        if tile == 0 {
            continue;
        }
        let x = origin.0 + (place % 3) as f64 * TILE;
        let y = origin.1 + (place / 3) as f64 * TILE;
        let fill = if tinted[place] { "#ffcc80" } else { "#fff8e1" };
        svg.rect(
            x + 1.5,
            y + 1.5,
            TILE - 3.0,
            TILE - 3.0,
            &format!(r##"fill="{fill}" stroke="#8d6e63" rx="3""##),
        );
        svg.text(
            (x + TILE / 2.0, y + TILE / 2.0 + 5.0),
            &tile.to_string(),
            r##"font-size="14" text-anchor="middle" fill="#3e2723""##,
        );
    }
}

/// The centre of place `place` of a board at `origin`.
fn place_centre(origin: (f64, f64), place: usize) -> (f64, f64) {
    (
        origin.0 + (place % 3) as f64 * TILE + TILE / 2.0,
        origin.1 + (place / 3) as f64 * TILE + TILE / 2.0,
    )
}

/// The illegal move drawn on the board before it: a red arrow from the blank the way it
/// would go (off the frame), or a red frame for a letter that is no move.
fn draw_illegal(svg: &mut Svg, origin: (f64, f64), state: &State, letter: char) {
    let blank = state.iter().position(|&t| t == 0).unwrap_or(0);
    let from = place_centre(origin, blank);
    let delta = match letter {
        'U' => Some((0.0, -TILE)),
        'D' => Some((0.0, TILE)),
        'L' => Some((-TILE, 0.0)),
        'R' => Some((TILE, 0.0)),
        _ => None,
    };
    match delta {
        Some((dx, dy)) => {
            let to = (from.0 + dx, from.1 + dy);
            svg.line(
                from,
                to,
                &format!(r#"stroke="{RED}" stroke-width="4" stroke-linecap="round""#),
            );
            svg.circle(to, 5.0, &format!(r#"fill="{RED}""#));
        }
        None => svg.rect(
            origin.0 - 2.0,
            origin.1 - 2.0,
            BOARD + 4.0,
            BOARD + 4.0,
            &format!(r#"fill="none" stroke="{RED}" stroke-width="3""#),
        ),
    }
}

/// The label under a board.
fn label(svg: &mut Svg, origin: (f64, f64), text: &str, colour: &str) {
    svg.text(
        (origin.0 + BOARD / 2.0, origin.1 + BOARD + 15.0),
        text,
        &format!(r#"font-size="12" text-anchor="middle" fill="{colour}""#),
    );
}

/// The picture: the goal on top, then the strip (`None`: the output says `-1`).
fn draw_play(start: &State, goal: &State, played: Option<(usize, &str, &Play)>) -> String {
    let slot = (BOARD + GAP, BOARD + LABEL + GAP);
    let count = played.map_or(1, |(_, _, play)| {
        play.states.len() + usize::from(play.illegal.is_some())
    });
    // The board before an illegal move is drawn twice: as itself, then with the move on it.
    let strip = Strip::new(count, MAX_BOARDS, PER_ROW, slot);
    let (caption, colour) = match played {
        Some((claimed, _, play)) => caption(play, claimed, goal, strip.skipped()),
        None => (
            "the output says the goal cannot be reached (-1)".to_string(),
            "#37474f",
        ),
    };
    let (strip_width, strip_height) = strip.size();
    let top = MARGIN + slot.1;
    let width = (strip_width.max(2.0 * slot.0) + 2.0 * MARGIN)
        .max(caption.chars().count() as f64 * 7.5 + 2.0 * MARGIN);
    let height = top + strip_height + CAPTION;
    let mut svg = Svg::new(
        width as u32,
        height as u32,
        "eight puzzle: the output's moves",
    );
    draw_board(&mut svg, (MARGIN, MARGIN), goal, &[false; 9]);
    label(&mut svg, (MARGIN, MARGIN), "goal", "#37474f");
    svg.line(
        (MARGIN, top - GAP / 2.0),
        (width - MARGIN, top - GAP / 2.0),
        r##"stroke="#cfd8dc" stroke-width="1""##,
    );
    let Some((_, moves, play)) = played else {
        draw_board(&mut svg, (MARGIN, top), start, &[false; 9]);
        label(&mut svg, (MARGIN, top), "start", "#37474f");
        return finish(svg, height, &caption, colour);
    };
    let letters: Vec<char> = moves.chars().collect();
    let last = play.states.len() - 1;
    for (slot, (x, y)) in strip.slots() {
        let origin = (MARGIN + x, top + y);
        match slot {
            Slot::Skipped(count) => strip::draw_skipped(&mut svg, origin, (BOARD, BOARD), count),
            Slot::Board(index) if index > last => {
                // The illegal move, on the board it was to be made on.
                let state = &play.states[last];
                draw_board(&mut svg, origin, state, &[false; 9]);
                let letter = letters.get(index - 1).copied().unwrap_or('?');
                draw_illegal(&mut svg, origin, state, letter);
                label(&mut svg, origin, &format!("{index} {letter} ✗"), RED);
            }
            Slot::Board(index) => {
                let state = &play.states[index];
                let mut tinted = [false; 9];
                if index == last && play.illegal.is_none() {
                    for place in 0..9 {
                        tinted[place] = state[place] != 0 && state[place] != goal[place];
                    }
                }
                draw_board(&mut svg, origin, state, &tinted);
                let text = match index {
                    0 => "start".to_string(),
                    _ => format!("{index} {}", letters[index - 1]),
                };
                label(&mut svg, origin, &text, "#37474f");
            }
        }
    }
    finish(svg, height, &caption, colour)
}

fn finish(mut svg: Svg, height: f64, caption: &str, colour: &str) -> String {
    svg.text(
        (MARGIN, height - CAPTION * 0.5 + 4.0),
        caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The picture of one output.
fn draw(mut files: VisualFiles) -> DrawResult {
    let start = read_state(&mut files.input, "start")?;
    let goal = read_state(&mut files.input, "goal")?;
    match moves_of(&mut files.output)? {
        None => Ok(draw_play(&start, &goal, None)),
        Some((claimed, moves)) => {
            let play = play(start, &moves);
            Ok(draw_play(&start, &goal, Some((claimed, &moves, &play))))
        }
    }
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two moves from the goal: the blank went left twice.
    const NEAR: &str = "123456078\n123456780\n";
    const SAMPLE: &str = "876543210\n123456780\n";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(b"2\n1\nRR\n"),
        })
    }

    fn state(text: &str) -> State {
        read_state(&mut Tokens::new(text.as_bytes()), "start").unwrap()
    }

    #[test]
    fn the_right_moves_reach_the_goal_in_green() {
        let svg = picture(NEAR, "2\n1\nRR\n").unwrap();
        assert!(svg.contains("the 2 moves reach the goal"), "{svg}");
        assert!(!svg.contains(RED) && !svg.contains("#ffcc80"), "{svg}");
        assert!(
            svg.contains(">start</text>") && svg.contains(">2 R</text>"),
            "{svg}"
        );
    }

    #[test]
    fn the_first_illegal_move_is_drawn_in_red_on_the_board_before_it() {
        let play = play(state("123456078"), "RDR");
        assert_eq!(play.states.len(), 2);
        let illegal = play.illegal.unwrap();
        assert_eq!((illegal.step, illegal.letter), (2, 'D'));
        assert_eq!(illegal.why, "D: the blank at (2, 1) would leave the frame");
        let svg = picture(NEAR, "2\n1\nRDR\n").unwrap();
        assert!(
            svg.contains("move 2: D: the blank at (2, 1) would leave the frame"),
            "{svg}"
        );
        assert!(svg.contains(">2 D ✗</text>"), "{svg}");
        // The arrow from the blank (2, 1) down, out of the third board of the strip.
        let (x, y) = (
            12.0 + 2.0 * (BOARD + GAP) + 33.0,
            12.0 + BOARD + LABEL + GAP + 55.0,
        );
        assert!(
            svg.contains(&format!(
                r#"<line x1="{x}" y1="{y}" x2="{x}" y2="{}" stroke="{RED}""#,
                y + TILE
            )),
            "{svg}"
        );
    }

    #[test]
    fn a_letter_that_is_not_a_move_is_the_illegal_one() {
        let play = play(state("123456078"), "Rx");
        let illegal = play.illegal.unwrap();
        assert_eq!((illegal.step, illegal.letter), (2, 'x'));
        let svg = picture(NEAR, "2 1 Rx").unwrap();
        assert!(svg.contains("move 2: &#39;x&#39; is not a move"), "{svg}");
    }

    #[test]
    fn moves_that_end_away_from_the_goal_tint_the_misplaced_tiles() {
        let svg = picture(NEAR, "2\n1\nRL\n").unwrap();
        assert!(
            svg.contains("after 2 moves the board is not the goal"),
            "{svg}"
        );
        // Tiles 7 and 8 are one place left of where the goal has them.
        assert_eq!(svg.matches("#ffcc80").count(), 2, "{svg}");
    }

    #[test]
    fn a_long_sequence_is_cut_and_the_caption_says_so() {
        let svg = picture(SAMPLE, "30\n10\nLLUURDLDRURDLLUURDRULDDLUURDDR\n").unwrap();
        assert!(
            svg.contains("the 30 moves reach the goal (7 boards in the middle not drawn)"),
            "{svg}"
        );
        assert!(svg.contains(">7 more</text>"), "{svg}");
        assert!(
            svg.contains(">11 R</text>") && !svg.contains(">12 D</text>"),
            "{svg}"
        );
        assert!(svg.contains(">30 R</text>"), "{svg}");
    }

    #[test]
    fn minus_one_is_the_start_and_the_goal() {
        let svg = picture("123456870\n123456780\n", "-1\n").unwrap();
        assert!(
            svg.contains("the output says the goal cannot be reached (-1)"),
            "{svg}"
        );
        assert!(
            svg.contains(">start</text>") && svg.contains(">goal</text>"),
            "{svg}"
        );
    }

    #[test]
    fn an_output_that_is_no_sequence_gives_the_note() {
        for (output, why) in [
            ("", "the output is empty"),
            ("x\n", "is not a number of moves"),
            ("2\n", "no count of sequences"),
        ] {
            let note = picture(NEAR, output).unwrap_err();
            assert!(
                note.contains(why) && !note.contains('\n'),
                "{output:?}: {note}"
            );
        }
    }
}
