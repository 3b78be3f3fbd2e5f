//! Reference solution of number-chain (数字接龙): the lexicographically smallest walk, or -1.
//!
//! A depth-first search over the walk, directions 0..7 in order, so the first walk found is
//! the smallest; pruned by checks that only reject states with no completion (a matching
//! of successors and predecessors with filtering and forced-edge propagation, reachability,
//! cut cells with value counts, probing of crossing diagonals, memory of failed states).
//! The reasoning for each check is in `search.rs`.

use number_chain::{solve, Board};
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read the input: {error}");
        return ExitCode::FAILURE;
    }
    let board = match Board::parse(&input) {
        Ok(board) => board,
        Err(message) => {
            eprintln!("bad input: {message}");
            return ExitCode::FAILURE;
        }
    };
    let (walk, stats) = solve(&board);
    if std::env::var_os("NUMBER_CHAIN_STATS").is_some() {
        eprintln!("{stats:?}");
    }
    print!("{}", Board::answer_text(&walk));
    ExitCode::SUCCESS
}
