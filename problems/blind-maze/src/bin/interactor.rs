//! Interactor for blind maze (盲走迷宫): `blind-maze-interactor INPUT TOUT [ANSWER]`,
//! testlib's protocol (checker-kit's `interactor`), the program's moves on stdin and the
//! replies on stdout.
//!
//! It sends `n m r c` and the start's neighbour mask, then answers each move: `#` for a
//! wall (the program stays), `E` when the program steps onto the exit (the session ends,
//! accepted), otherwise the new cell's mask: four characters `0`/`1` telling whether the
//! cells up, down, left and right are inside the maze and open. `-1` states that the exit
//! cannot be reached: accepted when that is true, wrong otherwise.
//!
//! Wrong answer: a move off the maze, more moves than the budget (3·n·m), `-1` when a
//! route exists, or the program's output ending (it ended, or closed its stdout) or the
//! program no longer reading before either end. Presentation error: a query other than `U D L R -1`. Failure (exit 3): an
//! input that is not a maze, or an answer file that disagrees with the maze about
//! whether the exit can be reached (a bad test, never the program's fault).
//!
//! It never waits on the program beyond what the program makes it: every query is a
//! bounded read, and the session ends at once on the verdict (extra output after the
//! exit is not read). The budget bounds the whole exchange.

use checker_kit::checker::CheckError;
use checker_kit::interactor::{self, InteractorFiles, Queries, Replies, ReplyError};
use checker_kit::CheckResult;
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// What an accepted session that reached the exit reports (the start of TOUT's line).
const REACHED: &str = "reached the exit";
/// What an accepted session that proved the exit unreachable reports.
const NO_ROUTE: &str = "no route to the exit";
/// The longest query (`-1`); anything longer is malformed.
const MAX_QUERY: usize = 2;

/// The moves as (letter, row step, column step), in mask order.
const MOVES: [(u8, isize, isize); 4] = [(b'U', -1, 0), (b'D', 1, 0), (b'L', 0, -1), (b'R', 0, 1)];

/// A maze: `cells` row by row, bytes `S E # -`.
struct Maze {
    rows: usize,
    columns: usize,
    cells: Vec<u8>,
    start: usize,
}

/// The largest number of moves a program may make on an n x m maze.
fn budget(rows: usize, columns: usize) -> u64 {
    3 * (rows * columns) as u64
}

impl Maze {
    /// Parses the test input; the message says what is wrong with it.
    fn parse(input: &[u8]) -> Result<Maze, String> {
        let text = std::str::from_utf8(input).map_err(|_| "the input is not ASCII")?;
        let mut tokens = text.split_ascii_whitespace();
        let mut number = |name: &str| -> Result<usize, String> {
            let token = tokens.next().ok_or(format!("the input has no {name}"))?;
            token
                .parse()
                .map_err(|_| format!("{name} is not a number: {token:?}"))
        };
        let (rows, columns) = (number("n")?, number("m")?);
        if rows == 0 || columns == 0 || rows * columns < 2 {
            return Err(format!("bad maze size {rows} x {columns}"));
        }
        let lines: Vec<&str> = tokens.collect();
        if lines.len() != rows || lines.iter().any(|line| line.len() != columns) {
            return Err(format!(
                "expected {rows} rows of {columns} cells after the size"
            ));
        }
        let cells: Vec<u8> = lines.concat().into_bytes();
        if let Some(bad) = cells.iter().find(|b| !b"SE#-".contains(b)) {
            return Err(format!("bad cell {:?}", *bad as char));
        }
        let count = |byte: u8| cells.iter().filter(|&&b| b == byte).count();
        if count(b'S') != 1 || count(b'E') != 1 {
            return Err("the maze needs exactly one S and one E".to_string());
        }
        let start = cells.iter().position(|&b| b == b'S').unwrap_or_default();
        Ok(Maze {
            rows,
            columns,
            cells,
            start,
        })
    }

    /// The cell one move from `cell`, or `None` off the maze.
    fn step(&self, cell: usize, (_, dr, dc): (u8, isize, isize)) -> Option<usize> {
        let row = (cell / self.columns).checked_add_signed(dr)?;
        let column = (cell % self.columns).checked_add_signed(dc)?;
        (row < self.rows && column < self.columns).then_some(row * self.columns + column)
    }

    /// The neighbour mask of `cell`: `1` for each open neighbour, in the order U D L R.
    fn mask(&self, cell: usize) -> String {
        MOVES
            .iter()
            .map(|&step| match self.step(cell, step) {
                Some(next) if self.cells[next] != b'#' => '1',
                _ => '0',
            })
            .collect()
    }

    /// Whether E can be reached from S (a depth-first search over the open cells).
    fn exit_reachable(&self) -> bool {
        let mut seen = vec![false; self.cells.len()];
        let mut stack = vec![self.start];
        seen[self.start] = true;
        while let Some(cell) = stack.pop() {
            if self.cells[cell] == b'E' {
                return true;
            }
            for step in MOVES {
                if let Some(next) = self.step(cell, step) {
                    if self.cells[next] != b'#' && !seen[next] {
                        seen[next] = true;
                        stack.push(next);
                    }
                }
            }
        }
        false
    }

    /// (row, column) of a cell, for messages.
    fn place(&self, cell: usize) -> (usize, usize) {
        (cell / self.columns, cell % self.columns)
    }
}

/// Checks the answer file, when there is one, against the maze.
fn check_answer(answer: Option<&[u8]>, reachable: bool) -> Result<(), CheckError> {
    let Some(answer) = answer else {
        return Ok(());
    };
    let text = String::from_utf8_lossy(answer);
    let said = text.trim_start().strip_prefix("ok: ");
    let agrees = match said {
        Some(rest) if rest.starts_with(REACHED) => reachable,
        Some(rest) if rest.starts_with(NO_ROUTE) => !reachable,
        _ => {
            return Err(CheckError::Fail(format!(
            "the answer file must start with \"ok: {REACHED}\" or \"ok: {NO_ROUTE}\", found {:?}",
            text.lines().next().unwrap_or_default()
        )))
        }
    };
    if agrees {
        Ok(())
    } else {
        Err(CheckError::Fail(format!(
            "the answer file says {:?}, but in the maze the exit {} be reached",
            text.trim(),
            if reachable { "can" } else { "cannot" }
        )))
    }
}

/// "1 move", "2 moves".
fn moves_text(moves: u64) -> String {
    if moves == 1 {
        "1 move".to_string()
    } else {
        format!("{moves} moves")
    }
}

/// Sends a reply; a program that no longer reads has ended the session too early.
fn send<W: Write>(replies: &mut Replies<W>, line: &str, moves: u64) -> Result<(), CheckError> {
    replies.send(line).map_err(|error| match error {
        ReplyError::Gone => CheckError::WrongAnswer(format!(
            "the program stopped reading after {}, before reaching the exit",
            moves_text(moves)
        )),
        ReplyError::Io(error) => CheckError::Fail(format!("cannot write to the program: {error}")),
    })
}

/// One whole session on `maze` with the program's output `queries`.
fn session<R: BufRead, W: Write>(
    maze: &Maze,
    reachable: bool,
    queries: &mut Queries<R>,
    replies: &mut Replies<W>,
) -> CheckResult {
    let budget = budget(maze.rows, maze.columns);
    let (row, column) = maze.place(maze.start);
    let greeting = format!(
        "{} {} {row} {column}\n{}",
        maze.rows,
        maze.columns,
        maze.mask(maze.start)
    );
    send(replies, &greeting, 0)?;
    let mut here = maze.start;
    let mut moves: u64 = 0;
    loop {
        let Some(query) = queries.next_token()? else {
            return Err(CheckError::WrongAnswer(format!(
                "the program's output ended after {} without reaching the exit or printing -1",
                moves_text(moves)
            )));
        };
        if query == "-1" {
            return if reachable {
                Err(CheckError::WrongAnswer(format!(
                    "-1 after {}, but the exit can be reached",
                    moves_text(moves)
                )))
            } else {
                Ok(format!(
                    "{NO_ROUTE}: stated after {} (budget {budget})",
                    moves_text(moves)
                ))
            };
        }
        let Some(&step) = MOVES.iter().find(|m| query.as_bytes() == [m.0]) else {
            return Err(CheckError::PresentationError(format!(
                "query {}: expected U, D, L, R or -1, found {query:?}",
                queries.count()
            )));
        };
        moves += 1;
        if moves > budget {
            return Err(CheckError::WrongAnswer(format!(
                "more than the budget of {budget} moves (3 x {} x {}) without reaching the exit",
                maze.rows, maze.columns
            )));
        }
        let Some(next) = maze.step(here, step) else {
            let (row, column) = maze.place(here);
            return Err(CheckError::WrongAnswer(format!(
                "move {moves}: {} from ({row}, {column}) leaves the {} x {} maze",
                step.0 as char, maze.rows, maze.columns
            )));
        };
        match maze.cells[next] {
            b'#' => send(replies, "#", moves)?,
            b'E' => {
                // The exit is reached whether or not the program reads this last reply.
                let _ = replies.send("E");
                return Ok(format!(
                    "{REACHED} after {} (budget {budget})",
                    moves_text(moves)
                ));
            }
            _ => {
                here = next;
                send(replies, &maze.mask(here), moves)?;
            }
        }
    }
}

/// The whole interaction: the test, the answer's agreement, the session.
fn interact<R: BufRead, W: Write>(
    files: &InteractorFiles,
    queries: &mut Queries<R>,
    replies: &mut Replies<W>,
) -> CheckResult {
    let maze = Maze::parse(&files.input)
        .map_err(|message| CheckError::Fail(format!("bad test input: {message}")))?;
    let reachable = maze.exit_reachable();
    check_answer(files.answer.as_deref(), reachable)?;
    session(&maze, reachable, queries, replies)
}

fn main() -> ExitCode {
    interactor::run(MAX_QUERY, interact)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "3 4\nS-#-\n-#-E\n----\n";

    /// Runs a session with the program's whole output `program`; the result and the
    /// replies sent.
    fn play(maze: &str, program: &str) -> (CheckResult, String) {
        let maze = Maze::parse(maze.as_bytes()).unwrap();
        let reachable = maze.exit_reachable();
        let mut queries = Queries::new(program.as_bytes(), MAX_QUERY);
        let mut sent = Vec::new();
        let result = session(&maze, reachable, &mut queries, &mut Replies::new(&mut sent));
        (result, String::from_utf8(sent).unwrap())
    }

    #[test]
    fn the_sample_session_reaches_the_exit() {
        // The statement's sample interaction, a wall bumped into on the way.
        let (result, sent) = play(SAMPLE, "R\nR\nL\nD\nD\nR\nR\nU\nR\n");
        assert_eq!(
            result,
            Ok("reached the exit after 9 moves (budget 36)".to_string())
        );
        assert_eq!(
            sent,
            "3 4 0 0\n0101\n0010\n#\n0101\n1100\n1001\n0011\n1011\n0101\nE\n"
        );
    }

    #[test]
    fn unreachable_exits_must_be_stated_truly() {
        let closed = "2 3\nS#E\n-#-\n";
        assert_eq!(
            play(closed, "D U -1").0,
            Ok("no route to the exit: stated after 2 moves (budget 18)".to_string())
        );
        assert_eq!(
            play(SAMPLE, "-1").0,
            Err(CheckError::WrongAnswer(
                "-1 after 0 moves, but the exit can be reached".to_string()
            ))
        );
    }

    #[test]
    fn bad_moves_are_named() {
        let cases = [
            (
                "U",
                CheckError::WrongAnswer("move 1: U from (0, 0) leaves the 3 x 4 maze".into()),
            ),
            (
                "R R x",
                CheckError::PresentationError(
                    "query 3: expected U, D, L, R or -1, found \"x\"".into(),
                ),
            ),
            (
                "u",
                CheckError::PresentationError(
                    "query 1: expected U, D, L, R or -1, found \"u\"".into(),
                ),
            ),
            (
                "D U D",
                CheckError::WrongAnswer(
                    "the program's output ended after 3 moves without reaching the exit or printing -1"
                        .into(),
                ),
            ),
            (
                "RRR",
                CheckError::PresentationError(
                    "query 1: expected a token of at most 2 characters, found \"RRR\"...".into(),
                ),
            ),
        ];
        for (program, error) in cases {
            assert_eq!(play(SAMPLE, program).0, Err(error), "program {program:?}");
        }
    }

    #[test]
    fn the_budget_is_three_moves_per_cell() {
        let walls = "D U ".repeat(18);
        assert!(play(SAMPLE, &walls).0.is_err_and(
            |e| matches!(e, CheckError::WrongAnswer(m) if m.contains("output ended after 36 moves"))
        ));
        let over = format!("{walls}D");
        assert_eq!(
            play(SAMPLE, &over).0,
            Err(CheckError::WrongAnswer(
                "more than the budget of 36 moves (3 x 3 x 4) without reaching the exit".into()
            ))
        );
    }

    #[test]
    fn a_program_that_stops_reading_is_judged() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let maze = Maze::parse(SAMPLE.as_bytes()).unwrap();
        let mut queries = Queries::new(&b"R"[..], MAX_QUERY);
        let result = session(&maze, true, &mut queries, &mut Replies::new(Closed));
        assert_eq!(
            result,
            Err(CheckError::WrongAnswer(
                "the program stopped reading after 0 moves, before reaching the exit".into()
            ))
        );
    }

    #[test]
    fn masks_see_walls_and_borders() {
        let maze = Maze::parse(SAMPLE.as_bytes()).unwrap();
        assert_eq!(maze.mask(0), "0101");
        assert_eq!(maze.mask(6), "0101");
        assert_eq!(maze.mask(11), "1010");
    }

    #[test]
    fn bad_tests_and_answers_are_failures() {
        for bad in [
            "",
            "1 1\nS\n",
            "2 2\nS-\n--\n",
            "1 3\nSE\n",
            "1 2\nSx\n",
            "x 2\nSE\n",
        ] {
            assert!(Maze::parse(bad.as_bytes()).is_err(), "{bad:?}");
        }
        assert_eq!(check_answer(None, true), Ok(()));
        assert_eq!(
            check_answer(Some(b"ok: reached the exit after 3 moves\n"), true),
            Ok(())
        );
        assert_eq!(
            check_answer(Some(b"ok: no route to the exit: stated\n"), false),
            Ok(())
        );
        assert!(matches!(
            check_answer(Some(b"ok: no route to the exit\n"), true),
            Err(CheckError::Fail(m)) if m.contains("the exit can be reached")
        ));
        assert!(matches!(
            check_answer(Some(b"4\n"), true),
            Err(CheckError::Fail(m)) if m.contains("must start with")
        ));
    }
}
