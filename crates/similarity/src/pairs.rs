//! Ranking the pairs of a problem's files: candidates are the pairs of different
//! students that share a kept fingerprint (found through an inverted index, so unrelated
//! pairs cost nothing); each candidate's score is the share of each file's
//! (not discounted) tokens that its shared fingerprints cover.

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

/// One file as the ranking sees it.
#[derive(Debug, Clone, Copy)]
pub struct Side<'e> {
    /// Its student (an index: files of one student are never paired).
    pub student: usize,
    /// Its evidence.
    pub evidence: &'e Evidence,
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

/// Scores one pair: both files' tokens covered by the fingerprints they share.
fn score(a: &Evidence, b: &Evidence, k: usize, marks: &mut [Marks; 2]) -> (usize, usize) {
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

/// The pairs of `files` that share evidence, best first. `min_tokens` is the smallest
/// size a file counts as (so that a file that is nearly all discounted code cannot score
/// high on a few tokens); `jobs` threads score them.
pub fn rank(files: &[Side], k: usize, min_tokens: usize, jobs: usize) -> Vec<Pair> {
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
                            let (matched_a, matched_b) = score(ea, eb, k, &mut marks);
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

    fn evidence(kept: &[(u64, u32)], tokens: usize) -> Evidence {
        let mut kept = kept.to_vec();
        kept.sort_unstable();
        Evidence {
            kept,
            discounted: vec![false; tokens],
            effective_tokens: tokens,
            base_tokens: 0,
        }
    }

    #[test]
    fn shared_fingerprints_cover_tokens_once_and_same_student_is_never_paired() {
        let a = evidence(&[(1, 0), (2, 2), (3, 10)], 20);
        let b = evidence(&[(1, 5), (2, 7), (9, 0)], 10);
        let c = evidence(&[(1, 0), (2, 2), (3, 10)], 20);
        let files = [
            Side {
                student: 0,
                evidence: &a,
            },
            Side {
                student: 1,
                evidence: &b,
            },
            Side {
                student: 0,
                evidence: &c,
            },
        ];
        let pairs = rank(&files, 4, 1, 2);
        assert_eq!(pairs.len(), 2, "a-c are the same student's: {pairs:?}");
        let ab = pairs.iter().find(|p| (p.a, p.b) == (0, 1)).unwrap();
        // a: tokens 0..4 and 2..6 overlap: 6 tokens; b: 5..9 and 7..10 (clipped): 5.
        assert_eq!((ab.matched_tokens_a, ab.matched_tokens_b), (6, 5));
        assert!((ab.share_a - 0.3).abs() < 1e-9 && (ab.share_b - 0.5).abs() < 1e-9);
        assert!((ab.similarity - 11.0 / 30.0).abs() < 1e-9);
    }

    #[test]
    fn small_files_count_as_min_tokens() {
        let a = evidence(&[(1, 0)], 4);
        let b = evidence(&[(1, 0)], 4);
        let files = [
            Side {
                student: 0,
                evidence: &a,
            },
            Side {
                student: 1,
                evidence: &b,
            },
        ];
        assert_eq!(rank(&files, 4, 1, 1)[0].similarity, 1.0);
        assert_eq!(rank(&files, 4, 40, 1)[0].similarity, 0.1);
    }
}
