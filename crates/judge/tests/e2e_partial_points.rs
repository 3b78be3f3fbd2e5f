//! End to end: partial points from a checker count, once, in totals. The fixture
//! Polygon package `polygon-points` has a testlib checker (compiled with the fixtures'
//! own testlib stand-in) that gives the fraction of sums right with exit 7 (`points
//! 0.5`); group 1 is `each-test` (tests of 20 and 30 points), group 2 `complete-group`
//! (50 points). Its `half.py` gets half the sums right on every test but one (secret/04,
//! a single sum), so it earns 10 + 15 of group 1 and nothing of group 2: 25 of 100, in
//! `judge run`'s table and JSON, `judge verify`, and `judge contest`'s results.csv and
//! results.json. The same for an interactor's points and those of the checker after it
//! (`polygon-interactive`).

mod common;

use std::path::{Path, PathBuf};

fn package() -> PathBuf {
    common::fixtures().join("packages/polygon-points")
}

fn solution(name: &str) -> String {
    package().join("solutions").join(name).display().to_string()
}

#[test]
fn judge_run_sums_a_checkers_partial_points_by_the_packages_group_rules() {
    let fixture = common::fixture();
    let problem = package().display().to_string();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", &problem, &solution("half.py")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        // The verdict line names the partial points of the first test not accepted.
        "verdict: WA wrong answer (first failure: sample/01, 0.5 of its points)",
        "points: 25 of 100",
        // Each test row says what the checker gave.
        "0.5 of the test's points: 1 of 2 sums right",
        "0.5 of the test's points: 2 of 4 sums right",
        // Group 1 sums 20 x 0.5 + 30 x 0.5; group 2 needs every test accepted.
        "25 of 50",
        "0 of 50",
        "WA on secret/05 (0.5 of its points)",
        "total 25 of 100",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }

    let output = common::judge(
        &fixture.config,
        &["run", "--json", "--problem", &problem, &solution("half.py")],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", common::text(&output)));
    let scores: Vec<(String, Option<f64>)> = result["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["score"].as_f64()))
        .collect();
    assert_eq!(
        scores,
        [
            ("sample/01".to_string(), Some(0.5)),
            ("secret/02".to_string(), Some(0.5)),
            ("secret/03".to_string(), Some(0.5)),
            ("secret/04".to_string(), None),
            ("secret/05".to_string(), Some(0.5)),
        ],
        "{}",
        common::text(&output)
    );
    assert_eq!(result["passed"], 1);

    // The right solution earns every point.
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", &problem, &solution("pairs.cpp")],
    );
    assert!(
        common::text(&output).contains("points: 100 of 100"),
        "{}",
        common::text(&output)
    );
}

#[test]
fn judge_verify_accepts_the_points_package() {
    let fixture = common::fixture();
    let output = common::judge(&fixture.config, &["verify", package().to_str().unwrap()]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        "Polygon package; 1 s, 256 MiB; 3 groups worth 100",
        "the checker accepts all 5 answers",
        "submissions, each got the verdict it is filed under",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn an_ioi_contest_counts_each_tests_partial_points_once() {
    let packages = common::fixtures().join("packages").display().to_string();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("scoring".into(), "ioi".into());
        contest.insert("start".into(), "2026-11-29T09:00:00Z".into());
        contest.insert("problems_dir".into(), packages.into());
        let problems: toml::Table =
            toml::from_str(r#"problems = [{ id = "polygon-points", points = 200 }]"#).unwrap();
        contest.insert("problems".into(), problems["problems"].clone());
    });
    let class = tempfile::tempdir().unwrap();
    let read = |name: &str| std::fs::read_to_string(package().join("solutions").join(name));
    write(
        &class.path().join("ann/polygon-points.py"),
        &read("half.py").unwrap(),
    );
    write(
        &class.path().join("bob/polygon-points.cpp"),
        &read("pairs.cpp").unwrap(),
    );
    let out = fixture.dir.path().join("out");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&fixture.config)
        .arg("contest")
        .arg(class.path())
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", common::text(&output));

    // The contest makes the problem worth 200: ann's 25 of 100 are 50.
    let csv = std::fs::read_to_string(out.join("results.csv")).unwrap();
    let points: Vec<(String, String)> = csv
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split(',').collect();
            (cells[1].to_string(), cells[10].to_string())
        })
        .collect();
    assert_eq!(
        points,
        [
            ("ann".to_string(), "50".to_string()),
            ("bob".into(), "200".into())
        ],
        "{csv}"
    );
    let scoreboard = std::fs::read_to_string(out.join("scoreboard.csv")).unwrap();
    assert!(
        scoreboard.contains("bob,200") && scoreboard.contains("ann,50"),
        "{scoreboard}"
    );

    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let ann = results["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["student"] == "ann")
        .unwrap();
    assert_eq!(ann["points"], 50.0);
    let partial = ann["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["score"] == 0.5)
        .count();
    assert_eq!(partial, 4, "{ann}");
    let rows = results["scoreboard"]["rows"].as_array().unwrap();
    assert_eq!(
        (rows[0]["student"].as_str(), rows[0]["points"].as_f64()),
        (Some("bob"), Some(200.0))
    );
    assert_eq!(
        (rows[1]["student"].as_str(), rows[1]["points"].as_f64()),
        (Some("ann"), Some(50.0))
    );
}

/// The fixture Polygon package `polygon-interactive`: its testlib interactor asks sums and
/// gives points (exit 7) for the sums right before a wrong one; after an exchange it
/// accepts, its checker gives points for the sums answered rather than skipped. Test 2 is
/// worth 40, test 3 60, each-test.
fn interactive_package() -> PathBuf {
    common::fixtures().join("packages/polygon-interactive")
}

#[test]
fn an_interactors_points_and_the_checkers_after_it_count_in_the_total() {
    let fixture = common::fixture();
    let problem = interactive_package().display().to_string();
    let solution = |name: &str| {
        interactive_package()
            .join("solutions")
            .join(name)
            .display()
            .to_string()
    };
    // Two of four sums right, then a wrong one: the interactor's 0.5 on each test.
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", &problem, &solution("stops.py")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        "0.5 of the test's points: 2 of 4 sums right before question 3",
        "points: 50 of 100",
        "total 50 of 100",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
    // Every sum right but the last, skipped: the interactor accepts, the checker gives 0.75.
    let output = common::judge(
        &fixture.config,
        &[
            "run",
            "--json",
            "--problem",
            &problem,
            &solution("skips.py"),
        ],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", common::text(&output)));
    let scores: Vec<Option<f64>> = result["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["score"].as_f64())
        .collect();
    assert_eq!(scores, [Some(0.5), Some(0.75), Some(0.75)], "{result}");
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", &problem, &solution("skips.py")],
    );
    let shown = common::text(&output);
    for wanted in ["3 of 4 sums answered", "total 75 of 100"] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", &problem, &solution("sums.cpp")],
    );
    assert!(
        common::text(&output).contains("total 100 of 100"),
        "{}",
        common::text(&output)
    );

    // The package verifies: the partial solutions are rejected, as they are filed.
    let output = common::judge(&fixture.config, &["verify", &problem]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        "Polygon package; 1 s, 256 MiB; 2 groups worth 100",
        "3 submissions, each got the verdict it is filed under",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
}

/// The fixture Kattis package `kattis-interactive-scoring`: its interactor (Kattis
/// protocol) accepts with the sums right before a wrong one as the score, in score.txt
/// out of the test's maximum (group secret/g1, 8 points, sum of two tests of 4 sums) or
/// as a fraction in score_multiplier.txt (the flag `fraction`: group secret/g2, 12
/// points, min; and the sample).
#[test]
fn a_kattis_interactors_score_files_count_in_the_total() {
    let fixture = common::fixture();
    let package = common::fixtures().join("packages/kattis-interactive-scoring");
    let problem = package.display().to_string();
    let stops = package
        .join("submissions/partially_accepted/stops.py")
        .display()
        .to_string();
    let output = common::judge(&fixture.config, &["run", "--problem", &problem, &stops]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for wanted in [
        "0.5 of the test's points: 2 of 4 sums right",
        // score.txt's 2 of each test's 4, and 12 x the fraction 0.5.
        "4 of 8       AC on secret/g1/01 (0.5 of its points)",
        "6 of 12      AC on secret/g2/01 (0.5 of its points)",
        "total 10 of 20",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
    let output = common::judge(
        &fixture.config,
        &["run", "--json", "--problem", &problem, &stops],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", common::text(&output)));
    let scores: Vec<Option<f64>> = result["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["score"].as_f64())
        .collect();
    assert_eq!(scores, [Some(0.5); 4], "{result}");

    let output = common::judge(&fixture.config, &["verify", &problem]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("submissions, each got the verdict it is filed under"),
        "{shown}"
    );
}

#[test]
fn judge_contest_counts_an_interactors_points_and_its_checkers() {
    let packages = common::fixtures().join("packages").display().to_string();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert("scoring".into(), "ioi".into());
        contest.insert("problems_dir".into(), packages.into());
        let problems: toml::Table =
            toml::from_str(r#"problems = [{ id = "polygon-interactive", points = 100 }]"#).unwrap();
        contest.insert("problems".into(), problems["problems"].clone());
    });
    let class = tempfile::tempdir().unwrap();
    let read = |name: &str| {
        std::fs::read_to_string(interactive_package().join("solutions").join(name)).unwrap()
    };
    write(
        &class.path().join("ann/polygon-interactive.py"),
        &read("stops.py"),
    );
    write(
        &class.path().join("bob/polygon-interactive.py"),
        &read("skips.py"),
    );
    let out = fixture.dir.path().join("out");
    let output = common::judge(
        &fixture.config,
        &[
            "contest",
            &class.path().display().to_string(),
            "--out",
            &out.display().to_string(),
        ],
    );
    assert!(output.status.success(), "{}", common::text(&output));
    let results: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("results.json")).unwrap()).unwrap();
    let points = |student: &str| {
        results["attempts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["student"] == student)
            .map(|a| a["points"].as_f64())
    };
    // The interactor's 0.5 on each test; the checker's 0.75 after the interactor accepted.
    assert_eq!(points("ann"), Some(Some(50.0)), "{results}");
    assert_eq!(points("bob"), Some(Some(75.0)), "{results}");
}
