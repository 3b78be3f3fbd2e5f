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
}

impl ContestSpec {
    /// The contest's entry for a problem, if it has the problem.
    pub fn problem(&self, id: &str) -> Option<&ContestProblem> {
        self.problems.iter().find(|p| p.id == id)
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
