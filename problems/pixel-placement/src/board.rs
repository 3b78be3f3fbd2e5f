//! The board: an n × m grid whose cells may hold a clue digit, and what a colouring of it
//! must satisfy.

use std::fmt;

/// The largest number of rows or columns the problem allows.
pub const MAX_SIDE: usize = 10;

/// An n × m board; cell (r, c) is index `r * cols + c` (row-major).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Number of rows, n.
    pub rows: usize,
    /// Number of columns, m.
    pub cols: usize,
    /// The clue of each cell (`None` for `_`), row-major.
    pub clues: Vec<Option<u8>>,
}

/// A clue that a colouring breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Violation {
    /// 0-based row of the clue.
    pub row: usize,
    /// 0-based column of the clue.
    pub col: usize,
    /// The clue's digit.
    pub clue: u8,
    /// How many black cells its block holds in the colouring.
    pub black: usize,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the clue at ({}, {}) = {} sees {} black cells",
            self.row, self.col, self.clue, self.black
        )
    }
}

/// One of the 8 symmetries of the grid: flip the rows, flip the columns, then transpose.
/// Each maps 3 × 3 blocks onto 3 × 3 blocks, so it maps a board's colourings one to one
/// onto the transformed board's colourings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symmetry {
    /// Row r becomes row n-1-r.
    pub flip_rows: bool,
    /// Column c becomes column m-1-c.
    pub flip_cols: bool,
    /// Then (r, c) becomes (c, r).
    pub transpose: bool,
}

impl Symmetry {
    /// The identity.
    pub const IDENTITY: Symmetry = Symmetry {
        flip_rows: false,
        flip_cols: false,
        transpose: false,
    };

    /// All 8 symmetries, the identity first.
    pub fn all() -> [Symmetry; 8] {
        let mut all = [Symmetry::IDENTITY; 8];
        for (bits, symmetry) in all.iter_mut().enumerate() {
            *symmetry = Symmetry {
                flip_rows: bits & 1 != 0,
                flip_cols: bits & 2 != 0,
                transpose: bits & 4 != 0,
            };
        }
        all
    }

    /// Where cell (row, col) of a `rows` × `cols` grid goes, as a cell index of the image.
    pub fn image(self, rows: usize, cols: usize, row: usize, col: usize) -> usize {
        let r = if self.flip_rows { rows - 1 - row } else { row };
        let c = if self.flip_cols { cols - 1 - col } else { col };
        if self.transpose {
            c * rows + r
        } else {
            r * cols + c
        }
    }
}

impl Board {
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
        let mut clues = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            let line = tokens.next().ok_or(format!("row {row} is missing"))?;
            if line.len() != cols {
                return Err(format!(
                    "row {row} has {} characters, expected {cols}",
                    line.len()
                ));
            }
            for byte in line.bytes() {
                clues.push(match byte {
                    b'_' => None,
                    b'0'..=b'9' => Some(byte - b'0'),
                    _ => return Err(format!("row {row} holds {:?}", byte as char)),
                });
            }
        }
        if let Some(extra) = tokens.next() {
            return Err(format!("unexpected {extra:?} after the last row"));
        }
        Ok(Board { rows, cols, clues })
    }

    /// The board in the input format.
    pub fn to_text(&self) -> String {
        let mut text = format!("{} {}\n", self.rows, self.cols);
        for row in self.clues.chunks(self.cols) {
            text.extend(row.iter().map(|clue| match clue {
                Some(digit) => char::from(b'0' + digit),
                None => '_',
            }));
            text.push('\n');
        }
        text
    }

    /// The clue of cell (row, col).
    pub fn clue(&self, row: usize, col: usize) -> Option<u8> {
        self.clues[row * self.cols + col]
    }

    /// The cells of the 3 × 3 block centred on (row, col) that lie inside the grid.
    pub fn block(&self, row: usize, col: usize) -> impl Iterator<Item = usize> + '_ {
        let rows = row.saturating_sub(1)..=(row + 1).min(self.rows - 1);
        rows.flat_map(move |r| {
            (col.saturating_sub(1)..=(col + 1).min(self.cols - 1)).map(move |c| r * self.cols + c)
        })
    }

    /// The board seen through `symmetry`.
    pub fn transformed(&self, symmetry: Symmetry) -> Board {
        let (rows, cols) = if symmetry.transpose {
            (self.cols, self.rows)
        } else {
            (self.rows, self.cols)
        };
        let mut clues = vec![None; rows * cols];
        for row in 0..self.rows {
            for col in 0..self.cols {
                clues[symmetry.image(self.rows, self.cols, row, col)] = self.clue(row, col);
            }
        }
        Board { rows, cols, clues }
    }

    /// The clues (row-major) that `colouring` (row-major, `true` = black) breaks.
    pub fn violations<'a>(&'a self, colouring: &'a [bool]) -> impl Iterator<Item = Violation> + 'a {
        (0..self.rows)
            .flat_map(|row| (0..self.cols).map(move |col| (row, col)))
            .filter_map(|(row, col)| {
                let clue = self.clue(row, col)?;
                let black = self.block(row, col).filter(|&cell| colouring[cell]).count();
                (black != usize::from(clue)).then_some(Violation {
                    row,
                    col,
                    clue,
                    black,
                })
            })
    }

    /// The first clue (row-major) that `colouring` (row-major, `true` = black) breaks.
    pub fn first_violation(&self, colouring: &[bool]) -> Option<Violation> {
        self.violations(colouring).next()
    }

    /// Reads an output: n lines of m characters `0`/`1` (trailing whitespace on a line and
    /// blank lines at the end ignored), or says what is first wrong with the text (the
    /// checker's wrong answer, the visualizer's note).
    pub fn read_colouring(&self, text: &str) -> Result<Vec<bool>, String> {
        let mut lines: Vec<&str> = text.split('\n').map(str::trim_end).collect();
        while lines.last() == Some(&"") {
            lines.pop();
        }
        let mut colouring = Vec::with_capacity(self.rows * self.cols);
        for row in 0..self.rows {
            let line = lines.get(row).ok_or(format!(
                "too few lines: line {} is missing (expected {} lines of {} characters)",
                row + 1,
                self.rows,
                self.cols
            ))?;
            for (col, character) in line.chars().take(self.cols).enumerate() {
                match character {
                    '0' => colouring.push(false),
                    '1' => colouring.push(true),
                    _ => {
                        return Err(format!(
                            "bad character {character:?} at ({row}, {col}) (line {}, column {}): \
                             expected 0 or 1",
                            row + 1,
                            col + 1
                        ))
                    }
                }
            }
            let length = line.chars().count();
            if length != self.cols {
                return Err(format!(
                    "line {} has {length} characters, expected {}",
                    row + 1,
                    self.cols
                ));
            }
        }
        if let Some((index, extra)) = lines
            .iter()
            .enumerate()
            .skip(self.rows)
            .find(|(_, line)| !line.is_empty())
        {
            let preview: String = extra.chars().take(20).collect();
            return Err(format!(
                "extra output after line {}: line {} is {preview:?}",
                self.rows,
                index + 1
            ));
        }
        Ok(colouring)
    }

    /// A colouring in the output format: n lines of m characters `0`/`1`.
    pub fn colouring_text(&self, colouring: &[bool]) -> String {
        let mut text = String::with_capacity(self.rows * (self.cols + 1));
        for row in colouring.chunks(self.cols) {
            text.extend(row.iter().map(|&black| if black { '1' } else { '0' }));
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "6 8\n_1__5_1_\n1_4__42_\n3__6__5_\n___56___\n_688___4\n_____6__\n";

    fn colouring(lines: &[&str]) -> Vec<bool> {
        lines
            .iter()
            .flat_map(|line| line.bytes().map(|b| b == b'1'))
            .collect()
    }

    #[test]
    fn parse_and_print_round_trip() {
        let board = Board::parse(SAMPLE).unwrap();
        assert_eq!((board.rows, board.cols), (6, 8));
        assert_eq!(board.clue(0, 1), Some(1));
        assert_eq!(board.clue(0, 0), None);
        assert_eq!(board.to_text(), SAMPLE);
    }

    #[test]
    fn parse_rejects_malformed_boards() {
        assert!(Board::parse("0 3\n").is_err());
        assert!(Board::parse("1 11\n___________\n").is_err());
        assert!(Board::parse("2 2\n__\n").is_err());
        assert!(Board::parse("1 2\n_x\n").is_err());
        assert!(Board::parse("1 2\n___\n").is_err());
        assert!(Board::parse("1 2\n__\n__\n").is_err());
    }

    #[test]
    fn blocks_are_clipped_at_the_border() {
        let board = Board::parse("3 4\n____\n____\n____\n").unwrap();
        assert_eq!(board.block(0, 0).collect::<Vec<_>>(), vec![0, 1, 4, 5]);
        assert_eq!(board.block(1, 3).count(), 6);
        assert_eq!(board.block(1, 1).count(), 9);
        let column = Board::parse("3 1\n_\n_\n_\n").unwrap();
        assert_eq!(column.block(2, 0).collect::<Vec<_>>(), vec![1, 2]);
    }

    #[test]
    fn the_sample_answer_meets_every_clue_and_a_change_breaks_one() {
        let board = Board::parse(SAMPLE).unwrap();
        let mut answer = colouring(&[
            "00011000", "00111100", "01000010", "11111111", "01011110", "01111110",
        ]);
        assert_eq!(board.first_violation(&answer), None);
        answer[0] = true;
        let violation = board.first_violation(&answer).unwrap();
        assert_eq!(
            violation.to_string(),
            "the clue at (0, 1) = 1 sees 2 black cells"
        );
    }

    #[test]
    fn symmetries_map_colourings_to_colourings() {
        let board = Board::parse(SAMPLE).unwrap();
        let answer = colouring(&[
            "00011000", "00111100", "01000010", "11111111", "01011110", "01111110",
        ]);
        for symmetry in Symmetry::all() {
            let image = board.transformed(symmetry);
            let mut moved = vec![false; answer.len()];
            for row in 0..board.rows {
                for col in 0..board.cols {
                    moved[symmetry.image(board.rows, board.cols, row, col)] =
                        answer[row * board.cols + col];
                }
            }
            assert_eq!(image.first_violation(&moved), None, "{symmetry:?}");
        }
    }

    fn colouring_board() -> Board {
        Board::parse("2 3\n1__\n__0\n").unwrap()
    }

    #[test]
    fn reads_a_colouring_with_trailing_whitespace_and_crlf() {
        let colouring = colouring_board()
            .read_colouring("100 \r\n000\r\n\n  \n")
            .unwrap();
        assert_eq!(colouring, vec![true, false, false, false, false, false]);
    }

    #[test]
    fn names_the_first_problem() {
        let cases = [
            ("", "too few lines: line 1 is missing"),
            ("100\n", "too few lines: line 2 is missing"),
            ("10\n000\n", "line 1 has 2 characters, expected 3"),
            ("1000\n000\n", "line 1 has 4 characters, expected 3"),
            (
                "1 0 0\n000\n",
                "bad character ' ' at (0, 1) (line 1, column 2)",
            ),
            (
                "100\n0x0\n",
                "bad character 'x' at (1, 1) (line 2, column 2)",
            ),
            (" 100\n000\n", "bad character ' ' at (0, 0)"),
            (
                "100\n000\n\n1\n",
                "extra output after line 2: line 4 is \"1\"",
            ),
        ];
        for (text, expected) in cases {
            let message = colouring_board().read_colouring(text).unwrap_err();
            assert!(message.starts_with(expected), "{text:?}: {message}");
        }
    }
}
