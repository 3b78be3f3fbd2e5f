//! Helpers for the judge's end-to-end tests: a fixture judge.toml built from the
//! repository's (with the real, built-in language table), and runs of the real binary.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The fixtures folder.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The repository's root.
pub fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The built-in language table (judge-core's config/languages.toml), as a TOML table.
pub fn builtin_languages() -> toml::Table {
    let text = judge_model::config::judge_toml::BUILTIN_LANGUAGES_TOML;
    let file: toml::Table = text.parse().unwrap();
    file["languages"].as_table().unwrap().clone()
}

/// A judge.toml in a temp folder: the built-in language table, with the fixture
/// problems, and time multipliers capped at 2 so that TLE tests stay short.
pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub config: PathBuf,
}

pub fn fixture() -> Fixture {
    fixture_with(|_| {})
}

/// Like [`fixture`], with a last edit of the configuration table.
pub fn fixture_with(edit: impl FnOnce(&mut toml::Table)) -> Fixture {
    let text = std::fs::read_to_string(repository().join("judge.toml")).unwrap();
    let mut table: toml::Table = text.parse().unwrap();
    let contest = table["contest"].as_table_mut().unwrap();
    contest.insert(
        "problems_dir".into(),
        fixtures().join("problems").display().to_string().into(),
    );
    contest.insert(
        "testdata_dir".into(),
        fixtures().join("testdata").display().to_string().into(),
    );
    let problems: Vec<toml::Value> = [
        "sum",
        "sum-wall",
        "sum-checker",
        "sum-kattis",
        "sum-broken-checker",
    ]
    .iter()
    .map(|id| {
        let mut problem = toml::Table::new();
        problem.insert("id".into(), (*id).into());
        problem.into()
    })
    .collect();
    contest.insert("problems".into(), problems.into());
    // The repository's judge.toml uses the built-in language table: written out here, so
    // that the tests may change it.
    table.insert("languages".into(), builtin_languages().into());
    for (_, language) in table["languages"].as_table_mut().unwrap().iter_mut() {
        let language = language.as_table_mut().unwrap();
        let multiplier = language["time_multiplier"].as_float().unwrap_or(1.0);
        language.insert("time_multiplier".into(), multiplier.min(2.0).into());
    }
    edit(&mut table);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("judge.toml");
    std::fs::write(&config, toml::to_string(&table).unwrap()).unwrap();
    Fixture { dir, config }
}

/// Runs the real `judge` binary.
pub fn judge(config: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--config")
        .arg(config)
        .args(args)
        .output()
        .expect("the judge binary runs")
}

/// A fixture submission's path.
pub fn submission(relative: &str) -> String {
    fixtures()
        .join("submissions")
        .join(relative)
        .display()
        .to_string()
}

/// `judge run --json` on a fixture submission; the parsed result.
pub fn run_json(fixture: &Fixture, problem: &str, relative: &str) -> serde_json::Value {
    let output = judge(
        &fixture.config,
        &["run", "--problem", problem, "--json", &submission(relative)],
    );
    assert!(
        output.status.success(),
        "judge run failed on {relative}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("judge run --json prints JSON")
}

/// A copy of the fixture problems in a temporary folder, with `groups` (problem.toml
/// `[[groups]]` tables) added to problem `id`'s problem.toml; point `problems_dir` at it.
pub fn problems_with_groups(id: &str, groups: &str) -> tempfile::TempDir {
    let copy = tempfile::tempdir().unwrap();
    for entry in std::fs::read_dir(fixtures().join("problems"))
        .unwrap()
        .flatten()
    {
        let target = copy.path().join(entry.file_name());
        std::fs::create_dir_all(&target).unwrap();
        for file in std::fs::read_dir(entry.path()).unwrap().flatten() {
            if file.path().is_file() {
                std::fs::copy(file.path(), target.join(file.file_name())).unwrap();
            }
        }
    }
    let file = copy.path().join(id).join("problem.toml");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{text}\n{groups}\n")).unwrap();
    copy
}

/// Why this machine cannot run a language of the repository's judge.toml (its compiler or
/// runtime is not installed: scripts/setup-languages), or `None` when it can.
pub fn missing_language(id: &str) -> Option<String> {
    let config =
        judge_model::config::judge_toml::JudgeConfig::load(&repository().join("judge.toml"))
            .unwrap();
    let languages = &config.languages;
    let language = languages.by_id(id).unwrap();
    languages
        .check_available(language)
        .err()
        .map(|e| e.to_string())
}

/// JUDGE_REQUIRE_LANGUAGES=1 (CI, after scripts/setup-languages): a test that needs a
/// language this machine lacks fails instead of skipping.
pub fn languages_required() -> bool {
    std::env::var_os("JUDGE_REQUIRE_LANGUAGES").is_some_and(|v| v == "1")
}

/// Runs the real `judge` binary in `dir`, finding judge.toml as a teacher's shell would
/// (no --config).
pub fn judge_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("the judge binary runs")
}

/// A `judge serve` child process on a free port, stopped when dropped.
pub struct Serve {
    pub child: std::process::Child,
    /// `127.0.0.1:PORT`.
    pub address: String,
    /// Where its stderr goes (a pipe nobody reads could fill and stop it).
    pub stderr: tempfile::NamedTempFile,
}

impl Serve {
    /// Starts `judge serve --listen 127.0.0.1:0 ARGS...` in `dir` (judge.toml found from
    /// there) and waits until it prints its address.
    pub fn start_in(dir: &Path, args: &[&str]) -> Serve {
        use std::io::BufRead;
        let stderr = tempfile::NamedTempFile::new().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_judge"))
            .current_dir(dir)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(stderr.reopen().unwrap())
            .spawn()
            .expect("judge serve starts");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(str::to_string);
        match address {
            Some(address) => Serve {
                child,
                address,
                stderr,
            },
            None => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "judge serve did not print its address: {line:?}; stderr: {}",
                    std::fs::read_to_string(stderr.path()).unwrap_or_default()
                )
            }
        }
    }

    /// GET `path`: the status and the body.
    pub fn get(&self, path: &str) -> (u16, String) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .build()
            .into();
        let mut answer = agent
            .get(format!("http://{}{path}", self.address))
            .call()
            .unwrap();
        let status = answer.status().as_u16();
        (status, answer.body_mut().read_to_string().unwrap())
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A command's stdout and stderr, one after the other.
pub fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// A copy of the folder `from` (its files and folders) at `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// `judge verify --json PACKAGE` with the fixture's judge.toml, which must pass: its
/// report, and its output shown for a failed assertion.
pub fn verify_package(package: &Path) -> (serde_json::Value, String) {
    let fixture = fixture();
    let output = judge(
        &fixture.config,
        &["verify", "--json", package.to_str().unwrap()],
    );
    let shown = text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    let report = serde_json::from_slice(&output.stdout).unwrap_or(serde_json::Value::Null);
    (report, shown)
}

/// The outcome in a `judge verify --json` report of the kept submission whose file ends
/// with `name` (`two-files`, or `halves.py (pypy3)` for its run on an alternative).
pub fn verify_outcome(value: &serde_json::Value, name: &str) -> Option<serde_json::Value> {
    use serde_json::Value;
    match value {
        Value::Object(map) => {
            let file = map.get("file").and_then(Value::as_str);
            if file.is_some_and(|f| f.ends_with(name)) {
                return Some(value.clone());
            }
            map.values().find_map(|v| verify_outcome(v, name))
        }
        Value::Array(items) => items.iter().find_map(|v| verify_outcome(v, name)),
        _ => None,
    }
}
