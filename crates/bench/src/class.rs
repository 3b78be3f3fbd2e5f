//! The generated class of the end-to-end benchmark: S students x the contest's problems,
//! each attempt drawn deterministically (a seeded generator) from the problems'
//! `submissions/<verdict>/` folders, so the class has the languages and verdicts of real
//! submissions. Most students' files carry a first comment line with their name (so their
//! sources differ, as real ones do, and each is compiled); some are verbatim copies of the
//! kept file (identical sources: compile-cache hits); some students make two or three
//! attempts at a problem (rejected ones first, then one drawn like a single attempt).

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// How the class is drawn.
#[derive(Debug, Clone)]
pub struct ClassOptions {
    /// Students.
    pub students: usize,
    /// The generator's seed.
    pub seed: u64,
    /// The problems (ids; each must have a `submissions/` folder).
    pub problems: Vec<String>,
    /// The folder holding `<problem>/submissions/`.
    pub problems_dir: PathBuf,
}

/// How often each verdict folder is drawn for an attempt, in percent (only folders that
/// exist count; the weights are scaled to them).
pub const VERDICT_WEIGHTS: [(&str, u32); 5] = [
    ("accepted", 55),
    ("wrong_answer", 25),
    ("time_limit_exceeded", 8),
    ("run_time_error", 6),
    ("memory_limit_exceeded", 6),
];

/// Percent of attempts copied verbatim (identical to other students' copies).
pub const VERBATIM_PERCENT: u64 = 15;

/// What was generated.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ClassSummary {
    /// Students.
    pub students: usize,
    /// Attempt files.
    pub attempts: usize,
    /// (student, problem) pairs with more than one attempt.
    pub repeated: usize,
    /// Attempts that are verbatim copies of a kept submission.
    pub verbatim: usize,
    /// Attempts by the verdict folder they were drawn from.
    pub by_folder: BTreeMap<String, usize>,
    /// Attempts by file extension.
    pub by_extension: BTreeMap<String, usize>,
    /// Distinct sources (what a compile cache can at best reduce compiles to).
    pub distinct_sources: usize,
}

/// A small deterministic generator (SplitMix64).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// One problem's kept submissions, by verdict folder, sorted.
fn pool(problem_dir: &Path) -> Result<BTreeMap<String, Vec<PathBuf>>> {
    let root = problem_dir.join("submissions");
    let mut folders = BTreeMap::new();
    let entries =
        std::fs::read_dir(&root).with_context(|| format!("reading {}", root.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !entry.path().is_dir() || !VERDICT_WEIGHTS.iter().any(|(f, _)| *f == name) {
            continue;
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(entry.path())?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file() && p.extension().is_some())
            .collect();
        files.sort();
        if !files.is_empty() {
            folders.insert(name, files);
        }
    }
    if !folders.contains_key("accepted") {
        bail!("{}: no accepted submissions to draw from", root.display());
    }
    Ok(folders)
}

fn draw_folder<'a>(
    rng: &mut Rng,
    folders: &'a BTreeMap<String, Vec<PathBuf>>,
    rejected_only: bool,
) -> &'a str {
    let weighted: Vec<(&str, u32)> = VERDICT_WEIGHTS
        .iter()
        .filter(|(f, _)| folders.contains_key(*f) && !(rejected_only && *f == "accepted"))
        .copied()
        .collect();
    let total: u32 = weighted.iter().map(|(_, w)| w).sum();
    if total == 0 {
        return "accepted";
    }
    let mut pick = rng.below(u64::from(total)) as u32;
    for (folder, weight) in &weighted {
        if pick < *weight {
            return folder;
        }
        pick -= weight;
    }
    "accepted"
}

/// The line comment of a source file's language, by extension.
fn comment(extension: &str) -> &'static str {
    match extension {
        "py" => "#",
        _ => "//",
    }
}

/// Writes the class into `out` (emptied first) and says what it holds.
pub fn generate(options: &ClassOptions, out: &Path) -> Result<ClassSummary> {
    if out.exists() {
        std::fs::remove_dir_all(out).with_context(|| format!("emptying {}", out.display()))?;
    }
    let mut pools = BTreeMap::new();
    for problem in &options.problems {
        pools.insert(problem.clone(), pool(&options.problems_dir.join(problem))?);
    }
    let mut rng = Rng::new(options.seed);
    let mut summary = ClassSummary {
        students: options.students,
        ..ClassSummary::default()
    };
    let mut sources = std::collections::BTreeSet::new();
    for index in 1..=options.students {
        let student = format!("student-{index:03}");
        for problem in &options.problems {
            let folders = &pools[problem];
            let attempts = match rng.below(100) {
                0..=79 => 1,
                80..=94 => 2,
                _ => 3,
            };
            if attempts > 1 {
                summary.repeated += 1;
            }
            for attempt in 0..attempts {
                let last = attempt + 1 == attempts;
                let folder = draw_folder(&mut rng, folders, !last);
                let files = &folders[folder];
                let file = &files[rng.below(files.len() as u64) as usize];
                let extension = file
                    .extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let original = std::fs::read_to_string(file)
                    .with_context(|| format!("reading {}", file.display()))?;
                let verbatim = rng.below(100) < VERBATIM_PERCENT;
                let text = if verbatim {
                    original
                } else {
                    format!("{} {student}\n{original}", comment(&extension))
                };
                let target = if attempts == 1 {
                    out.join(&student).join(format!("{problem}.{extension}"))
                } else {
                    out.join(&student).join(problem).join(format!(
                        "2026-11-29T09-{:02}-00.{extension}",
                        10 * (attempt + 1)
                    ))
                };
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                std::fs::write(&target, &text)
                    .with_context(|| format!("writing {}", target.display()))?;
                summary.attempts += 1;
                summary.verbatim += usize::from(verbatim);
                *summary.by_folder.entry(folder.to_string()).or_default() += 1;
                *summary.by_extension.entry(extension).or_default() += 1;
                sources.insert(text);
            }
        }
    }
    summary.distinct_sources = sources.len();
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_is_deterministic() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        let first: Vec<u64> = (0..5).map(|_| a.below(100)).collect();
        let second: Vec<u64> = (0..5).map(|_| b.below(100)).collect();
        assert_eq!(first, second);
        assert!(first.iter().all(|v| *v < 100));
    }
}
