//! Checker for knights-tour (testlib protocol: `knights-tour-check INPUT OUTPUT ANSWER`).
//!
//! The output is read as whitespace-separated tokens. When the answer is `-1` the output
//! must be exactly the token `-1`; a valid tour there is the reference's failure, not the
//! contestant's (exit 3). Otherwise the output must be pairs of integers `r c`, one square
//! after another, that start on S, stay on free squares of the board, move like a knight,
//! never return to a square, and visit every free square; nothing may follow. Every
//! rejection names the square, its place in the walk and the rule.

use checker_kit::checker::{self, fail, wrong_answer, CheckFiles, CheckResult};
use checker_kit::Tokens;
use knights_tour::output::read_walk;
use knights_tour::Board;

/// Judges one output against the answer.
fn check(mut files: CheckFiles) -> CheckResult {
    let board = match Board::parse(files.input.text()) {
        Ok(board) => board,
        Err(message) => return fail(format!("the input is not a board: {message}")),
    };
    // The answer first: a broken answer file is the checker's failure, never the output's.
    let Some(first) = files.answer.next_token().map(|t| t.text.to_string()) else {
        return fail("the answer file is empty");
    };
    let tour_exists = first != "-1";
    if tour_exists {
        let mut answer = Tokens::new(files.answer.text().as_bytes());
        match read_walk(&mut answer) {
            Ok(walk) => {
                if let Err(error) = board.check_tour(&walk) {
                    return fail(format!("the answer is not a tour: {error}"));
                }
            }
            Err(message) => return fail(format!("the answer is not a tour: {message}")),
        }
    }
    let first_output = files
        .output
        .clone()
        .next_token()
        .map(|t| t.text.to_string());
    if first_output.as_deref() == Some("-1") {
        files.output.next_token();
        if let Some(extra) = files.output.next_token() {
            let shown: String = extra.text.chars().take(20).collect();
            return wrong_answer(format!(
                "extra token after -1: {shown:?} at {}",
                extra.position
            ));
        }
        if tour_exists {
            return wrong_answer(format!(
                "printed -1, but a tour from S ({}, {}) exists",
                board.start.0, board.start.1
            ));
        }
        return Ok("no tour: -1".to_string());
    }
    let walk = match read_walk(&mut files.output) {
        Ok(walk) => walk,
        Err(message) => return wrong_answer(message),
    };
    if walk.is_empty() {
        return wrong_answer(if tour_exists {
            "the output is empty: expected a tour"
        } else {
            "the output is empty: expected -1"
        });
    }
    if let Err(error) = board.check_tour(&walk) {
        return wrong_answer(error.to_string());
    }
    if !tour_exists {
        return fail(format!(
            "the output is a valid tour of {} squares, but the answer says there is none: the reference is wrong",
            walk.len()
        ));
    }
    Ok(format!("a tour of all {} free squares", walk.len()))
}

fn main() -> std::process::ExitCode {
    checker::run(check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::CheckError;

    /// 3 x 4 from the corner, and a tour of it.
    const BOARD: &str = "3 4\nS...\n....\n....\n";
    const TOUR: &str = "0 0\n1 2\n2 0\n0 1\n1 3\n2 1\n0 2\n2 3\n1 1\n0 3\n2 2\n";

    fn judge(input: &str, output: &str, answer: &str) -> CheckResult {
        check(CheckFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(answer.as_bytes()),
        })
    }

    fn assert_wrong(output: &str, expected: &str) {
        assert_wrong_on(BOARD, output, &format!("{TOUR}1 0\n"), expected);
    }

    fn assert_wrong_on(input: &str, output: &str, answer: &str, expected: &str) {
        match judge(input, output, answer) {
            Err(CheckError::WrongAnswer(message)) => assert_eq!(message, expected),
            other => panic!("expected a wrong answer for {output:?}, got {other:?}"),
        }
    }

    #[test]
    fn the_tour_in_the_test_is_one() {
        let full = format!("{TOUR}1 0\n");
        let walk = read_walk(&mut Tokens::new(full.as_bytes())).unwrap();
        Board::parse(BOARD).unwrap().check_tour(&walk).unwrap();
    }

    #[test]
    fn accepts_any_tour() {
        let answer = format!("{TOUR}1 0\n");
        assert!(judge(BOARD, &answer, &answer).is_ok());
        // Whitespace between the numbers does not matter.
        let spaced = answer.replace('\n', "  ");
        assert!(judge(BOARD, &spaced, &answer).is_ok());
        // The other tour from (0, 0) on 3 x 4.
        let other = "0 0\n1 2\n2 0\n0 1\n1 3\n2 1\n0 2\n1 0\n2 2\n0 3\n1 1\n2 3\n";
        assert!(judge(BOARD, other, &answer).is_ok());
    }

    #[test]
    fn rejects_broken_walks() {
        assert_wrong("", "the output is empty: expected a tour");
        assert_wrong("-1\n", "printed -1, but a tour from S (0, 0) exists");
        assert_wrong("0 1\n", "the walk starts at (0, 1), not at S (0, 0)");
        assert_wrong(
            "0 0\n1 1\n",
            "square 2 of the walk, (1, 1), is not a knight's move from (0, 0)",
        );
        assert_wrong(
            "0 0\n1 2\n0 0\n",
            "square 3 of the walk, (0, 0), was already visited as square 1",
        );
        assert_wrong(
            "0 0\n-2 1\n",
            "square 2 of the walk, (-2, 1), is outside the board",
        );
        assert_wrong(
            TOUR,
            "the walk visits 11 squares, but the board has 12 free squares",
        );
        assert_wrong(
            "0 0\n2 x\n",
            "expected the column of square 2 at line 2, column 3, found \"x\"",
        );
        assert_wrong(
            "0 0\n2\n",
            "square 2 has a row (2) but no column: the output ends",
        );
        assert_wrong(
            "0 0 1 2 2 0 99999999999999999999999",
            "expected the row of square 4 at line 1, column 13, found \"99999999999999999999\"",
        );
        assert_wrong(
            &format!("{TOUR}1 0\n1 2\n"),
            "square 13 of the walk, (1, 2), is not a knight's move from (1, 0)",
        );
        let blocked = "1 3\nS#.\n";
        assert_wrong_on(
            blocked,
            "0 0\n0 1\n",
            "-1\n",
            "square 2 of the walk, (0, 1), is blocked",
        );
    }

    #[test]
    fn no_tour_wants_exactly_minus_one() {
        let board = "2 2\nS.\n..\n";
        assert!(judge(board, "-1\n", "-1\n").is_ok());
        assert!(judge(board, "  -1  \n\n", "-1\n").is_ok());
        assert_wrong_on(board, "", "-1\n", "the output is empty: expected -1");
        assert_wrong_on(
            board,
            "-1\n0\n",
            "-1\n",
            "extra token after -1: \"0\" at line 2, column 1",
        );
        assert_wrong_on(
            board,
            "0 0\n",
            "-1\n",
            "the walk visits 1 squares, but the board has 4 free squares",
        );
    }

    #[test]
    fn a_tour_where_the_answer_has_none_is_the_references_fault() {
        let answer_says_none = judge(BOARD, &format!("{TOUR}1 0\n"), "-1\n");
        assert!(matches!(answer_says_none, Err(CheckError::Fail(_))));
    }

    #[test]
    fn a_broken_answer_is_a_checker_failure() {
        for answer in ["", "0 0\n", "x\n", "0 0\n1 1\n"] {
            assert!(
                matches!(judge(BOARD, "-1\n", answer), Err(CheckError::Fail(_))),
                "{answer:?}"
            );
        }
        assert!(matches!(
            judge("2 2\n..\n..\n", "-1\n", "-1\n"),
            Err(CheckError::Fail(_))
        ));
    }
}
