//! The reference search: one colouring that meets every clue, or `None` if there is none.
//!
//! Why it is right. Cells are decided one by one in row-major order, each tried white and
//! black, so the search is complete. Everything that cuts it short is sound:
//!
//! - propagation: a clue whose block already holds x black cells makes its other cells
//!   white; one that needs all its undecided cells black makes them black; a clue with more
//!   than x black cells, or too few undecided cells left to reach x, is a dead end. For two
//!   clues A and B whose blocks overlap in cells S, the black count of S is bounded by both
//!   clues at once, and when those bounds force A \ S, B \ S or S all one colour, they are
//!   set (the "overlap" reasoning people use on these puzzles). Every forced cell is a
//!   consequence of the clues and the decided cells, so no colouring is lost.
//! - memo: once the cells before k are decided, whether the rest can be completed depends
//!   only on k and on how many black cells each clue with cells on both sides of k still
//!   needs; a failed (k, needs) is stored and never searched again (a DP over the cut).
//! - portfolio: the same search runs on the 8 symmetric images of the board, each trying
//!   white first and black first (the two share the image's memo), in rounds with a node
//!   budget that doubles; the first run to finish answers. A budget only stops a run early,
//!   it never marks a state failed.
//!
//! Why it is fast. A search in one fixed direction can be led into a large region that
//! only fails far away (sparse clues whose contradiction lies rows later); the memo bounds
//! that by the number of distinct cuts, propagation catches most contradictions at once,
//! and the portfolio makes an adversary defeat 16 directions at the same time. Measured
//! (release build, about 1 µs per node): random 10 × 10 boards take about 101 nodes; the
//! recipe's local searches (1000 iterations) find boards of 20 000 to 29 000 nodes, under
//! 30 ms (secret/25..27); the longest search run so far, `pixel-placement-gen search 10 10
//! reference 6000 55 7` (2.5 minutes), found one of 141 391 nodes, 0.14 s. Such boards are
//! hard in every direction (8 000 to 31 000 nodes each), so there the portfolio costs
//! about 16 times its best direction; it is not a proven bound.

use crate::board::{Board, Symmetry};
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// What [`solve`] found, and how hard it worked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// A colouring meeting every clue (row-major, `true` = black), if there is one.
    pub colouring: Option<Vec<bool>>,
    /// Search nodes visited, over all variants and rounds (the generator maximises it).
    pub nodes: u64,
}

/// The node budget of each variant in the first round.
const FIRST_BUDGET: u64 = 256;

/// Finds a colouring of `board` meeting every clue.
pub fn solve(board: &Board) -> Outcome {
    let mut searches: Vec<(Symmetry, Search)> = Symmetry::all()
        .into_iter()
        .map(|symmetry| (symmetry, Search::new(&board.transformed(symmetry))))
        .collect();
    let mut nodes = 0;
    let mut budget = FIRST_BUDGET;
    loop {
        for (symmetry, search) in &mut searches {
            // Both colour orders share the image's memo: a failed cut fails either way.
            for black_first in [false, true] {
                let step = search.run(budget, black_first);
                nodes += search.nodes;
                match step {
                    Step::OutOfBudget => continue,
                    Step::Failed => {
                        return Outcome {
                            colouring: None,
                            nodes,
                        }
                    }
                    Step::Found => {
                        let image = search.colouring();
                        let colouring = (0..board.rows)
                            .flat_map(|row| (0..board.cols).map(move |col| (row, col)))
                            .map(|(row, col)| {
                                image[symmetry.image(board.rows, board.cols, row, col)]
                            })
                            .collect();
                        return Outcome {
                            colouring: Some(colouring),
                            nodes,
                        };
                    }
                }
            }
        }
        budget *= 2;
    }
}

/// Runs one variant alone (the identity image, white first or black first) with a node
/// budget; `None` when the budget runs out. For the generator, which looks for boards that
/// are hard for a single direction.
pub fn solve_one_direction(board: &Board, black_first: bool, budget: u64) -> Option<Outcome> {
    let mut search = Search::new(board);
    let step = search.run(budget, black_first);
    let colouring = match step {
        Step::OutOfBudget => return None,
        Step::Failed => None,
        Step::Found => Some(search.colouring()),
    };
    Some(Outcome {
        colouring,
        nodes: search.nodes,
    })
}

/// How a search (or a subtree of it) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Found,
    Failed,
    OutOfBudget,
}

/// Two clues whose blocks share cells.
#[derive(Debug, Clone)]
struct Overlap {
    other: usize,
    shared: Vec<usize>,
    mine_only: Vec<usize>,
    other_only: Vec<usize>,
}

/// What does not change during a search: the clues and where they lie.
#[derive(Debug, Clone)]
struct Layout {
    cells: usize,
    target: Vec<u8>,
    clue_cells: Vec<Vec<usize>>,
    cell_clues: Vec<Vec<usize>>,
    overlaps: Vec<Vec<Overlap>>,
    /// `straddling[k]`: the clues with a cell before k and a cell at or after k.
    straddling: Vec<Vec<usize>>,
}

impl Layout {
    fn new(board: &Board) -> Layout {
        let cells = board.rows * board.cols;
        let mut target = Vec::new();
        let mut clue_cells: Vec<Vec<usize>> = Vec::new();
        let mut cell_clues = vec![Vec::new(); cells];
        for row in 0..board.rows {
            for col in 0..board.cols {
                if let Some(digit) = board.clue(row, col) {
                    let id = target.len();
                    target.push(digit);
                    let block: Vec<usize> = board.block(row, col).collect();
                    for &cell in &block {
                        cell_clues[cell].push(id);
                    }
                    clue_cells.push(block);
                }
            }
        }
        let overlaps = (0..target.len())
            .map(|a| {
                (0..target.len())
                    .filter(|&b| b != a)
                    .filter_map(|b| {
                        let (mine, other) = (&clue_cells[a], &clue_cells[b]);
                        let shared: Vec<usize> =
                            mine.iter().copied().filter(|c| other.contains(c)).collect();
                        (!shared.is_empty()).then(|| Overlap {
                            other: b,
                            mine_only: mine
                                .iter()
                                .copied()
                                .filter(|c| !shared.contains(c))
                                .collect(),
                            other_only: other
                                .iter()
                                .copied()
                                .filter(|c| !shared.contains(c))
                                .collect(),
                            shared,
                        })
                    })
                    .collect()
            })
            .collect();
        // Blocks are listed in row-major order, so first and last are the extreme cells.
        let straddling = (0..=cells)
            .map(|k| {
                (0..target.len())
                    .filter(|&id| {
                        clue_cells[id][0] < k && k <= *clue_cells[id].last().unwrap_or(&0)
                    })
                    .collect()
            })
            .collect();
        Layout {
            cells,
            target,
            clue_cells,
            cell_clues,
            overlaps,
            straddling,
        }
    }
}

/// A cell's colour while searching.
const UNKNOWN: u8 = 2;

/// What changes during a search.
#[derive(Debug, Clone)]
struct State {
    /// 0 white, 1 black, [`UNKNOWN`]: decided cells and cells forced by propagation.
    value: Vec<u8>,
    /// Per clue: black cells and unknown cells in its block.
    black: Vec<u8>,
    unknown: Vec<u8>,
    /// Per clue: its digit minus the black cells among the decided cells (the memo key).
    need: Vec<u8>,
    /// Cells given a colour, in order, to undo.
    trail: Vec<usize>,
    /// Clues whose counts changed since propagation last looked at them.
    queue: Vec<usize>,
    queued: Vec<bool>,
}

impl State {
    fn new(layout: &Layout) -> State {
        let clues = layout.target.len();
        State {
            value: vec![UNKNOWN; layout.cells],
            black: vec![0; clues],
            unknown: layout
                .clue_cells
                .iter()
                .map(|cells| cells.len() as u8)
                .collect(),
            need: layout.target.clone(),
            trail: Vec::new(),
            queue: (0..clues).collect(),
            queued: vec![true; clues],
        }
    }

    fn assign(&mut self, layout: &Layout, cell: usize, colour: u8) {
        self.value[cell] = colour;
        self.trail.push(cell);
        for &id in &layout.cell_clues[cell] {
            self.unknown[id] -= 1;
            self.black[id] += colour;
            if !self.queued[id] {
                self.queued[id] = true;
                self.queue.push(id);
            }
        }
    }

    fn undo_to(&mut self, layout: &Layout, mark: usize) {
        while self.trail.len() > mark {
            let cell = self.trail.pop().expect("the trail is longer than mark");
            let colour = self.value[cell];
            for &id in &layout.cell_clues[cell] {
                self.unknown[id] += 1;
                self.black[id] -= colour;
            }
            self.value[cell] = UNKNOWN;
        }
    }

    /// Gives every unknown cell of `cells` the colour `colour`.
    fn force(&mut self, layout: &Layout, cells: &[usize], colour: u8) {
        for &cell in cells {
            if self.value[cell] == UNKNOWN {
                self.assign(layout, cell, colour);
            }
        }
    }

    /// Applies the clue rules until nothing changes; false on a contradiction.
    fn propagate(&mut self, layout: &Layout) -> bool {
        while let Some(id) = self.queue.pop() {
            self.queued[id] = false;
            if !self.single(layout, id) || !self.overlaps(layout, id) {
                for id in self.queue.drain(..) {
                    self.queued[id] = false;
                }
                return false;
            }
        }
        true
    }

    fn single(&mut self, layout: &Layout, id: usize) -> bool {
        let (target, black, unknown) = (layout.target[id], self.black[id], self.unknown[id]);
        if black > target || black + unknown < target {
            return false;
        }
        if unknown > 0 && black == target {
            self.force(layout, &layout.clue_cells[id], 0);
        } else if unknown > 0 && black + unknown == target {
            self.force(layout, &layout.clue_cells[id], 1);
        }
        true
    }

    fn overlaps(&mut self, layout: &Layout, id: usize) -> bool {
        for overlap in &layout.overlaps[id] {
            let other = overlap.other;
            let unknown_shared = overlap
                .shared
                .iter()
                .filter(|&&cell| self.value[cell] == UNKNOWN)
                .count() as i32;
            if unknown_shared == 0 {
                continue;
            }
            let mine_left = i32::from(layout.target[id]) - i32::from(self.black[id]);
            let other_left = i32::from(layout.target[other]) - i32::from(self.black[other]);
            let mine_only = i32::from(self.unknown[id]) - unknown_shared;
            let other_only = i32::from(self.unknown[other]) - unknown_shared;
            // Black cells among the unknown shared cells: both clues bound them.
            let low = 0.max(mine_left - mine_only).max(other_left - other_only);
            let high = unknown_shared.min(mine_left).min(other_left);
            if low > high {
                return false;
            }
            if mine_only > 0 && mine_left == low {
                self.force(layout, &overlap.mine_only, 0);
            } else if mine_only > 0 && mine_left - high == mine_only {
                self.force(layout, &overlap.mine_only, 1);
            }
            if other_only > 0 && other_left == low {
                self.force(layout, &overlap.other_only, 0);
            } else if other_only > 0 && other_left - high == other_only {
                self.force(layout, &overlap.other_only, 1);
            }
            if high == 0 {
                self.force(layout, &overlap.shared, 0);
            } else if low == unknown_shared {
                self.force(layout, &overlap.shared, 1);
            }
        }
        true
    }
}

/// A 64-bit multiplicative hash for the memo's u128 keys (deterministic and fast).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(byte)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let mixed = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = (mixed ^ (mixed >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
}

/// The search on one image of the board; each run picks the colour tried first.
#[derive(Debug, Clone)]
struct Search {
    layout: Layout,
    state: State,
    first: u8,
    /// False when propagation refutes the board before any decision.
    consistent: bool,
    failed: HashSet<u128, BuildHasherDefault<KeyHasher>>,
    nodes: u64,
    budget: u64,
}

impl Search {
    fn new(board: &Board) -> Search {
        let layout = Layout::new(board);
        let mut state = State::new(&layout);
        let consistent = state.propagate(&layout);
        Search {
            layout,
            state,
            first: 0,
            consistent,
            failed: HashSet::default(),
            nodes: 0,
            budget: 0,
        }
    }

    /// Searches from the start with `budget` nodes; failed states found earlier stay known.
    fn run(&mut self, budget: u64, black_first: bool) -> Step {
        self.nodes = 0;
        self.budget = budget;
        self.first = u8::from(black_first);
        if !self.consistent {
            return Step::Failed;
        }
        self.dfs(0)
    }

    fn colouring(&self) -> Vec<bool> {
        self.state.value.iter().map(|&colour| colour == 1).collect()
    }

    /// The memo key of cut `k`: the needs of the straddling clues, then k.
    fn key(&self, k: usize) -> u128 {
        let needs = self.layout.straddling[k]
            .iter()
            .fold(0u128, |key, &id| key << 4 | u128::from(self.state.need[id]));
        needs << 7 | k as u128
    }

    fn dfs(&mut self, k: usize) -> Step {
        self.nodes += 1;
        if self.nodes > self.budget {
            return Step::OutOfBudget;
        }
        if k == self.layout.cells {
            return Step::Found;
        }
        let key = self.key(k);
        if self.failed.contains(&key) {
            return Step::Failed;
        }
        let forced = self.state.value[k];
        for colour in [self.first, 1 - self.first] {
            if forced != UNKNOWN && forced != colour {
                continue;
            }
            let mark = self.state.trail.len();
            if forced == UNKNOWN {
                self.state.assign(&self.layout, k, colour);
                if !self.state.propagate(&self.layout) {
                    self.state.undo_to(&self.layout, mark);
                    continue;
                }
            }
            for &id in &self.layout.cell_clues[k] {
                self.state.need[id] -= colour;
            }
            let step = self.dfs(k + 1);
            if step == Step::Found {
                return step;
            }
            for &id in &self.layout.cell_clues[k] {
                self.state.need[id] += colour;
            }
            self.state.undo_to(&self.layout, mark);
            if step == Step::OutOfBudget {
                return step;
            }
        }
        self.failed.insert(key);
        Step::Failed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::Rng;

    /// Tries every colouring: the definition, for boards of at most 16 cells (a colouring
    /// and each block are bit masks, so this stays quick in debug builds).
    fn brute_force(board: &Board) -> bool {
        let cells = board.rows * board.cols;
        let clues: Vec<(u32, u32)> = (0..board.rows)
            .flat_map(|row| (0..board.cols).map(move |col| (row, col)))
            .filter_map(|(row, col)| {
                let digit = board.clue(row, col)?;
                let block = board.block(row, col).fold(0, |mask, cell| mask | 1 << cell);
                Some((block, u32::from(digit)))
            })
            .collect();
        (0u32..1 << cells).any(|colouring| {
            clues
                .iter()
                .all(|&(block, digit)| (colouring & block).count_ones() == digit)
        })
    }

    fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> Board {
        // Half the time clues from a hidden colouring (solvable), else random digits
        // (mostly unsolvable), so both answers are exercised.
        let hidden: Vec<bool> = (0..rows * cols).map(|_| rng.chance(1, 2)).collect();
        let from_hidden = rng.chance(1, 2);
        let density = rng.range(0, 100) as u64;
        let mut board = Board {
            rows,
            cols,
            clues: vec![None; rows * cols],
        };
        for row in 0..rows {
            for col in 0..cols {
                if rng.chance(density, 100) {
                    let black = board.block(row, col).filter(|&cell| hidden[cell]).count();
                    let digit = if from_hidden {
                        black as u8
                    } else {
                        rng.range(0, 5) as u8
                    };
                    board.clues[row * cols + col] = Some(digit);
                }
            }
        }
        board
    }

    #[test]
    fn agrees_with_brute_force_on_small_boards() {
        let mut rng = Rng::new(2023);
        let mut solvable = 0;
        for round in 0..2500 {
            // Every shape of at most 12 cells, then some 4 × 4 boards.
            let (rows, cols) = if round < 2300 {
                let rows = rng.range(1, 4) as usize;
                (rows, rng.range(1, 12 / rows as i64) as usize)
            } else {
                (4, 4)
            };
            let board = random_board(&mut rng, rows, cols);
            let outcome = solve(&board);
            assert_eq!(
                outcome.colouring.is_some(),
                brute_force(&board),
                "{board:?}"
            );
            if let Some(colouring) = outcome.colouring {
                assert_eq!(board.first_violation(&colouring), None, "{board:?}");
                solvable += 1;
            }
        }
        assert!(
            solvable > 800 && solvable < 2400,
            "{solvable} of 2500 solvable"
        );
    }

    #[test]
    fn solves_the_sample_and_rejects_an_impossible_board() {
        let board =
            Board::parse("6 8\n_1__5_1_\n1_4__42_\n3__6__5_\n___56___\n_688___4\n_____6__\n")
                .unwrap();
        let colouring = solve(&board).colouring.unwrap();
        assert_eq!(board.first_violation(&colouring), None);
        // Two neighbouring corners of a 1 × 2 board: 2 black and 0 black at once.
        let impossible = Board::parse("1 2\n20\n").unwrap();
        assert_eq!(solve(&impossible).colouring, None);
    }

    #[test]
    fn every_variant_finds_a_valid_colouring_on_boards_of_every_shape() {
        let mut rng = Rng::new(7);
        for _ in 0..15 {
            let (rows, cols) = (rng.range(1, 10) as usize, rng.range(1, 10) as usize);
            let board = loop {
                let board = random_board(&mut rng, rows, cols);
                if solve(&board).colouring.is_some() {
                    break board;
                }
            };
            for symmetry in Symmetry::all() {
                for black_first in [false, true] {
                    let mut search = Search::new(&board.transformed(symmetry));
                    assert_eq!(search.run(u64::MAX, black_first), Step::Found);
                    let image = board.transformed(symmetry);
                    assert_eq!(image.first_violation(&search.colouring()), None);
                }
            }
        }
    }
}
