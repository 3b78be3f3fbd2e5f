//! Files that are the same: two students' files with the same text digest (byte-identical,
//! or identical once comments and layout are left out) score 100 %, whatever the class
//! size and whatever the discounts removed. Without this, the files of a copying ring
//! large enough to look like "common code" would hide each other, and a file shorter
//! than a k-gram would match nothing. The one exception is a file that is all base code
//! (the starter code handed in unchanged): it holds nothing of its own to have copied.

use crate::pairs::Pair;
use std::collections::HashMap;

/// One file as this check sees it.
#[derive(Debug, Clone, Copy)]
pub struct Text {
    /// Its student (an index: files of one student are never paired).
    pub student: usize,
    /// Its text digest.
    pub digest: u64,
    /// Its tokens.
    pub tokens: usize,
    /// Whether any of its tokens is not base code.
    pub own_code: bool,
}

/// The pairs `(a, b)`, `a < b`, of files of different students with the same text.
pub fn same_text_pairs(files: &[Text]) -> Vec<(usize, usize)> {
    let mut groups: HashMap<u64, Vec<usize>> = HashMap::new();
    for (index, file) in files.iter().enumerate() {
        if file.own_code {
            groups.entry(file.digest).or_default().push(index);
        }
    }
    let mut pairs = Vec::new();
    for group in groups.values().filter(|g| g.len() > 1) {
        for (x, &a) in group.iter().enumerate() {
            for &b in &group[x + 1..] {
                if files[a].student != files[b].student {
                    pairs.push((a.min(b), a.max(b)));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// `pairs` (best first) with every pair of `same` at 100 %: added if missing, raised if
/// discounts had lowered it; the order is kept best first.
pub fn promote(pairs: &mut Vec<Pair>, same: &[(usize, usize)], files: &[Text]) {
    if same.is_empty() {
        return;
    }
    let mut at: HashMap<(usize, usize), usize> = HashMap::new();
    for (i, p) in pairs.iter().enumerate() {
        at.insert((p.a.min(p.b), p.a.max(p.b)), i);
    }
    for &(a, b) in same {
        let pair = Pair {
            a,
            b,
            similarity: 1.0,
            share_a: 1.0,
            share_b: 1.0,
            matched_tokens_a: files[a].tokens,
            matched_tokens_b: files[b].tokens,
        };
        match at.get(&(a, b)) {
            Some(&i) => pairs[i] = pair,
            None => pairs.push(pair),
        }
    }
    pairs.sort_by(|x, y| {
        y.similarity
            .total_cmp(&x.similarity)
            .then(x.a.cmp(&y.a))
            .then(x.b.cmp(&y.b))
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(student: usize, digest: u64, own_code: bool) -> Text {
        Text {
            student,
            digest,
            tokens: 50,
            own_code,
        }
    }

    #[test]
    fn the_same_text_pairs_students_not_files_and_not_base_code() {
        let files = [
            text(0, 7, true),
            text(1, 7, true),
            text(1, 7, true), // the same student's second file
            text(2, 8, true),
            text(3, 9, false), // the starter code, unchanged
            text(4, 9, false),
            text(5, 7, true),
        ];
        assert_eq!(
            same_text_pairs(&files),
            [(0, 1), (0, 2), (0, 6), (1, 6), (2, 6)]
        );
    }

    #[test]
    fn identical_pairs_are_raised_or_added_at_100_percent() {
        let files = [text(0, 7, true), text(1, 7, true), text(2, 7, true)];
        let low = Pair {
            a: 0,
            b: 1,
            similarity: 0.2,
            share_a: 0.2,
            share_b: 0.2,
            matched_tokens_a: 10,
            matched_tokens_b: 10,
        };
        let other = Pair {
            a: 1,
            b: 2,
            similarity: 0.5,
            ..low.clone()
        };
        let mut pairs = vec![other, low];
        promote(&mut pairs, &same_text_pairs(&files), &files);
        let found: Vec<(usize, usize, f64)> =
            pairs.iter().map(|p| (p.a, p.b, p.similarity)).collect();
        assert_eq!(found, [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 1.0)]);
        assert_eq!(pairs[0].matched_tokens_a, 50);
    }
}
