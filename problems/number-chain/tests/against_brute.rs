//! The reference against the unpruned search on many small boards of every kind the
//! generator makes, plus walks checked rule by rule.

use checker_kit::Rng;
use number_chain::{brute, check_walk, random_walk, solve, solve_probing_after, Board};

/// A board built from a random walk of the given side (values t mod K along it), with
/// `swaps` pairs of cells exchanged afterwards.
fn walk_board(rng: &mut Rng, side: usize, modulus: usize, swaps: usize) -> Option<Board> {
    let blank = Board {
        side,
        modulus: 1,
        values: vec![0; side * side],
    };
    let walk = random_walk(&blank, rng.next_u64(), 100_000)?;
    let mut values = vec![0u8; side * side];
    let (mut row, mut col) = (0i32, 0i32);
    for (time, digit) in walk.bytes().enumerate() {
        let dir = usize::from(digit - b'0');
        row += number_chain::DIR_ROW[dir];
        col += number_chain::DIR_COL[dir];
        values[row as usize * side + col as usize] = ((time + 1) % modulus) as u8;
    }
    let cells = side * side;
    for _ in 0..swaps {
        let i = rng.below(cells as u64) as usize;
        let j = rng.below(cells as u64) as usize;
        values.swap(i, j);
    }
    Some(Board {
        side,
        modulus,
        values,
    })
}

fn random_board(rng: &mut Rng, max_side: u64) -> Board {
    let side = 1 + rng.below(max_side) as usize;
    let modulus = match rng.below(4) {
        0 => 1,
        1 => 2,
        2 => 3,
        _ => 1 + rng.below(10) as usize,
    };
    let cells = side * side;
    match rng.below(3) {
        0 => {
            let mut values: Vec<u8> = (0..cells)
                .map(|_| rng.below(modulus as u64) as u8)
                .collect();
            if rng.chance(3, 4) {
                values[0] = 0;
            }
            Board {
                side,
                modulus,
                values,
            }
        }
        1 => {
            // the right value counts, shuffled between the corners
            let mut values: Vec<u8> = (0..cells).map(|t| (t % modulus) as u8).collect();
            if cells > 2 {
                rng.shuffle(&mut values[1..cells - 1]);
            }
            Board {
                side,
                modulus,
                values,
            }
        }
        _ => {
            let swaps = rng.below(4) as usize;
            walk_board(rng, side, modulus, swaps).unwrap_or(Board {
                side,
                modulus,
                values: vec![0; cells],
            })
        }
    }
}

fn compare(seed: u64, boards: usize, max_side: u64) {
    let mut rng = Rng::new(seed);
    let (mut found, mut none, mut skipped) = (0, 0, 0);
    for _ in 0..boards {
        let board = random_board(&mut rng, max_side);
        let (walk, _) = solve(&board);
        if let Some(digits) = &walk {
            check_walk(&board, digits).unwrap_or_else(|e| panic!("{e}\n{}", board.to_input()));
        }
        // The same search probing everywhere, and probing only at the start.
        for probe_after in [0, u64::MAX] {
            let (other, _) = solve_probing_after(&board, probe_after);
            assert_eq!(
                other,
                walk,
                "probing after {probe_after}\n{}",
                board.to_input()
            );
        }
        match brute::solve(&board, 2_000_000) {
            Ok(expected) => {
                assert_eq!(walk, expected, "\n{}", board.to_input());
                if walk.is_some() {
                    found += 1;
                } else {
                    none += 1;
                }
            }
            Err(_) => skipped += 1,
        }
    }
    assert!(found > boards / 10, "too few boards with a walk: {found}");
    assert!(none > boards / 10, "too few boards without a walk: {none}");
    assert!(
        skipped < boards / 5,
        "too many boards beyond the plain search: {skipped}"
    );
}

#[test]
fn agrees_with_the_plain_search_up_to_side_5() {
    compare(1, 6000, 5);
}

#[test]
fn agrees_with_the_plain_search_on_side_6() {
    compare(2, 1500, 6);
}

#[test]
fn the_sample() {
    let board = Board::parse("3 3\n0 2 0\n1 1 1\n2 0 2\n").unwrap();
    assert_eq!(solve(&board).0.as_deref(), Some("41255214"));
}

#[test]
fn one_cell_has_no_walk() {
    for modulus in 1..=10 {
        let board = Board {
            side: 1,
            modulus,
            values: vec![0],
        };
        assert_eq!(solve(&board).0, None);
    }
}

#[test]
fn random_walks_are_walks() {
    for side in 2..=10 {
        for seed in 0..5 {
            let blank = Board {
                side,
                modulus: 1,
                values: vec![0; side * side],
            };
            let walk = random_walk(&blank, seed, 1_000_000).expect("a walk");
            check_walk(&blank, &walk).unwrap();
        }
    }
}

#[test]
fn the_frontier_dp_knows_whether_a_walk_exists() {
    let mut rng = Rng::new(3);
    let (mut with, mut without) = (0, 0);
    for _ in 0..3000 {
        let side = 2 + rng.below(5) as usize;
        let modulus = 3 + rng.below(8) as usize;
        let swaps = rng.below(3) as usize;
        let Some(board) = walk_board(&mut rng, side, modulus, swaps) else {
            continue;
        };
        if board.values[0] != 0 {
            continue;
        }
        let Ok(expected) = brute::solve(&board, 5_000_000) else {
            continue;
        };
        let (exists, _) = number_chain::frontier::has_walk(&board, usize::MAX);
        assert_eq!(exists, Some(expected.is_some()), "\n{}", board.to_input());
        if expected.is_some() {
            with += 1;
        } else {
            without += 1;
        }
    }
    assert!(
        with > 300 && without > 300,
        "{with} with a walk, {without} without"
    );
}
