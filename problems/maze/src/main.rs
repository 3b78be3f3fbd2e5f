//! Reference solution for maze (移动迷宫).
//!
//! Every step costs 1, so a breadth-first search from S visits the cells in order of their
//! distance from S, and that distance is the length of a shortest route. The number of
//! shortest routes to a cell v is the sum of the numbers for the neighbours u of v with
//! dist(u) = dist(v) - 1 (a shortest route to v is a shortest route to such a u plus one
//! step). The search pops u only after every cell of distance dist(u) - 1 was popped, so
//! count(u) is complete when u pushes its share to its neighbours: one pass, O(n·m) time,
//! counts kept modulo 1 000 000 007.
//!
//! One shortest route is read backwards from E: from a cell at distance k, some neighbour
//! lies at distance k - 1 (the one the search came from, at least); step to the first such
//! neighbour until S is reached, then reverse the letters.
//!
//! The grid is stored flat with a border of walls, so a neighbour is `cell ± 1` or
//! `cell ± width` and never needs a bounds check.

use std::io::{self, Read, Write};

/// Route counts are reported modulo this prime.
const MODULUS: u32 = 1_000_000_007;

/// Distance of a cell the search has not reached.
const UNREACHED: u32 = u32::MAX;

/// The answer for one maze, as the text to print.
fn solve(input: &str) -> String {
    let mut tokens = input.split_ascii_whitespace();
    let mut number = || -> usize {
        tokens
            .next()
            .and_then(|token| token.parse().ok())
            .expect("the input starts with n and m")
    };
    let (rows, columns) = (number(), number());
    let rows_text: Vec<&[u8]> = input
        .split_ascii_whitespace()
        .skip(2)
        .take(rows)
        .map(str::as_bytes)
        .collect();
    assert_eq!(rows_text.len(), rows, "the input has n rows");

    // Padded grid: row r, column c of the maze is cell (r + 1) * width + (c + 1).
    let width = columns + 2;
    let mut open = vec![false; (rows + 2) * width];
    let (mut start, mut exit) = (0, 0);
    for (r, line) in rows_text.iter().enumerate() {
        assert_eq!(line.len(), columns, "every row has m characters");
        for (c, &byte) in line.iter().enumerate() {
            let cell = (r + 1) * width + (c + 1);
            open[cell] = byte != b'#';
            match byte {
                b'S' => start = cell,
                b'E' => exit = cell,
                _ => {}
            }
        }
    }

    // The four steps as (offset to add, letter), offsets on the padded grid.
    let steps: [(isize, u8); 4] = [
        (-(width as isize), b'U'),
        (width as isize, b'D'),
        (-1, b'L'),
        (1, b'R'),
    ];

    let mut distance = vec![UNREACHED; open.len()];
    let mut count = vec![0u32; open.len()];
    let mut queue = Vec::with_capacity(rows * columns);
    distance[start] = 0;
    count[start] = 1;
    queue.push(start);
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        let next_distance = distance[cell] + 1;
        for &(offset, _) in &steps {
            let neighbour = cell.wrapping_add_signed(offset);
            if !open[neighbour] {
                continue;
            }
            if distance[neighbour] == UNREACHED {
                distance[neighbour] = next_distance;
                count[neighbour] = count[cell];
                queue.push(neighbour);
            } else if distance[neighbour] == next_distance {
                count[neighbour] = (count[neighbour] + count[cell]) % MODULUS;
            }
        }
    }

    if distance[exit] == UNREACHED {
        return "-1\n".to_string();
    }
    let mut route = Vec::with_capacity(distance[exit] as usize);
    let mut cell = exit;
    while cell != start {
        // The step that enters `cell` from a neighbour one closer to S.
        let (previous, letter) = steps
            .iter()
            .map(|&(offset, letter)| (cell.wrapping_add_signed(-offset), letter))
            .find(|&(previous, _)| open[previous] && distance[previous] + 1 == distance[cell])
            .expect("a reached cell other than S has a neighbour one step closer to S");
        route.push(letter);
        cell = previous;
    }
    route.reverse();
    format!(
        "{}\n{}\n{}\n",
        distance[exit],
        count[exit],
        String::from_utf8(route).expect("route letters are ASCII")
    )
}

fn main() {
    let mut input = String::new();
    io::stdin()
        .read_to_string(&mut input)
        .expect("the input is readable UTF-8 text");
    io::stdout()
        .write_all(solve(&input).as_bytes())
        .expect("stdout is writable");
}

#[cfg(test)]
mod tests {
    use super::*;
    use checker_kit::Rng;

    #[test]
    fn sample() {
        // PROBLEMS.md shows RDDR; any of the four shortest routes is accepted.
        assert_eq!(solve("3 3\nS-#\n---\n#-E\n"), "4\n4\nRDRD\n");
    }

    #[test]
    fn unreachable_and_tiny() {
        assert_eq!(solve("1 2\nSE\n"), "1\n1\nR\n");
        assert_eq!(solve("2 1\nE\nS\n"), "1\n1\nU\n");
        assert_eq!(solve("1 3\nS#E\n"), "-1\n");
    }

    /// Every simple path from `cell` to E of at most `limit` steps, by exhaustive search:
    /// returns (shortest length, number of routes of that length).
    fn brute_force(grid: &[Vec<u8>], start: (usize, usize)) -> Option<(usize, u64)> {
        fn walk(
            grid: &[Vec<u8>],
            (r, c): (usize, usize),
            seen: &mut Vec<Vec<bool>>,
            length: usize,
            best: &mut Option<(usize, u64)>,
        ) {
            if grid[r][c] == b'E' {
                *best = match *best {
                    Some((l, n)) if l == length => Some((l, n + 1)),
                    Some((l, n)) if l < length => Some((l, n)),
                    _ => Some((length, 1)),
                };
                return;
            }
            let moves = [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)];
            for (dr, dc) in moves {
                let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                if nr < 0 || nc < 0 || nr as usize >= grid.len() || nc as usize >= grid[0].len() {
                    continue;
                }
                let (nr, nc) = (nr as usize, nc as usize);
                if grid[nr][nc] == b'#' || seen[nr][nc] {
                    continue;
                }
                seen[nr][nc] = true;
                walk(grid, (nr, nc), seen, length + 1, best);
                seen[nr][nc] = false;
            }
        }
        let mut seen = vec![vec![false; grid[0].len()]; grid.len()];
        seen[start.0][start.1] = true;
        let mut best = None;
        walk(grid, start, &mut seen, 0, &mut best);
        best
    }

    #[test]
    fn agrees_with_exhaustive_search_on_small_mazes() {
        let mut rng = Rng::new(2024);
        for _ in 0..400 {
            let rows = rng.range(1, 4) as usize;
            let columns = rng.range(1, 5) as usize;
            if rows * columns < 2 {
                continue;
            }
            let mut grid = vec![vec![b'-'; columns]; rows];
            for row in grid.iter_mut() {
                for cell in row.iter_mut() {
                    if rng.chance(1, 4) {
                        *cell = b'#';
                    }
                }
            }
            let cells = rows * columns;
            let s = rng.below(cells as u64) as usize;
            let mut e = rng.below(cells as u64 - 1) as usize;
            if e >= s {
                e += 1;
            }
            grid[s / columns][s % columns] = b'S';
            grid[e / columns][e % columns] = b'E';
            let mut text = format!("{rows} {columns}\n");
            for row in &grid {
                text.push_str(std::str::from_utf8(row).unwrap());
                text.push('\n');
            }
            let answer = solve(&text);
            let expected = brute_force(&grid, (s / columns, s % columns));
            let lines: Vec<&str> = answer.lines().collect();
            match expected {
                None => assert_eq!(answer, "-1\n", "{text}"),
                Some((length, routes)) => {
                    assert_eq!(lines[0], length.to_string(), "{text}");
                    assert_eq!(lines[1], routes.to_string(), "{text}");
                    // The route walks from S to E over open cells.
                    let (mut r, mut c) = (s / columns, s % columns);
                    assert_eq!(lines[2].len(), length);
                    for letter in lines[2].bytes() {
                        match letter {
                            b'U' => r -= 1,
                            b'D' => r += 1,
                            b'L' => c -= 1,
                            b'R' => c += 1,
                            _ => panic!("bad letter"),
                        }
                        assert_ne!(grid[r][c], b'#', "{text}");
                    }
                    assert_eq!((r, c), (e / columns, e % columns), "{text}");
                }
            }
        }
    }

    #[test]
    fn counts_wrap_modulo_the_prime() {
        // An open 40 x 40 maze corner to corner has C(78, 39) routes, far past 2^64.
        let mut text = "40 40\n".to_string();
        for r in 0..40 {
            let mut row = vec![b'-'; 40];
            if r == 0 {
                row[0] = b'S';
            }
            if r == 39 {
                row[39] = b'E';
            }
            text.push_str(std::str::from_utf8(&row).unwrap());
            text.push('\n');
        }
        // C(78, 39) mod p by Pascal's triangle modulo p.
        let mut pascal = vec![vec![0u64; 79]; 79];
        for n in 0..79 {
            pascal[n][0] = 1;
            for k in 1..=n {
                pascal[n][k] = (pascal[n - 1][k - 1] + pascal[n - 1][k]) % 1_000_000_007;
            }
        }
        let answer = solve(&text);
        let lines: Vec<&str> = answer.lines().collect();
        assert_eq!(lines[0], "78");
        assert_eq!(lines[1], pascal[78][39].to_string());
    }
}
