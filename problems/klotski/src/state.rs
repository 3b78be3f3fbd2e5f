//! The canonical state: which shape lies where, with the letters forgotten. Two boards
//! that differ only by swapping pieces of one shape are the same state, since such pieces
//! are interchangeable for every move and for the exit.
//!
//! A state packs 3 bits per cell into a `u64` (60 bits): 0 empty, 1-4 the top-left cell of
//! a 1 x 1, 1 x 2, 2 x 1 or 2 x 2 piece, 5 a cell covered by a piece anchored elsewhere.
//! The code is a function of the set of (shape, top-left cell) pairs, so equal states
//! have equal codes.

use crate::board::{Board, Direction, Shape, CELLS, EXIT_ANCHOR};

/// A cell no piece covers.
const FREE: u64 = 0;
/// A cell covered by a piece whose top-left cell is elsewhere.
const COVERED: u64 = 5;

/// The code of a shape's top-left cell.
fn anchor_code(shape: Shape) -> u64 {
    match shape {
        Shape::Small => 1,
        Shape::Wide => 2,
        Shape::Tall => 3,
        Shape::Big => 4,
    }
}

fn shape_of_code(code: u64) -> Option<Shape> {
    match code {
        1 => Some(Shape::Small),
        2 => Some(Shape::Wide),
        3 => Some(Shape::Tall),
        4 => Some(Shape::Big),
        _ => None,
    }
}

/// A canonical state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State(pub u64);

/// A move of a canonical state: the piece with its top-left cell on `anchor` steps once
/// in `direction`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// The top-left cell of the piece before the move.
    pub anchor: usize,
    /// Where it goes.
    pub direction: Direction,
}

impl State {
    /// The state of shapes at top-left cells (which must fit and not overlap).
    pub fn from_pieces(pieces: impl IntoIterator<Item = (Shape, usize)>) -> State {
        pieces
            .into_iter()
            .fold(State(0), |state, (shape, anchor)| state.with(shape, anchor))
    }

    /// The state of a board whose pieces [`Board::pieces`] accepted.
    pub fn of(board: &Board) -> Result<State, String> {
        Ok(State::from_pieces(
            board.pieces()?.into_iter().map(|p| (p.shape, p.anchor)),
        ))
    }

    fn code(self, cell: usize) -> u64 {
        (self.0 >> (3 * cell)) & 7
    }

    /// The shape whose top-left cell is `cell`, if one is.
    pub fn shape_at(self, cell: usize) -> Option<Shape> {
        shape_of_code(self.code(cell))
    }

    /// The (shape, top-left cell) of every piece, in reading order of the top-left cells.
    pub fn pieces(self) -> Vec<(Shape, usize)> {
        (0..CELLS)
            .filter_map(|cell| self.shape_at(cell).map(|shape| (shape, cell)))
            .collect()
    }

    /// The covered cells, as a bit mask.
    pub fn occupied(self) -> u32 {
        (0..CELLS)
            .filter(|&cell| self.code(cell) != FREE)
            .fold(0, |mask, cell| mask | 1 << cell)
    }

    /// Whether the 2 x 2 block stands at the exit.
    pub fn at_exit(self) -> bool {
        self.code(EXIT_ANCHOR) == anchor_code(Shape::Big)
    }

    /// The state with `shape` added at `anchor` (its cells must be free).
    fn with(self, shape: Shape, anchor: usize) -> State {
        let mut code = self.0;
        for cell in cells_of(shape.mask(anchor)) {
            let value = if cell == anchor {
                anchor_code(shape)
            } else {
                COVERED
            };
            code |= value << (3 * cell);
        }
        State(code)
    }

    /// The state with the cells of `mask` freed.
    fn without(self, mask: u32) -> State {
        let fields = cells_of(mask).fold(0u64, |fields, cell| fields | 7 << (3 * cell));
        State(self.0 & !fields)
    }

    /// Calls `visit` with every legal move and the state it leads to.
    pub fn for_each_move(self, mut visit: impl FnMut(Move, State)) {
        let occupied = self.occupied();
        for anchor in 0..CELLS {
            let Some(shape) = self.shape_at(anchor) else {
                continue;
            };
            let own = shape.mask(anchor);
            for direction in Direction::ALL {
                let Some(target) = direction.step(shape, anchor) else {
                    continue;
                };
                if shape.mask(target) & occupied & !own != 0 {
                    continue;
                }
                let next = self.without(own).with(shape, target);
                visit(Move { anchor, direction }, next);
            }
        }
    }
}

/// The cells of a bit mask, lowest first.
fn cells_of(mask: u32) -> impl Iterator<Item = usize> {
    (0..CELLS).filter(move |&cell| mask & (1 << cell) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(text: &str) -> State {
        State::of(&Board::parse(text).unwrap()).unwrap()
    }

    #[test]
    fn pieces_of_one_shape_are_interchangeable() {
        // The two soldiers G and J swapped, and the two left generals A and D swapped.
        let classic = state("ABBC\nABBC\nDEEF\nDHIF\nG..J\n");
        assert_eq!(classic, state("DBBC\nDBBC\nAEEF\nAHIF\nJ..G\n"));
        assert_ne!(classic, state("ABBC\nABBC\nDEEF\nDHIF\n.G.J\n"));
        assert_eq!(
            classic.pieces(),
            State::from_pieces(classic.pieces()).pieces()
        );
    }

    #[test]
    fn the_classic_layout_has_four_moves() {
        let mut moves = Vec::new();
        state("ABBC\nABBC\nDEEF\nDHIF\nG..J\n").for_each_move(|m, next| moves.push((m, next)));
        let named: Vec<(usize, u8)> = moves
            .iter()
            .map(|(m, _)| (m.anchor, m.direction.letter()))
            .collect();
        assert_eq!(
            named,
            vec![(13, b'D'), (14, b'D'), (16, b'R'), (19, b'L')],
            "the two soldiers above the gap down, the two beside it sideways"
        );
        let (_, after) = moves[0];
        assert_eq!(after, state("ABBC\nABBC\nDEEF\nD.IF\nGH.J\n"));
    }

    #[test]
    fn a_big_block_needs_two_free_cells() {
        let blocked = state("ABBC\nABBC\nDEFG\nH..I\nJKLM\n");
        let mut moves = 0;
        blocked.for_each_move(|m, _| {
            moves += usize::from(blocked.shape_at(m.anchor) == Some(Shape::Big))
        });
        assert_eq!(moves, 0);
    }

    #[test]
    fn the_exit_is_the_bottom_middle() {
        assert!(state("ADEF\nGHIJ\nK..N\nOBBP\nQBBR\n").at_exit());
        assert!(!state("ADEF\nGHIJ\nK..N\nBBOP\nBBQR\n").at_exit());
        assert!(!state("ADEF\nGHIJ\nOBBP\nQBBR\nK..N\n").at_exit());
    }
}
