//! End to end: `judge stress` on the fixture problem `largest` (read n numbers, print the
//! largest; its [stress] recipe draws n from 1 to 8): a brute force agrees for the rounds
//! asked for; a planted wrong answer is caught and its input shrunk to the smallest n that
//! shows the bug (4), with the input and both outputs saved; a crash and a time limit are
//! disagreements named as such; a failing reference is an error of the problem. On the
//! repository's problems: a checker problem (maze) and the interactive blind-maze.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

/// Where the fixture crate builds (shared with e2e_verify's, so checker-kit builds once).
fn target_dir() -> PathBuf {
    common::repository().join("target/fixture-problems")
}

/// A judge.toml whose problem is the stress fixture.
fn config(root: &Path) -> common::Fixture {
    config_with(root, "largest")
}

/// A judge.toml whose problem is `id`, under `root`.
fn config_with(root: &Path, id: &str) -> common::Fixture {
    let (problems, testdata) = (root.join("problems"), root.join("testdata"));
    let id = id.to_string();
    common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("problems_dir".into(), problems.display().to_string().into());
        contest.insert("testdata_dir".into(), testdata.display().to_string().into());
        let mut problem = toml::Table::new();
        problem.insert("id".into(), id.into());
        contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
    })
}

fn fixtures() -> PathBuf {
    common::fixtures().join("stress")
}

fn solution(relative: &str) -> String {
    fixtures()
        .join("problems/largest/submissions")
        .join(relative)
        .display()
        .to_string()
}

/// `judge stress ARGS... --out OUT` with the fixture crate's target folder.
fn stress(config: &Path, out: &Path, args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(config)
        .arg("stress")
        .args(args)
        .arg("--out")
        .arg(out)
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .expect("the judge binary runs")
}

fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "no JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn a_brute_force_agrees_for_the_rounds_asked_for() {
    let fixture = config(&fixtures());
    let out = tempfile::tempdir().unwrap();
    let output = stress(
        &fixture.config,
        out.path(),
        &[
            "largest",
            "--against",
            &solution("brute_force/sorted.py"),
            "--count",
            "30",
            "--seed",
            "1",
            "--json",
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    let report = json(&output);
    assert_eq!(report["rounds"], 30, "{report}");
    assert_eq!(report["stopped"], "rounds");
    assert!(report["disagreement"].is_null());
    assert!(report["rounds_per_second"].as_f64().unwrap() > 0.0);
    assert_eq!(
        report["gen"],
        serde_json::json!(["random", "{size}", "{seed}"])
    );
    assert_eq!(report["sizes"], serde_json::json!([1, 8]));
    assert!(
        std::fs::read_dir(out.path()).unwrap().next().is_none(),
        "nothing is saved without a disagreement"
    );
}

#[test]
fn a_planted_wrong_answer_is_caught_and_its_input_minimised() {
    let fixture = config(&fixtures());
    let out = tempfile::tempdir().unwrap();
    // From seed 1 the first disagreement is at n = 8 (see the assertions); the planted
    // bug shows from n = 4 on, never below.
    let args = [
        "largest",
        "--against",
        &solution("wrong_answer/first_three.c"),
        "--count",
        "500",
        "--seed",
        "1",
    ];
    let output = stress(
        &fixture.config,
        out.path(),
        &[&args[..], &["--json"]].concat(),
    );
    assert_eq!(output.status.code(), Some(3), "{}", common::text(&output));
    let report = json(&output);
    assert_eq!(report["stopped"], "disagreement");
    let found = &report["disagreement"]["found"];
    let minimised = &report["disagreement"]["minimised"];
    assert_eq!(found["verdict"], "WA", "{report}");
    assert_eq!(minimised["verdict"], "WA");
    assert!(found["size"].as_u64().unwrap() > 4, "{report}");
    assert_eq!(
        minimised["size"], 4,
        "shrunk to the smallest n with the bug: {report}"
    );
    assert_eq!(
        report["rounds"], found["round"],
        "the search stops at the round that found it ({report})"
    );
    let saved = PathBuf::from(report["disagreement"]["saved"].as_str().unwrap());
    assert_eq!(
        saved,
        out.path().join(format!(
            "largest-seed-{}",
            minimised["seed"].as_u64().unwrap()
        ))
    );
    let read = |name: &str| std::fs::read_to_string(saved.join(name)).unwrap();
    let input = read("case.in");
    assert!(input.starts_with("4\n"), "{input}");
    let numbers: Vec<u32> = input
        .split_whitespace()
        .skip(1)
        .map(|t| t.parse().unwrap())
        .collect();
    let largest = numbers.iter().max().unwrap();
    assert_eq!(read("case.ans").trim(), largest.to_string());
    assert_eq!(
        read("case.out").trim(),
        numbers[..3].iter().max().unwrap().to_string()
    );
    assert_ne!(read("case.out"), read("case.ans"));
    let about: serde_json::Value = serde_json::from_str(&read("stress.json")).unwrap();
    assert_eq!(about["minimised"], *minimised);

    // The same run on one job finds the same round and the same smallest case, and says
    // so in words.
    let again = stress(
        &fixture.config,
        out.path(),
        &[&args[..], &["--jobs", "1"]].concat(),
    );
    assert_eq!(again.status.code(), Some(3), "{}", common::text(&again));
    let said = String::from_utf8_lossy(&again.stdout);
    assert!(
        said.contains(&format!(
            "DISAGREEMENT on round {}: seed {}, size {}: WA",
            found["round"], found["seed"], found["size"]
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "minimised to seed {}, size 4: WA",
            minimised["seed"]
        )),
        "{said}"
    );
    assert!(
        said.contains("case.in (input), case.ans (the reference's output)"),
        "{said}"
    );
    assert!(
        said.contains(&format!(
            "the input again: largest-gen random 4 {}",
            minimised["seed"]
        )),
        "{said}"
    );
}

#[test]
fn crashes_and_time_limits_are_disagreements_named_as_such() {
    let fixture = config(&fixtures());
    let out = tempfile::tempdir().unwrap();
    for (file, verdict, smallest) in [
        ("run_time_error/crash_from_five.c", "RE", 5),
        ("time_limit_exceeded/spin_from_six.c", "TLE", 6),
    ] {
        let output = stress(
            &fixture.config,
            out.path(),
            &[
                "largest",
                "--against",
                &solution(file),
                "--count",
                "200",
                "--seed",
                "7",
                "--json",
            ],
        );
        assert_eq!(
            output.status.code(),
            Some(3),
            "{file}: {}",
            common::text(&output)
        );
        let report = json(&output);
        let minimised = &report["disagreement"]["minimised"];
        assert_eq!(minimised["verdict"], verdict, "{file}: {report}");
        assert_eq!(minimised["size"], smallest, "{file}: {report}");
        let message = report["disagreement"]["found"]["message"].as_str().unwrap();
        // On a loaded machine the spinning program may meet its wall-clock limit before
        // its CPU limit (it gets a share of a core); either is a time limit.
        let named = match verdict {
            "RE" => message.contains("SIGSEGV"),
            _ => message.contains("CPU time limit of") || message.contains("wall-clock limit of"),
        };
        assert!(named, "{file}: {report}");
    }
}

#[test]
fn a_failing_reference_is_an_error_of_the_problem() {
    // A copy of the fixture, renamed (its binaries must not replace the fixture's in the
    // shared target folder), whose reference panics on n = 7.
    let root = tempfile::tempdir().unwrap();
    let id = "largest-broken";
    let problem = root.path().join("problems").join(id);
    copy_tree(&fixtures().join("problems/largest"), &problem);
    copy_tree(
        &fixtures().join("testdata/largest"),
        &root.path().join("testdata").join(id),
    );
    let checker_kit = common::repository().join("crates/checker-kit");
    let edit = |file: &str, edit: &dyn Fn(String) -> String| {
        let path = problem.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, edit(text)).unwrap();
    };
    edit("Cargo.toml", &|text| {
        text.replace("largest", id).replace(
            "../../../../../../checker-kit",
            &checker_kit.display().to_string(),
        )
    });
    edit("problem.toml", &|text| text.replace("largest", id));
    edit("src/main.rs", &|text| {
        text.replace(
            "    println!(",
            "    assert!(numbers.len() != 7, \"a planted bug\");\n    println!(",
        )
    });
    let fixture = config_with(root.path(), id);
    let out = tempfile::tempdir().unwrap();
    let output = stress(
        &fixture.config,
        out.path(),
        &[
            id,
            "--against",
            &solution("accepted/largest.c"),
            "--gen",
            "random 7 {seed}",
            "--count",
            "5",
            "--seed",
            "3",
            "--jobs",
            "1",
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::text(&output));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "the reference fails on seed 3 (generator arguments [\"random\", \"7\", \"3\"]): RE, exit code 101"
        ),
        "{stderr}"
    );
    let saved = out.path().join(format!("{id}-seed-3"));
    assert!(
        std::fs::read_to_string(saved.join("case.in"))
            .unwrap()
            .starts_with("7\n"),
        "{stderr}"
    );
    let about = std::fs::read_to_string(saved.join("stress.json")).unwrap();
    assert!(about.contains("reference_failed"), "{about}");
}

/// `judge stress sum --against c/ac.c` with `extra` arguments: refused before any round,
/// with exit 1 and `message` on stderr.
fn refused_on_sum(extra: &[&str], message: &str) {
    let fixture = common::fixture();
    let out = tempfile::tempdir().unwrap();
    let against = common::submission("c/ac.c");
    let mut args = vec!["sum", "--against", &against];
    args.extend_from_slice(extra);
    let output = stress(&fixture.config, out.path(), &args);
    assert_eq!(output.status.code(), Some(1), "{}", common::text(&output));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains(message),
        "{}",
        common::text(&output)
    );
}

#[test]
fn a_problem_without_a_recipe_asks_for_one() {
    refused_on_sum(&[], "sum: problem.toml has no [stress] table; pass --gen");
}

#[test]
fn a_recipe_that_repeats_its_input_is_refused() {
    refused_on_sum(
        &["--gen", "random 5"],
        "the generator's arguments [\"random\", \"5\"] have no {seed}: every round would make the same input",
    );
}

/// `judge stress` on one of the repository's problems.
fn stress_repository(problem: &str, file: &str, rounds: &str) -> (Option<i32>, serde_json::Value) {
    let repository = common::repository();
    let out = tempfile::tempdir().unwrap();
    let source = repository.join("problems").join(problem).join(file);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(repository.join("judge.toml"))
        .args(["stress", problem, "--against"])
        .arg(&source)
        .args(["--count", rounds, "--seed", "1", "--json", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    let report = json(&output);
    (output.status.code(), report)
}

#[test]
fn a_checker_problem_judges_the_other_solution_with_its_checker() {
    let (status, report) = stress_repository("maze", "submissions/accepted/bfs.c", "20");
    assert_eq!(
        (status, &report["stopped"]),
        (Some(0), &"rounds".into()),
        "{report}"
    );
    let (status, report) = stress_repository("maze", "submissions/wrong_answer/dfs_route.c", "200");
    assert_eq!(status, Some(3), "{report}");
    let found = &report["disagreement"]["found"];
    assert_eq!(found["verdict"], "WA", "{report}");
    assert!(
        found["message"].as_str().unwrap().contains("length"),
        "the checker's message: {report}"
    );
}

#[test]
fn an_interactive_problem_is_stressed_through_its_interactor() {
    let (status, report) = stress_repository("blind-maze", "submissions/accepted/dfs.c", "10");
    assert_eq!(
        (status, &report["rounds"]),
        (Some(0), &10.into()),
        "{report}"
    );
    let (status, report) = stress_repository(
        "blind-maze",
        "submissions/wrong_answer/random_walk.c",
        "200",
    );
    assert_eq!(status, Some(3), "{report}");
    assert_eq!(report["disagreement"]["found"]["verdict"], "WA", "{report}");
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let name = entry.file_name();
        if name == "target" || name == "Cargo.lock" {
            continue;
        }
        let target = to.join(&name);
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}
