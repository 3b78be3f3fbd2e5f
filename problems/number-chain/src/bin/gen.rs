//! Test generator for number-chain: the arguments name a kind of board, the output is one
//! input. The same arguments give the same bytes on every machine (the random numbers come
//! from checker_kit::Rng seeded with the arguments).
//!
//! Kinds:
//! - `sample 1`: the sample of the statement.
//! - `fixed NAME`: a hand-made board (see [`fixed`]).
//! - `hard NAME`: a board found by searching for boards that make the reference work hard
//!   (see [`hard`]); kept as text.
//! - `ones N`: K = 1, every cell 0.
//! - `walk N K [swaps=M] seed=S`: values t mod K along a random walk of the problem, then M
//!   random pairs of cells other than the corners exchanged (M = 0 keeps a walk).
//! - `shuffle N K seed=S`: the right number of cells of each value (start 0, end
//!   (N·N-1) mod K), the others shuffled.
//! - `random N K seed=S`: every value uniform in 0..K-1, the start cell 0.
//! - `pattern NAME N K`: `diagonal` a = (r + c) mod K, `snake` values along the row-by-row
//!   snake, `columns` a = c mod K.

use checker_kit::Rng;
use number_chain::{random_walk, Board, DIR_COL, DIR_ROW};
use std::process::ExitCode;

/// The hand-made boards.
fn fixed(name: &str) -> Option<&'static str> {
    Some(match name {
        // 1 × 1: no step to make, the answer is -1 (whatever the cell holds).
        "one-cell" => "1 1\n0\n",
        "one-cell-k7" => "1 7\n4\n",
        // 2 × 2, K = 1: right, down-left, right.
        "two-by-two" => "2 1\n0 0\n0 0\n",
        // The sample with every value plus 1: the chain 1, 2, 0, 1, ... exists but does not
        // start with 0, so the answer is -1.
        "start-not-zero" => "3 3\n1 0 1\n2 2 2\n0 1 0\n",
        // Without the crossing rule the smallest walk would be 2 5 2 ... (crossing 1 3 at
        // the top); with it, see the answer.
        "crossing-trap" => "3 1\n0 0 0\n0 0 0\n0 0 0\n",
        // Wrong counts: five 0s and four 1s are needed for K = 2, N = 3.
        "counts-off" => "3 2\n0 1 0\n1 0 1\n0 1 1\n",
        // The end cell must hold (N·N-1) mod K = 0 here.
        "end-value" => "2 3\n0 1\n1 2\n",
        _ => return None,
    })
}

/// Boards found by a hill-climbing search (random swaps of cells, kept when the reference
/// needed more checks) against earlier and final versions of the reference; each comment
/// says what made the board hard. Kept as text so that no change of the search can change
/// them.
fn hard(name: &str) -> Option<&'static str> {
    Some(match name {
        // K = 2 with a walk: 36 197 cells entered without probing crossing diagonals.
        "crossing-probe" => {
            "10 2\n\
        0 1 0 1 0 1 1 0 1 1\n\
        1 0 1 1 0 0 0 0 0 0\n\
        0 1 1 0 1 1 0 1 0 1\n\
        1 0 1 0 0 1 0 1 0 1\n\
        1 0 1 0 1 0 1 1 0 1\n\
        0 1 1 0 1 0 1 0 0 0\n\
        1 0 0 1 0 1 0 1 1 1\n\
        1 0 1 0 0 1 1 0 0 0\n\
        0 0 1 0 0 0 1 0 1 1\n\
        1 0 1 0 1 1 0 1 0 1\n"
        }
        // K = 2, no walk: the matchings exist; only the crossing rule forbids every walk.
        "crossing-no-walk" => {
            "8 2\n\
        0 1 0 1 0 1 1 0\n\
        0 1 0 1 0 1 0 1\n\
        0 1 0 1 0 0 0 0\n\
        1 1 0 1 1 1 0 1\n\
        0 0 0 1 0 0 1 0\n\
        1 1 1 0 1 0 1 1\n\
        0 0 1 1 0 0 0 0\n\
        1 0 1 0 1 1 1 1\n"
        }
        // K = 2, no walk although the value counts are right.
        "no-walk-9" => {
            "9 2\n\
        0 0 1 0 0 1 0 0 1\n\
        1 1 0 1 1 1 0 1 0\n\
        1 0 1 0 1 1 1 0 1\n\
        0 0 1 0 1 0 1 0 1\n\
        1 0 1 0 0 0 0 0 0\n\
        0 0 1 0 1 0 1 1 0\n\
        1 1 0 1 1 0 1 1 0\n\
        1 0 1 0 1 1 0 1 1\n\
        0 1 0 1 0 0 1 0 0\n"
        }
        // K = 2 with a walk: 50 000 checks when children do not inherit removals.
        "inherit" => {
            "10 2\n\
        0 0 1 0 1 0 1 0 1 0\n\
        1 1 0 1 1 0 1 0 1 0\n\
        0 1 0 0 0 1 1 0 1 1\n\
        1 0 1 1 0 0 1 1 0 0\n\
        0 0 1 0 0 1 0 1 0 1\n\
        1 1 0 1 0 1 0 1 1 1\n\
        0 0 1 1 0 0 0 0 0 0\n\
        1 0 0 1 1 1 1 0 1 1\n\
        1 0 0 1 0 0 1 0 1 0\n\
        0 1 1 0 0 1 1 0 1 1\n"
        }
        // K = 2 with a walk: the search backtracks over 1 200 cells.
        "k2-backtrack-9" => {
            "9 2\n\
        0 0 1 0 0 1 1 0 1\n\
        1 1 1 0 0 1 0 0 0\n\
        0 1 1 1 1 0 1 1 1\n\
        0 0 0 0 1 0 0 0 0\n\
        1 1 1 1 0 1 0 1 1\n\
        0 1 0 1 0 0 1 1 0\n\
        0 0 1 1 0 0 1 1 0\n\
        1 0 1 1 0 1 0 1 0\n\
        0 1 0 0 1 1 0 1 0\n"
        }
        // K = 2 with a walk: the search backtracks over 2 400 cells.
        "k2-backtrack-10" => {
            "10 2\n\
        0 1 0 1 0 1 1 1 0 1\n\
        1 0 0 1 0 0 0 0 1 0\n\
        0 0 1 1 1 1 1 1 0 1\n\
        1 1 1 0 0 0 0 1 1 0\n\
        0 1 0 0 1 0 1 0 0 0\n\
        0 1 0 0 1 1 1 1 1 0\n\
        1 0 1 0 1 0 1 0 1 1\n\
        0 0 1 0 1 0 1 0 0 0\n\
        1 1 0 1 1 1 0 1 0 1\n\
        0 1 0 0 0 1 0 1 0 1\n"
        }
        // K = 2 with a walk the lookahead does not find within its budget.
        "k2-lookahead" => {
            "10 2\n\
        0 0 1 0 0 1 0 0 1 0\n\
        1 0 0 1 1 0 1 0 1 1\n\
        1 1 0 0 1 1 1 0 1 0\n\
        0 0 1 0 1 1 0 0 1 0\n\
        1 0 1 1 0 1 0 1 0 1\n\
        0 0 1 0 1 1 0 0 1 0\n\
        1 1 1 1 0 1 1 0 1 0\n\
        0 0 0 0 1 0 0 0 1 1\n\
        1 1 1 1 0 0 0 1 1 0\n\
        0 0 1 0 0 1 1 1 0 1\n"
        }
        // the same on a 9 x 9 board.
        "k2-lookahead-9" => {
            "9 2\n\
        0 1 1 0 1 0 1 0 1\n\
        1 0 0 1 0 1 0 1 0\n\
        0 1 0 1 0 0 1 1 0\n\
        1 0 0 0 1 1 0 0 1\n\
        0 1 1 1 0 0 1 1 0\n\
        1 1 1 1 0 1 0 1 0\n\
        0 0 0 0 1 1 0 1 0\n\
        1 1 1 0 1 0 0 1 1\n\
        0 0 0 1 0 1 1 0 0\n"
        }
        // K = 3, no walk: 13 500 cells entered without the lookahead.
        "k3-no-walk" => {
            "10 3\n\
        0 2 1 2 0 1 2 2 0 1\n\
        1 0 0 0 2 0 1 1 0 2\n\
        1 0 2 1 2 1 2 0 2 1\n\
        2 1 2 1 0 0 0 1 2 0\n\
        1 0 1 2 2 2 1 2 1 2\n\
        2 0 0 1 1 0 1 0 2 0\n\
        0 2 1 0 2 0 1 0 1 1\n\
        1 1 2 1 2 0 2 2 0 2\n\
        2 0 2 0 1 1 0 1 1 0\n\
        0 1 2 0 2 0 1 2 2 0\n"
        }
        // K = 3, no walk: the lookahead needs 9 400 choices.
        "k3-no-walk-2" => {
            "10 3\n\
        0 1 2 1 2 0 1 2 0 1\n\
        1 0 2 0 0 2 1 1 0 2\n\
        2 0 1 0 2 1 0 2 1 0\n\
        2 1 2 1 0 2 1 0 2 2\n\
        1 0 1 2 1 0 1 2 1 0\n\
        2 0 2 1 0 2 0 0 0 1\n\
        2 0 1 2 0 1 2 2 1 2\n\
        0 1 0 1 2 1 1 2 1 0\n\
        1 2 2 2 0 0 0 0 2 2\n\
        0 1 0 1 2 1 2 0 1 0\n"
        }
        // K = 3, no walk: the lookahead needs 6 000 choices.
        "k3-no-walk-3" => {
            "10 3\n\
        0 1 2 0 1 2 0 0 1 2\n\
        1 2 0 0 1 1 2 2 1 0\n\
        0 1 1 2 2 0 1 0 0 1\n\
        2 2 0 0 2 0 2 2 1 2\n\
        1 0 1 1 1 0 1 0 1 2\n\
        1 2 2 0 2 2 1 0 2 0\n\
        2 0 1 2 1 2 0 1 1 2\n\
        2 0 0 1 0 0 2 2 1 0\n\
        0 1 0 2 1 2 1 0 0 1\n\
        1 2 0 1 2 0 1 2 2 0\n"
        }
        // K = 3, no walk on 9 x 9: the lookahead needs 19 000 choices.
        "k3-no-walk-9" => {
            "9 3\n\
        0 1 2 0 1 2 0 1 2\n\
        0 2 0 2 1 0 0 2 0\n\
        1 1 1 0 2 1 2 1 1\n\
        2 0 2 0 1 2 1 1 2\n\
        0 2 1 0 2 0 0 2 0\n\
        1 1 2 1 2 1 2 1 0\n\
        2 0 0 1 0 0 1 2 0\n\
        1 0 2 1 2 0 1 2 1\n\
        2 0 1 2 0 1 2 0 2\n"
        }
        _ => return None,
    })
}

fn seeded(args: &[String]) -> Rng {
    Rng::from_text(&args.join(" "))
}

/// `key=value` arguments.
fn option(args: &[String], key: &str) -> Option<u64> {
    args.iter()
        .find_map(|arg| arg.strip_prefix(key)?.strip_prefix('='))
        .and_then(|value| value.parse().ok())
}

fn size(args: &[String], index: usize, what: &str) -> Result<usize, String> {
    let value: usize = args
        .get(index)
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| format!("{what} missing"))?;
    if !(1..=10).contains(&value) {
        return Err(format!("{what} = {value} is out of range 1..=10"));
    }
    Ok(value)
}

/// Values t mod K along a random walk of the problem on an N × N board.
fn walk_values(side: usize, modulus: usize, rng: &mut Rng) -> Vec<u8> {
    let blank = Board {
        side,
        modulus: 1,
        values: vec![0; side * side],
    };
    let mut values = vec![0u8; side * side];
    if side == 1 {
        return values;
    }
    let walk = loop {
        // The K = 1 search finds a walk within the limit for nearly every seed.
        if let Some(walk) = random_walk(&blank, rng.next_u64(), 20_000) {
            break walk;
        }
    };
    let (mut row, mut col) = (0i32, 0i32);
    for (time, digit) in walk.bytes().enumerate() {
        let dir = usize::from(digit - b'0');
        row += DIR_ROW[dir];
        col += DIR_COL[dir];
        values[row as usize * side + col as usize] = ((time + 1) % modulus) as u8;
    }
    values
}

fn generate(args: &[String]) -> Result<String, String> {
    let kind = args.first().map(String::as_str).unwrap_or("");
    let mut rng = seeded(args);
    let board = match kind {
        "sample" => return Ok("3 3\n0 2 0\n1 1 1\n2 0 2\n".to_string()),
        "fixed" | "hard" => {
            let name = args.get(1).map(String::as_str).unwrap_or("");
            let text = if kind == "fixed" {
                fixed(name)
            } else {
                hard(name)
            };
            return text
                .map(str::to_string)
                .ok_or_else(|| format!("no {kind} board named {name:?}"));
        }
        "ones" => {
            let side = size(args, 1, "N")?;
            Board {
                side,
                modulus: 1,
                values: vec![0; side * side],
            }
        }
        "walk" | "shuffle" | "random" | "pattern" => {
            let first = usize::from(kind == "pattern");
            let side = size(args, 1 + first, "N")?;
            let modulus = size(args, 2 + first, "K")?;
            let cells = side * side;
            let values = match kind {
                "walk" => {
                    let mut values = walk_values(side, modulus, &mut rng);
                    // Swaps keep the corners, so the value counts stay right.
                    for _ in 0..option(args, "swaps").unwrap_or(0) {
                        if cells > 3 {
                            let i = 1 + rng.below(cells as u64 - 2) as usize;
                            let j = 1 + rng.below(cells as u64 - 2) as usize;
                            values.swap(i, j);
                        }
                    }
                    values
                }
                "shuffle" => {
                    let mut values: Vec<u8> = (0..cells).map(|t| (t % modulus) as u8).collect();
                    if cells > 2 {
                        rng.shuffle(&mut values[1..cells - 1]);
                    }
                    values
                }
                "random" => {
                    let mut values: Vec<u8> = (0..cells)
                        .map(|_| rng.below(modulus as u64) as u8)
                        .collect();
                    values[0] = 0;
                    values
                }
                _ => pattern(args.get(1).map(String::as_str).unwrap_or(""), side, modulus)?,
            };
            Board {
                side,
                modulus,
                values,
            }
        }
        _ => return Err(format!("unknown kind {kind:?}")),
    };
    Ok(board.to_input())
}

fn pattern(name: &str, side: usize, modulus: usize) -> Result<Vec<u8>, String> {
    let cells = side * side;
    let mut values = vec![0u8; cells];
    for (cell, slot) in values.iter_mut().enumerate() {
        let (row, col) = (cell / side, cell % side);
        let value = match name {
            "diagonal" => row + col,
            "columns" => col,
            "snake" => {
                let along = if row % 2 == 0 { col } else { side - 1 - col };
                row * side + along
            }
            _ => return Err(format!("unknown pattern {name:?}")),
        };
        *slot = (value % modulus) as u8;
    }
    Ok(values)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("number-chain-gen: {message}");
            eprintln!("usage: number-chain-gen sample 1 | fixed NAME | hard NAME | ones N | walk N K [swaps=M] seed=S | shuffle N K seed=S | random N K seed=S | pattern NAME N K");
            ExitCode::FAILURE
        }
    }
}
