//! Test generator for knights-tour: the arguments name a kind of board, the output is one
//! input. The same arguments give the same bytes on every machine (the random numbers come
//! from checker_kit::Rng seeded with the arguments).
//!
//! Kinds:
//! - `sample N`: the samples of the statement.
//! - `fixed NAME`: a hand-made board (see [`fixed`]).
//! - `open N M R C`: an N × M board without blocked squares, S at (R, C).
//! - `open N M random seed=S`: the same with S uniform over the board.
//! - `trap N M [nth=K]`: an N × M board without blocked squares, S on the K-th square (in
//!   row-major order, default the first) where a tour exists but Warnsdorff's rule alone
//!   (ties to the first move in the statement's order, the wrong submission
//!   `warnsdorff_only.c`) gets stuck.
//! - `rotations N M [nth=K]`: the same for the K-th start where the reference's own
//!   Warnsdorff rule (Roth's tie-break) gets stuck too, so that it needs rotations.
//! - `narrow N M P want=W seed=S`: N or M at most 3, each square blocked with probability
//!   P %, S uniform over the free squares; boards are drawn until the condition W holds:
//!   `tour` (a tour exists), `none` (none exists), `trap` (a tour exists and Warnsdorff's
//!   rule alone gets stuck), `hard` (no tour, although the colours allow one, and the
//!   complete search with pruning needs more than 200 000 squares entered to see it), or
//!   `any`.

use checker_kit::Rng;
use knights_tour::board::Board;
use knights_tour::graph::Graph;
use knights_tour::search::search;
use knights_tour::{solve, Method};
use std::process::ExitCode;

/// The hand-made boards.
fn fixed(name: &str) -> Option<&'static str> {
    Some(match name {
        // One square: the tour is S alone.
        "one-square" => "1 1\nS\n",
        // Only S is free.
        "walled-in" => "3 3\n###\n#S#\n###\n",
        // A knight on one row or two rows cannot cover them.
        "one-row" => "1 5\n..S..\n",
        "two-rows" => "2 8\n........\n...S....\n",
        // Two free squares a move apart.
        "two-squares" => "2 3\nS##\n##.\n",
        // 3 x 3: the centre is never reached.
        "three-by-three" => "3 3\nS..\n...\n...\n",
        // 3 x 3 without the centre: the eight others form a ring.
        "ring" => "3 3\n...\n.#.\n..S\n",
        // 3 x 4: tours start from the corners and the middle of the long sides only.
        "three-by-four-corner" => "3 4\n...S\n....\n....\n",
        "three-by-four-edge" => "3 4\n....\nS...\n....\n",
        "three-by-four-middle" => "3 4\n....\n.S..\n....\n",
        // No tour on 3 x 5 or 3 x 6 at all.
        "three-by-five" => "3 5\n.....\n..S..\n.....\n",
        "three-by-six" => "6 3\nS..\n...\n...\n...\n...\n...\n",
        // 4 x 4: none from anywhere.
        "four-by-four" => "4 4\n....\n....\n..S.\n....\n",
        // 4 x 5: only from the outer rows (half the squares, no two a move apart).
        "four-by-five-inner" => "4 5\n.....\n..S..\n.....\n.....\n",
        "four-by-five-outer" => "4 5\n.....\n.....\n.....\n.S...\n",
        // 5 x 5: 13 squares of the corners' colour, 12 of the other.
        "five-by-five-corner" => "5 5\nS....\n.....\n.....\n.....\n.....\n",
        "five-by-five-minority" => "5 5\n.....\n..S..\n.....\n.....\n.....\n",
        "five-by-five-centre" => "5 5\n.....\n.....\n..S..\n.....\n.....\n",
        // A free square with no free square a move away.
        "island" => "3 7\nS#.....\n..#....\n.......\n",
        // The colours: 6 free squares with r + c even, 7 odd; S even has no tour.
        "colours-off" => "3 5\nS....\n.#.#.\n.....\n",
        // Blocked squares make the minority colour of the rectangle the majority.
        "colours-turned" => "3 7\n#S.....\n.#.....\n.......\n",
        _ => return None,
    })
}

/// The samples of the statement.
fn sample(number: &str) -> Option<&'static str> {
    Some(match number {
        "1" => "5 5\nS....\n.....\n.....\n.....\n.....\n",
        "2" => "5 5\n.S...\n.....\n.....\n.....\n.....\n",
        "3" => "3 7\n.......\n.#...S.\n...#...\n",
        _ => return None,
    })
}

/// Warnsdorff's rule alone, as `warnsdorff_only.c` plays it: to the unvisited square with
/// the fewest unvisited moves, ties to the first in the statement's move order. Whether it
/// covers the board.
fn warnsdorff_alone(board: &Board) -> bool {
    let graph = Graph::new(board);
    let mut left: Vec<u32> = (0..graph.free.len()).map(|i| graph.degree(i)).collect();
    let mut visited = vec![false; graph.free.len()];
    let mut current = graph.index(board.start);
    for step in 1.. {
        visited[current] = true;
        for &next in graph.moves(current) {
            left[next as usize] -= 1;
        }
        if step == graph.free_count {
            return true;
        }
        // moves() lists the moves in MOVES order; min_by_key keeps the first minimum.
        let best = graph
            .moves(current)
            .iter()
            .map(|&next| next as usize)
            .filter(|&next| !visited[next])
            .min_by_key(|&next| left[next]);
        match best {
            Some(next) => current = next,
            None => return false,
        }
    }
    unreachable!("the loop returns once every square is visited or it is stuck")
}

fn seeded(args: &[String]) -> Rng {
    Rng::from_text(&args.join(" "))
}

fn option<'a>(args: &'a [String], key: &str) -> Option<&'a str> {
    args.iter().find_map(|arg| {
        arg.strip_prefix(key)
            .and_then(|rest| rest.strip_prefix('='))
    })
}

fn number(args: &[String], index: usize, what: &str) -> Result<usize, String> {
    let text = args.get(index).ok_or(format!("missing {what}"))?;
    text.parse()
        .map_err(|_| format!("{what} is not a number: {text:?}"))
}

fn open(args: &[String]) -> Result<String, String> {
    let (rows, cols) = (number(args, 1, "N")?, number(args, 2, "M")?);
    let start = if args.get(3).map(String::as_str) == Some("random") {
        let mut rng = seeded(args);
        (
            rng.below(rows as u64) as usize,
            rng.below(cols as u64) as usize,
        )
    } else {
        (number(args, 3, "R")?, number(args, 4, "C")?)
    };
    if start.0 >= rows || start.1 >= cols {
        return Err(format!("S {start:?} is outside the {rows} x {cols} board"));
    }
    Ok(Board::open(rows, cols, start).to_input())
}

/// The K-th start (row-major) of an open N x M board for which `wanted` holds.
fn nth_start(
    args: &[String],
    what: &str,
    wanted: impl Fn(&Board) -> bool,
) -> Result<String, String> {
    let (rows, cols) = (number(args, 1, "N")?, number(args, 2, "M")?);
    let nth: usize = option(args, "nth")
        .map_or(Ok(1), str::parse)
        .map_err(|_| "bad nth")?;
    let mut found = 0;
    for row in 0..rows {
        for col in 0..cols {
            let board = Board::open(rows, cols, (row, col));
            if board.colours_allow_tour() && wanted(&board) {
                found += 1;
                if found == nth {
                    return Ok(board.to_input());
                }
            }
        }
    }
    Err(format!("{what} on only {found} starts of {rows} x {cols}"))
}

fn trap(args: &[String]) -> Result<String, String> {
    nth_start(args, "Warnsdorff's rule alone fails", |board| {
        !warnsdorff_alone(board) && solve(board).tour.is_some()
    })
}

fn rotations(args: &[String]) -> Result<String, String> {
    nth_start(args, "the reference needs rotations", |board| {
        matches!(solve(board).method, Method::Rotations(_))
    })
}

/// A random narrow board: each square blocked with probability `percent` %, S uniform
/// over the free squares.
fn random_narrow(rows: usize, cols: usize, percent: u64, rng: &mut Rng) -> Board {
    let mut free: Vec<bool> = (0..rows * cols)
        .map(|_| !rng.chance(percent, 100))
        .collect();
    let mut free_squares: Vec<usize> = (0..rows * cols).filter(|&i| free[i]).collect();
    if free_squares.is_empty() {
        let only = rng.below((rows * cols) as u64) as usize;
        free[only] = true;
        free_squares.push(only);
    }
    let start = free_squares[rng.below(free_squares.len() as u64) as usize];
    Board {
        rows,
        cols,
        free,
        start: (start / cols, start % cols),
    }
}

/// Squares the complete search may enter before a board without a tour counts as hard.
const HARD_NODES: u64 = 200_000;

fn narrow(args: &[String]) -> Result<String, String> {
    let (rows, cols) = (number(args, 1, "N")?, number(args, 2, "M")?);
    if rows.min(cols) > 3 {
        return Err(format!(
            "{rows} x {cols} is not narrow (a side of at most 3)"
        ));
    }
    let percent = number(args, 3, "P")? as u64;
    let want = option(args, "want").unwrap_or("any");
    let mut rng = seeded(args);
    for _ in 0..1_000_000 {
        let board = random_narrow(rows, cols, percent, &mut rng);
        let exists = || solve(&board).tour.is_some();
        let wanted = match want {
            "any" => true,
            "tour" => exists(),
            "none" => !exists(),
            "trap" => !warnsdorff_alone(&board) && exists(),
            "hard" => {
                board.colours_allow_tour() && !exists() && {
                    let graph = Graph::new(&board);
                    let (outcome, _) = search(&graph, graph.index(board.start), HARD_NODES);
                    outcome.is_err()
                }
            }
            other => return Err(format!("unknown want={other}")),
        };
        if wanted {
            return Ok(board.to_input());
        }
    }
    Err(format!(
        "no {rows} x {cols} board with want={want} in a million draws"
    ))
}

fn generate(args: &[String]) -> Result<String, String> {
    let kind = args.first().map(String::as_str).unwrap_or("");
    let name = || args.get(1).map(String::as_str).unwrap_or("");
    match kind {
        "sample" => sample(name())
            .map(str::to_string)
            .ok_or(format!("no sample {:?}", name())),
        "fixed" => fixed(name())
            .map(str::to_string)
            .ok_or(format!("no fixed board {:?}", name())),
        "open" => open(args),
        "trap" => trap(args),
        "rotations" => rotations(args),
        "narrow" => narrow(args),
        _ => Err(format!("unknown kind {kind:?}")),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("knights-tour-gen: {message}");
            eprintln!("usage: knights-tour-gen sample N | fixed NAME | open N M R C | open N M random seed=S | trap N M [nth=K] | rotations N M [nth=K] | narrow N M P want=tour|none|trap|hard|any seed=S");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_boards_and_samples_parse() {
        for name in [
            "one-square",
            "walled-in",
            "one-row",
            "two-rows",
            "two-squares",
            "three-by-three",
            "ring",
            "three-by-four-corner",
            "three-by-four-edge",
            "three-by-four-middle",
            "three-by-five",
            "three-by-six",
            "four-by-four",
            "four-by-five-inner",
            "four-by-five-outer",
            "five-by-five-corner",
            "five-by-five-minority",
            "five-by-five-centre",
            "island",
            "colours-off",
            "colours-turned",
        ] {
            let text = fixed(name).unwrap();
            Board::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        for number in ["1", "2", "3"] {
            Board::parse(sample(number).unwrap()).unwrap();
        }
    }

    #[test]
    fn the_fixed_boards_say_what_their_comments_say() {
        let exists = |name: &str| {
            solve(&Board::parse(fixed(name).unwrap()).unwrap())
                .tour
                .is_some()
        };
        for name in [
            "one-square",
            "walled-in",
            "two-squares",
            "ring",
            "three-by-four-corner",
            "three-by-four-edge",
            "four-by-five-outer",
            "five-by-five-corner",
            "five-by-five-centre",
            "colours-turned",
        ] {
            assert!(exists(name), "{name}");
        }
        for name in [
            "one-row",
            "two-rows",
            "three-by-three",
            "three-by-four-middle",
            "three-by-five",
            "three-by-six",
            "four-by-four",
            "four-by-five-inner",
            "five-by-five-minority",
            "island",
            "colours-off",
        ] {
            assert!(!exists(name), "{name}");
        }
        let turned = Board::parse(fixed("colours-turned").unwrap()).unwrap();
        assert!((turned.start.0 + turned.start.1) % 2 == 1 && turned.rows * turned.cols % 2 == 1);
        let off = Board::parse(fixed("colours-off").unwrap()).unwrap();
        assert!(!off.colours_allow_tour());
    }

    use knights_tour::board::MOVES;

    #[test]
    fn warnsdorff_alone_is_the_plain_rule() {
        // It finds the 5 x 5 tour from the corner, and gets stuck from some start of 5 x 6
        // (where tours exist from every square).
        assert!(warnsdorff_alone(&Board::open(5, 5, (0, 0))));
        let text = trap(&["trap".into(), "5".into(), "6".into()]).unwrap();
        let board = Board::parse(&text).unwrap();
        assert!(!warnsdorff_alone(&board) && solve(&board).tour.is_some());
        // MOVES is the order of the statement: up-right first, clockwise.
        assert_eq!(MOVES[0], (-2, 1));
    }

    #[test]
    fn generation_is_deterministic() {
        let args: Vec<String> = ["narrow", "3", "20", "15", "want=tour", "seed=1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(generate(&args), generate(&args));
        let board = Board::parse(&generate(&args).unwrap()).unwrap();
        assert!(solve(&board).tour.is_some());
    }
}
