//! Verdicts and results: what the judge says about a test and about a submission.
//! These are the types of the JSON schema (docs/result-schema.md).

use serde::{Deserialize, Serialize};

/// The version of the result schema; bumped on any incompatible change (2: `score` became
/// `fraction_passed`, so that the fraction of tests passed is never mistaken for a
/// contest's points).
pub const SCHEMA_VERSION: u32 = 2;

/// A test's or a submission's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Verdict {
    /// Accepted.
    AC,
    /// Wrong answer.
    WA,
    /// Presentation error (only when a checker says so).
    PE,
    /// Time limit exceeded (CPU or wall).
    TLE,
    /// Memory limit exceeded.
    MLE,
    /// Output limit exceeded.
    OLE,
    /// Run-time error (a non-zero exit, a signal, a forbidden system call).
    RE,
    /// Compile error.
    CE,
    /// Judge error: the judge's fault (a crashing checker, a sandbox failure), never the
    /// student's.
    JE,
}

impl Verdict {
    /// Every verdict, in the order reports list them.
    pub const ALL: [Verdict; 9] = [
        Verdict::AC,
        Verdict::WA,
        Verdict::PE,
        Verdict::TLE,
        Verdict::MLE,
        Verdict::OLE,
        Verdict::RE,
        Verdict::CE,
        Verdict::JE,
    ];

    /// The verdict's words.
    pub fn description(self) -> &'static str {
        match self {
            Verdict::AC => "accepted",
            Verdict::WA => "wrong answer",
            Verdict::PE => "presentation error",
            Verdict::TLE => "time limit exceeded",
            Verdict::MLE => "memory limit exceeded",
            Verdict::OLE => "output limit exceeded",
            Verdict::RE => "run-time error",
            Verdict::CE => "compile error",
            Verdict::JE => "judge error",
        }
    }

    /// The Kattis folder name of submissions expected to get this verdict.
    pub fn folder(self) -> &'static str {
        match self {
            Verdict::AC => "accepted",
            Verdict::WA => "wrong_answer",
            Verdict::PE => "presentation_error",
            Verdict::TLE => "time_limit_exceeded",
            Verdict::MLE => "memory_limit_exceeded",
            Verdict::OLE => "output_limit_exceeded",
            Verdict::RE => "run_time_error",
            Verdict::CE => "compile_error",
            Verdict::JE => "judge_error",
        }
    }

    /// The verdict a Kattis submissions folder stands for.
    pub fn from_folder(name: &str) -> Option<Verdict> {
        Verdict::ALL.into_iter().find(|v| v.folder() == name)
    }

    /// How ICPC scoring counts an attempt that ends with this verdict.
    pub fn icpc_rule(self) -> IcpcRule {
        match self {
            Verdict::AC => IcpcRule::Solves,
            Verdict::WA
            | Verdict::PE
            | Verdict::TLE
            | Verdict::MLE
            | Verdict::OLE
            | Verdict::RE => IcpcRule::Rejection,
            // The student's code never ran (CE) or the judge failed (JE): DOMjudge's rule.
            Verdict::CE | Verdict::JE => IcpcRule::Free,
        }
    }

    /// Its colour wherever it is shown (the pages' badges, the report's cells), as CSS.
    pub fn colour(self) -> &'static str {
        match self {
            Verdict::AC => "#12805c",
            Verdict::WA | Verdict::PE => "#c4320a",
            Verdict::TLE | Verdict::MLE | Verdict::OLE => "#b54708",
            Verdict::RE => "#9e165f",
            Verdict::CE => "#475467",
            Verdict::JE => "#000",
        }
    }

    /// A CSS rule per verdict, `{prefix}{code} { {property}: {colour}; }`: the one place
    /// the stylesheets take a verdict's colour from.
    pub fn css_rules(prefix: &str, property: &str) -> String {
        Verdict::ALL
            .iter()
            .map(|v| format!(".{prefix}{} {{ {property}: {}; }}\n", v.code(), v.colour()))
            .collect()
    }

    /// The short name (`AC`).
    pub fn code(self) -> &'static str {
        match self {
            Verdict::AC => "AC",
            Verdict::WA => "WA",
            Verdict::PE => "PE",
            Verdict::TLE => "TLE",
            Verdict::MLE => "MLE",
            Verdict::OLE => "OLE",
            Verdict::RE => "RE",
            Verdict::CE => "CE",
            Verdict::JE => "JE",
        }
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

/// How ICPC scoring counts an attempt by its verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IcpcRule {
    /// It solves the problem.
    Solves,
    /// A rejected attempt: 20 penalty minutes once the problem is solved.
    Rejection,
    /// Not counted at all.
    Free,
}

/// Which clock ran out in a TLE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TimeLimitKind {
    /// CPU time (user + system).
    Cpu,
    /// Wall-clock time (a program that sleeps or waits).
    Wall,
}

/// The result of one test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestResult {
    /// `sample/1`, `secret/03-max`.
    pub name: String,
    /// Whether it is a sample test.
    pub sample: bool,
    /// The verdict.
    pub verdict: Verdict,
    /// For TLE: which clock ran out.
    pub time_limit: Option<TimeLimitKind>,
    /// CPU seconds (user + system, all threads and processes).
    pub cpu_time_s: f64,
    /// Wall-clock seconds.
    pub wall_time_s: f64,
    /// Peak memory of the whole process tree, in bytes.
    pub peak_memory_bytes: u64,
    /// The exit code, when the program exited by itself.
    pub exit_code: Option<i32>,
    /// The signal that killed it (`SIGSEGV`), when one did.
    pub signal: Option<String>,
    /// A short explanation: the first difference, the checker's message, the error.
    pub message: String,
    /// A short unified diff of the output against the answer (WA only; capped).
    pub diff: Option<String>,
    /// The fraction of the test's points earned, when the checker gave points (testlib's
    /// exit code 7); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<f64>,
    /// The start of the program's stderr, on sample tests only (a student may see
    /// everything about a sample; a secret test's stderr could echo its input), capped
    /// at judge-core's `SAMPLE_STDERR_BYTES`; absent when it wrote nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stderr: Option<String>,
    /// The output drawn on its grid by the problem's visualizer (a cleaned SVG, or the
    /// one-line note saying why there is none), on the tests judging was asked to draw
    /// (judge-core's `picture::PictureTests`); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Picture>,
}

/// A test's picture, or why it has none (drawn by judge-core's `picture`: a result's part,
/// defined here so that the results need nothing of the drawing).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Picture {
    /// A cleaned SVG document.
    Svg {
        /// Its text.
        svg: String,
    },
    /// Why there is no picture, in one line (`the visualizer ran out of time`: the
    /// reader's words, such as "No picture:", go before it).
    Note {
        /// The line.
        note: String,
    },
}

/// The result of compiling.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompileResult {
    /// Whether it compiled (always true for interpreted languages without a check).
    pub success: bool,
    /// The compiler's messages (capped), or why it was stopped.
    pub message: String,
    /// CPU seconds.
    pub cpu_time_s: f64,
    /// Wall-clock seconds.
    pub wall_time_s: f64,
    /// Whether the result came from the compile cache.
    pub cached: bool,
}

/// How the sandbox ran the submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SandboxInfo {
    /// `cgroup-v2`, `cgroup-v1` or `rlimit-only`.
    pub enforcement: sandbox::Enforcement,
    /// Whether runs were isolated.
    pub isolated: bool,
    /// Protections that were off (empty when none).
    pub degraded: Vec<String>,
}

/// The result of judging one submission.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubmissionResult {
    /// The schema version ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// The problem's id.
    pub problem: String,
    /// The language's id.
    pub language: String,
    /// The source file.
    pub source: String,
    /// Compiling.
    pub compile: CompileResult,
    /// Every test run, in order (empty after a compile error).
    pub tests: Vec<TestResult>,
    /// The overall verdict: CE, or the first non-AC test's verdict, or AC.
    pub verdict: Verdict,
    /// The first test that was not accepted.
    pub first_failure: Option<String>,
    /// Tests accepted (`passed` in JSON).
    #[serde(rename = "passed")]
    pub tests_passed: usize,
    /// Tests in the problem (`total` in JSON).
    #[serde(rename = "total")]
    pub tests_total: usize,
    /// `tests_passed / tests_total` (0 after a compile error): the fraction of tests
    /// passed, not a contest's points (those come from judge.toml's points and subtasks).
    #[serde(alias = "score")]
    pub fraction_passed: f64,
    /// The largest CPU time over the tests.
    pub max_cpu_time_s: f64,
    /// The largest peak memory over the tests.
    pub max_peak_memory_bytes: u64,
    /// The sandbox's mode.
    pub sandbox: SandboxInfo,
}

impl SubmissionResult {
    /// The first test the judge could not judge (JE), whatever the overall verdict: a
    /// wrong answer before it decides the verdict, but the result is still incomplete.
    pub fn first_judge_error(&self) -> Option<&TestResult> {
        self.tests.iter().find(|t| t.verdict == Verdict::JE)
    }
}

/// What the tests of a submission add up to.
#[derive(Debug, Clone, PartialEq)]
pub struct Aggregate {
    /// CE, or the first non-AC test's verdict, or AC.
    pub verdict: Verdict,
    /// The first test that was not accepted.
    pub first_failure: Option<String>,
    /// Tests accepted.
    pub tests_passed: usize,
    /// `tests_passed / total` (0 after a compile error or without tests).
    pub fraction_passed: f64,
}

/// Aggregates test results into the overall verdict, the first failure and the fraction
/// of tests passed (`total`: the problem's tests, also those that did not run).
pub fn aggregate(compile_ok: bool, tests: &[TestResult], total: usize) -> Aggregate {
    if !compile_ok {
        return Aggregate {
            verdict: Verdict::CE,
            first_failure: None,
            tests_passed: 0,
            fraction_passed: 0.0,
        };
    }
    let first = tests.iter().find(|t| t.verdict != Verdict::AC);
    let tests_passed = tests.iter().filter(|t| t.verdict == Verdict::AC).count();
    Aggregate {
        verdict: first.map_or(Verdict::AC, |t| t.verdict),
        first_failure: first.map(|t| t.name.clone()),
        tests_passed,
        fraction_passed: if total == 0 {
            0.0
        } else {
            tests_passed as f64 / total as f64
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_verdict_is_listed_once_with_its_facts() {
        // A new verdict that is not in ALL fails here: the match has no wildcard.
        let index = |v: Verdict| match v {
            Verdict::AC => 0,
            Verdict::WA => 1,
            Verdict::PE => 2,
            Verdict::TLE => 3,
            Verdict::MLE => 4,
            Verdict::OLE => 5,
            Verdict::RE => 6,
            Verdict::CE => 7,
            Verdict::JE => 8,
        };
        for (i, v) in Verdict::ALL.into_iter().enumerate() {
            assert_eq!(index(v), i, "{v} out of place in Verdict::ALL");
            assert_eq!(Verdict::from_folder(v.folder()), Some(v));
            assert!(v.colour().starts_with('#') && !v.description().is_empty());
        }
        let css = Verdict::css_rules("v-", "background");
        assert_eq!(css.lines().count(), Verdict::ALL.len());
        assert!(css.contains(".v-TLE { background: #b54708; }"));
        assert_eq!(Verdict::AC.icpc_rule(), IcpcRule::Solves);
        assert_eq!(Verdict::JE.icpc_rule(), IcpcRule::Free);
        assert_eq!(Verdict::PE.icpc_rule(), IcpcRule::Rejection);
    }

    fn test(name: &str, verdict: Verdict) -> TestResult {
        TestResult {
            name: name.into(),
            sample: false,
            verdict,
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
        }
    }

    #[test]
    fn the_first_failure_decides() {
        let tests = [
            test("a", Verdict::AC),
            test("b", Verdict::TLE),
            test("c", Verdict::WA),
        ];
        let aggregated = aggregate(true, &tests, 3);
        assert_eq!(aggregated.verdict, Verdict::TLE);
        assert_eq!(aggregated.first_failure.as_deref(), Some("b"));
        assert_eq!(aggregated.tests_passed, 1);
        assert!((aggregated.fraction_passed - 1.0 / 3.0).abs() < 1e-12);
        assert_eq!(aggregate(true, &tests[..1], 1).verdict, Verdict::AC);
        let ce = aggregate(false, &[], 3);
        assert_eq!(
            (
                ce.verdict,
                ce.first_failure,
                ce.tests_passed,
                ce.fraction_passed
            ),
            (Verdict::CE, None, 0, 0.0)
        );
    }

    #[test]
    fn folders_round_trip() {
        for verdict in Verdict::ALL {
            assert_eq!(Verdict::from_folder(verdict.folder()), Some(verdict));
        }
        assert_eq!(Verdict::from_folder("accepted"), Some(Verdict::AC));
        assert_eq!(Verdict::from_folder("nope"), None);
    }

    #[test]
    fn verdicts_serialize_as_their_codes() {
        assert_eq!(serde_json::to_string(&Verdict::TLE).unwrap(), "\"TLE\"");
        assert_eq!(
            serde_json::to_string(&TimeLimitKind::Wall).unwrap(),
            "\"wall\""
        );
    }

    #[test]
    fn a_tests_stderr_is_optional_in_the_json() {
        let mut sample = test("sample/1", Verdict::WA);
        let json = serde_json::to_value(&sample).unwrap();
        assert!(
            json.get("stderr").is_none(),
            "no key without stderr: {json}"
        );
        let old: TestResult = serde_json::from_value(json).unwrap();
        assert_eq!(old, sample, "a result written before stderr existed loads");
        sample.stderr = Some("debug\n".into());
        let json = serde_json::to_value(&sample).unwrap();
        assert_eq!(json["stderr"], "debug\n");
        assert_eq!(serde_json::from_value::<TestResult>(json).unwrap(), sample);
    }
}
