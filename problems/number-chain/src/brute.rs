//! The unpruned depth-first search (the seed article's method, with the start-cell check):
//! directions 0..7 in order, the value rule, the crossing rule, every cell once. Exponential;
//! the tests use it as the judge of [`crate::solve`] on small boards.

use crate::{Board, DIR_COL, DIR_ROW};

/// The search gave up: it needed more than its node limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit;

/// The smallest walk, or `None`; `Err(NodeLimit)` when more than `node_limit` nodes were
/// needed.
pub fn solve(board: &Board, node_limit: u64) -> Result<Option<String>, NodeLimit> {
    let cells = board.side * board.side;
    if cells == 1 || board.values[0] != 0 {
        return Ok(None);
    }
    let mut brute = Brute {
        board,
        visited: vec![false; cells],
        step_to: vec![usize::MAX; cells],
        path: Vec::new(),
        nodes: 0,
        node_limit,
    };
    brute.visited[0] = true;
    if brute.go(0, 0)? {
        Ok(Some(
            brute.path.iter().map(|&d| char::from(b'0' + d)).collect(),
        ))
    } else {
        Ok(None)
    }
}

struct Brute<'a> {
    board: &'a Board,
    visited: Vec<bool>,
    /// step_to[x]: the cell the walk moved to from x (usize::MAX if none yet).
    step_to: Vec<usize>,
    path: Vec<u8>,
    nodes: u64,
    node_limit: u64,
}

impl Brute<'_> {
    fn go(&mut self, cell: usize, time: usize) -> Result<bool, NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(NodeLimit);
        }
        let n = self.board.side;
        let cells = n * n;
        if cell == cells - 1 {
            return Ok(time == cells - 1);
        }
        let (row, col) = ((cell / n) as i32, (cell % n) as i32);
        for dir in 0..8 {
            let (next_row, next_col) = (row + DIR_ROW[dir], col + DIR_COL[dir]);
            if next_row < 0 || next_col < 0 || next_row >= n as i32 || next_col >= n as i32 {
                continue;
            }
            let next = next_row as usize * n + next_col as usize;
            if self.visited[next]
                || usize::from(self.board.values[next]) != (time + 1) % self.board.modulus
            {
                continue;
            }
            if dir % 2 == 1 {
                let p = next_row as usize * n + col as usize;
                let q = row as usize * n + next_col as usize;
                if self.step_to[p] == q || self.step_to[q] == p {
                    continue;
                }
            }
            self.visited[next] = true;
            self.step_to[cell] = next;
            self.path.push(dir as u8);
            if self.go(next, time + 1)? {
                return Ok(true);
            }
            self.path.pop();
            self.step_to[cell] = usize::MAX;
            self.visited[next] = false;
        }
        Ok(false)
    }
}
