//! Which method answers which board, and why each answer is right.
//!
//! - One free square: the tour is the start alone.
//! - Smaller side at most 4 (narrow boards, where blocked squares may be): the frontier
//!   method, exact ([`crate::frontier`]).
//! - Otherwise (both sides at least 5, no blocked squares within the bounds): a tour
//!   alternates colours, so with an odd number of squares it must start on the colour of
//!   the corners ((r + c) even, one square more); from any other start there is none. From
//!   every start the colours allow, there is one (Conrad, Hindrichs, Morsy, Wegener 1994:
//!   on a board with both sides at least 5 a knight's path joins any two squares the
//!   colours allow). To find it: the board is turned (transposed, mirrored) so that n ≤ m
//!   and the start is in the top-left quarter, Warnsdorff's rule runs from the start, and
//!   when it gets stuck, rotations of a tour found from a nearby square
//!   ([`crate::warnsdorff`]). That these always succeed within the bounds is not a theorem
//!   but a fact checked on every case: the sweep test (tests/sweep.rs) runs every
//!   n ≤ m ≤ 64 (both at least 5) and every start of the top-left quarter the colours allow
//!   (490 980 boards): Warnsdorff's rule covers 485 884 of them, rotations the other 5 096,
//!   with at most 16 Warnsdorff runs from other squares and 869 rotations.
//! - Beyond the bounds (blocked squares on a wide board, or a rotation budget exhausted),
//!   the complete search ([`crate::search`]) answers: exact, but without a time bound.

use crate::board::{Board, Square};
use crate::frontier;
use crate::graph::Graph;
use crate::search::search;
use crate::warnsdorff::{tour_by_rotations, warnsdorff, RotationStats};

/// The widest smaller side the frontier method is used for.
pub const FRONTIER_ROWS: usize = 4;
/// Rotations allowed before falling back to the complete search.
pub const ROTATION_BUDGET: u64 = 1_000_000;

/// How the answer was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// One free square.
    Single,
    /// The frontier method (exact).
    Frontier(frontier::Stats),
    /// The colours forbid a tour.
    Colours,
    /// Warnsdorff's rule from the start.
    Warnsdorff,
    /// Rotations of a tour from another square.
    Rotations(RotationStats),
    /// The complete search, with the squares it entered.
    Search(u64),
}

/// An answer and how it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The tour from the start, or `None` when there is none.
    pub tour: Option<Vec<Square>>,
    /// The method that answered.
    pub method: Method,
}

/// A board turned so that rows ≤ columns and the start lies in the top-left quarter, and
/// the way back.
struct Turned {
    board: Board,
    transposed: bool,
    flip_rows: bool,
    flip_cols: bool,
}

impl Turned {
    fn new(board: &Board) -> Turned {
        let transposed = board.rows > board.cols;
        let mut turned = if transposed {
            board.transposed()
        } else {
            board.clone()
        };
        let (rows, cols) = (turned.rows, turned.cols);
        let flip_rows = turned.start.0 > (rows - 1) / 2;
        let flip_cols = turned.start.1 > (cols - 1) / 2;
        let mut free = vec![false; rows * cols];
        for row in 0..rows {
            for col in 0..cols {
                let r = if flip_rows { rows - 1 - row } else { row };
                let c = if flip_cols { cols - 1 - col } else { col };
                free[r * cols + c] = turned.is_free((row, col));
            }
        }
        turned.free = free;
        let (row, col) = turned.start;
        turned.start = (
            if flip_rows { rows - 1 - row } else { row },
            if flip_cols { cols - 1 - col } else { col },
        );
        Turned {
            board: turned,
            transposed,
            flip_rows,
            flip_cols,
        }
    }

    /// A square of the turned board on the original board.
    fn back(&self, (row, col): Square) -> Square {
        let row = if self.flip_rows {
            self.board.rows - 1 - row
        } else {
            row
        };
        let col = if self.flip_cols {
            self.board.cols - 1 - col
        } else {
            col
        };
        if self.transposed {
            (col, row)
        } else {
            (row, col)
        }
    }
}

/// The answer for any board (exact; fast within the problem's bounds).
pub fn solve(board: &Board) -> Solution {
    if board.free_count() == 1 {
        return Solution {
            tour: Some(vec![board.start]),
            method: Method::Single,
        };
    }
    if board.rows.min(board.cols) <= FRONTIER_ROWS {
        let (tour, stats) = frontier::solve(board);
        return Solution {
            tour,
            method: Method::Frontier(stats),
        };
    }
    if !board.colours_allow_tour() {
        return Solution {
            tour: None,
            method: Method::Colours,
        };
    }
    let turned = Turned::new(board);
    let (tour, method) = solve_wide(&turned.board);
    Solution {
        tour: tour.map(|tour| tour.into_iter().map(|square| turned.back(square)).collect()),
        method,
    }
}

/// A board with both sides at least 5 whose colours allow a tour.
fn solve_wide(board: &Board) -> (Option<Vec<Square>>, Method) {
    let graph = Graph::new(board);
    let (tour, method) = solve_open(&graph, graph.index(board.start));
    let tour = tour.map(|tour| tour.into_iter().map(|index| graph.square(index)).collect());
    (tour, method)
}

/// The tour from `start` of the graph of a board with both sides at least 5 whose colours
/// allow one (as square indices), and how it was found: Warnsdorff's rule, rotations
/// (boards without blocked squares), or the complete search.
pub fn solve_open(graph: &Graph, start: usize) -> (Option<Vec<usize>>, Method) {
    if let Some(tour) = warnsdorff(graph, start) {
        return (Some(tour), Method::Warnsdorff);
    }
    if graph.free_count == graph.free.len() {
        if let (Some(tour), stats) = tour_by_rotations(graph, start, ROTATION_BUDGET) {
            return (Some(tour), Method::Rotations(stats));
        }
    }
    let (outcome, nodes) = search(graph, start, u64::MAX);
    // Without a node limit the search always ends with an answer.
    (outcome.unwrap_or(None), Method::Search(nodes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_tour(board: &Board, tour: &[Square]) {
        let walk: Vec<(i64, i64)> = tour.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
        board
            .check_tour(&walk)
            .unwrap_or_else(|e| panic!("{e}\n{}", board.to_input()));
    }

    #[test]
    fn turning_maps_the_tour_back() {
        for (rows, cols) in [(5, 5), (6, 9), (9, 6), (7, 7)] {
            for row in 0..rows {
                for col in 0..cols {
                    let board = Board::open(rows, cols, (row, col));
                    let solution = solve(&board);
                    match solution.tour {
                        Some(tour) => assert_tour(&board, &tour),
                        None => assert_eq!(solution.method, Method::Colours),
                    }
                }
            }
        }
    }

    #[test]
    fn odd_boards_start_on_the_corner_colour() {
        assert_eq!(solve(&Board::open(5, 5, (0, 1))).tour, None);
        assert!(solve(&Board::open(5, 5, (0, 0))).tour.is_some());
        assert_eq!(solve(&Board::open(7, 9, (3, 4))).tour, None);
    }

    #[test]
    fn blocked_wide_boards_fall_back_to_the_complete_search() {
        // Outside the bounds, still exact: a 5 x 5 with its centre blocked.
        let board = Board::parse("5 5\nS....\n.....\n..#..\n.....\n.....\n").unwrap();
        let solution = solve(&board);
        if let Some(tour) = &solution.tour {
            assert_tour(&board, tour);
        }
        assert_eq!(
            solution.tour.is_some(),
            crate::brute::solve(&board, u64::MAX).unwrap().is_some()
        );
    }
}
