//! What a student may see of a result: everything about sample tests, and of secret tests
//! only the verdict, the times, the memory and how the program ended. The judge's
//! message on a secret test may quote the expected answer (a checker's "expected 17") or
//! the program's stderr (which may echo the secret input), and its diff shows both, so
//! they are replaced by words made from the structured fields.

use judge_core::verdict::TimeLimitKind;
use judge_core::{SubmissionResult, TestResult, Verdict};

/// What a student is told when the judge failed on their submission (the reason, which
/// names files on the server, is for the teacher).
pub const JUDGE_FAILED: &str =
    "The judge failed on this submission (not your fault); the teacher can rejudge it.";

/// A message for a secret test built only from what cannot carry test data.
pub fn secret_message(test: &TestResult) -> String {
    match test.verdict {
        Verdict::AC => String::new(),
        Verdict::WA => "wrong answer".into(),
        Verdict::PE => "presentation error".into(),
        Verdict::TLE => match test.time_limit {
            Some(TimeLimitKind::Wall) => "wall-clock time limit exceeded".into(),
            _ => "CPU time limit exceeded".into(),
        },
        Verdict::MLE => "memory limit exceeded".into(),
        Verdict::OLE => "output limit exceeded".into(),
        Verdict::RE => match (&test.signal, test.exit_code) {
            (Some(signal), _) => format!("killed by {signal}"),
            (None, Some(code)) => format!("exit code {code}"),
            (None, None) => "run-time error".into(),
        },
        Verdict::CE => "compile error".into(),
        Verdict::JE => "judge error".into(),
    }
}

/// The result as a student may see it.
pub fn for_student(result: &SubmissionResult) -> SubmissionResult {
    let mut shown = result.clone();
    for test in shown.tests.iter_mut().filter(|t| !t.sample) {
        test.message = secret_message(test);
        test.diff = None;
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

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
            signal: None,
            message: "expected SECRET-ANSWER, got 0".into(),
            diff: Some("-SECRET-ANSWER\n+0".into()),
            score: None,
        }
    }

    #[test]
    fn secret_tests_lose_messages_and_diffs_and_samples_keep_them() {
        let result = SubmissionResult {
            schema_version: 2,
            problem: "p".into(),
            language: "c".into(),
            source: "s".into(),
            compile: judge_core::verdict::CompileResult {
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
            sandbox: judge_core::verdict::SandboxInfo {
                enforcement: sandbox::Enforcement::RlimitOnly,
                isolated: false,
                degraded: vec![],
            },
        };
        let shown = for_student(&result);
        assert!(
            shown.tests[0].message.contains("SECRET-ANSWER"),
            "samples keep theirs"
        );
        assert!(shown.tests[0].diff.is_some());
        let text = serde_json::to_string(&shown.tests[1..]).unwrap();
        assert!(!text.contains("SECRET-ANSWER"), "{text}");
        assert_eq!(shown.tests[1].message, "wrong answer");
        assert_eq!(shown.tests[2].message, "exit code 3");
    }
}
