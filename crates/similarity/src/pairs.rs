//! Ranking the pairs of a problem's files: candidates are the pairs of different
//! students that share a kept fingerprint (found through an inverted index, so unrelated
//! pairs cost nothing); each candidate's score is the share of each file's (not
//! discounted) tokens that match the other file, by one of two [`Scoring`]s.

use crate::fragments::tiles;
use crate::index::{Evidence, HashMap64};
use serde::Serialize;

/// Two files of different students and how much of each matches the other.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pair {
    /// The first file (an index into the problem's files).
    pub a: usize,
    /// The second file.
    pub b: usize,
    /// Both files' matched tokens over both files' tokens (discounted code left out of
    /// both), 0 to 1: the ranking.
    pub similarity: f64,
    /// The share of the first file's tokens that match the second.
    pub share_a: f64,
    /// The share of the second file's tokens that match the first.
    pub share_b: f64,
    /// The first file's matched tokens.
    pub matched_tokens_a: usize,
    /// The second file's matched tokens.
    pub matched_tokens_b: usize,
}

/// How a pair's matching tokens are counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// The tokens covered by the fingerprints both files have: cheap (a merge of two
    /// sorted lists), right for long files, whose long k-grams rarely recur by chance.
    Coverage,
    /// The tokens of the pair's tiling ([`crate::fragments::tiles`]): each part of one
    /// file matches at most one part of the other, so that a short k-gram that recurs in
    /// one file (a counter, a loop head: every short program has them) counts once, not
    /// once per place. A full comparison of the two files: for short ones.
    Tiling,
}

/// A file longer than this is scored by coverage even in a problem of short files: the
/// tiling tries up to 64 places per k-gram and sorts every run it finds, while coverage
/// is one merge of two sorted lists; a student's short program is far below it, and a
/// hostile file of a megabyte then costs each of its pairs no more than a long file's.
pub const MAX_TILED_TOKENS: usize = 4000;

/// One file as the ranking sees it.
#[derive(Debug, Clone, Copy)]
pub struct Side<'e> {
    /// Its student (an index: files of one student are never paired).
    pub student: usize,
    /// Its evidence.
    pub evidence: &'e Evidence,
    /// Its k-gram hashes.
    pub hashes: &'e [u64],
}

/// Scratch marks, one per token, stamped with the pair being scored (so that nothing
/// needs clearing between pairs).
struct Marks {
    stamp: Vec<u32>,
    current: u32,
}

impl Marks {
    fn new() -> Marks {
        Marks {
            stamp: Vec::new(),
            current: 0,
        }
    }

    fn next(&mut self, tokens: usize) {
        if self.stamp.len() < tokens {
            self.stamp.resize(tokens, 0);
        }
        self.current = self.current.wrapping_add(1);
        if self.current == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.current = 1;
        }
    }

    /// Marks tokens `position..position + k`; returns how many newly marked ones are not
    /// discounted.
    fn cover(&mut self, position: usize, k: usize, discounted: &[bool]) -> usize {
        let end = (position + k).min(discounted.len());
        let mut added = 0;
        let stamps = &mut self.stamp[position..end];
        for (stamp, discounted) in stamps.iter_mut().zip(&discounted[position..end]) {
            if *stamp != self.current {
                *stamp = self.current;
                added += usize::from(!*discounted);
            }
        }
        added
    }
}

/// Scores one pair by coverage: both files' tokens covered by the fingerprints they share.
fn coverage(a: &Evidence, b: &Evidence, k: usize, marks: &mut [Marks; 2]) -> (usize, usize) {
    marks[0].next(a.discounted.len());
    marks[1].next(b.discounted.len());
    let (mut i, mut j) = (0, 0);
    let (mut matched_a, mut matched_b) = (0, 0);
    while i < a.kept.len() && j < b.kept.len() {
        let (ha, hb) = (a.kept[i].0, b.kept[j].0);
        if ha < hb {
            i += 1;
        } else if hb < ha {
            j += 1;
        } else {
            while i < a.kept.len() && a.kept[i].0 == ha {
                matched_a += marks[0].cover(a.kept[i].1 as usize, k, &a.discounted);
                i += 1;
            }
            while j < b.kept.len() && b.kept[j].0 == ha {
                matched_b += marks[1].cover(b.kept[j].1 as usize, k, &b.discounted);
                j += 1;
            }
        }
    }
    (matched_a, matched_b)
}

/// Scores one pair by tiling: both files' tokens, not discounted, that its tiling covers.
fn tiling(a: &Side, b: &Side, k: usize) -> (usize, usize) {
    let (da, db) = (&a.evidence.discounted, &b.evidence.discounted);
    let own = |discounted: &[bool], range: std::ops::Range<usize>| {
        discounted
            .get(range)
            .unwrap_or_default()
            .iter()
            .filter(|d| !**d)
            .count()
    };
    tiles(a.hashes, da.len(), b.hashes, db.len(), k)
        .into_iter()
        .fold((0, 0), |(ma, mb), tile| {
            (ma + own(da, tile.a_tokens), mb + own(db, tile.b_tokens))
        })
}

/// The pairs of `files` that share evidence, best first, scored by `scoring`.
/// `min_tokens` is the smallest size a file counts as (so that a file that is nearly all
/// discounted code cannot score high on a few tokens); `jobs` threads score them.
pub fn rank(
    files: &[Side],
    k: usize,
    scoring: Scoring,
    min_tokens: usize,
    jobs: usize,
) -> Vec<Pair> {
    let n = files.len();
    let mut postings: HashMap64<Vec<u32>> = HashMap64::default();
    for (index, file) in files.iter().enumerate() {
        let mut last = None;
        for (hash, _) in &file.evidence.kept {
            if last != Some(*hash) {
                postings.entry(*hash).or_default().push(index as u32);
                last = Some(*hash);
            }
        }
    }
    let mut candidate = vec![false; n * n];
    let mut candidates: Vec<(usize, usize)> = Vec::new();
    for list in postings.values() {
        for (x, &a) in list.iter().enumerate() {
            for &b in &list[x + 1..] {
                let (a, b) = (a as usize, b as usize);
                if files[a].student != files[b].student && !candidate[a * n + b] {
                    candidate[a * n + b] = true;
                    candidates.push((a, b));
                }
            }
        }
    }
    candidates.sort_unstable();
    let jobs = jobs.clamp(1, 64);
    let chunk = candidates.len().div_ceil(jobs).max(1);
    let mut pairs: Vec<Pair> = std::thread::scope(|scope| {
        let handles: Vec<_> = candidates
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    let mut marks = [Marks::new(), Marks::new()];
                    part.iter()
                        .map(|&(a, b)| {
                            let (ea, eb) = (files[a].evidence, files[b].evidence);
                            let long =
                                ea.discounted.len().max(eb.discounted.len()) > MAX_TILED_TOKENS;
                            let (matched_a, matched_b) = match scoring {
                                Scoring::Tiling if !long => tiling(&files[a], &files[b], k),
                                _ => coverage(ea, eb, k, &mut marks),
                            };
                            let size_a = ea.effective_tokens.max(min_tokens).max(1);
                            let size_b = eb.effective_tokens.max(min_tokens).max(1);
                            Pair {
                                a,
                                b,
                                similarity: (matched_a + matched_b) as f64
                                    / (size_a + size_b) as f64,
                                share_a: matched_a as f64 / size_a as f64,
                                share_b: matched_b as f64 / size_b as f64,
                                matched_tokens_a: matched_a,
                                matched_tokens_b: matched_b,
                            }
                        })
                        .filter(|p| p.matched_tokens_a + p.matched_tokens_b > 0)
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            // A scoring thread only panics on a bug; its pairs are then missing rather
            // than the whole report.
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    pairs.sort_by(|x, y| {
        y.similarity
            .total_cmp(&x.similarity)
            .then(x.a.cmp(&y.a))
            .then(x.b.cmp(&y.b))
    });
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evidence of a file of `tokens` tokens whose every k-gram is kept.
    fn evidence(hashes: &[u64], tokens: usize) -> Evidence {
        let mut kept: Vec<(u64, u32)> = hashes
            .iter()
            .enumerate()
            .map(|(i, h)| (*h, i as u32))
            .collect();
        kept.sort_unstable();
        Evidence {
            kept,
            discounted: vec![false; tokens],
            effective_tokens: tokens,
            base_tokens: 0,
        }
    }

    #[test]
    fn code_matches_once_and_the_same_student_is_never_paired() {
        // k = 3: a has 10 tokens (8 k-grams), b 8 tokens in which a's first three
        // k-grams recur twice.
        let (ha, hb): (&[u64], &[u64]) = (&[1, 2, 3, 4, 5, 6, 7, 8], &[9, 1, 2, 3, 1, 2]);
        let (a, b, c) = (evidence(ha, 10), evidence(hb, 8), evidence(ha, 10));
        let side = |student, evidence, hashes| Side {
            student,
            evidence,
            hashes,
        };
        let files = [side(0, &a, ha), side(1, &b, hb), side(0, &c, ha)];
        let pairs = rank(&files, 3, Scoring::Tiling, 1, 2);
        assert_eq!(pairs.len(), 2, "a-c are the same student's: {pairs:?}");
        let ab = pairs.iter().find(|p| (p.a, p.b) == (0, 1)).unwrap();
        // One tile: a's tokens 0..5 and b's 1..6; b's second copy has nothing left in a
        // to match.
        assert_eq!((ab.matched_tokens_a, ab.matched_tokens_b), (5, 5));
        assert!((ab.share_a - 0.5).abs() < 1e-9 && (ab.share_b - 5.0 / 8.0).abs() < 1e-9);
        assert!((ab.similarity - 10.0 / 18.0).abs() < 1e-9);
        // By coverage, b's second copy is covered too: b's tokens 1..8.
        let pairs = rank(&files, 3, Scoring::Coverage, 1, 2);
        let ab = pairs.iter().find(|p| (p.a, p.b) == (0, 1)).unwrap();
        assert_eq!((ab.matched_tokens_a, ab.matched_tokens_b), (5, 7));
    }

    #[test]
    fn discounted_tokens_count_neither_way() {
        let hashes: &[u64] = &[1, 2, 3];
        let a = evidence(hashes, 6);
        let mut b = evidence(hashes, 6);
        b.discounted = vec![true, true, false, false, false, false];
        b.effective_tokens = 4;
        let side = |student, evidence| Side {
            student,
            evidence,
            hashes,
        };
        for scoring in [Scoring::Coverage, Scoring::Tiling] {
            let pairs = rank(&[side(0, &a), side(1, &b)], 4, scoring, 1, 1);
            let matched = (pairs[0].matched_tokens_a, pairs[0].matched_tokens_b);
            assert_eq!(matched, (6, 4), "{scoring:?}");
            assert_eq!(pairs[0].share_b, 1.0);
        }
    }

    #[test]
    fn small_files_count_as_min_tokens() {
        let hashes: &[u64] = &[1];
        let (a, b) = (evidence(hashes, 4), evidence(hashes, 4));
        let side = |student, evidence| Side {
            student,
            evidence,
            hashes,
        };
        let files = [side(0, &a), side(1, &b)];
        assert_eq!(rank(&files, 4, Scoring::Tiling, 1, 1)[0].similarity, 1.0);
        assert_eq!(rank(&files, 4, Scoring::Coverage, 40, 1)[0].similarity, 0.1);
    }
}
