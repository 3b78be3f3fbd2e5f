// Accepted: depth-first search with backtracking, in Rust, without a stack.
//
// Each visited cell remembers its open mask, the next move to try from it, and the move
// that entered it; that is the whole search state. Standing on a cell: make its next
// untried move to an open, unvisited neighbour, or, when none is left, undo the move
// that entered it. Each reachable cell is entered once and left once: at most 2 (V - 1)
// moves, under the budget of 3 n m. Back at the start with nothing left: -1.
//
// Rust's stdout is line-buffered, so println! would flush each move by itself; the
// output is a BufWriter here and each move is flushed explicitly.
use std::io::{self, BufRead, BufWriter, Write};

const LETTER: [char; 4] = ['U', 'D', 'L', 'R'];
const NONE: u8 = 4;

fn mask(reply: &str) -> u8 {
    reply.bytes().take(4).enumerate().fold(0, |bits, (d, b)| bits | (u8::from(b == b'1') << d))
}

fn main() {
    let mut input = io::stdin().lock();
    let mut output = BufWriter::new(io::stdout().lock());
    let mut line = String::new();
    let mut read = |line: &mut String| -> bool {
        line.clear();
        input.read_line(line).map(|n| n > 0).unwrap_or(false)
    };
    if !read(&mut line) {
        return;
    }
    let header: Vec<usize> = line.split_whitespace().map(|t| t.parse().unwrap_or(0)).collect();
    let (n, m) = (header[0], header[1]);
    let start = header[2] * m + header[3];
    if !read(&mut line) {
        return;
    }
    let step = |cell: usize, d: u8| match d {
        0 => cell - m,
        1 => cell + m,
        2 => cell - 1,
        _ => cell + 1,
    };
    let mut open = vec![0u8; n * m];
    let mut next = vec![0u8; n * m];
    let mut came = vec![NONE; n * m];
    let mut visited = vec![false; n * m];
    open[start] = mask(&line);
    visited[start] = true;
    let mut here = start;
    loop {
        let mut d = next[here];
        while d < 4 && (open[here] >> d & 1 == 0 || visited[step(here, d)]) {
            d += 1;
        }
        next[here] = d + 1;
        let letter = if d < 4 {
            LETTER[d as usize]
        } else if came[here] != NONE {
            LETTER[(came[here] ^ 1) as usize]
        } else {
            let _ = writeln!(output, "-1").and_then(|()| output.flush());
            return;
        };
        if writeln!(output, "{letter}").and_then(|()| output.flush()).is_err() || !read(&mut line) {
            return;
        }
        match line.trim() {
            "E" => return,
            "#" if d < 4 => visited[step(here, d)] = true,
            reply if d < 4 => {
                let there = step(here, d);
                visited[there] = true;
                open[there] = mask(reply);
                came[there] = d;
                here = there;
            }
            _ => here = step(here, came[here] ^ 1),
        }
    }
}
