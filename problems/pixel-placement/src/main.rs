//! pixel-placement reference solution: reads the board on stdin, prints one colouring.
//! The reasoning is at the top of src/solver.rs. With `--stats` it also writes the number
//! of search nodes to stderr (how the generator's hard boards are measured).

use pixel_placement::{solve, Board};
use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut input = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    let board = match Board::parse(&input) {
        Ok(board) => board,
        Err(message) => {
            eprintln!("bad input: {message}");
            return ExitCode::FAILURE;
        }
    };
    let outcome = solve(&board);
    if std::env::args().any(|arg| arg == "--stats") {
        eprintln!("nodes {}", outcome.nodes);
    }
    match outcome.colouring {
        Some(colouring) => {
            print!("{}", board.colouring_text(&colouring));
            ExitCode::SUCCESS
        }
        None => {
            // The problem promises a colouring; an input without one is a test error.
            eprintln!("no colouring meets every clue");
            ExitCode::FAILURE
        }
    }
}
