//! The matching fragments of one pair, for the side-by-side view: maximal runs of equal
//! k-grams in both files, taken longest first without overlapping (a greedy tiling, as
//! JPlag's greedy string tiling does with tokens), less runs that are mostly discounted
//! code.

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

/// The fragments `a` and `b` share, in the order they appear in `a`.
pub fn fragments(a: FragmentSide, b: FragmentSide, k: usize) -> Vec<Fragment> {
    let mut places: HashMap64<Vec<u32>> = HashMap64::default();
    for (j, hash) in b.hashes.iter().enumerate() {
        let list = places.entry(*hash).or_default();
        if list.len() < MAX_PLACES {
            list.push(j as u32);
        }
    }
    // Runs of equal k-grams: (first k-gram in a, in b, k-grams).
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (i, hash) in a.hashes.iter().enumerate() {
        let Some(list) = places.get(hash) else {
            continue;
        };
        for &j in list {
            let j = j as usize;
            if i > 0 && j > 0 && a.hashes[i - 1] == b.hashes[j - 1] {
                continue; // inside a run found from its start
            }
            let mut length = 1;
            while i + length < a.hashes.len()
                && j + length < b.hashes.len()
                && a.hashes[i + length] == b.hashes[j + length]
            {
                length += 1;
            }
            runs.push((i, j, length));
        }
    }
    runs.sort_by(|x, y| y.2.cmp(&x.2).then(x.0.cmp(&y.0)).then(x.1.cmp(&y.1)));
    let mut taken_a = vec![false; a.tokens.len()];
    let mut taken_b = vec![false; b.tokens.len()];
    let mut found = Vec::new();
    for (i, j, length) in runs {
        let tokens = length + k - 1;
        let (ra, rb) = (i..i + tokens, j..j + tokens);
        if ra.end > a.tokens.len() || rb.end > b.tokens.len() {
            continue;
        }
        if taken_a[ra.clone()].iter().any(|t| *t) || taken_b[rb.clone()].iter().any(|t| *t) {
            continue;
        }
        let discounted = a.discounted[ra.clone()].iter().filter(|d| **d).count();
        if discounted * 2 > tokens {
            continue;
        }
        taken_a[ra.clone()].iter_mut().for_each(|t| *t = true);
        taken_b[rb.clone()].iter_mut().for_each(|t| *t = true);
        found.push(Fragment {
            a_bytes: byte_span(a.tokens, &ra),
            b_bytes: byte_span(b.tokens, &rb),
            a_tokens: ra,
            b_tokens: rb,
        });
    }
    found.sort_by_key(|f| f.a_tokens.start);
    found
}
