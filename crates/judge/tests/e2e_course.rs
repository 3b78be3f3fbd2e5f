//! A course from the command line: `judge init` makes a folder that `judge import`,
//! `judge verify`, `judge users` and `judge serve` accept at once (from any folder below
//! it, the store found beside judge.toml); every contest of a two-contest course on the
//! command line (`--contest ID` of `judge contest`, `similarity`, `verify`, `submit`).

mod common;

use std::path::Path;
use std::process::Output;

fn succeeds(output: Output, what: &str) -> String {
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{what}: {shown}");
    shown
}

/// The error line of a failed command.
fn fails(output: Output, what: &str) -> String {
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{what}: {shown}");
    shown
        .lines()
        .rfind(|l| l.starts_with("error: "))
        .unwrap_or_else(|| panic!("{what}: no error line in {shown}"))
        .to_string()
}

/// Every file under `dir`, with its contents, for comparing before and after.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                files.push((path.display().to_string(), std::fs::read(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn init_makes_a_course_that_import_verify_users_and_serve_accept() {
    let scratch = tempfile::tempdir().unwrap();
    let course = scratch.path().join("algorithms-2027");
    let shown = succeeds(
        common::judge_in(scratch.path(), &["init", "algorithms-2027"]),
        "init",
    );
    assert!(shown.contains("judge import PACKAGE"), "{shown}");
    let config = std::fs::read_to_string(course.join("judge.toml")).unwrap();
    assert!(config.contains("title = \"algorithms-2027\""), "{config}");
    let table: toml::Table = config.parse().unwrap();
    assert!(
        !table.contains_key("languages"),
        "no copy of the table: {config}"
    );
    assert!(course.join("problems").is_dir());
    let readme = std::fs::read_to_string(course.join("README.md")).unwrap();
    for step in ["judge import PACKAGE", "judge users add", "judge serve"] {
        assert!(readme.contains(step), "{step} not in {readme}");
    }

    // A folder that holds a course is refused, and nothing in it changes.
    let before = snapshot(&course);
    let error = fails(
        common::judge_in(scratch.path(), &["init", "algorithms-2027"]),
        "init again",
    );
    assert!(
        error.contains("judge.toml is there already") && error.contains("nothing was written"),
        "{error}"
    );
    assert_eq!(snapshot(&course), before);

    let package = common::fixtures().join("packages/kattis-pass-fail");
    let shown = succeeds(
        common::judge_in(&course, &["import", package.to_str().unwrap()]),
        "import",
    );
    assert!(shown.contains("in contest \"main\""), "{shown}");
    let shown = succeeds(common::judge_in(&course, &["verify"]), "verify");
    assert!(
        shown.contains("summary: 1 problem, 1 passed, 0 failed"),
        "{shown}"
    );

    // From a folder below the course: its judge.toml, and the store beside it.
    let below = course.join("notes/week1");
    std::fs::create_dir_all(&below).unwrap();
    let shown = succeeds(
        common::judge_in(&below, &["users", "add", "ann"]),
        "users add",
    );
    assert!(shown.contains("added ann (student)"), "{shown}");
    let listed = succeeds(common::judge_in(&course, &["users", "list"]), "users list");
    assert!(listed.contains("ann"), "{listed}");
    assert!(!below.join("judge-data").exists());

    let server = common::Serve::start_in(&below, &["--workers", "0"]);
    let (status, page) = server.get("/login");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("algorithms-2027"), "{page}");
    assert_eq!(server.get("/healthz").0, 200);
    drop(server);
    assert!(!below.join("judge-data").exists());
}

#[test]
fn init_refuses_a_title_of_several_lines_and_writes_nothing() {
    let scratch = tempfile::tempdir().unwrap();
    let error = fails(
        common::judge_in(scratch.path(), &["init", "c", "--title", "a\nb"]),
        "init",
    );
    assert!(error.contains("a title is one line of text"), "{error}");
    assert!(!scratch.path().join("c").exists());
}

#[test]
fn a_command_other_than_serve_makes_no_second_store() {
    let fixture = common::fixture();
    let store = fixture.dir.path().join("judge-data/judge.sqlite3");
    for args in [
        &["users", "list"][..],
        &["users", "add", "ann"][..],
        &["db", "status"][..],
        &["db", "backup", "/nonexistent/x.sqlite3"][..],
    ] {
        let error = fails(common::judge(&fixture.config, args), &args.join(" "));
        assert_eq!(
            error,
            format!(
                "error: no store at {}: run judge serve first, or pass --data",
                store.display()
            ),
            "{args:?}"
        );
    }
    assert!(!fixture.dir.path().join("judge-data").exists());
    // A store named on purpose is made, as before.
    let data = fixture.dir.path().join("elsewhere");
    succeeds(
        common::judge(
            &fixture.config,
            &["users", "add", "ann", "--data", data.to_str().unwrap()],
        ),
        "users add --data",
    );
    assert!(data.join("judge.sqlite3").is_file());
}

/// A course of two contests: `main` ([contest]: sum) and `hw` (a homework set: sum-checker,
/// open now).
fn two_contests() -> common::Fixture {
    common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        let mut sum = toml::Table::new();
        sum.insert("id".into(), "sum".into());
        contest.insert("problems".into(), vec![toml::Value::from(sum)].into());
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64;
        let time = |s: i64| toml::Value::from(judge_model::text::rfc3339(s));
        let mut homework = toml::Table::new();
        homework.insert("id".into(), "hw".into());
        homework.insert("title".into(), "Homework one".into());
        homework.insert("kind".into(), "homework".into());
        homework.insert("start".into(), time(now - 3600));
        homework.insert("deadline".into(), time(now + 7 * 86400));
        let mut problem = toml::Table::new();
        problem.insert("id".into(), "sum-checker".into());
        problem.insert("points".into(), 50.into());
        homework.insert("problems".into(), vec![toml::Value::from(problem)].into());
        table.insert("contests".into(), vec![toml::Value::from(homework)].into());
    })
}

/// A class folder: `ann` and `ben` each solved `problem` with the fixture's C sum.
fn class_of(problem: &str) -> tempfile::TempDir {
    let class = tempfile::tempdir().unwrap();
    for student in ["ann", "ben"] {
        std::fs::create_dir(class.path().join(student)).unwrap();
        std::fs::copy(
            common::submission("c/ac.c"),
            class.path().join(student).join(format!("{problem}.c")),
        )
        .unwrap();
    }
    class
}

#[test]
fn judge_contest_judges_the_contest_it_is_given() {
    let course = two_contests();
    let class = class_of("sum-checker");
    let out = tempfile::tempdir().unwrap();
    let (class_dir, out_dir) = (class.path().to_str().unwrap(), out.path().to_str().unwrap());
    let shown = succeeds(
        common::judge(
            &course.config,
            &[
                "contest",
                class_dir,
                "--out",
                out_dir,
                "--contest",
                "hw",
                "--jobs",
                "1",
            ],
        ),
        "contest --contest hw",
    );
    assert!(shown.contains("Homework one"), "{shown}");
    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.path().join("results.json")).unwrap()).unwrap();
    let attempts = results["attempts"].as_array().unwrap();
    assert_eq!(attempts.len(), 2, "{results}");
    for attempt in attempts {
        assert_eq!(attempt["verdict"], "AC", "{attempt}");
        assert_eq!(attempt["points"], 50.0, "{attempt}");
    }
    // Without --contest: the first contest, which has no sum-checker.
    let first = tempfile::tempdir().unwrap();
    let shown = succeeds(
        common::judge(
            &course.config,
            &[
                "contest",
                class_dir,
                "--out",
                first.path().to_str().unwrap(),
            ],
        ),
        "contest",
    );
    assert!(shown.contains("unknown problem \"sum-checker\""), "{shown}");
    let error = fails(
        common::judge(
            &course.config,
            &["contest", class_dir, "--out", out_dir, "--contest", "hw9"],
        ),
        "contest --contest hw9",
    );
    assert_eq!(
        error,
        "error: unknown contest \"hw9\"; judge.toml's contests: main, hw"
    );

    // `judge grades` over the two results folders: main's attempts were refused (no such
    // problem there), hw's count 50 each; the same gradebook as the server's.
    let grades = succeeds(
        common::judge(
            &course.config,
            &[
                "grades",
                "--results",
                first.path().to_str().unwrap(),
                "--results",
                &format!("hw={out_dir}"),
            ],
        ),
        "grades --results",
    );
    assert_eq!(grades, "student,main,hw,total\nann,0,50,50\nben,0,50,50\n");
    let error = fails(
        common::judge(
            &course.config,
            &["grades", "--results", &format!("hw={class_dir}")],
        ),
        "grades --results of a folder without results",
    );
    assert!(error.contains("no results.jsonl"), "{error}");
    let error = fails(
        common::judge(
            &course.config,
            &[
                "grades",
                "--results",
                &format!("hw={out_dir}"),
                "--results",
                &format!("hw={out_dir}"),
            ],
        ),
        "grades --results twice",
    );
    assert!(error.contains("contest hw twice"), "{error}");
}

#[test]
fn similarity_and_verify_take_the_contest_they_are_given() {
    let course = two_contests();
    let class = class_of("sum-checker");
    let out = tempfile::tempdir().unwrap();
    let (class_dir, out_dir) = (class.path().to_str().unwrap(), out.path().to_str().unwrap());
    let shown = succeeds(
        common::judge(
            &course.config,
            &["similarity", class_dir, "--out", out_dir, "--contest", "hw"],
        ),
        "similarity --contest hw",
    );
    assert!(
        shown.contains("sum-checker: 2 students, 2 files; pairs at or above 50 %: 1"),
        "{shown}"
    );
    let error = fails(
        common::judge(
            &course.config,
            &[
                "similarity",
                class_dir,
                "--out",
                out_dir,
                "--contest",
                "nope",
            ],
        ),
        "similarity --contest nope",
    );
    assert_eq!(
        error,
        "error: unknown contest \"nope\"; judge.toml's contests: main, hw"
    );
    // The homework's one problem, and not the first contest's (the fixture problem keeps
    // no submissions, which verify reports as a failure: the choice is what is tested).
    let output = common::judge(&course.config, &["verify", "--contest", "hw"]);
    let shown = common::text(&output);
    assert!(
        shown.starts_with("sum-checker\n")
            && shown.contains("summary: 1 problem, 0 passed, 1 failed: sum-checker"),
        "{shown}"
    );
    let error = fails(
        common::judge(&course.config, &["verify", "--contest", "nope"]),
        "verify --contest nope",
    );
    assert!(error.contains("judge.toml's contests: main, hw"), "{error}");
}

#[test]
fn judge_submit_submits_in_the_contest_it_is_given() {
    let course = two_contests();
    let dir = course.dir.path();
    // The store: made by `judge serve`, then the account and its token.
    let server = common::Serve::start_in(dir, &["--workers", "1"]);
    succeeds(common::judge_in(dir, &["users", "add", "ann"]), "users add");
    let token = common::judge_in(dir, &["users", "token", "ann"]);
    let token = String::from_utf8(token.stdout).unwrap().trim().to_string();
    assert!(!token.is_empty());
    let source = common::submission("c/ac.c");
    let url = format!("http://{}", server.address);
    let submit = |contest: &str, problem: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .env("JUDGE_TOKEN", &token)
            .args(["submit", "--server", &url, "--problem", problem])
            .args(["--contest", contest, "--wait", "--timeout", "120", &source])
            .output()
            .unwrap()
    };
    let shown = succeeds(submit("hw", "sum-checker"), "submit --contest hw");
    assert!(shown.contains("AC"), "{shown}");
    // The first contest does not have it; an unknown contest is named.
    let refused = fails(submit("main", "sum-checker"), "submit --contest main");
    assert!(
        refused.contains("There is no problem \"sum-checker\" in this contest"),
        "{refused}"
    );
    let refused = fails(submit("hw9", "sum-checker"), "submit --contest hw9");
    assert!(refused.contains("There is no contest \"hw9\""), "{refused}");
}
