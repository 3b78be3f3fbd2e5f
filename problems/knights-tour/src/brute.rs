//! The plain search, to test the reference with: every walk from the start in the order of
//! [`crate::board::MOVES`], no pruning, until one covers every free square. Exponential;
//! for small boards only.

use crate::board::{Board, Square};

/// The search gave up after its node limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit;

/// The first tour in move order, `None` when there is none, or `Err(NodeLimit)` after
/// `node_limit` squares entered.
pub fn solve(board: &Board, node_limit: u64) -> Result<Option<Vec<Square>>, NodeLimit> {
    let mut brute = Brute {
        board,
        free_count: board.free_count(),
        visited: vec![false; board.rows * board.cols],
        path: Vec::new(),
        nodes: 0,
        node_limit,
    };
    if brute.enter(board.start)? {
        Ok(Some(brute.path))
    } else {
        Ok(None)
    }
}

struct Brute<'a> {
    board: &'a Board,
    free_count: usize,
    visited: Vec<bool>,
    path: Vec<Square>,
    nodes: u64,
    node_limit: u64,
}

impl Brute<'_> {
    fn enter(&mut self, square: Square) -> Result<bool, NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(NodeLimit);
        }
        let index = self.board.index(square);
        self.visited[index] = true;
        self.path.push(square);
        if self.path.len() == self.free_count {
            return Ok(true);
        }
        let moves: Vec<Square> = self.board.moves_from(square).collect();
        for next in moves {
            if !self.visited[self.board.index(next)] && self.enter(next)? {
                return Ok(true);
            }
        }
        self.visited[index] = false;
        self.path.pop();
        Ok(false)
    }
}
