//! Fingerprints of a token sequence by winnowing (Schleimer, Wilkerson and Aiken,
//! "Winnowing: local algorithms for document fingerprinting", SIGMOD 2003, the algorithm
//! behind MOSS): hash every k consecutive tokens (a k-gram), then keep, in every window of
//! `w` consecutive k-gram hashes, the smallest (the rightmost of equal ones). Any match of
//! at least `w + k - 1` tokens shares a kept fingerprint, and no match shorter than `k`
//! tokens can.

use crate::token::Kind;
use serde::Serialize;

/// The k-gram length and winnowing window a problem's files are fingerprinted with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Size {
    /// Tokens per k-gram.
    pub k: usize,
    /// Winnowing window, in k-grams.
    pub window: usize,
}

/// A file has about this many tokens per token of k: a single changed token breaks the
/// k k-grams over it, so k is kept to a small share of the file (a 150-token program
/// gets k = 6, one of 250 tokens or more the longest k).
pub const TOKENS_PER_K: usize = 25;

/// A file has about this many tokens per k-gram of window: short files keep every
/// k-gram (window 1: nothing lost, and they are cheap), long ones are winnowed.
pub const TOKENS_PER_WINDOW: usize = 100;

/// The size for a problem whose typical (median) file has `typical_tokens` tokens: k
/// between `min_k` and `max_k`, the window between 1 and `max_window`.
pub fn size_for(typical_tokens: usize, min_k: usize, max_k: usize, max_window: usize) -> Size {
    let max_k = max_k.max(1);
    let min_k = min_k.clamp(1, max_k);
    Size {
        k: (typical_tokens / TOKENS_PER_K).clamp(min_k, max_k),
        window: (typical_tokens / TOKENS_PER_WINDOW).clamp(1, max_window.max(1)),
    }
}

/// A kept k-gram hash and where its k-gram starts (a token index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Fingerprint {
    /// The k-gram's hash.
    pub hash: u64,
    /// The index of its first token.
    pub position: u32,
}

/// The base of the rolling (Karp-Rabin) hash.
const BASE: u64 = 0x100_0000_01b3;

/// A 64-bit finalizer (SplitMix64's), so that the minimum of a window is a fair pick and
/// not biased towards k-grams that start with small kinds.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The hash of every k-gram of `kinds` (none if there are fewer than `k` tokens).
pub fn kgram_hashes(kinds: &[Kind], k: usize) -> Vec<u64> {
    if k == 0 || kinds.len() < k {
        return Vec::new();
    }
    let top = (1..k).fold(1u64, |p, _| p.wrapping_mul(BASE));
    let mut hash = 0u64;
    for kind in &kinds[..k] {
        hash = hash.wrapping_mul(BASE).wrapping_add(*kind as u64);
    }
    let mut hashes = Vec::with_capacity(kinds.len() - k + 1);
    hashes.push(mix(hash));
    for i in k..kinds.len() {
        hash = hash
            .wrapping_sub((kinds[i - k] as u64).wrapping_mul(top))
            .wrapping_mul(BASE)
            .wrapping_add(kinds[i] as u64);
        hashes.push(mix(hash));
    }
    hashes
}

/// The fingerprints winnowing keeps of `hashes` with windows of `window` hashes (a
/// sequence shorter than one window keeps its minimum).
pub fn winnow(hashes: &[u64], window: usize) -> Vec<Fingerprint> {
    let window = window.max(1);
    let mut kept: Vec<Fingerprint> = Vec::new();
    if hashes.is_empty() {
        return kept;
    }
    let windows = hashes.len().saturating_sub(window) + 1;
    let width = window.min(hashes.len());
    let mut last: Option<usize> = None;
    for start in 0..windows {
        let mut best = start;
        for i in start..start + width {
            if hashes[i] <= hashes[best] {
                best = i;
            }
        }
        if last != Some(best) {
            kept.push(Fingerprint {
                hash: hashes[best],
                position: best as u32,
            });
            last = Some(best);
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use Kind::*;

    #[test]
    fn short_files_get_short_k_grams_and_no_winnowing() {
        assert_eq!(size_for(40, 5, 10, 4), Size { k: 5, window: 1 });
        assert_eq!(size_for(150, 5, 10, 4), Size { k: 6, window: 1 });
        assert_eq!(size_for(250, 5, 10, 4), Size { k: 10, window: 2 });
        assert_eq!(size_for(5000, 5, 10, 4), Size { k: 10, window: 4 });
        assert_eq!(size_for(0, 0, 0, 0), Size { k: 1, window: 1 });
    }

    #[test]
    fn rolling_hashes_equal_direct_ones() {
        let kinds = [Id, Assign, Num, Loop, Rel, Id, Id, Call, Io, Id];
        let rolled = kgram_hashes(&kinds, 4);
        assert_eq!(rolled.len(), 7);
        for (i, hash) in rolled.iter().enumerate() {
            assert_eq!(*hash, kgram_hashes(&kinds[i..i + 4], 4)[0], "k-gram {i}");
        }
        assert!(kgram_hashes(&kinds[..3], 4).is_empty());
    }

    #[test]
    fn every_window_holds_a_kept_fingerprint() {
        let kinds: Vec<Kind> = (0..200)
            .map(|i| [Id, Assign, Num, Loop, Rel, Call, Index][(i * 7 + i / 3) % 7])
            .collect();
        let hashes = kgram_hashes(&kinds, 5);
        let kept = winnow(&hashes, 4);
        for start in 0..hashes.len() - 4 {
            assert!(
                kept.iter()
                    .any(|f| (start..start + 4).contains(&(f.position as usize))),
                "window {start}"
            );
        }
        assert!(kept.len() < hashes.len(), "winnowing keeps fewer than all");
        assert!(kept.windows(2).all(|p| p[0].position < p[1].position));
    }

    #[test]
    fn a_shared_run_shares_fingerprints_wherever_it_lies() {
        let run = [
            Loop, Rel, Id, Id, Assign, Id, Index, Id, Id, Call, Id, Num, If, Eq, Id,
        ];
        let mut a = vec![Io, Io, Num];
        a.extend(run);
        let mut b = vec![Func, Return, Str, Str, Str, Str, Neg];
        b.extend(run);
        b.push(Break);
        let fa = winnow(&kgram_hashes(&a, 5), 4);
        let fb = winnow(&kgram_hashes(&b, 5), 4);
        assert!(fa.iter().any(|x| fb.iter().any(|y| x.hash == y.hash)));
    }
}
