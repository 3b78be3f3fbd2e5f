//! pixel-placement (像素放置): the pieces the reference solution, the generator, the
//! validator and the checker share.
//!
//! - [`board`]: the board (clues), its text form, the 3 × 3 blocks, the symmetries of the
//!   grid, and the check of a colouring against the clues;
//! - [`solver`]: the reference search, which finds one colouring meeting every clue.
//!
//! It knows nothing of the judge; the binaries add the protocols (checker-kit).

pub mod board;
pub mod solver;

pub use board::{Board, Symmetry, Violation, MAX_SIDE};
pub use solver::{solve, solve_one_direction, Outcome};
