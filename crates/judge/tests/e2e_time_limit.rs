//! End to end: a Kattis package that gives no time limit (the fixture `kattis-no-limit`)
//! has one decided once, stored in its folder's `.timelimit`, and every command judges
//! with that one: `judge import` decides it, `judge verify` and `judge run` show the same
//! figure; a package placed by hand is judged by nothing until its first verify decides
//! it; re-inferring is explicit (`--suggest-limits` writes nothing, `--write-limits`
//! does). The fixture itself is only ever read: every test that writes works on a copy.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn package() -> PathBuf {
    common::fixtures().join("packages/kattis-no-limit")
}

/// A judge.toml whose contest lists `problems` (ids) in a problems folder of `scratch`.
fn contest(scratch: &Path, problems: &[&str]) -> common::Fixture {
    let root = scratch.to_path_buf();
    let ids: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert(
            "problems_dir".into(),
            root.join("problems").display().to_string().into(),
        );
        contest.insert(
            "testdata_dir".into(),
            root.join("testdata").display().to_string().into(),
        );
        let listed: Vec<toml::Value> = ids
            .iter()
            .map(|id| {
                let mut problem = toml::Table::new();
                problem.insert("id".into(), id.as_str().into());
                problem.into()
            })
            .collect();
        contest.insert("problems".into(), listed.into());
    })
}

fn verify_json(config: &Path, args: &[&str]) -> (Output, serde_json::Value) {
    let mut all = vec!["verify", "--json"];
    all.extend_from_slice(args);
    let output = common::judge(config, &all);
    let reports: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", common::text(&output)));
    (output, reports[0].clone())
}

fn source(relative: &str) -> String {
    package()
        .join("submissions")
        .join(relative)
        .display()
        .to_string()
}

fn assert_fixture_untouched() {
    assert!(
        !package().join(".timelimit").exists(),
        "nothing may write into the fixture package"
    );
}

#[test]
fn import_then_verify_then_run_show_the_same_limit() {
    let scratch = tempfile::tempdir().unwrap();
    let fixture = contest(scratch.path(), &[]);
    let output = common::judge(
        &fixture.config,
        &["import", package().to_str().unwrap(), "--id", "double"],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("time limit: 1 s, from the accepted submissions (slowest accepted x 2, rounded up to a multiple of 1 s: "),
        "{shown}"
    );
    let stored = scratch.path().join("problems/double/.timelimit");
    assert_eq!(std::fs::read_to_string(&stored).unwrap(), "1\n", "{shown}");

    // verify: the stored limit, said to come from the accepted submissions.
    let (output, report) = verify_json(&fixture.config, &["double"]);
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    let margins = &report["margins"];
    assert_eq!(margins["time_limit_s"], 1.0, "{report}");
    assert_eq!(margins["time_limit_origin"]["kind"], "stored", "{report}");
    assert_eq!(
        margins["limit_written"], false,
        "verify keeps what import decided"
    );
    let config_row = report["rows"][0]["detail"].as_str().unwrap();
    assert!(
        config_row.contains("1 s from the accepted submissions (stored in .timelimit)"),
        "{config_row}"
    );
    // Its figures are kept beside judge.toml for the teacher's limits page (issue 30).
    let kept = fixture
        .config
        .parent()
        .unwrap()
        .join(".judge/verify/double.json");
    let kept: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&kept).unwrap()).unwrap();
    assert_eq!(kept["time_limit_s"], 1.0, "{kept}");
    assert_eq!(kept["passed"], true, "{kept}");
    assert_eq!(
        kept["slowest_accepted"]["cpu_s"], margins["slowest_accepted"][1],
        "{kept} {report}"
    );

    // run: the same limit; the spinning submission is TLE at 1 s of CPU, not 20.
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "double", &source("accepted/double.c")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("time limit: 1 s, from the accepted submissions (stored in .timelimit)"),
        "{shown}"
    );
    let output = common::judge(
        &fixture.config,
        &[
            "run",
            "--json",
            "--problem",
            "double",
            &source("time_limit_exceeded/spin.c"),
        ],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["verdict"], "TLE", "{shown}");
    // Stopped by the 1 s limit (its CPU near 1 s, or, on a machine busy enough that the
    // program got less than its share, by the wall-clock limit that goes with it), not
    // by 20 s.
    let cpu = result["tests"][0]["cpu_time_s"].as_f64().unwrap();
    let wall = result["tests"][0]["wall_time_s"].as_f64().unwrap();
    assert!(
        cpu < 3.0 && wall < 10.0 && (cpu >= 0.9 || wall >= 1.0),
        "stopped near 1 s: {cpu} s of CPU, {wall} s of wall-clock time"
    );

    // judge contest: the same limit (the 3.5 s hello.c was accepted at 20 s).
    let class = scratch.path().join("class");
    std::fs::create_dir_all(class.join("ann")).unwrap();
    std::fs::copy(
        source("time_limit_exceeded/spin.c"),
        class.join("ann/double.c"),
    )
    .unwrap();
    let out = scratch.path().join("out");
    let output = common::judge(
        &fixture.config,
        &[
            "contest",
            class.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    let results = std::fs::read_to_string(out.join("results.json")).unwrap();
    assert!(results.contains("\"TLE\""), "{results}");
    assert_fixture_untouched();
}

#[test]
fn a_package_placed_by_hand_is_judged_by_nothing_until_its_first_verify_decides_it() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("problems/double");
    common::copy_tree(&package(), &dir);
    let fixture = contest(scratch.path(), &["double"]);
    let stored = dir.join(".timelimit");

    // Not judged under the provisional 20 s: run and contest stop, naming the way out.
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "double", &source("accepted/double.c")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("its package gives no time limit and none is decided yet; `judge verify double` infers it"),
        "{shown}"
    );
    let class = scratch.path().join("class");
    std::fs::create_dir_all(class.join("ann")).unwrap();
    std::fs::copy(source("accepted/double.c"), class.join("ann/double.c")).unwrap();
    let out = scratch.path().join("out");
    let output = common::judge(
        &fixture.config,
        &[
            "contest",
            class.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("none is decided yet"),
        "{}",
        common::text(&output)
    );
    assert!(!out.join("results.jsonl").exists(), "nothing judged");

    // --suggest-limits infers and shows, and writes nothing.
    let output = common::judge(&fixture.config, &["verify", "--suggest-limits", "double"]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("double: the accepted submissions give 1 s (slowest accepted x 2, rounded up to a multiple of 1 s: "),
        "{shown}"
    );
    assert!(
        shown.contains("not written (judge verify --write-limits stores it)"),
        "{shown}"
    );
    assert!(
        !stored.exists(),
        "--suggest-limits wrote {}",
        stored.display()
    );

    // The first plain verify of a problem of the contest decides it and stores it.
    let (output, report) = verify_json(&fixture.config, &["double"]);
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert_eq!(report["margins"]["limit_written"], true, "{report}");
    assert_eq!(report["margins"]["time_limit_origin"]["kind"], "stored");
    assert_eq!(std::fs::read_to_string(&stored).unwrap(), "1\n");
    let time_row = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["check"] == "time limits")
        .unwrap()["detail"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        time_row.contains("from the accepted submissions, stored in .timelimit by this run"),
        "{time_row}"
    );

    // A stored limit is kept: a later verify does not measure it again, whatever it
    // would find. A hand-edited one is what everything uses, until --write-limits.
    std::fs::write(&stored, "2\n").unwrap();
    let (_, report) = verify_json(&fixture.config, &["double"]);
    assert_eq!(report["margins"]["time_limit_s"], 2.0, "{report}");
    assert_eq!(report["margins"]["limit_written"], false);
    let (output, report) = verify_json(&fixture.config, &["--write-limits", "double"]);
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert_eq!(report["margins"]["time_limit_s"], 1.0, "{report}");
    assert_eq!(report["margins"]["limit_written"], true);
    assert_eq!(std::fs::read_to_string(&stored).unwrap(), "1\n");

    // Now judged, with that limit.
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "double", &source("accepted/double.c")],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("time limit: 1 s, from the accepted submissions"),
        "{}",
        common::text(&output)
    );

    // A hostile .timelimit refuses the problem with the file named, never a panic.
    std::fs::remove_file(&stored).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", &stored).unwrap();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", "double", &source("accepted/double.c")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains(".timelimit") && shown.contains("symbolic link"),
        "{shown}"
    );
    assert_fixture_untouched();
}

#[test]
fn a_package_checked_in_place_is_never_written_into() {
    let fixture = common::fixture();
    let path = package();
    let path = path.to_str().unwrap();
    let (output, report) = verify_json(&fixture.config, &[path]);
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert_eq!(report["margins"]["time_limit_s"], 1.0, "{report}");
    assert_eq!(report["margins"]["time_limit_origin"]["kind"], "inferred");
    assert_eq!(report["margins"]["limit_written"], false);
    assert_fixture_untouched();
    let output = common::judge(
        &fixture.config,
        &["run", "--problem", path, &source("accepted/double.c")],
    );
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("its accepted submissions give 1 s (slowest accepted x 2, rounded up to a multiple of 1 s), for this run only"),
        "{shown}"
    );
    assert_fixture_untouched();

    // --write-limits: refused for a .zip (unpacked into a temporary folder) and for a
    // package whose own files give the limit.
    let output = common::judge(
        &fixture.config,
        &["verify", "--write-limits", "package.zip"],
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::text(&output));
    assert!(common::text(&output).contains("a .zip is checked unpacked in a temporary one"));
    let given = common::fixtures().join("packages/kattis-pass-fail");
    let (output, report) = verify_json(
        &fixture.config,
        &["--write-limits", given.to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(1), "{}", common::text(&output));
    assert!(
        report
            .to_string()
            .contains("problem.yaml gives the time limit: --write-limits stores only"),
        "{report}"
    );
    assert!(!given.join(".timelimit").exists());
}
