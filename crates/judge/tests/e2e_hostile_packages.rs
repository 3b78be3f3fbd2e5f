//! The hostile suite's third part: problem packages that attack the judge, through the
//! real `judge` binary. A package from the internet is as hostile as a submission: its
//! checker's files are never followed or waited on, its native crate never builds on the
//! host, its paths never leave it, its limits are bounded, and an import that fails
//! leaves nothing behind. Fixtures: tests/fixtures/hostile-packages (README there).

mod common;

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn hostile(name: &str) -> PathBuf {
    common::fixtures().join("hostile-packages").join(name)
}

/// A course whose problems folder is its own (imports land there), and its temporary
/// folder for the judge's own temporary files.
struct Course {
    fixture: common::Fixture,
    problems: PathBuf,
    tmp: PathBuf,
}

impl Course {
    fn new() -> Course {
        let problems = tempfile::tempdir().unwrap().keep();
        let shown = problems.display().to_string();
        let fixture = common::fixture_with(|table| {
            let contest = table["contest"].as_table_mut().unwrap();
            contest.insert("problems_dir".into(), shown.into());
            contest.insert("problems".into(), toml::Value::Array(Vec::new()));
        });
        let tmp = fixture.dir.path().join("tmp");
        std::fs::create_dir(&tmp).unwrap();
        Course {
            fixture,
            problems,
            tmp,
        }
    }

    /// `judge ARGS` with this course, its TMPDIR, `env` and at most `open_files`
    /// descriptors.
    fn judge(&self, args: &[&str], env: &[(&str, &str)], open_files: Option<u64>) -> Output {
        let mut command = Command::new(env!("CARGO_BIN_EXE_judge"));
        command
            .arg("--config")
            .arg(&self.fixture.config)
            .args(args)
            .env("TMPDIR", &self.tmp)
            .envs(env.iter().copied());
        if let Some(limit) = open_files {
            // SAFETY: setrlimit only, between fork and exec.
            unsafe {
                command.pre_exec(move || {
                    let rlimit = libc::rlimit {
                        rlim_cur: limit,
                        rlim_max: limit,
                    };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &rlimit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
        command.output().expect("the judge binary runs")
    }

    /// Nothing of a failed import is left: no problem folder or staging folder, no
    /// unpacked zip, and judge.toml lists no problem.
    fn assert_nothing_left(&self, shown: &str) {
        let left: Vec<_> = std::fs::read_dir(&self.problems)
            .unwrap()
            .chain(std::fs::read_dir(&self.tmp).unwrap())
            .map(|e| e.unwrap().path())
            .collect();
        assert!(left.is_empty(), "left behind: {left:?}\n{shown}");
        let config = std::fs::read_to_string(&self.fixture.config).unwrap();
        assert!(!config.contains("[[contest.problems]]"), "{config}");
    }
}

impl Drop for Course {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.problems);
    }
}

/// `folder` zipped by Python's zipfile (a teacher's tool), at `zip`.
fn zip_folder(folder: &Path, zip: &Path) {
    let status = Command::new("python3")
        .args(["-m", "zipfile", "-c"])
        .arg(zip)
        .arg(folder)
        .status()
        .unwrap();
    assert!(status.success());
}

/// A Python script's zip at `zip`: `body` writes entries to the ZipFile `z`.
fn zip_with(zip: &Path, body: &str) {
    let script = format!(
        "import sys, zipfile, warnings\nwarnings.simplefilter('ignore')\nz = zipfile.ZipFile(sys.argv[1], 'w')\n{body}\nz.close()\n"
    );
    let status = Command::new("python3")
        .args(["-c", &script])
        .arg(zip)
        .status()
        .unwrap();
    assert!(status.success());
}

#[test]
fn a_checkers_feedback_file_is_never_followed_or_waited_on() {
    let course = Course::new();
    let package = course.fixture.dir.path().join("feedback-tricks");
    common::copy_tree(&hostile("feedback-tricks"), &package);
    // A host file only root may read, whose path the validator makes its message.
    let secret = course.fixture.dir.path().join("shadow");
    std::fs::write(&secret, "root:HOST-SECRET-IN-A-0600-FILE\n").unwrap();
    std::fs::set_permissions(&secret, std::os::unix::fs::PermissionsExt::from_mode(0o600)).unwrap();
    std::fs::write(
        package.join("data/secret/1-secret.ans"),
        format!("{}\n", secret.display()),
    )
    .unwrap();
    let submission = course.fixture.dir.path().join("echo.py");
    std::fs::write(&submission, "print(input())\n").unwrap();
    let started = Instant::now();
    let output = course.judge(
        &[
            "run",
            "--problem",
            package.to_str().unwrap(),
            "--json",
            submission.to_str().unwrap(),
        ],
        &[("JUDGE_TEST_ENVIRONMENT_SECRET", "ENV-SECRET-OF-THE-JUDGE")],
        None,
    );
    let shown = common::text(&output);
    // A FIFO used to block the judge in open() for ever.
    assert!(started.elapsed() < Duration::from_secs(120), "{shown}");
    assert_eq!(output.status.code(), Some(0), "{shown}");
    for leaked in ["HOST-SECRET-IN-A-0600-FILE", "ENV-SECRET-OF-THE-JUDGE"] {
        assert!(!shown.contains(leaked), "{leaked} leaked: {shown}");
    }
    let result: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let tests = result["tests"].as_array().unwrap();
    let seen: Vec<(&str, &str)> = tests
        .iter()
        .map(|t| {
            (
                t["verdict"].as_str().unwrap(),
                t["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (
                "JE",
                "checker left judgemessage.txt as a symbolic link (not followed)"
            ),
            (
                "JE",
                "checker left judgemessage.txt as a symbolic link (not followed)"
            ),
            (
                "JE",
                "checker left judgemessage.txt as a FIFO (only a regular file is read)"
            ),
        ],
        "{shown}"
    );
}

#[test]
fn a_native_crate_from_elsewhere_never_builds_on_the_host() {
    let course = Course::new();
    let marker = course.fixture.dir.path().join("build-script-ran");
    let zip = course.fixture.dir.path().join("built-on-the-host.zip");
    zip_folder(&hostile("native-crate"), &zip);
    let env = [("JUDGE_TEST_MARKER", marker.to_str().unwrap())];
    let submission = course.fixture.dir.path().join("echo.py");
    std::fs::write(&submission, "print(input())\n").unwrap();
    for args in [
        vec!["import", zip.to_str().unwrap()],
        vec!["import", hostile("native-crate").to_str().unwrap()],
        vec![
            "run",
            "--problem",
            zip.to_str().unwrap(),
            submission.to_str().unwrap(),
        ],
    ] {
        let output = course.judge(&args, &env, None);
        let shown = common::text(&output);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {shown}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert_eq!(error.trim().lines().count(), 1, "one line: {error}");
        assert!(
            error.contains("is a Rust crate (Cargo.toml)") && error.contains("--trust-native"),
            "{error}"
        );
        assert!(!marker.exists(), "{args:?}: the build script ran");
        course.assert_nothing_left(&shown);
    }
}

#[test]
fn paths_that_leave_the_package_are_refused_at_import() {
    let course = Course::new();
    let package = course.fixture.dir.path().join("polygon-sum");
    common::copy_tree(&common::fixtures().join("packages/polygon-sum"), &package);
    let xml = package.join("problem.xml");
    let original = std::fs::read_to_string(&xml).unwrap();
    for (resource, why) in [
        ("/usr/include/stdio.h", "is an absolute path"),
        (
            "../../../../etc/shadow.h",
            "climbs out of the problem's folder",
        ),
    ] {
        std::fs::write(
            &xml,
            original.replace(
                "<resources>",
                &format!("<resources>\n            <file path=\"{resource}\"/>"),
            ),
        )
        .unwrap();
        let output = course.judge(&["import", package.to_str().unwrap()], &[], None);
        let shown = common::text(&output);
        assert_eq!(output.status.code(), Some(1), "{shown}");
        assert!(
            shown.contains("problem.xml") && shown.contains(resource) && shown.contains(why),
            "{shown}"
        );
        course.assert_nothing_left(&shown);
    }
}

#[test]
fn absurd_limits_are_refused_naming_the_file_and_the_key() {
    let course = Course::new();
    let package = course.fixture.dir.path().join("greedy");
    common::copy_tree(
        &common::fixtures().join("packages/kattis-pass-fail"),
        &package,
    );
    let yaml = package.join("problem.yaml");
    let original = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        original
            .replace("time_limit: 1.0", "time_limit: 1000000")
            .replace("memory: 256", "memory: 256\n  output: 1048576"),
    )
    .unwrap();
    let output = course.judge(&["import", package.to_str().unwrap()], &[], None);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(1), "{shown}");
    for wanted in [
        "problem.yaml: limits.time_limit = 1000000 s is more than the judge allows (60 s)",
        "problem.yaml: limits.output = 1048576 MiB is more than the judge allows (1024 MiB)",
    ] {
        assert!(shown.contains(wanted), "{wanted:?} not in {shown}");
    }
    course.assert_nothing_left(&shown);
}

#[test]
fn a_zip_with_a_repeated_name_or_a_deep_folder_is_refused_and_leaves_nothing() {
    let course = Course::new();
    let repeated = course.fixture.dir.path().join("repeated.zip");
    zip_with(
        &repeated,
        "z.writestr('p/problem.yaml', 'name: First\\n')\n\
         z.writestr('p/data/secret/1.in', '1\\n')\n\
         z.writestr('p/data/secret/1.ans', '1\\n')\n\
         z.writestr('p/problem.yaml', 'name: Second\\n')",
    );
    let deep = course.fixture.dir.path().join("deep.zip");
    zip_with(
        &deep,
        "z.writestr('p/problem.yaml', 'name: Deep\\n')\n\
         z.writestr('p/data/secret/1.in', '1\\n')\n\
         z.writestr('p/data/secret/1.ans', '1\\n')\n\
         z.writestr('p/' + 'd/' * 1900 + 'x.txt', 'x')",
    );
    for (zip, why) in [
        (&repeated, "two or more entries of the same name"),
        (&deep, "more than 32 folders deep"),
    ] {
        // A low descriptor limit, as a crowded server may have: the deep folder once left
        // staging folders behind when their removal ran out of descriptors.
        let output = course.judge(&["import", zip.to_str().unwrap()], &[], Some(64));
        let shown = common::text(&output);
        assert_eq!(output.status.code(), Some(1), "{shown}");
        assert!(shown.contains(why), "{why:?} not in {shown}");
        course.assert_nothing_left(&shown);
    }
}
