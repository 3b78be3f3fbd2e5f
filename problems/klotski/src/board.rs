//! The labelled board of the input: 5 rows of 4 cells, a letter per piece, `.` for the
//! two empty cells; the shapes, the directions and a labelled move.

use std::fmt;

/// Rows of the board.
pub const ROWS: usize = 5;
/// Columns of the board.
pub const COLUMNS: usize = 4;
/// Cells of the board, numbered row by row: cell `r * COLUMNS + c` is (r, c).
pub const CELLS: usize = ROWS * COLUMNS;
/// An empty cell.
pub const EMPTY: u8 = b'.';
/// Empty cells on every board of this problem.
pub const EMPTY_CELLS: usize = 2;
/// The cell the 2 x 2 block's top-left corner is on when it stands at the exit: rows 3-4,
/// columns 1-2, the gap in the middle of the bottom edge.
pub const EXIT_ANCHOR: usize = 3 * COLUMNS + 1;

/// A piece's shape, named by height x width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// 1 x 1, a soldier (兵).
    Small,
    /// 1 x 2: one row, two columns, a general lying across (关羽 in 横刀立马).
    Wide,
    /// 2 x 1: two rows, one column, a general standing up (张飞, 赵云, 马超, 黄忠).
    Tall,
    /// 2 x 2, the block that must reach the exit (曹操).
    Big,
}

impl Shape {
    /// Every shape, smallest first.
    pub const ALL: [Shape; 4] = [Shape::Small, Shape::Wide, Shape::Tall, Shape::Big];

    /// Rows the shape spans.
    pub fn height(self) -> usize {
        match self {
            Shape::Small | Shape::Wide => 1,
            Shape::Tall | Shape::Big => 2,
        }
    }

    /// Columns the shape spans.
    pub fn width(self) -> usize {
        match self {
            Shape::Small | Shape::Tall => 1,
            Shape::Wide | Shape::Big => 2,
        }
    }

    /// Cells the shape covers.
    pub fn area(self) -> usize {
        self.height() * self.width()
    }

    /// Whether the shape with its top-left corner on `anchor` lies inside the board.
    pub fn fits(self, anchor: usize) -> bool {
        anchor < CELLS
            && anchor / COLUMNS + self.height() <= ROWS
            && anchor % COLUMNS + self.width() <= COLUMNS
    }

    /// The cells the shape covers with its top-left corner on `anchor` (which must fit), as
    /// a bit mask (bit i for cell i).
    pub fn mask(self, anchor: usize) -> u32 {
        let row = (1u32 << self.width()) - 1;
        let mut mask = row << anchor;
        if self.height() == 2 {
            mask |= row << (anchor + COLUMNS);
        }
        mask
    }

    /// The shape of a piece covering exactly these cells (sorted), if it is one of the four.
    pub fn of_cells(cells: &[usize]) -> Option<Shape> {
        let anchor = *cells.first()?;
        Shape::ALL.into_iter().find(|&shape| {
            shape.fits(anchor)
                && shape.area() == cells.len()
                && cells
                    .iter()
                    .all(|&cell| shape.mask(anchor) & (1 << cell) != 0)
        })
    }

    /// How the statement writes it.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Small => "1 x 1",
            Shape::Wide => "1 x 2",
            Shape::Tall => "2 x 1",
            Shape::Big => "2 x 2",
        }
    }
}

/// The direction a piece moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

impl Direction {
    /// The four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// Its letter in the output: `U`, `D`, `L`, `R`.
    pub fn letter(self) -> u8 {
        match self {
            Direction::Up => b'U',
            Direction::Down => b'D',
            Direction::Left => b'L',
            Direction::Right => b'R',
        }
    }

    /// The direction a letter names.
    pub fn from_letter(letter: u8) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.letter() == letter)
    }

    /// Where a `shape` whose top-left corner is on `anchor` has its corner after one step,
    /// if it stays on the board.
    pub fn step(self, shape: Shape, anchor: usize) -> Option<usize> {
        let target = match self {
            Direction::Up => anchor.checked_sub(COLUMNS)?,
            Direction::Down => anchor + COLUMNS,
            Direction::Left if anchor.is_multiple_of(COLUMNS) => return None,
            Direction::Left => anchor - 1,
            Direction::Right => anchor + 1,
        };
        // Right steps wrap into the next row unless the shape still fits in its own.
        let same_row =
            !matches!(self, Direction::Right) || anchor % COLUMNS + shape.width() < COLUMNS;
        (same_row && shape.fits(target)).then_some(target)
    }
}

/// One piece of a labelled board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its letter in the input.
    pub letter: u8,
    /// Its shape.
    pub shape: Shape,
    /// Its top-left cell.
    pub anchor: usize,
}

/// A board as the input gives it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// A letter per cell, [`EMPTY`] for an empty one.
    pub cells: [u8; CELLS],
}

/// (row, column) of a cell, as messages show it.
pub fn coordinates(cell: usize) -> (usize, usize) {
    (cell / COLUMNS, cell % COLUMNS)
}

impl Board {
    /// Reads the 5 rows of 4 characters (any whitespace around them); checks the pieces
    /// with [`Board::pieces`].
    pub fn parse(text: &str) -> Result<Board, String> {
        let rows: Vec<&str> = text.split_ascii_whitespace().collect();
        if rows.len() != ROWS {
            return Err(format!("expected {ROWS} rows, found {}", rows.len()));
        }
        let mut cells = [EMPTY; CELLS];
        for (r, row) in rows.iter().enumerate() {
            if row.len() != COLUMNS {
                return Err(format!(
                    "row {r} has {} characters, not {COLUMNS}",
                    row.len()
                ));
            }
            for (c, byte) in row.bytes().enumerate() {
                if byte != EMPTY && !byte.is_ascii_uppercase() {
                    return Err(format!("cell ({r}, {c}) holds {:?}", byte as char));
                }
                cells[r * COLUMNS + c] = byte;
            }
        }
        let board = Board { cells };
        board.pieces()?;
        Ok(board)
    }

    /// The pieces in reading order of their top-left cells; an error when a letter's cells
    /// are not one of the four shapes, when there is not exactly one 2 x 2 block, or not
    /// exactly two empty cells.
    pub fn pieces(&self) -> Result<Vec<Piece>, String> {
        let mut pieces = Vec::new();
        let mut seen = [false; 26];
        for (first, &letter) in self.cells.iter().enumerate() {
            if letter == EMPTY || seen[usize::from(letter - b'A')] {
                continue;
            }
            seen[usize::from(letter - b'A')] = true;
            let cells: Vec<usize> = (first..CELLS)
                .filter(|&cell| self.cells[cell] == letter)
                .collect();
            let shape = Shape::of_cells(&cells).ok_or_else(|| {
                let (r, c) = coordinates(first);
                format!(
                    "the cells of {} (first at ({r}, {c})) are not a 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece",
                    letter as char
                )
            })?;
            pieces.push(Piece {
                letter,
                shape,
                anchor: first,
            });
        }
        let big = pieces.iter().filter(|p| p.shape == Shape::Big).count();
        if big != 1 {
            return Err(format!("{big} pieces are 2 x 2; exactly one must be"));
        }
        let empty = self.cells.iter().filter(|&&b| b == EMPTY).count();
        if empty != EMPTY_CELLS {
            return Err(format!(
                "{empty} cells are empty; exactly {EMPTY_CELLS} must be"
            ));
        }
        Ok(pieces)
    }

    /// Whether the 2 x 2 block covers rows 3-4, columns 1-2.
    pub fn at_exit(&self) -> bool {
        let letter = self.cells[EXIT_ANCHOR];
        letter != EMPTY && self.mask_of(letter) == Shape::Big.mask(EXIT_ANCHOR)
    }

    /// The cells holding `letter`, as a bit mask.
    pub fn mask_of(&self, letter: u8) -> u32 {
        self.cells
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == letter)
            .fold(0, |mask, (cell, _)| mask | 1 << cell)
    }

    /// Moves the piece `letter` one cell in `direction`, onto cells that are empty or its
    /// own; an error says why it cannot.
    pub fn apply(&mut self, letter: u8, direction: Direction) -> Result<(), String> {
        let mask = self.mask_of(letter);
        if letter == EMPTY || mask == 0 {
            return Err(format!("no piece {} on the board", letter as char));
        }
        let cells: Vec<usize> = (0..CELLS).filter(|&c| mask & (1 << c) != 0).collect();
        let shape = Shape::of_cells(&cells).ok_or("not a piece")?;
        let anchor = cells[0];
        let target = direction.step(shape, anchor).ok_or_else(|| {
            format!(
                "{} would leave the board moving {}",
                letter as char,
                direction.letter() as char
            )
        })?;
        let moved = shape.mask(target);
        let blocked = |cell: usize| {
            moved & (1 << cell) != 0 && self.cells[cell] != EMPTY && self.cells[cell] != letter
        };
        if let Some(blocker) = (0..CELLS).find(|&cell| blocked(cell)) {
            let (r, c) = coordinates(blocker);
            return Err(format!(
                "{} cannot move {}: cell ({r}, {c}) holds {}",
                letter as char,
                direction.letter() as char,
                self.cells[blocker] as char
            ));
        }
        for &cell in &cells {
            self.cells[cell] = EMPTY;
        }
        for cell in 0..CELLS {
            if moved & (1 << cell) != 0 {
                self.cells[cell] = letter;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Board {
    /// The board as the input writes it: 5 lines of 4 characters.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(COLUMNS) {
            writeln!(f, "{}", String::from_utf8_lossy(row))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HENG_DAO_LI_MA: &str = "ABBC\nABBC\nDEEF\nDHIF\nG..J\n";

    #[test]
    fn shapes_fit_and_cover_their_cells() {
        assert!(Shape::Big.fits(EXIT_ANCHOR));
        assert!(!Shape::Big.fits(3));
        assert!(!Shape::Tall.fits(16));
        assert!(Shape::Wide.fits(18));
        assert!(!Shape::Wide.fits(19));
        assert_eq!(
            Shape::Big.mask(EXIT_ANCHOR),
            1 << 13 | 1 << 14 | 1 << 17 | 1 << 18
        );
        assert_eq!(Shape::of_cells(&[2, 6]), Some(Shape::Tall));
        assert_eq!(Shape::of_cells(&[3, 4]), None, "wraps around a row end");
        assert_eq!(Shape::of_cells(&[0, 1, 4, 5]), Some(Shape::Big));
        assert_eq!(Shape::of_cells(&[0, 1, 2]), None);
    }

    #[test]
    fn steps_stay_on_the_board() {
        assert_eq!(Direction::Right.step(Shape::Wide, 1), Some(2));
        assert_eq!(Direction::Right.step(Shape::Wide, 2), None);
        assert_eq!(Direction::Right.step(Shape::Small, 3), None);
        assert_eq!(Direction::Left.step(Shape::Small, 4), None);
        assert_eq!(Direction::Up.step(Shape::Big, 1), None);
        assert_eq!(Direction::Down.step(Shape::Big, EXIT_ANCHOR), None);
        assert_eq!(Direction::Down.step(Shape::Tall, 11), Some(15));
    }

    #[test]
    fn parses_the_classic_layout() {
        let board = Board::parse(HENG_DAO_LI_MA).unwrap();
        let pieces = board.pieces().unwrap();
        assert_eq!(pieces.len(), 10);
        assert_eq!(pieces[1].shape, Shape::Big);
        assert_eq!(pieces[4].shape, Shape::Wide);
        assert_eq!(board.to_string(), HENG_DAO_LI_MA);
        assert!(!board.at_exit());
    }

    #[test]
    fn rejects_boards_outside_the_contract() {
        assert!(Board::parse("ABBC\nABBC\nDEEF\nDHIF\nG..\n").is_err());
        assert!(
            Board::parse("ABBC\nABBC\nDEEF\nDHIF\nGK.J\n").is_err(),
            "one empty cell"
        );
        assert!(
            Board::parse("ABBC\nABBC\nDEHF\nDHHF\nG..J\n").is_err(),
            "H is an L"
        );
        assert!(
            Board::parse("ABBC\nABBC\nDEEF\nDHIF\nG..G\n").is_err(),
            "two Gs"
        );
        assert!(
            Board::parse("AAAA\nDEEF\nDHIF\nG..J\nKLMN\n").is_err(),
            "no 2 x 2"
        );
    }

    #[test]
    fn moves_a_piece_or_says_why_not() {
        let mut board = Board::parse(HENG_DAO_LI_MA).unwrap();
        assert_eq!(
            board.apply(b'H', Direction::Up),
            Err("H cannot move U: cell (2, 1) holds E".to_string())
        );
        assert_eq!(
            board.apply(b'G', Direction::Left),
            Err("G would leave the board moving L".to_string())
        );
        assert_eq!(
            board.apply(b'Z', Direction::Left),
            Err("no piece Z on the board".to_string())
        );
        board.apply(b'G', Direction::Right).unwrap();
        board.apply(b'G', Direction::Right).unwrap();
        assert_eq!(board.to_string(), "ABBC\nABBC\nDEEF\nDHIF\n..GJ\n");
        board.apply(b'D', Direction::Down).unwrap();
        assert_eq!(board.to_string(), "ABBC\nABBC\n.EEF\nDHIF\nD.GJ\n");
    }
}
