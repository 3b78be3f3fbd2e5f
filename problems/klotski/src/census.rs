//! Piece sets and the census of their states: every way to place a piece set on the board,
//! split into the sets of states that moves connect. The bounds the statement and the
//! reference rely on are checked against it (tests/census.rs).

use crate::board::{Shape, CELLS, EMPTY_CELLS};
use crate::search;
use crate::state::State;
use std::collections::HashMap;
use std::fmt;

/// The pieces of a board besides its one 2 x 2 block; two cells stay empty, so
/// `2 * tall + 2 * wide + small = 14`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceSet {
    /// 2 x 1 pieces.
    pub tall: usize,
    /// 1 x 2 pieces.
    pub wide: usize,
    /// 1 x 1 pieces.
    pub small: usize,
}

/// Cells the pieces other than the 2 x 2 block cover.
const OTHER_CELLS: usize = CELLS - 4 - EMPTY_CELLS;

impl PieceSet {
    /// The classic game's: four generals standing, one lying (关羽), four soldiers.
    pub const CLASSIC: PieceSet = PieceSet {
        tall: 4,
        wide: 1,
        small: 4,
    };

    /// A piece set with these counts, if they fill the board but two cells.
    pub fn new(tall: usize, wide: usize, small: usize) -> Option<PieceSet> {
        (2 * tall + 2 * wide + small == OTHER_CELLS).then_some(PieceSet { tall, wide, small })
    }

    /// Every piece set (36 of them; seven 2 x 1 pieces never fit beside the block).
    pub fn all() -> Vec<PieceSet> {
        let mut sets = Vec::new();
        for tall in 0..=OTHER_CELLS / 2 {
            for wide in 0..=OTHER_CELLS / 2 - tall {
                sets.extend(PieceSet::new(tall, wide, OTHER_CELLS - 2 * tall - 2 * wide));
            }
        }
        sets
    }

    /// The piece set of a state.
    pub fn of(state: State) -> PieceSet {
        let pieces = state.pieces();
        let count = |shape| pieces.iter().filter(|(s, _)| *s == shape).count();
        PieceSet {
            tall: count(Shape::Tall),
            wide: count(Shape::Wide),
            small: count(Shape::Small),
        }
    }

    /// Every state of this piece set.
    pub fn states(self) -> Vec<State> {
        let mut out = Vec::new();
        let mut left = [self.small, self.wide, self.tall, 1, EMPTY_CELLS];
        fill(0, 0, Vec::new(), &mut left, &mut out);
        out
    }
}

impl fmt::Display for PieceSet {
    /// As the generator's arguments write it: `T4W1S4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "T{}W{}S{}", self.tall, self.wide, self.small)
    }
}

/// Places pieces on the free cells from `cell` on, in reading order: the first free cell
/// is either empty or the top-left cell of some piece, which gives each state once.
/// `left` counts what is still to place: small, wide, tall, big, empty cells.
fn fill(
    cell: usize,
    covered: u32,
    placed: Vec<(Shape, usize)>,
    left: &mut [usize; 5],
    out: &mut Vec<State>,
) {
    let Some(cell) = (cell..CELLS).find(|&c| covered & (1 << c) == 0) else {
        out.push(State::from_pieces(placed));
        return;
    };
    if left[4] > 0 {
        left[4] -= 1;
        fill(cell + 1, covered | 1 << cell, placed.clone(), left, out);
        left[4] += 1;
    }
    for (slot, shape) in [Shape::Small, Shape::Wide, Shape::Tall, Shape::Big]
        .into_iter()
        .enumerate()
    {
        if left[slot] == 0 || !shape.fits(cell) || shape.mask(cell) & covered != 0 {
            continue;
        }
        left[slot] -= 1;
        let mut with = placed.clone();
        with.push((shape, cell));
        fill(cell + 1, covered | shape.mask(cell), with, left, out);
        left[slot] += 1;
    }
}

/// What the census found for one piece set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Census {
    /// The piece set.
    pub set: PieceSet,
    /// Its states.
    pub states: usize,
    /// The sets of states moves connect.
    pub components: usize,
    /// The size of the largest one.
    pub largest: usize,
    /// The size of the largest one with no state at the exit.
    pub largest_without_exit: usize,
    /// The largest distance to the exit of any state that has one.
    pub farthest: u32,
}

/// The components of a piece set (the sets of states moves connect), largest first; of
/// two alike in size, the one with the smaller least state first. Each is sorted.
pub fn components(set: PieceSet) -> Vec<Vec<State>> {
    let states = set.states();
    let mut seen: HashMap<State, ()> = HashMap::with_capacity(states.len());
    let mut found = Vec::new();
    for &state in &states {
        if seen.contains_key(&state) {
            continue;
        }
        let mut component = search::component(state);
        for &member in &component {
            seen.insert(member, ());
        }
        component.sort();
        found.push(component);
    }
    found.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
    found
}

/// Counts a piece set's states and components.
pub fn census(set: PieceSet) -> Census {
    let components = components(set);
    let mut result = Census {
        set,
        states: components.iter().map(Vec::len).sum(),
        components: components.len(),
        largest: components.first().map_or(0, Vec::len),
        largest_without_exit: 0,
        farthest: 0,
    };
    for component in &components {
        let distances = search::distances_to_exit(component);
        match distances.iter().flatten().max() {
            None => result.largest_without_exit = result.largest_without_exit.max(component.len()),
            Some(&farthest) => result.farthest = result.farthest.max(farthest),
        }
    }
    result
}
