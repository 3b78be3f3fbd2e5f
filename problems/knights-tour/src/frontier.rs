//! The exact method for narrow boards (at most [`MAX_ROWS`] rows once the board is turned
//! so that its rows are the smaller side): a dynamic programme over the squares in
//! column-major order that keeps only the "frontier", and so decides every board, blocked
//! squares and all, in time linear in its length.
//!
//! A tour is a set of moves (edges) in which the start has one move, one other square (the
//! end) has one, every other free square two, and which forms no cycle. The moves are chosen
//! square by square: when square i (row r, column c) is processed, its moves to earlier
//! squares are chosen, which lie in columns c-1 (rows r±2) and c-2 (rows r±1), so at most
//! 2h+1 squares back. So the only squares whose state matters to the rest of the board are
//! the last W = 2h+1 processed ones (the window); each is
//!
//! - `EMPTY`: free, no move yet;
//! - `FULL`: no move can be added (two moves, or blocked, or the start with its one move is
//!   marked by its label below and never taken again);
//! - an end of a piece of the tour (one move so far), labelled with the piece: a pair label
//!   shared with the piece's other end when that end is in the window too, or `END_S` /
//!   `END_T` when the other end is the start / the end square, already out of the window.
//!
//! A move joining the two ends of one piece would close a cycle and is refused. When a
//! square leaves the window it needs no more moves: an `EMPTY` square there is refused (a
//! free square nobody visits), a square with one move is the start or else becomes the end
//! square (at most one), and the piece is then anchored there. When the piece from the start
//! to the end square is finished, every square in the window must be `FULL` and no free
//! square may come later (`DONE`). A set of moves that passes all of this to the last square
//! is a tour: every square but the start and the end has two moves and there is no cycle,
//! so the moves form one path from the start through every free square.
//!
//! Pair labels are renumbered in order of appearance, so equal frontiers are one state. The
//! states of one step form a layer; each remembers its parent and the moves it chose, which
//! give the tour back from a finished state.
//!
//! How many states there can be: every state of any board maps to a different labelling of
//! the window, so a layer never holds more states than the union of the layers of all
//! boards of the same height and length (all blocked-square patterns, all starts), which
//! [`union_layer_bound`] computes. For 3 rows that union never exceeds 14 515 states a step
//! (the same from 8 columns on) and holds 2 386 057 over the 199 steps of a 3 × 64 board
//! (`tests::three_row_union_bound`); a state has at most 4 successors (a square of a 3-row
//! board has at most 2 earlier neighbours). So no input of 3 rows costs more than about
//! 10 million transitions, whatever its blocked squares: well inside the time limit. Real
//! boards stay far below: the full 3 × 64 board, the largest, has 4 002 states a step and
//! 462 707 in all. Boards of 4 rows come without blocked squares and with at most 8
//! columns; the tests run every one of them (at most 57 390 states a step, 532 546 in all
//! on 4 × 8).

use crate::board::{Board, Square};
use std::collections::HashSet;

/// The layers' sets: a fast, fixed hash (the states are plain integers, no adversary).
type StateSet<T> = HashSet<T, foldhash::fast::FixedState>;

/// The most rows (the smaller side) this method takes: the window of 2h+1 squares, 4 bits
/// each, must fit in 60 bits.
pub const MAX_ROWS: usize = 7;

const EMPTY: u64 = 0;
const FULL: u64 = 1;
const END_S: u64 = 2;
const END_T: u64 = 3;
const FIRST_PAIR: u64 = 4;
/// The label a new pair gets before renumbering (no window holds 11 pairs).
const FRESH_PAIR: u64 = 15;
const T_USED: u64 = 1 << 62;
const DONE: u64 = 1 << 63;
const SLOT_MASK: u64 = (1 << 60) - 1;

/// The earlier neighbours of a square, as (row change, column change), in the bit order of
/// the move masks the layers store.
const BACKWARD: [(i64, i64); 4] = [(-1, -2), (1, -2), (-2, -1), (2, -1)];

fn label(state: u64, slot: usize) -> u64 {
    (state >> (4 * slot)) & 15
}

fn with_label(state: u64, slot: usize, value: u64) -> u64 {
    (state & !(15u64 << (4 * slot))) | (value << (4 * slot))
}

/// Gives every slot labelled `from` the label `to`.
fn relabel(state: u64, window: usize, from: u64, to: u64) -> u64 {
    let mut out = state;
    for slot in 0..window {
        if label(state, slot) == from {
            out = with_label(out, slot, to);
        }
    }
    out
}

/// Renumbers the pair labels in order of first appearance.
fn normalize(state: u64, window: usize) -> u64 {
    let mut rename = [0u64; 16];
    let mut next = FIRST_PAIR;
    let mut out = state;
    for slot in 0..window {
        let value = label(state, slot);
        if value >= FIRST_PAIR {
            if rename[value as usize] == 0 {
                rename[value as usize] = next;
                next += 1;
            }
            out = with_label(out, slot, rename[value as usize]);
        }
    }
    out
}

/// What the step at one square needs to know about it.
#[derive(Debug, Clone, Copy)]
struct Square3 {
    /// The square exists and is free.
    free: bool,
    /// It is the start.
    is_start: bool,
    /// The window slot of the start, when the start is in the window.
    start_slot: Option<usize>,
    /// The square leaving the window (slot 0) is the start.
    start_leaves: bool,
    /// The window slots of its earlier neighbours, by [`BACKWARD`] index.
    neighbours: [Option<usize>; 4],
}

/// The board turned column-major: `height` rows (the smaller side), squares numbered
/// `column * height + row`.
struct Layout {
    height: usize,
    length: usize,
    window: usize,
    free: Vec<bool>,
    start: usize,
}

impl Layout {
    fn new(board: &Board) -> Layout {
        let turned = if board.rows > board.cols {
            board.transposed()
        } else {
            board.clone()
        };
        let (height, length) = (turned.rows, turned.cols);
        let mut free = vec![false; height * length];
        for col in 0..length {
            for row in 0..height {
                free[col * height + row] = turned.is_free((row, col));
            }
        }
        Layout {
            height,
            length,
            window: 2 * height + 1,
            free,
            start: turned.start.1 * height + turned.start.0,
        }
    }

    /// The squares plus one window of blocked squares after them, which flushes the window.
    fn steps(&self) -> usize {
        self.height * self.length + self.window
    }

    fn describe(&self, index: usize) -> Square3 {
        let (row, col) = ((index % self.height) as i64, (index / self.height) as i64);
        let mut neighbours = [None; 4];
        for (k, &(dr, dc)) in BACKWARD.iter().enumerate() {
            let (r, c) = (row + dr, col + dc);
            if r >= 0 && r < self.height as i64 && c >= 0 {
                // The square index - window sits in slot 0 before this step.
                let slot = self.window as i64 + dc * self.height as i64 + dr;
                neighbours[k] = Some(slot as usize);
            }
        }
        let start = self.start;
        Square3 {
            free: index < self.free.len() && self.free[index],
            is_start: index == start,
            start_slot: (start < index && start + self.window >= index)
                .then(|| start + self.window - index),
            start_leaves: index >= self.window && index - self.window == start,
            neighbours,
        }
    }

    /// The square of a column-major index, in the coordinates of the original board.
    fn original(&self, index: usize, transposed: bool) -> Square {
        let (row, col) = (index % self.height, index / self.height);
        if transposed {
            (col, row)
        } else {
            (row, col)
        }
    }
}

/// Takes slot 0 out of the window (checking that its square needs no more moves), shifts
/// the window and puts `new_label` (the square just processed) at its end.
fn shift(
    state: u64,
    window: usize,
    new_label: u64,
    start_leaves: bool,
    finished_now: bool,
) -> Option<u64> {
    let mut state = state;
    let mut new_label = new_label;
    let mut finished = finished_now;
    let leaving = label(state, 0);
    match leaving {
        EMPTY => return None,
        FULL => {}
        _ => {
            // One move: the start, or else the end square (only one).
            let anchor = if start_leaves {
                END_S
            } else {
                if state & T_USED != 0 {
                    return None;
                }
                state |= T_USED;
                END_T
            };
            if leaving == anchor {
                return None;
            }
            if leaving == END_S || leaving == END_T {
                // The other end is already anchored: the piece is the whole tour.
                finished = true;
            } else {
                state = relabel(state, window, leaving, anchor);
                if new_label == leaving {
                    new_label = anchor;
                }
            }
        }
    }
    let flags = state & (T_USED | DONE);
    let mut next = ((state & SLOT_MASK) >> 4) | (new_label << (4 * (window - 1)));
    if finished {
        if (0..window).any(|slot| label(next, slot) != FULL) {
            return None;
        }
        next |= DONE;
    }
    Some(next | flags)
}

/// Every state that follows `state` at a square, with the mask of the moves chosen to
/// earlier squares (bits by [`BACKWARD`] index).
fn successors(state: u64, window: usize, square: &Square3, out: &mut Vec<(u64, u8)>) {
    out.clear();
    if !square.free {
        if let Some(next) = shift(state, window, FULL, square.start_leaves, false) {
            out.push((next, 0));
        }
        return;
    }
    if state & DONE != 0 {
        return;
    }
    let mut candidates = [(0usize, 0usize); 4];
    let mut count = 0;
    for (k, slot) in square.neighbours.iter().enumerate() {
        let Some(slot) = *slot else { continue };
        let value = label(state, slot);
        // FULL takes no move; the start takes only one.
        if value == FULL || (value != EMPTY && square.start_slot == Some(slot)) {
            continue;
        }
        candidates[count] = (k, slot);
        count += 1;
    }
    let most = if square.is_start { 1 } else { 2 };
    'subsets: for subset in 0u32..(1 << count) {
        if subset.count_ones() > most {
            continue;
        }
        let mut next = state;
        // The label of the square being processed: EMPTY, an end label, or FULL.
        let mut own = EMPTY;
        let mut finished = false;
        let mut mask = 0u8;
        for (j, &(k, slot)) in candidates[..count].iter().enumerate() {
            if subset >> j & 1 == 0 {
                continue;
            }
            mask |= 1 << k;
            let other = label(next, slot);
            if own == EMPTY {
                // First move: a new piece of two squares, or the square extends a piece.
                if other == EMPTY {
                    own = FRESH_PAIR;
                    next = with_label(next, slot, FRESH_PAIR);
                } else {
                    own = other;
                    next = with_label(next, slot, FULL);
                }
                continue;
            }
            // Second move: this square becomes FULL, joining its piece to `other`'s.
            if other == EMPTY {
                next = with_label(next, slot, own);
            } else if other == own {
                continue 'subsets; // a cycle
            } else {
                next = with_label(next, slot, FULL);
                match (own >= FIRST_PAIR, other >= FIRST_PAIR) {
                    (_, true) => next = relabel(next, window, other, own),
                    (true, false) => next = relabel(next, window, own, other),
                    // END_S meets END_T: the tour is complete.
                    (false, false) => finished = true,
                }
            }
            own = FULL;
        }
        if let Some(after) = shift(next, window, own, square.start_leaves, finished) {
            out.push((normalize(after, window), mask));
        }
    }
}

/// What the method did: the largest layer and the states over all layers.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// The most states in one layer.
    pub max_layer: usize,
    /// States over all layers.
    pub states: usize,
}

/// A tour of `board` from its start, or `None` when there is none, exactly, for a board
/// whose smaller side is at most [`MAX_ROWS`] (the caller checks; the time grows steeply
/// with it).
pub fn solve(board: &Board) -> (Option<Vec<Square>>, Stats) {
    assert!(
        board.rows.min(board.cols) <= MAX_ROWS,
        "the board is too wide for the frontier method"
    );
    let mut stats = Stats::default();
    if board.free_count() == 1 {
        return (Some(vec![board.start]), stats);
    }
    let layout = Layout::new(board);
    let window = layout.window;
    let initial = (0..window).fold(0, |state, slot| with_label(state, slot, FULL));
    let mut states = vec![initial];
    // For each step, the parent (index in the previous layer) and move mask of each state.
    let mut parents: Vec<Vec<(u32, u8)>> = Vec::with_capacity(layout.steps());
    let mut successors_of = Vec::new();
    for index in 0..layout.steps() {
        let square = layout.describe(index);
        let mut seen = StateSet::with_capacity_and_hasher(states.len() * 2, Default::default());
        let mut next_states = Vec::new();
        let mut layer = Vec::new();
        for (parent, &state) in states.iter().enumerate() {
            successors(state, window, &square, &mut successors_of);
            for &(next, mask) in &successors_of {
                if seen.insert(next) {
                    next_states.push(next);
                    layer.push((parent as u32, mask));
                }
            }
        }
        stats.max_layer = stats.max_layer.max(next_states.len());
        stats.states += next_states.len();
        parents.push(layer);
        states = next_states;
        if states.is_empty() {
            return (None, stats);
        }
    }
    let Some(mut at) = states.iter().position(|&state| state & DONE != 0) else {
        return (None, stats);
    };
    // Walk the parents back, collecting each square's moves to earlier squares.
    let squares = layout.height * layout.length;
    let mut adjacent: Vec<Vec<usize>> = vec![Vec::new(); squares];
    for index in (0..layout.steps()).rev() {
        let (parent, mask) = parents[index][at];
        at = parent as usize;
        let (row, col) = (
            (index % layout.height) as i64,
            (index / layout.height) as i64,
        );
        for (k, &(dr, dc)) in BACKWARD.iter().enumerate() {
            if mask >> k & 1 == 1 {
                let other = ((col + dc) * layout.height as i64 + row + dr) as usize;
                adjacent[index].push(other);
                adjacent[other].push(index);
            }
        }
    }
    let transposed = board.rows > board.cols;
    let mut tour = vec![layout.original(layout.start, transposed)];
    let (mut previous, mut current) = (usize::MAX, layout.start);
    while let Some(&next) = adjacent[current].iter().find(|&&next| next != previous) {
        tour.push(layout.original(next, transposed));
        previous = current;
        current = next;
    }
    (Some(tour), stats)
}

/// The most states a layer can hold for any board of `height` rows and `length` columns,
/// any blocked squares and any start: the layers of the same method run over all boards at
/// once (each square may be blocked, free, or the start if none was yet), with the start's
/// slot kept beside each state. A specific board's states at a step map one to one into
/// this union (its start's slot is the same in all of them), so its layers are never larger.
/// Returns the largest layer of the union with the start's slot dropped, and the sum over
/// the layers.
pub fn union_layer_bound(height: usize, length: usize) -> (usize, usize) {
    let window = 2 * height + 1;
    let squares = height * length;
    let layout = Layout {
        height,
        length,
        window,
        free: vec![true; squares],
        start: usize::MAX,
    };
    // The start's place: 0 not yet placed, slot + 1 in the window, u8::MAX gone.
    const GONE: u8 = u8::MAX;
    let initial = (0..window).fold(0, |state, slot| with_label(state, slot, FULL));
    let mut layer: StateSet<(u64, u8)> = [(initial, 0u8)].into_iter().collect();
    let (mut largest, mut total) = (1, 0);
    let mut successors_of = Vec::new();
    for index in 0..squares + window {
        let mut geometry = layout.describe(index);
        let mut next_layer = StateSet::default();
        for &(state, place) in &layer {
            let in_window = (1..=window as u8).contains(&place);
            geometry.start_slot = in_window.then(|| place as usize - 1);
            geometry.start_leaves = place == 1;
            let after_shift = match place {
                0 | GONE => place,
                1 => GONE,
                slot => slot - 1,
            };
            let mut kinds = vec![(false, false)];
            if index < squares {
                kinds.push((true, false));
                if place == 0 {
                    kinds.push((true, true));
                }
            }
            for (free, is_start) in kinds {
                geometry.free = free;
                geometry.is_start = is_start;
                successors(state, window, &geometry, &mut successors_of);
                let place_after = if is_start { window as u8 } else { after_shift };
                for &(next, _) in &successors_of {
                    next_layer.insert((next, place_after));
                }
            }
        }
        layer = next_layer;
        let projected: StateSet<u64> = layer.iter().map(|&(state, _)| state).collect();
        largest = largest.max(projected.len());
        total += projected.len();
    }
    (largest, total)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tour_ok(board: &Board, tour: &[Square]) {
        let walk: Vec<(i64, i64)> = tour.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
        board.check_tour(&walk).unwrap();
    }

    #[test]
    fn small_board_facts() {
        // 3 x 4: tours from 6 of the 12 squares; 3 x 3, 3 x 5, 3 x 6, 4 x 4: none; 3 x 7:
        // from 10 of 21; 4 x 5: from the 10 squares of the outer rows.
        for (rows, cols, expected) in [
            (3, 3, 0),
            (3, 4, 6),
            (3, 5, 0),
            (3, 6, 0),
            (3, 7, 10),
            (4, 4, 0),
            (4, 5, 10),
            (2, 5, 0),
            (1, 1, 1),
            (1, 2, 0),
        ] {
            let mut found = 0;
            for row in 0..rows {
                for col in 0..cols {
                    let board = Board::open(rows, cols, (row, col));
                    if let (Some(tour), _) = solve(&board) {
                        tour_ok(&board, &tour);
                        found += 1;
                    }
                    let (turned, _) = solve(&board.transposed());
                    assert_eq!(turned.is_some(), solve(&board).0.is_some());
                }
            }
            assert_eq!(found, expected, "{rows} x {cols}");
        }
    }

    #[test]
    fn three_row_union_bound() {
        // The numbers the doc comment quotes: stable from 8 columns on.
        assert_eq!(union_layer_bound(3, 8).0, 14_515);
        assert_eq!(union_layer_bound(3, 64), (14_515, 2_386_057));
        assert_eq!(union_layer_bound(2, 64).0, 341);
        // A real board never exceeds the union.
        let (_, stats) = solve(&Board::open(3, 64, (1, 30)));
        assert!(
            stats.max_layer <= 14_515 && stats.states <= 2_386_057,
            "{stats:?}"
        );
    }
}
