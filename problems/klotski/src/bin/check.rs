//! Checker for klotski (testlib protocol: `klotski-check INPUT OUTPUT ANSWER`).
//!
//! The output is read as whitespace-separated tokens. When the answer is `-1` the output
//! must be exactly the token `-1`. Otherwise its first token must be the answer's number of
//! moves d (as text, so `07` is not `7`), followed by exactly d moves, each a piece letter
//! and a direction (`U`, `D`, `L`, `R`); replayed one by one from the input board, every
//! move must be legal (the piece exists, stays on the board and steps only onto empty
//! cells or its own), and after the last one the 2 x 2 block must cover rows 3-4, columns
//! 1-2. Nothing may follow. Every rejection names the move and what is wrong with it.
//!
//! The replay is written here on its own (cells and letters only), apart from the
//! reference's search, so that a fault in one is not hidden by the same fault in the other.
//! An output that replays to the exit in fewer moves than the answer is the checker's
//! failure: the reference would not be optimal.

use checker_kit::checker::{self, fail, wrong_answer, CheckFiles, CheckResult};
use checker_kit::{CheckError, Tokens};

/// Rows and columns of the board.
const ROWS: i32 = 5;
const COLUMNS: i32 = 4;

/// The board being replayed: a letter or `.` per cell, row by row.
#[derive(Clone)]
struct Grid {
    cells: Vec<u8>,
}

impl Grid {
    /// Reads the (already validated) input; a broken input is the checker's failure.
    fn read(input: &mut Tokens) -> Result<Grid, CheckError> {
        let mut cells = Vec::new();
        for row in 1..=ROWS {
            let Some(token) = input.next_token() else {
                return fail(format!("the input has no row {row}"));
            };
            if token.text.len() != COLUMNS as usize {
                return fail(format!("row {row} of the input has the wrong length"));
            }
            cells.extend_from_slice(token.text.as_bytes());
        }
        let grid = Grid { cells };
        if grid.big_block().is_none() {
            return fail("the input has no 2 x 2 block");
        }
        Ok(grid)
    }

    /// The (row, column) of every cell holding `letter`.
    fn cells_of(&self, letter: u8) -> Vec<(i32, i32)> {
        (0..ROWS * COLUMNS)
            .filter(|&i| self.cells[i as usize] == letter)
            .map(|i| (i / COLUMNS, i % COLUMNS))
            .collect()
    }

    /// The letter of the piece with four cells, and its top-left cell.
    fn big_block(&self) -> Option<(u8, (i32, i32))> {
        self.cells
            .iter()
            .copied()
            .filter(|&b| b != b'.')
            .find(|&b| self.cells_of(b).len() == 4)
            .map(|b| (b, self.cells_of(b)[0]))
    }

    /// Plays one move token; describes why it is not legal.
    fn play(&mut self, token: &str) -> Result<(), String> {
        let bytes = token.as_bytes();
        let (letter, delta) = match bytes {
            [letter, direction] if letter.is_ascii_uppercase() => {
                let delta = match direction {
                    b'U' => (-1, 0),
                    b'D' => (1, 0),
                    b'L' => (0, -1),
                    b'R' => (0, 1),
                    _ => {
                        return Err(format!(
                            "{token:?} is not a piece letter and one of U, D, L, R"
                        ))
                    }
                };
                (*letter, delta)
            }
            _ => {
                return Err(format!(
                    "{token:?} is not a piece letter and one of U, D, L, R"
                ))
            }
        };
        let own = self.cells_of(letter);
        if own.is_empty() {
            return Err(format!("there is no piece {}", letter as char));
        }
        for &(r, c) in &own {
            let (nr, nc) = (r + delta.0, c + delta.1);
            if !(0..ROWS).contains(&nr) || !(0..COLUMNS).contains(&nc) {
                return Err(format!("{token}: {} would leave the board", letter as char));
            }
            let there = self.cells[(nr * COLUMNS + nc) as usize];
            if there != b'.' && there != letter {
                return Err(format!(
                    "{token}: {} cannot move there, ({nr}, {nc}) holds {}",
                    letter as char, there as char
                ));
            }
        }
        for &(r, c) in &own {
            self.cells[(r * COLUMNS + c) as usize] = b'.';
        }
        for &(r, c) in &own {
            self.cells[((r + delta.0) * COLUMNS + c + delta.1) as usize] = letter;
        }
        Ok(())
    }
}

/// The exit: the block's top-left cell at row 3, column 1.
const EXIT: (i32, i32) = (3, 1);

/// Replays up to `count` move tokens; the grid after them, or the first illegal move.
fn replay(grid: &Grid, output: &mut Tokens, count: usize) -> Result<Grid, String> {
    let mut grid = grid.clone();
    for index in 1..=count {
        let Some(token) = output.next_token() else {
            return Err(format!(
                "missing move {index} of {count}: the output ends after {} moves",
                index - 1
            ));
        };
        let text = token.text.to_string();
        grid.play(&text)
            .map_err(|why| format!("move {index} of {count}: {why}"))?;
    }
    Ok(grid)
}

/// Judges one output against the answer.
fn check(mut files: CheckFiles) -> CheckResult {
    let start = Grid::read(&mut files.input)?;
    // The answer first: a broken answer file is the checker's failure, never the output's.
    let Some(expected) = files.answer.next_token().map(|t| t.text.to_string()) else {
        return fail("the answer file is empty");
    };
    let least: Option<usize> = if expected == "-1" {
        None
    } else {
        match expected.parse() {
            Ok(count) => Some(count),
            Err(_) => return fail(format!("the answer's count {expected:?} is not a number")),
        }
    };
    let Some(first) = files.output.next_token().map(|t| t.text.to_string()) else {
        return wrong_answer(format!(
            "missing token: expected the number of moves {expected}, found the end of the output"
        ));
    };
    if first != expected {
        // A count that is a number may come with moves that beat the answer: that would
        // make the reference wrong, which is not the contestant's fault.
        if let (Some(least), Ok(claimed)) = (least, first.parse::<usize>()) {
            if claimed < least && first == claimed.to_string() {
                if let Ok(end) = replay(&start, &mut files.output, claimed) {
                    if end.big_block().map(|(_, at)| at) == Some(EXIT) {
                        return fail(format!(
                            "the output reaches the exit in {claimed} moves, fewer than the answer's {least}"
                        ));
                    }
                }
            }
        }
        return wrong_answer(match least {
            None => format!("expected -1 (the block cannot reach the exit), got {first}"),
            Some(_) => format!("the number of moves differs: expected {expected}, got {first}"),
        });
    }
    let Some(count) = least else {
        if let Some(extra) = files.output.next_token() {
            return wrong_answer(format!(
                "extra token after -1: {:?} at {}",
                extra.text, extra.position
            ));
        }
        return Ok("the block cannot reach the exit: -1".to_string());
    };
    let end = replay(&start, &mut files.output, count).or_else(wrong_answer)?;
    if let Some(extra) = files.output.next_token() {
        let shown: String = extra.text.chars().take(20).collect();
        return wrong_answer(format!(
            "extra token after the {count} moves: {shown:?} at {}",
            extra.position
        ));
    }
    match end.big_block() {
        Some((_, at)) if at == EXIT => Ok(format!("{count} moves, the sequence is legal")),
        Some((letter, (r, c))) => wrong_answer(format!(
            "after the {count} moves the 2 x 2 block {} covers rows {r}-{}, columns {c}-{}, not the exit (rows 3-4, columns 1-2)",
            letter as char,
            r + 1,
            c + 1
        )),
        None => fail("the 2 x 2 block was lost in the replay"),
    }
}

fn main() -> std::process::ExitCode {
    checker::run(check)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sample 1 and its answer.
    const SAMPLE: &str = "ABCC\nDEEF\nGEEF\nHIJK\nH..L\n";
    const ANSWER: &str = "14\nID JD ED DR DR GU GR HU HU IL IU JL JL ED\n";

    fn judge(input: &str, output: &str, answer: &str) -> CheckResult {
        check(CheckFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(answer.as_bytes()),
        })
    }

    fn assert_wrong(output: &str, expected: &str) {
        assert_wrong_on(SAMPLE, output, ANSWER, expected);
    }

    fn assert_wrong_on(input: &str, output: &str, answer: &str, expected: &str) {
        match judge(input, output, answer) {
            Err(CheckError::WrongAnswer(message)) => assert_eq!(message, expected),
            other => panic!("expected a wrong answer for {output:?}, got {other:?}"),
        }
    }

    #[test]
    fn accepts_shortest_sequences() {
        assert!(judge(SAMPLE, ANSWER, ANSWER).is_ok());
        // The two soldiers beside the gap may go first in the other order, and so on.
        let other = "14 JD ID ED DR DR GU GR HU HU IL IU JL JL ED";
        assert_eq!(
            judge(SAMPLE, other, ANSWER),
            Ok("14 moves, the sequence is legal".to_string())
        );
    }

    #[test]
    fn compares_the_count_as_text() {
        assert_wrong(
            "",
            "missing token: expected the number of moves 14, found the end of the output",
        );
        assert_wrong(
            "014 ID JD ED DR DR GU GR HU HU IL IU JL JL ED",
            "the number of moves differs: expected 14, got 014",
        );
        assert_wrong("15", "the number of moves differs: expected 14, got 15");
        assert_wrong("-1", "the number of moves differs: expected 14, got -1");
    }

    #[test]
    fn names_the_illegal_move() {
        assert_wrong("14 ID AU", "move 2 of 14: AU: A would leave the board");
        assert_wrong(
            "14 ID JD EU",
            "move 3 of 14: EU: E cannot move there, (0, 1) holds B",
        );
        assert_wrong(
            "14 ID JD EL",
            "move 3 of 14: EL: E cannot move there, (1, 0) holds D",
        );
        assert_wrong("14 ID ZD", "move 2 of 14: there is no piece Z");
        assert_wrong(
            "14 ID JX",
            "move 2 of 14: \"JX\" is not a piece letter and one of U, D, L, R",
        );
        assert_wrong(
            "14 ID jD",
            "move 2 of 14: \"jD\" is not a piece letter and one of U, D, L, R",
        );
        assert_wrong(
            "14 IDJD",
            "move 1 of 14: \"IDJD\" is not a piece letter and one of U, D, L, R",
        );
        assert_wrong(
            "14 ID JD ED",
            "missing move 4 of 14: the output ends after 3 moves",
        );
        // The blank's direction instead of the piece's (the eight puzzle's convention).
        assert_wrong(
            "14 IU",
            "move 1 of 14: IU: I cannot move there, (2, 1) holds E",
        );
    }

    #[test]
    fn the_block_must_end_at_the_exit() {
        // Legal moves that leave the block where it was, then back and forth.
        assert_wrong(
            "14 ID IU ID IU ID IU ID IU ID IU ID IU ID IU",
            "after the 14 moves the 2 x 2 block E covers rows 1-2, columns 1-2, not the exit (rows 3-4, columns 1-2)",
        );
        assert_wrong(
            &format!("{ANSWER} EU"),
            "extra token after the 14 moves: \"EU\" at line 3, column 2",
        );
    }

    #[test]
    fn impossible_boards_want_exactly_minus_one() {
        let frozen = "ABCC\nDB.E\nFGGE\nF.HH\nIIHH\n";
        assert!(judge(frozen, "-1\n", "-1\n").is_ok());
        assert_wrong_on(
            frozen,
            "0\n",
            "-1\n",
            "expected -1 (the block cannot reach the exit), got 0",
        );
        assert_wrong_on(
            frozen,
            "-1 0",
            "-1\n",
            "extra token after -1: \"0\" at line 1, column 4",
        );
    }

    #[test]
    fn zero_moves_need_nothing_more() {
        let at_exit = "ABCD\nEFGH\nI..J\nKLLM\nNLLO\n";
        assert!(judge(at_exit, "0\n\n", "0\n\n").is_ok());
        assert!(judge(at_exit, "0", "0\n\n").is_ok());
        assert_wrong_on(
            at_exit,
            "0 AD",
            "0\n\n",
            "extra token after the 0 moves: \"AD\" at line 1, column 3",
        );
    }

    #[test]
    fn a_shorter_valid_sequence_or_a_broken_answer_is_a_checker_failure() {
        let one_step = "ABCD\nEFGH\nIJJK\nLJJM\nN..O\n";
        assert!(matches!(
            judge(one_step, "1 JD", "3\nJD JU JD\n"),
            Err(CheckError::Fail(_))
        ));
        // Shorter but illegal is the contestant's wrong answer.
        assert_wrong_on(
            one_step,
            "1 JU",
            "3\nJD JU JD\n",
            "the number of moves differs: expected 3, got 1",
        );
        assert!(matches!(
            judge(SAMPLE, ANSWER, ""),
            Err(CheckError::Fail(_))
        ));
        assert!(matches!(
            judge(SAMPLE, ANSWER, "x\n"),
            Err(CheckError::Fail(_))
        ));
    }
}
