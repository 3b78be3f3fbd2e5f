//! End to end: interactive problems through the real `judge` binary, with fixture problems
//! in both protocols (a testlib interactor followed by a checker of its TOUT, as Polygon
//! does; a Kattis interactor with its feedback folder), every verdict rule of the Kattis
//! rules and the hostile programs (a flood through the pipe, one that never reads, one
//! that closes its input, one that leaves a child holding the pipes), then `judge
//! contest` on a class with interactive attempts.

mod common;

use serde_json::Value;
use std::time::Instant;

/// `judge run --json` of an interactive fixture submission on `problem`.
fn run(problem: &str, submission: &str) -> (Value, f64) {
    let fixture = common::fixture();
    let source = common::fixtures().join("interactive").join(submission);
    let started = Instant::now();
    let output = common::judge(
        &fixture.config,
        &[
            "run",
            "--problem",
            problem,
            "--json",
            &source.display().to_string(),
        ],
    );
    assert!(
        output.status.success(),
        "{submission}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        serde_json::from_slice(&output.stdout).unwrap(),
        started.elapsed().as_secs_f64(),
    )
}

/// The first test that was not accepted.
fn first_failure(result: &Value) -> Value {
    result["tests"]
        .as_array()
        .and_then(|tests| tests.iter().find(|t| t["verdict"] != "AC"))
        .cloned()
        .unwrap_or(Value::Null)
}

fn verdict(result: &Value) -> &str {
    result["verdict"].as_str().unwrap_or_default()
}

#[test]
fn a_testlib_interactor_then_its_checker_decide() {
    let (result, _) = run("guess-testlib", "binary.c");
    assert_eq!(verdict(&result), "AC", "{result}");
    assert!(result["tests"][0]["message"]
        .as_str()
        .unwrap()
        .contains("guesses"));
    // Found by the interactor within its 20 guesses, but over the checker's 10.
    let (result, _) = run("guess-testlib", "linear.c");
    assert_eq!(verdict(&result), "WA", "{result}");
    let failed = first_failure(&result);
    assert!(
        failed["message"]
            .as_str()
            .unwrap()
            .contains("more than the 10 allowed"),
        "{failed}"
    );
    // A malformed guess is a presentation error in testlib's protocol.
    let (result, _) = run("guess-testlib", "garbage.c");
    assert_eq!(verdict(&result), "PE", "{result}");
}

#[test]
fn a_kattis_interactor_says_why_in_its_feedback_folder() {
    let (result, _) = run("guess-kattis", "binary.c");
    assert_eq!(verdict(&result), "AC", "{result}");
    let (result, _) = run("guess-kattis", "linear.c");
    assert_eq!(verdict(&result), "WA", "{result}");
    assert_eq!(
        first_failure(&result)["message"],
        "not found in 20 guesses",
        "{result}"
    );
    let (result, _) = run("guess-kattis", "garbage.c");
    assert_eq!(verdict(&result), "WA", "{result}");
}

#[test]
fn the_kattis_rules_decide_the_verdict() {
    // A rejection stands although the program then spins: it is stopped, not run to its
    // CPU limit.
    let (result, seconds) = run("guess-kattis", "wrong_then_spin.c");
    assert_eq!(verdict(&result), "WA", "{result}");
    assert!(seconds < 10.0, "the spinner ran on: {seconds} s");
    // A crash on the end of the input that a rejection caused: the rejection came first
    // (however quickly the crash follows; checked on each of the tests it fails).
    let (result, _) = run("guess-kattis", "linear_crashes_at_eof.c");
    assert_eq!(verdict(&result), "WA", "{result}");
    let failed: Vec<&Value> = result["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["verdict"] != "AC")
        .collect();
    assert!(
        failed.len() > 1 && failed.iter().all(|t| t["verdict"] == "WA"),
        "{result}"
    );
    assert_eq!(
        first_failure(&result)["message"],
        "not found in 20 guesses",
        "{result}"
    );
    // Crashing after the interactor accepted is a run-time error.
    let (result, _) = run("guess-testlib", "crash_after.c");
    assert_eq!(verdict(&result), "RE", "{result}");
    assert!(
        first_failure(&result)["message"]
            .as_str()
            .unwrap()
            .contains("SIGABRT"),
        "{result}"
    );
    // Never flushing deadlocks both: a TLE by the wall clock, not a hang and not the
    // interactor's "ended" WA.
    let (result, _) = run("guess-testlib", "no_flush.c");
    assert_eq!(verdict(&result), "TLE", "{result}");
    assert_eq!(first_failure(&result)["time_limit"], "wall", "{result}");
    // An interactor that exits without a verdict is the judge's fault.
    let (result, _) = run("guess-broken", "binary.c");
    assert_eq!(verdict(&result), "JE", "{result}");
    assert!(
        first_failure(&result)["message"]
            .as_str()
            .unwrap()
            .contains("interactor exited with unexpected code 5"),
        "{result}"
    );
}

#[test]
fn hostile_programs_get_their_verdicts() {
    // A flood through the pipe, which the interactor keeps reading: held back by the
    // interactor's pace, it runs into a time limit (no output limit: the pipe keeps
    // nothing).
    let (result, _) = run("guess-kattis", "flood.c");
    assert_eq!(verdict(&result), "TLE", "{result}");
    // Guessing once and never reading: the wall clock.
    let (result, _) = run("guess-kattis", "never_reads.c");
    assert_eq!(verdict(&result), "TLE", "{result}");
    // Closing its input at once: the interactor's reply goes nowhere, the secret is
    // never found.
    let (result, _) = run("guess-testlib", "closes_stdin.c");
    assert_eq!(verdict(&result), "WA", "{result}");
    // A child left holding the pipes dies with the box: accepted, and promptly.
    let (result, seconds) = run("guess-testlib", "forks.c");
    assert_eq!(verdict(&result), "AC", "{result}");
    let slowest = result["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["wall_time_s"].as_f64().unwrap())
        .fold(0.0, f64::max);
    assert!(
        slowest < 1.5,
        "a test waited for the child: {slowest} s ({seconds} s in all)"
    );
}

#[test]
fn judge_contest_judges_interactive_attempts() {
    let fixture = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        let problems: toml::Value = toml::from_str::<toml::Table>(
            r#"problems = [ { id = "guess-testlib", points = 100 }, { id = "guess-kattis", points = 100 } ]"#,
        )
        .unwrap()["problems"]
            .clone();
        contest.insert("problems".into(), problems);
    });
    let class = tempfile::tempdir().unwrap();
    let interactive = common::fixtures().join("interactive");
    for (student, problem, file) in [
        ("ann", "guess-testlib", "binary.c"),
        ("ann", "guess-kattis", "binary.c"),
        ("bob", "guess-testlib", "linear.c"),
        ("bob", "guess-kattis", "no_flush.c"),
    ] {
        let folder = class.path().join(student);
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::copy(interactive.join(file), folder.join(format!("{problem}.c"))).unwrap();
    }
    let out = fixture.dir.path().join("out");
    let output = common::judge(
        &fixture.config,
        &[
            "contest",
            &class.path().display().to_string(),
            "--out",
            &out.display().to_string(),
            "--jobs",
            "2",
        ],
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let results: Value =
        serde_json::from_slice(&std::fs::read(out.join("results.json")).unwrap()).unwrap();
    let verdict_of = |id: &str| {
        results["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id)
            .map(|a| a["verdict"].clone())
            .unwrap_or(Value::Null)
    };
    assert_eq!(verdict_of("ann/guess-testlib.c"), "AC");
    assert_eq!(verdict_of("ann/guess-kattis.c"), "AC");
    assert_eq!(verdict_of("bob/guess-testlib.c"), "WA");
    assert_eq!(verdict_of("bob/guess-kattis.c"), "TLE");
}
