//! The two figures of the disguise benchmark, per level: for each copy, the chance that
//! it ranks above an independent solution of its task by similarity to the original
//! (the AUC, ties counting half), and whether it ranks above every one of them.

use serde::{Deserialize, Serialize};

/// One copy's similarity to its original, beside the task's independent solutions'.
#[derive(Debug, Clone, PartialEq)]
pub struct Ranked<'s> {
    /// The copy's similarity to the original.
    pub copy: f64,
    /// Each independent solution's similarity to the same original.
    pub independents: &'s [f64],
}

/// The figures of a set of copies.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// The mean over the copies of the share of independent solutions each outranks
    /// (a tie counts half): the area under the ROC curve, copy against independent.
    pub auc: f64,
    /// Copies ranked above every independent solution of their task.
    pub above_all: usize,
    /// Copies.
    pub copies: usize,
}

/// The share of `independents` that `copy` outranks, a tie counting half (1 when there
/// are none).
pub fn outranked(copy: f64, independents: &[f64]) -> f64 {
    if independents.is_empty() {
        return 1.0;
    }
    let won: f64 = independents
        .iter()
        .map(|s| {
            if copy > *s {
                1.0
            } else if copy == *s {
                0.5
            } else {
                0.0
            }
        })
        .sum();
    won / independents.len() as f64
}

/// Whether `copy` is above every independent solution.
pub fn above_all(copy: f64, independents: &[f64]) -> bool {
    independents.iter().all(|s| copy > *s)
}

/// The figures of `copies`.
pub fn score(copies: &[Ranked]) -> Score {
    if copies.is_empty() {
        return Score::default();
    }
    let auc = copies
        .iter()
        .map(|c| outranked(c.copy, c.independents))
        .sum::<f64>()
        / copies.len() as f64;
    Score {
        auc,
        above_all: copies
            .iter()
            .filter(|c| above_all(c.copy, c.independents))
            .count(),
        copies: copies.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_count_half_and_above_all_is_strict() {
        let independents = [0.2, 0.5, 0.5, 0.9];
        assert_eq!(outranked(0.5, &independents), (1.0 + 0.5 + 0.5) / 4.0);
        assert!(!above_all(0.9, &independents));
        assert!(above_all(0.91, &independents));
        let copies = [
            Ranked {
                copy: 1.0,
                independents: &independents,
            },
            Ranked {
                copy: 0.1,
                independents: &independents,
            },
        ];
        let s = score(&copies);
        assert_eq!((s.auc, s.above_all, s.copies), (0.5, 1, 2));
        assert_eq!(score(&[]).copies, 0);
    }
}
