//! The board: an n × m grid of free and blocked squares with a start square, the knight's
//! moves on it, the bounds of the problem, and what a tour of it must satisfy.

use std::fmt;

/// The largest number of rows or columns.
pub const MAX_SIDE: usize = 64;
/// Blocked squares are allowed only on boards whose smaller side is at most this.
pub const NARROW_SIDE: usize = 3;
/// A board whose smaller side is 4 has a larger side of at most this.
pub const FOUR_ROW_MAX_LENGTH: usize = 8;

/// The knight's eight moves (row change, column change), clockwise from up-right.
pub const MOVES: [(i32, i32); 8] = [
    (-2, 1),
    (-1, 2),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
];

/// A square: (row, column), 0-based, row 0 at the top.
pub type Square = (usize, usize);

/// An n × m board; square (r, c) is index `r * cols + c` (row-major).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Number of rows, n.
    pub rows: usize,
    /// Number of columns, m.
    pub cols: usize,
    /// Whether each square is free (`.` or `S`), row-major.
    pub free: Vec<bool>,
    /// The start square `S`.
    pub start: Square,
}

/// The first rule of the problem that a proposed tour breaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TourError {
    /// The walk does not begin on the start square.
    WrongStart {
        /// Where it begins.
        first: (i64, i64),
        /// The start square.
        start: Square,
    },
    /// A square of the walk lies outside the board.
    Outside {
        /// 1-based position in the walk.
        step: usize,
        /// The square.
        square: (i64, i64),
    },
    /// A square of the walk is blocked.
    Blocked {
        /// 1-based position in the walk.
        step: usize,
        /// The square.
        square: Square,
    },
    /// Two consecutive squares are not a knight's move apart.
    NotAMove {
        /// 1-based position in the walk of the second square.
        step: usize,
        /// The square before it.
        from: Square,
        /// The square.
        to: Square,
    },
    /// A square is visited a second time.
    Repeated {
        /// 1-based position of the second visit.
        step: usize,
        /// 1-based position of the first visit.
        first_step: usize,
        /// The square.
        square: Square,
    },
    /// The walk has a different number of squares than the board has free squares.
    WrongLength {
        /// Squares in the walk.
        walked: usize,
        /// Free squares on the board.
        free: usize,
    },
}

impl fmt::Display for TourError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TourError::WrongStart { first, start } => write!(
                f,
                "the walk starts at ({}, {}), not at S ({}, {})",
                first.0, first.1, start.0, start.1
            ),
            TourError::Outside { step, square } => write!(
                f,
                "square {step} of the walk, ({}, {}), is outside the board",
                square.0, square.1
            ),
            TourError::Blocked { step, square } => write!(
                f,
                "square {step} of the walk, ({}, {}), is blocked",
                square.0, square.1
            ),
            TourError::NotAMove { step, from, to } => write!(
                f,
                "square {step} of the walk, ({}, {}), is not a knight's move from ({}, {})",
                to.0, to.1, from.0, from.1
            ),
            TourError::Repeated {
                step,
                first_step,
                square,
            } => write!(
                f,
                "square {step} of the walk, ({}, {}), was already visited as square {first_step}",
                square.0, square.1
            ),
            TourError::WrongLength { walked, free } => write!(
                f,
                "the walk visits {walked} squares, but the board has {free} free squares"
            ),
        }
    }
}

/// Whether (dr, dc) is a knight's move.
pub fn is_knight_move(dr: i64, dc: i64) -> bool {
    let (a, b) = (dr.abs(), dc.abs());
    (a == 1 && b == 2) || (a == 2 && b == 1)
}

impl Board {
    /// A board with every square free.
    pub fn open(rows: usize, cols: usize, start: Square) -> Board {
        Board {
            rows,
            cols,
            free: vec![true; rows * cols],
            start,
        }
    }

    /// Reads a board from the input format, leniently about whitespace (the validator is
    /// the strict reader).
    pub fn parse(text: &str) -> Result<Board, String> {
        let mut tokens = text.split_ascii_whitespace();
        let mut side = |name: &str| -> Result<usize, String> {
            let token = tokens.next().ok_or(format!("missing {name}"))?;
            let value: usize = token
                .parse()
                .map_err(|_| format!("{name} is not a number: {token:?}"))?;
            if (1..=MAX_SIDE).contains(&value) {
                Ok(value)
            } else {
                Err(format!("{name} = {value} is outside 1..={MAX_SIDE}"))
            }
        };
        let rows = side("n")?;
        let cols = side("m")?;
        let mut free = Vec::with_capacity(rows * cols);
        let mut start = None;
        for row in 0..rows {
            let line = tokens.next().ok_or(format!("row {row} is missing"))?;
            if line.len() != cols {
                return Err(format!(
                    "row {row} has {} characters, expected {cols}",
                    line.len()
                ));
            }
            for (col, byte) in line.bytes().enumerate() {
                match byte {
                    b'.' => free.push(true),
                    b'#' => free.push(false),
                    b'S' if start.is_none() => {
                        start = Some((row, col));
                        free.push(true);
                    }
                    b'S' => return Err(format!("a second S at ({row}, {col})")),
                    _ => return Err(format!("row {row} holds {:?}", byte as char)),
                }
            }
        }
        let start = start.ok_or("the board has no S")?;
        Ok(Board {
            rows,
            cols,
            free,
            start,
        })
    }

    /// The board in the input format.
    pub fn to_input(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.cols);
        for row in 0..self.rows {
            for col in 0..self.cols {
                text.push(if (row, col) == self.start {
                    'S'
                } else if self.is_free((row, col)) {
                    '.'
                } else {
                    '#'
                });
            }
            text.push('\n');
        }
        text
    }

    /// The index of a square.
    pub fn index(&self, (row, col): Square) -> usize {
        row * self.cols + col
    }

    /// The square of an index.
    pub fn square(&self, index: usize) -> Square {
        (index / self.cols, index % self.cols)
    }

    /// Whether a square (inside the board) is free.
    pub fn is_free(&self, square: Square) -> bool {
        self.free[self.index(square)]
    }

    /// The number of free squares.
    pub fn free_count(&self) -> usize {
        self.free.iter().filter(|&&free| free).count()
    }

    /// Whether any square is blocked.
    pub fn has_blocked(&self) -> bool {
        self.free.iter().any(|&free| !free)
    }

    /// The squares a knight on `square` can reach (inside the board, free), in the order
    /// of [`MOVES`].
    pub fn moves_from(&self, (row, col): Square) -> impl Iterator<Item = Square> + '_ {
        MOVES.iter().filter_map(move |&(dr, dc)| {
            let r = row as i64 + i64::from(dr);
            let c = col as i64 + i64::from(dc);
            let inside = r >= 0 && c >= 0 && (r as usize) < self.rows && (c as usize) < self.cols;
            (inside && self.free[r as usize * self.cols + c as usize])
                .then_some((r as usize, c as usize))
        })
    }

    /// The board with rows and columns exchanged.
    pub fn transposed(&self) -> Board {
        let mut free = Vec::with_capacity(self.free.len());
        for col in 0..self.cols {
            for row in 0..self.rows {
                free.push(self.is_free((row, col)));
            }
        }
        Board {
            rows: self.cols,
            cols: self.rows,
            free,
            start: (self.start.1, self.start.0),
        }
    }

    /// The numbers of free squares of each colour: (r + c) even ("white"), then odd.
    pub fn colour_counts(&self) -> (usize, usize) {
        let mut counts = (0, 0);
        for index in 0..self.free.len() {
            if self.free[index] {
                let (row, col) = self.square(index);
                if (row + col) % 2 == 0 {
                    counts.0 += 1;
                } else {
                    counts.1 += 1;
                }
            }
        }
        counts
    }

    /// Whether the colours allow a tour from the start: every move changes the colour, so
    /// a walk over all free squares alternates colours; the counts must differ by at most
    /// one, and when they differ the walk starts (and ends) on the larger colour.
    pub fn colours_allow_tour(&self) -> bool {
        let (white, black) = self.colour_counts();
        let start_white = (self.start.0 + self.start.1).is_multiple_of(2);
        match white.cmp(&black) {
            std::cmp::Ordering::Equal => true,
            std::cmp::Ordering::Greater => white == black + 1 && start_white,
            std::cmp::Ordering::Less => black == white + 1 && !start_white,
        }
    }

    /// Checks a proposed tour against every rule of the problem; `Err` names the first
    /// broken one.
    pub fn check_tour(&self, walk: &[(i64, i64)]) -> Result<(), TourError> {
        let free_count = self.free_count();
        let mut visited_at = vec![0usize; self.rows * self.cols];
        let mut previous: Option<Square> = None;
        for (offset, &(row, col)) in walk.iter().enumerate() {
            let step = offset + 1;
            if step == 1 && (row, col) != (self.start.0 as i64, self.start.1 as i64) {
                return Err(TourError::WrongStart {
                    first: (row, col),
                    start: self.start,
                });
            }
            let inside =
                row >= 0 && col >= 0 && (row as usize) < self.rows && (col as usize) < self.cols;
            if !inside {
                return Err(TourError::Outside {
                    step,
                    square: (row, col),
                });
            }
            let square = (row as usize, col as usize);
            if !self.is_free(square) {
                return Err(TourError::Blocked { step, square });
            }
            if let Some(from) = previous {
                let dr = square.0 as i64 - from.0 as i64;
                let dc = square.1 as i64 - from.1 as i64;
                if !is_knight_move(dr, dc) {
                    return Err(TourError::NotAMove {
                        step,
                        from,
                        to: square,
                    });
                }
            }
            let index = self.index(square);
            if visited_at[index] != 0 {
                return Err(TourError::Repeated {
                    step,
                    first_step: visited_at[index],
                    square,
                });
            }
            visited_at[index] = step;
            previous = Some(square);
        }
        if walk.len() != free_count {
            return Err(TourError::WrongLength {
                walked: walk.len(),
                free: free_count,
            });
        }
        Ok(())
    }
}

/// The answer as the output holds it: one square per line, or `-1`.
pub fn answer_text(tour: Option<&[Square]>) -> String {
    match tour {
        None => "-1\n".to_string(),
        Some(squares) => {
            let mut text = String::with_capacity(squares.len() * 6);
            for &(row, col) in squares {
                text.push_str(&format!("{row} {col}\n"));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_the_input_format() {
        let text = "3 4\nS..#\n....\n.#..\n";
        let board = Board::parse(text).unwrap();
        assert_eq!((board.rows, board.cols, board.start), (3, 4, (0, 0)));
        assert_eq!(board.free_count(), 10);
        assert!(board.has_blocked());
        assert_eq!(board.to_input(), text);
        assert!(Board::parse("2 2\n..\n..\n").is_err());
        assert!(Board::parse("1 2\nSS\n").is_err());
        assert!(Board::parse("1 65\nS\n").is_err());
    }

    #[test]
    fn moves_stay_on_free_squares() {
        let board = Board::parse("3 3\nS..\n..#\n...\n").unwrap();
        let moves: Vec<Square> = board.moves_from((0, 0)).collect();
        assert_eq!(moves, vec![(2, 1)], "(1, 2) is blocked");
        assert_eq!(board.moves_from((1, 1)).count(), 0, "the centre of 3 x 3");
        let transposed = board.transposed();
        assert_eq!(transposed.start, (0, 0));
        assert!(!transposed.is_free((2, 1)));
    }

    #[test]
    fn colour_rule() {
        // 3 x 3 without the centre: 4 + 4 squares; any start is allowed by colour.
        let ring = Board::parse("3 3\nS..\n.#.\n...\n").unwrap();
        assert!(ring.colours_allow_tour());
        // 5 x 5: 13 white, 12 black; only white starts.
        assert!(Board::open(5, 5, (0, 0)).colours_allow_tour());
        assert!(!Board::open(5, 5, (0, 1)).colours_allow_tour());
        // Blocking two white squares of 5 x 5 makes black the majority.
        let blocked = Board::parse("5 5\n#.#..\nS....\n.....\n.....\n.....\n").unwrap();
        assert!(blocked.colours_allow_tour());
    }

    #[test]
    fn checks_every_rule_of_a_tour() {
        let board = Board::parse("3 4\nS...\n....\n..#.\n").unwrap();
        let ok = [(0, 0), (1, 2), (2, 0)];
        assert_eq!(
            board.check_tour(&ok),
            Err(TourError::WrongLength {
                walked: 3,
                free: 11
            })
        );
        assert!(matches!(
            board.check_tour(&[(0, 1)]),
            Err(TourError::WrongStart { .. })
        ));
        assert!(matches!(
            board.check_tour(&[(0, 0), (2, 2)]),
            Err(TourError::Blocked { step: 2, .. })
        ));
        assert!(matches!(
            board.check_tour(&[(0, 0), (1, 1)]),
            Err(TourError::NotAMove { step: 2, .. })
        ));
        assert!(matches!(
            board.check_tour(&[(0, 0), (1, 2), (0, 0)]),
            Err(TourError::Repeated {
                step: 3,
                first_step: 1,
                ..
            })
        ));
        assert!(matches!(
            board.check_tour(&[(0, 0), (-1, 2)]),
            Err(TourError::Outside { step: 2, .. })
        ));
        let single = Board::parse("1 1\nS\n").unwrap();
        assert_eq!(single.check_tour(&[(0, 0)]), Ok(()));
        assert_eq!(
            TourError::NotAMove {
                step: 2,
                from: (0, 0),
                to: (1, 1)
            }
            .to_string(),
            "square 2 of the walk, (1, 1), is not a knight's move from (0, 0)"
        );
    }
}
