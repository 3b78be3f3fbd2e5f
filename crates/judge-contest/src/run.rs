//! Judging a whole class: every attempt not yet in results.jsonl, in parallel, each line
//! appended as it finishes.

use super::discover::{discover, AttemptFile};
use super::log::{AttemptLine, AttemptStatus, ResultsLog};
use judge_core::judge::{Judge, JudgeOptions, Submission};
use judge_core::picture::PictureTests;
use judge_core::Judging;
use judge_model::course::{ContestSpec, Feedback, Scoring};
use judge_model::events::{Event, Listener, Silent};
use judge_model::problem::Problem;
use judge_model::verdict::Verdict;
use judge_model::{JudgeError, Result};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Mutex;

/// How to run the contest.
#[derive(Debug, Clone)]
pub struct ContestOptions {
    /// Attempts judged at once.
    pub jobs: usize,
    /// Forget earlier results and judge everything again.
    pub rejudge: bool,
}

/// Every attempt's line, and what this run did.
#[derive(Debug, Clone)]
pub struct ContestOutcome {
    /// Every attempt, sorted by id.
    pub attempts: Vec<AttemptLine>,
    /// Attempts judged (or rejected) by this run.
    pub judged_now: usize,
    /// Attempts taken from an earlier run's results.jsonl.
    pub reused: usize,
    /// Of those judged now, the ones rejected without judging (unknown problem, ...).
    pub rejected_now: usize,
}

fn sha256(bytes: &[u8]) -> String {
    judge_model::text::hex(&Sha256::digest(bytes))
}

/// The attempt's sources' hash: its file's bytes', or for an attempt of several files, of
/// the entry's bytes then each other file's name and bytes (each length-prefixed, so no
/// two attempts share one by moving bytes between files).
fn source_sha256(file: &AttemptFile) -> String {
    if file.others.is_empty() {
        return sha256(&file.content);
    }
    let mut hasher = Sha256::new();
    hasher.update((file.content.len() as u64).to_le_bytes());
    hasher.update(&file.content);
    for other in &file.others {
        for part in [other.name.as_bytes(), other.bytes.as_slice()] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    }
    judge_model::text::hex(&hasher.finalize())
}

fn line_for(
    file: &AttemptFile,
    source_sha256: String,
    status: AttemptStatus,
    reason: Option<String>,
) -> AttemptLine {
    AttemptLine {
        id: file.id.clone(),
        student: file.student.clone(),
        problem: file.problem.clone(),
        submitted_at: file.submitted_at,
        language: file.language.clone(),
        source_sha256,
        status,
        reason,
        result: None,
    }
}

/// How far to judge, as the scoreboard allows: an ICPC scoreboard needs only the verdict,
/// so judging stops at the first failed test (DOMjudge's lazy evaluation); an IOI one
/// with the problem's all-or-nothing groups needs each group's outcome, so a group's
/// later tests are skipped once one fails (DMOJ's short-circuit batches). IOI without
/// groups scores the fraction of tests passed: every test runs. A problem whose
/// feedback is `all-tests` runs every test under either scoring.
pub fn lazy_options(scoring: Scoring, problem: &Problem, feedback: Feedback) -> JudgeOptions {
    if feedback == Feedback::AllTests {
        return JudgeOptions::default();
    }
    let lazy_groups = problem
        .groups
        .iter()
        .filter(|g| g.aggregation == judge_model::problem::Aggregation::AllOrNothing)
        .map(|group| {
            (0..problem.tests.len())
                .filter(|&index| group.tests.contains(&problem.tests[index].name))
                .collect()
        })
        .collect();
    JudgeOptions {
        stop_at_first_failure: scoring == Scoring::Icpc,
        lazy_groups: if scoring == Scoring::Ioi {
            lazy_groups
        } else {
            Vec::new()
        },
        ..JudgeOptions::default()
    }
}

/// Judges one attempt. Only cancellation is an error: anything else becomes a line.
///
/// A judge error (the verdict JE, or judging that failed) is never final by itself: the
/// first one is an `error` line, pending and judged again by the next run; a second one,
/// after `earlier` was one, is an `attention` line: pending, not judged again, listed for
/// the teacher.
fn judge_attempt(
    judge: &Judge,
    problems: &BTreeMap<String, (Problem, Judging, JudgeOptions)>,
    file: &AttemptFile,
    bytes: &[u8],
    sha: String,
    earlier: Option<&AttemptLine>,
) -> Result<AttemptLine> {
    if let Some(reason) = &file.rejected {
        return Ok(line_for(
            file,
            sha,
            AttemptStatus::Rejected,
            Some(reason.clone()),
        ));
    }
    let (Some((problem, judging, options)), Some(language)) =
        (problems.get(&file.problem), file.language.as_deref())
    else {
        return Ok(line_for(
            file,
            sha,
            AttemptStatus::Rejected,
            Some("unknown problem or language".into()),
        ));
    };
    let judge_error = if earlier.is_some_and(|l| l.status == AttemptStatus::Error) {
        AttemptStatus::Attention
    } else {
        AttemptStatus::Error
    };
    let language = judge.languages.by_id(language)?.clone();
    let submission = Submission {
        problem,
        source: &file.path,
        bytes,
        others: &file.others,
        language: &language,
        judging,
        options: options.clone(),
    };
    match judge.judge(&submission, &mut Silent) {
        Ok(result) => {
            // A JE on any test, even behind another verdict: that test's subtask cannot
            // be scored, so the attempt waits to be judged again.
            let test = result.first_judge_error();
            let (status, reason) = if result.verdict == Verdict::JE || test.is_some() {
                (
                    judge_error,
                    Some(format!(
                        "judge error{}",
                        test.map(|t| format!(" on {}: {}", t.name, t.message))
                            .unwrap_or_default()
                    )),
                )
            } else {
                (AttemptStatus::Judged, None)
            };
            let mut line = line_for(file, sha, status, reason);
            line.result = Some(result);
            Ok(line)
        }
        Err(JudgeError::Cancelled) => Err(JudgeError::Cancelled),
        Err(error) => Ok(line_for(file, sha, judge_error, Some(error.to_string()))),
    }
}

/// Judges the class in `submissions` on the problems of `contest` (one of the course's,
/// `Course::chosen`), keeping results in `out/results.jsonl`.
pub fn run_contest(
    judge: &Judge,
    contest: &ContestSpec,
    submissions: &Path,
    out: &Path,
    options: &ContestOptions,
    listener: &mut (dyn Listener + Send),
) -> Result<ContestOutcome> {
    // Every problem loaded before anything is judged or removed: one without a decided
    // time limit (a package that gives none, not verified yet) stops the run here rather
    // than have the class judged under the provisional limit.
    let mut problems = BTreeMap::new();
    for entry in &contest.problems {
        let problem = judge_packages::load(&judge.config, &entry.id)?;
        let mut options = lazy_options(contest.scoring, &problem, entry.feedback);
        options.check_decided(&problem)?;
        // The sample tests drawn, for the report: what a student is shown of a result.
        options.pictures = judge.pictures(&problem, PictureTests::Samples);
        let judging = judge.judging(&problem)?;
        problems.insert(entry.id.clone(), (problem, judging, options));
    }
    std::fs::create_dir_all(out).map_err(|e| JudgeError::file("output folder", out, e))?;
    let log_path = out.join("results.jsonl");
    if options.rejudge && log_path.exists() {
        std::fs::remove_file(&log_path)
            .map_err(|e| JudgeError::file("results log", &log_path, e))?;
    }
    let files = discover(
        submissions,
        contest,
        &judge.languages,
        judge.config.compile.max_source_kib,
    )?;
    let (log, done) = ResultsLog::open(&log_path)?;
    let mut reused = Vec::new();
    let mut pending = Vec::new();
    for file in files {
        let bytes = file.content.clone();
        let sha = source_sha256(&file);
        // Same file, same content, same time: the earlier line is about this attempt.
        let earlier = done
            .get(&file.id)
            .filter(|l| l.source_sha256 == sha && l.submitted_at == file.submitted_at)
            .cloned();
        match earlier {
            Some(line) if line.done() => reused.push(line),
            earlier => pending.push((file, bytes, sha, earlier)),
        }
    }
    listener.on_event(&Event::RunStarted {
        total: reused.len() + pending.len(),
        reused: reused.len(),
    });
    let log = Mutex::new(log);
    let listener = Mutex::new(listener);
    let judged =
        judge_core::parallel_map(&pending, options.jobs, |_, (file, bytes, sha, earlier)| {
            let line = judge_attempt(judge, &problems, file, bytes, sha.clone(), earlier.as_ref())?;
            log.lock()
                .unwrap_or_else(|e| e.into_inner())
                .append(&line)?;
            listener
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .on_event(&Event::SubmissionFinished(&line));
            Ok::<_, JudgeError>(line)
        });
    listener
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .on_event(&Event::RunFinished);
    let judged_now = judged.len();
    let rejected_now = judged
        .iter()
        .filter(|line| matches!(line, Ok(line) if line.status == AttemptStatus::Rejected))
        .count();
    let mut attempts = reused;
    let reused = attempts.len();
    for line in judged {
        attempts.push(line?);
    }
    attempts.sort_by(|a, b| a.id.cmp(&b.id));
    Ok(ContestOutcome {
        attempts,
        judged_now,
        reused,
        rejected_now,
    })
}
