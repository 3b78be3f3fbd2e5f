//! Scoring groups (subtasks): tests worth points together, as the problem defines them
//! (native `[[groups]]` in problem.toml, Kattis test data groups, Polygon groups).
//!
//! A contest scales them: a problem worth P points in judge.toml whose groups add up to
//! G gives each group `points x P / G`. A problem without groups scores P times the
//! fraction of its tests' points earned.
//!
//! A test earns a fraction of its points ([`Mark::credit`]): 1 when accepted, 0 when
//! not, or what its checker gave (testlib's exit 7 `points F`, Kattis'
//! `score_multiplier.txt` or `score.txt` over the test's maximum score). Each test counts
//! once, in the group that lists it:
//! - [`Aggregation::Sum`]: each test's share (its Polygon points, or the group's points
//!   over its test count) times its credit: Polygon `each-test`, Kattis `sum`;
//! - [`Aggregation::Min`]: the group's points times the smallest credit of its tests
//!   (Kattis `min`, where every test's maximum is the group's score);
//! - [`Aggregation::AllOrNothing`]: the points only when every test is accepted; a test
//!   with partial points is not accepted, so it earns the group nothing (Polygon
//!   `complete-group`, Kattis `pass-fail`, native subtasks).
//!
//! testlib's points are read as the fraction of the test's points (0 to 1, as CMS's
//! and DMOJ's COCI bridges read them; Polygon lets a problem choose between that and
//! absolute points, and its package does not say which): a checker giving more than 1
//! is a judge error, never silently counted.

use crate::verdict::{TestResult, Verdict};
use serde::{Deserialize, Serialize};

/// How a group's tests add up to its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// All or nothing: the points when every test is accepted (Kattis `pass-fail`,
    /// Polygon `complete-group`).
    AllOrNothing,
    /// Each test earns its share times its credit (Kattis `sum`, Polygon `each-test`).
    Sum,
    /// The points times the smallest credit of its tests (Kattis `min`).
    Min,
}

/// How one test went, as scoring needs it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    /// Its verdict.
    pub verdict: Verdict,
    /// The fraction of its points its checker gave, when it gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
}

impl Mark {
    /// A test result's mark.
    pub fn of(test: &TestResult) -> Mark {
        Mark {
            verdict: test.verdict,
            score: test.score,
        }
    }

    /// The fraction of the test's points earned (0 to 1): the checker's points when it
    /// gave some, else all for an accepted test and nothing otherwise.
    pub fn credit(self) -> f64 {
        match self.score {
            Some(score) if score.is_finite() => score.clamp(0.0, 1.0),
            _ if self.verdict == Verdict::AC => 1.0,
            _ => 0.0,
        }
    }

    /// Whether the checker gave part of the test's points (more than none, less than
    /// all).
    pub fn is_partial(self) -> bool {
        self.score.is_some_and(|s| s > 0.0 && s < 1.0)
    }
}

/// Each test's mark by name, from a submission's test results (`None`: not run).
pub fn marks(tests: &[TestResult]) -> impl Fn(&str) -> Option<Mark> + '_ {
    |name| tests.iter().find(|t| t.name == name).map(Mark::of)
}

/// A group of tests worth points together.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    /// Its name (`small boards`, `secret/group1`, Polygon's `1`).
    pub name: String,
    /// Its points, in the problem's own units.
    pub points: f64,
    /// Its tests, by name, in order.
    pub tests: Vec<String>,
    /// How its tests add up.
    pub aggregation: Aggregation,
    /// Groups (by name) that must pass entirely for this one to score (Kattis
    /// `require_pass`, Polygon dependencies).
    pub requires: Vec<String>,
    /// For [`Aggregation::Sum`]: each test's points, when they differ (Polygon); empty:
    /// an equal share each.
    pub test_points: Vec<f64>,
}

impl Group {
    /// Whether every test of the group was accepted (`mark` gives a test's mark, `None`
    /// when it did not run).
    pub fn all_passed(&self, mark: &dyn Fn(&str) -> Option<Mark>) -> bool {
        !self.tests.is_empty()
            && self
                .tests
                .iter()
                .all(|t| mark(t).is_some_and(|m| m.verdict == Verdict::AC))
    }

    /// The most one of its tests can earn, in the group's units (what a Kattis
    /// `score.txt` is measured against): its share under [`Aggregation::Sum`], the whole
    /// group under [`Aggregation::Min`], nothing of its own when all or nothing.
    pub fn test_max(&self, index: usize) -> Option<f64> {
        match self.aggregation {
            Aggregation::AllOrNothing => None,
            Aggregation::Sum => Some(self.share(index)),
            Aggregation::Min => Some(self.points),
        }
    }

    fn share(&self, index: usize) -> f64 {
        let count = self.tests.len().max(1) as f64;
        self.test_points
            .get(index)
            .copied()
            .unwrap_or(self.points / count)
    }

    /// The points this group earns, before any dependency.
    fn earned_alone(&self, mark: &dyn Fn(&str) -> Option<Mark>) -> f64 {
        let credit = |test: &str| mark(test).map_or(0.0, Mark::credit);
        match self.aggregation {
            Aggregation::AllOrNothing => {
                if self.all_passed(mark) {
                    self.points
                } else {
                    0.0
                }
            }
            Aggregation::Sum => self
                .tests
                .iter()
                .enumerate()
                .map(|(i, t)| self.share(i) * credit(t))
                .sum(),
            Aggregation::Min if self.tests.is_empty() => 0.0,
            Aggregation::Min => {
                self.points * self.tests.iter().map(|t| credit(t)).fold(1.0, f64::min)
            }
        }
    }
}

/// The points a set of groups earns (in the groups' own units), given each test's mark.
pub fn earned(groups: &[Group], mark: &dyn Fn(&str) -> Option<Mark>) -> f64 {
    earned_each(groups, mark).into_iter().sum()
}

/// The points each group earns (in the groups' own units, in the groups' order), given
/// each test's mark: nothing for a group whose required groups did not all pass.
pub fn earned_each(groups: &[Group], mark: &dyn Fn(&str) -> Option<Mark>) -> Vec<f64> {
    groups
        .iter()
        .map(|group| {
            let required_passed = group.requires.iter().all(|required| {
                groups
                    .iter()
                    .find(|g| &g.name == required)
                    .is_none_or(|g| g.all_passed(mark))
            });
            if required_passed {
                group.earned_alone(mark)
            } else {
                0.0
            }
        })
        .collect()
}

/// Whether a test name matches a pattern where `*` stands for any run of characters.
pub fn matches_pattern(pattern: &str, name: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == name;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !name.starts_with(first)
        || !name[first.len()..].ends_with(last)
        || name.len() < first.len() + last.len()
    {
        return false;
    }
    let mut rest = &name[first.len()..name.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_match_with_stars() {
        assert!(matches_pattern("secret/*", "secret/01-a"));
        assert!(matches_pattern("secret/0*-max", "secret/03-max"));
        assert!(!matches_pattern("secret/0*-max", "secret/03-min"));
        assert!(matches_pattern("sample/1", "sample/1"));
        assert!(!matches_pattern("sample/1", "sample/10"));
        assert!(matches_pattern("*", "anything"));
        assert!(!matches_pattern("a*a", "a"));
    }

    fn group(name: &str, points: f64, tests: &[&str], aggregation: Aggregation) -> Group {
        Group {
            name: name.into(),
            points,
            tests: tests.iter().map(|t| t.to_string()).collect(),
            aggregation,
            requires: vec![],
            test_points: vec![],
        }
    }

    #[test]
    fn all_or_nothing_sum_and_dependencies() {
        let mut groups = vec![
            group("a", 30.0, &["t1", "t2"], Aggregation::AllOrNothing),
            group("b", 40.0, &["t3", "t4"], Aggregation::Sum),
            group("c", 30.0, &["t5"], Aggregation::AllOrNothing),
        ];
        groups[2].requires = vec!["a".into()];
        let verdicts = |failing: &'static [&'static str]| {
            move |name: &str| {
                Some(Mark {
                    verdict: if failing.contains(&name) {
                        Verdict::WA
                    } else {
                        Verdict::AC
                    },
                    score: None,
                })
            }
        };
        assert_eq!(earned(&groups, &verdicts(&[])), 100.0);
        assert_eq!(earned(&groups, &verdicts(&["t3"])), 80.0);
        assert_eq!(
            earned_each(&groups, &verdicts(&["t1", "t3"])),
            vec![0.0, 20.0, 0.0]
        );
        assert_eq!(
            earned(&groups, &verdicts(&["t1"])),
            40.0,
            "c needs a, which failed"
        );
        let none_ran = |_: &str| None;
        assert_eq!(earned(&groups, &none_ran), 0.0);
        groups[1].test_points = vec![10.0, 30.0];
        assert_eq!(earned(&groups, &verdicts(&["t3"])), 90.0);
    }

    /// A mark lookup from (test, verdict, checker's points); tests not listed did not run.
    fn marked(
        list: &'static [(&'static str, Verdict, Option<f64>)],
    ) -> impl Fn(&str) -> Option<Mark> {
        move |name: &str| {
            list.iter()
                .find(|(t, _, _)| *t == name)
                .map(|&(_, verdict, score)| Mark { verdict, score })
        }
    }

    #[test]
    fn partial_points_count_in_sum_and_min_groups_but_not_all_or_nothing_ones() {
        use Verdict::{AC, WA};
        // A test with half its points (testlib exit 7 `points 0.5`: WA with 0.5), one
        // accepted with a Kattis multiplier of 0.25 (AC with 0.25), one full.
        let marks = marked(&[
            ("t1", WA, Some(0.5)),
            ("t2", AC, None),
            ("t3", AC, Some(0.25)),
            ("t4", AC, None),
        ]);
        let mut sum = group("s", 40.0, &["t1", "t2"], Aggregation::Sum);
        assert_eq!(earned(std::slice::from_ref(&sum), &marks), 30.0);
        sum.test_points = vec![10.0, 30.0];
        assert_eq!(earned(std::slice::from_ref(&sum), &marks), 35.0);
        let min = group("m", 60.0, &["t3", "t4"], Aggregation::Min);
        assert_eq!(earned(std::slice::from_ref(&min), &marks), 15.0);
        let whole = group("w", 50.0, &["t1", "t2"], Aggregation::AllOrNothing);
        assert_eq!(earned(std::slice::from_ref(&whole), &marks), 0.0);
        let accepted = group("a", 50.0, &["t3", "t4"], Aggregation::AllOrNothing);
        assert_eq!(
            earned(std::slice::from_ref(&accepted), &marks),
            50.0,
            "accepted with a multiplier still passes a pass-fail group"
        );
        // A min group with a test not run earns nothing; each test counts once.
        let unrun = group("u", 60.0, &["t4", "t9"], Aggregation::Min);
        assert_eq!(earned(std::slice::from_ref(&unrun), &marks), 0.0);
        assert_eq!(earned(&[sum, min], &marks), 35.0 + 15.0);
        assert_eq!(
            (
                group("x", 60.0, &["t3"], Aggregation::Min).test_max(0),
                group("x", 60.0, &["t3", "t4"], Aggregation::Sum).test_max(1),
                whole.test_max(0)
            ),
            (Some(60.0), Some(30.0), None)
        );
    }

    #[test]
    fn a_mark_credits_the_checkers_points_else_the_verdict() {
        let mark = |verdict, score| Mark { verdict, score }.credit();
        assert_eq!(mark(Verdict::AC, None), 1.0);
        assert_eq!(mark(Verdict::TLE, None), 0.0);
        assert_eq!(mark(Verdict::WA, Some(0.5)), 0.5);
        assert_eq!(
            mark(Verdict::AC, Some(1.5)),
            1.0,
            "clamped, never more than all"
        );
        assert!(Mark {
            verdict: Verdict::WA,
            score: Some(0.5)
        }
        .is_partial());
        assert!(!Mark {
            verdict: Verdict::AC,
            score: Some(1.0)
        }
        .is_partial());
    }
}
