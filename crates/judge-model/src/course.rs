//! The course as the judge uses it: its contests and homework sets, each with its
//! problems and their points, its scoring, its window and its feedback. judge.toml's
//! `[contest]` and `[[contests]]` tables are read strictly (crate::config) and converted
//! once into these values ([`crate::config::judge_toml::JudgeConfig::course`]); scoring,
//! the reports and the server read these, never the TOML tables. A contest edited in the
//! browser is one of these too.

use crate::problem::Group;
use serde::Deserialize;

/// How a contest is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Scoring {
    /// Points per problem (best attempt), subtasks all-or-nothing.
    #[default]
    Ioi,
    /// Problems solved, then penalty minutes.
    Icpc,
}

/// How far a submission is judged: the student's feedback and the score come from the
/// same judging, so stopping early never changes a score.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Feedback {
    /// Stop as soon as the score is known: at the first failed test under ICPC scoring,
    /// at an all-or-nothing subtask's first failed test under IOI scoring (a test whose
    /// points count on their own always runs). A student checking a solution sees its
    /// first failure without waiting for the time limit of every later test.
    #[default]
    FirstFailure,
    /// Every test runs, so the student sees each test's verdict (how many tests a
    /// wrong solution still passes).
    AllTests,
}

/// How secret tests are named to students.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TestNames {
    /// By their number among the secret tests (`secret/3`).
    #[default]
    Numbers,
    /// By their names (`secret/03-max`).
    Names,
}

/// Whether a contest of the course is a timed contest or a homework set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum ContestKind {
    /// Submissions close at the end.
    #[default]
    Contest,
    /// Submissions after the deadline are accepted and marked late (until `late_until`,
    /// if given).
    Homework,
}

/// `contest.start`: an RFC 3339 time, parsed when judge.toml is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContestStart(pub time::OffsetDateTime);

impl ContestStart {
    /// The start in Unix milliseconds.
    pub fn unix_ms(self) -> i64 {
        // Any RFC 3339 time (years 0..=9999) is well within i64 milliseconds.
        i64::try_from(self.0.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
    }

    /// The start in Unix seconds.
    pub fn unix_s(self) -> i64 {
        self.0.unix_timestamp()
    }
}

impl<'de> Deserialize<'de> for ContestStart {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        time::OffsetDateTime::parse(&text, &time::format_description::well_known::Rfc3339)
            .map(ContestStart)
            .map_err(|_| {
                serde::de::Error::custom(format!(
                    "contest.start = {text:?} is not an RFC 3339 time such as 2026-11-29T09:00:00Z"
                ))
            })
    }
}

/// A problem of a contest: which problem, and what it is worth there. Its groups
/// (subtasks) are the problem's own (problem.toml `[[groups]]`, a package's test data
/// groups), filled in when the problem is loaded; the contest scales them to its points.
#[derive(Debug, Clone, PartialEq)]
pub struct ContestProblem {
    /// The problem id (its folder name under problems/ and testdata/).
    pub id: String,
    /// Points for solving it.
    pub points: f64,
    /// The problem's scoring groups (empty until the problem is loaded, or when it has
    /// none).
    pub groups: Vec<Group>,
    /// How secret tests are named to students.
    pub test_names: TestNames,
    /// How far a submission is judged for its student's feedback.
    pub feedback: Feedback,
    /// The languages the problem's package lists, if it does (filled in with the
    /// groups): a submission in another is refused, a `.cpp` one takes a listed profile.
    pub languages: Option<Vec<String>>,
}

/// A contest or homework set of the course.
#[derive(Debug, Clone, PartialEq)]
pub struct ContestSpec {
    /// Its id (letters, digits, `-`, `_`): `/contests/ID`.
    pub id: String,
    /// Contest or homework.
    pub kind: ContestKind,
    /// Its title.
    pub title: String,
    /// How it is scored.
    pub scoring: Scoring,
    /// Its problems, in order.
    pub problems: Vec<ContestProblem>,
    /// The languages students may use (`None`: every language of the table).
    pub languages: Option<Vec<String>>,
    /// When it opens (`None`: when a server first runs it; ICPC penalty minutes count
    /// from here).
    pub start: Option<ContestStart>,
    /// When a contest closes or a homework set is due, if it does.
    pub end: Option<ContestStart>,
    /// Its length in minutes, when it has no end time but its start is not known yet
    /// (`[contest]`'s `duration_minutes` without `start`).
    pub duration_minutes: Option<u32>,
    /// A homework set: late submissions are refused from this time on.
    pub late_until: Option<ContestStart>,
    /// The public scoreboard freezes this many minutes before the end.
    pub freeze_minutes: Option<u32>,
    /// How it counts in the course's grades: its weight, a homework set's late rule,
    /// and the students' extensions.
    pub grading: Grading,
    /// The groups of students it is for (empty: every student). A student of another
    /// group, or of none, does not see it and cannot submit to it.
    pub for_groups: Vec<String>,
}

impl ContestSpec {
    /// A student's deadline (Unix seconds): their extension, else the contest's end or
    /// deadline, if it has one.
    pub fn deadline_for(&self, student: &str) -> Option<i64> {
        self.grading
            .extensions
            .get(student)
            .or(self.end.as_ref())
            .map(|at| at.unix_s())
    }

    /// Whether a student of `group` (None: of no group) may take part.
    pub fn is_for(&self, group: Option<&str>) -> bool {
        self.for_groups.is_empty() || group.is_some_and(|g| self.for_groups.iter().any(|f| f == g))
    }

    /// The contest's entry for a problem, if it has the problem.
    pub fn problem(&self, id: &str) -> Option<&ContestProblem> {
        self.problems.iter().find(|p| p.id == id)
    }
}

/// The most characters a group's name has.
pub const MAX_GROUP_CHARS: usize = 64;

/// Checks a group's name (a class or section of students: `2024-A`, `二班`, `Tuesday
/// lab`): 1 to [`MAX_GROUP_CHARS`] letters, digits, '.', '_', '-' and inner spaces.
pub fn check_group_name(group: &str) -> Result<(), String> {
    let count = group.chars().count();
    let good = (1..=MAX_GROUP_CHARS).contains(&count)
        && group.trim() == group
        && group
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | ' '));
    if good {
        Ok(())
    } else {
        Err(format!(
            "group {group:?}: a group has 1 to {MAX_GROUP_CHARS} letters, digits, spaces, '.', '_' or '-'"
        ))
    }
}

/// How a contest counts in the course's grades.
#[derive(Debug, Clone, PartialEq)]
pub struct Grading {
    /// Its weight in a student's total (the total is the sum of weight x points).
    pub weight: f64,
    /// A homework set: what a late submission's points are worth.
    pub late_penalty: LatePenalty,
    /// Students given a later deadline than the set's (student name -> their deadline).
    pub extensions: std::collections::BTreeMap<String, ContestStart>,
}

impl Default for Grading {
    fn default() -> Grading {
        Grading {
            weight: 1.0,
            late_penalty: LatePenalty::None,
            extensions: Default::default(),
        }
    }
}

/// What a homework submission made after its deadline is worth, as a factor of its
/// points. Each attempt's points are multiplied by its factor and the best product
/// counts, so a late resubmission never lowers a grade already earned.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum LatePenalty {
    /// Late work counts in full.
    #[default]
    None,
    /// Late work counts this fraction (0 to 1) of its points.
    Factor(f64),
    /// Late work loses `per_day` of its points for each day (or part of a day) late,
    /// never going below `floor`.
    PerDay {
        /// The fraction lost per day late (0 to 1).
        per_day: f64,
        /// The lowest factor (0 to 1).
        floor: f64,
    },
}

/// A late rule by its numbers, as judge.toml's `late_penalty` table, the contest form's
/// three fields and the API write it: either `factor`, or `per_day` with an optional
/// `floor`. [`LatePenaltyParts::rule`] checks them.
#[derive(Debug, Clone, Copy, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct LatePenaltyParts {
    /// Late work counts this fraction of its points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factor: Option<f64>,
    /// Late work loses this fraction per day late.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_day: Option<f64>,
    /// The lowest factor `per_day` goes down to (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<f64>,
}

impl LatePenaltyParts {
    /// The numbers of a rule (None: no penalty).
    pub fn of(rule: LatePenalty) -> Option<LatePenaltyParts> {
        match rule {
            LatePenalty::None => None,
            LatePenalty::Factor(factor) => Some(LatePenaltyParts {
                factor: Some(factor),
                per_day: None,
                floor: None,
            }),
            LatePenalty::PerDay { per_day, floor } => Some(LatePenaltyParts {
                factor: None,
                per_day: Some(per_day),
                floor: Some(floor),
            }),
        }
    }

    /// The rule, or why the numbers are not one.
    pub fn rule(self) -> Result<LatePenalty, String> {
        let fraction = |name: &str, value: f64| {
            if (0.0..=1.0).contains(&value) {
                Ok(value)
            } else {
                Err(format!(
                    "late_penalty.{name} = {value} is not between 0 and 1"
                ))
            }
        };
        match (self.factor, self.per_day, self.floor) {
            (Some(factor), None, None) => Ok(LatePenalty::Factor(fraction("factor", factor)?)),
            (None, Some(per_day), floor) => Ok(LatePenalty::PerDay {
                per_day: fraction("per_day", per_day)?,
                floor: fraction("floor", floor.unwrap_or(0.0))?,
            }),
            (None, None, _) => {
                Err("late_penalty needs `factor` or `per_day` (with an optional `floor`)".into())
            }
            _ => Err(
                "late_penalty takes either `factor`, or `per_day` with an optional `floor`".into(),
            ),
        }
    }
}

/// Seconds in a day, for [`LatePenalty::PerDay`].
const DAY_S: i64 = 24 * 60 * 60;

impl LatePenalty {
    /// The factor of a submission `late_by_s` seconds after the deadline (0 or less: on
    /// time, factor 1).
    pub fn factor(self, late_by_s: i64) -> f64 {
        if late_by_s <= 0 {
            return 1.0;
        }
        match self {
            LatePenalty::None => 1.0,
            LatePenalty::Factor(factor) => factor,
            LatePenalty::PerDay { per_day, floor } => {
                let days = late_by_s.div_euclid(DAY_S) + i64::from(late_by_s % DAY_S != 0);
                (1.0 - per_day * days as f64).max(floor)
            }
        }
    }
}

/// The course: its contests, `[contest]` first.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// The contests and homework sets, in judge.toml's order (never empty).
    pub contests: Vec<ContestSpec>,
}

impl Course {
    /// The first contest (`[contest]`).
    pub fn first(&self) -> &ContestSpec {
        &self.contests[0]
    }

    /// A contest by id.
    pub fn contest(&self, id: &str) -> Option<&ContestSpec> {
        self.contests.iter().find(|c| c.id == id)
    }

    /// The contest a command's `--contest` names (`None`: the first); an unknown id is
    /// an error that lists the course's contests.
    pub fn chosen(&self, asked: Option<&str>) -> Result<&ContestSpec, crate::JudgeError> {
        match asked {
            None => Ok(self.first()),
            Some(asked) => self
                .contest(asked)
                .ok_or_else(|| crate::JudgeError::UnknownContest {
                    given: asked.to_string(),
                    known: self
                        .contests
                        .iter()
                        .map(|c| c.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", "),
                }),
        }
    }

    /// How submissions of a problem are judged lazily: ICPC (stop at the first failed
    /// test) only when every contest that has the problem is scored ICPC, since an IOI
    /// contest needs the points of every subtask.
    pub fn judging_scoring(&self, problem: &str) -> Scoring {
        let mut having = self
            .contests
            .iter()
            .filter(|c| c.problem(problem).is_some())
            .map(|c| c.scoring)
            .peekable();
        if having.peek().is_none() {
            return self.first().scoring;
        }
        if having.all(|s| s == Scoring::Icpc) {
            Scoring::Icpc
        } else {
            Scoring::Ioi
        }
    }

    /// How far a submission of `problem` in `contest` is judged: that contest's setting
    /// for it (`None`: the first contest); for a problem that contest does not list, the
    /// first contest that lists it; else the default.
    pub fn feedback(&self, contest: Option<&str>, problem: &str) -> Feedback {
        let wanted = contest.unwrap_or(&self.first().id);
        let entry = |c: &ContestSpec| c.problem(problem).map(|p| p.feedback);
        self.contests
            .iter()
            .filter(|c| c.id == wanted)
            .find_map(entry)
            .or_else(|| self.contests.iter().find_map(entry))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_time_work_counts_in_full_under_every_rule() {
        for rule in [
            LatePenalty::None,
            LatePenalty::Factor(0.8),
            LatePenalty::PerDay {
                per_day: 0.1,
                floor: 0.5,
            },
        ] {
            assert_eq!(rule.factor(0), 1.0);
            assert_eq!(rule.factor(-5), 1.0);
        }
    }

    #[test]
    fn a_factor_applies_to_any_lateness() {
        assert_eq!(LatePenalty::Factor(0.8).factor(1), 0.8);
        assert_eq!(LatePenalty::Factor(0.8).factor(30 * DAY_S), 0.8);
        assert_eq!(LatePenalty::None.factor(30 * DAY_S), 1.0);
    }

    #[test]
    fn a_day_or_part_of_one_costs_per_day_down_to_the_floor() {
        let rule = LatePenalty::PerDay {
            per_day: 0.1,
            floor: 0.5,
        };
        assert!((rule.factor(1) - 0.9).abs() < 1e-9);
        assert!((rule.factor(DAY_S) - 0.9).abs() < 1e-9);
        assert!((rule.factor(DAY_S + 1) - 0.8).abs() < 1e-9);
        assert_eq!(rule.factor(10 * DAY_S), 0.5);
    }

    #[test]
    fn an_extension_moves_only_its_students_deadline() {
        let at = |text: &str| {
            ContestStart(
                time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339)
                    .unwrap(),
            )
        };
        let mut grading = Grading::default();
        grading
            .extensions
            .insert("ann".to_string(), at("2026-01-08T00:00:00Z"));
        let contest = ContestSpec {
            id: "hw1".to_string(),
            kind: ContestKind::Homework,
            title: "Homework 1".to_string(),
            scoring: Scoring::Ioi,
            problems: Vec::new(),
            languages: None,
            start: Some(at("2026-01-01T00:00:00Z")),
            end: Some(at("2026-01-05T00:00:00Z")),
            duration_minutes: None,
            late_until: None,
            freeze_minutes: None,
            grading,
            for_groups: Vec::new(),
        };
        assert_eq!(contest.deadline_for("ann"), Some(1_767_830_400));
        assert_eq!(contest.deadline_for("bob"), Some(1_767_571_200));
        assert!(contest.is_for(None) && contest.is_for(Some("b")));
        let limited = ContestSpec {
            for_groups: vec!["a".into()],
            ..contest
        };
        assert!(limited.is_for(Some("a")));
        assert!(!limited.is_for(Some("b")) && !limited.is_for(None));
        assert!(check_group_name("2024-A").is_ok() && check_group_name("二班").is_ok());
        for bad in ["", " a", "a/b", "<b>", &"x".repeat(65)] {
            assert!(check_group_name(bad).is_err(), "{bad:?}");
        }
    }
}
