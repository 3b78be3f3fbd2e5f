//! What counts as evidence: a problem's fingerprints, less the discounted ones. A
//! fingerprint found in the files of many students of the same problem (the fast-input
//! template, the BFS skeleton everyone writes) or in any k-gram of a `--base` file (the
//! starter code the teacher handed out) is no evidence of copying: it is dropped, and the
//! tokens it covers count neither as matched nor towards a file's size.

use crate::fingerprint::Fingerprint;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher for keys that are already well-mixed 64-bit hashes.
#[derive(Debug, Default, Clone, Copy)]
pub struct HashHasher(u64);

impl Hasher for HashHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | u64::from(*b);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

/// A set of k-gram hashes.
pub type HashSet64 = HashSet<u64, BuildHasherDefault<HashHasher>>;
/// A map from k-gram hashes.
pub type HashMap64<V> = HashMap<u64, V, BuildHasherDefault<HashHasher>>;

/// How many students' files a fingerprint must be in to be common: the larger of
/// `min_students` and `share` of the students (rounded up).
pub fn common_threshold(students: usize, share: f64, min_students: usize) -> usize {
    ((share * students as f64).ceil() as usize).max(min_students)
}

/// The fingerprints of a problem that are common: in the files of at least `threshold`
/// students. `files` holds each file's student (an index) and fingerprints.
pub fn common_fingerprints(files: &[(usize, &[Fingerprint])], threshold: usize) -> HashSet64 {
    let mut seen: HashMap64<(usize, usize)> = HashMap64::default();
    for (student, fingerprints) in files {
        for f in fingerprints.iter() {
            let entry = seen.entry(f.hash).or_insert((0, usize::MAX));
            if entry.1 != *student {
                *entry = (entry.0 + 1, *student);
            }
        }
    }
    seen.into_iter()
        .filter(|(_, (count, _))| *count >= threshold)
        .map(|(hash, _)| hash)
        .collect()
}

/// A file's evidence: its fingerprints less the discounted ones, and which of its tokens
/// are discounted.
#[derive(Debug, Clone, Default)]
pub struct Evidence {
    /// The kept fingerprints as (hash, first token), sorted.
    pub kept: Vec<(u64, u32)>,
    /// Per token: whether discounted code covers it.
    pub discounted: Vec<bool>,
    /// Tokens not discounted.
    pub effective_tokens: usize,
    /// Tokens that match base code (a file of nothing else is no one's own work).
    pub base_tokens: usize,
}

/// Sorts a file's fingerprints into kept and discounted: `hashes` are all its k-gram
/// hashes (checked against the base files' k-grams), `fingerprints` its winnowed ones
/// (checked against the problem's common ones).
pub fn evidence(
    tokens: usize,
    k: usize,
    hashes: &[u64],
    fingerprints: &[Fingerprint],
    common: &HashSet64,
    base: &HashSet64,
) -> Evidence {
    let mut discounted = vec![false; tokens];
    let cover = |discounted: &mut [bool], position: usize| {
        let end = (position + k).min(discounted.len());
        for d in discounted.get_mut(position..end).unwrap_or_default() {
            *d = true;
        }
    };
    if !base.is_empty() {
        for (position, hash) in hashes.iter().enumerate() {
            if base.contains(hash) {
                cover(&mut discounted, position);
            }
        }
    }
    let base_tokens = discounted.iter().filter(|d| **d).count();
    let mut kept = Vec::with_capacity(fingerprints.len());
    for f in fingerprints {
        if common.contains(&f.hash) || base.contains(&f.hash) {
            cover(&mut discounted, f.position as usize);
        } else {
            kept.push((f.hash, f.position));
        }
    }
    kept.sort_unstable();
    let effective_tokens = discounted.iter().filter(|d| !**d).count();
    Evidence {
        kept,
        discounted,
        effective_tokens,
        base_tokens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fp(hash: u64, position: u32) -> Fingerprint {
        Fingerprint { hash, position }
    }

    #[test]
    fn common_means_many_students_not_many_files() {
        let a = [fp(1, 0), fp(2, 3)];
        let b = [fp(1, 0)];
        let c = [fp(1, 2), fp(2, 0)];
        // Student 0 has two files that both hold hash 2: still one student.
        let files: Vec<(usize, &[Fingerprint])> = vec![(0, &a), (0, &c), (1, &b)];
        let common = common_fingerprints(&files, 2);
        assert!(common.contains(&1));
        assert!(!common.contains(&2));
        assert_eq!(common_threshold(200, 0.2, 3), 40);
        assert_eq!(common_threshold(5, 0.2, 3), 3);
    }

    #[test]
    fn discounted_fingerprints_are_dropped_with_their_tokens() {
        let fingerprints = [fp(10, 0), fp(20, 4), fp(30, 8)];
        let hashes = [10, 11, 12, 13, 20, 21, 22, 23, 30];
        let common: HashSet64 = [20].into_iter().collect();
        let base: HashSet64 = [12].into_iter().collect();
        let e = evidence(12, 4, &hashes, &fingerprints, &common, &base);
        assert_eq!(e.kept, vec![(10, 0), (30, 8)]);
        // Base k-gram at 2 covers 2..6, common at 4 covers 4..8.
        assert_eq!(
            e.discounted,
            [false, false, true, true, true, true, true, true, false, false, false, false]
        );
        assert_eq!(e.effective_tokens, 6);
        assert_eq!(e.base_tokens, 4);
    }
}
