//! End to end: problem packages made elsewhere, judged in place by the real binary: the
//! fixture Kattis package (a C++ output validator, a Python input validator) and the
//! fixture Polygon package (a testlib checker and validator compiled with the package's
//! own testlib.h, groups with points and a dependency, tagged solutions), as folders and
//! as .zip files; a package whose checker does not compile is refused with the
//! compiler's message.

mod common;

use std::path::{Path, PathBuf};

fn package(name: &str) -> PathBuf {
    common::fixtures().join("packages").join(name)
}

/// `folder` zipped as `dir/NAME.zip` (by Python's zipfile, as a teacher's tool would).
fn zipped(folder: &Path, dir: &Path, name: &str) -> PathBuf {
    let zip = dir.join(format!("{name}.zip"));
    let status = std::process::Command::new("python3")
        .args(["-m", "zipfile", "-c"])
        .arg(&zip)
        .args(
            std::fs::read_dir(folder)
                .unwrap()
                .map(|e| e.unwrap().path()),
        )
        .status()
        .unwrap();
    assert!(status.success());
    zip
}

#[test]
fn both_fixture_packages_pass_verify_in_place() {
    let fixture = common::fixture();
    for name in ["kattis-pass-fail", "polygon-sum"] {
        let path = package(name);
        let output = common::judge(&fixture.config, &["verify", path.to_str().unwrap()]);
        let shown = common::text(&output);
        assert_eq!(output.status.code(), Some(0), "{name}: {shown}");
        assert!(
            shown.contains("summary: 1 problem, 1 passed, 0 failed"),
            "{shown}"
        );
    }
    let shown = common::text(&common::judge(
        &fixture.config,
        &["verify", package("polygon-sum").to_str().unwrap()],
    ));
    for wanted in [
        "Polygon package; 1 s, 256 MiB; 3 groups worth 100",
        "checker files/check.cpp",
        "7 tests (1 sample, 6 secret)",
        "all 7 inputs valid",
        "the checker accepts all 7 answers",
        "submissions, each got the verdict it is filed under",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
}

#[test]
fn a_zipped_polygon_package_is_judged_and_verified() {
    let fixture = common::fixture();
    let scratch = tempfile::tempdir().unwrap();
    let zip = zipped(&package("polygon-sum"), scratch.path(), "polygon-sum");
    let zip = zip.to_str().unwrap();
    let output = common::judge(&fixture.config, &["verify", zip]);
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    // A 32-bit sum: right on group 1, wrong on group 2 (testlib's exit 1).
    let source = package("polygon-sum").join("solutions/sum_int.cpp");
    let output = common::judge(
        &fixture.config,
        &["run", "--json", "--problem", zip, source.to_str().unwrap()],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["verdict"], "WA", "{}", common::text(&output));
    assert_eq!(result["first_failure"], "secret/05");
    assert_eq!(result["passed"], 4);
    // Words around the sum: testlib's exit 2 is a presentation error.
    let source = package("polygon-sum").join("solutions/words.cpp");
    let output = common::judge(
        &fixture.config,
        &["run", "--json", "--problem", zip, source.to_str().unwrap()],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["verdict"], "PE", "{}", common::text(&output));
}

#[test]
fn a_checker_that_does_not_compile_is_named_with_the_compiler_message() {
    let fixture = common::fixture();
    let scratch = tempfile::tempdir().unwrap();
    let copy = scratch.path().join("broken-sum");
    common::copy_tree(&package("polygon-sum"), &copy);
    std::fs::write(
        copy.join("files/check.cpp"),
        "#include \"testlib.h\"\nint main() { undeclared_thing(); }\n",
    )
    .unwrap();
    let output = common::judge(&fixture.config, &["verify", copy.to_str().unwrap()]);
    let shown = common::text(&output);
    assert_ne!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("files/check.cpp") && shown.contains("undeclared_thing"),
        "{shown}"
    );
    // Nothing was written into the package folder.
    assert!(!copy.join("files/check").exists());
}

#[test]
fn verify_rebuilds_polygon_generated_tests_and_names_one_that_differs() {
    let fixture = common::fixture();
    let scratch = tempfile::tempdir().unwrap();
    let copy = scratch.path().join("changed-sum");
    common::copy_tree(&package("polygon-sum"), &copy);
    let output = common::judge(&fixture.config, &["verify", copy.to_str().unwrap()]);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("generators rebuild all 3 generated inputs"),
        "{shown}"
    );
    // A stored input edited by hand (still valid) is no longer what its command makes.
    std::fs::write(copy.join("tests/05"), "2\n1 2\n").unwrap();
    std::fs::write(copy.join("tests/05.a"), "3\n").unwrap();
    let output = common::judge(&fixture.config, &["verify", copy.to_str().unwrap()]);
    let shown = common::text(&output);
    assert_ne!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("tests/05 (secret/05): differs from what `gen 1000 1000000000 2` makes"),
        "{shown}"
    );
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

#[test]
fn judge_import_adds_to_the_contest_named_and_refuses_an_unknown_one() {
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().to_path_buf();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert(
            "problems_dir".into(),
            root.join("problems").display().to_string().into(),
        );
        contest.insert("problems".into(), toml::Value::Array(vec![]));
        let contests: toml::Table = toml::from_str(
            "[[contests]]\nid = \"hw1\"\ntitle = \"Homework 1\"\nkind = \"homework\"\n\
             start = \"2026-12-01T08:00:00Z\"\ndeadline = \"2026-12-08T08:00:00Z\"\n",
        )
        .unwrap();
        table.insert("contests".into(), contests["contests"].clone());
    });
    let before = std::fs::read_to_string(&fixture.config).unwrap();
    let kattis = package("kattis-pass-fail");
    let output = common::judge(
        &fixture.config,
        &["import", kattis.to_str().unwrap(), "--contest", "hw9"],
    );
    assert_ne!(output.status.code(), Some(0), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("unknown contest \"hw9\"; judge.toml's contests: main, hw1"),
        "{}",
        common::text(&output)
    );
    assert_eq!(std::fs::read_to_string(&fixture.config).unwrap(), before);
    assert!(!scratch.path().join("problems").exists());

    let output = common::judge(
        &fixture.config,
        &["import", kattis.to_str().unwrap(), "--contest", "hw1"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("lists it in contest \"hw1\" with 100 points"),
        "{}",
        common::text(&output)
    );
    assert!(listed(&fixture.config).is_empty());
    let table: toml::Table = std::fs::read_to_string(&fixture.config)
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(
        table["contests"][0]["problems"][0]["id"].as_str(),
        Some("kattis-pass-fail"),
        "{table}"
    );
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
fn judge_import_adds_a_package_to_the_contest_and_a_bad_one_leaves_nothing() {
    let (scratch, fixture) = empty_contest();
    let zip = zipped(&package("polygon-sum"), scratch.path(), "polygon-sum");
    let output = common::judge(
        &fixture.config,
        &["import", zip.to_str().unwrap(), "--id", "sum-of-numbers"],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert!(
        common::text(&output).contains("Polygon package; 7 tests"),
        "{}",
        common::text(&output)
    );
    assert_eq!(listed(&fixture.config), ["sum-of-numbers"]);
    // Judged by id from now on, from its copy.
    let source = package("polygon-sum").join("solutions/sum.cpp");
    let output = common::judge(
        &fixture.config,
        &[
            "run",
            "--json",
            "-p",
            "sum-of-numbers",
            source.to_str().unwrap(),
        ],
    );
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(result["verdict"], "AC", "{}", common::text(&output));
    // The Kattis fixture as a folder, under its own name.
    let output = common::judge(
        &fixture.config,
        &["import", package("kattis-pass-fail").to_str().unwrap()],
    );
    assert_eq!(output.status.code(), Some(0), "{}", common::text(&output));
    assert_eq!(
        listed(&fixture.config),
        ["sum-of-numbers", "kattis-pass-fail"]
    );
    // The same id twice is refused.
    let output = common::judge(
        &fixture.config,
        &["import", zip.to_str().unwrap(), "--id", "sum-of-numbers"],
    );
    assert_ne!(output.status.code(), Some(0));
    assert!(
        common::text(&output).contains("already lists a problem"),
        "{}",
        common::text(&output)
    );

    // A zip that climbs out with ../, and one whose package is broken: refused, nothing
    // written, judge.toml as it was.
    let before = std::fs::read_to_string(&fixture.config).unwrap();
    let evil = scratch.path().join("evil.zip");
    let script = format!(
        "import zipfile\nz = zipfile.ZipFile({:?}, 'w')\nz.writestr('problem.yaml', 'name: x\\n')\nz.writestr('../escaped.txt', 'gotcha')\nz.writestr('/tmp/absolute.txt', 'gotcha')\nz.close()\n",
        evil.display().to_string()
    );
    assert!(std::process::Command::new("python3")
        .args(["-c", &script])
        .status()
        .unwrap()
        .success());
    let output = common::judge(&fixture.config, &["import", evil.to_str().unwrap()]);
    let shown = common::text(&output);
    assert_ne!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("climbs out of the package") && shown.contains("absolute path"),
        "{shown}"
    );
    assert!(!scratch
        .path()
        .parent()
        .unwrap()
        .join("escaped.txt")
        .exists());
    let broken = scratch.path().join("broken");
    common::copy_tree(&package("polygon-sum"), &broken);
    std::fs::remove_file(broken.join("tests/05.a")).unwrap();
    let output = common::judge(&fixture.config, &["import", broken.to_str().unwrap()]);
    assert!(
        common::text(&output).contains("tests/05.a is missing"),
        "{}",
        common::text(&output)
    );
    assert_eq!(std::fs::read_to_string(&fixture.config).unwrap(), before);
    let problems: Vec<String> = std::fs::read_dir(scratch.path().join("problems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let mut problems = problems;
    problems.sort();
    assert_eq!(problems, ["kattis-pass-fail", "sum-of-numbers"]);
}
