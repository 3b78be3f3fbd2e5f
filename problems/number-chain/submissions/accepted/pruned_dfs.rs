//! number-chain, accepted: the reference's pruned depth-first search (src/search.rs) as
//! one file with no dependencies.
//! Slowest test: secret/38-hard-k3-no-walk-9, about 0.35 s CPU. It has checks 1-8 only,
//! not the reference's check 9 (the frontier DP), which it does not need to pass.
//!
//! The walk is extended in direction order 0..7, so the first walk found is the smallest.
//! Before entering a cell, checks that only reject states without any rest of the walk:
//!  1. a perfect matching of "needs a successor" to "needs a predecessor" among the free
//!     cells (for K = 2 a perfect b-matching: every cell but the head and the end on two
//!     path edges);
//!  2. edges in no perfect matching are dropped, forced edges propagate (a forced diagonal
//!     removes the crossing one, an edge closing a forced chain into a cycle goes, a forced
//!     chain from head to end must hold everything, no forced cycle); repeat;
//!  3. for K >= 3, every unvisited cell reachable from the head, the end from every one;
//!  4. cut cells: at most two sides, head and end on different ones, the end's side holds
//!     the values of the last times;
//!  5. probing (at the start, and where the search has struggled): for a 2 x 2 block with
//!     both diagonals, a cell with 2 possible successors/predecessors (K >= 3), a cell
//!     with one neighbour more than it needs (K = 2), try each alternative with 1-4;
//!  6. a child's graph starts from its parent's (removed edges stay removed);
//!  7. failed states are remembered;
//!  8. at the start (K >= 2), a lookahead: a complete search for any walk branching on the
//!     most constrained cell anywhere; if it proves there is none, the answer is -1.

use std::collections::HashSet;
use std::io::Read;

/// Row change of each direction: 0 up, 1 up-right, 2 right, ..., 7 up-left.
const DIR_ROW: [i32; 8] = [-1, -1, 0, 1, 1, 1, 0, -1];
/// Column change of each direction.
const DIR_COL: [i32; 8] = [0, 1, 1, 1, 0, -1, -1, -1];

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("readable input");
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("a number"))
        .collect();
    let (side, modulus) = (numbers[0], numbers[1]);
    let values: Vec<u8> = numbers[2..2 + side * side].iter().map(|&v| v as u8).collect();
    match solve(side, modulus, &values) {
        Some(walk) => println!("{walk}"),
        None => println!("-1"),
    }
}



/// A set of cells, bit i for cell i (row-major; at most 100 cells).
type Mask = u128;
/// Marks a missing neighbour.
const NONE: u8 = u8::MAX;
/// Array size for per-cell tables.
const SLOTS: usize = 128;
/// Failed states remembered at most (about 32 bytes each).
const MEMO_CAP: usize = 2_000_000;
/// Bits per value in a packed value count (counts are at most 100 < 2^12).
const PACK_BITS: u32 = 12;
/// Check 5 runs for a child once its parent's search has entered this many cells.
const PROBE_AFTER: u64 = 64;
/// Choices the lookahead at the start may make before it gives up (check 8), for K = 2
/// and for K >= 3. For K = 2 the probing at the start already finds most boards without a
/// walk, and this search finds walks less easily (it branches on pairs of neighbours).
const LOOKAHEAD_BUDGET: [u64; 2] = [2_000, 20_000];

/// The lexicographically smallest walk as direction digits, or `None` if there is none.
fn solve(side: usize, modulus: usize, values: &[u8]) -> Option<String> {
    let cells = side * side;
    if cells == 1 || values[0] != 0 {
        return None;
    }
    let mut search = Search::new(side, modulus, values);
    let held: u128 = values.iter().map(|&v| pack(v)).sum();
    if held != search.suffix_pack[cells] {
        return None;
    }
    search.visited = 1;
    let found = search.feasible(0, true, None) && search.lookahead() && search.extend(0, 0);
    found.then(|| search.path.iter().map(|&d| char::from(b'0' + d)).collect())
}

fn pack(value: u8) -> u128 {
    1u128 << (PACK_BITS * u32::from(value))
}

fn bit(cell: usize) -> Mask {
    1u128 << cell
}

/// The cells of a mask, lowest first.
fn cells_of(mut mask: Mask) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let cell = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            cell
        })
    })
}

/// One alternative a probe tries.
#[derive(Clone, Copy)]
enum Removal {
    /// Both steps between two cells.
    Edge(usize, usize),
    /// The step from the first cell to the second.
    Arc(usize, usize),
}

struct Search<'a> {
    side: usize,
    modulus: usize,
    cells: usize,
    end: usize,
    values: &'a [u8],
    /// neighbour[cell][dir], or NONE off the board.
    neighbour: Vec<[u8; 8]>,
    /// Neighbours holding the next value / the previous value.
    succ_mask: Vec<Mask>,
    pred_mask: Vec<Mask>,
    /// suffix_pack[m]: packed value counts of the times N·N-m .. N·N-1.
    suffix_pack: Vec<u128>,

    // The walk so far.
    visited: Mask,
    /// blocked[x]: neighbours y such that the diagonal x-y crosses a step already made.
    blocked: Vec<Mask>,
    /// 2 × 2 blocks (index row·(N-1)+col of the top-left cell) holding a diagonal step.
    diagonal_blocks: Mask,
    path: Vec<u8>,
    failed: HashSet<(u128, u128)>,
    nodes: u64,

    // The graph of the current check.
    head: usize,
    free: Mask,
    unvisited: Mask,
    succ: Box<[Mask; SLOTS]>,
    pred: Box<[Mask; SLOTS]>,
    // The matching of check 1: left cells (need a successor, or the 0-cells when K = 2)
    // and right cells (need a predecessor, or the 1-cells).
    left: Mask,
    right: Mask,
    mate_left: Box<[Mask; SLOTS]>,
    mate_right: Box<[Mask; SLOTS]>,
    forced: Box<[Mask; SLOTS]>,
    // Scratch of the strongly connected components (node u: left u, 128 + v: right v
    // when K = 2).
    scc_index: Box<[u16; 2 * SLOTS]>,
    scc_low: Box<[u16; 2 * SLOTS]>,
    scc_comp: Box<[u16; 2 * SLOTS]>,
    scc_targets: Box<[Mask; 2 * SLOTS]>,
    scc_alone: Box<[bool; 2 * SLOTS]>,
    scc_stack: Vec<u16>,
    scc_counter: u16,
    // Scratch of the cut-cell search.
    disc: Box<[u8; SLOTS]>,
    low: Box<[u8; SLOTS]>,
    size: Box<[u8; SLOTS]>,
    counts: Box<[u128; SLOTS]>,
    has_end: Box<[bool; SLOTS]>,
    timer: u8,
}

impl<'a> Search<'a> {
    fn new(n: usize, k: usize, values: &'a [u8]) -> Search<'a> {
        let cells = n * n;
        let mut neighbour = vec![[NONE; 8]; cells];
        let mut succ_mask = vec![0; cells];
        let mut pred_mask = vec![0; cells];
        for cell in 0..cells {
            let (row, col) = ((cell / n) as i32, (cell % n) as i32);
            for dir in 0..8 {
                let (r, c) = (row + DIR_ROW[dir], col + DIR_COL[dir]);
                if r < 0 || c < 0 || r >= n as i32 || c >= n as i32 {
                    continue;
                }
                let next = r as usize * n + c as usize;
                neighbour[cell][dir] = next as u8;
                if usize::from(values[next]) == (usize::from(values[cell]) + 1) % k {
                    succ_mask[cell] |= bit(next);
                }
                if usize::from(values[cell]) == (usize::from(values[next]) + 1) % k {
                    pred_mask[cell] |= bit(next);
                }
            }
        }
        let mut suffix_pack = vec![0; cells + 1];
        for m in 1..=cells {
            suffix_pack[m] = suffix_pack[m - 1] + pack(((cells - m) % k) as u8);
        }
        Search {
            side: n,
            modulus: k,
            cells,
            end: cells - 1,
            values,
            neighbour,
            succ_mask,
            pred_mask,
            suffix_pack,
            visited: 0,
            blocked: vec![0; cells],
            diagonal_blocks: 0,
            path: Vec::with_capacity(cells),
            failed: HashSet::new(),
            nodes: 0,

            head: 0,
            free: 0,
            unvisited: 0,
            succ: Box::new([0; SLOTS]),
            pred: Box::new([0; SLOTS]),
            left: 0,
            right: 0,
            mate_left: Box::new([0; SLOTS]),
            mate_right: Box::new([0; SLOTS]),
            forced: Box::new([0; SLOTS]),
            scc_index: Box::new([0; 2 * SLOTS]),
            scc_low: Box::new([0; 2 * SLOTS]),
            scc_comp: Box::new([0; 2 * SLOTS]),
            scc_targets: Box::new([0; 2 * SLOTS]),
            scc_alone: Box::new([false; 2 * SLOTS]),
            scc_stack: Vec::with_capacity(2 * SLOTS),
            scc_counter: 0,
            disc: Box::new([0; SLOTS]),
            low: Box::new([0; SLOTS]),
            size: Box::new([0; SLOTS]),
            counts: Box::new([0; SLOTS]),
            has_end: Box::new([false; SLOTS]),
            timer: 0,
        }
    }

    /// The other two corners of the 2 × 2 block of the diagonal step `cell` -> `dir`, and
    /// the block's index.
    fn crossing(&self, cell: usize, dir: usize) -> (usize, usize, usize) {
        let n = self.side;
        let (row, col) = (cell / n, cell % n);
        let next_row = (row as i32 + DIR_ROW[dir]) as usize;
        let next_col = (col as i32 + DIR_COL[dir]) as usize;
        (
            next_row * n + col,
            row * n + next_col,
            row.min(next_row) * (n - 1) + col.min(next_col),
        )
    }

    /// Extends the walk whose head `head` was entered at time `time`; true when a whole
    /// walk was found (it is then in `path`).
    fn extend(&mut self, head: usize, time: usize) -> bool {
        self.nodes += 1;
        if time == self.cells - 1 {
            return head == self.end;
        }
        let entered_at = self.nodes;
        let graph: Box<[[Mask; SLOTS]; 2]> = Box::new([*self.succ, *self.pred]);
        let wanted = (usize::from(self.values[head]) + 1) % self.modulus;
        for dir in 0..8 {
            let next = self.neighbour[head][dir];
            if next == NONE {
                continue;
            }
            let next = usize::from(next);
            if self.visited & bit(next) != 0
                || usize::from(self.values[next]) != wanted
                || self.blocked[head] & bit(next) != 0
                || (next == self.end && time + 2 != self.cells)
            {
                continue;
            }
            self.visited |= bit(next);
            let diagonal = dir % 2 == 1;
            let (p, q, block) = if diagonal {
                self.crossing(head, dir)
            } else {
                (0, 0, 0)
            };
            if diagonal {
                self.blocked[p] |= bit(q);
                self.blocked[q] |= bit(p);
                self.diagonal_blocks |= bit(block);
            }
            self.path.push(dir as u8);
            let key = self.memo_key(next);
            let found = if self.failed.contains(&key) {
                                false
            } else if self.feasible(
                next,
                self.nodes - entered_at > PROBE_AFTER,
                Some(&*graph),
            )
                && self.extend(next, time + 1)
            {
                true
            } else {
                if self.failed.len() < MEMO_CAP {
                    self.failed.insert(key);
                }
                false
            };
            if found {
                return true;
            }
            self.path.pop();
            if diagonal {
                self.blocked[p] &= !bit(q);
                self.blocked[q] &= !bit(p);
                self.diagonal_blocks &= !bit(block);
            }
            self.visited &= !bit(next);
        }
        false
    }

    /// The state's identity for the memory of failures: the visited cells with the head in
    /// the spare high bits, and the blocks whose unused diagonal joins two free cells (the
    /// only steps the crossing rule still forbids that could matter).
    fn memo_key(&self, head: usize) -> (u128, u128) {
        let n = self.side;
        let free = (!self.visited & ((1u128 << self.cells) - 1)) | bit(head);
        let mut relevant = 0u128;
        for block in cells_of(self.diagonal_blocks) {
            let top_left = (block / (n - 1)) * n + block % (n - 1);
            let (a, b, c, d) = (top_left, top_left + 1, top_left + n, top_left + n + 1);
            let both = |x: usize, y: usize| free & bit(x) != 0 && free & bit(y) != 0;
            if both(a, d) || both(b, c) {
                relevant |= bit(block);
            }
        }
        (self.visited | ((head as u128) << 100), relevant)
    }

    /// Checks 1-5 (5 when `probing`) for the state whose head is `head` (already marked
    /// visited). `parent`: the graph the checks left for the previous head (check 6), or
    /// None to start from the board.
    fn feasible(
        &mut self,
        head: usize,
        probing: bool,
        parent: Option<&[[Mask; SLOTS]; 2]>,
    ) -> bool {
        let full = (1u128 << self.cells) - 1;
        self.head = head;
        self.unvisited = !self.visited & full;
        self.free = self.unvisited | bit(head);
        if self.unvisited == 0 {
            return head == self.end;
        }
        match parent {
            Some(graph) => {
                for cell in 0..self.cells {
                    if self.free & bit(cell) != 0 {
                        self.succ[cell] = graph[0][cell] & self.unvisited & !self.blocked[cell];
                        self.pred[cell] = graph[1][cell] & self.free & !self.blocked[cell];
                    } else {
                        self.succ[cell] = 0;
                        self.pred[cell] = 0;
                    }
                }
                self.pred[head] = 0;
            }
            None => {
                for cell in 0..self.cells {
                    self.succ[cell] = 0;
                    self.pred[cell] = 0;
                }
                for cell in cells_of(self.free) {
                    if cell != self.end {
                        self.succ[cell] =
                            self.succ_mask[cell] & !self.blocked[cell] & self.unvisited;
                    }
                    if cell != head {
                        self.pred[cell] = self.pred_mask[cell] & !self.blocked[cell] & self.free;
                    }
                }
            }
        }
        for cell in cells_of(self.free) {
            if (cell != self.end && self.succ[cell] == 0) || (cell != head && self.pred[cell] == 0)
            {
                return false;
            }
        }
        if !self.core() {
            return false;
        }
        !probing || self.modulus == 1 || self.probe()
    }

    /// Checks 1-4 on the current graph (which check 2 thins out).
    fn core(&mut self) -> bool {
                loop {
            if !self.matching() {
                return false;
            }
            self.filter();
            match self.propagate() {
                None => return false,
                Some(true) => continue,
                Some(false) => break,
            }
        }
        (self.modulus <= 2 || self.reachable()) && self.cut_cells()
    }

    /// The cells a left cell may be matched to.
    fn left_options(&self, cell: usize) -> Mask {
        if self.modulus == 2 {
            (self.succ[cell] | self.pred[cell]) & self.right
        } else {
            self.succ[cell]
        }
    }

    /// How many matching edges a cell takes: 1 for the head and the end when K = 2,
    /// otherwise 2; always 1 in the directed matching.
    fn capacity(&self, cell: usize) -> u32 {
        if self.modulus == 2 && cell != self.head && cell != self.end {
            2
        } else {
            1
        }
    }

    /// Check 1: completes the matching left from the previous check (a hint that may no
    /// longer fit the graph) into a perfect one; false if there is none.
    fn matching(&mut self) -> bool {
        if self.modulus == 2 {
            let zeros: Mask = cells_of(self.free)
                .filter(|&c| self.values[c] == 0)
                .fold(0, |m, c| m | bit(c));
            self.left = zeros;
            self.right = self.free & !zeros;
        } else {
            self.left = self.free & !bit(self.end);
            self.right = self.unvisited;
        }
        // Keep only the hint's edges that still exist, within capacity.
        for cell in 0..self.cells {
            self.mate_right[cell] = 0;
            if self.left & bit(cell) == 0 {
                self.mate_left[cell] = 0;
            }
        }
        let mut needed_left = 0;
        let mut needed_right = 0;
        let mut flow = 0;
        for u in cells_of(self.left) {
            needed_left += self.capacity(u);
            let mut mates = self.mate_left[u] & self.left_options(u);
            while mates.count_ones() > self.capacity(u) {
                mates &= mates - 1;
            }
            let mut kept = 0;
            for v in cells_of(mates) {
                if self.mate_right[v].count_ones() < self.capacity(v) {
                    self.mate_right[v] |= bit(u);
                    kept |= bit(v);
                    flow += 1;
                }
            }
            self.mate_left[u] = kept;
        }
        for v in cells_of(self.right) {
            needed_right += self.capacity(v);
        }
        if needed_left != needed_right {
            return false;
        }
        while flow < needed_left {
            if !self.augment() {
                return false;
            }
            flow += 1;
        }
        true
    }

    /// One augmenting path by breadth-first search; false if there is none.
    fn augment(&mut self) -> bool {
        let mut from_right = [NONE; SLOTS]; // left cell reached from this right cell
        let mut from_left = [NONE; SLOTS]; // right cell reached from this left cell
        let mut queue = [0u8; SLOTS];
        let (mut head, mut tail) = (0, 0);
        let mut seen_left: Mask = 0;
        let mut seen_right: Mask = 0;
        for u in cells_of(self.left) {
            if self.mate_left[u].count_ones() < self.capacity(u) {
                seen_left |= bit(u);
                queue[tail] = u as u8;
                tail += 1;
            }
        }
        while head < tail {
            let u = usize::from(queue[head]);
            head += 1;
            let options = self.left_options(u) & !self.mate_left[u] & !seen_right;
            for v in cells_of(options) {
                seen_right |= bit(v);
                from_right[v] = u as u8;
                if self.mate_right[v].count_ones() < self.capacity(v) {
                    // Flip the path back to its start.
                    let mut v = v;
                    loop {
                        let u = usize::from(from_right[v]);
                        self.mate_left[u] |= bit(v);
                        self.mate_right[v] |= bit(u);
                        let back = from_left[u];
                        if back == NONE {
                            return true;
                        }
                        let back = usize::from(back);
                        self.mate_left[u] &= !bit(back);
                        self.mate_right[back] &= !bit(u);
                        v = back;
                    }
                }
                for w in cells_of(self.mate_right[v] & !seen_left) {
                    seen_left |= bit(w);
                    from_left[w] = v as u8;
                    queue[tail] = w as u8;
                    tail += 1;
                }
            }
        }
        false
    }

    /// Check 2, first half: drops the edges in no perfect matching and records the
    /// forced ones, from the strongly connected components of the residual graph (left u
    /// -> right v on unused edges, right v -> left u on used ones). When K != 2 every
    /// right cell has exactly one mate, so right v is contracted into it: the graph is on
    /// the left cells, u -> mate(v) for each unused option v of u; an unused edge u-v is
    /// in some perfect matching iff u and mate(v) share a component, and u's own matched
    /// edge is in all of them iff u is alone in its component.
    fn filter(&mut self) {
        let two = self.modulus == 2;
        let mut mate_of = [0u8; SLOTS];
        if !two {
            for u in cells_of(self.left) {
                mate_of[self.mate_left[u].trailing_zeros() as usize] = u as u8;
            }
        }
        for u in cells_of(self.left) {
            self.scc_index[u] = 0;
            let unused = self.left_options(u) & !self.mate_left[u];
            self.scc_targets[u] = if two {
                unused
            } else {
                cells_of(unused).fold(0, |m, v| m | bit(usize::from(mate_of[v])))
            };
        }
        if two {
            for v in cells_of(self.right) {
                self.scc_index[SLOTS + v] = 0;
                self.scc_targets[SLOTS + v] = self.mate_right[v];
            }
        }
        self.scc_counter = 0;
        self.scc_stack.clear();
        for u in cells_of(self.left) {
            if self.scc_index[u] == 0 {
                self.strong_connect(u);
            }
        }
        if two {
            for v in cells_of(self.right) {
                if self.scc_index[SLOTS + v] == 0 {
                    self.strong_connect(SLOTS + v);
                }
            }
        }
        for cell in cells_of(self.free) {
            self.forced[cell] = 0;
        }
        for u in cells_of(self.left) {
            let component = self.scc_comp[u];
            for v in cells_of(self.left_options(u) & !self.mate_left[u]) {
                let other = if two { SLOTS + v } else { usize::from(mate_of[v]) };
                if self.scc_comp[other] != component {
                    if two {
                        self.remove_edge(u, v);
                    } else {
                        self.remove_arc(u, v);
                    }
                }
            }
            for v in cells_of(self.mate_left[u]) {
                let is_forced = if two {
                    self.scc_comp[SLOTS + v] != component
                } else {
                    self.scc_alone[usize::from(component)]
                };
                if is_forced {
                    self.forced[u] |= bit(v);
                    self.forced[v] |= bit(u);
                }
            }
        }
    }

    /// Tarjan's strongly connected components of the residual graph, from `node`.
    fn strong_connect(&mut self, node: usize) {
        self.scc_counter += 1;
        self.scc_index[node] = self.scc_counter;
        self.scc_low[node] = self.scc_counter;
        self.scc_stack.push(node as u16);
        let offset = if self.modulus == 2 && node < SLOTS { SLOTS } else { 0 };
        for target in cells_of(self.scc_targets[node]) {
            let next = target + offset;
            if self.scc_index[next] == 0 {
                self.strong_connect(next);
                self.scc_low[node] = self.scc_low[node].min(self.scc_low[next]);
            } else if self.scc_index[next] != u16::MAX {
                self.scc_low[node] = self.scc_low[node].min(self.scc_index[next]);
            }
        }
        if self.scc_low[node] == self.scc_index[node] {
            let mut members = 0;
            loop {
                let member = usize::from(self.scc_stack.pop().expect("node is on the stack"));
                self.scc_comp[member] = node as u16;
                self.scc_index[member] = u16::MAX; // done: off the stack
                members += 1;
                if member == node {
                    break;
                }
            }
            self.scc_alone[node] = members == 1;
        }
    }

    /// Removes the steps both ways between two free cells; true if there was one.
    fn remove_edge(&mut self, x: usize, y: usize) -> bool {
        let had = (self.succ[x] | self.pred[x]) & bit(y) != 0;
        self.succ[x] &= !bit(y);
        self.pred[x] &= !bit(y);
        self.succ[y] &= !bit(x);
        self.pred[y] &= !bit(x);
        had
    }

    /// Removes the step from `x` to `y`.
    fn remove_arc(&mut self, x: usize, y: usize) {
        self.succ[x] &= !bit(y);
        self.pred[y] &= !bit(x);
    }

    /// Check 2, second half: consequences of the forced edges. None when they are
    /// contradictory, otherwise whether the graph changed.
    fn propagate(&mut self) -> Option<bool> {
        let n = self.side;
        let free = self.free;
        let mut changed = false;
        for u in cells_of(free) {
            for v in cells_of(self.forced[u] & !((bit(u) << 1) - 1)) {
                let (ur, uc, vr, vc) = (u / n, u % n, v / n, v % n);
                if ur != vr && uc != vc {
                    let (p, q) = (ur * n + vc, vr * n + uc);
                    if free & bit(p) != 0 && free & bit(q) != 0 {
                        if self.forced[p] & bit(q) != 0 {
                            return None;
                        }
                        changed |= self.remove_edge(p, q);
                    }
                }
            }
        }
        let total = free.count_ones();
        let mut seen: Mask = 0;
        for start in cells_of(free) {
            if seen & bit(start) != 0 || self.forced[start].count_ones() != 1 {
                continue;
            }
            let (mut previous, mut current) = (start, self.forced[start].trailing_zeros() as usize);
            let mut length = 2;
            seen |= bit(start) | bit(current);
            let mut through_head = start == self.head;
            let mut through_end = start == self.end;
            loop {
                through_head |= current == self.head;
                through_end |= current == self.end;
                let onward = self.forced[current] & !bit(previous);
                if onward == 0 {
                    break;
                }
                previous = current;
                current = onward.trailing_zeros() as usize;
                seen |= bit(current);
                length += 1;
            }
            if through_head && through_end {
                if length != total {
                    return None;
                }
            } else if length > 2 {
                changed |= self.remove_edge(start, current);
            }
        }
        if cells_of(free & !seen).any(|cell| self.forced[cell] != 0) {
            return None;
        }
        Some(changed)
    }

    /// Check 3: every unvisited cell reachable from the head, the end from every one.
    fn reachable(&self) -> bool {
        let spread = |start: Mask, step: &[Mask; SLOTS]| {
            let mut reached = start;
            let mut frontier = start;
            while frontier != 0 {
                let mut next = 0;
                for cell in cells_of(frontier) {
                    next |= step[cell];
                }
                next &= self.unvisited & !reached;
                reached |= next;
                frontier = next;
            }
            reached
        };
        spread(self.succ[self.head], &self.succ) == self.unvisited
            && spread(bit(self.end), &self.pred) == self.unvisited
    }

    /// Check 4: the cut cells of the free cells' graph (steps taken as undirected edges).
    fn cut_cells(&mut self) -> bool {
        for cell in cells_of(self.free) {
            self.disc[cell] = 0;
        }
        self.timer = 1;
        let head = self.head;
        self.disc[head] = 1;
        self.low[head] = 1;
        let mut children = 0;
        for next in cells_of(self.succ[head]) {
            if self.disc[next] == 0 {
                children += 1;
                // A second child: removing the head disconnects the unvisited cells.
                if children > 1 || !self.cut_visit(next) {
                    return false;
                }
            }
        }
        cells_of(self.unvisited).all(|cell| self.disc[cell] != 0)
    }

    fn cut_visit(&mut self, cell: usize) -> bool {
        self.timer += 1;
        self.disc[cell] = self.timer;
        self.low[cell] = self.timer;
        self.size[cell] = 1;
        self.counts[cell] = pack(self.values[cell]);
        self.has_end[cell] = cell == self.end;
        let mut separated = 0;
        for next in cells_of(self.succ[cell] | self.pred[cell]) {
            if self.disc[next] == 0 {
                if !self.cut_visit(next) {
                    return false;
                }
                self.low[cell] = self.low[cell].min(self.low[next]);
                self.size[cell] += self.size[next];
                self.counts[cell] += self.counts[next];
                self.has_end[cell] |= self.has_end[next];
                if self.low[next] >= self.disc[cell] {
                    // `cell` separates the subtree of `next` from the head.
                    separated += 1;
                    let after = usize::from(self.size[next]);
                    if cell == self.end
                        || separated > 1
                        || !self.has_end[next]
                        || self.counts[next] != self.suffix_pack[after]
                        || usize::from(self.values[cell]) != (self.cells - 1 - after) % self.modulus
                    {
                        return false;
                    }
                }
            } else {
                self.low[cell] = self.low[cell].min(self.disc[next]);
            }
        }
        true
    }

    /// Check 5: probes every choice, in passes, until a pass decides nothing.
    fn probe(&mut self) -> bool {
        let n = self.side;
        loop {
            let mut decided = false;
            for top_left in 0..self.cells {
                if top_left % n == n - 1 || top_left / n == n - 1 {
                    continue;
                }
                let (a, b, c, d) = (top_left, top_left + 1, top_left + n, top_left + n + 1);
                let linked = |s: &Self, x: usize, y: usize| (s.succ[x] | s.pred[x]) & bit(y) != 0;
                if linked(self, a, d) && linked(self, b, c) {
                    match self.split(&[Removal::Edge(a, d), Removal::Edge(b, c)]) {
                        None => return false,
                        Some(made) => decided |= made,
                    }
                }
            }
            for cell in cells_of(self.free) {
                for successors in [true, false] {
                    let Some(removals) = self.choices(cell, successors) else {
                        continue;
                    };
                    match self.split(&removals) {
                        None => return false,
                        Some(made) => decided |= made,
                    }
                }
            }
            if !decided {
                return true;
            }
        }
    }

    /// The alternatives for a cell's successors (K >= 3: it has exactly two, keep one)
    /// or, with `successors` false, its predecessors; for K = 2 (`successors` true only)
    /// its neighbours, when it has exactly one more than it needs (leave one out).
    fn choices(&self, cell: usize, successors: bool) -> Option<Vec<Removal>> {
        if self.modulus == 2 {
            let needed = if cell == self.head || cell == self.end { 1 } else { 2 };
            let options = self.succ[cell] | self.pred[cell];
            if !successors || options.count_ones() != needed + 1 {
                return None;
            }
            return Some(cells_of(options).map(|other| Removal::Edge(cell, other)).collect());
        }
        let options = if successors { self.succ[cell] } else { self.pred[cell] };
        if options.count_ones() != 2 {
            return None;
        }
        let first = options.trailing_zeros() as usize;
        let second = (options & (options - 1)).trailing_zeros() as usize;
        let drop = |other: usize| {
            if successors {
                Removal::Arc(cell, other)
            } else {
                Removal::Arc(other, cell)
            }
        };
        Some(vec![drop(second), drop(first)])
    }

    /// Check 8, at the start: false if the lookahead proves that there is no walk at all.
    fn lookahead(&mut self) -> bool {
        if self.modulus == 1 {
            // Every K = 1 board wider than one cell has walks, and the matching of K = 1
            // (directed, on an undirected graph) is too weak to guide this search.
            return true;
        }
        let saved = self.snapshot();
        let mut budget = LOOKAHEAD_BUDGET[usize::from(self.modulus >= 3)];
        let outcome = self.refute(&mut budget);
        self.restore(&saved);
        outcome != Some(false)
    }

    /// A complete search for a rest of the walk that branches on the most constrained
    /// cell anywhere (its successor, or its predecessor, or for K <= 2 the neighbours it
    /// keeps), with checks 1-4 after each choice. Some(whether there is a rest), or None
    /// when `budget` choices ran out. (Some(true) is also given for "every cell has
    /// exactly the options it needs", which may still hide a cycle when K = 1; only
    /// Some(false) is ever acted upon.)
    fn refute(&mut self, budget: &mut u64) -> Option<bool> {
        let directed = self.modulus >= 3;
        let mut best: Option<(u32, u32, usize, bool)> = None;
        for cell in cells_of(self.free) {
            let choices: [(Mask, u32, bool); 2] = if directed {
                [
                    (if cell == self.end { 0 } else { self.succ[cell] }, 1, true),
                    (if cell == self.head { 0 } else { self.pred[cell] }, 1, false),
                ]
            } else {
                let cap = if cell == self.head || cell == self.end { 1 } else { 2 };
                [((self.succ[cell] | self.pred[cell]), cap, true), (0, 1, false)]
            };
            for (options, cap, successors) in choices {
                let count = options.count_ones();
                if count > cap {
                    let key = (count - cap, count, cell, successors);
                    if best.map_or(true, |b| (key.0, key.1) < (b.0, b.1)) {
                        best = Some(key);
                    }
                }
            }
        }
        let Some((_, _, cell, successors)) = best else {
            return Some(true);
        };
        let options = if directed {
            if successors { self.succ[cell] } else { self.pred[cell] }
        } else {
            self.succ[cell] | self.pred[cell]
        };
        let cap = if directed || cell == self.head || cell == self.end { 1 } else { 2 };
        let members: Vec<usize> = cells_of(options).collect();
        let mut branches: Vec<Mask> = Vec::new();
        for (i, &x) in members.iter().enumerate() {
            if cap == 1 {
                branches.push(bit(x));
            } else {
                for &y in &members[i + 1..] {
                    branches.push(bit(x) | bit(y));
                }
            }
        }
        for keep in branches {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let saved = self.snapshot();
            for other in cells_of(options & !keep) {
                if !directed {
                    self.remove_edge(cell, other);
                } else if successors {
                    self.remove_arc(cell, other);
                } else {
                    self.remove_arc(other, cell);
                }
            }
            let outcome = if self.core() { self.refute(budget) } else { Some(false) };
            self.restore(&saved);
            if outcome != Some(false) {
                return outcome;
            }
        }
        Some(false)
    }

    fn snapshot(&self) -> Box<[[Mask; SLOTS]; 4]> {
        Box::new([*self.succ, *self.pred, *self.mate_left, *self.mate_right])
    }

    fn restore(&mut self, saved: &[[Mask; SLOTS]; 4]) {
        *self.succ = saved[0];
        *self.pred = saved[1];
        *self.mate_left = saved[2];
        *self.mate_right = saved[3];
    }

    /// Every walk makes one of the removals (avoids that set of steps). None if no
    /// alternative survives checks 1-4; Some(true) if exactly one does (it is then made);
    /// Some(false) if more do (the graph is as before).
    fn split(&mut self, removals: &[Removal]) -> Option<bool> {
        let saved = self.snapshot();
        let mut survivors = Vec::new();
        for (index, &removal) in removals.iter().enumerate() {
            self.apply(removal);
            if self.core() {
                survivors.push(index);
            }
            self.restore(&saved);
            if survivors.len() > 1 {
                return Some(false);
            }
        }
        match survivors[..] {
            [] => None,
            [only] => {
                self.apply(removals[only]);
                self.core().then_some(true)
            }
            _ => Some(false),
        }
    }

    fn apply(&mut self, removal: Removal) {
        match removal {
            Removal::Edge(x, y) => {
                self.remove_edge(x, y);
            }
            Removal::Arc(x, y) => self.remove_arc(x, y),
        }
    }

}
