//! Checker for maze (testlib protocol: `maze-check INPUT OUTPUT ANSWER`).
//!
//! The output is read as whitespace-separated tokens. When the answer is `-1` the output
//! must be exactly the token `-1`. Otherwise the first two tokens must equal the answer's
//! first two (the length L and the count, compared as text, so `04` is not `4`), and the
//! third must be a walk of exactly L steps from S over open cells that ends on E; nothing
//! may follow it. Every rejection names what was wrong and where.

use checker_kit::checker::{self, fail, wrong_answer, CheckFiles, CheckResult};
use checker_kit::Tokens;

/// The maze of the test input.
struct Maze {
    rows: Vec<Vec<u8>>,
    start: (usize, usize),
    exit: (usize, usize),
}

impl Maze {
    /// Reads the (already validated) input; a broken input is the checker's failure.
    fn read(input: &mut Tokens) -> Result<Maze, checker::CheckError> {
        let mut number = |what: &str| -> Result<usize, checker::CheckError> {
            match input.next_token().map(|token| token.text.parse::<usize>()) {
                Some(Ok(value)) => Ok(value),
                _ => fail(format!("the input has no valid {what}")),
            }
        };
        let (row_count, column_count) = (number("n")?, number("m")?);
        let mut rows = Vec::with_capacity(row_count);
        let (mut start, mut exit) = (None, None);
        for r in 0..row_count {
            let Some(token) = input.next_token() else {
                return fail(format!("the input has no row {}", r + 1));
            };
            let row = token.text.as_bytes().to_vec();
            if row.len() != column_count {
                return fail(format!("row {} of the input has the wrong length", r + 1));
            }
            for (c, &byte) in row.iter().enumerate() {
                match byte {
                    b'S' => start = Some((r, c)),
                    b'E' => exit = Some((r, c)),
                    _ => {}
                }
            }
            rows.push(row);
        }
        match (start, exit) {
            (Some(start), Some(exit)) => Ok(Maze { rows, start, exit }),
            _ => fail("the input maze lacks S or E"),
        }
    }

    fn is_wall(&self, (r, c): (usize, usize)) -> bool {
        self.rows[r][c] == b'#'
    }
}

/// Follows `route` from S; describes the first illegal step, or returns the end cell.
fn walk(maze: &Maze, route: &str) -> Result<(usize, usize), String> {
    let (row_count, column_count) = (maze.rows.len(), maze.rows[0].len());
    let (mut r, mut c) = maze.start;
    for (index, letter) in route.chars().enumerate() {
        let step = index + 1;
        let target = match letter {
            'U' => r.checked_sub(1).map(|nr| (nr, c)),
            'D' => Some((r + 1, c)).filter(|&(nr, _)| nr < row_count),
            'L' => c.checked_sub(1).map(|nc| (r, nc)),
            'R' => Some((r, c + 1)).filter(|&(_, nc)| nc < column_count),
            other => {
                return Err(format!(
                    "bad letter {other:?} at step {step} of the route (expected U, D, L or R)"
                ))
            }
        };
        let Some(next) = target else {
            return Err(format!(
                "the route leaves the maze at step {step} ({letter} from ({r}, {c}))"
            ));
        };
        if maze.is_wall(next) {
            return Err(format!(
                "the route hits a wall at ({}, {}) at step {step}",
                next.0, next.1
            ));
        }
        (r, c) = next;
    }
    Ok((r, c))
}

/// Judges one output against the answer.
fn check(mut files: CheckFiles) -> CheckResult {
    let maze = Maze::read(&mut files.input)?;
    // The answer first: a broken answer file is the checker's failure, never the output's.
    let Some(expected_length) = files.answer.next_token().map(|t| t.text.to_string()) else {
        return fail("the answer file is empty");
    };
    let expected = if expected_length == "-1" {
        None
    } else {
        let Ok(steps) = expected_length.parse::<usize>() else {
            return fail(format!(
                "the answer's length {expected_length:?} is not a number"
            ));
        };
        let Some(expected_count) = files.answer.next_token().map(|t| t.text.to_string()) else {
            return fail("the answer file has no count");
        };
        Some((steps, expected_count))
    };

    let Some(length) = files.output.next_token().map(|t| t.text.to_string()) else {
        return wrong_answer(format!(
            "missing token: expected the length {expected_length}, found the end of the output"
        ));
    };
    if length != expected_length {
        return wrong_answer(format!(
            "length differs: expected {expected_length}, got {length}"
        ));
    }
    let Some((steps, expected_count)) = expected else {
        if let Some(extra) = files.output.next_token() {
            return wrong_answer(format!(
                "extra token after -1: {:?} at {}",
                extra.text, extra.position
            ));
        }
        return Ok("E cannot be reached: -1".to_string());
    };
    let Some(count) = files.output.next_token().map(|t| t.text.to_string()) else {
        return wrong_answer(format!(
            "missing token: expected the count {expected_count}, found the end of the output"
        ));
    };
    if count != expected_count {
        return wrong_answer(format!(
            "count differs: expected {expected_count}, got {count}"
        ));
    }
    let Some(route) = files.output.next_token().map(|t| t.text.to_string()) else {
        return wrong_answer(format!(
            "missing token: expected a route of {steps} letters, found the end of the output"
        ));
    };
    let end = match walk(&maze, &route) {
        Ok(end) => end,
        Err(message) => return wrong_answer(message),
    };
    let taken = route.chars().count();
    if taken != steps {
        return wrong_answer(format!(
            "the route has a different length: {taken} steps, expected {steps}"
        ));
    }
    if end != maze.exit {
        return wrong_answer(format!(
            "the route ends at ({}, {}), not at E ({}, {})",
            end.0, end.1, maze.exit.0, maze.exit.1
        ));
    }
    if let Some(extra) = files.output.next_token() {
        let shown: String = extra.text.chars().take(20).collect();
        return wrong_answer(format!(
            "extra token after the route: {shown:?} at {}",
            extra.position
        ));
    }
    Ok(format!("{steps} steps, {count} routes, the route is valid"))
}

fn main() -> std::process::ExitCode {
    checker::run(check)
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::CheckError;

    const SAMPLE: &str = "3 3\nS-#\n---\n#-E\n";

    fn judge(input: &str, output: &str, answer: &str) -> CheckResult {
        check(CheckFiles {
            input: Tokens::new(input.as_bytes()),
            output: Tokens::new(output.as_bytes()),
            answer: Tokens::new(answer.as_bytes()),
        })
    }

    fn assert_wrong(output: &str, expected: &str) {
        assert_wrong_on(SAMPLE, output, "4\n4\nDRRD\n", expected);
    }

    fn assert_wrong_on(input: &str, output: &str, answer: &str, expected: &str) {
        match judge(input, output, answer) {
            Err(CheckError::WrongAnswer(message)) => assert_eq!(message, expected),
            other => panic!("expected a wrong answer for {output:?}, got {other:?}"),
        }
    }

    #[test]
    fn accepts_every_shortest_route_of_the_sample() {
        for route in ["RDDR", "DRRD", "DRDR", "RDRD"] {
            let output = format!("4\n4\n{route}\n");
            assert!(judge(SAMPLE, &output, "4\n4\nDRRD\n").is_ok(), "{route}");
        }
        // Whitespace between tokens does not matter.
        assert!(judge(SAMPLE, "4 4 RDRD", "4\n4\nDRRD\n").is_ok());
    }

    #[test]
    fn rejects_missing_tokens() {
        assert_wrong(
            "",
            "missing token: expected the length 4, found the end of the output",
        );
        assert_wrong(
            "4\n",
            "missing token: expected the count 4, found the end of the output",
        );
        assert_wrong(
            "4\n4\n",
            "missing token: expected a route of 4 letters, found the end of the output",
        );
    }

    #[test]
    fn compares_length_and_count_as_text() {
        assert_wrong("04\n4\nRDDR\n", "length differs: expected 4, got 04");
        assert_wrong("5\n4\nRDDR\n", "length differs: expected 4, got 5");
        assert_wrong("-1\n", "length differs: expected 4, got -1");
        assert_wrong("4\n3\nRDDR\n", "count differs: expected 4, got 3");
        assert_wrong("4\n+4\nRDDR\n", "count differs: expected 4, got +4");
    }

    #[test]
    fn rejects_bad_routes_with_the_step() {
        assert_wrong(
            "4\n4\nRDdR\n",
            "bad letter 'd' at step 3 of the route (expected U, D, L or R)",
        );
        assert_wrong(
            "4\n4\nURDR\n",
            "the route leaves the maze at step 1 (U from (0, 0))",
        );
        assert_wrong(
            "4\n4\nLRDR\n",
            "the route leaves the maze at step 1 (L from (0, 0))",
        );
        assert_wrong("4\n4\nDDRR\n", "the route hits a wall at (2, 0) at step 2");
        assert_wrong("4\n4\nRRDD\n", "the route hits a wall at (0, 2) at step 2");
        assert_wrong(
            "4\n4\nDRRDD\n",
            "the route leaves the maze at step 5 (D from (2, 2))",
        );
        assert_wrong(
            "4\n4\nDRRDU\n",
            "the route has a different length: 5 steps, expected 4",
        );
        assert_wrong(
            "4\n4\nDRR\n",
            "the route has a different length: 3 steps, expected 4",
        );
        assert_wrong("4\n4\nDRRL\n", "the route ends at (1, 1), not at E (2, 2)");
        assert_wrong(
            "4\n4\nRDDR\nRDDR\n",
            "extra token after the route: \"RDDR\" at line 4, column 1",
        );
        assert_wrong(
            "4 4 RDD R",
            "the route has a different length: 3 steps, expected 4",
        );
    }

    #[test]
    fn unreachable_exit_wants_exactly_minus_one() {
        let input = "1 3\nS#E\n";
        assert!(judge(input, "-1\n", "-1\n").is_ok());
        assert!(judge(input, "  -1  \n\n", "-1\n").is_ok());
        assert_wrong_on(
            input,
            "",
            "-1\n",
            "missing token: expected the length -1, found the end of the output",
        );
        assert_wrong_on(
            input,
            "0\n0\n",
            "-1\n",
            "length differs: expected -1, got 0",
        );
        assert_wrong_on(
            input,
            "-1\n0\n",
            "-1\n",
            "extra token after -1: \"0\" at line 2, column 1",
        );
    }

    #[test]
    fn a_broken_answer_is_a_checker_failure() {
        assert!(matches!(
            judge(SAMPLE, "4\n4\nRDDR\n", ""),
            Err(CheckError::Fail(_))
        ));
        assert!(matches!(
            judge(SAMPLE, "4\n4\nRDDR\n", "x\n"),
            Err(CheckError::Fail(_))
        ));
        assert!(matches!(
            judge(SAMPLE, "4\n4\nRDDR\n", "4\n"),
            Err(CheckError::Fail(_))
        ));
        assert!(matches!(
            judge("2 2\nS-\n--\n", "1\n", "1\n1\nR\n"),
            Err(CheckError::Fail(_))
        ));
    }
}
