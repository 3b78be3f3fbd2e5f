//! End to end: `judge export ID --kattis DIR` on a native problem with a checker-kit
//! checker and validator and three groups (maze), then `judge verify` on the package it
//! wrote: every kept submission gets the same verdict and points as on the native problem
//! (the round trip). What cannot be exported is refused, with nothing written.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

/// `judge verify --json PROBLEM`: each submission's `verdict-folder/file` -> (verdict,
/// points), and whether verify passed.
fn verdicts(config: &Path, problem: &str) -> (BTreeMap<String, (String, f64)>, bool, String) {
    let output = common::judge(config, &["verify", "--json", problem]);
    let shown = common::text(&output);
    let reports: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("verify --json {problem}: {e}: {shown}"));
    let report = &reports[0];
    let passed = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .all(|row| row["status"] != "fail");
    let mut found = BTreeMap::new();
    for submission in report["submissions"].as_array().unwrap() {
        let file = submission["file"].as_str().unwrap();
        let parts: Vec<&str> = file.rsplitn(3, '/').collect();
        let key = format!("{}/{}", parts[1], parts[0]);
        found.insert(
            key,
            (
                submission["got"].as_str().unwrap().to_string(),
                submission["points"].as_f64().unwrap_or(-1.0),
            ),
        );
    }
    (found, passed, shown)
}

#[test]
fn an_exported_problem_gets_the_same_verdicts_as_the_native_one() {
    let config = common::repository().join("judge.toml");
    let out = tempfile::tempdir().unwrap();
    let package = out.path().join("maze");
    let output = common::judge(
        &config,
        &["export", "maze", "--kattis", package.to_str().unwrap()],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("3 groups") && shown.contains("brute force"),
        "{shown}"
    );
    // What the package holds, as 2025-09 names it.
    let problem_yaml = std::fs::read_to_string(package.join("problem.yaml")).unwrap();
    for wanted in [
        "problem_format_version: 2025-09",
        "type: scoring",
        "time_limit: 1.0",
        "memory: 256",
        "zh: 移动迷宫",
    ] {
        assert!(
            problem_yaml.contains(wanted),
            "{wanted:?} not in {problem_yaml}"
        );
    }
    let group = std::fs::read_to_string(package.join("data/secret/01-small-mazes/test_group.yaml"))
        .unwrap();
    assert!(
        group.contains("max_score: 30") && group.contains("score_aggregation: min"),
        "{group}"
    );
    // The group holding the sample holds a copy of it.
    assert!(package
        .join("data/secret/01-small-mazes/sample-1.in")
        .is_file());
    assert!(package.join("statement/problem.en.md").is_file());
    // The checker is one source file that rustc builds alone, and speaks Kattis.
    let bin = out.path().join("output_validator");
    let build = std::process::Command::new("rustc")
        .args(["--edition=2018", "-O", "-o"])
        .arg(&bin)
        .arg(package.join("output_validator/output_validator.rs"))
        .output()
        .unwrap();
    assert!(build.status.success(), "{}", common::text(&build));
    let feedback = out.path().join("feedback");
    std::fs::create_dir_all(&feedback).unwrap();
    let test = package.join("data/sample/1");
    for (output_file, code) in [
        (test.with_extension("ans"), 42),
        (package.join("problem.yaml"), 43),
    ] {
        let run = std::process::Command::new(&bin)
            .arg(test.with_extension("in"))
            .arg(test.with_extension("ans"))
            .arg(&feedback)
            .stdin(std::fs::File::open(&output_file).unwrap())
            .output()
            .unwrap();
        assert_eq!(run.status.code(), Some(code), "{}", common::text(&run));
    }
    let message = std::fs::read_to_string(feedback.join("judgemessage.txt")).unwrap();
    assert!(message.starts_with("wrong answer"), "{message}");
    // The visualizer too: one source that rustc builds alone, drawing the sample's answer.
    let visualizer = out.path().join("output_visualizer");
    let build = std::process::Command::new("rustc")
        .args(["--edition=2021", "-O", "-o"])
        .arg(&visualizer)
        .arg(package.join("output_visualizer/output_visualizer.rs"))
        .output()
        .unwrap();
    assert!(build.status.success(), "{}", common::text(&build));
    let run = std::process::Command::new(&visualizer)
        .arg(test.with_extension("in"))
        .arg(test.with_extension("ans"))
        .arg(&feedback)
        .stdin(std::fs::File::open(test.with_extension("ans")).unwrap())
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(0), "{}", common::text(&run));
    let picture = std::fs::read_to_string(feedback.join("picture.svg")).unwrap();
    assert!(
        picture.contains("the route reaches E in 4 steps"),
        "{picture}"
    );

    // The round trip.
    let (native, native_passed, native_shown) = verdicts(&config, "maze");
    assert!(native_passed, "{native_shown}");
    let (exported, exported_passed, exported_shown) = verdicts(&config, package.to_str().unwrap());
    assert!(exported_passed, "{exported_shown}");
    // A Kattis answer is no output, so verify only builds the visualizer (it drew above).
    assert!(
        exported_shown.contains("visualizer output_visualizer/ ready"),
        "the exported visualizer is built: {exported_shown}"
    );
    let mut expected = native.clone();
    expected.retain(|key, _| !key.starts_with("brute_force/"));
    expected.insert("accepted/maze-reference".into(), ("AC".into(), 100.0));
    assert_eq!(exported, expected, "native {native:?}");
    assert!(exported
        .values()
        .any(|(verdict, points)| verdict == "WA" && *points == 30.0));
}

#[test]
fn what_cannot_be_exported_is_refused_and_nothing_is_written() {
    let config = common::repository().join("judge.toml");
    let out = tempfile::tempdir().unwrap();
    let package = out.path().join("blind-maze");
    let output = common::judge(
        &config,
        &[
            "export",
            "blind-maze",
            "--kattis",
            package.to_str().unwrap(),
        ],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("blind-maze: cannot be exported as a Kattis package: it is interactive"),
        "{shown}"
    );
    assert!(!package.exists());
    // A folder that already holds something is not written into.
    std::fs::create_dir_all(&package).unwrap();
    std::fs::write(package.join("keep.txt"), "mine").unwrap();
    let output = common::judge(
        &config,
        &["export", "maze", "--kattis", package.to_str().unwrap()],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(shown.contains("is not empty"), "{shown}");
    assert_eq!(std::fs::read_dir(&package).unwrap().count(), 1);
}

/// BAPCtools' `bt`: `JUDGE_BAPCTOOLS`, else the venv scripts/setup-bapctools makes.
fn bapctools() -> Option<std::path::PathBuf> {
    let given = std::env::var_os("JUDGE_BAPCTOOLS").map(std::path::PathBuf::from);
    let venv = common::repository().join("target/bapctools-venv/bin/bt");
    given.or(Some(venv)).filter(|bt| bt.is_file())
}

#[test]
fn bapctools_accepts_a_pass_fail_export() {
    let Some(bt) = bapctools() else {
        assert!(
            std::env::var("JUDGE_REQUIRE_BAPCTOOLS").as_deref() != Ok("1"),
            "JUDGE_REQUIRE_BAPCTOOLS=1 but BAPCtools is not installed (scripts/setup-bapctools)"
        );
        eprintln!("skipped: BAPCtools is not installed (scripts/setup-bapctools)");
        return;
    };
    let output =
        std::process::Command::new(common::repository().join("scripts/check-export-bapctools"))
            .arg("maze")
            .arg(&bt)
            .env("JUDGE", env!("CARGO_BIN_EXE_judge"))
            .output()
            .unwrap();
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        "bt run  accepted/maze-reference: AC",
        "bt run  wrong_answer/dfs_route.c: WA",
        "bt run  time_limit_exceeded/enumerate_routes.c: TLE",
        "pass: 12 submissions as filed; every input and answer validated",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
}
