//! Whether a board has any walk at all, exactly, by dynamic programming over the cells in
//! row-major order (a "frontier" or "broken profile" DP), for K >= 3.
//!
//! When K >= 3 every edge between neighbours has at most one direction (u -> v when v holds
//! a(u) + 1), so a walk is exactly a set of edges in which every cell but the start has one
//! incoming and every cell but the end one outgoing edge, no two diagonals of a 2 x 2 block
//! are both used, and the edges form one path (no cycle). All of that can be checked while
//! the edges are chosen cell by cell: when cell i is processed, its edges to its earlier
//! neighbours (left, up-left, up, up-right) are chosen. What the rest of the board needs to
//! know is only the "frontier", the last N + 1 cells: which edges each of them still needs
//! (incoming, outgoing) and which of them are the two open ends of the same path piece.
//! Path pieces are named by labels; the piece that holds the start has a label of its own.
//! Joining the two ends of one piece would close a cycle and is refused. The one crossing
//! that can arise at cell i, its up-left edge against its left neighbour's up-right edge,
//! is refused with one extra bit: whether the previous cell took its up-right edge.
//!
//! The number of frontiers is small for K >= 3 (each cell has few possible edges), so this
//! decides quickly what the search can take long to refute: boards with no walk. It is
//! not used for K <= 2, where edges go both ways and frontiers are far more numerous.

use crate::Board;

/// Bits per frontier slot: 2 for the missing edges (1: incoming, 2: outgoing), 3 for the
/// label (0: none; 1..=6: a piece; 7: the piece holding the start).
const SLOT_BITS: u32 = 5;
const START_LABEL: u64 = 7;
const NEED_IN: u64 = 1;
const NEED_OUT: u64 = 2;
/// The frontier bit telling that the previous cell took its up-right edge.
const PREVIOUS_UP_RIGHT: u64 = 1 << 63;

fn slot(state: u64, index: usize) -> (u64, u64) {
    let bits = (state >> (SLOT_BITS as usize * index)) & 31;
    (bits & 3, bits >> 2)
}

fn with_slot(state: u64, index: usize, need: u64, label: u64) -> u64 {
    let shift = SLOT_BITS as usize * index;
    (state & !(31u64 << shift)) | ((need | (label << 2)) << shift)
}

/// Renames the piece labels 1..=6 in order of first appearance, so that equal frontiers
/// have equal states.
fn normalize(state: u64, slots: usize) -> u64 {
    let mut rename = [0u64; 8];
    let mut next = 1;
    let mut out = state & PREVIOUS_UP_RIGHT;
    for index in 0..slots {
        let (need, label) = slot(state, index);
        let label = if label == 0 || label == START_LABEL {
            label
        } else {
            if rename[label as usize] == 0 {
                rename[label as usize] = next;
                next += 1;
            }
            rename[label as usize]
        };
        out = with_slot(out, index, need, label);
    }
    out
}

fn relabel(state: u64, slots: usize, from: u64, to: u64) -> u64 {
    let mut out = state;
    for index in 0..slots {
        let (need, label) = slot(state, index);
        if label == from {
            out = with_slot(out, index, need, to);
        }
    }
    out
}

/// Whether the board (K >= 3, N >= 2, start cell 0) has a walk of the problem, and how many
/// frontier states were processed; `None` once more than `budget` states were processed
/// without an answer.
pub fn has_walk(board: &Board, budget: usize) -> (Option<bool>, usize) {
    let n = board.side;
    let k = board.modulus;
    assert!(k >= 3 && n >= 2, "the frontier DP is for K >= 3 and N >= 2");
    let cells = n * n;
    let values = &board.values;
    let slots = n + 1;
    // A label free in every normalized state (at most five pieces have two ends among the
    // N + 1 <= 11 frontier cells, named 1..=5): the piece a cell starts with a neighbour
    // that had no edge yet.
    const FRESH: u64 = 6;
    let mut current: Vec<u64> = vec![0];
    let mut processed = 0;
    for cell in 0..cells {
        let (row, col) = (cell / n, cell % n);
        // Earlier neighbours: (slot, neighbour, whether the edge is up-left, up-right).
        let mut earlier: Vec<(usize, usize, bool, bool)> = Vec::with_capacity(4);
        if row > 0 && col > 0 {
            earlier.push((0, cell - n - 1, true, false));
        }
        if row > 0 {
            earlier.push((1, cell - n, false, false));
        }
        if row > 0 && col + 1 < n {
            earlier.push((2, cell - n + 1, false, true));
        }
        if col > 0 {
            earlier.push((n, cell - 1, false, false));
        }
        // The direction of each possible edge: NEED_IN if the neighbour would be this cell's
        // predecessor, NEED_OUT if its successor, 0 if no step joins them.
        let kinds: Vec<u64> = earlier
            .iter()
            .map(|&(_, other, _, _)| {
                let (a, b) = (usize::from(values[other]), usize::from(values[cell]));
                if b == (a + 1) % k {
                    NEED_IN
                } else if a == (b + 1) % k {
                    NEED_OUT
                } else {
                    0
                }
            })
            .collect();
        let mut own_need = 0;
        if cell != 0 {
            own_need |= NEED_IN;
        }
        if cell != cells - 1 {
            own_need |= NEED_OUT;
        }
        // The sets of earlier edges this cell may take whatever the frontier: edges that
        // exist, at most one predecessor and one successor, none the cell cannot have.
        let choices: Vec<u32> = (0u32..(1 << earlier.len()))
            .filter(|&choice| {
                let mut taken = 0;
                (0..earlier.len())
                    .filter(|i| choice >> i & 1 == 1)
                    .all(|i| {
                        let ok = kinds[i] != 0 && own_need & kinds[i] != 0 && taken & kinds[i] == 0;
                        taken |= kinds[i];
                        ok
                    })
            })
            .collect();
        let mut next: Vec<u64> = Vec::with_capacity(current.len() * 2);
        for &state in &current {
            processed += 1;
            if processed > budget {
                return (None, processed);
            }
            let previous_up_right = state & PREVIOUS_UP_RIGHT != 0;
            'choice: for &choice in &choices {
                let mut work = state & !PREVIOUS_UP_RIGHT;
                let mut need = own_need;
                // The labels of the pieces this cell joins; FRESH for a neighbour that had no
                // edge yet (it and this cell start a piece).
                let mut joined: [u64; 2] = [0; 2];
                let mut joins = 0;
                let mut up_right = false;
                for (index, &(position, _, up_left, is_up_right)) in earlier.iter().enumerate() {
                    if choice >> index & 1 == 0 {
                        continue;
                    }
                    let kind = kinds[index];
                    if kind == 0 || need & kind == 0 || (up_left && previous_up_right) {
                        continue 'choice;
                    }
                    // The neighbour needs the other end of the same edge.
                    let other_kind = if kind == NEED_IN { NEED_OUT } else { NEED_IN };
                    let (other_need, other_label) = slot(work, position);
                    if other_need & other_kind == 0 {
                        continue 'choice;
                    }
                    need &= !kind;
                    up_right |= is_up_right;
                    let left = other_need & !other_kind;
                    let label = if other_label == 0 { FRESH } else { other_label };
                    joined[joins] = label;
                    joins += 1;
                    work = with_slot(work, position, left, if left == 0 { 0 } else { label });
                }
                // The piece this cell belongs to now.
                let label = match joins {
                    0 => {
                        if cell == 0 {
                            START_LABEL
                        } else {
                            0
                        }
                    }
                    1 => joined[0],
                    _ => {
                        let (a, b) = (joined[0], joined[1]);
                        if a == b && a != FRESH {
                            continue 'choice; // both ends of one piece: a cycle
                        }
                        let (keep, drop) = if a == FRESH || b == START_LABEL {
                            (b, a)
                        } else {
                            (a, b)
                        };
                        if keep != drop {
                            work = relabel(work, slots, drop, keep);
                        }
                        keep
                    }
                };
                // The start's piece must not be closed by the end before the last cell.
                if cell == cells - 1 && (need != 0 || label != START_LABEL) {
                    continue 'choice;
                }
                // The cell leaving the frontier must need nothing more.
                if slot(work, 0).0 != 0 {
                    continue 'choice;
                }
                let mut shifted =
                    (work & ((1u64 << (SLOT_BITS as usize * slots)) - 1)) >> SLOT_BITS;
                let own_label = if need == 0 { 0 } else { label };
                shifted = with_slot(shifted, slots - 1, need, own_label);
                if up_right {
                    shifted |= PREVIOUS_UP_RIGHT;
                }
                if cell == cells - 1 {
                    if shifted & !PREVIOUS_UP_RIGHT == 0 {
                        return (Some(true), processed);
                    }
                    continue 'choice;
                }
                next.push(normalize(shifted, slots));
            }
        }
        if next.is_empty() {
            return (Some(false), processed);
        }
        // Equal frontiers have equal futures: keep one of each.
        next.sort_unstable();
        next.dedup();
        current = next;
    }
    (Some(false), processed)
}
