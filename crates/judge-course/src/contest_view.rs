//! A contest and a problem's limits as the JSON API and the teacher's contests page show
//! them: a contest's definition, its version (the hash a change must name, so that two
//! teachers never lose an edit in silence) and where it is now.

use crate::contest::{Contest, Phase};
use judge_model::course::LatePenaltyParts;
use judge_model::course::{ContestKind, ContestSpec, ContestStart, Feedback, Scoring};
use judge_model::text::rfc3339_ms as rfc3339;
use serde::Serialize;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// A contest's definition as the API shows it and its version hashes.
#[derive(Debug, Clone, Serialize)]
pub struct Definition {
    /// Its id.
    pub id: String,
    /// Whether it is the first (`[contest]`).
    pub first: bool,
    /// Its title.
    pub title: String,
    /// `contest` or `homework`.
    pub kind: &'static str,
    /// `ioi` or `icpc`.
    pub scoring: &'static str,
    /// When it opens (RFC 3339).
    pub start: Option<String>,
    /// When it closes (a homework set: its deadline).
    pub end: Option<String>,
    /// The first contest's length in minutes.
    pub duration_minutes: Option<u32>,
    /// Minutes before the end the public board freezes.
    pub freeze_minutes: Option<u32>,
    /// A homework set: late submissions refused from then on.
    pub late_until: Option<String>,
    /// The languages students may use (None: all).
    pub languages: Option<Vec<String>>,
    /// Its problems.
    pub problems: Vec<ProblemDefinition>,
    /// Its weight in the course's grades.
    pub weight: f64,
    /// A homework set's late rule (`{"factor"}` or `{"per_day", "floor"}`; None: late
    /// work counts in full).
    pub late_penalty: Option<LatePenaltyParts>,
    /// A homework set's extensions: student -> their deadline (RFC 3339).
    pub extensions: BTreeMap<String, String>,
    /// The groups of students it is for (empty: every student).
    pub for_groups: Vec<String>,
}

/// A problem of a contest as the API shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ProblemDefinition {
    /// The problem's id.
    pub id: String,
    /// Its points here.
    pub points: f64,
    /// `first-failure` or `all-tests`.
    pub feedback: &'static str,
}

/// A contest as `GET /api/v1/contests/{id}` answers it: its definition, version and
/// where it is now.
#[derive(Debug, Clone, Serialize)]
pub struct ContestView {
    /// Its definition.
    #[serde(flatten)]
    pub definition: Definition,
    /// The version a change must name.
    pub version: String,
    /// The window in force (a teacher's, else judge.toml's).
    pub window: WindowView,
    /// `not-started`, `running`, `late` or `over`.
    pub phase: &'static str,
    /// Whether the public board is frozen now.
    pub frozen: bool,
    /// Since when, if it is.
    pub frozen_since: Option<String>,
    /// Whether a teacher published the board.
    pub published: bool,
}

/// The window in force.
#[derive(Debug, Clone, Serialize)]
pub struct WindowView {
    /// The start.
    pub start: String,
    /// The end or deadline.
    pub end: Option<String>,
    /// A homework set's last late moment.
    pub late_until: Option<String>,
    /// Whether a teacher moved it (else judge.toml's).
    pub teacher_set: bool,
}

/// A time of the definition in the offset it was written with (a teacher who typed
/// `+08:00` reads `+08:00` back), as judge.toml holds it.
fn time_text(time: ContestStart) -> String {
    time.0
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_else(|_| rfc3339(time.unix_ms()))
}

/// A contest's definition in the API's terms.
pub fn definition(spec: &ContestSpec, first: bool) -> Definition {
    Definition {
        id: spec.id.clone(),
        first,
        title: spec.title.clone(),
        kind: match spec.kind {
            ContestKind::Contest => "contest",
            ContestKind::Homework => "homework",
        },
        scoring: match spec.scoring {
            Scoring::Ioi => "ioi",
            Scoring::Icpc => "icpc",
        },
        start: spec.start.map(time_text),
        end: spec.end.map(time_text),
        duration_minutes: spec.duration_minutes,
        freeze_minutes: spec.freeze_minutes,
        late_until: spec.late_until.map(time_text),
        languages: spec.languages.clone(),
        problems: spec
            .problems
            .iter()
            .map(|p| ProblemDefinition {
                id: p.id.clone(),
                points: p.points,
                feedback: match p.feedback {
                    Feedback::FirstFailure => "first-failure",
                    Feedback::AllTests => "all-tests",
                },
            })
            .collect(),
        weight: spec.grading.weight,
        late_penalty: LatePenaltyParts::of(spec.grading.late_penalty),
        extensions: spec
            .grading
            .extensions
            .iter()
            .map(|(student, until)| (student.clone(), time_text(*until)))
            .collect(),
        for_groups: spec.for_groups.clone(),
    }
}

/// A contest's version: the first 16 hex digits of the SHA-256 of its definition.
pub fn version(spec: &ContestSpec, first: bool) -> String {
    let json = serde_json::to_vec(&definition(spec, first)).unwrap_or_default();
    let digest = Sha256::digest(&json);
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// A running contest as the API shows it at `now_ms`.
pub fn view(contest: &Contest, now_ms: i64) -> ContestView {
    let window = contest.window();
    let frozen_since = contest.frozen_since(now_ms);
    ContestView {
        definition: definition(&contest.spec, contest.first),
        version: version(&contest.spec, contest.first),
        window: WindowView {
            start: rfc3339(window.start_ms),
            end: window.end_ms.map(rfc3339),
            late_until: window.late_until_ms.map(rfc3339),
            teacher_set: contest.overridden(),
        },
        phase: match contest.phase(now_ms) {
            Phase::NotStarted => "not-started",
            Phase::Running => "running",
            Phase::Late => "late",
            Phase::Over => "over",
        },
        frozen: frozen_since.is_some(),
        frozen_since: frozen_since.map(rfc3339),
        published: contest.published(),
    }
}

/// A problem's limits as `GET /api/v1/problems/{id}` answers them.
#[derive(Debug, Clone, Serialize)]
pub struct LimitsView {
    /// The problem's id.
    pub id: String,
    /// CPU seconds (None: not decided yet, a package without a limit).
    pub time_limit_s: Option<f64>,
    /// Where the time limit comes from.
    pub time_limit_origin: judge_model::problem::TimeLimitOrigin,
    /// Memory in MiB.
    pub memory_mib: u64,
    /// The version a change must name.
    pub version: String,
    /// What the last `judge verify` of it found (its slowest accepted submission against
    /// the limit, ...), if it ran.
    pub last_verify: Option<judge_packages::verify_record::VerifyRecord>,
    /// Why that record cannot be read, when it cannot.
    pub last_verify_unreadable: Option<String>,
}
