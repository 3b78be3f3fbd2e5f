//! The proof that the fast methods answer every open board of the problem: every n ≤ m ≤ 64
//! with both sides at least 5 and every start of the top-left quarter that the colours
//! allow (the reference turns every other board into one of these) gets a tour from
//! Warnsdorff's rule or from rotations, never from the exponential search; and the 4-row
//! boards, which the frontier method answers, all of them.

use knights_tour::board::{Board, FOUR_ROW_MAX_LENGTH, MAX_SIDE};
use knights_tour::graph::Graph;
use knights_tour::search::search;
use knights_tour::solve::{solve_open, Method};
use knights_tour::{frontier, solve};

/// The most rotations any open board needs (measured by this test; the budget is far
/// above).
const MOST_ROTATIONS: u64 = 869;

/// Sweeps the boards n x m with n in `rows` (and n <= m <= 64); the number of inputs, how
/// many needed rotations, and the most rotations.
fn sweep(rows: impl Iterator<Item = usize>) -> (usize, usize, u64) {
    let (mut inputs, mut rotated, mut most) = (0, 0, 0);
    for n in rows {
        for m in n..=MAX_SIDE {
            let graph = Graph::new(&Board::open(n, m, (0, 0)));
            for r in 0..=(n - 1) / 2 {
                for c in 0..=(m - 1) / 2 {
                    if (n * m) % 2 == 1 && (r + c) % 2 == 1 {
                        continue; // the colours forbid it
                    }
                    inputs += 1;
                    let (tour, method) = solve_open(&graph, graph.index((r, c)));
                    match method {
                        Method::Warnsdorff => {}
                        Method::Rotations(stats) => {
                            rotated += 1;
                            most = most.max(stats.rotations);
                        }
                        other => panic!("{n} x {m} from ({r}, {c}): {other:?}"),
                    }
                    let tour = tour.expect("a tour");
                    assert_eq!(tour.len(), n * m, "{n} x {m} from ({r}, {c})");
                    assert_eq!(tour[0], graph.index((r, c)));
                    for pair in tour.windows(2) {
                        assert!(graph.moves(pair[0]).contains(&(pair[1] as u32)));
                    }
                }
            }
        }
    }
    (inputs, rotated, most)
}

#[test]
fn every_open_board_gets_a_tour_without_the_search() {
    // Two threads, each every other row count, for the two cores of CI.
    let (a, b) = std::thread::scope(|scope| {
        let even = scope.spawn(|| sweep((5..=MAX_SIDE).step_by(2)));
        let odd = scope.spawn(|| sweep((6..=MAX_SIDE).step_by(2)));
        (even.join().expect("sweep"), odd.join().expect("sweep"))
    });
    let inputs = a.0 + b.0;
    let rotated = a.1 + b.1;
    let most = a.2.max(b.2);
    assert_eq!(inputs, 490_980);
    assert!(rotated > 0, "some starts defeat Warnsdorff's rule alone");
    assert!(most <= MOST_ROTATIONS, "{most} rotations");
}

#[test]
fn every_four_row_board_is_answered_by_the_frontier_method() {
    for cols in 1..=FOUR_ROW_MAX_LENGTH {
        for row in 0..4 {
            for col in 0..cols {
                let board = Board::open(4, cols, (row, col));
                let solution = solve(&board);
                let Method::Frontier(stats) = solution.method else {
                    panic!("4 x {cols}: {:?}", solution.method);
                };
                assert!(stats.max_layer <= 57_390, "4 x {cols}: {stats:?}");
                let outer = row == 0 || row == 3;
                assert_eq!(
                    solution.tour.is_some(),
                    outer && cols != 4 && cols >= 3,
                    "4 x {cols} from ({row}, {col})"
                );
                // The same board turned the other way.
                let (turned, _) = frontier::solve(&board.transposed());
                assert_eq!(turned.is_some(), solution.tour.is_some());
            }
        }
    }
}

#[test]
fn the_complete_search_answers_the_four_row_boards_at_once() {
    // The accepted submissions answer the 4-row boards with the outer-row rule and this
    // search instead of the frontier method (cheaper to write in every language).
    for cols in 5..=FOUR_ROW_MAX_LENGTH {
        for row in [0, 3] {
            for col in 0..cols {
                let board = Board::open(4, cols, (row, col));
                let graph = Graph::new(&board);
                let (outcome, nodes) = search(&graph, graph.index((row, col)), 20_000);
                assert!(
                    matches!(outcome, Ok(Some(_))),
                    "4 x {cols} from ({row}, {col}): {nodes}"
                );
            }
        }
    }
}
