// Accepted: breadth-first search from the goal over states packed as u64 (4 bits a cell),
// with a HashMap to (distance to the goal, number of shortest sequences). Unreached start:
// -1. The smallest sequence (D < L < R < U) is built greedily from the start.
use std::collections::HashMap;
use std::io::{self, Read};

fn pack(s: &[u8]) -> u64 {
    s.iter().fold(0, |acc, &b| acc << 4 | u64::from(b - b'0'))
}

fn cell(state: u64, i: usize) -> u64 {
    (state >> (4 * (8 - i))) & 15
}

fn blank(state: u64) -> usize {
    (0..9).find(|&i| cell(state, i) == 0).unwrap()
}

/// The moves from `state` in the order D, L, R, U: (letter, next state).
fn moves(state: u64) -> Vec<(char, u64)> {
    let b = blank(state);
    let mut out = Vec::new();
    for (letter, ok, t) in [
        ('D', b < 6, b + 3),
        ('L', b % 3 > 0, b.wrapping_sub(1)),
        ('R', b % 3 < 2, b + 1),
        ('U', b >= 3, b.wrapping_sub(3)),
    ] {
        if ok {
            let tile = cell(state, t);
            // The tile moves to the blank's cell; the blank's cell value is 0.
            let next = state & !(15 << (4 * (8 - t))) | tile << (4 * (8 - b));
            out.push((letter, next));
        }
    }
    out
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let start = pack(it.next().unwrap().as_bytes());
    let goal = pack(it.next().unwrap().as_bytes());
    let mut table: HashMap<u64, (u32, u64)> = HashMap::with_capacity(200_000);
    table.insert(goal, (0, 1));
    let mut queue = vec![goal];
    let mut head = 0;
    while head < queue.len() {
        let s = queue[head];
        head += 1;
        let (d, c) = table[&s];
        for (_, t) in moves(s) {
            match table.get_mut(&t) {
                None => {
                    table.insert(t, (d + 1, c));
                    queue.push(t);
                }
                Some(entry) if entry.0 == d + 1 => entry.1 += c,
                Some(_) => {}
            }
        }
    }
    let Some(&(d, c)) = table.get(&start) else {
        println!("-1");
        return;
    };
    let mut seq = String::new();
    let mut s = start;
    for left in (0..d).rev() {
        let (letter, next) = moves(s)
            .into_iter()
            .find(|(_, t)| table.get(t).map(|e| e.0) == Some(left))
            .unwrap();
        seq.push(letter);
        s = next;
    }
    println!("{d}\n{c}\n{seq}");
}
