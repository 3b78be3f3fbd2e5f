//! The reference against the plain search: every board of up to 12 squares with every
//! pattern of blocked squares and every start, then random narrow and open boards, each
//! tour checked rule by rule.

use checker_kit::Rng;
use knights_tour::{brute, solve, Board};

/// Compares the reference with the plain search on one board; `None` when the plain search
/// gave up (too many walks), else whether a tour exists.
fn compare(board: &Board, node_limit: u64) -> Option<bool> {
    let solution = solve(board);
    if let Some(tour) = &solution.tour {
        let walk: Vec<(i64, i64)> = tour.iter().map(|&(r, c)| (r as i64, c as i64)).collect();
        board
            .check_tour(&walk)
            .unwrap_or_else(|e| panic!("{e}\n{}", board.to_input()));
    }
    let expected = brute::solve(board, node_limit).ok()?;
    assert_eq!(
        solution.tour.is_some(),
        expected.is_some(),
        "{:?}\n{}",
        solution.method,
        board.to_input()
    );
    Some(expected.is_some())
}

#[test]
fn every_board_of_up_to_twelve_squares() {
    let (mut with, mut without) = (0, 0);
    for rows in 1..=4usize {
        for cols in 1..=12usize {
            let squares = rows * cols;
            if squares > 12 {
                continue;
            }
            for pattern in 0u32..(1 << squares) {
                for start in 0..squares {
                    if pattern >> start & 1 == 1 {
                        continue; // the start is free
                    }
                    let board = Board {
                        rows,
                        cols,
                        free: (0..squares).map(|i| pattern >> i & 1 == 0).collect(),
                        start: (start / cols, start % cols),
                    };
                    match compare(&board, u64::MAX) {
                        Some(true) => with += 1,
                        Some(false) => without += 1,
                        None => unreachable!("no node limit"),
                    }
                }
            }
        }
    }
    assert!(
        with > 1_000 && without > 100_000,
        "{with} with a tour, {without} without"
    );
}

#[test]
fn random_narrow_boards() {
    let mut rng = Rng::new(21);
    let (mut with, mut without, mut skipped) = (0, 0, 0);
    for _ in 0..1500 {
        // Mostly 3 rows and few blocked squares, where tours are common.
        let rows = if rng.chance(4, 5) {
            3
        } else {
            1 + rng.below(2) as usize
        };
        let cols = 4 + rng.below(7) as usize;
        let percent = rng.below(15);
        let squares = rows * cols;
        let mut free: Vec<bool> = (0..squares).map(|_| !rng.chance(percent, 100)).collect();
        let start = rng.below(squares as u64) as usize;
        free[start] = true;
        let (rows, cols, free, start) = if rng.chance(1, 2) {
            // The same board standing up.
            let turned: Vec<bool> = (0..squares)
                .map(|i| free[(i % rows) * cols + i / rows])
                .collect();
            (cols, rows, turned, (start % cols, start / cols))
        } else {
            (rows, cols, free, (start / cols, start % cols))
        };
        let board = Board {
            rows,
            cols,
            free,
            start,
        };
        match compare(&board, 5_000_000) {
            Some(true) => with += 1,
            Some(false) => without += 1,
            None => skipped += 1,
        }
    }
    assert!(
        with > 200 && without > 500,
        "{with} with a tour, {without} without"
    );
    assert!(skipped < 100, "{skipped} beyond the plain search");
}

#[test]
fn open_boards_up_to_six_by_six() {
    let (mut with, mut without, mut skipped) = (0, 0, 0);
    for (rows, cols) in [(4, 5), (4, 6), (5, 5), (5, 6), (4, 7), (5, 7), (6, 6)] {
        for row in 0..rows {
            for col in 0..cols {
                match compare(&Board::open(rows, cols, (row, col)), 5_000_000) {
                    Some(true) => with += 1,
                    Some(false) => without += 1,
                    None => skipped += 1,
                }
            }
        }
    }
    assert!(
        with > 100 && without > 30,
        "{with} with a tour, {without} without, {skipped} skipped"
    );
}
