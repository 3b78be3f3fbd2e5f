//! Test generator for eight-puzzle: `eight-puzzle-gen MODE ARGS...` writes one input.
//!
//! Modes:
//!
//! - `sample 1`: the sample of the statement;
//! - `pair START GOAL`: a hand-made pair, given as two 9-digit states;
//! - `random SEED`: a random goal and a random start of the same parity (solvable);
//! - `unsolvable SEED`: a random goal and a random start of the other parity;
//! - `distance D SEED`: a random goal and a start drawn uniformly among the states exactly
//!   D moves away (goals are redrawn until one has such states: D = 31 needs the blank
//!   outside the centre);
//! - `most-routes BLANK SEED`: a random goal with the blank at position BLANK (0..8,
//!   row-major), and a start drawn among the states with the largest number of shortest
//!   move sequences to it.
//!
//! The random stream is seeded from the whole argument list.

use checker_kit::Rng;
use std::process::ExitCode;

type State = [u8; 9];

fn text(state: &State) -> String {
    state.iter().map(|&d| char::from(b'0' + d)).collect()
}

fn parse(argument: Option<&String>) -> Result<State, String> {
    let argument = argument.ok_or("missing state")?;
    let bytes = argument.as_bytes();
    let mut state = [0u8; 9];
    let mut seen = [false; 9];
    if bytes.len() != 9 {
        return Err(format!("{argument:?} is not 9 digits"));
    }
    for (cell, &byte) in state.iter_mut().zip(bytes) {
        if !(b'0'..=b'8').contains(&byte) || seen[usize::from(byte - b'0')] {
            return Err(format!("{argument:?} is not a permutation of 0..8"));
        }
        seen[usize::from(byte - b'0')] = true;
        *cell = byte - b'0';
    }
    Ok(state)
}

fn number(args: &[String], index: usize, name: &str) -> Result<usize, String> {
    let argument = args.get(index).ok_or(format!("missing {name}"))?;
    argument
        .parse()
        .map_err(|_| format!("{name} must be a number, got {argument:?}"))
}

/// The parity of the tiles' permutation, the blank left out.
fn parity(state: &State) -> usize {
    let tiles: Vec<u8> = state.iter().copied().filter(|&d| d != 0).collect();
    let mut inversions = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            if tiles[i] > tiles[j] {
                inversions += 1;
            }
        }
    }
    inversions % 2
}

fn random_state(rng: &mut Rng) -> State {
    let mut state: State = [0, 1, 2, 3, 4, 5, 6, 7, 8];
    rng.shuffle(&mut state);
    state
}

/// Swaps two tiles (not the blank): flips the parity.
fn swap_two_tiles(state: &mut State) {
    let tiles: Vec<usize> = (0..9).filter(|&i| state[i] != 0).take(2).collect();
    state.swap(tiles[0], tiles[1]);
}

/// Every state reachable from `goal` with its distance and number of shortest sequences,
/// in breadth-first order (an independent search; the reference has its own).
fn reachable(goal: State) -> Vec<(State, u32, u64)> {
    use std::collections::HashMap;
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut found: Vec<(State, u32, u64)> = vec![(goal, 0, 1)];
    index.insert(goal, 0);
    let mut head = 0;
    while head < found.len() {
        let (state, distance, count) = found[head];
        head += 1;
        let blank = state.iter().position(|&d| d == 0).expect("a blank");
        let (row, column) = (blank / 3, blank % 3);
        let mut targets = Vec::with_capacity(4);
        if row > 0 {
            targets.push(blank - 3);
        }
        if row < 2 {
            targets.push(blank + 3);
        }
        if column > 0 {
            targets.push(blank - 1);
        }
        if column < 2 {
            targets.push(blank + 1);
        }
        for target in targets {
            let mut next = state;
            next.swap(blank, target);
            match index.get(&next) {
                None => {
                    index.insert(next, found.len());
                    found.push((next, distance + 1, count));
                }
                Some(&at) if found[at].1 == distance + 1 => found[at].2 += count,
                Some(_) => {}
            }
        }
    }
    found
}

fn generate(args: &[String]) -> Result<String, String> {
    let mut rng = Rng::from_text(&args.join(" "));
    let (start, goal) = match args.first().map(String::as_str) {
        Some("sample") => match args.get(1).map(String::as_str) {
            Some("1") => (
                parse(Some(&"876543210".into()))?,
                parse(Some(&"123456780".into()))?,
            ),
            other => return Err(format!("no sample {other:?}")),
        },
        Some("pair") => (parse(args.get(1))?, parse(args.get(2))?),
        Some("random") => {
            let goal = random_state(&mut rng);
            let mut start = random_state(&mut rng);
            if parity(&start) != parity(&goal) {
                swap_two_tiles(&mut start);
            }
            (start, goal)
        }
        Some("unsolvable") => {
            let goal = random_state(&mut rng);
            let mut start = random_state(&mut rng);
            if parity(&start) == parity(&goal) {
                swap_two_tiles(&mut start);
            }
            (start, goal)
        }
        Some("distance") => {
            let wanted = number(args, 1, "D")? as u32;
            if wanted > 31 {
                return Err("no pair is more than 31 moves apart".to_string());
            }
            loop {
                let goal = random_state(&mut rng);
                let at: Vec<State> = reachable(goal)
                    .into_iter()
                    .filter(|&(_, distance, _)| distance == wanted)
                    .map(|(state, _, _)| state)
                    .collect();
                if let Some(&start) = rng.choose(&at) {
                    break (start, goal);
                }
            }
        }
        Some("most-routes") => {
            let blank = number(args, 1, "BLANK")?;
            if blank > 8 {
                return Err("BLANK must be 0..8".to_string());
            }
            let mut goal = random_state(&mut rng);
            let now = goal.iter().position(|&d| d == 0).expect("a blank");
            goal.swap(now, blank);
            let all = reachable(goal);
            let most = all.iter().map(|&(_, _, count)| count).max().unwrap_or(1);
            let best: Vec<State> = all
                .into_iter()
                .filter(|&(_, _, count)| count == most)
                .map(|(state, _, _)| state)
                .collect();
            let start = *rng.choose(&best).expect("the goal itself is reachable");
            (start, goal)
        }
        other => return Err(format!("unknown mode {other:?}")),
    };
    Ok(format!("{}\n{}\n", text(&start), text(&goal)))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match generate(&args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("eight-puzzle-gen: {message}");
            ExitCode::FAILURE
        }
    }
}
