//! The disguise benchmark (issue 37): short programs of an introductory course
//! (crates/bench/disguise-corpus, see its README), per task an original, solutions
//! written independently and copies of the original at the six disguise levels of
//! Faidhi and Robinson. One class per task and level: the original, the independent
//! solutions and that level's copies (and a class with a byte-identical copy, the level
//! called "identical"). Each tool scores every file of a class by its similarity to the
//! original; [`levels`](super::levels) turns that into the AUC and the copies ranked
//! above every independent solution.

use super::levels::{score, Ranked, Score};
use super::peers::{self, Peer};
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use similarity::{analyze, Language, Options, Submission};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The levels of Faidhi and Robinson, and the byte-identical copy (level 0).
pub const LEVELS: [&str; 7] = ["identical", "L1", "L2", "L3", "L4", "L5", "L6"];

/// The row over every disguised copy (L1 to L6).
pub const ALL: &str = "all";

/// One task of the corpus.
#[derive(Debug, Clone)]
pub struct Task {
    /// Its folder's name.
    pub name: String,
    /// Its language.
    pub language: Language,
    /// Its files' extension.
    pub extension: String,
    /// The original.
    pub original: Vec<u8>,
    /// The independent solutions, by name (`solo-1`).
    pub independents: Vec<(String, Vec<u8>)>,
    /// The copies by level (1 to 6), by name (`L3`, `L3-b`).
    pub copies: BTreeMap<usize, Vec<(String, Vec<u8>)>>,
}

/// What a file of a task is, from its name.
fn role(stem: &str) -> Option<(usize, bool)> {
    if stem == "original" {
        return Some((0, false));
    }
    if stem.starts_with("solo-") {
        return Some((0, true));
    }
    let level = stem.strip_prefix('L')?;
    let digits = level.split('-').next()?;
    match digits.parse::<usize>() {
        Ok(n) if (1..=6).contains(&n) => Some((n, false)),
        _ => None,
    }
}

/// Reads the corpus: one folder per task.
pub fn read_corpus(dir: &Path) -> Result<Vec<Task>> {
    let mut tasks = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("reading {}", dir.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let name = folder
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut original = None;
        let mut language = None;
        let mut independents = Vec::new();
        let mut copies: BTreeMap<usize, Vec<(String, Vec<u8>)>> = BTreeMap::new();
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .with_context(|| format!("reading {}", folder.display()))?
            .flatten()
            .map(|e| e.path())
            .collect();
        files.sort();
        for path in files {
            let file_name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let Some(file_language) = Language::from_file_name(&file_name) else {
                continue;
            };
            let (stem, extension) = file_name.rsplit_once('.').unwrap_or((&file_name, ""));
            let Some((level, independent)) = role(stem) else {
                bail!(
                    "{}: not original, solo-N or L1..L6 (see the corpus README)",
                    path.display()
                );
            };
            if language.is_some_and(|l| l != (file_language, extension.to_string())) {
                bail!("{}: another language than the task's", path.display());
            }
            language = Some((file_language, extension.to_string()));
            let text =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            match (level, independent) {
                (0, false) => original = Some(text),
                (0, true) => independents.push((stem.to_string(), text)),
                (level, _) => copies
                    .entry(level)
                    .or_default()
                    .push((stem.to_string(), text)),
            }
        }
        let (Some(original), Some((language, extension))) = (original, language) else {
            bail!("{}: no original", folder.display());
        };
        if independents.is_empty() {
            bail!("{}: no independent solution (solo-N)", folder.display());
        }
        tasks.push(Task {
            name,
            language,
            extension,
            original,
            independents,
            copies,
        });
    }
    if tasks.is_empty() {
        bail!("{}: no task folders", dir.display());
    }
    Ok(tasks)
}

/// One class: the original first, then the independent solutions, then the copies.
#[derive(Debug, Clone)]
pub struct Class {
    /// Its task.
    pub task: String,
    /// Its level (an index into [`LEVELS`]).
    pub level: usize,
    /// Its language.
    pub language: Language,
    /// Its files' extension.
    pub extension: String,
    /// Its files: name and text.
    pub files: Vec<(String, Vec<u8>)>,
    /// How many of them (after the original) are independent solutions.
    pub independents: usize,
}

/// The classes of the corpus: per task, one per level that has copies.
pub fn classes(tasks: &[Task]) -> Vec<Class> {
    let mut classes = Vec::new();
    for task in tasks {
        let identical = vec![("identical".to_string(), task.original.clone())];
        let levels =
            std::iter::once((0, &identical)).chain(task.copies.iter().map(|(l, c)| (*l, c)));
        for (level, copies) in levels {
            let mut files = vec![("original".to_string(), task.original.clone())];
            files.extend(task.independents.iter().cloned());
            files.extend(copies.iter().cloned());
            classes.push(Class {
                task: task.name.clone(),
                level,
                language: task.language,
                extension: task.extension.clone(),
                files,
                independents: task.independents.len(),
            });
        }
    }
    classes
}

/// Each class's files' similarity to its original, by `judge similarity`'s library with
/// its default options (each class is one problem of one analysis).
pub fn ours(classes: &[Class]) -> Vec<Vec<f64>> {
    let mut submissions = Vec::new();
    for (c, class) in classes.iter().enumerate() {
        for (name, text) in &class.files {
            submissions.push(Submission {
                student: name.clone(),
                problem: format!("{c:04}"),
                file: format!(
                    "{}/{}/{name}.{}",
                    class.task, LEVELS[class.level], class.extension
                ),
                language: class.language,
                source: text.clone(),
            });
        }
    }
    let analysis = analyze(submissions, &[], &Options::default());
    classes
        .iter()
        .enumerate()
        .map(|(c, class)| {
            let mut scores = vec![0.0; class.files.len()];
            scores[0] = 1.0;
            let Some(problem) = analysis
                .problems
                .iter()
                .find(|p| p.problem == format!("{c:04}"))
            else {
                return scores;
            };
            let index = |name: &str| problem.files.iter().position(|f| f.student == name);
            let Some(original) = index("original") else {
                return scores;
            };
            for (i, (name, _)) in class.files.iter().enumerate().skip(1) {
                let Some(file) = index(name) else { continue };
                scores[i] = problem
                    .pairs
                    .iter()
                    .find(|p| (p.a, p.b) == (original.min(file), original.max(file)))
                    .map_or(0.0, |p| p.similarity);
            }
            scores
        })
        .collect()
}

/// A copy that some independent solution of its task scored as high as or higher than.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Miss {
    /// The task.
    pub task: String,
    /// The copy (`L4`).
    pub copy: String,
    /// Its similarity to the original.
    pub similarity: f64,
    /// The highest similarity of an independent solution.
    pub best_independent: f64,
}

/// One class's scores by one tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClassScores {
    /// The task.
    pub task: String,
    /// The level.
    pub level: String,
    /// Each file (after the original) and its similarity to the original.
    pub files: Vec<(String, f64)>,
}

/// One tool's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolRun {
    /// Its name (`ours`, `Dolos`, `copydetect`).
    pub tool: String,
    /// Its version, when it ran.
    pub version: Option<String>,
    /// Why it did not run (not installed).
    pub not_run: Option<String>,
    /// Per row of [`DisguiseReport::levels`].
    pub scores: Vec<Score>,
    /// The copies not ranked above every independent solution.
    pub misses: Vec<Miss>,
    /// Every file's similarity to its original, class by class.
    #[serde(default)]
    pub classes: Vec<ClassScores>,
}

/// A task's files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskRow {
    /// The task.
    pub task: String,
    /// Its language.
    pub language: String,
    /// Its independent solutions.
    pub independents: usize,
    /// Its disguised copies (L1 to L6).
    pub copies: usize,
}

/// The disguise benchmark's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DisguiseReport {
    /// The tasks.
    pub tasks: Vec<TaskRow>,
    /// The rows: the levels present, then [`ALL`].
    pub levels: Vec<String>,
    /// Ours first, then the peers.
    pub tools: Vec<ToolRun>,
}

/// The figures of one tool's scores (per class, per file: similarity to the original).
fn figures(tool: &str, classes: &[Class], scores: &[Vec<f64>], levels: &[usize]) -> ToolRun {
    let mut by_level: BTreeMap<usize, Vec<Ranked>> = BTreeMap::new();
    let mut misses = Vec::new();
    for (class, scores) in classes.iter().zip(scores) {
        let independents = &scores[1..1 + class.independents];
        let best = independents.iter().copied().fold(0.0, f64::max);
        for (i, copy) in scores.iter().enumerate().skip(1 + class.independents) {
            by_level.entry(class.level).or_default().push(Ranked {
                copy: *copy,
                independents,
            });
            if class.level > 0 && !super::levels::above_all(*copy, independents) {
                misses.push(Miss {
                    task: class.task.clone(),
                    copy: class.files[i].0.clone(),
                    similarity: *copy,
                    best_independent: best,
                });
            }
        }
    }
    let mut rows: Vec<Score> = levels
        .iter()
        .map(|l| score(by_level.get(l).map_or(&[][..], |v| v.as_slice())))
        .collect();
    let disguised: Vec<Ranked> = by_level
        .iter()
        .filter(|(l, _)| **l > 0)
        .flat_map(|(_, v)| v.iter().cloned())
        .collect();
    rows.push(score(&disguised));
    ToolRun {
        tool: tool.to_string(),
        version: None,
        not_run: None,
        scores: rows,
        misses,
        classes: classes
            .iter()
            .zip(scores)
            .map(|(class, scores)| ClassScores {
                task: class.task.clone(),
                level: LEVELS[class.level].to_string(),
                files: class
                    .files
                    .iter()
                    .zip(scores)
                    .skip(1)
                    .map(|((name, _), score)| (name.clone(), *score))
                    .collect(),
            })
            .collect(),
    }
}

/// Runs the benchmark on `corpus`: ours, and each peer installed under `peers`; `work`
/// holds the classes written out for the peers.
pub fn measure(corpus: &Path, peers_dir: Option<&Path>, work: &Path) -> Result<DisguiseReport> {
    let tasks = read_corpus(corpus)?;
    let classes = classes(&tasks);
    let mut levels: Vec<usize> = classes.iter().map(|c| c.level).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut tools = vec![figures("ours", &classes, &ours(&classes), &levels)];
    let paths = peers::write_classes(&classes, &work.join("disguise-classes"))?;
    for peer in [Peer::Dolos, Peer::Copydetect] {
        let run = match peers_dir.filter(|dir| peer.installed(dir)) {
            Some(dir) => {
                let (version, scores) = peer
                    .run(dir, &paths, work)
                    .with_context(|| format!("running {}", peer.name()))?;
                ToolRun {
                    version: Some(version),
                    ..figures(peer.name(), &classes, &scores, &levels)
                }
            }
            None => ToolRun {
                tool: peer.name().to_string(),
                version: None,
                not_run: Some("not installed (scripts/setup-similarity-peers)".to_string()),
                scores: Vec::new(),
                misses: Vec::new(),
                classes: Vec::new(),
            },
        };
        tools.push(run);
    }
    Ok(DisguiseReport {
        tasks: tasks
            .iter()
            .map(|t| TaskRow {
                task: t.name.clone(),
                language: t.language.name().to_string(),
                independents: t.independents.len(),
                copies: t.copies.values().map(Vec::len).sum(),
            })
            .collect(),
        levels: levels
            .iter()
            .map(|l| LEVELS[*l].to_string())
            .chain(std::iter::once(ALL.to_string()))
            .collect(),
        tools,
    })
}
