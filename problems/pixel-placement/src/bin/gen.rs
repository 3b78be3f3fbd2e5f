//! pixel-placement test generator: arguments -> one input on stdout.
//!
//! Modes (every random choice comes from checker_kit::Rng seeded with all the arguments):
//!
//! - `sample 1`: the sample of the statement;
//! - `fixed NAME`: a hand-made board (see [`FIXED`]);
//! - `random N M REVEAL BLACK SEED`: a hidden colouring with BLACK % black cells, each
//!   cell showing its clue with probability REVEAL %; the hidden colouring is a solution;
//! - `search N M TARGET ITERATIONS REVEAL SEED`: a local search for a hard board. It starts
//!   from a `random` board and repeatedly changes 1 to 3 cells of the hidden colouring or
//!   of the set of shown clues, keeping a change when the TARGET's work does not drop.
//!   Targets: `reference` (the reference's search nodes), `forward` (the reference's search
//!   in one direction only, white first), `plain` (a row-major DFS that keeps every clue
//!   feasible, without memo or propagation) and `seed` (the seed article's DFS, which checks
//!   a clue only once its block is complete). The weaker targets stop counting at a cap,
//!   and the search stops once a board reaches it. The board always keeps a solution: the
//!   hidden colouring. The best work found goes to stderr.

use checker_kit::Rng;
use pixel_placement::{solve, solve_one_direction, Board, MAX_SIDE};
use std::process::ExitCode;

/// The hand-made boards, by name.
const FIXED: &[(&str, &str)] = &[
    ("one-blank", "1 1\n_\n"),
    ("one-zero", "1 1\n0\n"),
    ("one-one", "1 1\n1\n"),
    // One row: every clue shown (hidden row 1101100111).
    ("row-full", "1 10\n2222211232\n"),
    // One row: a 0 run and the end clues at their maximum 2 (hidden 1100000011).
    ("row-ends", "1 10\n2__0____22\n"),
    // One column (hidden 0111001011 from the top).
    ("column", "10 1\n1\n_\n3\n_\n1\n_\n1\n2\n_\n2\n"),
    // 2 × 2: each corner sees the whole grid.
    ("two-by-two-full", "2 2\n44\n44\n"),
    ("all-blank", "10 10\n__________\n__________\n__________\n__________\n__________\n__________\n__________\n__________\n__________\n__________\n"),
    ("all-zero", "10 10\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n0000000000\n"),
    // Every clue at the maximum its block allows: 4 at corners, 6 on edges, 9 inside.
    ("all-max", "10 10\n4666666664\n6999999996\n6999999996\n6999999996\n6999999996\n6999999996\n6999999996\n6999999996\n6999999996\n4666666664\n"),
    // Only the border ring: 0, 4 and 6 clues where blocks are cut by the edge.
    ("border-ring", "10 10\n4420000244\n4________4\n2________2\n0________0\n2________0\n4________2\n6________4\n4________6\n2________4\n0000001232\n"),
];

/// The sample of the statement.
const SAMPLE: &str = "6 8\n_1__5_1_\n1_4__42_\n3__6__5_\n___56___\n_688___4\n_____6__\n";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("pixel-placement-gen: {message}");
            eprintln!(
                "usage: sample 1 | fixed NAME | random N M REVEAL BLACK SEED | \
                 search N M TARGET ITERATIONS REVEAL SEED"
            );
            ExitCode::from(2)
        }
    }
}

fn generate(args: &[String]) -> Result<String, String> {
    let mut rng = Rng::from_text(&args.join(" "));
    let words: Vec<&str> = args.iter().map(String::as_str).collect();
    match words.as_slice() {
        ["sample", "1"] => Ok(SAMPLE.to_string()),
        ["fixed", name] => FIXED
            .iter()
            .find(|(fixed, _)| fixed == name)
            .map(|(_, text)| text.to_string())
            .ok_or(format!("no fixed board named {name}")),
        ["random", rows, cols, reveal, black, _seed] => {
            let (rows, cols) = (side(rows)?, side(cols)?);
            let (reveal, black) = (percent(reveal)?, percent(black)?);
            let hidden = Hidden::random(&mut rng, rows, cols, reveal, black);
            Ok(hidden.board().to_text())
        }
        ["search", rows, cols, target, iterations, reveal, _seed] => {
            let (rows, cols) = (side(rows)?, side(cols)?);
            let target = Target::parse(target)?;
            let iterations: u64 = iterations
                .parse()
                .map_err(|_| format!("bad iteration count {iterations}"))?;
            let board = search(&mut rng, rows, cols, target, iterations, percent(reveal)?);
            Ok(board.to_text())
        }
        _ => Err(format!("unknown arguments {args:?}")),
    }
}

fn side(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(value) if (1..=MAX_SIDE).contains(&value) => Ok(value),
        _ => Err(format!("a side must be in 1..={MAX_SIDE}, not {text}")),
    }
}

fn percent(text: &str) -> Result<u64, String> {
    match text.parse() {
        Ok(value @ 0..=100) => Ok(value),
        _ => Err(format!("a percentage must be in 0..=100, not {text}")),
    }
}

/// A hidden colouring and the cells whose clue is shown: always a solvable board.
#[derive(Debug, Clone)]
struct Hidden {
    rows: usize,
    cols: usize,
    black: Vec<bool>,
    shown: Vec<bool>,
}

impl Hidden {
    fn random(rng: &mut Rng, rows: usize, cols: usize, reveal: u64, black: u64) -> Hidden {
        let cells = rows * cols;
        Hidden {
            rows,
            cols,
            black: (0..cells).map(|_| rng.chance(black, 100)).collect(),
            shown: (0..cells).map(|_| rng.chance(reveal, 100)).collect(),
        }
    }

    fn board(&self) -> Board {
        let mut board = Board {
            rows: self.rows,
            cols: self.cols,
            clues: vec![None; self.rows * self.cols],
        };
        for row in 0..self.rows {
            for col in 0..self.cols {
                let cell = row * self.cols + col;
                if self.shown[cell] {
                    let black = board.block(row, col).filter(|&c| self.black[c]).count();
                    board.clues[cell] = Some(black as u8);
                }
            }
        }
        board
    }
}

/// Whose work the local search maximises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Reference,
    Forward,
    Plain,
    Seed,
}

/// The most nodes counted for the weaker searches (plain and seed nodes are cheap): past
/// it a board is hard enough and the search stops.
const WEAK_NODE_CAP: u64 = 40_000_000;

/// The same for the reference's search in one direction, whose nodes cost more.
const FORWARD_NODE_CAP: u64 = 200_000;

impl Target {
    fn parse(text: &str) -> Result<Target, String> {
        match text {
            "reference" => Ok(Target::Reference),
            "forward" => Ok(Target::Forward),
            "plain" => Ok(Target::Plain),
            "seed" => Ok(Target::Seed),
            _ => Err(format!(
                "unknown target {text} (reference, forward, plain, seed)"
            )),
        }
    }

    /// The work at which the search stops: the board is hard enough.
    fn cap(self) -> u64 {
        match self {
            Target::Reference => u64::MAX,
            Target::Forward => FORWARD_NODE_CAP,
            Target::Plain | Target::Seed => WEAK_NODE_CAP,
        }
    }

    fn work(self, board: &Board) -> u64 {
        let cap = self.cap();
        match self {
            Target::Reference => solve(board).nodes,
            Target::Forward => {
                solve_one_direction(board, false, cap).map_or(cap, |outcome| outcome.nodes)
            }
            Target::Plain => weak::plain_nodes(board, cap),
            Target::Seed => weak::seed_nodes(board, cap),
        }
    }
}

fn search(
    rng: &mut Rng,
    rows: usize,
    cols: usize,
    target: Target,
    iterations: u64,
    reveal: u64,
) -> Board {
    let cells = rows * cols;
    let mut hidden = Hidden::random(rng, rows, cols, reveal, 50);
    let mut best = target.work(&hidden.board());
    let mut done = 0;
    while done < iterations && best < target.cap() {
        done += 1;
        let before = hidden.clone();
        for _ in 0..rng.range(1, 3) {
            let cell = rng.below(cells as u64) as usize;
            if rng.chance(1, 2) {
                hidden.black[cell] = !hidden.black[cell];
            } else {
                hidden.shown[cell] = !hidden.shown[cell];
            }
        }
        let work = target.work(&hidden.board());
        if work >= best {
            best = work;
        } else {
            hidden = before;
        }
    }
    eprintln!("search: {target:?} work {best} after {done} iterations");
    hidden.board()
}

/// Weaker searches, only to find boards that are hard for them (never to make answers).
mod weak {
    use pixel_placement::Board;

    struct Clues {
        cells: usize,
        cell_clues: Vec<Vec<usize>>,
        need: Vec<i32>,
        undecided: Vec<i32>,
    }

    impl Clues {
        fn new(board: &Board) -> Clues {
            let cells = board.rows * board.cols;
            let mut clues = Clues {
                cells,
                cell_clues: vec![Vec::new(); cells],
                need: Vec::new(),
                undecided: Vec::new(),
            };
            for row in 0..board.rows {
                for col in 0..board.cols {
                    if let Some(digit) = board.clue(row, col) {
                        let id = clues.need.len();
                        clues.need.push(i32::from(digit));
                        clues.undecided.push(board.block(row, col).count() as i32);
                        for cell in board.block(row, col) {
                            clues.cell_clues[cell].push(id);
                        }
                    }
                }
            }
            clues
        }
    }

    /// Nodes of a row-major DFS (white first) that keeps every clue feasible, no memo.
    pub fn plain_nodes(board: &Board, cap: u64) -> u64 {
        fn dfs(clues: &mut Clues, k: usize, nodes: &mut u64, cap: u64) -> bool {
            *nodes += 1;
            if k == clues.cells || *nodes >= cap {
                return true;
            }
            for colour in 0..2 {
                let mut feasible = true;
                for index in 0..clues.cell_clues[k].len() {
                    let id = clues.cell_clues[k][index];
                    clues.undecided[id] -= 1;
                    clues.need[id] -= colour;
                    feasible &= 0 <= clues.need[id] && clues.need[id] <= clues.undecided[id];
                }
                if feasible && dfs(clues, k + 1, nodes, cap) {
                    return true;
                }
                for index in 0..clues.cell_clues[k].len() {
                    let id = clues.cell_clues[k][index];
                    clues.undecided[id] += 1;
                    clues.need[id] += colour;
                }
            }
            false
        }
        let mut nodes = 0;
        dfs(&mut Clues::new(board), 0, &mut nodes, cap);
        nodes.min(cap)
    }

    /// Nodes of the seed article's DFS (black first, a clue checked once its block is
    /// complete, the last row's clues at the very end), stopped at its first colouring.
    pub fn seed_nodes(board: &Board, cap: u64) -> u64 {
        struct Seed<'a> {
            board: &'a Board,
            colour: Vec<bool>,
            nodes: u64,
            cap: u64,
        }
        impl Seed<'_> {
            fn check(&self, row: usize, col: usize) -> bool {
                self.board.clue(row, col).is_none_or(|digit| {
                    self.board
                        .block(row, col)
                        .filter(|&c| self.colour[c])
                        .count()
                        == usize::from(digit)
                })
            }
            fn dfs(&mut self, row: usize, col: usize) -> bool {
                self.nodes += 1;
                if self.nodes >= self.cap {
                    return true;
                }
                let (rows, cols) = (self.board.rows, self.board.cols);
                if row == rows {
                    return (0..cols).all(|c| self.check(rows - 1, c));
                }
                for black in [true, false] {
                    self.colour[row * cols + col] = black;
                    let upper_left = row == 0 || col == 0 || self.check(row - 1, col - 1);
                    let above = row == 0 || col + 1 < cols || self.check(row - 1, col);
                    let next = if col + 1 == cols {
                        (row + 1, 0)
                    } else {
                        (row, col + 1)
                    };
                    if upper_left && above && self.dfs(next.0, next.1) {
                        return true;
                    }
                }
                self.colour[row * cols + col] = false;
                false
            }
        }
        let mut seed = Seed {
            board,
            colour: vec![false; board.rows * board.cols],
            nodes: 0,
            cap,
        };
        seed.dfs(0, 0);
        seed.nodes.min(cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn every_fixed_board_parses_and_has_a_colouring() {
        for (name, text) in FIXED.iter().chain([("sample", SAMPLE)].iter()) {
            let board = Board::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(board.to_text(), *text, "{name} is not in canonical form");
            assert!(solve(&board).colouring.is_some(), "{name} has no colouring");
        }
    }

    #[test]
    fn the_same_arguments_give_the_same_board() {
        for text in ["random 10 10 40 50 1", "search 6 6 reference 30 40 1"] {
            assert_eq!(generate(&args(text)), generate(&args(text)));
        }
        assert_ne!(
            generate(&args("random 10 10 40 50 1")),
            generate(&args("random 10 10 40 50 2"))
        );
    }

    #[test]
    fn random_boards_keep_their_hidden_solution() {
        let mut rng = Rng::new(5);
        for _ in 0..50 {
            let hidden = Hidden::random(&mut rng, 7, 9, 60, 50);
            let board = hidden.board();
            assert_eq!(board.first_violation(&hidden.black), None);
        }
    }

    #[test]
    fn the_weak_searches_count_nodes_and_stop_at_the_cap() {
        let board = Board::parse(SAMPLE).unwrap();
        let plain = weak::plain_nodes(&board, u64::MAX);
        let seed = weak::seed_nodes(&board, u64::MAX);
        assert!(plain > 48 && seed > 48, "plain {plain}, seed {seed}");
        assert_eq!(weak::seed_nodes(&board, 10), 10);
        let blank = Board::parse(FIXED[7].1).unwrap();
        assert_eq!(weak::plain_nodes(&blank, u64::MAX), 101);
    }

    #[test]
    fn bad_arguments_are_refused() {
        for text in [
            "",
            "sample 2",
            "fixed nothing",
            "random 11 1 50 50 1",
            "random 3 3 101 50 1",
        ] {
            assert!(generate(&args(text)).is_err(), "{text}");
        }
    }
}
