//! `judge similarity SUBMISSIONS --out DIR`: which students' submissions were copied from
//! each other, per problem, on the class folder `judge contest` reads (found by
//! judge-core's contest discovery); writes index.html, similarity.csv and
//! similarity.json, and prints the flagged pairs.

use super::common::{load_config, GlobalOptions};
use anyhow::{bail, Context};
use judge_contest::{discover, AttemptFile};
use judge_model::language::Languages;
use judge_model::text::escape::terminal_line;
use similarity::analysis::Skipped;
use similarity::report::{self, html, Summary};
use similarity::BadInput;
use similarity::{analyze, BaseFile, Language, Options, Submission};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `judge similarity`.
#[derive(Debug, clap::Args)]
pub struct SimilarityArgs {
    /// The submissions, as `judge contest` reads them: <student>/<problem>.<ext>, or
    /// <student>/<problem>/<attempt>.<ext> for several attempts.
    pub submissions: PathBuf,
    /// Where the reports go: index.html, similarity.csv, similarity.json.
    #[arg(long)]
    pub out: PathBuf,
    /// Only this problem (repeat for several; default: every problem of the contest).
    #[arg(long = "problem", value_name = "ID")]
    pub problems: Vec<String>,
    /// Code the teacher handed out (starter code, templates): what matches it does not
    /// count. Several files may follow one --base.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub base: Vec<PathBuf>,
    /// Pairs at or above this similarity (0 to 1) are flagged.
    #[arg(long, default_value_t = 0.5)]
    pub threshold: f64,
    /// Compare every attempt, not only each student's latest per problem.
    #[arg(long)]
    pub all_attempts: bool,
    /// The course's contest whose problems the class solved, by id (default: the first,
    /// `[contest]`).
    #[arg(long, value_name = "ID")]
    pub contest: Option<String>,
}

/// The similarity tokenizer's language for a judge.toml language, by its source file's
/// extension (`main.cpp`).
fn language_of(languages: &Languages, id: &str) -> Option<Language> {
    let language = languages.by_id(id).ok()?;
    Language::from_file_name(&language.spec.source)
}

/// Each student's latest attempt per problem (by time, then name), or all of them.
fn chosen(attempts: Vec<AttemptFile>, all: bool) -> Vec<AttemptFile> {
    if all {
        return attempts;
    }
    let mut latest: BTreeMap<(String, String), AttemptFile> = BTreeMap::new();
    for attempt in attempts {
        let key = (attempt.student.clone(), attempt.problem.clone());
        match latest.get(&key) {
            Some(kept) if (kept.submitted_at, &kept.id) >= (attempt.submitted_at, &attempt.id) => {}
            _ => {
                latest.insert(key, attempt);
            }
        }
    }
    latest.into_values().collect()
}

fn skipped(attempt: &AttemptFile, reason: BadInput) -> Skipped {
    Skipped {
        student: attempt.student.clone(),
        problem: attempt.problem.clone(),
        file: attempt.id.clone(),
        reason,
    }
}

fn base_files(paths: &[PathBuf]) -> anyhow::Result<Vec<BaseFile>> {
    paths
        .iter()
        .map(|path| {
            let name = path.display().to_string();
            let language = path
                .file_name()
                .and_then(|n| Language::from_file_name(&n.to_string_lossy()))
                .with_context(|| {
                    format!("base file {name}: cannot tell its language from its name (.c, .cpp, .java, .py, .rs)")
                })?;
            let source = std::fs::read(path).with_context(|| format!("base file {name}"))?;
            Ok(BaseFile {
                name,
                language,
                source,
            })
        })
        .collect()
}

fn write(path: &Path, text: &str) -> anyhow::Result<()> {
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// Flagged pairs printed per problem (the reports have them all).
const SHOWN: usize = 20;

fn print_summary(summary: &Summary) {
    for problem in &summary.problems {
        let flagged: Vec<_> = problem
            .pairs
            .iter()
            .filter(|p| p.similarity >= summary.threshold)
            .collect();
        println!(
            "{}: {} students, {} files; pairs at or above {:.0} %: {}",
            terminal_line(&problem.problem),
            problem.students,
            problem.files,
            summary.threshold * 100.0,
            flagged.len()
        );
        let shown = flagged.len().min(SHOWN);
        for pair in &flagged[..shown] {
            println!(
                "  {:3.0} %  {} ({:.0} %)  {} ({:.0} %)",
                pair.similarity * 100.0,
                terminal_line(&pair.file_a),
                pair.share_a * 100.0,
                terminal_line(&pair.file_b),
                pair.share_b * 100.0
            );
        }
        if flagged.len() > shown {
            println!("  ... and {} more (see the reports)", flagged.len() - shown);
        }
    }
    if !summary.skipped.is_empty() {
        println!("not compared:");
        for s in &summary.skipped {
            println!(
                "  {}: {}",
                terminal_line(&s.file),
                terminal_line(&s.reason.to_string())
            );
        }
    }
    for s in &summary.base_skipped {
        println!(
            "base file {} not used: {}",
            terminal_line(&s.file),
            terminal_line(&s.reason.to_string())
        );
    }
}

/// Runs `judge similarity`.
pub fn execute(cli: &GlobalOptions, args: &SimilarityArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let config = load_config(cli.config.as_ref())?;
    if !args.submissions.is_dir() {
        bail!(
            "submissions folder {}: not found",
            args.submissions.display()
        );
    }
    if !(0.0..=1.0).contains(&args.threshold) {
        bail!("--threshold {}: must be between 0 and 1", args.threshold);
    }
    let course = config.course();
    let contest = course.chosen(args.contest.as_deref())?;
    for problem in &args.problems {
        if !contest.problems.iter().any(|p| &p.id == problem) {
            bail!(
                "--problem {problem}: not a problem of contest {} ({})",
                contest.id,
                contest
                    .problems
                    .iter()
                    .map(|p| p.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    let base = base_files(&args.base)?;
    let languages = &config.languages;
    let attempts = discover(
        &args.submissions,
        contest,
        languages,
        config.compile.max_source_kib,
    )?;
    let wanted = |a: &AttemptFile| args.problems.is_empty() || args.problems.contains(&a.problem);
    let mut not_compared = Vec::new();
    let mut usable = Vec::new();
    for attempt in attempts.into_iter().filter(wanted) {
        match &attempt.rejected {
            Some(reason) => not_compared.push(skipped(&attempt, BadInput::Refused(reason.clone()))),
            None => usable.push(attempt),
        }
    }
    let mut submissions = Vec::new();
    for attempt in chosen(usable, args.all_attempts) {
        let Some(language) = attempt
            .language
            .as_deref()
            .and_then(|id| language_of(languages, id))
        else {
            let reason = BadInput::UnknownLanguage(
                attempt.language.as_deref().unwrap_or("unknown").to_string(),
            );
            not_compared.push(skipped(&attempt, reason));
            continue;
        };
        // Discovery read the file once (refusing links, FIFOs and foreign hard links).
        submissions.push(Submission {
            student: attempt.student.clone(),
            problem: attempt.problem.clone(),
            file: attempt.id.clone(),
            language,
            source: attempt.all_sources(),
        });
    }
    let analysis = analyze(submissions, &base, &Options::default());
    let base_names: Vec<String> = base.iter().map(|b| b.name.clone()).collect();
    let mut summary = report::summarize(&analysis, &base_names, args.threshold);
    summary.skipped.extend(not_compared);
    summary.skipped.sort_by(|a, b| a.file.cmp(&b.file));
    std::fs::create_dir_all(&args.out)
        .with_context(|| format!("output folder {}", args.out.display()))?;
    write(
        &args.out.join("index.html"),
        &html::render(&analysis, &summary),
    )?;
    write(
        &args.out.join("similarity.csv"),
        &report::csv::render(&summary),
    )?;
    write(
        &args.out.join("similarity.json"),
        &report::json::render(&summary),
    )?;
    print_summary(&summary);
    println!(
        "compared in {:.2} s; reports: {out}/index.html, {out}/similarity.csv, {out}/similarity.json",
        started.elapsed().as_secs_f64(),
        out = args.out.display()
    );
    Ok(0)
}
