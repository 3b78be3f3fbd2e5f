//! Breadth-first search over canonical states: the shortest way to the exit, the whole
//! reachable set, and every state's distance to the exit within it.

use crate::state::{Move, State};
use std::collections::HashMap;

/// What a shortest-path search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    /// The moves of a shortest way to the exit, or `None` when there is none.
    pub moves: Option<Vec<Move>>,
    /// The states the search stored (the start included).
    pub explored: usize,
}

/// Marks the start in the parent table.
const NO_PARENT: u32 = u32::MAX;

/// A shortest sequence of moves from `start` to a state at the exit.
///
/// States are numbered in the order the search first meets them; `parent[i]` is the
/// number of the state state `i` was first reached from and the move that did it. The
/// search stops at the first exit state it meets: the queue holds the states in order of
/// distance, so the first one met is at the least distance.
pub fn shortest(start: State) -> Search {
    if start.at_exit() {
        return Search {
            moves: Some(Vec::new()),
            explored: 1,
        };
    }
    let mut number: HashMap<State, u32> = HashMap::new();
    let mut states = vec![start];
    let mut parent: Vec<(u32, Option<Move>)> = vec![(NO_PARENT, None)];
    number.insert(start, 0);
    let mut head = 0;
    let mut found = None;
    while head < states.len() && found.is_none() {
        let current = states[head];
        let from = head as u32;
        head += 1;
        current.for_each_move(|step, next| {
            if found.is_some() || number.contains_key(&next) {
                return;
            }
            let index = states.len() as u32;
            number.insert(next, index);
            states.push(next);
            parent.push((from, Some(step)));
            if next.at_exit() {
                found = Some(index);
            }
        });
    }
    let moves = found.map(|mut index| {
        let mut moves = Vec::new();
        while let (from, Some(step)) = parent[index as usize] {
            moves.push(step);
            index = from;
        }
        moves.reverse();
        moves
    });
    Search {
        moves,
        explored: states.len(),
    }
}

/// Every state reachable from `start` (moves are reversible, so this is its connected
/// component), `start` first.
pub fn component(start: State) -> Vec<State> {
    let mut seen: HashMap<State, ()> = HashMap::new();
    seen.insert(start, ());
    let mut states = vec![start];
    let mut head = 0;
    while head < states.len() {
        let current = states[head];
        head += 1;
        current.for_each_move(|_, next| {
            if seen.insert(next, ()).is_none() {
                states.push(next);
            }
        });
    }
    states
}

/// The distance to the exit of every state of a component (as [`component`] gives it),
/// aligned with it; `None` for all when no state of the component is at the exit.
pub fn distances_to_exit(component: &[State]) -> Vec<Option<u32>> {
    let index: HashMap<State, usize> = component
        .iter()
        .enumerate()
        .map(|(i, &state)| (state, i))
        .collect();
    let mut distance = vec![None; component.len()];
    let mut queue: Vec<usize> = (0..component.len())
        .filter(|&i| component[i].at_exit())
        .collect();
    for &i in &queue {
        distance[i] = Some(0);
    }
    let mut head = 0;
    while head < queue.len() {
        let current = queue[head];
        head += 1;
        let next_distance = distance[current].map(|d| d + 1);
        component[current].for_each_move(|_, next| {
            // A component is closed under moves, so every neighbour has a number.
            let j = index[&next];
            if distance[j].is_none() {
                distance[j] = next_distance;
                queue.push(j);
            }
        });
    }
    distance
}
