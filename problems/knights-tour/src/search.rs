//! The complete search: depth-first over walks from the start, Warnsdorff's order first,
//! refusing a walk as soon as an unvisited square can no longer be fitted in.
//!
//! After moving to square x, every unvisited square u needs an unvisited neighbour or x to
//! enter it from, and a second one to leave it by unless it is the end. So the walk is
//! dead when some unvisited square not next to x has no unvisited neighbour (it can never
//! be entered), when a neighbour of x has none and other squares remain (it can be entered
//! only last), or when two unvisited squares not next to x have one each (both would have to
//! be the end). Counts of the unvisited squares by their number of unvisited neighbours keep
//! these checks constant-time.
//!
//! It is exact but exponential; the reference uses it only where nothing faster is proven
//! (never within the problem's bounds: the sweep test shows the faster methods cover every
//! board there).

use crate::graph::Graph;

/// The search gave up after its node limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NodeLimit;

/// A tour from `start`, `None` when there is none, or `Err(NodeLimit)` after `node_limit`
/// squares entered; with the number of squares entered.
pub fn search(
    graph: &Graph,
    start: usize,
    node_limit: u64,
) -> (Result<Option<Vec<usize>>, NodeLimit>, u64) {
    let unvisited_degree: Vec<u32> = (0..graph.free.len())
        .map(|index| graph.degree(index))
        .collect();
    let mut by_degree = [0usize; 9];
    for index in 0..graph.free.len() {
        if graph.free[index] {
            by_degree[unvisited_degree[index] as usize] += 1;
        }
    }
    let mut search = Search {
        graph,
        unvisited_degree,
        visited: vec![false; graph.free.len()],
        by_degree,
        path: Vec::with_capacity(graph.free_count),
        nodes: 0,
        node_limit,
    };
    let outcome = match search.enter(start) {
        Ok(true) => Ok(Some(std::mem::take(&mut search.path))),
        Ok(false) => Ok(None),
        Err(limit) => Err(limit),
    };
    (outcome, search.nodes)
}

struct Search<'a> {
    graph: &'a Graph,
    unvisited_degree: Vec<u32>,
    visited: Vec<bool>,
    /// Unvisited squares by their number of unvisited neighbours.
    by_degree: [usize; 9],
    path: Vec<usize>,
    nodes: u64,
    node_limit: u64,
}

impl Search<'_> {
    fn visit(&mut self, square: usize) {
        self.visited[square] = true;
        self.by_degree[self.unvisited_degree[square] as usize] -= 1;
        self.path.push(square);
        for &next in self.graph.moves(square) {
            let next = next as usize;
            let degree = self.unvisited_degree[next] as usize;
            if !self.visited[next] {
                self.by_degree[degree] -= 1;
                self.by_degree[degree - 1] += 1;
            }
            self.unvisited_degree[next] -= 1;
        }
    }

    fn unvisit(&mut self, square: usize) {
        for &next in self.graph.moves(square) {
            let next = next as usize;
            self.unvisited_degree[next] += 1;
            let degree = self.unvisited_degree[next] as usize;
            if !self.visited[next] {
                self.by_degree[degree - 1] -= 1;
                self.by_degree[degree] += 1;
            }
        }
        self.path.pop();
        self.visited[square] = false;
        self.by_degree[self.unvisited_degree[square] as usize] += 1;
    }

    /// Enters `square`; true when the walk was completed from there (the path then holds
    /// the tour), false after undoing the move.
    fn enter(&mut self, square: usize) -> Result<bool, NodeLimit> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(NodeLimit);
        }
        self.visit(square);
        let remaining = self.graph.free_count - self.path.len();
        if remaining == 0 {
            return Ok(true);
        }
        let mut choices = [(0u32, 0i64, 0usize); 8];
        let mut count = 0;
        let (mut stranded_here, mut single_here) = (0, 0);
        for &next in self.graph.moves(square) {
            let next = next as usize;
            if self.visited[next] {
                continue;
            }
            let degree = self.unvisited_degree[next];
            match degree {
                0 => stranded_here += 1,
                1 => single_here += 1,
                _ => {}
            }
            choices[count] = (degree, -self.graph.outwardness(next), next);
            count += 1;
        }
        let dead = self.by_degree[0] > stranded_here
            || (stranded_here > 0 && remaining > 1)
            || self.by_degree[1] - single_here >= 2;
        if !dead {
            choices[..count].sort_unstable();
            for &(_, _, next) in &choices[..count] {
                if self.enter(next)? {
                    return Ok(true);
                }
            }
        }
        self.unvisit(square);
        Ok(false)
    }
}
