//! End to end: the real `judge` binary judges fixture submissions in each of the five
//! languages and sees each verdict.

mod common;

use serde_json::Value;

/// What a case must show besides its verdict.
#[derive(Clone, Copy)]
enum Also {
    Nothing,
    Tle(&'static str),
    Signal(&'static str),
    ExitCode(i64),
    Message(&'static str),
}

fn check(language: &str, cases: &[(&str, &str, Also)]) {
    if let Some(reason) = skip_reason() {
        eprintln!("skipped: {reason}");
        return;
    }
    let fixture = common::fixture();
    let mut failures = Vec::new();
    for &(file, verdict, also) in cases {
        // Sleepers go to the copy of the problem with a short wall-clock limit.
        let problem = match also {
            Also::Tle("wall") => "sum-wall",
            _ => "sum",
        };
        let result = common::run_json(&fixture, problem, &format!("{language}/{file}"));
        let first = result["tests"]
            .as_array()
            .and_then(|tests| tests.iter().find(|t| t["verdict"] != "AC"))
            .cloned()
            .unwrap_or(Value::Null);
        let fine = result["verdict"] == verdict
            && match also {
                Also::Nothing => true,
                Also::Tle(kind) => first["time_limit"] == kind,
                Also::Signal(name) => first["signal"] == name,
                Also::ExitCode(code) => first["exit_code"] == code,
                Also::Message(text) => {
                    first["message"].as_str().unwrap_or_default().contains(text)
                        || result["compile"]["message"]
                            .as_str()
                            .unwrap_or_default()
                            .contains(text)
                }
            };
        if !fine {
            failures.push(format!(
                "{language}/{file}: expected {verdict}, got {} (first failing test: {first})",
                result["verdict"]
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

fn skip_reason() -> Option<&'static str> {
    // The sandbox runs unprivileged too (degraded), so nothing is skipped for lack of root;
    // only the toolchains must exist.
    None
}

#[test]
fn c_submissions_get_every_verdict() {
    check(
        "c",
        &[
            ("ac.c", "AC", Also::Nothing),
            ("wa.c", "WA", Also::Message("expected")),
            ("tle.c", "TLE", Also::Tle("cpu")),
            ("sleep.c", "TLE", Also::Tle("wall")),
            ("mle.c", "MLE", Also::Nothing),
            ("ole.c", "OLE", Also::Nothing),
            ("segv.c", "RE", Also::Signal("SIGSEGV")),
            ("exit.c", "RE", Also::ExitCode(3)),
            ("ce.c", "CE", Also::Message("error")),
        ],
    );
}

#[test]
fn cpp_submissions_get_every_verdict() {
    check(
        "cpp",
        &[
            ("ac.cpp", "AC", Also::Nothing),
            ("wa.cpp", "WA", Also::Nothing),
            ("tle.cpp", "TLE", Also::Tle("cpu")),
            ("sleep.cpp", "TLE", Also::Tle("wall")),
            ("mle.cpp", "MLE", Also::Nothing),
            ("ole.cpp", "OLE", Also::Nothing),
            ("throw.cpp", "RE", Also::Signal("SIGABRT")),
            ("ce.cpp", "CE", Also::Message("undeclared_name")),
        ],
    );
}

#[test]
fn rust_submissions_get_every_verdict() {
    check(
        "rust",
        &[
            ("ac.rs", "AC", Also::Nothing),
            ("wa.rs", "WA", Also::Nothing),
            ("tle.rs", "TLE", Also::Tle("cpu")),
            ("sleep.rs", "TLE", Also::Tle("wall")),
            ("mle.rs", "MLE", Also::Nothing),
            ("ole.rs", "OLE", Also::Nothing),
            ("panic.rs", "RE", Also::ExitCode(101)),
            ("ce.rs", "CE", Also::Message("mismatched types")),
        ],
    );
}

#[test]
fn python_submissions_get_every_verdict() {
    check(
        "python3",
        &[
            ("ac.py", "AC", Also::Nothing),
            ("wa.py", "WA", Also::Nothing),
            ("tle.py", "TLE", Also::Tle("cpu")),
            ("sleep.py", "TLE", Also::Tle("wall")),
            ("mle.py", "MLE", Also::Nothing),
            ("ole.py", "OLE", Also::Nothing),
            ("exception.py", "RE", Also::Message("ZeroDivisionError")),
            ("ce.py", "CE", Also::Message("SyntaxError")),
        ],
    );
}

#[test]
fn java_submissions_get_every_verdict() {
    check(
        "java",
        &[
            ("ac.java", "AC", Also::Nothing),
            ("wa.java", "WA", Also::Nothing),
            ("tle.java", "TLE", Also::Tle("cpu")),
            ("sleep.java", "TLE", Also::Tle("wall")),
            ("mle.java", "MLE", Also::Nothing),
            ("ole.java", "OLE", Also::Nothing),
            (
                "exception.java",
                "RE",
                Also::Message("ArrayIndexOutOfBoundsException"),
            ),
            ("ce.java", "CE", Also::Message("incompatible types")),
        ],
    );
}

#[test]
fn checkers_decide_with_either_protocol_and_a_crash_is_a_judge_error() {
    let fixture = common::fixture();
    let verdict = |problem: &str, file: &str| {
        let result = common::run_json(&fixture, problem, file);
        let message = result["tests"][0]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        (
            result["verdict"].as_str().unwrap_or_default().to_string(),
            message,
        )
    };
    assert_eq!(verdict("sum-checker", "c/ac.c").0, "AC");
    let (wa, message) = verdict("sum-checker", "c/wa.c");
    assert_eq!(wa, "WA");
    assert!(message.contains("expected ['6'], found ['7']"), "{message}");
    let (pe, message) = verdict("sum-checker", "c/leading_space.c");
    assert_eq!(pe, "PE");
    assert!(message.contains("leading spaces"), "{message}");
    assert_eq!(
        verdict("sum", "c/leading_space.c").0,
        "AC",
        "tokens mode ignores spacing"
    );
    assert_eq!(verdict("sum-kattis", "c/ac.c").0, "AC");
    let (wa, message) = verdict("sum-kattis", "c/wa.c");
    assert_eq!(wa, "WA");
    assert!(message.contains("kattis says"), "{message}");
    let (je, message) = verdict("sum-broken-checker", "c/ac.c");
    assert_eq!(je, "JE");
    assert!(message.contains("checker crashed (SIGABRT)"), "{message}");
}
