//! End to end: a Kattis package's checktestdata input validator
//! (`input_validators/list.ctd` of the fixture `kattis-ctd`) run by the real `judge
//! verify` through the checktestdata of the Python registry (`pyctd`, which the venv of
//! scripts/setup-bapctools holds), found on the PATH: valid inputs pass, an invalid one
//! is named with checktestdata's message, and without any checktestdata the script is
//! skipped with a warning, not a failure. CI installs the venv and sets
//! JUDGE_REQUIRE_BAPCTOOLS=1, so there a missing tool fails these tests.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn package() -> PathBuf {
    common::fixtures().join("packages/kattis-ctd")
}

/// The folder holding a checktestdata (`checktestdata` or `pyctd`): the venv
/// scripts/setup-bapctools makes. `None` (and the caller skips) only outside CI.
fn tool_folder() -> Option<PathBuf> {
    let venv = common::repository().join("target/bapctools-venv/bin");
    let found = ["checktestdata", "pyctd"]
        .iter()
        .any(|name| venv.join(name).is_file());
    if found {
        return Some(venv);
    }
    assert!(
        std::env::var("JUDGE_REQUIRE_BAPCTOOLS").as_deref() != Ok("1"),
        "JUDGE_REQUIRE_BAPCTOOLS=1 but {} holds no checktestdata (scripts/setup-bapctools)",
        venv.display()
    );
    eprintln!("skipped: no checktestdata; run scripts/setup-bapctools");
    None
}

/// `judge verify PACKAGE` with `path` as the PATH.
fn verify(config: &Path, package: &Path, path: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .env("PATH", path)
        .arg("--config")
        .arg(config)
        .arg("verify")
        .arg(package)
        .output()
        .expect("the judge binary runs")
}

fn with_tool(folder: &Path) -> String {
    format!(
        "{}:{}",
        folder.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

/// The fixture copied, with one more secret test whose input checktestdata rejects
/// (two spaces between the numbers).
fn with_bad_input(scratch: &Path) -> PathBuf {
    let copy = scratch.join("kattis-ctd");
    common::copy_tree(&package(), &copy);
    std::fs::write(copy.join("data/secret/04-two-spaces.in"), "2\n1  2\n").unwrap();
    std::fs::write(copy.join("data/secret/04-two-spaces.ans"), "2\n").unwrap();
    copy
}

#[test]
fn a_checktestdata_validator_accepts_valid_inputs_and_names_an_invalid_one() {
    let Some(folder) = tool_folder() else {
        return;
    };
    let fixture = common::fixture();
    let output = verify(&fixture.config, &package(), &with_tool(&folder));
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("all 4 inputs valid (1 validator)"),
        "{shown}"
    );

    let scratch = tempfile::tempdir().unwrap();
    let bad = with_bad_input(scratch.path());
    let output = verify(&fixture.config, &bad, &with_tool(&folder));
    let shown = common::text(&output);
    assert_ne!(output.status.code(), Some(0), "{shown}");
    // The test's file, the validator, and checktestdata's own words (line 2, column 3).
    assert!(
        shown.contains("kattis-ctd/data/secret/04-two-spaces.in: input_validators/list.ctd says invalid (exit 1): 2:3 expected an integer but got <SPACE>"),
        "{shown}"
    );
}

#[test]
fn without_checktestdata_the_script_is_skipped_with_a_warning() {
    let fixture = common::fixture();
    // A PATH with no checktestdata on it (nothing at all: the judge needs none).
    let empty = tempfile::tempdir().unwrap();
    let path = empty.path().display().to_string();
    let scratch = tempfile::tempdir().unwrap();
    let bad = with_bad_input(scratch.path());
    let output = verify(&fixture.config, &bad, &path);
    let shown = common::text(&output);
    assert_eq!(output.status.code(), Some(0), "{shown}");
    assert!(
        shown.contains("input_validators/list.ctd: a checktestdata script, but neither checktestdata nor pyctd is on the PATH (pip install checktestdata): skipped"),
        "{shown}"
    );
    assert!(
        shown.contains("summary: 1 problem, 1 passed, 0 failed"),
        "{shown}"
    );
}
