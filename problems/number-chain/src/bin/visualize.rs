//! Output visualizer for number-chain (`number-chain-visualize INPUT ANSWER FEEDBACK_DIR <
//! OUTPUT`, see checker-kit's `visualizer`): draws the board with its values, the walk of
//! the output's digits from (0, 0), and in red its first wrong step (off the board, onto a
//! cell visited before, onto the wrong value, across an earlier diagonal step, a character
//! that is not a direction); a walk that ends early or away from the corner has its end
//! ringed and the cells it missed tinted. An output of `-1` is the board alone, captioned;
//! an empty output is not drawn: the one line saying so is the judge's note.

use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use checker_kit::Tokens;
use number_chain::{DIR_COL, DIR_ROW};

/// A cell's side, in pixels.
const CELL: f64 = 36.0;
/// Height of the caption under the board.
const CAPTION: f64 = 28.0;
/// The red dot where a wrong step lands, and the ring round a walk's wrong end.
const DOT_RADIUS: f64 = 7.0;
const RING_RADIUS: f64 = 13.0;
/// The largest board drawn (the problem's N is at most 10).
const MAX_SIDE: usize = 30;
const RED: &str = "#e53935";

/// The board of the input.
#[derive(Debug)]
struct Board {
    side: usize,
    modulus: usize,
    values: Vec<usize>,
}

/// Why a step is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Wrong {
    /// The character is not a direction digit 0-7.
    NotADirection(char),
    /// It leaves the board.
    OffBoard,
    /// It enters a cell the walk visited before.
    Revisits((usize, usize)),
    /// It enters a cell holding `found` where the chain wants `wanted`.
    Value {
        cell: (usize, usize),
        found: usize,
        wanted: usize,
    },
    /// Its diagonal crosses the earlier step between these two cells.
    Crosses((usize, usize), (usize, usize)),
}

/// The walk followed from (0, 0) as far as it is legal.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Walk {
    /// The cells visited, (0, 0) first.
    cells: Vec<(usize, usize)>,
    /// The first wrong step: its number (1-based), its character, why.
    wrong: Option<(usize, char, Wrong)>,
}

impl Board {
    fn read(input: &mut Tokens) -> Result<Board, String> {
        let mut number = |what: &str| {
            input
                .next_token()
                .and_then(|t| t.text.parse::<usize>().ok())
                .ok_or_else(|| format!("the input has no valid {what}"))
        };
        let (side, modulus) = (number("N")?, number("K")?);
        if side == 0 || side > MAX_SIDE {
            return Err(format!(
                "the board is {side} x {side}: not drawn (1 to {MAX_SIDE})"
            ));
        }
        let values = (0..side * side)
            .map(|_| number("cell value"))
            .collect::<Result<_, _>>()?;
        Ok(Board {
            side,
            modulus: modulus.max(1),
            values,
        })
    }

    fn value(&self, (r, c): (usize, usize)) -> usize {
        self.values[r * self.side + c]
    }

    /// Follows `digits` from (0, 0) up to the first wrong step (the start cell's value is
    /// judged by the caption, not here).
    fn walk(&self, digits: &str) -> Walk {
        let mut cells = vec![(0, 0)];
        let mut visited = vec![false; self.side * self.side];
        visited[0] = true;
        // Each step taken, as the unordered pair of its cells, to find crossings.
        let mut steps: Vec<((usize, usize), (usize, usize))> = Vec::new();
        for (index, letter) in digits.chars().enumerate() {
            let step = index + 1;
            let wrong = |why| Walk {
                cells: cells.clone(),
                wrong: Some((step, letter, why)),
            };
            let Some(direction) = letter.to_digit(10).filter(|&d| d < 8) else {
                return wrong(Wrong::NotADirection(letter));
            };
            let (r, c) = *cells.last().unwrap_or(&(0, 0));
            let (dr, dc) = (DIR_ROW[direction as usize], DIR_COL[direction as usize]);
            let (nr, nc) = (r as i64 + dr as i64, c as i64 + dc as i64);
            let side = self.side as i64;
            if !(0..side).contains(&nr) || !(0..side).contains(&nc) {
                return wrong(Wrong::OffBoard);
            }
            let next = (nr as usize, nc as usize);
            if visited[next.0 * self.side + next.1] {
                return wrong(Wrong::Revisits(next));
            }
            let wanted = step % self.modulus;
            if self.value(next) != wanted {
                return wrong(Wrong::Value {
                    cell: next,
                    found: self.value(next),
                    wanted,
                });
            }
            if dr != 0 && dc != 0 {
                let (a, b) = ((next.0, c), (r, next.1));
                if steps.contains(&(a, b)) || steps.contains(&(b, a)) {
                    return wrong(Wrong::Crosses(a, b));
                }
            }
            steps.push(((r, c), next));
            visited[next.0 * self.side + next.1] = true;
            cells.push(next);
        }
        Walk { cells, wrong: None }
    }
}

/// The centre of a cell; (-1, c) and the like lie in the margin round the board.
fn centre(r: f64, c: f64) -> (f64, f64) {
    ((c + 1.5) * CELL, (r + 1.5) * CELL)
}

/// What happened to the walk, in one line, and whether it is a full walk.
fn walk_caption(board: &Board, walk: &Walk) -> (String, bool) {
    let &(r, c) = walk.cells.last().unwrap_or(&(0, 0));
    let steps = walk.cells.len() - 1;
    let text = match &walk.wrong {
        Some((step, _, Wrong::NotADirection(letter))) => {
            format!("step {step}: {letter:?} is not a direction (0 to 7)")
        }
        Some((step, letter, Wrong::OffBoard)) => {
            format!("step {step} ({letter} from ({r}, {c})) leaves the board")
        }
        Some((step, letter, Wrong::Revisits((vr, vc)))) => {
            format!("step {step} ({letter} from ({r}, {c})) enters ({vr}, {vc}) a second time")
        }
        Some((
            step,
            letter,
            Wrong::Value {
                cell,
                found,
                wanted,
            },
        )) => format!(
            "step {step} ({letter} from ({r}, {c})) enters ({}, {}) holding {found}, not {wanted}",
            cell.0, cell.1
        ),
        Some((step, letter, Wrong::Crosses(a, b))) => format!(
            "step {step} ({letter} from ({r}, {c})) crosses the step between ({}, {}) and ({}, {})",
            a.0, a.1, b.0, b.1
        ),
        None if board.value((0, 0)) != 0 => {
            format!("the start (0, 0) holds {}, not 0", board.value((0, 0)))
        }
        None if walk.cells.len() == board.side * board.side && (r, c) == corner(board) => {
            return (
                format!("the walk visits all {} cells", walk.cells.len()),
                true,
            );
        }
        None => format!(
            "the walk ends at ({r}, {c}) after {steps} of {} steps",
            board.side * board.side - 1
        ),
    };
    (text, false)
}

fn corner(board: &Board) -> (usize, usize) {
    (board.side - 1, board.side - 1)
}

/// The picture of a board and a walk on it (none: the output says there is none).
fn draw_walk(board: &Board, walk: Option<&Walk>) -> String {
    let side = board.side;
    let (caption, full) = match walk {
        Some(walk) => walk_caption(board, walk),
        None => ("the output says there is no walk (-1)".into(), true),
    };
    let colour = match (walk, full) {
        (None, _) => "#37474f",
        (Some(_), true) => "#2e7d32",
        (Some(_), false) => "#c62828",
    };
    let grid_size = (side as f64 + 2.0) * CELL;
    // 14-pixel text is about 7.5 pixels a character.
    let width = grid_size.max(caption.chars().count() as f64 * 7.5 + CELL);
    let title = format!("number chain {side} x {side}, K = {}", board.modulus);
    let mut svg = Svg::new(width as u32, (grid_size + CAPTION) as u32, &title);
    let inner = side as f64 * CELL;
    svg.rect(CELL, CELL, inner, inner, r##"fill="#ffffff""##);
    if let Some(walk) = walk.filter(|w| w.wrong.is_none() && !full) {
        // The cells a walk that stopped early never reached.
        for r in 0..side {
            for c in 0..side {
                if !walk.cells.contains(&(r, c)) {
                    let (x, y) = (CELL + c as f64 * CELL, CELL + r as f64 * CELL);
                    svg.rect(x, y, CELL, CELL, r##"fill="#ffe0b2""##);
                }
            }
        }
    }
    for (cell, colour) in [((0, 0), "#c8e6c9"), (corner(board), "#bbdefb")] {
        let (x, y) = (CELL + cell.1 as f64 * CELL, CELL + cell.0 as f64 * CELL);
        svg.rect(
            x + 1.0,
            y + 1.0,
            CELL - 2.0,
            CELL - 2.0,
            &format!(r#"fill="{colour}""#),
        );
    }
    svg.grid(
        (CELL, CELL),
        (side, side),
        CELL,
        r##"fill="none" stroke="#b0bec5" stroke-width="1""##,
    );
    if let Some(walk) = walk {
        draw_route(&mut svg, board, walk);
    }
    for r in 0..side {
        for c in 0..side {
            let (cx, cy) = centre(r as f64, c as f64);
            svg.text(
                (cx, cy + 5.0),
                &board.value((r, c)).to_string(),
                r##"font-size="15" text-anchor="middle" fill="#263238""##,
            );
        }
    }
    svg.text(
        (CELL * 0.5, grid_size + CAPTION * 0.5),
        &caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The walk, its first wrong step in red, or a ring round its end when it stops early.
fn draw_route(svg: &mut Svg, board: &Board, walk: &Walk) {
    let points: Vec<(f64, f64)> = walk
        .cells
        .iter()
        .map(|&(r, c)| centre(r as f64, c as f64))
        .collect();
    if points.len() > 1 {
        svg.polyline(
            &points,
            r##"fill="none" stroke="#fb8c00" stroke-width="5" stroke-linejoin="round" stroke-linecap="round" opacity="0.6""##,
        );
    }
    let &last = walk.cells.last().unwrap_or(&(0, 0));
    let end = centre(last.0 as f64, last.1 as f64);
    match &walk.wrong {
        Some((_, letter, wrong)) => {
            let target = match (wrong, letter.to_digit(10)) {
                (Wrong::NotADirection(_), _) | (_, None) => end,
                (_, Some(d)) => centre(
                    last.0 as f64 + DIR_ROW[d as usize] as f64,
                    last.1 as f64 + DIR_COL[d as usize] as f64,
                ),
            };
            if let Wrong::Crosses(a, b) = wrong {
                let (a, b) = (
                    centre(a.0 as f64, a.1 as f64),
                    centre(b.0 as f64, b.1 as f64),
                );
                svg.line(
                    a,
                    b,
                    &format!(r#"stroke="{RED}" stroke-width="3" stroke-dasharray="4 3""#),
                );
            }
            svg.line(
                end,
                target,
                &format!(r#"stroke="{RED}" stroke-width="5" stroke-linecap="round""#),
            );
            svg.circle(target, DOT_RADIUS, &format!(r#"fill="{RED}""#));
        }
        None if walk.cells.len() < board.side * board.side || last != corner(board) => {
            svg.circle(
                end,
                RING_RADIUS,
                &format!(r#"fill="none" stroke="{RED}" stroke-width="3""#),
            );
        }
        None => {}
    }
}

/// The picture of one output.
fn draw(mut files: VisualFiles) -> DrawResult {
    let board = Board::read(&mut files.input)?;
    let Some(first) = files.output.next_token().map(|t| t.text.to_string()) else {
        return Err("the output is empty: no walk to draw".into());
    };
    let walk = (first != "-1").then(|| board.walk(&first));
    Ok(draw_walk(&board, walk.as_ref()))
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample, whose walk is 41255214.
    const SAMPLE: &str = "3 3\n0 2 0\n1 1 1\n2 0 2\n";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(b"41255214\n"),
        })
    }

    fn board() -> Board {
        Board::read(&mut Tokens::new(SAMPLE.as_bytes())).unwrap()
    }

    #[test]
    fn the_right_walk_visits_every_cell_in_green() {
        let svg = picture(SAMPLE, "41255214\n").unwrap();
        assert!(svg.contains("the walk visits all 9 cells"), "{svg}");
        assert!(svg.contains("#2e7d32") && !svg.contains(RED), "{svg}");
        // (0,0) down to (1,0), up-right to (0,1), right to (0,2), ...
        assert!(svg.contains(r#"points="54,54 54,90 90,54 126,54"#), "{svg}");
    }

    #[test]
    fn a_step_onto_the_wrong_value_is_marked_red() {
        // Right from (0, 0) enters (0, 1), which holds 2 where the chain wants 1.
        let walk = board().walk("2");
        assert_eq!(walk.cells, [(0, 0)]);
        let wanted = Wrong::Value {
            cell: (0, 1),
            found: 2,
            wanted: 1,
        };
        assert_eq!(walk.wrong, Some((1, '2', wanted)));
        let svg = picture(SAMPLE, "2").unwrap();
        assert!(
            svg.contains("step 1 (2 from (0, 0)) enters (0, 1) holding 2, not 1"),
            "{svg}"
        );
        assert!(
            svg.contains(r##"<line x1="54" y1="54" x2="90" y2="54" stroke="#e53935""##),
            "{svg}"
        );
    }

    #[test]
    fn revisits_leaving_the_board_and_non_digits_are_wrong_steps() {
        assert_eq!(
            board().walk("40").wrong,
            Some((2, '0', Wrong::Revisits((0, 0))))
        );
        assert_eq!(board().walk("0").wrong, Some((1, '0', Wrong::OffBoard)));
        assert_eq!(
            board().walk("4x").wrong,
            Some((2, 'x', Wrong::NotADirection('x')))
        );
        assert_eq!(
            board().walk("48").wrong,
            Some((2, '8', Wrong::NotADirection('8')))
        );
        let svg = picture(SAMPLE, "40").unwrap();
        assert!(
            svg.contains("step 2 (0 from (1, 0)) enters (0, 0) a second time"),
            "{svg}"
        );
    }

    #[test]
    fn a_diagonal_across_an_earlier_one_is_marked() {
        // K = 1: every value is 0, so only the crossing is wrong. (0,0) -3-> (1,1) -6->
        // (1,0), then 1 (up-right) to (0,1) crosses the first step, (0,0) to (1,1).
        let board = Board::read(&mut Tokens::new(b"3 1\n0 0 0\n0 0 0\n0 0 0\n")).unwrap();
        let walk = board.walk("361");
        assert_eq!(walk.cells, [(0, 0), (1, 1), (1, 0)]);
        assert_eq!(walk.wrong, Some((3, '1', Wrong::Crosses((0, 0), (1, 1)))));
    }

    #[test]
    fn a_walk_that_stops_early_has_its_end_ringed_and_missed_cells_tinted() {
        let svg = picture(SAMPLE, "4125").unwrap();
        assert!(
            svg.contains("the walk ends at (1, 1) after 4 of 8 steps"),
            "{svg}"
        );
        assert!(svg.contains(r#"<circle cx="90" cy="90" r="13""#), "{svg}");
        assert!(svg.contains("#ffe0b2"), "{svg}");
    }

    #[test]
    fn minus_one_is_the_board_alone_captioned() {
        let svg = picture(SAMPLE, "-1\n").unwrap();
        assert!(
            svg.contains("the output says there is no walk (-1)"),
            "{svg}"
        );
        assert!(!svg.contains("<polyline") && !svg.contains(RED), "{svg}");
    }

    #[test]
    fn an_empty_output_gives_the_note() {
        let note = picture(SAMPLE, " \n").unwrap_err();
        assert!(
            note.contains("the output is empty") && !note.contains('\n'),
            "{note}"
        );
    }
}
