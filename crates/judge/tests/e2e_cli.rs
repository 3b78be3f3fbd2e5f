//! End to end: the command line's output, exit statuses and errors.

mod common;

use std::path::Path;

fn stderr(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The one-line error of a run that could not judge (exit status 1).
fn error_of(config: &Path, args: &[&str]) -> String {
    let output = common::judge(config, args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "stdout: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    let text = stderr(&output);
    assert_eq!(text.trim_end().lines().count(), 1, "one line: {text}");
    assert!(text.starts_with("error: "), "{text}");
    text
}

#[test]
fn the_table_shows_every_test_and_the_summary() {
    let fixture = common::fixture();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "sum", &common::submission("cpp/wa.cpp")],
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("sample/1") && text.contains("secret/1"),
        "{text}"
    );
    assert!(
        text.contains("verdict: WA wrong answer (first failure: secret/1)"),
        "{text}"
    );
    // The fraction of tests passed, and the points the contest gives (100 x 1/2).
    assert!(
        text.contains("passed:  1/2 tests (50.0 %)   points: 50 of 100"),
        "{text}"
    );
    assert!(text.contains("diff of secret/1"), "{text}");
}

#[test]
fn fail_on_reject_gives_status_3_only_when_rejected() {
    let fixture = common::fixture();
    let run = |file: &str| {
        common::judge(
            &fixture.config,
            &[
                "run",
                "-p",
                "sum",
                "--fail-on-reject",
                "--json",
                &common::submission(file),
            ],
        )
        .status
        .code()
    };
    assert_eq!(run("c/wa.c"), Some(3));
    assert_eq!(run("c/ac.c"), Some(0));
    assert_eq!(run("c/ce.c"), Some(3));
}

#[test]
fn first_failure_stops_at_the_first_rejected_test_and_says_what_was_not_run() {
    let fixture = common::fixture();
    let run = |file: &str, extra: &[&str]| {
        let source = common::submission(file);
        let mut args = vec!["run", "-p", "sum"];
        args.extend_from_slice(extra);
        args.push(&source);
        let output = common::judge(&fixture.config, &args);
        assert!(output.status.success(), "{}", stderr(&output));
        String::from_utf8(output.stdout).unwrap()
    };
    let tests = |json: &str| -> Vec<String> {
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        value["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["verdict"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(tests(&run("c/wa.c", &["--json"])), ["WA", "WA"]);
    assert_eq!(
        tests(&run("c/wa.c", &["--json", "--first-failure"])),
        ["WA"]
    );
    // An accepted submission runs every test either way.
    assert_eq!(
        tests(&run("c/ac.c", &["--json", "--first-failure"])),
        ["AC", "AC"]
    );
    let table = run("c/wa.c", &["--first-failure"]);
    assert!(
        table.contains("not run: 1 test (judging stopped once the verdict was known)"),
        "{table}"
    );
    assert!(!run("c/wa.c", &[]).contains("not run:"));
}

#[test]
fn the_json_result_has_the_documented_fields() {
    let fixture = common::fixture();
    let result = common::run_json(&fixture, "sum", "python3/ac.py");
    assert_eq!(result["schema_version"], 2);
    assert_eq!(result["problem"], "sum");
    assert_eq!(result["language"], "python3");
    assert_eq!(result["verdict"], "AC");
    assert_eq!(result["passed"], 2);
    assert_eq!(result["total"], 2);
    assert_eq!(result["fraction_passed"], 1.0);
    assert_eq!(result["compile"]["success"], true);
    let test = &result["tests"][0];
    for field in [
        "name",
        "sample",
        "verdict",
        "cpu_time_s",
        "wall_time_s",
        "peak_memory_bytes",
        "message",
    ] {
        assert!(
            !test[field].is_null(),
            "tests[0].{field} is missing: {test}"
        );
    }
    assert!(result["sandbox"]["enforcement"].is_string());
}

#[test]
fn the_language_comes_from_lang_when_the_extension_says_nothing() {
    let fixture = common::fixture();
    let copy = fixture.dir.path().join("solution.txt");
    std::fs::copy(common::fixtures().join("submissions/c/ac.c"), &copy).unwrap();
    let copy = copy.display().to_string();
    let error = error_of(&fixture.config, &["run", "-p", "sum", &copy]);
    assert!(
        error.contains("solution.txt") && error.contains(".c (c)"),
        "{error}"
    );
    let output = common::judge(
        &fixture.config,
        &["run", "-p", "sum", "--lang", "c", "--json", &copy],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["verdict"], "AC");
    let error = error_of(
        &fixture.config,
        &["run", "-p", "sum", "--lang", "cobol", &copy],
    );
    assert!(
        error.contains("unknown language \"cobol\"") && error.contains("python3"),
        "{error}"
    );
}

#[test]
fn missing_things_are_named() {
    let fixture = common::fixture();
    let error = error_of(&fixture.config, &["run", "-p", "sum", "/nonexistent/sol.c"]);
    assert!(error.contains("/nonexistent/sol.c"), "{error}");
    let error = error_of(
        &fixture.config,
        &["run", "-p", "nope", &common::submission("c/ac.c")],
    );
    assert!(
        error.contains("unknown problem \"nope\"") && error.contains("sum-checker"),
        "{error}"
    );
    let error = error_of(
        Path::new("/nonexistent/judge.toml"),
        &["run", "-p", "sum", "x.c"],
    );
    assert!(
        error.contains("/nonexistent/judge.toml: cannot read"),
        "{error}"
    );
}

#[test]
fn a_broken_judge_toml_is_named_with_its_line() {
    let fixture = common::fixture();
    let mut text = std::fs::read_to_string(&fixture.config).unwrap();
    text.push_str("\n[languages.broken]\nname = \"Broken\"\nextensions = [\"brk\"]\nsource = 5\nrun = [\"x\"]\n");
    std::fs::write(&fixture.config, text).unwrap();
    let error = error_of(
        &fixture.config,
        &["run", "-p", "sum", &common::submission("c/ac.c")],
    );
    assert!(
        error.contains("judge.toml: line") && error.contains("expected a string"),
        "{error}"
    );
}

/// A copy of the fixture problems and testdata that a test may break.
fn breakable() -> (common::Fixture, std::path::PathBuf) {
    let scratch = tempfile::tempdir().unwrap().keep();
    let copy = |from: &str| {
        let status = std::process::Command::new("cp")
            .arg("-r")
            .arg(common::fixtures().join(from))
            .arg(scratch.join(from))
            .status()
            .unwrap();
        assert!(status.success());
    };
    copy("problems");
    copy("testdata");
    let root = scratch.clone();
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
    });
    (fixture, scratch)
}

#[test]
fn a_broken_problem_toml_or_a_missing_answer_is_named() {
    let (fixture, scratch) = breakable();
    std::fs::write(
        scratch.join("problems/sum/problem.toml"),
        "title = \"Sum\"\n[limits]\ntime_s = \"fast\"\n",
    )
    .unwrap();
    let error = error_of(
        &fixture.config,
        &["run", "-p", "sum", &common::submission("c/ac.c")],
    );
    assert!(error.contains("sum/problem.toml: line 3"), "{error}");
    std::fs::remove_file(scratch.join("testdata/sum-wall/secret/1.ans")).unwrap();
    let error = error_of(
        &fixture.config,
        &["run", "-p", "sum-wall", &common::submission("c/ac.c")],
    );
    assert!(
        error.contains("sum-wall/secret/1.in") && error.contains("1.ans"),
        "{error}"
    );
    std::fs::remove_dir_all(scratch.join("testdata/sum-checker")).unwrap();
    let error = error_of(
        &fixture.config,
        &["run", "-p", "sum-checker", &common::submission("c/ac.c")],
    );
    assert!(error.contains("sum-checker has no tests"), "{error}");
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn a_degraded_sandbox_judges_and_says_so() {
    let fixture = common::fixture_with(|table| {
        let mut sandbox = toml::Table::new();
        sandbox.insert("isolation".into(), "off".into());
        sandbox.insert("backend".into(), "rlimit".into());
        table.insert("sandbox".into(), sandbox.into());
    });
    let result = common::run_json(&fixture, "sum", "c/ac.c");
    assert_eq!(result["verdict"], "AC");
    assert_eq!(result["sandbox"]["enforcement"], "rlimit-only");
    assert_eq!(result["sandbox"]["isolated"], false);
    assert!(!result["sandbox"]["degraded"].as_array().unwrap().is_empty());
    let output = common::judge(
        &fixture.config,
        &["run", "-p", "sum", &common::submission("c/wa.c")],
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("verdict: WA") && text.contains("warning: degraded sandbox"),
        "{text}"
    );
    let bad = common::fixture_with(|table| {
        let mut sandbox = toml::Table::new();
        sandbox.insert("backend".into(), "cgroup-v3".into());
        table.insert("sandbox".into(), sandbox.into());
    });
    let error = error_of(
        &bad.config,
        &["run", "-p", "sum", &common::submission("c/ac.c")],
    );
    assert!(
        error.contains("judge.toml: line")
            && error.contains("`cgroup-v3`")
            && error.contains("`rlimit`"),
        "{error}"
    );
}

/// The error line a command ends with on a broken judge.toml (`judge serve` logs a little
/// before it).
fn last_error_line(config: &Path, args: &[&str]) -> String {
    let output = common::judge(config, args);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{args:?}: {}",
        stderr(&output)
    );
    stderr(&output)
        .lines()
        .rfind(|l| l.starts_with("error: "))
        .unwrap_or_else(|| panic!("{args:?}: no error line in {}", stderr(&output)))
        .to_string()
}

#[test]
fn every_command_refuses_a_bad_judge_toml_with_the_same_line() {
    let class = tempfile::tempdir().unwrap();
    std::fs::create_dir(class.path().join("ann")).unwrap();
    std::fs::copy(common::submission("c/ac.c"), class.path().join("ann/sum.c")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let (class, out, data) = (
        class.path().display().to_string(),
        out.path().display().to_string(),
        data.path().display().to_string(),
    );
    let source = common::submission("c/ac.c");
    let commands: [Vec<&str>; 3] = [
        vec!["run", "-p", "sum", &source],
        vec!["contest", &class, "--out", &out, "--jobs", "1"],
        vec![
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--data",
            &data,
            "--workers",
            "1",
        ],
    ];
    let bad_start = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("start".into(), "next monday".into());
    });
    let problems_dir = common::problems_with_groups(
        "sum",
        "[[groups]]\nname = \"all\"\npoints = 100\ntests = [\"secret/9*\"]",
    );
    let dir = problems_dir.path().display().to_string();
    let bad_pattern = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("problems_dir".into(), dir.into());
    });
    let bad_pattern_file = problems_dir.path().join("sum/problem.toml");
    for (fixture, file, says) in [
        (
            &bad_start,
            bad_start.config.clone(),
            "contest.start = \"next monday\" is not an RFC 3339 time",
        ),
        (
            &bad_pattern,
            bad_pattern_file,
            "group \"all\": \"secret/9*\" matches none of its 2 tests",
        ),
    ] {
        let lines: Vec<String> = commands
            .iter()
            .map(|args| last_error_line(&fixture.config, args))
            .collect();
        assert!(
            lines[0].contains(&file.display().to_string()) && lines[0].contains(says),
            "{lines:#?}"
        );
        assert!(lines.iter().all(|l| *l == lines[0]), "{lines:#?}");
    }
}

/// `judge run --json` with the repository's judge.toml; the tests' names and verdicts.
fn maze_tests(source: &str, extra: &[&str]) -> (String, Vec<(String, String)>) {
    let config = common::repository().join("judge.toml");
    let source = common::repository().join(source).display().to_string();
    let mut args = vec!["run", "-p", "maze", "--json"];
    args.extend_from_slice(extra);
    args.push(&source);
    let output = common::judge(&config, &args);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let tests = value["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (value["verdict"].as_str().unwrap().to_string(), tests)
}

#[test]
fn tests_run_at_once_give_the_results_of_running_them_in_order() {
    for source in [
        "problems/maze/submissions/accepted/bfs.c",
        "problems/maze/submissions/wrong_answer/dfs_route.c",
        "problems/maze/submissions/run_time_error/seed_bfs_backtracking.c",
    ] {
        for extra in [&[][..], &["--first-failure"][..]] {
            let in_order = maze_tests(source, extra);
            let mut at_once_args = extra.to_vec();
            at_once_args.extend(["--test-jobs", "3"]);
            let at_once = maze_tests(source, &at_once_args);
            assert_eq!(at_once, in_order, "{source} {extra:?}");
            assert!(!in_order.1.is_empty());
        }
    }
    let (verdict, tests) = maze_tests(
        "problems/maze/submissions/wrong_answer/dfs_route.c",
        &["--first-failure", "--test-jobs", "2"],
    );
    assert_eq!(verdict, "WA");
    assert_eq!(tests.last().unwrap().1, "WA", "{tests:?}");
    assert!(tests[..tests.len() - 1].iter().all(|(_, v)| v == "AC"));
}

#[test]
fn judge_run_shows_each_groups_points_and_the_total() {
    let config = common::repository().join("judge.toml");
    let source = common::repository()
        .join("problems/maze/submissions/wrong_answer/no_modulo.cpp")
        .display()
        .to_string();
    let output = common::judge(&config, &["run", "-p", "maze", &source]);
    assert!(output.status.success(), "{}", stderr(&output));
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    let lines: Vec<&str> = shown.lines().skip_while(|l| *l != "groups:").collect();
    assert_eq!(lines.len(), 5, "{shown}");
    let words = |line: &str| line.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(words(lines[1]), "1 small mazes 30 of 30 AC", "{shown}");
    assert_eq!(
        words(lines[2]),
        "2 mazes up to 41 x 41 0 of 40 WA on secret/11-open-past-64-bits",
        "{shown}"
    );
    assert_eq!(
        words(lines[3]),
        "3 1000 x 1000 mazes 0 of 30 WA on secret/23-open-max",
        "{shown}"
    );
    assert_eq!(words(lines[4]), "total 30 of 100", "{shown}");
    // Stopped at the first failure: the rest of the groups' tests were not run.
    let output = common::judge(&config, &["run", "-p", "maze", "--first-failure", &source]);
    let shown = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        shown.contains("0 of 30      secret/23-open-max not run"),
        "{shown}"
    );
}
