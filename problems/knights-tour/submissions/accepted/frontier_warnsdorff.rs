// knights-tour, accepted: the reference's methods (src/solve.rs) in one Rust file.
//  - smaller side at most 3 (blocked squares allowed): the exact frontier DP over the
//    squares in column-major order, keeping the last 2h+1 squares (src/frontier.rs);
//  - smaller side 4 (no blocked squares, at most 4 x 8): a tour starts on an outer row (the
//    outer rows hold half the squares, no two a move apart); from there the complete
//    search with pruning (src/search.rs) finds it at once; 4 x 4 has none;
//  - both sides at least 5 (no blocked squares): the colour rule, then, on the board turned
//    so that n <= m and S is in the top-left quarter, Warnsdorff's rule with Roth's
//    tie-break, and when it gets stuck Posa's rotations of a Warnsdorff tour from a nearby
//    square, with the reference's random numbers (SplitMix64, same seed), so the
//    reference's sweep over every open board (tests/sweep.rs) holds for this program too.
use std::collections::HashMap;
use std::io::{Read, Write};

const MR: [i32; 8] = [-2, -1, 1, 2, 2, 1, -1, -2];
const MC: [i32; 8] = [1, 2, 2, 1, -1, -2, -2, -1];
const BR: [i32; 4] = [-1, 1, -2, 2];
const BC: [i32; 4] = [-2, -2, -1, -1];
const EMPTY: u32 = 0;
const FULL: u32 = 1;
const END_S: u32 = 2;
const END_T: u32 = 3;
const FIRST_PAIR: u32 = 4;
const FRESH: u32 = 15;
const T_USED: u32 = 1 << 30;
const DONE: u32 = 1 << 31;

struct Rng(u64); // SplitMix64, as checker_kit::Rng
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, bound: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let v = self.next();
            if v < zone {
                return v % bound;
            }
        }
    }
}

// ------------------------------------------------------------ frontier DP (h <= 3)
fn lab(s: u32, k: usize) -> u32 {
    (s >> (4 * k)) & 15
}
fn setlab(s: u32, k: usize, v: u32) -> u32 {
    (s & !(15 << (4 * k))) | (v << (4 * k))
}
fn relabel(mut s: u32, w: usize, from: u32, to: u32) -> u32 {
    for k in 0..w {
        if lab(s, k) == from {
            s = setlab(s, k, to);
        }
    }
    s
}
fn normalize(s: u32, w: usize) -> u32 {
    let mut rename = [0u32; 16];
    let (mut next, mut out) = (FIRST_PAIR, s);
    for k in 0..w {
        let v = lab(s, k);
        if v >= FIRST_PAIR {
            if rename[v as usize] == 0 {
                rename[v as usize] = next;
                next += 1;
            }
            out = setlab(out, k, rename[v as usize]);
        }
    }
    out
}
fn shift(mut s: u32, w: usize, mut newl: u32, start_leaves: bool, mut finished: bool) -> Option<u32> {
    let leaving = s & 15;
    if leaving == EMPTY {
        return None;
    }
    if leaving != FULL {
        let anchor = if start_leaves {
            END_S
        } else {
            if s & T_USED != 0 {
                return None;
            }
            s |= T_USED;
            END_T
        };
        if leaving == anchor {
            return None;
        }
        if leaving == END_S || leaving == END_T {
            finished = true;
        } else {
            s = relabel(s, w, leaving, anchor);
            if newl == leaving {
                newl = anchor;
            }
        }
    }
    let flags = s & (T_USED | DONE);
    let mut nx = ((s & ((1 << (4 * w)) - 1)) >> 4) | (newl << (4 * (w - 1)));
    if finished {
        if (0..w).any(|k| lab(nx, k) != FULL) {
            return None;
        }
        nx |= DONE;
    }
    Some(nx | flags)
}
struct Kind {
    free: bool,
    is_start: bool,
    start_leaves: bool,
    start_slot: Option<usize>,
    neighbours: Vec<(usize, usize)>, // (bit, slot)
}
fn successors(s: u32, w: usize, q: &Kind, out: &mut Vec<(u32, u8)>) {
    out.clear();
    if !q.free {
        if let Some(nx) = shift(s, w, FULL, q.start_leaves, false) {
            out.push((nx, 0));
        }
        return;
    }
    if s & DONE != 0 {
        return;
    }
    let cand: Vec<(usize, usize)> = q
        .neighbours
        .iter()
        .copied()
        .filter(|&(_, slot)| {
            let v = lab(s, slot);
            !(v == FULL || (v != EMPTY && q.start_slot == Some(slot)))
        })
        .collect();
    let most = if q.is_start { 1 } else { 2 };
    'subsets: for sub in 0u32..(1 << cand.len()) {
        if sub.count_ones() > most {
            continue;
        }
        let (mut t, mut own, mut finished, mut mask) = (s, EMPTY, false, 0u8);
        for (j, &(k, slot)) in cand.iter().enumerate() {
            if sub >> j & 1 == 0 {
                continue;
            }
            mask |= 1 << k;
            let other = lab(t, slot);
            if own == EMPTY {
                if other == EMPTY {
                    own = FRESH;
                    t = setlab(t, slot, FRESH);
                } else {
                    own = other;
                    t = setlab(t, slot, FULL);
                }
                continue;
            }
            if other == EMPTY {
                t = setlab(t, slot, own);
            } else if other == own {
                continue 'subsets;
            } else {
                t = setlab(t, slot, FULL);
                if other >= FIRST_PAIR {
                    t = relabel(t, w, other, own);
                } else if own >= FIRST_PAIR {
                    t = relabel(t, w, own, other);
                } else {
                    finished = true;
                }
            }
            own = FULL;
        }
        if let Some(nx) = shift(t, w, own, q.start_leaves, finished) {
            out.push((normalize(nx, w), mask));
        }
    }
}
fn frontier(rows: usize, cols: usize, free: &[Vec<bool>], start: (usize, usize)) -> Option<Vec<(usize, usize)>> {
    let transposed = rows > cols;
    let (h, len) = if transposed { (cols, rows) } else { (rows, cols) };
    let (w, squares) = (2 * h + 1, h * len);
    let s = if transposed { start.0 * h + start.1 } else { start.1 * h + start.0 };
    let init = (0..w).fold(0, |st, k| setlab(st, k, FULL));
    let mut states = vec![init];
    let mut layers: Vec<Vec<(u32, u8)>> = Vec::new(); // (parent, mask)
    let mut succ = Vec::new();
    for i in 0..squares + w {
        let (r, c) = ((i % h) as i32, (i / h) as i32);
        let q = Kind {
            free: i < squares && (if transposed { free[c as usize][r as usize] } else { free[r as usize][c as usize] }),
            is_start: i == s,
            start_leaves: i >= w && i - w == s,
            start_slot: (s < i && i <= s + w).then(|| s + w - i),
            neighbours: (0..4)
                .filter(|&k| r + BR[k] >= 0 && r + BR[k] < h as i32 && c + BC[k] >= 0)
                .map(|k| (k, (w as i32 + BC[k] * h as i32 + BR[k]) as usize))
                .collect(),
        };
        let mut seen: HashMap<u32, ()> = HashMap::with_capacity(states.len() * 2);
        let (mut next, mut layer) = (Vec::new(), Vec::new());
        for (p, &st) in states.iter().enumerate() {
            successors(st, w, &q, &mut succ);
            for &(nx, mask) in &succ {
                if seen.insert(nx, ()).is_none() {
                    next.push(nx);
                    layer.push((p as u32, mask));
                }
            }
        }
        layers.push(layer);
        states = next;
        if states.is_empty() {
            return None;
        }
    }
    let mut at = states.iter().position(|&st| st & DONE != 0)?;
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); squares];
    for i in (0..squares + w).rev() {
        let (p, mask) = layers[i][at];
        at = p as usize;
        let (r, c) = ((i % h) as i32, (i / h) as i32);
        for k in 0..4 {
            if mask >> k & 1 == 1 {
                let o = ((c + BC[k]) * h as i32 + r + BR[k]) as usize;
                adj[i].push(o);
                adj[o].push(i);
            }
        }
    }
    let original = |x: usize| if transposed { (x / h, x % h) } else { (x % h, x / h) };
    let mut tour = vec![original(s)];
    let (mut prev, mut cur) = (usize::MAX, s);
    while let Some(&nx) = adj[cur].iter().find(|&&x| x != prev) {
        prev = cur;
        cur = nx;
        tour.push(original(cur));
    }
    Some(tour)
}

// ------------------------------------------------------------ graph methods
struct Graph {
    cols: usize,
    free: Vec<bool>,
    free_count: usize,
    moves: Vec<Vec<usize>>,
    outward: Vec<i64>,
}
impl Graph {
    fn new(rows: usize, cols: usize, f: &[Vec<bool>]) -> Graph {
        let n = rows * cols;
        let mut g = Graph { cols, free: vec![false; n], free_count: 0, moves: vec![Vec::new(); n], outward: vec![0; n] };
        for i in 0..n {
            let (a, b) = (i / cols, i % cols);
            let (dr, dc) = (2 * a as i64 - (rows as i64 - 1), 2 * b as i64 - (cols as i64 - 1));
            g.outward[i] = dr * dr + dc * dc;
            g.free[i] = f[a][b];
            if !f[a][b] {
                continue;
            }
            g.free_count += 1;
            for k in 0..8 {
                let (x, y) = (a as i32 + MR[k], b as i32 + MC[k]);
                if x >= 0 && y >= 0 && (x as usize) < rows && (y as usize) < cols && f[x as usize][y as usize] {
                    g.moves[i].push(x as usize * cols + y as usize);
                }
            }
        }
        g
    }
    fn key(&self, left: &[usize], x: usize) -> (usize, i64, usize) {
        (left[x], -self.outward[x], x)
    }
}

fn warnsdorff(g: &Graph, start: usize) -> Option<Vec<usize>> {
    let mut left: Vec<usize> = g.moves.iter().map(Vec::len).collect();
    let mut visited = vec![false; left.len()];
    let mut tour = Vec::with_capacity(g.free_count);
    let mut cur = start;
    loop {
        visited[cur] = true;
        tour.push(cur);
        for &x in &g.moves[cur] {
            left[x] = left[x].wrapping_sub(1);
        }
        if tour.len() == g.free_count {
            return Some(tour);
        }
        cur = g.moves[cur].iter().copied().filter(|&x| !visited[x]).min_by_key(|&x| g.key(&left, x))?;
    }
}

fn rotations(g: &Graph, start: usize, budget: u64) -> Option<Vec<usize>> {
    let c = g.cols;
    let (sr, sc) = (start / c, start % c);
    let white = (sr + sc) % 2 == 0;
    let mut others: Vec<usize> = (0..g.free.len())
        .filter(|&i| g.free[i] && i != start && ((i / c + i % c) % 2 == 0) == white)
        .collect();
    let dist = |i: usize| {
        let (a, b) = ((i / c) as i64 - sr as i64, (i % c) as i64 - sc as i64);
        a * a + b * b
    };
    others.sort_by_key(|&i| (dist(i), i));
    let mut path = others.iter().find_map(|&o| warnsdorff(g, o))?;
    let mut pos = vec![0usize; g.free.len()];
    for (i, &v) in path.iter().enumerate() {
        pos[v] = i;
    }
    let last = path.len() - 1;
    let mut rng = Rng(0x6b6e_6967_6874);
    let mut done = 0u64;
    while path[0] != start && path[last] != start {
        if done == budget {
            return None;
        }
        done += 1;
        let at_tail = rng.below(2) == 0;
        let end = if at_tail { path[last] } else { path[0] };
        let mut pivots: Vec<(usize, usize)> = Vec::new();
        for &x in &g.moves[end] {
            let at = pos[x];
            let new_end = if at_tail { (at + 1 < last).then(|| at + 1) } else { (at > 1).then(|| at - 1) };
            if let Some(ne) = new_end {
                let v = path[ne];
                pivots.push(((v / c).abs_diff(sr) + (v % c).abs_diff(sc), at));
            }
        }
        if pivots.is_empty() {
            continue;
        }
        let at = if rng.below(3) != 0 {
            let nearest = pivots.iter().map(|p| p.0).min().unwrap_or(0);
            let ties: Vec<usize> = pivots.iter().filter(|p| p.0 == nearest).map(|p| p.1).collect();
            ties[rng.below(ties.len() as u64) as usize]
        } else {
            pivots[rng.below(pivots.len() as u64) as usize].1
        };
        let (lo, hi) = if at_tail { (at + 1, last + 1) } else { (0, at) };
        path[lo..hi].reverse();
        for i in lo..hi {
            pos[path[i]] = i;
        }
    }
    if path[0] != start {
        path.reverse();
    }
    Some(path)
}

// Complete depth-first search, Warnsdorff's order, with the stranding checks.
struct Search<'a> {
    g: &'a Graph,
    left: Vec<usize>,
    visited: Vec<bool>,
    by_degree: [usize; 9],
    path: Vec<usize>,
}
impl Search<'_> {
    fn enter(&mut self, sq: usize) -> bool {
        let g = self.g;
        self.visited[sq] = true;
        self.by_degree[self.left[sq]] -= 1;
        self.path.push(sq);
        for &x in &g.moves[sq] {
            if !self.visited[x] {
                self.by_degree[self.left[x]] -= 1;
                self.by_degree[self.left[x] - 1] += 1;
            }
            self.left[x] = self.left[x].wrapping_sub(1);
        }
        let remaining = g.free_count - self.path.len();
        if remaining == 0 {
            return true;
        }
        let mut choices: Vec<(usize, i64, usize)> = Vec::new();
        let (mut stranded, mut single) = (0, 0);
        for &x in &g.moves[sq] {
            if self.visited[x] {
                continue;
            }
            match self.left[x] {
                0 => stranded += 1,
                1 => single += 1,
                _ => {}
            }
            choices.push(g.key(&self.left, x));
        }
        let dead = self.by_degree[0] > stranded || (stranded > 0 && remaining > 1) || self.by_degree[1] - single >= 2;
        if !dead {
            choices.sort_unstable();
            for &(_, _, x) in &choices {
                if self.enter(x) {
                    return true;
                }
            }
        }
        for &x in &g.moves[sq] {
            self.left[x] = self.left[x].wrapping_add(1);
            if !self.visited[x] {
                self.by_degree[self.left[x] - 1] -= 1;
                self.by_degree[self.left[x]] += 1;
            }
        }
        self.path.pop();
        self.visited[sq] = false;
        self.by_degree[self.left[sq]] += 1;
        false
    }
}
fn search(g: &Graph, start: usize) -> Option<Vec<usize>> {
    let left: Vec<usize> = g.moves.iter().map(Vec::len).collect();
    let mut by_degree = [0usize; 9];
    for i in 0..left.len() {
        if g.free[i] {
            by_degree[left[i]] += 1;
        }
    }
    let mut s = Search { g, visited: vec![false; left.len()], left, by_degree, path: Vec::new() };
    if s.enter(start) {
        Some(s.path)
    } else {
        None
    }
}

fn colours_allow(free: &[Vec<bool>], start: (usize, usize)) -> bool {
    let (mut white, mut black) = (0, 0);
    for (r, row) in free.iter().enumerate() {
        for (c, &f) in row.iter().enumerate() {
            if f {
                if (r + c) % 2 == 0 {
                    white += 1;
                } else {
                    black += 1;
                }
            }
        }
    }
    let start_white = (start.0 + start.1) % 2 == 0;
    (white == black) || (white == black + 1 && start_white) || (black == white + 1 && !start_white)
}

fn solve(rows: usize, cols: usize, free: Vec<Vec<bool>>, start: (usize, usize)) -> Option<Vec<(usize, usize)>> {
    let free_count: usize = free.iter().map(|row| row.iter().filter(|&&f| f).count()).sum();
    if free_count == 1 {
        return Some(vec![start]);
    }
    let shorter = rows.min(cols);
    if shorter <= 3 {
        return frontier(rows, cols, &free, start);
    }
    if !colours_allow(&free, start) {
        return None;
    }
    let transposed = rows > cols;
    let (tr, tc) = if transposed { (cols, rows) } else { (rows, cols) };
    let (mut r0, mut c0) = if transposed { (start.1, start.0) } else { start };
    let (flip_rows, flip_cols) = (r0 > (tr - 1) / 2, c0 > (tc - 1) / 2);
    let turned: Vec<Vec<bool>> = (0..tr)
        .map(|r| {
            (0..tc)
                .map(|c| {
                    let a = if flip_rows { tr - 1 - r } else { r };
                    let b = if flip_cols { tc - 1 - c } else { c };
                    if transposed { free[b][a] } else { free[a][b] }
                })
                .collect()
        })
        .collect();
    if flip_rows {
        r0 = tr - 1 - r0;
    }
    if flip_cols {
        c0 = tc - 1 - c0;
    }
    let g = Graph::new(tr, tc, &turned);
    let s = r0 * tc + c0;
    let tour = if shorter == 4 {
        if (r0 == 0 || r0 == 3) && tc != 4 {
            search(&g, s)
        } else {
            None
        }
    } else {
        warnsdorff(&g, s)
            .or_else(|| if g.free_count == tr * tc { rotations(&g, s, 1_000_000) } else { None })
            .or_else(|| search(&g, s))
    }?;
    Some(
        tour.into_iter()
            .map(|i| {
                let (mut r, mut c) = (i / tc, i % tc);
                if flip_rows {
                    r = tr - 1 - r;
                }
                if flip_cols {
                    c = tc - 1 - c;
                }
                if transposed { (c, r) } else { (r, c) }
            })
            .collect(),
    )
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("stdin");
    let mut tokens = input.split_ascii_whitespace();
    let rows: usize = tokens.next().and_then(|t| t.parse().ok()).expect("n");
    let cols: usize = tokens.next().and_then(|t| t.parse().ok()).expect("m");
    let mut free = vec![vec![true; cols]; rows];
    let mut start = (0, 0);
    for (r, row) in free.iter_mut().enumerate() {
        let line = tokens.next().expect("a row").as_bytes();
        for c in 0..cols {
            row[c] = line[c] != b'#';
            if line[c] == b'S' {
                start = (r, c);
            }
        }
    }
    let mut out = String::new();
    match solve(rows, cols, free, start) {
        None => out.push_str("-1\n"),
        Some(tour) => {
            for (r, c) in tour {
                out.push_str(&format!("{r} {c}\n"));
            }
        }
    }
    std::io::stdout().write_all(out.as_bytes()).expect("stdout");
}
