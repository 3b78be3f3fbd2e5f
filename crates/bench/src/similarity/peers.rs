//! The tools `judge similarity` is compared with, run as teachers run them (their
//! default settings) on the same classes: Dolos (npm `@dodona/dolos-lib`) and copydetect
//! (pip), installed by scripts/setup-similarity-peers. Each runs once over every class
//! through a small script of ours (crates/bench/peers/), which prints every pair's
//! similarity as JSON.

use super::disguise::{Class, LEVELS};
use anyhow::{bail, Context, Result};
use serde::Deserialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The Dolos runner.
const DOLOS_SCRIPT: &str = include_str!("../../peers/dolos.mjs");
/// The copydetect runner.
const COPYDETECT_SCRIPT: &str = include_str!("../../peers/copydetect_pairs.py");

/// A peer tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peer {
    /// Dolos.
    Dolos,
    /// copydetect.
    Copydetect,
}

/// What a runner prints.
#[derive(Debug, Deserialize)]
struct Output {
    version: String,
    /// Per class: (i, j, similarity).
    pairs: Vec<Vec<(usize, usize, f64)>>,
}

impl Peer {
    /// Its name in the report.
    pub fn name(self) -> &'static str {
        match self {
            Peer::Dolos => "Dolos",
            Peer::Copydetect => "copydetect",
        }
    }

    /// Whether it is installed under `dir`.
    pub fn installed(self, dir: &Path) -> bool {
        match self {
            Peer::Dolos => dir
                .join("dolos/node_modules/@dodona/dolos-lib/package.json")
                .is_file(),
            Peer::Copydetect => dir.join("copydetect-venv/bin/python").is_file(),
        }
    }

    /// Runs it over `classes` (each a list of files, the original first): its version and,
    /// per class, each file's similarity to the original. `work` gets the runner script.
    pub fn run(
        self,
        dir: &Path,
        classes: &[Vec<PathBuf>],
        work: &Path,
    ) -> Result<(String, Vec<Vec<f64>>)> {
        std::fs::create_dir_all(work).with_context(|| format!("creating {}", work.display()))?;
        let mut command = match self {
            Peer::Dolos => {
                let script = work.join("dolos.mjs");
                std::fs::write(&script, DOLOS_SCRIPT)
                    .with_context(|| format!("writing {}", script.display()))?;
                let mut c = Command::new("node");
                c.arg(script).arg(dir);
                c
            }
            Peer::Copydetect => {
                let script = work.join("copydetect_pairs.py");
                std::fs::write(&script, COPYDETECT_SCRIPT)
                    .with_context(|| format!("writing {}", script.display()))?;
                let mut c = Command::new(dir.join("copydetect-venv/bin/python"));
                c.arg(script);
                c
            }
        };
        let input = serde_json::to_vec(classes)?;
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("starting {:?}", command.get_program()))?;
        let mut stdin = child.stdin.take().context("the runner's stdin")?;
        // Written from a thread: a runner that prints while it reads cannot block us.
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let output = child.wait_with_output()?;
        writer
            .join()
            .map_err(|_| anyhow::anyhow!("the writing thread panicked"))??;
        if !output.status.success() {
            bail!(
                "{} failed ({}): {}",
                self.name(),
                output.status,
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        let parsed: Output = serde_json::from_slice(&output.stdout)
            .with_context(|| format!("reading {}'s output", self.name()))?;
        if parsed.pairs.len() != classes.len() {
            bail!(
                "{} answered for {} classes of {}",
                self.name(),
                parsed.pairs.len(),
                classes.len()
            );
        }
        let scores = classes
            .iter()
            .zip(&parsed.pairs)
            .map(|(files, pairs)| {
                let mut scores = vec![0.0; files.len()];
                scores[0] = 1.0;
                for &(i, j, similarity) in pairs {
                    let other = match (i, j) {
                        (0, other) | (other, 0) => other,
                        _ => continue,
                    };
                    if let Some(score) = scores.get_mut(other).filter(|_| other > 0) {
                        *score = similarity;
                    }
                }
                scores
            })
            .collect();
        Ok((parsed.version, scores))
    }
}

/// Writes every class to `dir/<task>-<level>/<name>.<ext>`, anew; each class's paths, the
/// original first.
pub fn write_classes(classes: &[Class], dir: &Path) -> Result<Vec<Vec<PathBuf>>> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("emptying {}", dir.display()))?;
    }
    let mut all = Vec::new();
    for class in classes {
        let folder = dir.join(format!("{}-{}", class.task, LEVELS[class.level]));
        std::fs::create_dir_all(&folder)
            .with_context(|| format!("creating {}", folder.display()))?;
        let mut paths = Vec::new();
        for (name, text) in &class.files {
            let path = folder.join(format!("{name}.{}", class.extension));
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
            paths.push(path);
        }
        all.push(paths);
    }
    Ok(all)
}
