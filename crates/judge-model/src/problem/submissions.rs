//! Kept submissions: other solutions a problem carries, each with what it must get
//! (Kattis folder names, Polygon solution tags), and how a verdict is held against that.

use crate::program::Program;
use crate::verdict::Verdict;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What a kept submission must get.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expected {
    /// Its verdict (the first failing test's) is one of these; the first is the one its
    /// folder is named for.
    OneOf(Vec<Verdict>),
    /// Anything but accepted (Kattis `rejected/`, Polygon `rejected`).
    Rejected,
    /// Accepted on some groups but not all: more than 0 points, less than the maximum
    /// (Kattis `partially_accepted/`).
    PartiallyAccepted,
    /// Slow but never wrong: accepted on the tests problem.toml's `[brute_force]` names
    /// (this repository's `brute_force/`).
    BruteForce,
    /// Never wrong, but too slow or crashing somewhere (Kattis 2025-09 `brute_force/`).
    NeverWrong,
}

impl Expected {
    /// Exactly one verdict.
    pub fn verdict(verdict: Verdict) -> Expected {
        Expected::OneOf(vec![verdict])
    }

    /// The verdict the folder is named for, when there is one.
    pub fn main(&self) -> Option<Verdict> {
        match self {
            Expected::OneOf(verdicts) => verdicts.first().copied(),
            Expected::BruteForce => Some(Verdict::AC),
            _ => None,
        }
    }

    /// Whether a submission that got `verdict` (and `points` of `max_points` where the
    /// problem has groups) is as filed. Filed as accepted, it must also earn every point:
    /// accepted tests whose checker gave part of their points (a Kattis
    /// `score_multiplier.txt`) make it partially accepted. A judge error is never as
    /// filed: it says the package's checker, interactor or the judge failed, not how the
    /// submission did.
    pub fn holds(&self, verdict: Verdict, points: Option<(f64, f64)>) -> bool {
        if verdict == Verdict::JE {
            return false;
        }
        match self {
            Expected::OneOf(verdicts) if verdict == Verdict::AC => {
                verdicts.contains(&verdict) && points.is_none_or(|(got, max)| got >= max - 1e-9)
            }
            Expected::OneOf(verdicts) => verdicts.contains(&verdict),
            Expected::Rejected => verdict != Verdict::AC && verdict != Verdict::CE,
            Expected::PartiallyAccepted => {
                points.is_some_and(|(got, max)| got > 1e-9 && got < max - 1e-9)
            }
            Expected::BruteForce => verdict == Verdict::AC,
            Expected::NeverWrong => matches!(verdict, Verdict::TLE | Verdict::RE | Verdict::MLE),
        }
    }

    /// How it is named in messages.
    pub fn describe(&self) -> String {
        match self {
            Expected::OneOf(verdicts) => verdicts
                .iter()
                .map(|v| v.code())
                .collect::<Vec<_>>()
                .join(" or "),
            Expected::Rejected => "rejected".into(),
            Expected::PartiallyAccepted => "partially accepted".into(),
            Expected::BruteForce => "AC".into(),
            Expected::NeverWrong => "TLE or RE, never WA".into(),
        }
    }
}

/// A kept submission.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptSubmission {
    /// The file or folder.
    pub path: PathBuf,
    /// The program (its sources).
    pub program: Program,
    /// What it must get.
    pub expected: Expected,
    /// Why it is not judged, when its package says so (a Polygon `do-not-run` tag); one
    /// in a language this machine lacks is skipped by judge-verify, which asks.
    pub skip: Option<String>,
}

/// The kept submissions under `dir/<folder>/`, each file or folder one submission, with
/// what its folder asks of it (`folder_rule`); a folder the rule does not know gives a
/// warning and is left out, as problemtools' verifyproblem does.
pub fn from_folders(
    dir: &Path,
    folder_rule: &dyn Fn(&str) -> Option<Expected>,
    warnings: &mut Vec<String>,
) -> Vec<KeptSubmission> {
    let mut found = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.starts_with('.') {
            continue;
        }
        let Some(expected) = folder_rule(&name) else {
            warnings.push(format!(
                "{}: unknown submissions folder; its submissions are not judged",
                folder.display()
            ));
            continue;
        };
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                !p.file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
            })
            .collect();
        entries.sort();
        for path in entries {
            let shown = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .display()
                .to_string();
            found.push(KeptSubmission {
                program: Program::from_path(shown, &path),
                path,
                expected: expected.clone(),
                skip: None,
            });
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_are_held_against_what_is_filed() {
        let re_or_mle = Expected::OneOf(vec![Verdict::RE, Verdict::MLE]);
        assert!(re_or_mle.holds(Verdict::MLE, None));
        assert!(!re_or_mle.holds(Verdict::WA, None));
        assert!(Expected::Rejected.holds(Verdict::TLE, None));
        assert!(!Expected::Rejected.holds(Verdict::AC, None));
        assert!(Expected::PartiallyAccepted.holds(Verdict::WA, Some((30.0, 100.0))));
        assert!(!Expected::PartiallyAccepted.holds(Verdict::AC, Some((100.0, 100.0))));
        let accepted = Expected::verdict(Verdict::AC);
        assert!(accepted.holds(Verdict::AC, Some((100.0, 100.0))));
        assert!(accepted.holds(Verdict::AC, None));
        assert!(
            !accepted.holds(Verdict::AC, Some((50.0, 100.0))),
            "every test accepted, but with half the points"
        );
        assert!(!Expected::PartiallyAccepted.holds(Verdict::WA, Some((0.0, 100.0))));
        // A judge error (a broken checker or interactor) is never what a folder expects.
        assert!(!Expected::PartiallyAccepted.holds(Verdict::JE, Some((30.0, 100.0))));
        assert!(!Expected::Rejected.holds(Verdict::JE, None));
        assert_eq!(re_or_mle.describe(), "RE or MLE");
    }
}
