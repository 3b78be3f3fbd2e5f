//! The reference against a plain search over the lettered boards (no canonical states,
//! written here apart from the crate's code) on many small boards of every piece set, and
//! its routes replayed move by move.

use checker_kit::Rng;
use klotski::board::{Board, Direction, CELLS, EMPTY};
use klotski::census::PieceSet;
use klotski::state::State;
use std::collections::{HashMap, VecDeque};

/// The lettered board after moving `letter` one cell by (dr, dc), if that is legal.
fn step(cells: &[u8; CELLS], letter: u8, (dr, dc): (i32, i32)) -> Option<[u8; CELLS]> {
    let mut next = *cells;
    for cell in 0..CELLS {
        if cells[cell] == letter {
            next[cell] = EMPTY;
        }
    }
    for cell in 0..CELLS {
        if cells[cell] != letter {
            continue;
        }
        let (r, c) = ((cell / 4) as i32 + dr, (cell % 4) as i32 + dc);
        if !(0..5).contains(&r) || !(0..4).contains(&c) {
            return None;
        }
        let target = (r * 4 + c) as usize;
        if cells[target] != EMPTY && cells[target] != letter {
            return None;
        }
        next[target] = letter;
    }
    Some(next)
}

const STEPS: [(u8, (i32, i32)); 4] = [
    (b'U', (-1, 0)),
    (b'D', (1, 0)),
    (b'L', (0, -1)),
    (b'R', (0, 1)),
];

/// Whether the piece on (3, 1) has four cells and covers (3, 1), (3, 2), (4, 1), (4, 2).
fn at_exit(cells: &[u8; CELLS]) -> bool {
    let letter = cells[13];
    letter != EMPTY
        && [14, 17, 18].iter().all(|&i| cells[i] == letter)
        && cells.iter().filter(|&&b| b == letter).count() == 4
}

/// The least number of moves by breadth-first search over lettered boards; `Err` when it
/// would store more than `cap` boards.
fn brute(board: &Board, cap: usize) -> Result<Option<usize>, ()> {
    let mut distance: HashMap<[u8; CELLS], usize> = HashMap::new();
    distance.insert(board.cells, 0);
    let mut queue = VecDeque::from([board.cells]);
    while let Some(cells) = queue.pop_front() {
        let d = distance[&cells];
        if at_exit(&cells) {
            return Ok(Some(d));
        }
        for letter in b'A'..=b'Z' {
            if !cells.contains(&letter) {
                continue;
            }
            for (_, delta) in STEPS {
                if let Some(next) = step(&cells, letter, delta) {
                    if let std::collections::hash_map::Entry::Vacant(slot) = distance.entry(next) {
                        slot.insert(d + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
        if distance.len() > cap {
            return Err(());
        }
    }
    Ok(None)
}

/// Replays the reference's moves with this file's own rules; the board must end at the exit.
fn replay(board: &Board, moves: &[(u8, Direction)]) {
    let mut cells = board.cells;
    for (index, &(letter, direction)) in moves.iter().enumerate() {
        let (_, delta) = STEPS
            .iter()
            .find(|(name, _)| *name == direction.letter())
            .expect("a direction letter");
        cells = step(&cells, letter, *delta)
            .unwrap_or_else(|| panic!("move {index} is illegal\n{board}"));
    }
    assert!(
        at_exit(&cells),
        "the route does not end at the exit\n{board}"
    );
}

/// A board of `state` with random distinct letters.
fn lettered(state: State, rng: &mut Rng) -> Board {
    let mut letters: Vec<u8> = (b'A'..=b'Z').collect();
    rng.shuffle(&mut letters);
    let mut cells = [EMPTY; CELLS];
    for ((shape, anchor), letter) in state.pieces().into_iter().zip(letters) {
        for (cell, slot) in cells.iter_mut().enumerate() {
            if shape.mask(anchor) & (1 << cell) != 0 {
                *slot = letter;
            }
        }
    }
    Board { cells }
}

#[test]
fn agrees_with_the_lettered_search() {
    let sets: Vec<(PieceSet, Vec<State>)> = PieceSet::all()
        .into_iter()
        .map(|set| (set, set.states()))
        .filter(|(_, states)| !states.is_empty())
        .collect();
    let mut rng = Rng::new(21);
    let (mut solved, mut impossible, mut skipped) = (0, 0, 0);
    for _ in 0..1000 {
        let (_, states) = &sets[rng.below(sets.len() as u64) as usize];
        let state = states[rng.below(states.len() as u64) as usize];
        let board = lettered(state, &mut rng);
        let found = klotski::solve(&board).unwrap();
        if let Some(moves) = &found {
            replay(&board, moves);
        }
        match brute(&board, 10_000) {
            Err(()) => skipped += 1,
            Ok(expected) => {
                assert_eq!(found.as_ref().map(Vec::len), expected, "\n{board}");
                if expected.is_some() {
                    solved += 1;
                } else {
                    impossible += 1;
                }
            }
        }
    }
    println!("{solved} solved, {impossible} impossible, {skipped} beyond the lettered search");
    assert!(solved >= 200, "{solved} solved");
    assert!(impossible >= 100, "{impossible} impossible");
}
