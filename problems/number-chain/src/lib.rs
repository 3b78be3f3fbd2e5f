//! number-chain: the search behind the reference solution, and a plain search to test it.
//!
//! [`solve`] finds the lexicographically smallest walk of the problem (see
//! `problems/number-chain/statement.md` and `../shared/PROBLEMS.md`) by a depth-first search
//! that tries the eight directions in order, so the first walk it completes is the smallest;
//! what makes it fast is the pruning in [`search`]. [`brute::solve`] is the same search
//! without any pruning: exponential, but simple enough to trust, and the tests compare the
//! two on many small boards.

pub mod brute;
pub mod frontier;
pub mod search;

pub use search::{random_walk, solve, solve_probing_after, Stats, PROBE_AFTER};

/// Row change of each direction: 0 up, 1 up-right, 2 right, 3 down-right, 4 down,
/// 5 down-left, 6 left, 7 up-left.
pub const DIR_ROW: [i32; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
/// Column change of each direction.
pub const DIR_COL: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

/// A board of the problem: `side` × `side` cells holding values in `0..modulus`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// N, the number of rows and of columns (1..=10).
    pub side: usize,
    /// K, the number of distinct values (1..=10).
    pub modulus: usize,
    /// The cells row by row.
    pub values: Vec<u8>,
}

impl Board {
    /// Reads `N K` and the N × N values from whitespace-separated text (the input format,
    /// read leniently; the validator is the strict reader).
    pub fn parse(text: &str) -> Result<Board, String> {
        let mut numbers = text.split_ascii_whitespace().map(|token| {
            token
                .parse::<usize>()
                .map_err(|_| format!("not a number: {token}"))
        });
        let mut next = |what: &str| {
            numbers
                .next()
                .unwrap_or_else(|| Err(format!("missing {what}")))
        };
        let side = next("N")?;
        let modulus = next("K")?;
        if !(1..=10).contains(&side) || !(1..=10).contains(&modulus) {
            return Err(format!("N = {side}, K = {modulus} out of range"));
        }
        let mut values = Vec::with_capacity(side * side);
        for _ in 0..side * side {
            let value = next("a cell")?;
            if value >= modulus {
                return Err(format!("cell value {value} is not below K = {modulus}"));
            }
            values.push(value as u8);
        }
        Ok(Board {
            side,
            modulus,
            values,
        })
    }

    /// The board in the input format.
    pub fn to_input(&self) -> String {
        let mut text = format!("{} {}\n", self.side, self.modulus);
        for row in self.values.chunks(self.side) {
            let cells: Vec<String> = row.iter().map(u8::to_string).collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        text
    }

    /// The walk's text as the answer file holds it: the digits, or `-1`.
    pub fn answer_text(walk: &Option<String>) -> String {
        match walk {
            Some(digits) => format!("{digits}\n"),
            None => "-1\n".to_string(),
        }
    }
}

/// Checks that `digits` is a walk of the problem on `board` (every rule of the statement),
/// for tests: `Err` names the first broken rule.
pub fn check_walk(board: &Board, digits: &str) -> Result<(), String> {
    let n = board.side as i32;
    let k = board.modulus;
    let cells = board.side * board.side;
    if digits.len() + 1 != cells {
        return Err(format!("{} steps, expected {}", digits.len(), cells - 1));
    }
    let (mut row, mut col) = (0i32, 0i32);
    let mut seen = vec![false; cells];
    let mut steps: Vec<(usize, usize)> = Vec::new();
    seen[0] = true;
    if board.values[0] != 0 {
        return Err("the start cell does not hold 0".to_string());
    }
    for (time, digit) in digits.bytes().enumerate() {
        let dir = (digit.wrapping_sub(b'0')) as usize;
        if dir > 7 {
            return Err(format!("step {time}: not a direction"));
        }
        let (next_row, next_col) = (row + DIR_ROW[dir], col + DIR_COL[dir]);
        if next_row < 0 || next_col < 0 || next_row >= n || next_col >= n {
            return Err(format!("step {time} leaves the board"));
        }
        let from = (row * n + col) as usize;
        let to = (next_row * n + next_col) as usize;
        if seen[to] {
            return Err(format!("step {time} revisits a cell"));
        }
        if usize::from(board.values[to]) != (time + 1) % k {
            return Err(format!("step {time} breaks the value sequence"));
        }
        if dir % 2 == 1 {
            let p = (next_row * n + col) as usize;
            let q = (row * n + next_col) as usize;
            if steps.contains(&(p, q)) || steps.contains(&(q, p)) {
                return Err(format!("step {time} crosses an earlier step"));
            }
        }
        seen[to] = true;
        steps.push((from, to));
        row = next_row;
        col = next_col;
    }
    if (row, col) != (n - 1, n - 1) {
        return Err("the walk does not end in the bottom-right corner".to_string());
    }
    Ok(())
}
