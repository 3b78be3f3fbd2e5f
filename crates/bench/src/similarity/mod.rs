//! Benchmark 5: `judge similarity` on short disguised programs beside its peers
//! ([`disguise`]), and as the class grows (this module). Classes of S students x the four
//! problems are generated from the similarity corpus (crates/similarity/tests/corpus):
//! each student's file is a corpus solution, or (one in five) a copy of an earlier
//! student's file, and every file is then mutated as students disguise code (every
//! identifier renamed, comment lines inserted, a line or two deleted). The real binary is
//! timed from outside on each size; the same files are also analysed in process for the
//! time of each phase.
//!
//! With some 15 corpus solutions per problem, many students start from the same one: the
//! class is far more alike than a real one, so nearly every pair is a candidate and
//! scored. That makes the figures an upper bound on the cost of a class of that size.

pub mod disguise;
pub mod disguise_table;
pub mod levels;
pub mod peers;

use crate::class::Rng;
use crate::stats::Summary;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use similarity::token::Kind;
use similarity::{analyze, Language, Options, Submission};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Percent of students whose file for a problem is a copy of an earlier student's.
pub const COPY_PERCENT: u64 = 20;

/// The target of issue 18: 200 students x 4 problems within 10 s.
pub const TARGET_STUDENTS: usize = 200;
/// See [`TARGET_STUDENTS`].
pub const TARGET_S: f64 = 10.0;

/// What to run.
#[derive(Debug, Clone)]
pub struct SimilarityOptions {
    /// The `judge` executable (none: the phases in process only).
    pub judge: Option<PathBuf>,
    /// judge.toml (its contest must hold the corpus's problems).
    pub config: PathBuf,
    /// The corpus: one folder per problem.
    pub corpus: PathBuf,
    /// Class sizes.
    pub students: Vec<usize>,
    /// The generator's seed.
    pub seed: u64,
    /// Timed runs of the binary per size.
    pub repeats: usize,
    /// A work folder (classes and reports go there).
    pub work: PathBuf,
    /// The disguise corpus ([`disguise`]; none: not run).
    pub disguise_corpus: Option<PathBuf>,
    /// Where scripts/setup-similarity-peers installed Dolos and copydetect (none, or
    /// not installed there: their columns say so).
    pub peers: Option<PathBuf>,
}

/// One generated file.
#[derive(Debug, Clone)]
struct Generated {
    student: String,
    problem: String,
    extension: String,
    text: String,
    /// The student whose file this one copies, if it is a copy.
    copies: Option<String>,
}

/// The figures of one class size.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SizeRun {
    /// Students.
    pub students: usize,
    /// Files (students x problems).
    pub files: usize,
    /// Their size, bytes.
    pub bytes: usize,
    /// Files that are (mutated) copies of an earlier student's.
    pub planted_copies: usize,
    /// Of those, how many are flagged at 0.5 with the file they copy.
    pub planted_found: usize,
    /// Pairs that shared anything and were scored.
    pub pairs_scored: usize,
    /// Pairs flagged at 0.5.
    pub flagged: usize,
    /// The binary's wall time over the repeats, seconds (when it was run).
    pub wall_s: Option<Summary>,
    /// In process: parsing, tokenizing and fingerprinting, seconds.
    pub tokenize_s: f64,
    /// In process: counting common fingerprints and discounting.
    pub discount_s: f64,
    /// In process: finding and scoring pairs.
    pub pairs_s: f64,
    /// In process: the HTML report (fragments of every listed pair), CSV and JSON.
    pub reports_s: f64,
    /// The HTML report's size, bytes.
    pub html_bytes: usize,
}

/// The benchmark's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SimilarityReport {
    /// Problems per class.
    pub problems: Vec<String>,
    /// Timed runs per size.
    pub repeats: usize,
    /// Threads the library used.
    pub jobs: usize,
    /// The generator's seed.
    pub seed: u64,
    /// Each size.
    pub sizes: Vec<SizeRun>,
    /// The disguise benchmark, beside the peers (none in records made before it).
    #[serde(default)]
    pub disguise: Option<disguise::DisguiseReport>,
}

/// The corpus's files, by problem.
fn corpus_files(corpus: &Path) -> Result<BTreeMap<String, Vec<PathBuf>>> {
    let mut problems = BTreeMap::new();
    let entries =
        std::fs::read_dir(corpus).with_context(|| format!("reading {}", corpus.display()))?;
    for entry in entries.flatten() {
        if !entry.path().is_dir() {
            continue;
        }
        let mut files: Vec<PathBuf> = std::fs::read_dir(entry.path())?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.to_str().and_then(Language::from_file_name).is_some())
            .collect();
        files.sort();
        if !files.is_empty() {
            problems.insert(entry.file_name().to_string_lossy().into_owned(), files);
        }
    }
    if problems.is_empty() {
        bail!("{}: no problem folders with solutions", corpus.display());
    }
    Ok(problems)
}

/// Renames every identifier of `text` (the tokenizer's identifier tokens) to a name of
/// this student's; inserts comment lines; deletes up to two lines that end a statement.
fn mutate(text: &str, language: Language, student: usize, rng: &mut Rng) -> String {
    let mut names: BTreeSet<String> = BTreeSet::new();
    if let Ok(tokenized) = similarity::tokenize::tokenize(language, text.as_bytes()) {
        for token in tokenized.tokens.iter().filter(|t| t.kind == Kind::Id) {
            let name = &text[token.start as usize..token.end as usize];
            let plain = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && name.starts_with(|c: char| c.is_ascii_lowercase());
            if plain && !matches!(name, "this" | "self" | "super" | "main") {
                names.insert(name.to_string());
            }
        }
    }
    let renamed: BTreeMap<&str, String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| (name.as_str(), format!("{name}_{student}_{i}")))
        .collect();
    let mut out = String::with_capacity(text.len() + 64);
    let mut word = String::new();
    for c in text.chars().chain(std::iter::once('\0')) {
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            let starts_with_digit = word.starts_with(|d: char| d.is_ascii_digit());
            match renamed.get(word.as_str()) {
                Some(new) if !starts_with_digit => out.push_str(new),
                _ => out.push_str(&word),
            }
            word.clear();
        }
        if c != '\0' {
            out.push(c);
        }
    }
    let comment = if language == Language::Python {
        "#"
    } else {
        "//"
    };
    let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
    for _ in 0..2 {
        let deletable: Vec<usize> = (0..lines.len())
            .filter(|&i| {
                let line = lines[i].trim_end();
                if language == Language::Python {
                    let indent = |l: &str| l.len() - l.trim_start().len();
                    !line.trim().is_empty()
                        && !line.ends_with(':')
                        && i + 1 < lines.len()
                        && indent(&lines[i + 1]) == indent(line)
                        && i > 0
                        && indent(&lines[i - 1]) == indent(line)
                } else {
                    line.ends_with(';') && !line.trim_start().starts_with("for")
                }
            })
            .collect();
        if !deletable.is_empty() && rng.below(2) == 0 {
            lines.remove(deletable[rng.below(deletable.len() as u64) as usize]);
        }
    }
    for n in 0..1 + rng.below(3) {
        let at = rng.below(lines.len() as u64 + 1) as usize;
        let indent: String = lines
            .get(at)
            .map(|l| l.chars().take_while(|c| c.is_whitespace()).collect())
            .unwrap_or_default();
        lines.insert(
            at,
            format!("{indent}{comment} step {n} (student {student})"),
        );
    }
    lines.join("\n") + "\n"
}

/// Generates a class of `students` x the corpus's problems.
fn generate(
    corpus: &BTreeMap<String, Vec<PathBuf>>,
    students: usize,
    seed: u64,
) -> Result<Vec<Generated>> {
    let mut rng = Rng::new(seed);
    let mut files: Vec<Generated> = Vec::new();
    for (problem, sources) in corpus {
        let first = files.len();
        for s in 0..students {
            let student = format!("s{s:04}");
            let earlier = files.len() - first;
            let (base, extension, copies) = if earlier > 0 && rng.below(100) < COPY_PERCENT {
                let source = &files[first + rng.below(earlier as u64) as usize];
                (
                    source.text.clone(),
                    source.extension.clone(),
                    Some(source.student.clone()),
                )
            } else {
                let path = &sources[rng.below(sources.len() as u64) as usize];
                let text = std::fs::read_to_string(path)
                    .with_context(|| format!("reading {}", path.display()))?;
                let extension = path
                    .extension()
                    .map_or(String::new(), |e| e.to_string_lossy().into_owned());
                (text, extension, None)
            };
            let language = Language::from_extension(&extension).unwrap_or(Language::C);
            files.push(Generated {
                student,
                problem: problem.clone(),
                text: mutate(&base, language, s, &mut rng),
                extension,
                copies,
            });
        }
    }
    Ok(files)
}

fn write_class(files: &[Generated], dir: &Path) -> Result<()> {
    if dir.exists() {
        std::fs::remove_dir_all(dir).with_context(|| format!("emptying {}", dir.display()))?;
    }
    for file in files {
        let path = dir
            .join(&file.student)
            .join(format!("{}.{}", file.problem, file.extension));
        std::fs::create_dir_all(path.parent().unwrap_or(dir))?;
        std::fs::write(&path, &file.text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Times the binary on one class.
fn run_binary(judge: &Path, options: &SimilarityOptions, class: &Path, out: &Path) -> Result<f64> {
    let started = Instant::now();
    let output = Command::new(judge)
        .arg("--config")
        .arg(&options.config)
        .arg("similarity")
        .arg(class)
        .arg("--out")
        .arg(out)
        .output()
        .with_context(|| format!("running {}", judge.display()))?;
    let wall = started.elapsed().as_secs_f64();
    if !output.status.success() {
        bail!(
            "judge similarity failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    Ok(wall)
}

/// Runs the disguise benchmark, then measures every size.
pub fn measure(options: &SimilarityOptions) -> Result<SimilarityReport> {
    let disguise = match &options.disguise_corpus {
        Some(corpus) => Some(disguise::measure(
            corpus,
            options.peers.as_deref(),
            &options.work,
        )?),
        None => None,
    };
    let corpus = corpus_files(&options.corpus)?;
    let library = Options::default();
    let mut sizes = Vec::new();
    for &students in &options.students {
        let files = generate(&corpus, students, options.seed)?;
        let class = options.work.join(format!("class-{students}"));
        write_class(&files, &class)?;
        let out = options.work.join(format!("report-{students}"));
        let mut walls = Vec::new();
        if let Some(judge) = &options.judge {
            for _ in 0..options.repeats.max(1) {
                walls.push(run_binary(judge, options, &class, &out)?);
            }
        }
        let submissions: Vec<Submission> = files
            .iter()
            .map(|f| Submission {
                student: f.student.clone(),
                problem: f.problem.clone(),
                file: format!("{}/{}.{}", f.student, f.problem, f.extension),
                language: Language::from_extension(&f.extension).unwrap_or(Language::C),
                source: f.text.clone().into_bytes(),
            })
            .collect();
        let bytes = submissions.iter().map(|s| s.source.len()).sum();
        let analysis = analyze(submissions, &[], &library);
        let clock = Instant::now();
        let summary = similarity::report::summarize(&analysis, &[], 0.5);
        let html = similarity::report::html::render(&analysis, &summary);
        let _ = similarity::report::csv::render(&summary);
        let _ = similarity::report::json::render(&summary);
        let reports_s = clock.elapsed().as_secs_f64();
        let mut flagged_pairs = BTreeSet::new();
        for problem in &summary.problems {
            for pair in problem.pairs.iter().filter(|p| p.similarity >= 0.5) {
                flagged_pairs.insert((
                    problem.problem.clone(),
                    pair.student_a.clone(),
                    pair.student_b.clone(),
                ));
                flagged_pairs.insert((
                    problem.problem.clone(),
                    pair.student_b.clone(),
                    pair.student_a.clone(),
                ));
            }
        }
        let planted: Vec<&Generated> = files.iter().filter(|f| f.copies.is_some()).collect();
        let planted_found = planted
            .iter()
            .filter(|f| {
                flagged_pairs.contains(&(
                    f.problem.clone(),
                    f.student.clone(),
                    f.copies.clone().unwrap_or_default(),
                ))
            })
            .count();
        sizes.push(SizeRun {
            students,
            files: files.len(),
            bytes,
            planted_copies: planted.len(),
            planted_found,
            pairs_scored: analysis.problems.iter().map(|p| p.pairs.len()).sum(),
            flagged: flagged_pairs.len() / 2,
            wall_s: Summary::of(&walls),
            tokenize_s: analysis.timings.tokenize_s,
            discount_s: analysis.timings.discount_s,
            pairs_s: analysis.timings.pairs_s,
            reports_s,
            html_bytes: html.len(),
        });
    }
    Ok(SimilarityReport {
        problems: corpus.keys().cloned().collect(),
        repeats: options.repeats.max(1),
        jobs: library.jobs,
        seed: options.seed,
        sizes,
        disguise,
    })
}
