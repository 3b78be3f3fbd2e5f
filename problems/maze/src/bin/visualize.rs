//! Output visualizer for maze (`maze-visualize INPUT ANSWER FEEDBACK_DIR < OUTPUT`, see
//! checker-kit's `visualizer`): draws the maze, the route of the output's third token from
//! S, and in red its first wrong step (into a wall, off the grid, a letter that is not a
//! move); a route that stops short of E has its end ringed. An output of `-1` is the maze
//! alone, captioned; an output that is no route (too few tokens) is not drawn: the one line
//! saying so is the judge's note.

use checker_kit::svg::Svg;
use checker_kit::visualizer::{self, DrawResult, VisualFiles};
use checker_kit::Tokens;

/// A cell's side, in pixels.
const CELL: f64 = 24.0;
/// The most cells drawn: a larger maze's picture would pass the judge's size cap.
const MAX_CELLS: usize = 10_000;
/// Height of the caption under the maze.
const CAPTION: f64 = 28.0;
/// The red dot where a wrong step lands, and the ring round a route's wrong end.
const DOT_RADIUS: f64 = 7.0;
const RING_RADIUS: f64 = 10.0;

/// The maze of the input.
#[derive(Debug)]
struct Maze {
    rows: Vec<Vec<u8>>,
    start: (usize, usize),
    exit: (usize, usize),
}

/// Why a step is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Wrong {
    /// It enters the wall at this cell.
    Wall((usize, usize)),
    /// It leaves the grid.
    OffGrid,
    /// The letter is not U, D, L or R.
    NotAMove(char),
}

/// The route followed from S as far as it is legal.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Walk {
    /// The cells visited, S first.
    cells: Vec<(usize, usize)>,
    /// The first wrong step: its number (1-based), its letter, why.
    wrong: Option<(usize, char, Wrong)>,
}

impl Maze {
    fn read(input: &mut Tokens) -> Result<Maze, String> {
        let mut number = |what: &str| {
            input
                .next_token()
                .and_then(|t| t.text.parse::<usize>().ok())
                .ok_or_else(|| format!("the input has no valid {what}"))
        };
        let (row_count, column_count) = (number("n")?, number("m")?);
        if row_count.saturating_mul(column_count) > MAX_CELLS {
            return Err(format!(
                "the maze is {row_count} x {column_count}: too large to draw (at most {MAX_CELLS} cells)"
            ));
        }
        let (mut rows, mut start, mut exit) = (Vec::new(), None, None);
        for r in 0..row_count {
            let row = input
                .next_token()
                .map(|t| t.text.as_bytes().to_vec())
                .filter(|row| row.len() == column_count)
                .ok_or_else(|| format!("row {} of the input is missing or too short", r + 1))?;
            for (c, &byte) in row.iter().enumerate() {
                match byte {
                    b'S' => start = Some((r, c)),
                    b'E' => exit = Some((r, c)),
                    _ => {}
                }
            }
            rows.push(row);
        }
        match (start, exit) {
            (Some(start), Some(exit)) => Ok(Maze { rows, start, exit }),
            _ => Err("the input maze lacks S or E".into()),
        }
    }

    fn size(&self) -> (usize, usize) {
        (self.rows.len(), self.rows[0].len())
    }

    fn is_wall(&self, (r, c): (usize, usize)) -> bool {
        self.rows[r][c] == b'#'
    }

    /// Follows `route` from S up to its first wrong step.
    fn walk(&self, route: &str) -> Walk {
        let (row_count, column_count) = self.size();
        let mut cells = vec![self.start];
        for (index, letter) in route.chars().enumerate() {
            let (r, c) = *cells.last().unwrap_or(&self.start);
            let target = match letter {
                'U' => r.checked_sub(1).map(|r| (r, c)),
                'D' => Some((r + 1, c)).filter(|&(r, _)| r < row_count),
                'L' => c.checked_sub(1).map(|c| (r, c)),
                'R' => Some((r, c + 1)).filter(|&(_, c)| c < column_count),
                other => {
                    let wrong = Some((index + 1, other, Wrong::NotAMove(other)));
                    return Walk { cells, wrong };
                }
            };
            let wrong = match target {
                None => Wrong::OffGrid,
                Some(next) if self.is_wall(next) => Wrong::Wall(next),
                Some(next) => {
                    cells.push(next);
                    continue;
                }
            };
            return Walk {
                cells,
                wrong: Some((index + 1, letter, wrong)),
            };
        }
        Walk { cells, wrong: None }
    }
}

/// The route of an output: its third token, after the length and the count; `None` when
/// the output says E cannot be reached (`-1`).
fn route_of(output: &mut Tokens) -> Result<Option<String>, String> {
    let Some(first) = output.next_token().map(|t| t.text.to_string()) else {
        return Err("the output is empty: no route to draw".into());
    };
    if first == "-1" {
        return Ok(None);
    }
    if output.next_token().is_none() {
        return Err("the output has no count and no route: no route to draw".into());
    }
    match output.next_token() {
        Some(route) => Ok(Some(route.text.to_string())),
        None => Err("the output has no route (its third token): nothing to draw".into()),
    }
}

/// The centre of a cell; `(-1, c)` and the like lie in the margin around the grid.
fn centre(r: f64, c: f64) -> (f64, f64) {
    ((c + 1.5) * CELL, (r + 1.5) * CELL)
}

/// Where a wrong step points: its target, possibly just off the grid.
fn target_of((r, c): (usize, usize), letter: char) -> (f64, f64) {
    let (r, c) = (r as f64, c as f64);
    match letter {
        'U' => (r - 1.0, c),
        'D' => (r + 1.0, c),
        'L' => (r, c - 1.0),
        'R' => (r, c + 1.0),
        _ => (r, c),
    }
}

/// The caption, what happened to the route in one line, and its colour.
fn caption(maze: &Maze, walk: Option<&Walk>) -> (String, &'static str) {
    let Some(walk) = walk else {
        return ("the output says E cannot be reached (-1)".into(), "#37474f");
    };
    let text = route_caption(maze, walk);
    let last = walk.cells.last().copied().unwrap_or(maze.start);
    match walk.wrong.is_some() || last != maze.exit {
        true => (text, "#c62828"),
        false => (text, "#2e7d32"),
    }
}

/// What happened to the route, in one line.
fn route_caption(maze: &Maze, walk: &Walk) -> String {
    let &(r, c) = walk.cells.last().unwrap_or(&maze.start);
    match &walk.wrong {
        Some((step, letter, Wrong::Wall((wr, wc)))) => {
            format!("step {step} ({letter} from ({r}, {c})) enters the wall at ({wr}, {wc})")
        }
        Some((step, letter, Wrong::OffGrid)) => {
            format!("step {step} ({letter} from ({r}, {c})) leaves the maze")
        }
        Some((step, _, Wrong::NotAMove(letter))) => {
            format!("step {step}: {letter:?} is not a move (U, D, L or R)")
        }
        None if (r, c) == maze.exit => {
            format!("the route reaches E in {} steps", walk.cells.len() - 1)
        }
        None => format!(
            "the route ends at ({r}, {c}) after {} steps, not at E",
            walk.cells.len() - 1
        ),
    }
}

/// The picture of a maze and a walk on it (none: the output says there is none).
fn draw_walk(maze: &Maze, walk: Option<&Walk>) -> String {
    let (row_count, column_count) = maze.size();
    let width = (column_count as f64 + 2.0) * CELL;
    let grid_height = (row_count as f64 + 2.0) * CELL;
    let title = format!("maze {row_count} x {column_count}");
    let (caption, colour) = caption(maze, walk);
    // 14-pixel text is about 7.5 pixels a character.
    let width = width.max(caption.chars().count() as f64 * 7.5 + CELL);
    let mut svg = Svg::new(width as u32, (grid_height + CAPTION) as u32, &title);
    let (left, top) = (CELL, CELL);
    let (grid_width, grid_height_inner) = (column_count as f64 * CELL, row_count as f64 * CELL);
    svg.rect(
        left,
        top,
        grid_width,
        grid_height_inner,
        r##"fill="#ffffff""##,
    );
    // Walls as runs along each row: one rectangle a run, not one a cell.
    for (r, row) in maze.rows.iter().enumerate() {
        let mut c = 0;
        while c < row.len() {
            if row[c] != b'#' {
                c += 1;
                continue;
            }
            let first = c;
            while c < row.len() && row[c] == b'#' {
                c += 1;
            }
            let (x, y) = (left + first as f64 * CELL, top + r as f64 * CELL);
            svg.rect(x, y, (c - first) as f64 * CELL, CELL, r##"fill="#455a64""##);
        }
    }
    svg.grid(
        (left, top),
        (row_count, column_count),
        CELL,
        r##"fill="none" stroke="#b0bec5" stroke-width="1""##,
    );
    for (cell, letter, colour) in [(maze.start, "S", "#c8e6c9"), (maze.exit, "E", "#bbdefb")] {
        let (x, y) = (left + cell.1 as f64 * CELL, top + cell.0 as f64 * CELL);
        svg.rect(
            x + 1.0,
            y + 1.0,
            CELL - 2.0,
            CELL - 2.0,
            &format!(r#"fill="{colour}""#),
        );
        let (cx, cy) = centre(cell.0 as f64, cell.1 as f64);
        svg.text(
            (cx, cy + 5.0),
            letter,
            r##"font-size="14" text-anchor="middle" fill="#37474f""##,
        );
    }
    if let Some(walk) = walk {
        draw_route(&mut svg, maze, walk);
    }
    svg.text(
        (CELL * 0.5, grid_height + CAPTION * 0.5),
        &caption,
        &format!(r#"font-size="14" fill="{colour}""#),
    );
    svg.finish()
}

/// The route, its first wrong step in red, or a ring round its end short of E.
fn draw_route(svg: &mut Svg, maze: &Maze, walk: &Walk) {
    let points: Vec<(f64, f64)> = walk
        .cells
        .iter()
        .map(|&(r, c)| centre(r as f64, c as f64))
        .collect();
    if points.len() > 1 {
        svg.polyline(
            &points,
            r##"fill="none" stroke="#fb8c00" stroke-width="5" stroke-linejoin="round" stroke-linecap="round" opacity="0.85""##,
        );
    }
    let &last = walk.cells.last().unwrap_or(&maze.start);
    let end = centre(last.0 as f64, last.1 as f64);
    match &walk.wrong {
        Some((_, letter, wrong)) => {
            let (tr, tc) = match wrong {
                Wrong::NotAMove(_) => (last.0 as f64, last.1 as f64),
                _ => target_of(last, *letter),
            };
            let target = centre(tr, tc);
            svg.line(
                end,
                target,
                r##"stroke="#e53935" stroke-width="5" stroke-linecap="round""##,
            );
            svg.circle(target, DOT_RADIUS, r##"fill="#e53935""##);
        }
        None if last != maze.exit => {
            svg.circle(
                end,
                RING_RADIUS,
                r##"fill="none" stroke="#e53935" stroke-width="3""##,
            );
        }
        None => {}
    }
}

/// The picture of one output.
fn draw(mut files: VisualFiles) -> DrawResult {
    let maze = Maze::read(&mut files.input)?;
    let walk = route_of(&mut files.output)?.map(|route| maze.walk(&route));
    Ok(draw_walk(&maze, walk.as_ref()))
}

fn main() -> std::process::ExitCode {
    visualizer::run(draw)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3 3\nS-#\n---\n#-E\n";

    fn picture(input: &str, output: &str) -> DrawResult {
        draw(VisualFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(b"4\n4\nRDDR\n"),
        })
    }

    fn maze() -> Maze {
        Maze::read(&mut Tokens::new(SAMPLE.as_bytes())).unwrap()
    }

    #[test]
    fn a_right_route_is_drawn_to_e_in_green() {
        let svg = picture(SAMPLE, "4\n4\nRDDR\n").unwrap();
        assert!(svg.contains("the route reaches E in 4 steps"), "{svg}");
        assert!(!svg.contains("#e53935"), "nothing is marked red: {svg}");
        // S (0,0) -> (0,1) -> (1,1) -> (2,1) -> (2,2) = E, through the cells' centres.
        assert!(
            svg.contains(r#"points="36,36 60,36 60,60 60,84 84,84""#),
            "{svg}"
        );
    }

    #[test]
    fn the_first_step_into_a_wall_is_marked_red() {
        let walk = maze().walk("DDRR");
        assert_eq!(walk.cells, [(0, 0), (1, 0)]);
        assert_eq!(walk.wrong, Some((2, 'D', Wrong::Wall((2, 0)))));
        let svg = picture(SAMPLE, "4\n4\nDDRR\n").unwrap();
        assert!(
            svg.contains("step 2 (D from (1, 0)) enters the wall at (2, 0)"),
            "{svg}"
        );
        // The red step from (1, 0)'s centre to the wall's.
        assert!(
            svg.contains(r##"<line x1="36" y1="60" x2="36" y2="84" stroke="#e53935""##),
            "{svg}"
        );
    }

    #[test]
    fn a_step_off_the_grid_points_into_the_margin() {
        let walk = maze().walk("RU");
        assert_eq!(walk.wrong, Some((2, 'U', Wrong::OffGrid)));
        let svg = picture(SAMPLE, "4 4 RU").unwrap();
        assert!(
            svg.contains("step 2 (U from (0, 1)) leaves the maze"),
            "{svg}"
        );
        assert!(svg.contains(r#"<circle cx="60" cy="12""#), "{svg}");
    }

    #[test]
    fn a_letter_that_is_not_a_move_is_the_wrong_step() {
        let walk = maze().walk("RxDR");
        assert_eq!(walk.cells, [(0, 0), (0, 1)]);
        assert_eq!(walk.wrong, Some((2, 'x', Wrong::NotAMove('x'))));
        let svg = picture(SAMPLE, "4 4 RxDR").unwrap();
        assert!(svg.contains("step 2: &#39;x&#39; is not a move"), "{svg}");
    }

    #[test]
    fn a_route_that_stops_short_of_e_has_its_end_ringed() {
        let svg = picture(SAMPLE, "4 4 RD").unwrap();
        assert!(
            svg.contains("the route ends at (1, 1) after 2 steps, not at E"),
            "{svg}"
        );
        assert!(
            svg.contains(r#"<circle cx="60" cy="60" r="10" fill="none""#),
            "{svg}"
        );
    }

    #[test]
    fn an_output_that_is_not_a_route_gives_the_note() {
        for (output, why) in [
            ("", "the output is empty"),
            ("4\n", "no count and no route"),
            ("4\n4\n", "no route (its third token)"),
        ] {
            let note = picture(SAMPLE, output).unwrap_err();
            assert!(
                note.contains(why) && !note.contains('\n'),
                "{output:?}: {note}"
            );
        }
    }

    #[test]
    fn minus_one_is_the_maze_alone_captioned() {
        let svg = picture("1 3\nS#E\n", "-1\n").unwrap();
        assert!(
            svg.contains("the output says E cannot be reached (-1)"),
            "{svg}"
        );
        assert!(
            !svg.contains("<polyline") && !svg.contains("#e53935"),
            "{svg}"
        );
    }

    #[test]
    fn a_maze_too_large_to_draw_is_said() {
        let note = picture("1000 1000\n", "1 1 R").unwrap_err();
        assert!(note.contains("too large to draw"), "{note}");
    }
}
