//! The fast methods for open boards (no blocked squares, both sides at least 5): Warnsdorff's
//! rule, and Pósa's rotations when it gets stuck.
//!
//! Warnsdorff's rule (1823) moves to the unvisited neighbour with the fewest unvisited
//! neighbours of its own; ties go to the square farthest from the centre (Roth), then the
//! lowest index. It takes linear time and finds a tour from almost every start (it fails on
//! 1 % of the starts of the boards up to 64 × 64, mostly on narrow ones such as 5 × m).
//!
//! When it fails, [`tour_by_rotations`] starts Warnsdorff from the squares nearest the start
//! instead, until one run covers the board, and turns that tour (which ends next to the
//! start) into one that ends on the start by rotations: if the end e of a path
//! p0 … pk is a move away from pi, then p0 … pi pk … pi+1 is a path over the same squares
//! ending at pi+1. Each rotation picks, two times out of three, the one whose new end is
//! nearest the start (a random one otherwise); the path, read backwards, is the tour.

use crate::graph::Graph;
use checker_kit::Rng;

/// Warnsdorff's rule from `start` with Roth's tie-break: a tour, or `None` when it gets
/// stuck.
pub fn warnsdorff(graph: &Graph, start: usize) -> Option<Vec<usize>> {
    // Unvisited moves of each square; u32::MAX marks a visited square.
    let mut left: Vec<u32> = (0..graph.free.len()).map(|i| graph.degree(i)).collect();
    let mut tour = Vec::with_capacity(graph.free_count);
    let mut current = start;
    loop {
        left[current] = u32::MAX;
        tour.push(current);
        let moves = graph.moves(current);
        for &next in moves {
            left[next as usize] = left[next as usize].wrapping_sub(1);
        }
        if tour.len() == graph.free_count {
            return Some(tour);
        }
        let mut best: Option<(u32, i64, usize)> = None;
        for &next in moves {
            let next = next as usize;
            let degree = left[next];
            // Visited squares hold u32::MAX - k after the decrements above.
            if degree > 8 {
                continue;
            }
            let key = (degree, -graph.outwardness(next), next);
            if best.is_none_or(|b| key < b) {
                best = Some(key);
            }
        }
        current = best?.2;
    }
}

/// How [`tour_by_rotations`] went.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RotationStats {
    /// Warnsdorff runs from other squares before one covered the board.
    pub runs: usize,
    /// Rotations made.
    pub rotations: u64,
}

/// A tour from `start` (whose colour allows one) built from a Warnsdorff tour of another
/// square by at most `rotation_budget` rotations, or `None` (with what was tried).
pub fn tour_by_rotations(
    graph: &Graph,
    start: usize,
    rotation_budget: u64,
) -> (Option<Vec<usize>>, RotationStats) {
    let mut stats = RotationStats::default();
    let (start_row, start_col) = graph.square(start);
    let start_white = (start_row + start_col) % 2 == 0;
    // A rotation keeps the colour of the end (pi is a move from the end, pi+1 a move from
    // pi), so only a tour from a square of the start's colour can be rotated onto it.
    let mut others: Vec<usize> = (0..graph.free.len())
        .filter(|&index| {
            let (row, col) = graph.square(index);
            graph.free[index] && index != start && ((row + col) % 2 == 0) == start_white
        })
        .collect();
    let distance = |index: usize| {
        let (row, col) = graph.square(index);
        let (dr, dc) = (row as i64 - start_row as i64, col as i64 - start_col as i64);
        dr * dr + dc * dc
    };
    others.sort_by_key(|&index| (distance(index), index));
    let mut base = None;
    for &other in &others {
        stats.runs += 1;
        if let Some(tour) = warnsdorff(graph, other) {
            base = Some(tour);
            break;
        }
    }
    let Some(mut path) = base else {
        return (None, stats);
    };
    let mut position = vec![usize::MAX; graph.free.len()];
    for (at, &index) in path.iter().enumerate() {
        position[index] = at;
    }
    let manhattan = |index: usize| {
        let (row, col) = graph.square(index);
        row.abs_diff(start_row) + col.abs_diff(start_col)
    };
    let last = path.len() - 1;
    let mut rng = Rng::new(0x6b6e_6967_6874);
    while path[0] != start && path[last] != start {
        if stats.rotations == rotation_budget {
            return (None, stats);
        }
        stats.rotations += 1;
        // Rotate the tail or (as the mirror image) the head, at random.
        let at_tail = rng.below(2) == 0;
        let end = if at_tail { path[last] } else { path[0] };
        // Pivots: the path neighbours pi of the end that leave a new end pi+1 (at the tail)
        // or pi-1 (at the head) other than the end itself.
        let mut pivots = [(0usize, 0usize); 8];
        let mut count = 0;
        for &next in graph.moves(end) {
            let at = position[next as usize];
            let new_end = if at_tail {
                (at + 1 < last).then(|| at + 1)
            } else {
                (at > 1).then(|| at - 1)
            };
            if let Some(new_end) = new_end {
                pivots[count] = (manhattan(path[new_end]), at);
                count += 1;
            }
        }
        if count == 0 {
            continue;
        }
        let pivots = &pivots[..count];
        let at = if rng.below(3) != 0 {
            let nearest = pivots.iter().map(|p| p.0).min().unwrap_or(0);
            let ties: Vec<usize> = pivots
                .iter()
                .filter(|p| p.0 == nearest)
                .map(|p| p.1)
                .collect();
            ties[rng.below(ties.len() as u64) as usize]
        } else {
            pivots[rng.below(count as u64) as usize].1
        };
        let segment = if at_tail { at + 1..last + 1 } else { 0..at };
        path[segment.clone()].reverse();
        for index in segment {
            position[path[index]] = index;
        }
    }
    if path[0] != start {
        path.reverse();
    }
    (Some(path), stats)
}
