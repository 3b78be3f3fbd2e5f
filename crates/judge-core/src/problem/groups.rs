//! Scoring groups (subtasks): tests worth points together, as the problem defines them
//! (native `[[groups]]` in problem.toml, Kattis test data groups, Polygon groups).
//!
//! A contest scales them: a problem worth P points in judge.toml whose groups add up to
//! G gives each group `points x P / G`. A problem without groups scores P times the
//! fraction of its tests passed.

use crate::verdict::Verdict;
use serde::Serialize;

/// How a group's tests add up to its points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Aggregation {
    /// All or nothing: the points when every test passes (Kattis `pass-fail` and `min`,
    /// Polygon `complete-group`).
    AllOrNothing,
    /// Each passed test earns its share (Kattis `sum`, Polygon `each-test`).
    Sum,
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
    /// Whether every test of the group passed (`verdict` gives a test's verdict, `None`
    /// when it did not run).
    pub fn all_passed(&self, verdict: &dyn Fn(&str) -> Option<Verdict>) -> bool {
        !self.tests.is_empty() && self.tests.iter().all(|t| verdict(t) == Some(Verdict::AC))
    }

    /// The points this group earns, before any dependency.
    fn earned_alone(&self, verdict: &dyn Fn(&str) -> Option<Verdict>) -> f64 {
        match self.aggregation {
            Aggregation::AllOrNothing => {
                if self.all_passed(verdict) {
                    self.points
                } else {
                    0.0
                }
            }
            Aggregation::Sum => {
                let count = self.tests.len().max(1) as f64;
                self.tests
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| verdict(t) == Some(Verdict::AC))
                    .map(|(i, _)| {
                        self.test_points
                            .get(i)
                            .copied()
                            .unwrap_or(self.points / count)
                    })
                    .sum()
            }
        }
    }
}

/// The points a set of groups earns (in the groups' own units), given each test's verdict.
pub fn earned(groups: &[Group], verdict: &dyn Fn(&str) -> Option<Verdict>) -> f64 {
    earned_each(groups, verdict).into_iter().sum()
}

/// The points each group earns (in the groups' own units, in the groups' order), given
/// each test's verdict: nothing for a group whose required groups did not all pass.
pub fn earned_each(groups: &[Group], verdict: &dyn Fn(&str) -> Option<Verdict>) -> Vec<f64> {
    groups
        .iter()
        .map(|group| {
            let required_passed = group.requires.iter().all(|required| {
                groups
                    .iter()
                    .find(|g| &g.name == required)
                    .is_none_or(|g| g.all_passed(verdict))
            });
            if required_passed {
                group.earned_alone(verdict)
            } else {
                0.0
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
                Some(if failing.contains(&name) {
                    Verdict::WA
                } else {
                    Verdict::AC
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
}
