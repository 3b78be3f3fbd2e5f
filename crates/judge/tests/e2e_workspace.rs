//! The cargo workspace and problem folders: a problem made of data only (no Cargo.toml)
//! never breaks a cargo command, and every problem crate is a member of the workspace.

mod common;

use std::path::Path;
use std::process::Command;

/// The workspace's members, as written in its Cargo.toml.
fn members() -> Vec<String> {
    let text = std::fs::read_to_string(common::repository().join("Cargo.toml")).unwrap();
    let table: toml::Table = text.parse().unwrap();
    table["workspace"]["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn every_problem_crate_is_listed_and_no_glob_covers_problems() {
    let members = members();
    assert!(
        !members
            .iter()
            .any(|m| m.starts_with("problems/") && m.contains('*')),
        "a glob over problems/ breaks cargo on a data-only problem: {members:?}"
    );
    for entry in std::fs::read_dir(common::repository().join("problems")).unwrap() {
        let dir = entry.unwrap().path();
        let name = format!("problems/{}", dir.file_name().unwrap().to_string_lossy());
        if dir.join("Cargo.toml").is_file() {
            assert!(
                members.contains(&name),
                "{name} is a crate but not a workspace member: add it to Cargo.toml's [workspace] members"
            );
        }
    }
}

/// Copies the workspace manifest into `root` with a stub crate for each member, so that
/// cargo can read the workspace without building anything.
fn stub_workspace(root: &Path) {
    std::fs::copy(
        common::repository().join("Cargo.toml"),
        root.join("Cargo.toml"),
    )
    .unwrap();
    let crate_dirs: Vec<String> = members()
        .iter()
        .flat_map(|member| match member.strip_suffix("/*") {
            Some(folder) => std::fs::read_dir(common::repository().join(folder))
                .unwrap()
                .flatten()
                .filter(|e| e.path().join("Cargo.toml").is_file())
                .map(|e| format!("{folder}/{}", e.file_name().to_string_lossy()))
                .collect(),
            None => vec![member.clone()],
        })
        .collect();
    for dir in crate_dirs {
        let name = dir.rsplit('/').next().unwrap().to_string();
        let path = root.join(&dir);
        std::fs::create_dir_all(path.join("src")).unwrap();
        std::fs::write(
            path.join("Cargo.toml"),
            format!("[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2021\"\n"),
        )
        .unwrap();
        std::fs::write(path.join("src/lib.rs"), "").unwrap();
    }
}

#[test]
fn a_data_only_problem_folder_leaves_cargo_working() {
    let scratch = tempfile::tempdir().unwrap();
    stub_workspace(scratch.path());
    let data_only = scratch.path().join("problems/data-only");
    std::fs::create_dir_all(data_only.join("data/secret")).unwrap();
    std::fs::write(
        data_only.join("problem.toml"),
        "title = \"Data only\"\n[limits]\ntime_s = 1.0\nmemory_mib = 256\n",
    )
    .unwrap();
    std::fs::write(data_only.join("problem.yaml"), "name: Data only\n").unwrap();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--no-deps",
            "--offline",
            "--format-version",
            "1",
        ])
        .current_dir(scratch.path())
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "cargo fails beside a data-only problem: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let names: Vec<&str> = metadata["packages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"maze") && !names.contains(&"data-only"),
        "{names:?}"
    );
}
