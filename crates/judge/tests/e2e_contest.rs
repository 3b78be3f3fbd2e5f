//! End to end: `judge contest` on a fixture class (5 students x 4 problems: AC, WA, TLE,
//! CE, PE, several attempts, identical sources, ties, bad files). The scoreboard is
//! exactly right in both styles; a run killed midway and resumed publishes the same bytes
//! as an uninterrupted one.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime};

/// The class, copied into a scratch folder with fixed modification times (the single-file
/// attempts are timed by them) and the one binary file.
fn class() -> tempfile::TempDir {
    let scratch = tempfile::tempdir().unwrap();
    let status = Command::new("cp")
        .arg("-r")
        .arg(common::fixtures().join("class"))
        .arg(scratch.path().join("class"))
        .status()
        .unwrap();
    assert!(status.success());
    let root = scratch.path().join("class");
    std::fs::write(
        root.join("eve/sum-checker.c"),
        [0x7f, b'E', b'L', b'F', 0, 0, 1, 2],
    )
    .unwrap();
    // Minutes after 2026-11-29T09:00:00Z.
    let start = 1_795_942_800u64;
    for (file, minute) in [
        ("ann/sum.c", 10),
        ("ann/sum-once.py", 40),
        ("ann/sum-kattis.c", 50),
        ("bob/sum-checker.c", 25),
        ("bob/sum-once.c", 35),
        ("bob/sum-kattis.c", 45),
        ("cid/sum.cpp", 20),
        ("cid/sum-checker.c", 30),
        ("cid/sum-once.c", 10),
        ("dan/sum.c", 15),
        ("dan/sum-checker.c", 25),
        ("dan/sum-once.c", 35),
        ("eve/maze.c", 1),
        ("eve/sum.cob", 2),
        ("eve/sum-once.c", 3),
        ("eve/sum-checker.c", 4),
        ("eve/sum-kattis.java", 58),
    ] {
        let time = SystemTime::UNIX_EPOCH + Duration::from_secs(start + minute * 60);
        std::fs::File::options()
            .write(true)
            .open(root.join(file))
            .unwrap()
            .set_modified(time)
            .unwrap();
    }
    scratch
}

/// The contest's configuration; its problems (a copy of the fixtures whose `sum` has two
/// groups, 3 and 7 points in its own units, which the contest's 100 points scale to 30
/// and 70, and a visualizer, fixtures/visualizers/sum.py, for the report's pictures)
/// stay alive with it.
fn config(scoring: &str) -> (common::Fixture, tempfile::TempDir) {
    let scoring = scoring.to_string();
    let problems_dir = common::problems_with_groups(
        "sum",
        "[[groups]]\nname = \"sample\"\npoints = 3\ntests = [\"sample/*\"]\n\n\
         [[groups]]\nname = \"secret\"\npoints = 7\ntests = [\"secret/*\"]\n\n\
         [visualizer]\nprogram = \"visualize.py\"",
    );
    std::fs::copy(
        common::fixtures().join("visualizers/sum.py"),
        problems_dir.path().join("sum/visualize.py"),
    )
    .unwrap();
    // bob's busy loop on sum-once must end as the same TLE in every run: with sum-once's
    // 3 s wall limit, a loaded machine stopped it by the wall clock in one run and by the
    // CPU limit in the other, and the resumed run's bytes differed. In this copy a
    // generous wall limit keeps the CPU limit the one that stops it.
    let once = problems_dir.path().join("sum-once/problem.toml");
    let text = std::fs::read_to_string(&once).unwrap();
    assert!(text.contains("wall_time_s = 3.0"), "{text}");
    std::fs::write(
        &once,
        text.replace("wall_time_s = 3.0", "wall_time_s = 30.0"),
    )
    .unwrap();
    let dir = problems_dir.path().display().to_string();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("scoring".into(), scoring.into());
        contest.insert("start".into(), "2026-11-29T09:00:00Z".into());
        contest.insert("problems_dir".into(), dir.into());
        let problems: toml::Value = toml::from_str::<toml::Table>(
            r#"
            problems = [
              { id = "sum", points = 100 },
              { id = "sum-checker", points = 100 },
              { id = "sum-once", points = 50 },
              { id = "sum-kattis", points = 100 },
            ]
            "#,
        )
        .unwrap()["problems"]
            .clone();
        contest.insert("problems".into(), problems);
    });
    (fixture, problems_dir)
}

fn contest(config: &Path, class: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(config)
        .arg("contest")
        .arg(class)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "judge contest failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The class's scoreboard: the same under IOI and ICPC scoring (the ranks by points and
/// by problems solved agree here) and however far each attempt is judged.
const SCOREBOARD: &str = "rank,student,points,solved,penalty_minutes,\
    sum_points,sum_attempts,sum_solved_at_minutes,sum_pending,\
    sum-checker_points,sum-checker_attempts,sum-checker_solved_at_minutes,sum-checker_pending,\
    sum-once_points,sum-once_attempts,sum-once_solved_at_minutes,sum-once_pending,\
    sum-kattis_points,sum-kattis_attempts,sum-kattis_solved_at_minutes,sum-kattis_pending\n\
    1,ann,350,4,150,100,1,10,0,100,2,30,0,50,1,40,0,100,1,50,0\n\
    2,bob,200,2,40,100,2,15,0,100,1,25,0,0,1,,0,0,1,,0\n\
    2,dan,200,2,40,100,1,15,0,100,1,25,0,0,1,,0,0,0,,0\n\
    4,cid,180,2,85,30,1,,0,0,1,,0,50,1,10,0,100,2,55,0\n\
    5,eve,100,1,58,0,0,,0,0,1,,0,0,1,,0,100,1,58,0\n";

#[test]
fn the_ioi_scoreboard_is_exact_and_bad_files_are_recorded() {
    let class = class();
    let (fixture, _problems) = config("ioi");
    let out = fixture.dir.path().join("out");
    let output = contest(
        &fixture.config,
        &class.path().join("class"),
        &out,
        &["--jobs", "2"],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(read(out.join("scoreboard.csv")), SCOREBOARD, "{stdout}");
    let results: serde_json::Value = serde_json::from_str(&read(out.join("results.json"))).unwrap();
    let attempt = |id: &str| {
        results["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["id"] == id)
            .cloned()
            .unwrap_or_else(|| panic!("no attempt {id}"))
    };
    assert_eq!(attempt("bob/sum-once.c")["verdict"], "TLE");
    assert_eq!(attempt("bob/sum/2026-11-29T09-05-00.c")["verdict"], "CE");
    assert_eq!(attempt("cid/sum-checker.c")["verdict"], "PE");
    assert_eq!(attempt("cid/sum.cpp")["points"], 30.0);
    // IOI with subtasks: a test whose every subtask already failed is skipped, and nothing
    // else is. cid/sum.cpp passes the sample and fails the secret test; bob's sum-checker
    // (no subtasks) runs every test.
    assert_eq!(attempt("cid/sum.cpp")["tests"].as_array().unwrap().len(), 2);
    assert_eq!(
        attempt("bob/sum-checker.c")["tests"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(attempt("eve/maze.c")["status"], "rejected");
    assert!(attempt("eve/maze.c")["reason"]
        .as_str()
        .unwrap()
        .contains("unknown problem \"maze\""));
    assert!(attempt("eve/sum.cob")["reason"]
        .as_str()
        .unwrap()
        .contains("known extensions"));
    assert!(attempt("eve/sum-once.c")["compile_message"]
        .as_str()
        .unwrap()
        .contains("empty"));
    assert!(attempt("eve/sum-checker.c")["compile_message"]
        .as_str()
        .unwrap()
        .contains("not text"));
    // ann/sum.c and dan/sum.c are the same C source, as are four other pairs: compiled once.
    assert!(stdout.contains("from the compile cache"), "{stdout}");
    let log = read(out.join("results.jsonl"));
    assert_eq!(log.lines().count(), 23, "one line per attempt");
    // sum's sample tests are drawn by its visualizer, for the report; a secret test never.
    let dan = lines_of(&out.join("results.jsonl"), "dan/sum.c");
    let tests = dan.last().unwrap()["result"]["tests"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(tests[0]["name"], "sample/1", "{tests:?}");
    assert_eq!(tests[0]["picture"]["kind"], "svg", "{tests:?}");
    assert!(
        tests[0]["picture"]["svg"]
            .as_str()
            .unwrap()
            .contains("1 + 2 + 3 = 6"),
        "{tests:?}"
    );
    assert!(tests[1].get("picture").is_none(), "{tests:?}");
    let report = read(out.join("report/index.html"));
    assert!(
        report.contains("<table id=\"scoreboard\"") && !report.contains("<script src="),
        "self-contained"
    );
    check_in_chromium(&out.join("report/index.html"));
}

/// Runs tests/browser/report.mjs on a report in headless Chromium (set up by
/// scripts/setup-browser-tests). Without Chromium, node or playwright-core it is skipped,
/// unless JUDGE_REQUIRE_BROWSER=1 (CI), where that is a failure.
fn check_in_chromium(report: &Path) {
    let playwright = common::repository()
        .join("crates/judge-server/tests/browser/node_modules/playwright-core/package.json");
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let node = Command::new("node").arg("--version").output().is_ok();
    if !(playwright.is_file() && Path::new(&chromium).is_file() && node) {
        let message = "report browser check: chromium, node or playwright-core is missing; run scripts/setup-browser-tests";
        assert!(
            std::env::var("JUDGE_REQUIRE_BROWSER").as_deref() != Ok("1"),
            "{message} (JUDGE_REQUIRE_BROWSER=1)"
        );
        eprintln!("skipped: {message}");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/report.mjs");
    let output = Command::new("node")
        .arg(script)
        .arg(report)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && stdout.contains("report ok"),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_icpc_scoreboard_counts_penalty_minutes() {
    let class = class();
    let (fixture, _problems) = config("icpc");
    let out = fixture.dir.path().join("out");
    let output = contest(
        &fixture.config,
        &class.path().join("class"),
        &out,
        &["--jobs", "2"],
    );
    assert_eq!(read(out.join("scoreboard.csv")), SCOREBOARD);
    // The terminal keeps the ICPC cells' short form.
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        stdout.contains("1  ann      + 10m       +1 30m     + 40m       + 50m       4      150"),
        "{stdout}"
    );
    // Lazy evaluation: an ICPC scoreboard needs only the verdict, so a rejected attempt's
    // judging ends at its first failed test.
    let results: serde_json::Value = serde_json::from_str(&read(out.join("results.json"))).unwrap();
    let mut stopped_early = 0;
    for attempt in results["attempts"].as_array().unwrap() {
        let tests = attempt["tests"].as_array().unwrap();
        let verdicts: Vec<&str> = tests
            .iter()
            .map(|t| t["verdict"].as_str().unwrap())
            .collect();
        if let Some(first) = verdicts.iter().position(|v| *v != "AC") {
            assert_eq!(first + 1, verdicts.len(), "{attempt}");
            stopped_early += usize::from(attempt["problem"] != "sum-once" && first == 0);
        }
    }
    assert!(
        stopped_early > 0,
        "no rejected attempt stopped before its last test"
    );
}

#[test]
fn a_problem_whose_feedback_is_all_tests_runs_every_test_for_the_same_score() {
    let class = class();
    let (fixture, _problems) = config("icpc");
    let mut table: toml::Table = read(fixture.config.clone()).parse().unwrap();
    let problems = table["contest"]["problems"].as_array_mut().unwrap();
    for problem in problems.iter_mut() {
        let problem = problem.as_table_mut().unwrap();
        if problem["id"].as_str() != Some("sum-checker") {
            problem.insert("feedback".into(), "all-tests".into());
        }
    }
    std::fs::write(&fixture.config, toml::to_string(&table).unwrap()).unwrap();
    let out = fixture.dir.path().join("out");
    contest(
        &fixture.config,
        &class.path().join("class"),
        &out,
        &["--jobs", "2"],
    );
    assert_eq!(read(out.join("scoreboard.csv")), SCOREBOARD);
    let results: serde_json::Value = serde_json::from_str(&read(out.join("results.json"))).unwrap();
    let (mut every_test, mut lazy) = (0, 0);
    for attempt in results["attempts"].as_array().unwrap() {
        let tests = attempt["tests"].as_array().unwrap();
        if attempt["status"] != "judged" || attempt["verdict"] == "CE" {
            continue;
        }
        let failed = tests.iter().any(|t| t["verdict"] != "AC");
        let ran_all = Some(tests.len() as u64) == attempt["tests_total"].as_u64();
        if attempt["problem"] == "sum-checker" {
            // Its default: an ICPC attempt stops at its first failed test.
            lazy += usize::from(failed && !ran_all);
        } else {
            assert!(ran_all, "every test of {attempt}");
            every_test += usize::from(failed && tests[0]["verdict"] != "AC");
        }
    }
    assert!(
        every_test > 0 && lazy > 0,
        "an attempt that failed its first test ran them all ({every_test}), and sum-checker's \
         attempts still stopped at the first failure ({lazy})"
    );
}

#[test]
fn a_run_killed_midway_and_resumed_publishes_the_same_bytes() {
    let class = class();
    let class = class.path().join("class");
    let (fixture, _problems) = config("ioi");
    let whole = fixture.dir.path().join("whole");
    contest(&fixture.config, &class, &whole, &["--jobs", "2"]);

    let resumed = fixture.dir.path().join("resumed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&fixture.config)
        .arg("contest")
        .arg(&class)
        .arg("--out")
        .arg(&resumed)
        .args(["--jobs", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let log = resumed.join("results.jsonl");
    let deadline = Instant::now() + Duration::from_secs(120);
    while std::fs::read_to_string(&log).map_or(0, |t| t.lines().count()) < 6 {
        assert!(Instant::now() < deadline, "the first run never got going");
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    assert!(
        before < 23,
        "killed too late to test anything ({before} lines)"
    );

    let output = contest(&fixture.config, &class, &resumed, &["--jobs", "2"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("from an earlier run"), "{stdout}");
    for file in ["results.json", "results.csv", "scoreboard.csv"] {
        assert_eq!(
            read(whole.join(file)),
            read(resumed.join(file)),
            "{file} differs after the resumed run"
        );
    }
    assert_eq!(read(resumed.join("results.jsonl")).lines().count(), 23);
}

#[test]
fn a_group_naming_no_test_is_a_clear_error() {
    let class = class();
    let problems_dir = common::problems_with_groups(
        "sum",
        "[[groups]]\nname = \"all\"\npoints = 100\ntests = [\"secret/*\", \"secret/02-typo\"]",
    );
    let dir = problems_dir.path().display().to_string();
    let fixture = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("problems_dir".into(), dir.into());
        let problems: toml::Value =
            toml::from_str::<toml::Table>(r#"problems = [ { id = "sum", points = 100 } ]"#)
                .unwrap()["problems"]
                .clone();
        contest.insert("problems".into(), problems);
    });
    let output = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&fixture.config)
        .arg("contest")
        .arg(class.path().join("class"))
        .arg("--out")
        .arg(fixture.dir.path().join("out"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("sum/problem.toml")
            && stderr.contains("group \"all\": \"secret/02-typo\" matches none of its 2 tests"),
        "{stderr}"
    );
}

/// The results.jsonl lines of one attempt.
fn lines_of(log: &Path, id: &str) -> Vec<serde_json::Value> {
    read(log.to_path_buf())
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|l| l["id"] == id)
        .collect()
}

#[test]
fn a_judge_error_is_judged_again_then_waits_for_the_teacher() {
    let scratch = tempfile::tempdir().unwrap();
    let class = scratch.path().join("class");
    std::fs::create_dir_all(class.join("ann")).unwrap();
    std::fs::copy(
        common::submission("c/ac.c"),
        class.join("ann/sum-broken-checker.c"),
    )
    .unwrap();
    std::fs::copy(common::submission("c/ac.c"), class.join("ann/sum.c")).unwrap();
    let fixture = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("scoring".into(), "icpc".into());
        let problems: toml::Value = toml::from_str::<toml::Table>(
            r#"problems = [ { id = "sum" }, { id = "sum-broken-checker" } ]"#,
        )
        .unwrap()["problems"]
            .clone();
        contest.insert("problems".into(), problems);
    });
    let out = fixture.dir.path().join("out");
    let log = out.join("results.jsonl");
    let id = "ann/sum-broken-checker.c";

    // First run: a JE is not done; it is pending (not free, not scored, not penalised).
    let first = contest(&fixture.config, &class, &out, &["--jobs", "1"]);
    let stdout = String::from_utf8_lossy(&first.stdout);
    assert!(
        stdout.contains("judge errors, pending: judged again by the next run:")
            && stdout.contains(id),
        "{stdout}"
    );
    assert_eq!(lines_of(&log, id)[0]["status"], "error");
    let results: serde_json::Value = serde_json::from_str(&read(out.join("results.json"))).unwrap();
    let attempt = results["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == id)
        .cloned()
        .unwrap();
    assert_eq!(attempt["status"], "pending", "{attempt}");
    let cell = &results["scoreboard"]["rows"][0]["cells"][1];
    assert_eq!(
        (cell["attempts"].as_u64(), cell["pending"].as_u64()),
        (Some(0), Some(1))
    );
    assert_eq!(results["scoreboard"]["rows"][0]["solved"], 1);

    // Second run: judged again; a JE again needs the teacher's attention.
    let second = contest(&fixture.config, &class, &out, &["--jobs", "1"]);
    let stdout = String::from_utf8_lossy(&second.stdout);
    assert!(
        stdout.contains("1 judged now") && stdout.contains("needs attention: a judge error twice"),
        "{stdout}"
    );
    let lines = lines_of(&log, id);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["status"], "attention");
    let report = read(out.join("report/index.html"));
    assert!(
        report.contains("Needs attention") && report.contains(id),
        "needs attention in the report"
    );
    let csv = read(out.join("scoreboard.csv"));
    assert!(csv.lines().nth(1).unwrap().ends_with(",0,0,,1"), "{csv}");

    // Third run: it stays as it is until the teacher decides.
    let third = contest(&fixture.config, &class, &out, &["--jobs", "1"]);
    let stdout = String::from_utf8_lossy(&third.stdout);
    assert!(
        stdout.contains("0 judged now") && stdout.contains("needs attention"),
        "{stdout}"
    );
    assert_eq!(lines_of(&log, id).len(), 2);
}

/// An attempt of several files (a folder under the problem's folder) is judged as `judge
/// run` judges a folder: a C++ program of two sources and a header is accepted; a folder
/// with a link that leaves it, and one with no source, are recorded with their reasons and
/// never judged; the same folder is not judged again by the next run, and one whose second
/// file changed is.
#[test]
fn an_attempt_of_several_files_is_judged_as_one_program() {
    let scratch = tempfile::tempdir().unwrap();
    let class = scratch.path().join("class");
    let attempts = class.join("fay/sum");
    let good = attempts.join("2026-11-29T09-20-00");
    common::copy_tree(
        &common::fixtures().join("submissions/folders/cpp-header"),
        &good,
    );
    let linked = attempts.join("2026-11-29T09-25-00-linked");
    common::copy_tree(
        &common::fixtures().join("submissions/folders/cpp-header"),
        &linked,
    );
    std::os::unix::fs::symlink("/etc/shadow", linked.join("secret.h")).unwrap();
    let empty = attempts.join("2026-11-29T09-30-00-notes");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("README.md"), "my plan\n").unwrap();
    let fixture = common::fixture_with(|table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("scoring".into(), "icpc".into());
        contest.insert("start".into(), "2026-11-29T09:00:00Z".into());
        let problems: toml::Value =
            toml::from_str::<toml::Table>(r#"problems = [ { id = "sum" } ]"#).unwrap()["problems"]
                .clone();
        contest.insert("problems".into(), problems);
    });
    let out = fixture.dir.path().join("out");
    let log = out.join("results.jsonl");
    contest(&fixture.config, &class, &out, &["--jobs", "1"]);

    let line = &lines_of(&log, "fay/sum/2026-11-29T09-20-00")[0];
    assert_eq!(line["status"], "judged", "{line}");
    assert_eq!(line["language"], "cpp", "{line}");
    assert_eq!(line["result"]["verdict"], "AC", "{line}");
    assert_eq!(
        line["submitted_at"], 1_795_944_000,
        "its name's time: {line}"
    );
    let line = &lines_of(&log, "fay/sum/2026-11-29T09-25-00-linked")[0];
    assert_eq!(line["status"], "rejected", "{line}");
    let reason = line["reason"].as_str().unwrap_or_default();
    assert!(
        reason.contains("secret.h") && reason.contains("absolute path"),
        "{line}"
    );
    assert!(line["result"].is_null(), "{line}");
    let line = &lines_of(&log, "fay/sum/2026-11-29T09-30-00-notes")[0];
    assert_eq!(line["status"], "rejected", "{line}");
    assert!(
        line["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("holds no"),
        "{line}"
    );
    // Solved at minute 20 (the rejected ones count for nothing).
    let csv = read(out.join("scoreboard.csv"));
    assert!(csv.lines().nth(1).unwrap().starts_with("1,fay,"), "{csv}");
    assert!(csv.contains(",1,20,0"), "{csv}");

    // The next run reuses it; a changed second file makes it a new attempt to judge.
    let again = contest(&fixture.config, &class, &out, &["--jobs", "1"]);
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(stdout.contains("0 judged now"), "{stdout}");
    std::fs::write(
        good.join("total.cpp"),
        "#include \"total.h\"\n\nvoid Total::add(long long x) { sum_ -= x; }\nlong long Total::value() const { return sum_; }\n",
    )
    .unwrap();
    contest(&fixture.config, &class, &out, &["--jobs", "1"]);
    let lines = lines_of(&log, "fay/sum/2026-11-29T09-20-00");
    assert_eq!(lines.len(), 2, "{lines:?}");
    assert_eq!(lines[1]["result"]["verdict"], "WA", "{}", lines[1]);
}
