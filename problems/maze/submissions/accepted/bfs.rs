// Accepted: BFS from S with shortest-route counting modulo 1e9+7 on a padded flat grid,
// then one route read backwards from E. O(n*m).
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace();
    let n: usize = it.next().unwrap().parse().unwrap();
    let m: usize = it.next().unwrap().parse().unwrap();
    let w = m + 2;
    let mut open = vec![false; (n + 2) * w];
    let (mut s, mut e) = (0, 0);
    for r in 0..n {
        for (c, b) in it.next().unwrap().bytes().enumerate() {
            let id = (r + 1) * w + c + 1;
            open[id] = b != b'#';
            if b == b'S' {
                s = id;
            } else if b == b'E' {
                e = id;
            }
        }
    }
    let offsets = [(0usize.wrapping_sub(w), b'U'), (w, b'D'), (usize::MAX, b'L'), (1, b'R')];
    let mut dist = vec![u32::MAX; open.len()];
    let mut cnt = vec![0u64; open.len()];
    let mut queue = vec![s];
    dist[s] = 0;
    cnt[s] = 1;
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        for &(o, _) in &offsets {
            let v = u.wrapping_add(o);
            if !open[v] {
                continue;
            }
            if dist[v] == u32::MAX {
                dist[v] = dist[u] + 1;
                cnt[v] = cnt[u];
                queue.push(v);
            } else if dist[v] == dist[u] + 1 {
                cnt[v] = (cnt[v] + cnt[u]) % 1_000_000_007;
            }
        }
    }
    let out = io::stdout();
    let mut out = out.lock();
    if dist[e] == u32::MAX {
        writeln!(out, "-1").unwrap();
        return;
    }
    let mut route = Vec::new();
    let mut v = e;
    while v != s {
        for &(o, letter) in &offsets {
            let u = v.wrapping_sub(o);
            if open[u] && dist[u].wrapping_add(1) == dist[v] {
                route.push(letter);
                v = u;
                break;
            }
        }
    }
    route.reverse();
    writeln!(out, "{}\n{}\n{}", dist[e], cnt[e], String::from_utf8(route).unwrap()).unwrap();
}
