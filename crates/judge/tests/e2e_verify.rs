//! End to end: `judge verify` passes a sound fixture problem, and catches each way a
//! problem can be broken, naming the file: a corrupted answer, an input that breaks a
//! constraint, a submission filed under the wrong verdict, a generator that is not
//! reproducible, a checker that rejects its own answer. Also `judge testdata build`.

mod common;

use std::path::{Path, PathBuf};

/// The fixture problem `tiny`, copied under a new id into a scratch folder (its crate
/// renamed, its binaries prefixed), with its tests.
struct Variant {
    _scratch: tempfile::TempDir,
    root: PathBuf,
    id: String,
    fixture: common::Fixture,
}

impl Variant {
    fn problem(&self) -> PathBuf {
        self.root.join("problems").join(&self.id)
    }

    fn testdata(&self) -> PathBuf {
        self.root.join("testdata").join(&self.id)
    }

    fn edit(&self, relative: &str, edit: impl FnOnce(String) -> String) {
        let path = self.problem().join(relative);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, edit(text)).unwrap();
    }

    /// `judge verify` on this problem: (exit status, stdout).
    fn verify(&self) -> (Option<i32>, String) {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
            .arg("--config")
            .arg(&self.fixture.config)
            .args(["verify", &self.id])
            .env("CARGO_TARGET_DIR", target_dir())
            .output()
            .unwrap();
        (
            output.status.code(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
        )
    }
}

/// Where the fixture crates build (shared, so checker-kit is built once).
fn target_dir() -> PathBuf {
    common::repository().join("target/fixture-problems")
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

fn variant(id: &str) -> Variant {
    let scratch = tempfile::tempdir().unwrap();
    let root = scratch.path().to_path_buf();
    let fixtures = common::fixtures().join("verify");
    let problem = root.join("problems").join(id);
    copy_tree(&fixtures.join("problems/tiny"), &problem);
    copy_tree(
        &fixtures.join("testdata/tiny"),
        &root.join("testdata").join(id),
    );
    let checker_kit = common::repository().join("crates/checker-kit");
    let rename = |text: String| text.replace("tiny", id);
    let cargo = std::fs::read_to_string(problem.join("Cargo.toml")).unwrap();
    let cargo = rename(cargo).replace(
        "../../../../../../checker-kit",
        &checker_kit.display().to_string(),
    );
    std::fs::write(problem.join("Cargo.toml"), cargo).unwrap();
    let toml = rename(std::fs::read_to_string(problem.join("problem.toml")).unwrap());
    std::fs::write(problem.join("problem.toml"), toml).unwrap();
    let (problems_dir, testdata_dir) = (root.join("problems"), root.join("testdata"));
    let id_owned = id.to_string();
    let fixture = common::fixture_with(move |table| {
        let contest = table["contest"].as_table_mut().unwrap();
        contest.insert(
            "problems_dir".into(),
            problems_dir.display().to_string().into(),
        );
        contest.insert(
            "testdata_dir".into(),
            testdata_dir.display().to_string().into(),
        );
        let mut problem = toml::Table::new();
        problem.insert("id".into(), id_owned.into());
        contest.insert("problems".into(), vec![toml::Value::Table(problem)].into());
    });
    Variant {
        _scratch: scratch,
        root,
        id: id.to_string(),
        fixture,
    }
}

/// The FAIL rows of a verify table.
fn failures(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter(|l| l.contains(" FAIL "))
        .map(|l| l.trim().to_string())
        .collect()
}

#[test]
fn a_sound_problem_passes_every_check() {
    let tiny = variant("sound");
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(0), "{stdout}");
    for check in [
        "config",
        "build",
        "tests",
        "validator",
        "recipe",
        "reference",
        "answers",
        "submissions",
        "time limits",
    ] {
        assert!(
            stdout.contains(&format!("  {check}")),
            "no {check} row:\n{stdout}"
        );
    }
    assert!(failures(&stdout).is_empty(), "{stdout}");
    assert!(
        stdout.contains("summary: 1 problem, 1 passed, 0 failed"),
        "{stdout}"
    );
}

#[test]
fn a_corrupted_answer_is_named() {
    let tiny = variant("corrupt");
    std::fs::write(tiny.testdata().join("secret/01.ans"), "12345\n").unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    assert!(
        rows.iter()
            .any(|r| r.starts_with("recipe") && r.contains("testdata/corrupt/secret/01.ans")),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .any(|r| r.starts_with("answers") && r.contains("secret/01.ans")),
        "{rows:#?}"
    );
}

#[test]
fn an_input_that_breaks_a_constraint_is_named() {
    let tiny = variant("invalid");
    std::fs::write(tiny.testdata().join("secret/02.in"), "500\n").unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    assert!(
        rows.iter().any(|r| r.starts_with("validator")
            && r.contains("secret/02.in")
            && r.contains("n = 500 is out of range")),
        "{rows:#?}"
    );
}

#[test]
fn a_misfiled_submission_is_named_with_its_verdict_and_test() {
    let tiny = variant("misfiled");
    std::fs::rename(
        tiny.problem().join("submissions/wrong_answer/square.c"),
        tiny.problem().join("submissions/accepted/square.c"),
    )
    .unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    assert!(
        rows.iter().any(|r| r.starts_with("submissions")
            && r.contains("submissions/accepted/square.c: filed as AC, got WA on sample/1")),
        "{rows:#?}"
    );
}

#[test]
fn accepted_python_is_also_judged_on_pypy() {
    let tiny = variant("pypy");
    // PyPy starts at about 50 MiB; tiny's 64 MiB is for its C submissions.
    tiny.edit("problem.toml", |text| {
        text.replace("memory_mib = 64", "memory_mib = 256")
    });
    std::fs::write(
        tiny.problem().join("submissions/accepted/double.py"),
        "print(2 * int(input()))\n",
    )
    .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&tiny.fixture.config)
        .args(["verify", "--json", &tiny.id])
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{stdout}");
    let reports: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let submissions = reports[0]["submissions"].as_array().unwrap();
    let run = |suffix: &str| {
        submissions
            .iter()
            .find(|s| s["file"].as_str().unwrap().ends_with(suffix))
            .unwrap_or_else(|| panic!("no {suffix}: {submissions:#?}"))
    };
    // Each counts in the time-limit rule with its own language's limit.
    let cpython = run("submissions/accepted/double.py");
    let pypy = run("submissions/accepted/double.py (pypy3)");
    assert_eq!(cpython["got"], "AC");
    assert_eq!(pypy["got"], "AC");
    assert!(pypy["max_cpu_time_s"].as_f64().unwrap() > 0.0, "{pypy}");
    // Only accepted Python: nothing else is judged twice.
    let twice = submissions
        .iter()
        .filter(|s| s["file"].as_str().unwrap().contains("(pypy3)"))
        .count();
    assert_eq!(twice, 1, "{submissions:#?}");
}

#[test]
fn a_generator_that_is_not_reproducible_is_named() {
    let tiny = variant("flaky");
    tiny.edit("problem.toml", |text| {
        text.replace("args = [\"random\", \"2\"]", "args = [\"clock\"]")
    });
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    assert!(
        rows.iter().any(|r| r.starts_with("recipe")
            && r.contains("secret/02.in")
            && r.contains("not reproducible")),
        "{rows:#?}"
    );
}

#[test]
fn a_checker_that_rejects_its_own_answer_is_named() {
    let tiny = variant("strict");
    tiny.edit("problem.toml", |text| {
        text.replace(
            "checker = \"strict-check\"",
            "checker = \"strict-check-strict\"",
        )
    });
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    assert!(
        rows.iter().any(|r| r.starts_with("answers")
            && r.contains("testdata/strict/sample/1.ans")
            && r.contains("nothing is ever right")),
        "{rows:#?}"
    );
}

#[test]
fn testdata_build_writes_the_recipe_and_removes_strays() {
    let tiny = variant("rebuilt");
    std::fs::remove_file(tiny.testdata().join("secret/01.in")).unwrap();
    std::fs::write(tiny.testdata().join("secret/99.in"), "7\n").unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&tiny.fixture.config)
        .args(["testdata", "build", "rebuilt"])
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("rebuilt: wrote 3 tests"), "{stdout}");
    assert!(
        stdout.contains("secret/99.in (no recipe entry makes it)"),
        "{stdout}"
    );
    let stored = common::fixtures().join("verify/testdata/tiny/secret/01.in");
    assert_eq!(
        std::fs::read(tiny.testdata().join("secret/01.in")).unwrap(),
        std::fs::read(stored).unwrap()
    );
    assert!(!tiny.testdata().join("secret/99.in").exists());
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(0), "{stdout}");
}

#[test]
fn brute_force_solutions_run_on_their_small_tests_only() {
    let tiny = variant("brute");
    let folder = tiny.problem().join("submissions/brute_force");
    std::fs::create_dir_all(&folder).unwrap();
    // Right on the sample (n = 21) only: it must be judged there and nowhere else.
    std::fs::write(
        folder.join("only_sample.c"),
        "#include <stdio.h>\nint main(void) { puts(\"42\"); return 0; }\n",
    )
    .unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(
        status,
        Some(1),
        "without [brute_force] it is an error: {stdout}"
    );
    assert!(
        failures(&stdout)
            .iter()
            .any(|r| r.contains("only_sample.c") && r.contains("[brute_force]")),
        "{stdout}"
    );
    tiny.edit("problem.toml", |text| {
        format!("{text}\n[brute_force]\ntests = [\"sample/*\"]\n")
    });
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(0), "{stdout}");
    tiny.edit("problem.toml", |text| {
        text.replace(
            "tests = [\"sample/*\"]",
            "tests = [\"sample/*\", \"secret/01\"]",
        )
    });
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    assert!(
        failures(&stdout).iter().any(|r| r
            .contains("submissions/brute_force/only_sample.c: filed as AC, got WA on secret/01")),
        "{stdout}"
    );
    tiny.edit("problem.toml", |text| {
        text.replace("\"secret/01\"]", "\"secret/9*\"]")
    });
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    assert!(stdout.contains("\"secret/9*\" matches none"), "{stdout}");
}

#[test]
fn anything_the_recipe_does_not_make_is_named() {
    let tiny = variant("cluttered");
    std::fs::write(tiny.testdata().join("notes.txt"), "todo\n").unwrap();
    std::fs::create_dir(tiny.testdata().join("secret/old")).unwrap();
    std::fs::write(tiny.testdata().join("sample/1.out"), "4\n").unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let rows = failures(&stdout);
    let recipe = rows
        .iter()
        .find(|r| r.starts_with("recipe"))
        .unwrap_or_else(|| panic!("{rows:#?}"));
    // The first stray is named, the count of the others follows.
    assert!(
        recipe.contains("testdata/cluttered/notes.txt: no [[tests]] entry")
            && recipe.contains("(and 2 more)"),
        "{recipe}"
    );
}

#[test]
fn verify_shows_what_a_submission_said_escaped() {
    let tiny = variant("escapes");
    // Filed as accepted, it fails with escape sequences on stderr: the FAIL row quotes it.
    std::fs::copy(
        common::fixtures().join("output-safety/re_stderr.c"),
        tiny.problem().join("submissions/accepted/noisy.c"),
    )
    .unwrap();
    let (status, stdout) = tiny.verify();
    assert_eq!(status, Some(1), "{stdout}");
    let row = failures(&stdout)
        .into_iter()
        .find(|r| r.contains("noisy.c"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        row.contains("got RE") && row.contains("\\u{1b}]0;pwned\\u{7}"),
        "{row}"
    );
    assert!(
        !stdout.chars().any(|c| c.is_control() && c != '\n'),
        "control characters reach the terminal: {stdout:?}"
    );
}

#[test]
fn each_check_is_shown_as_it_finishes() {
    use std::io::BufRead;
    let tiny = variant("progress");
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(&tiny.fixture.config)
        .args(["verify", &tiny.id])
        .env("CARGO_TARGET_DIR", target_dir())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = std::io::BufReader::new(stdout).lines();
    let mut seen = Vec::new();
    // The build row arrives while later checks (judging every kept submission) still run.
    for line in lines.by_ref() {
        let line = line.unwrap();
        let build = line.trim_start().starts_with("build ");
        seen.push(line);
        if build {
            break;
        }
    }
    let build_seen = std::time::Instant::now();
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    assert!(child.wait().unwrap().success());
    // Judging the kept submissions (compiling them) takes seconds after the build row;
    // a verify that printed its table at the end would show every row at once.
    assert!(
        build_seen.elapsed() > std::time::Duration::from_millis(300),
        "every row came at the end: {seen:#?}"
    );
    assert!(
        rest.iter()
            .any(|l| l.trim_start().starts_with("submissions")),
        "{rest:#?}"
    );
}
