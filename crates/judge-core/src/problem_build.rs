//! Building a problem crate's binaries (reference, generator, validator, checker) with
//! cargo. They are the teacher's trusted code, so they are built outside the sandbox;
//! checkers still run inside it.

use judge_model::{JudgeError, Result};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

/// The binaries of one problem crate, by target name.
#[derive(Debug, Clone, Default)]
pub struct ProblemBinaries {
    /// Target name -> executable.
    pub by_name: BTreeMap<String, PathBuf>,
}

impl ProblemBinaries {
    /// The executable of a binary target, or an error naming the crate and what it has.
    pub fn get(&self, name: &str, crate_dir: &Path) -> Result<&Path> {
        self.by_name
            .get(name)
            .map(PathBuf::as_path)
            .ok_or_else(|| JudgeError::Build {
                what: format!("{}", crate_dir.display()),
                message: format!(
                    "it has no binary named {name:?} (it has: {})",
                    self.by_name.keys().cloned().collect::<Vec<_>>().join(", ")
                ),
            })
    }
}

/// Builds problem crates once per judge process.
#[derive(Debug, Default)]
pub struct Builder {
    built: Mutex<BTreeMap<PathBuf, ProblemBinaries>>,
}

impl Builder {
    /// Builds (or recalls) the release binaries of the crate in `crate_dir`.
    pub fn binaries(&self, crate_dir: &Path) -> Result<ProblemBinaries> {
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(binaries) = built.get(crate_dir) {
            return Ok(binaries.clone());
        }
        let binaries = build(crate_dir)?;
        built.insert(crate_dir.to_path_buf(), binaries.clone());
        Ok(binaries)
    }
}

/// What is missing when cargo cannot be started, in words a teacher can act on: the
/// problem's tools are binaries of its Rust crate, so judging it needs cargo for this
/// user (a judge run as another user than the one who installed Rust finds none, or
/// finds one it may not run).
pub fn cargo_missing(cargo: &std::ffi::OsStr, error: &std::io::Error) -> String {
    let needs = "its checker, validator, generator and reference are binaries of its Rust crate, built with cargo";
    let shown = cargo.to_string_lossy();
    match error.kind() {
        std::io::ErrorKind::NotFound => format!(
            "{needs}, and cargo is not installed for this user ({shown:?} is not on the PATH): install Rust (rustup), put cargo on the PATH, or set CARGO to its path"
        ),
        std::io::ErrorKind::PermissionDenied => format!(
            "{needs}, and this user may not run cargo ({shown}: permission denied; Rust is installed for another user): run the judge as that user, or install Rust for this one, or set CARGO to a cargo this user may run"
        ),
        _ => format!("{needs}, and cargo ({shown}) cannot be started: {error}"),
    }
}

/// Runs `cargo build --release --bins` on a crate and collects the executables it reports.
pub fn build(crate_dir: &Path) -> Result<ProblemBinaries> {
    let manifest = crate_dir.join("Cargo.toml");
    if !manifest.is_file() {
        return Err(JudgeError::file("problem crate", &manifest, "is missing"));
    }
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(&cargo)
        .args([
            "build",
            "--release",
            "--bins",
            "--message-format=json-render-diagnostics",
            "--manifest-path",
        ])
        .arg(&manifest)
        .output()
        .map_err(|e| JudgeError::Build {
            what: crate_dir.display().to_string(),
            message: cargo_missing(&cargo, &e),
        })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.trim().is_empty())
            .rev()
            .take(12)
            .collect();
        return Err(JudgeError::Build {
            what: crate_dir.display().to_string(),
            message: tail.into_iter().rev().collect::<Vec<_>>().join(" | "),
        });
    }
    let mut binaries = ProblemBinaries::default();
    for line in String::from_utf8_lossy(&output.stdout).lines() {
        let Ok(message) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if message["reason"] != "compiler-artifact" {
            continue;
        }
        let manifest_path = message["manifest_path"].as_str().map(PathBuf::from);
        let ours = manifest_path.as_deref().and_then(|p| p.canonicalize().ok())
            == manifest.canonicalize().ok();
        if let (true, Some(executable), Some(name)) = (
            ours,
            message["executable"].as_str(),
            message["target"]["name"].as_str(),
        ) {
            binaries
                .by_name
                .insert(name.to_string(), PathBuf::from(executable));
        }
    }
    Ok(binaries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    #[test]
    fn a_missing_cargo_is_named_with_what_to_do() {
        let missing = cargo_missing("cargo".as_ref(), &Error::from(ErrorKind::NotFound));
        assert!(
            missing.contains("built with cargo")
                && missing.contains("cargo is not installed for this user")
                && missing.contains("set CARGO"),
            "{missing}"
        );
        let denied = cargo_missing(
            "/root/.cargo/bin/cargo".as_ref(),
            &Error::from(ErrorKind::PermissionDenied),
        );
        assert!(
            denied
                .contains("this user may not run cargo (/root/.cargo/bin/cargo: permission denied"),
            "{denied}"
        );
    }
}
