//! The knight's graph of a board: its free squares and the moves between them, by index.

use crate::board::{Board, Square};

/// The free squares of a board (by row-major index) and their knight's moves.
#[derive(Debug, Clone)]
pub struct Graph {
    /// Number of rows.
    pub rows: usize,
    /// Number of columns.
    pub cols: usize,
    /// Whether each square is free.
    pub free: Vec<bool>,
    /// The number of free squares.
    pub free_count: usize,
    /// The free neighbours of each square, in the order of [`crate::board::MOVES`]; the
    /// first `degree` entries count.
    neighbours: Vec<[u32; 8]>,
    degree: Vec<u8>,
    /// Roth's tie-break for Warnsdorff's rule prefers the square farthest from the centre:
    /// (2r - (n-1))² + (2c - (m-1))².
    outwardness: Vec<i64>,
}

impl Graph {
    /// The graph of a board.
    pub fn new(board: &Board) -> Graph {
        let squares = board.rows * board.cols;
        let mut neighbours = vec![[0u32; 8]; squares];
        let mut degree = vec![0u8; squares];
        let mut outwardness = vec![0i64; squares];
        for index in 0..squares {
            let (row, col) = board.square(index);
            let dr = 2 * row as i64 - (board.rows as i64 - 1);
            let dc = 2 * col as i64 - (board.cols as i64 - 1);
            outwardness[index] = dr * dr + dc * dc;
            if !board.free[index] {
                continue;
            }
            for next in board.moves_from((row, col)) {
                neighbours[index][degree[index] as usize] = board.index(next) as u32;
                degree[index] += 1;
            }
        }
        Graph {
            rows: board.rows,
            cols: board.cols,
            free: board.free.clone(),
            free_count: board.free_count(),
            neighbours,
            degree,
            outwardness,
        }
    }

    /// The free squares a knight on `index` can reach.
    pub fn moves(&self, index: usize) -> &[u32] {
        &self.neighbours[index][..self.degree[index] as usize]
    }

    /// The number of free squares a knight on `index` can reach.
    pub fn degree(&self, index: usize) -> u32 {
        u32::from(self.degree[index])
    }

    /// Roth's tie-break value of a square (larger: farther from the centre).
    pub fn outwardness(&self, index: usize) -> i64 {
        self.outwardness[index]
    }

    /// The square of an index.
    pub fn square(&self, index: usize) -> Square {
        (index / self.cols, index % self.cols)
    }

    /// The index of a square.
    pub fn index(&self, (row, col): Square) -> usize {
        row * self.cols + col
    }
}
