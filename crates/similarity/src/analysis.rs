//! The pipeline: group the submissions by problem, tokenize them (in parallel), winnow,
//! discount what is common or handed out, and rank each problem's pairs.

use crate::error::BadInput;
use crate::fingerprint::{kgram_hashes, winnow, Fingerprint};
use crate::fragments::{fragments, Fragment, FragmentSide};
use crate::index::{common_fingerprints, common_threshold, evidence, Evidence, HashSet64};
use crate::language::Language;
use crate::pairs::{rank, Pair, Side};
use crate::token::{Kind, Token};
use crate::tokenize::tokenize;
use serde::Serialize;
use std::collections::BTreeMap;
use std::time::Instant;

/// One file to compare.
#[derive(Debug, Clone)]
pub struct Submission {
    /// Whose it is.
    pub student: String,
    /// The problem it solves.
    pub problem: String,
    /// How the reports name it (a path relative to the class folder).
    pub file: String,
    /// Its language.
    pub language: Language,
    /// Its bytes.
    pub source: Vec<u8>,
}

/// Code the teacher handed out: any fragment of it is discounted in every problem.
#[derive(Debug, Clone)]
pub struct BaseFile {
    /// Its name, for messages.
    pub name: String,
    /// Its language.
    pub language: Language,
    /// Its bytes.
    pub source: Vec<u8>,
}

/// The knobs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Options {
    /// Tokens per k-gram: no match shorter than this is seen.
    pub k: usize,
    /// Winnowing window, in k-grams: any match of `k + window - 1` tokens is seen.
    pub window: usize,
    /// A fingerprint in the files of at least this share of a problem's students is
    /// common code...
    pub common_share: f64,
    /// ...and of at least this many students.
    pub common_min_students: usize,
    /// A file counts as at least this many tokens when its share is computed.
    pub min_tokens: usize,
    /// Threads.
    pub jobs: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            k: 10,
            window: 4,
            common_share: 0.5,
            common_min_students: 3,
            min_tokens: 60,
            jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// A file that was compared.
#[derive(Debug, Clone)]
pub struct Compared {
    /// Whose it is.
    pub student: String,
    /// How the reports name it.
    pub file: String,
    /// Its language.
    pub language: Language,
    /// Its text.
    pub source: String,
    /// Its tokens.
    pub tokens: Vec<Token>,
    /// Its k-gram hashes.
    pub hashes: Vec<u64>,
    /// Its winnowed fingerprints.
    pub fingerprints: Vec<Fingerprint>,
    /// What of it counts as evidence.
    pub evidence: Evidence,
}

/// A file that was not compared, and why.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Skipped {
    /// Whose it is.
    pub student: String,
    /// The problem.
    pub problem: String,
    /// The file.
    pub file: String,
    /// Why.
    #[serde(serialize_with = "crate::error::serialize_reason")]
    pub reason: BadInput,
}

/// One problem's files and ranked pairs.
#[derive(Debug, Clone)]
pub struct ProblemAnalysis {
    /// The problem.
    pub problem: String,
    /// Students with a compared file.
    pub students: usize,
    /// The compared files, by student then file.
    pub files: Vec<Compared>,
    /// Pairs sharing evidence, best first.
    pub pairs: Vec<Pair>,
    /// Students a fingerprint must be in to be common here.
    pub common_threshold: usize,
    /// How many distinct fingerprints were common.
    pub common_fingerprints: usize,
}

impl ProblemAnalysis {
    /// The matching fragments of a pair, for the side-by-side view.
    pub fn fragments(&self, pair: &Pair, k: usize) -> Vec<Fragment> {
        fn side(f: &Compared) -> FragmentSide<'_> {
            FragmentSide {
                tokens: &f.tokens,
                hashes: &f.hashes,
                discounted: &f.evidence.discounted,
            }
        }
        fragments(side(&self.files[pair.a]), side(&self.files[pair.b]), k)
    }
}

/// Where the time went, in seconds of wall time.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Timings {
    /// Parsing, tokenizing and fingerprinting every file (in parallel), and the base files.
    pub tokenize_s: f64,
    /// Counting common fingerprints and discounting.
    pub discount_s: f64,
    /// Finding and scoring the pairs.
    pub pairs_s: f64,
}

/// Everything compared.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// The knobs used.
    pub options: Options,
    /// Each problem, by id.
    pub problems: Vec<ProblemAnalysis>,
    /// Files not compared.
    pub skipped: Vec<Skipped>,
    /// Base files not used, and why.
    pub base_skipped: Vec<(String, BadInput)>,
    /// Where the time went.
    pub timings: Timings,
}

/// Runs `f` over `items` on `jobs` threads, keeping the order.
fn parallel_map<T: Sync, U: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> U + Sync) -> Vec<U> {
    let chunk = items.len().div_ceil(jobs.max(1)).max(1);
    std::thread::scope(|scope| {
        let f = &f;
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(f).collect::<Vec<U>>()))
            .collect();
        handles
            .into_iter()
            // The closure does not panic (tokenize returns errors); a join error would
            // be a bug, and then the chunk's files are missing.
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    })
}

fn kinds(tokens: &[Token]) -> Vec<Kind> {
    tokens.iter().map(|t| t.kind).collect()
}

/// Compares the submissions of each problem with each other.
pub fn analyze(submissions: Vec<Submission>, base: &[BaseFile], options: &Options) -> Analysis {
    let jobs = options.jobs.max(1);
    let k = options.k.max(1);
    let mut timings = Timings::default();
    let clock = Instant::now();
    let mut base_hashes = HashSet64::default();
    let mut base_skipped = Vec::new();
    for file in base {
        match tokenize(file.language, &file.source) {
            Ok(tokens) => base_hashes.extend(kgram_hashes(&kinds(&tokens), k)),
            Err(reason) => base_skipped.push((file.name.clone(), reason)),
        }
    }
    type Fingerprinted = (Vec<Token>, Vec<u64>, Vec<Fingerprint>);
    let tokenized: Vec<Result<Fingerprinted, BadInput>> = parallel_map(&submissions, jobs, |s| {
        let tokens = tokenize(s.language, &s.source)?;
        let hashes = kgram_hashes(&kinds(&tokens), k);
        let fingerprints = winnow(&hashes, options.window);
        Ok((tokens, hashes, fingerprints))
    });
    let mut skipped = Vec::new();
    let mut by_problem: BTreeMap<String, Vec<Compared>> = BTreeMap::new();
    for (submission, result) in submissions.into_iter().zip(tokenized) {
        match result {
            Ok((tokens, hashes, fingerprints)) => {
                let source = String::from_utf8(submission.source).unwrap_or_default();
                by_problem
                    .entry(submission.problem)
                    .or_default()
                    .push(Compared {
                        student: submission.student,
                        file: submission.file,
                        language: submission.language,
                        source,
                        tokens,
                        hashes,
                        fingerprints,
                        evidence: Evidence::default(),
                    });
            }
            Err(reason) => skipped.push(Skipped {
                student: submission.student,
                problem: submission.problem,
                file: submission.file,
                reason,
            }),
        }
    }
    timings.tokenize_s = clock.elapsed().as_secs_f64();
    let problems = by_problem
        .into_iter()
        .map(|(problem, mut files)| {
            let clock = Instant::now();
            files.sort_by(|x, y| x.student.cmp(&y.student).then(x.file.cmp(&y.file)));
            let mut student_ids = Vec::with_capacity(files.len());
            for (i, file) in files.iter().enumerate() {
                let same = i > 0 && files[i - 1].student == file.student;
                let next = student_ids.last().map_or(0, |s| s + usize::from(!same));
                student_ids.push(next);
            }
            let students = student_ids.last().map_or(0, |s| s + 1);
            let threshold =
                common_threshold(students, options.common_share, options.common_min_students);
            let listed: Vec<(usize, &[Fingerprint])> = files
                .iter()
                .zip(&student_ids)
                .map(|(f, s)| (*s, f.fingerprints.as_slice()))
                .collect();
            let common = common_fingerprints(&listed, threshold);
            for file in &mut files {
                file.evidence = evidence(
                    file.tokens.len(),
                    k,
                    &file.hashes,
                    &file.fingerprints,
                    &common,
                    &base_hashes,
                );
            }
            let sides: Vec<Side> = files
                .iter()
                .zip(&student_ids)
                .map(|(f, s)| Side {
                    student: *s,
                    evidence: &f.evidence,
                })
                .collect();
            timings.discount_s += clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let pairs = rank(&sides, k, options.min_tokens, jobs);
            timings.pairs_s += clock.elapsed().as_secs_f64();
            ProblemAnalysis {
                problem,
                students,
                files,
                pairs,
                common_threshold: threshold,
                common_fingerprints: common.len(),
            }
        })
        .collect();
    Analysis {
        options: options.clone(),
        problems,
        skipped,
        base_skipped,
        timings,
    }
}
