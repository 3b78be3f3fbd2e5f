//! Breadth-first search over canonical states: a state keeps only which shape lies where
//! (3 bits a cell), so pieces of one shape are interchangeable and at most 175 580 states
//! are stored. The moves are replayed on the lettered board to name the pieces.
use std::collections::HashMap;
use std::io::{self, Read};

const DR: [i32; 4] = [-1, 1, 0, 0];
const DC: [i32; 4] = [0, 0, -1, 1];
const DIR: [char; 4] = ['U', 'D', 'L', 'R'];
const H: [i32; 5] = [0, 1, 1, 2, 2];
const W: [i32; 5] = [0, 1, 2, 1, 2];

fn place(code: &mut [u64; 20], kind: u64, r: i32, c: i32) {
    for y in 0..H[kind as usize] {
        for x in 0..W[kind as usize] {
            code[((r + y) * 4 + c + x) as usize] = 5;
        }
    }
    code[(r * 4 + c) as usize] = kind;
}

fn pack(code: &[u64; 20]) -> u64 {
    (0..20).fold(0, |s, i| s | code[i] << (3 * i))
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut g: Vec<u8> = input.split_whitespace().flat_map(|r| r.bytes()).collect();
    let mut code = [0u64; 20];
    for i in 0..20 {
        if g[i] == b'.' || code[i] != 0 {
            continue;
        }
        let cells: Vec<usize> = (i..20).filter(|&j| g[j] == g[i]).collect();
        let kind = match cells.len() {
            1 => 1,
            4 => 4,
            _ if cells[1] == cells[0] + 1 => 2,
            _ => 3,
        };
        place(&mut code, kind, (i / 4) as i32, (i % 4) as i32);
    }
    let mut states = vec![pack(&code)];
    let mut parent: Vec<usize> = vec![usize::MAX];
    let mut step: Vec<usize> = vec![0];
    let mut seen: HashMap<u64, usize> = HashMap::new();
    seen.insert(states[0], 0);
    let mut found = if code[13] == 4 { Some(0) } else { None };
    let mut head = 0;
    while head < states.len() && found.is_none() {
        let s = states[head];
        let cur: [u64; 20] = std::array::from_fn(|i| (s >> (3 * i)) & 7);
        for a in 0..20 {
            let kind = cur[a];
            if kind == 0 || kind == 5 || found.is_some() {
                continue;
            }
            let (r, c) = ((a / 4) as i32, (a % 4) as i32);
            let (h, w) = (H[kind as usize], W[kind as usize]);
            for d in 0..4 {
                let (nr, nc) = (r + DR[d], c + DC[d]);
                if nr < 0 || nc < 0 || nr + h > 5 || nc + w > 4 {
                    continue;
                }
                let blocked = (0..h).any(|y| {
                    (0..w).any(|x| {
                        let (tr, tc) = (nr + y, nc + x);
                        let own = tr >= r && tr < r + h && tc >= c && tc < c + w;
                        cur[(tr * 4 + tc) as usize] != 0 && !own
                    })
                });
                if blocked {
                    continue;
                }
                let mut next = cur;
                for y in 0..h {
                    for x in 0..w {
                        next[((r + y) * 4 + c + x) as usize] = 0;
                    }
                }
                place(&mut next, kind, nr, nc);
                let t = pack(&next);
                if seen.contains_key(&t) {
                    continue;
                }
                seen.insert(t, states.len());
                states.push(t);
                parent.push(head);
                step.push(a * 4 + d);
                if next[13] == 4 {
                    found = Some(states.len() - 1);
                    break;
                }
            }
        }
        head += 1;
    }
    let Some(mut i) = found else {
        println!("-1");
        return;
    };
    let mut path = Vec::new();
    while parent[i] != usize::MAX {
        path.push(step[i]);
        i = parent[i];
    }
    path.reverse();
    let mut words = Vec::new();
    for p in path {
        let (a, d) = (p / 4, p % 4);
        let letter = g[a];
        let cells: Vec<usize> = (0..20).filter(|&j| g[j] == letter).collect();
        for &j in &cells {
            g[j] = b'.';
        }
        for &j in &cells {
            g[(j as i32 + DR[d] * 4 + DC[d]) as usize] = letter;
        }
        words.push(format!("{}{}", letter as char, DIR[d]));
    }
    println!("{}\n{}", words.len(), words.join(" "));
}
