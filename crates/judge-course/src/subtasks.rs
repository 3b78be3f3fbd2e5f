//! A result's tests grouped by subtask, with each subtask's verdict and points, as CMS
//! shows them on a submission's page. The grouping is computed on the full result (test
//! names as the problem has them) and points come from judge-model's group scoring
//! (`problem::groups::earned_each`), so the page and the scoreboard agree; the page then
//! shows each test as the viewer may see it.

use judge_model::course::ContestProblem;
use judge_model::problem::groups::matches_pattern;
use judge_model::problem::groups::{earned_each, marks};
use judge_model::{SubmissionResult, Verdict};

/// One subtask of a result (or the tests in none).
#[derive(Debug, Clone, PartialEq)]
pub struct Subtask {
    /// Its name; None for the tests that belong to no subtask.
    pub name: Option<String>,
    /// Whether all its tests are samples (the tests in no subtask are then "Samples").
    pub samples: bool,
    /// The points it earned (contest points); None where it gives none.
    pub earned: Option<f64>,
    /// The points it is worth (contest points); None where it gives none.
    pub worth: Option<f64>,
    /// Its verdict: the first failure among its tests, AC when all passed, None when
    /// some of them did not run and none failed.
    pub verdict: Option<Verdict>,
    /// Its tests that ran, as indices into the result's tests.
    pub tests: Vec<usize>,
    /// How many of its tests did not run (lazy judging skips the rest of a failed
    /// subtask).
    pub not_run: usize,
}

/// The tests of `result` grouped by the subtasks of `problem`; `points`: the contest
/// gives points (IOI), so each subtask shows what it earned. Empty when the problem has
/// no subtasks.
pub fn group(problem: &ContestProblem, result: &SubmissionResult, points: bool) -> Vec<Subtask> {
    let groups = &problem.groups;
    if groups.is_empty() {
        return Vec::new();
    }
    let group_total: f64 = groups.iter().map(|g| g.points).sum();
    let scale = if group_total > 0.0 {
        problem.points / group_total
    } else {
        0.0
    };
    let compiled = result.compile.success;
    let earned = earned_each(groups, &marks(&result.tests));
    let belongs = |pattern: &str, name: &str| pattern == name || matches_pattern(pattern, name);
    let mut subtasks: Vec<Subtask> = groups
        .iter()
        .zip(earned)
        .map(|(group, earned)| {
            let tests: Vec<usize> = result
                .tests
                .iter()
                .enumerate()
                .filter(|(_, t)| group.tests.iter().any(|p| belongs(p, &t.name)))
                .map(|(i, _)| i)
                .collect();
            let first_failure = tests
                .iter()
                .map(|&i| result.tests[i].verdict)
                .find(|v| *v != Verdict::AC);
            let not_run = group.tests.len().saturating_sub(tests.len());
            let verdict = match (first_failure, compiled) {
                (_, false) => Some(Verdict::CE),
                (Some(failed), true) => Some(failed),
                (None, true) if not_run == 0 && !tests.is_empty() => Some(Verdict::AC),
                (None, true) => None,
            };
            Subtask {
                name: Some(group.name.clone()),
                samples: tests.iter().all(|&i| result.tests[i].sample) && !tests.is_empty(),
                earned: points.then_some(earned * scale + 0.0),
                worth: points.then_some(group.points * scale),
                verdict,
                tests,
                not_run,
            }
        })
        .collect();
    let outside: Vec<usize> = (0..result.tests.len())
        .filter(|i| !subtasks.iter().any(|s| s.tests.contains(i)))
        .collect();
    if !outside.is_empty() {
        let first_failure = outside
            .iter()
            .map(|&i| result.tests[i].verdict)
            .find(|v| *v != Verdict::AC);
        subtasks.insert(
            0,
            Subtask {
                name: None,
                samples: outside.iter().all(|&i| result.tests[i].sample),
                earned: None,
                worth: None,
                verdict: Some(first_failure.unwrap_or(Verdict::AC)),
                tests: outside,
                not_run: 0,
            },
        );
    }
    subtasks
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::problem::{Aggregation, Group};

    fn problem() -> ContestProblem {
        let mut problem = ContestProblem {
            id: "p".into(),
            points: 100.0,
            groups: vec![],
            test_names: Default::default(),
            languages: None,
            feedback: Default::default(),
        };
        let group = |name: &str, points: f64, tests: &[&str]| Group {
            name: name.into(),
            points,
            tests: tests.iter().map(|t| t.to_string()).collect(),
            aggregation: Aggregation::AllOrNothing,
            requires: vec![],
            test_points: vec![],
        };
        problem.groups = vec![
            group("small", 20.0, &["secret/1", "secret/2"]),
            group("big", 30.0, &["secret/3", "secret/4"]),
        ];
        problem
    }

    fn result(verdicts: &[(&str, Verdict)]) -> SubmissionResult {
        SubmissionResult {
            schema_version: 2,
            problem: "p".into(),
            language: "c".into(),
            source: "s".into(),
            compile: judge_model::verdict::CompileResult {
                success: true,
                message: String::new(),
                cpu_time_s: 0.0,
                wall_time_s: 0.0,
                cached: false,
            },
            tests: verdicts
                .iter()
                .map(|(name, verdict)| judge_model::TestResult {
                    name: name.to_string(),
                    sample: name.starts_with("sample/"),
                    verdict: *verdict,
                    time_limit: None,
                    cpu_time_s: 0.0,
                    wall_time_s: 0.0,
                    peak_memory_bytes: 0,
                    exit_code: Some(0),
                    signal: None,
                    message: String::new(),
                    diff: None,
                    score: None,
                    stderr: None,
                    picture: None,
                })
                .collect(),
            verdict: Verdict::WA,
            first_failure: None,
            tests_passed: 0,
            tests_total: 5,
            fraction_passed: 0.0,
            max_cpu_time_s: 0.0,
            max_peak_memory_bytes: 0,
            sandbox: judge_model::verdict::SandboxInfo {
                enforcement: sandbox::Enforcement::RlimitOnly,
                isolated: false,
                degraded: vec![],
            },
        }
    }

    #[test]
    fn subtasks_carry_their_tests_verdict_and_scaled_points() {
        let result = result(&[
            ("sample/1", Verdict::AC),
            ("secret/1", Verdict::AC),
            ("secret/2", Verdict::AC),
            ("secret/3", Verdict::WA),
        ]);
        let subtasks = group(&problem(), &result, true);
        assert_eq!(subtasks.len(), 3, "{subtasks:?}");
        assert_eq!(subtasks[0].name, None);
        assert!(subtasks[0].samples);
        assert_eq!(subtasks[0].tests, vec![0]);
        assert_eq!(subtasks[1].name.as_deref(), Some("small"));
        assert_eq!(subtasks[1].verdict, Some(Verdict::AC));
        assert_eq!(
            (subtasks[1].earned, subtasks[1].worth),
            (Some(40.0), Some(40.0))
        );
        assert_eq!(subtasks[2].verdict, Some(Verdict::WA));
        assert_eq!(
            (subtasks[2].earned, subtasks[2].worth),
            (Some(0.0), Some(60.0))
        );
        assert_eq!(subtasks[2].not_run, 1, "secret/4 was skipped");
        let icpc = group(&problem(), &result, false);
        assert_eq!(icpc[1].earned, None);
    }
}
