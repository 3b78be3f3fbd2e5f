//! Reference solution of knights-tour (骑士游历): a knight's walk from S over every free
//! square, or -1.
//!
//! Narrow boards (smaller side at most 4, where blocked squares may be) are decided exactly
//! by a dynamic programme over the squares in column-major order that keeps only the last
//! 2h+1 squares (the frontier): it proves "no tour" as fast as it finds one, in time linear
//! in the length, with at most 14 515 states a step on 3 rows whatever the blocked squares
//! (the union over all of them), 57 390 on the full 4-row boards (src/frontier.rs).
//!
//! Open boards (both sides at least 5, no blocked squares): a walk alternates colours, so
//! on an odd board it starts on the corners' colour; from every start the colours allow
//! there is one (Conrad et al. 1994). Warnsdorff's rule from the start finds it on 99 % of
//! the starts; where it gets stuck, Pósa's rotations turn a Warnsdorff tour from a nearby
//! square into one that ends on the start (src/warnsdorff.rs). The sweep test checks this
//! on every open board within the bounds and every start (up to the board's symmetries),
//! so no valid input reaches the exponential fallback (src/solve.rs, src/search.rs).
//!
//! Measured (`judge verify knights-tour`): the slowest stored test is the 4 × 8 board from
//! an outer square (532 546 frontier states) at 0.04 s, 4 % of the 1 s limit; the open
//! boards take milliseconds. With `--stats` it writes the method and its counts to stderr.

use knights_tour::{answer_text, solve, Board};
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
    let solution = solve(&board);
    if std::env::args().any(|arg| arg == "--stats") {
        eprintln!("{:?}", solution.method);
    }
    print!("{}", answer_text(solution.tour.as_deref()));
    ExitCode::SUCCESS
}
