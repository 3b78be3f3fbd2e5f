//! What a student may see of a result: everything about sample tests, and of secret tests
//! only the verdict (as CMS and DOMjudge show them), with the test's time and memory. The
//! judge's message on a secret test may quote the expected answer (a checker's "expected
//! 17") or the program's stderr (which may echo the secret input), its diff shows both,
//! its stderr (which judge-core keeps on sample tests only) may echo the input too,
//! its picture draws the secret input,
//! and an exit code or a signal is a number the program chooses (`return n % 256` leaks 8
//! bits of the input a test): all are replaced by the verdict's words. A secret test's
//! name can describe its data (`secret/07-all-zero`), so students see its number among
//! the secret tests (`secret/3`) unless judge.toml's `test_names = "names"` says the
//! names are safe to show.

use judge_core::Judge;
use judge_model::course::{ContestProblem, TestNames};
use judge_model::problem::TestGroup;
use judge_model::{SubmissionResult, Verdict};
use std::collections::{BTreeMap, HashMap};

judge_i18n::texts! {
    /// What a student is told instead of what is not theirs to see.
    struct VisibilityTexts {
        judge_failed => "The judge failed on this submission (not your fault); the teacher can rejudge it.",
            "评测机在此提交上出错（不是你的问题），教师可以重测。";
    }
}

/// What a student is told when the judge failed on their submission (the reason, which
/// names files on the server, is for the teacher), in the request's language.
pub fn judge_failed() -> &'static str {
    VisibilityTexts::current().judge_failed()
}

/// A secret test's message: the verdict in words (the request's language), nothing the
/// program or the data chose.
pub fn secret_message(verdict: Verdict) -> String {
    match verdict {
        Verdict::AC => String::new(),
        other => judge_i18n::VerdictTexts::current().of(other).to_string(),
    }
}

/// How one problem's secret tests are named to students.
#[derive(Debug, Clone, Default)]
pub struct TestLabels {
    /// Each secret test's number among the secret tests (1-based).
    numbers: HashMap<String, usize>,
    /// Whether the names may be shown as they are.
    names: bool,
}

impl TestLabels {
    /// The labels of `tests` (name, sample) under `setting`.
    pub fn new<'a>(tests: impl IntoIterator<Item = (&'a str, bool)>, setting: TestNames) -> Self {
        let numbers = tests
            .into_iter()
            .filter(|(_, sample)| !sample)
            .enumerate()
            .map(|(i, (name, _))| (name.to_string(), i + 1))
            .collect();
        TestLabels {
            numbers,
            names: setting == TestNames::Names,
        }
    }

    /// What a student sees for the test `name` (samples keep their names).
    pub fn label(&self, name: &str) -> String {
        if self.names || name.starts_with("sample/") && !self.numbers.contains_key(name) {
            return name.to_string();
        }
        match self.numbers.get(name) {
            Some(number) => format!("secret/{number}"),
            // A test that is no longer in the problem (its tests changed since).
            None => "secret/?".into(),
        }
    }
}

/// Every contest problem's labels.
#[derive(Debug, Clone, Default)]
pub struct Labels(BTreeMap<String, TestLabels>);

impl Labels {
    /// The labels of the contest's problems as `judge` loads them (a problem that cannot
    /// be loaded gets numbers for every secret test: none are known, so none is named).
    pub fn load(judge: &Judge, problems: &[ContestProblem]) -> Labels {
        Labels(
            problems
                .iter()
                .map(|entry| {
                    let labels = judge_packages::load(&judge.config, &entry.id).map_or_else(
                        |_| TestLabels::new([], entry.test_names),
                        |problem| {
                            TestLabels::new(
                                problem
                                    .tests
                                    .iter()
                                    .map(|t| (t.name.as_str(), t.group == TestGroup::Sample)),
                                entry.test_names,
                            )
                        },
                    );
                    (entry.id.clone(), labels)
                })
                .collect(),
        )
    }

    /// One problem's labels.
    pub fn of(&self, problem: &str) -> TestLabels {
        self.0.get(problem).cloned().unwrap_or_default()
    }
}

/// The result as a student may see it.
pub fn for_student(result: &SubmissionResult, labels: &TestLabels) -> SubmissionResult {
    let mut shown = result.clone();
    let secret: Vec<String> = shown
        .tests
        .iter()
        .filter(|t| !t.sample)
        .map(|t| t.name.clone())
        .collect();
    for test in shown.tests.iter_mut().filter(|t| !t.sample) {
        test.message = secret_message(test.verdict);
        test.diff = None;
        // Judge-core keeps stderr on samples only; a result stored by another judge (or a
        // later change) must still not show a secret test's.
        test.stderr = None;
        // A picture draws the secret input (and the output on it).
        test.picture = None;
        test.exit_code = None;
        test.signal = None;
        test.time_limit = None;
        test.name = labels.label(&test.name);
    }
    if let Some(first) = shown.first_failure.as_mut() {
        if secret.contains(first) {
            *first = labels.label(first);
        }
    }
    shown
}

/// A submission's summary as a student may see it: the failing test by its label.
pub fn summary_for_student(summary: &mut judge_store::SubmissionSummary, labels: &TestLabels) {
    if let Some(first) = summary
        .result
        .as_mut()
        .and_then(|r| r.first_failure.as_mut())
    {
        *first = labels.label(first);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use judge_model::TestResult;

    fn test(name: &str, sample: bool, verdict: Verdict) -> TestResult {
        TestResult {
            name: name.into(),
            sample,
            verdict,
            time_limit: None,
            cpu_time_s: 0.1,
            wall_time_s: 0.1,
            peak_memory_bytes: 1,
            exit_code: Some(3),
            signal: Some("SIGSEGV".into()),
            message: "expected SECRET-ANSWER, got 0".into(),
            diff: Some("-SECRET-ANSWER\n+0".into()),
            score: None,
            stderr: Some("read SECRET-ANSWER".into()),
            picture: Some(judge_model::verdict::Picture::Svg {
                svg: "<svg><text>SECRET-ANSWER</text></svg>".into(),
            }),
        }
    }

    #[test]
    fn secret_tests_lose_messages_and_diffs_and_samples_keep_them() {
        let result = SubmissionResult {
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
            tests: vec![
                test("sample/1", true, Verdict::WA),
                test("secret/1", false, Verdict::WA),
                test("secret/2", false, Verdict::RE),
            ],
            verdict: Verdict::WA,
            first_failure: Some("sample/1".into()),
            tests_passed: 0,
            tests_total: 3,
            fraction_passed: 0.0,
            max_cpu_time_s: 0.1,
            max_peak_memory_bytes: 1,
            sandbox: judge_model::verdict::SandboxInfo {
                enforcement: sandbox::Enforcement::RlimitOnly,
                isolated: false,
                degraded: vec![],
            },
        };
        let labels = TestLabels::new(
            [("sample/1", true), ("secret/1", false), ("secret/2", false)],
            TestNames::Numbers,
        );
        let shown = for_student(&result, &labels);
        assert!(
            shown.tests[0].message.contains("SECRET-ANSWER"),
            "samples keep theirs"
        );
        assert!(shown.tests[0].diff.is_some());
        assert!(shown.tests[0].stderr.is_some(), "samples keep their stderr");
        assert!(
            shown.tests[0].picture.is_some(),
            "samples keep their picture"
        );
        assert_eq!(
            shown.tests[0].exit_code,
            Some(3),
            "samples keep their exit code"
        );
        let text = serde_json::to_string(&shown.tests[1..]).unwrap();
        assert!(!text.contains("SECRET-ANSWER"), "{text}");
        assert_eq!(shown.tests[1].message, Verdict::WA.description());
        assert_eq!(shown.tests[2].message, Verdict::RE.description());
        assert!(shown.tests[1..].iter().all(|t| t.exit_code.is_none()
            && t.signal.is_none()
            && t.diff.is_none()
            && t.stderr.is_none()
            && t.picture.is_none()));
    }

    #[test]
    fn secret_tests_are_numbered_unless_names_are_allowed() {
        let tests = [
            ("sample/1", true),
            ("secret/07-all-zero", false),
            ("secret/08-max", false),
        ];
        let numbers = TestLabels::new(tests, TestNames::Numbers);
        assert_eq!(numbers.label("sample/1"), "sample/1");
        assert_eq!(numbers.label("secret/07-all-zero"), "secret/1");
        assert_eq!(numbers.label("secret/08-max"), "secret/2");
        assert_eq!(numbers.label("secret/gone"), "secret/?");
        let names = TestLabels::new(tests, TestNames::Names);
        assert_eq!(names.label("secret/08-max"), "secret/08-max");
    }
}
