//! The pipeline: group the submissions by problem, tokenize them (in parallel), choose
//! each problem's fingerprint size from its files' length, winnow, discount what is
//! common (in a class large enough) or handed out, rank each problem's pairs, and put
//! files that are the same at 100 %.

use crate::error::BadInput;
use crate::fingerprint::{kgram_hashes, size_for, winnow, Fingerprint, Size};
use crate::fragments::{fragments, Fragment, FragmentSide};
use crate::identical::{promote, same_text_pairs, Text};
use crate::index::{common_fingerprints, common_threshold, evidence, Evidence, HashSet64};
use crate::language::Language;
use crate::pairs::{rank, Pair, Scoring, Side};
use crate::token::{Kind, Token};
use crate::tokenize::{tokenize, Tokenized};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
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
    /// Tokens per k-gram of long files: no match shorter than this is seen. A problem
    /// whose files are short gets shorter k-grams ([`crate::fingerprint::size_for`]).
    pub k: usize,
    /// Tokens per k-gram of the shortest files.
    pub min_k: usize,
    /// Winnowing window of long files, in k-grams: any match of `k + window - 1` tokens
    /// is seen. Short files keep every k-gram.
    pub window: usize,
    /// A fingerprint in the files of at least this share of a problem's students is
    /// common code...
    pub common_share: f64,
    /// ...and of at least this many students...
    pub common_min_students: usize,
    /// ...in a problem with at least this many students (in a smaller class, "half the
    /// class" is a handful of students: as likely a copying ring as template code).
    pub common_min_class: usize,
    /// A file counts as at least this many tokens when its share is computed.
    pub min_tokens: usize,
    /// Threads.
    pub jobs: usize,
}

/// See [`Options::common_min_class`]. With the common share at one half, a fragment must
/// then be in the files of at least 5 students, and of half the class, to be discounted.
/// In a smaller class half the class is 4 students or fewer: the size of a group of
/// friends passing one file around, as likely as code the teacher forgot to name with
/// `--base` (which is discounted whatever the size). Issue 37's example, 3 identical
/// files among 4 students, was discounted as common; so were the short programs of its
/// benchmark classes (the original, its copies and a few independent solutions).
pub const COMMON_MIN_CLASS: usize = 10;

impl Default for Options {
    fn default() -> Options {
        Options {
            k: 10,
            min_k: 5,
            window: 4,
            common_share: 0.5,
            common_min_students: 3,
            common_min_class: COMMON_MIN_CLASS,
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
    /// Its syntax tree without comments and layout, hashed: files with the same are the
    /// same.
    pub text_digest: u64,
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
    /// The k-gram length and window its files were fingerprinted with.
    pub size: Size,
    /// How its pairs were scored (tiling when its files are short).
    pub scoring: Scoring,
    /// Students a fingerprint must be in to be common here (none: the class is too
    /// small for anything to be discounted as common).
    pub common_threshold: Option<usize>,
    /// How many distinct fingerprints were common.
    pub common_fingerprints: usize,
}

impl ProblemAnalysis {
    /// The matching fragments of a pair, for the side-by-side view.
    pub fn fragments(&self, pair: &Pair) -> Vec<Fragment> {
        fn side(f: &Compared) -> FragmentSide<'_> {
            FragmentSide {
                tokens: &f.tokens,
                hashes: &f.hashes,
                discounted: &f.evidence.discounted,
            }
        }
        fragments(
            side(&self.files[pair.a]),
            side(&self.files[pair.b]),
            self.size.k,
        )
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

/// The median of the files' token counts (0 for none).
fn typical_tokens(files: &[Compared]) -> usize {
    let mut counts: Vec<usize> = files.iter().map(|f| f.tokens.len()).collect();
    counts.sort_unstable();
    counts.get(counts.len() / 2).copied().unwrap_or(0)
}

/// Compares the submissions of each problem with each other.
pub fn analyze(submissions: Vec<Submission>, base: &[BaseFile], options: &Options) -> Analysis {
    let jobs = options.jobs.max(1);
    let mut timings = Timings::default();
    let clock = Instant::now();
    let mut base_kinds: Vec<Vec<Kind>> = Vec::new();
    let mut base_skipped = Vec::new();
    for file in base {
        match tokenize(file.language, &file.source) {
            Ok(tokenized) => base_kinds.push(kinds(&tokenized.tokens)),
            Err(reason) => base_skipped.push((file.name.clone(), reason)),
        }
    }
    let tokenized: Vec<Result<Tokenized, BadInput>> =
        parallel_map(&submissions, jobs, |s| tokenize(s.language, &s.source));
    let mut skipped = Vec::new();
    let mut by_problem: BTreeMap<String, Vec<Compared>> = BTreeMap::new();
    for (submission, result) in submissions.into_iter().zip(tokenized) {
        match result {
            Ok(tokenized) => {
                let source = String::from_utf8(submission.source).unwrap_or_default();
                by_problem
                    .entry(submission.problem)
                    .or_default()
                    .push(Compared {
                        student: submission.student,
                        file: submission.file,
                        language: submission.language,
                        source,
                        tokens: tokenized.tokens,
                        text_digest: tokenized.text_digest,
                        hashes: Vec::new(),
                        fingerprints: Vec::new(),
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
    // The base files' k-grams, for each k a problem uses.
    let mut base_hashes: HashMap<usize, HashSet64> = HashMap::new();
    let problems = by_problem
        .into_iter()
        .map(|(problem, mut files)| {
            let clock = Instant::now();
            let size = size_for(
                typical_tokens(&files),
                options.min_k,
                options.k,
                options.window,
            );
            // Short k-grams recur by chance: short files are compared in full.
            let scoring = if size.k < options.k {
                Scoring::Tiling
            } else {
                Scoring::Coverage
            };
            let fingerprinted: Vec<(Vec<u64>, Vec<Fingerprint>)> =
                parallel_map(&files, jobs, |f| {
                    let hashes = kgram_hashes(&kinds(&f.tokens), size.k);
                    let fingerprints = winnow(&hashes, size.window);
                    (hashes, fingerprints)
                });
            for (file, (hashes, fingerprints)) in files.iter_mut().zip(fingerprinted) {
                file.hashes = hashes;
                file.fingerprints = fingerprints;
            }
            timings.tokenize_s += clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            files.sort_by(|x, y| x.student.cmp(&y.student).then(x.file.cmp(&y.file)));
            let mut student_ids = Vec::with_capacity(files.len());
            for (i, file) in files.iter().enumerate() {
                let same = i > 0 && files[i - 1].student == file.student;
                let next = student_ids.last().map_or(0, |s| s + usize::from(!same));
                student_ids.push(next);
            }
            let students = student_ids.last().map_or(0, |s| s + 1);
            let threshold = (students >= options.common_min_class).then(|| {
                common_threshold(students, options.common_share, options.common_min_students)
            });
            let common = match threshold {
                Some(threshold) => {
                    let listed: Vec<(usize, &[Fingerprint])> = files
                        .iter()
                        .zip(&student_ids)
                        .map(|(f, s)| (*s, f.fingerprints.as_slice()))
                        .collect();
                    common_fingerprints(&listed, threshold)
                }
                None => HashSet64::default(),
            };
            let base = base_hashes.entry(size.k).or_insert_with(|| {
                base_kinds
                    .iter()
                    .flat_map(|kinds| kgram_hashes(kinds, size.k))
                    .collect()
            });
            for file in &mut files {
                file.evidence = evidence(
                    file.tokens.len(),
                    size.k,
                    &file.hashes,
                    &file.fingerprints,
                    &common,
                    base,
                );
            }
            let sides: Vec<Side> = files
                .iter()
                .zip(&student_ids)
                .map(|(f, s)| Side {
                    student: *s,
                    evidence: &f.evidence,
                    hashes: &f.hashes,
                })
                .collect();
            timings.discount_s += clock.elapsed().as_secs_f64();
            let clock = Instant::now();
            let mut pairs = rank(&sides, size.k, scoring, options.min_tokens, jobs);
            let texts: Vec<Text> = files
                .iter()
                .zip(&student_ids)
                .map(|(f, s)| Text {
                    student: *s,
                    digest: f.text_digest,
                    tokens: f.tokens.len(),
                    own_code: f.evidence.base_tokens < f.tokens.len(),
                })
                .collect();
            promote(&mut pairs, &same_text_pairs(&texts), &texts);
            timings.pairs_s += clock.elapsed().as_secs_f64();
            ProblemAnalysis {
                problem,
                students,
                files,
                pairs,
                size,
                scoring,
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
