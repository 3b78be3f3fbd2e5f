//! The YAML files of a Kattis package, every generation in one set of types: problem.yaml,
//! testdata.yaml / test_group.yaml (legacy, 2023-07-draft and 2025-09 keys, even mixed in
//! one file, as real packages have them) and a test case's own `.yaml`.

use crate::yaml::OneOrMany;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The keys problem.yaml may have (every generation).
pub const PROBLEM_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "author",
    "credits",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
    "grading",
    "validation",
    "validator_flags",
    "scoring",
];

/// The problem's name: one (English) or one per language.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum Name {
    /// English only.
    One(String),
    /// Language code -> name.
    PerLanguage(BTreeMap<String, String>),
}

/// `limits.time_multipliers` (2023-07 and later).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeMultipliers {
    /// The limit is at least the slowest accepted time x this (default 2).
    pub ac_to_time_limit: Option<f64>,
    /// Too-slow submissions run past the limit x this (default 1.5).
    pub time_limit_to_tle: Option<f64>,
}

/// `limits` (every generation's keys).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Legacy: the limit is the slowest accepted time x this (default 5).
    pub time_multiplier: Option<f64>,
    /// Legacy: too-slow submissions run past the limit x this (default 2).
    pub time_safety_margin: Option<f64>,
    /// 2023-07 and later.
    pub time_multipliers: Option<TimeMultipliers>,
    /// An explicit time limit in seconds (2023-07 and later).
    pub time_limit: Option<f64>,
    /// The limit is inferred as a multiple of this (default 1 s).
    pub time_resolution: Option<f64>,
    /// Memory in MiB.
    pub memory: Option<u64>,
    /// Output in MiB.
    pub output: Option<u64>,
    /// Source size in KiB.
    pub code: Option<u64>,
    /// Compile seconds.
    pub compilation_time: Option<f64>,
    /// Compile memory in MiB.
    pub compilation_memory: Option<u64>,
    /// Validator seconds.
    pub validation_time: Option<f64>,
    /// Validator memory in MiB.
    pub validation_memory: Option<u64>,
    /// Validator output in MiB.
    pub validation_output: Option<u64>,
    /// Multi-pass passes.
    pub validation_passes: Option<u64>,
}

/// problem.yaml.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct ProblemYaml {
    /// Absent or `legacy`: legacy; `2023-07-draft`; `2025-09`.
    pub problem_format_version: Option<String>,
    /// `pass-fail`, `scoring`, `interactive`, ... (2023-07 and later; legacy has
    /// `type: scoring`).
    #[serde(rename = "type")]
    pub kind: Option<OneOrMany>,
    /// The name.
    pub name: Option<Name>,
    /// Limits.
    #[serde(default)]
    pub limits: Limits,
    /// Legacy: `default` or `custom`, with `interactive` and `score` words.
    pub validation: Option<String>,
    /// Legacy: flags for the output validator (the default one too).
    pub validator_flags: Option<OneOrMany>,
    /// Languages allowed.
    pub languages: Option<OneOrMany>,
    /// Every other key, kept as it is.
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_yaml_ng::Value>,
}

/// The keys a testdata.yaml or test_group.yaml may have (every generation).
pub const GROUP_KEYS: &[&str] = &[
    // legacy
    "on_reject",
    "grading",
    "grader_flags",
    "input_validator_flags",
    "output_validator_flags",
    "accept_score",
    "reject_score",
    "range",
    // 2023-07-draft
    "scoring",
    "input_validator_args",
    "output_validator_args",
    "static_validation",
    "full_feedback",
    "hint",
    "description",
    "args",
    // 2025-09
    "max_score",
    "score_aggregation",
    "require_pass",
    "static_validation_score",
    "static_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
];

/// The keys of a test case's own `.yaml`.
pub const CASE_KEYS: &[&str] = &[
    "args",
    "input_validator_args",
    "output_validator_args",
    "input_visualizer_args",
    "output_visualizer_args",
    "full_feedback",
    "hint",
    "description",
];

/// A score that may be `unbounded`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(untagged)]
pub enum Score {
    /// A number.
    Points(f64),
    /// `unbounded`, or another word.
    Word(String),
}

/// 2023-07's `scoring` map.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring2023 {
    /// The group's points.
    pub score: Option<Score>,
    /// `sum` or `min`.
    pub aggregation: Option<String>,
}

/// testdata.yaml / test_group.yaml, and a test case's `.yaml` (a subset of the keys).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct GroupYaml {
    /// Legacy: `break` or `continue`.
    pub on_reject: Option<String>,
    /// Legacy: `default` or `custom`.
    pub grading: Option<String>,
    /// Legacy: `sum`, `min`, `max`, `avg`, `first_error`, ... for the default grader.
    pub grader_flags: Option<OneOrMany>,
    /// Legacy: flags for the input validators.
    pub input_validator_flags: Option<serde_yaml_ng::Value>,
    /// Legacy: flags for the output validator.
    pub output_validator_flags: Option<OneOrMany>,
    /// Legacy: a passed test's score (default 1).
    pub accept_score: Option<f64>,
    /// Legacy: a failed test's score (default 0).
    pub reject_score: Option<f64>,
    /// Legacy: the group's score range, `MIN MAX`.
    pub range: Option<String>,
    /// 2023-07: the group's score and aggregation.
    pub scoring: Option<Scoring2023>,
    /// Arguments for the input validators (a list, or a map by validator name).
    pub input_validator_args: Option<serde_yaml_ng::Value>,
    /// Arguments for the output validator.
    pub output_validator_args: Option<OneOrMany>,
    /// Arguments for the submission.
    pub args: Option<Vec<String>>,
    /// 2025-09: the group's maximum score (`unbounded` allowed).
    pub max_score: Option<Score>,
    /// 2025-09: `pass-fail`, `sum` or `min`.
    pub score_aggregation: Option<String>,
    /// 2025-09: groups that must pass first.
    pub require_pass: Option<OneOrMany>,
    /// Every other known key, kept as it is.
    #[serde(flatten)]
    pub other: BTreeMap<String, serde_yaml_ng::Value>,
}

/// Flags or arguments given as one string (legacy) or a list.
pub fn flag_words(value: &serde_yaml_ng::Value) -> Vec<String> {
    match value {
        serde_yaml_ng::Value::String(text) => text.split_whitespace().map(str::to_string).collect(),
        serde_yaml_ng::Value::Sequence(items) => items
            .iter()
            .filter_map(|v| match v {
                serde_yaml_ng::Value::String(s) => Some(s.clone()),
                serde_yaml_ng::Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}
