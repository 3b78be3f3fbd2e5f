//! End to end: an FPS (FreeProblemSet) file imported by the real binary into a contest of
//! its own, then verified: the fixture bank (crates/judge/tests/fixtures/fps/bank.xml)
//! holds a problem with solutions in C, C++, Python, Java and Pascal (each judged by
//! verify in its language), one with a HUSTOJ special judge and
//! an image, limits in ms and kb, one with prepended and appended code, and one without
//! tests (kept as a statement only). A file with one bad item imports nothing.

mod common;

use std::path::{Path, PathBuf};

fn bank() -> PathBuf {
    common::fixtures().join("fps/bank.xml")
}

/// A contest of its own in a scratch folder (no problems yet), for `judge import`.
fn empty_contest() -> (tempfile::TempDir, common::Fixture) {
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().to_path_buf();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert(
            "problems_dir".into(),
            root.join("problems").display().to_string().into(),
        );
        contest.insert(
            "testdata_dir".into(),
            root.join("testdata").display().to_string().into(),
        );
        contest.insert("problems".into(), toml::Value::Array(vec![]));
    });
    (scratch, fixture)
}

fn listed(config: &Path) -> Vec<String> {
    let table: toml::Table = std::fs::read_to_string(config).unwrap().parse().unwrap();
    table["contest"]
        .get("problems")
        .and_then(|p| p.as_array())
        .map(|problems| {
            problems
                .iter()
                .map(|p| p["id"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn an_fps_bank_imports_and_verifies() {
    let (scratch, fixture) = empty_contest();
    let output = common::judge(&fixture.config, &["import", bank().to_str().unwrap()]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("imported \"Any Divisor\" as \"any-divisor\" (4 tests)"),
        "{shown}"
    );
    assert!(
        shown.contains("kept \"bank-4\" as a statement only"),
        "{shown}"
    );
    assert_eq!(
        listed(&fixture.config),
        ["a-plus-b", "any-divisor", "sum-function"]
    );
    assert!(scratch
        .path()
        .join("problems/any-divisor/images/divisors.png")
        .is_file());

    let output = common::judge(
        &fixture.config,
        &["verify", "a-plus-b", "any-divisor", "sum-function"],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(shown.contains("3 passed"), "{shown}");
    // The special judge is built and accepts every answer; the solutions are judged in
    // all five languages, Pascal (Free Pascal, scripts/setup-languages) among them.
    assert!(shown.contains("checker spj.c ready"), "{shown}");
    assert!(
        shown.contains("the checker accepts all 4 answers as outputs"),
        "{shown}"
    );
    // C, C++, Python (on CPython and PyPy), Java and Pascal: six runs, each AC.
    assert!(
        shown.contains("6 submissions, each got the verdict it is filed under"),
        "{shown}"
    );
    assert!(
        !shown.contains("no language of judge.toml's table"),
        "{shown}"
    );

    // The special judge rejects a wrong divisor, in the sandbox like any checker.
    let wrong = scratch.path().join("one.py");
    std::fs::write(&wrong, "input()\nprint(1)\n").unwrap();
    let output = common::judge(
        &fixture.config,
        &[
            "run",
            "--json",
            "--problem",
            "any-divisor",
            wrong.to_str().unwrap(),
        ],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|_| panic!("{}", common::text(&output)));
    assert_eq!(result["verdict"], "WA", "{}", common::text(&output));

    // The statement without tests takes no submissions.
    let output = common::judge(
        &fixture.config,
        &[
            "verify",
            scratch.path().join("problems/bank-4").to_str().unwrap(),
        ],
    );
    assert_ne!(output.status.code(), Some(0));
    assert!(
        common::text(&output).contains("is a statement only"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn an_fps_file_with_one_bad_item_imports_nothing() {
    let (scratch, fixture) = empty_contest();
    let before = std::fs::read_to_string(&fixture.config).unwrap();
    let spoilt = scratch.path().join("spoilt.xml");
    let text_of_bank = std::fs::read_to_string(bank()).unwrap();
    std::fs::write(
        &spoilt,
        text_of_bank.replacen(
            "<memory_limit unit=\"kb\">",
            "<memory_limit unit=\"bushels\">",
            1,
        ),
    )
    .unwrap();
    let output = common::judge(&fixture.config, &["import", spoilt.to_str().unwrap()]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("item 2 \"Any Divisor\": <memory_limit unit=\"bushels\">: an unknown unit"),
        "{shown}"
    );
    assert_eq!(std::fs::read_to_string(&fixture.config).unwrap(), before);
    assert!(
        !scratch.path().join("problems").exists() || {
            std::fs::read_dir(scratch.path().join("problems"))
                .unwrap()
                .next()
                .is_none()
        }
    );
}
