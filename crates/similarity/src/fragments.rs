//! The matching code of one pair: maximal runs of equal k-grams in both files, taken
//! longest first without overlapping in either file (a greedy tiling, as JPlag's greedy
//! string tiling does with tokens), so that each part of a file matches at most one part
//! of the other. The tiles score a pair ([`crate::pairs`]); less those that are mostly
//! discounted code, they are the fragments of the side-by-side view.

use crate::index::HashMap64;
use crate::token::Token;
use serde::Serialize;
use std::ops::Range;

/// What the fragment finder needs of one file.
#[derive(Debug, Clone, Copy)]
pub struct FragmentSide<'f> {
    /// Its tokens (for their source spans).
    pub tokens: &'f [Token],
    /// Its k-gram hashes.
    pub hashes: &'f [u64],
    /// Per token: whether it is discounted.
    pub discounted: &'f [bool],
}

/// One tile: the same tokens in both files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tile {
    /// Its tokens in the first file.
    pub a_tokens: Range<usize>,
    /// Its tokens in the second file.
    pub b_tokens: Range<usize>,
}

/// One matching fragment: the same code in both files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Fragment {
    /// Its tokens in the first file.
    pub a_tokens: Range<usize>,
    /// Its tokens in the second file.
    pub b_tokens: Range<usize>,
    /// Its bytes in the first file.
    pub a_bytes: Range<usize>,
    /// Its bytes in the second file.
    pub b_bytes: Range<usize>,
}

/// At most this many places per k-gram are tried (repetitive code would otherwise make
/// the search quadratic).
const MAX_PLACES: usize = 64;

/// The bytes a run of tokens covers: from the earliest start to the latest end of a
/// leaf (a construct's token, a loop's or a call's, spans code the run may not hold, so
/// only where it starts counts).
pub fn byte_span(tokens: &[Token], range: &Range<usize>) -> Range<usize> {
    let run = &tokens[range.clone()];
    let start = run.iter().map(|t| t.start).min().unwrap_or(0) as usize;
    let end = run
        .iter()
        .map(|t| if t.kind.is_leaf() { t.end } else { t.start })
        .max()
        .unwrap_or(0) as usize;
    start..end.max(start)
}

/// The tiles of `a` and `b` (k-gram hashes of `k` tokens, `a_tokens` and `b_tokens`
/// tokens), longest first.
pub fn tiles(a: &[u64], a_tokens: usize, b: &[u64], b_tokens: usize, k: usize) -> Vec<Tile> {
    let mut places: HashMap64<Vec<u32>> = HashMap64::default();
    for (j, hash) in b.iter().enumerate() {
        let list = places.entry(*hash).or_default();
        if list.len() < MAX_PLACES {
            list.push(j as u32);
        }
    }
    // Runs of equal k-grams: (first k-gram in a, in b, k-grams).
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, hash) in a.iter().enumerate() {
        let Some(list) = places.get(hash) else {
            continue;
        };
        for &j in list {
            let j = j as usize;
            if i > 0 && j > 0 && a[i - 1] == b[j - 1] {
                continue; // inside a run found from its start
            }
            let mut length = 1;
            while i + length < a.len() && j + length < b.len() && a[i + length] == b[j + length] {
                length += 1;
            }
            runs.push((i, j, length));
        }
    }
    runs.sort_by(|x, y| y.2.cmp(&x.2).then(x.0.cmp(&y.0)).then(x.1.cmp(&y.1)));
    let mut taken_a = vec![false; a_tokens];
    let mut taken_b = vec![false; b_tokens];
    let mut found = Vec::new();
    for (i, j, length) in runs {
        let tokens = length + k - 1;
        let (ra, rb) = (i..i + tokens, j..j + tokens);
        if ra.end > a_tokens || rb.end > b_tokens {
            continue;
        }
        if taken_a[ra.clone()].iter().any(|t| *t) || taken_b[rb.clone()].iter().any(|t| *t) {
            continue;
        }
        taken_a[ra.clone()].iter_mut().for_each(|t| *t = true);
        taken_b[rb.clone()].iter_mut().for_each(|t| *t = true);
        found.push(Tile {
            a_tokens: ra,
            b_tokens: rb,
        });
    }
    found
}

/// The fragments `a` and `b` share, in the order they appear in `a`: their tiles less
/// those that are mostly discounted code.
pub fn fragments(a: FragmentSide, b: FragmentSide, k: usize) -> Vec<Fragment> {
    let mut found: Vec<Fragment> = tiles(a.hashes, a.tokens.len(), b.hashes, b.tokens.len(), k)
        .into_iter()
        .filter(|tile| {
            let discounted = a
                .discounted
                .get(tile.a_tokens.clone())
                .unwrap_or_default()
                .iter()
                .filter(|d| **d)
                .count();
            discounted * 2 <= tile.a_tokens.len()
        })
        .map(|tile| Fragment {
            a_bytes: byte_span(a.tokens, &tile.a_tokens),
            b_bytes: byte_span(b.tokens, &tile.b_tokens),
            a_tokens: tile.a_tokens,
            b_tokens: tile.b_tokens,
        })
        .collect();
    found.sort_by_key(|f| f.a_tokens.start);
    found
}
