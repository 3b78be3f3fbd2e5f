//! knights-tour (骑士游历): the methods behind the reference solution, and a plain search to
//! test them with.
//!
//! [`solve::solve`] answers every board of the problem (see
//! `problems/knights-tour/statement.md`): the frontier method for narrow boards
//! ([`frontier`]), the colour rule, Warnsdorff's rule and rotations for open boards
//! ([`warnsdorff`]), and the complete search ([`search`]) beyond the bounds. [`brute::solve`]
//! is the search without any pruning: exponential, but simple enough to trust, and the
//! tests compare it with the reference on many small boards.

pub mod board;
pub mod brute;
pub mod frontier;
pub mod graph;
pub mod output;
pub mod search;
pub mod solve;
pub mod warnsdorff;

pub use board::{answer_text, Board, Square, TourError};
pub use solve::{solve, Method, Solution};
