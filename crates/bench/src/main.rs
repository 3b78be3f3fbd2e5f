//! The `bench` command: one subcommand per benchmark, each writing a JSON record that
//! `bench report` renders as docs/benchmarks.md. scripts/bench runs them all.

use anyhow::{Context, Result};
use bench::accuracy::{self, AccuracyOptions};
use bench::class::{self, ClassOptions};
use bench::compile::{self as compile_bench, CompileOptions};
use bench::contest::{self, ContestOptions};
use bench::isolate::Isolate;
use bench::overhead::{self, OverheadOptions};
use bench::problemset::{self, ProblemsetOptions, SEEDS};
use bench::queue::{self as queue_bench, QueueOptions};
use bench::record::{self, record};
use bench::similarity::{self as similarity_bench, SimilarityOptions};
use clap::{Parser, Subcommand};
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Where scripts/setup-similarity-peers installs the similarity peers by default.
const DEFAULT_PEERS: &str = "/opt/similarity-peers";

/// Benchmarks of the judge: overhead, accuracy, the problem set, a whole class.
#[derive(Debug, Parser)]
#[command(name = "bench")]
struct Cli {
    /// judge.toml (default: the nearest one in this folder or above).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Per-run overhead: the sandbox's layers and isolate against a bare fork+exec+wait4.
    Overhead {
        /// Timed runs of each contender per repeat.
        #[arg(long, default_value_t = 1000)]
        runs: usize,
        /// Repeats.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        /// Untimed runs of each contender first.
        #[arg(long, default_value_t = 50)]
        warmup: usize,
        /// Runs in a row of one contender before the next one's (1: run by run).
        #[arg(long, default_value_t = 100)]
        block: usize,
        /// Only full isolation against the bare loop (no cgroups-only, rlimit-only).
        #[arg(long)]
        no_layers: bool,
        /// The isolate executable, for a third column.
        #[arg(long)]
        isolate: Option<PathBuf>,
        /// isolate's box id (the run-only column uses the next one too).
        #[arg(long, default_value_t = 990)]
        isolate_box: u32,
        /// Pass --cg to isolate.
        #[arg(long)]
        isolate_cg: bool,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// Measurement accuracy: calibrated CPU and memory programs, reported vs intended.
    Accuracy {
        /// Runs of each program.
        #[arg(long, default_value_t = 10)]
        repeats: usize,
        /// CPU seconds of the busy loops (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "0.1,0.5,1.0")]
        cpu: Vec<f64>,
        /// MiB touched by the C memory programs (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "16,64,256")]
        memory: Vec<u64>,
        /// Languages measured for baseline and 64 MiB (comma-separated judge.toml ids).
        #[arg(long, value_delimiter = ',', default_value = "c,cpp,rust,python3,java")]
        languages: Vec<String>,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// The problem set: references against their limits, seeds against references.
    Problems {
        /// Problems (default: the contest's).
        #[arg(long = "problem")]
        problems: Vec<String>,
        /// Judgings of each reference.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        /// CPU cap of a seed program per test, seconds.
        #[arg(long, default_value_t = 20.0)]
        cap_s: f64,
        /// How many of the reference's slowest tests the seeds run on.
        #[arg(long, default_value_t = 3)]
        hardest: usize,
        /// Leave the seeds out.
        #[arg(long)]
        no_seeds: bool,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// Generate a class of submissions (what `contest` judges).
    Class {
        /// Students.
        #[arg(long, default_value_t = 50)]
        students: usize,
        /// The generator's seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// The class folder (emptied first).
        #[arg(long)]
        out: PathBuf,
    },
    /// End to end: generate a class and time `judge contest` on it.
    Contest {
        /// The judge executable.
        #[arg(long)]
        judge: PathBuf,
        /// Students.
        #[arg(long, default_value_t = 50)]
        students: usize,
        /// The generator's seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// `--jobs` values (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "1,2")]
        jobs: Vec<usize>,
        /// Runs of each.
        #[arg(long, default_value_t = 1)]
        repeats: usize,
        /// A work folder (the class and the judge's results go there).
        #[arg(long)]
        work: PathBuf,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// `judge similarity` on generated classes of growing size.
    Similarity {
        /// The judge executable.
        #[arg(long)]
        judge: PathBuf,
        /// Class sizes (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "50,100,200,400")]
        students: Vec<usize>,
        /// The generator's seed.
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Timed runs of each size.
        #[arg(long, default_value_t = 3)]
        repeats: usize,
        /// The corpus (default: crates/similarity/tests/corpus beside judge.toml).
        #[arg(long)]
        corpus: Option<PathBuf>,
        /// The disguise corpus: short programs, independent solutions and copies at six
        /// disguise levels (default: crates/bench/disguise-corpus beside judge.toml).
        #[arg(long)]
        disguise_corpus: Option<PathBuf>,
        /// Where scripts/setup-similarity-peers installed Dolos and copydetect, compared
        /// on the disguise corpus (default: /opt/similarity-peers, if there).
        #[arg(long)]
        peers: Option<PathBuf>,
        /// A work folder (the classes and reports go there).
        #[arg(long)]
        work: PathBuf,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// C++ compile time with and without the precompiled bits/stdc++.h, alternating.
    Compile {
        /// The C++ programs (default: three accepted solutions that include
        /// bits/stdc++.h and three that do not).
        #[arg(long = "program")]
        programs: Vec<PathBuf>,
        /// Compiles of each program each way.
        #[arg(long, default_value_t = 5)]
        repeats: usize,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// The judging queue, PostgreSQL and HTTP workers: claim + record cost, throughput
    /// with 1 to 8 workers, a sleeping class's scaling (PostgreSQL).
    Queue {
        /// A PostgreSQL URL of a role that may create databases (default: a private
        /// server started for the benchmark).
        #[arg(long, value_name = "URL")]
        database: Option<String>,
        /// Which workers to measure (comma-separated): `judge worker` on the store,
        /// `judge worker --server` over HTTP.
        #[arg(
            long,
            value_enum,
            value_delimiter = ',',
            default_value = "postgres,http"
        )]
        backends: Vec<queue_bench::QueueBackend>,
        /// Claim + record cycles timed.
        #[arg(long, default_value_t = 500)]
        cycles: usize,
        /// Worker counts (comma-separated).
        #[arg(long, value_delimiter = ',', default_value = "1,2,4,8")]
        workers: Vec<usize>,
        /// Trivial submissions per worker count.
        #[arg(long, default_value_t = 60)]
        trivial: usize,
        /// Sleeping submissions per worker count.
        #[arg(long, default_value_t = 16)]
        sleeping: usize,
        /// How long each sleeping program sleeps, ms.
        #[arg(long, default_value_t = 1000)]
        sleep_ms: u64,
        /// Where the JSON record goes.
        #[arg(long)]
        out: PathBuf,
    },
    /// Render docs/benchmarks.md from the records in a folder.
    Report {
        /// The folder of JSON records.
        #[arg(long)]
        results: PathBuf,
        /// Hand-written notes included in the report.
        #[arg(long, default_value = "crates/bench/notes")]
        notes: PathBuf,
        /// The markdown file to write.
        #[arg(long)]
        out: PathBuf,
        /// Only this section (`overhead`, `similarity`, `queue` or `compile`), put in place of its old text in
        /// --out; the other sections stay as they are.
        #[arg(long)]
        section: Option<String>,
    },
}

fn config(explicit: Option<&PathBuf>) -> Result<JudgeConfig> {
    let file = match explicit {
        Some(file) => file.clone(),
        None => {
            let here = std::env::current_dir()?;
            JudgeConfig::find(&here).context("no judge.toml here or above (pass --config)")?
        }
    };
    Ok(JudgeConfig::load(&file)?)
}

fn judge(explicit: Option<&PathBuf>) -> Result<Judge> {
    Ok(Judge::new(
        config(explicit)?,
        Arc::new(AtomicBool::new(false)),
    )?)
}

fn contest_problems(config: &JudgeConfig) -> Vec<String> {
    config
        .toml
        .contest
        .problems
        .iter()
        .map(|p| p.id.clone())
        .collect()
}

fn absolute(path: &Path) -> Result<PathBuf> {
    Ok(if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir()?.join(path)
    })
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let explicit = cli.config.as_ref();
    match cli.command {
        Command::Overhead {
            runs,
            repeats,
            warmup,
            block,
            no_layers,
            isolate,
            isolate_box,
            isolate_cg,
            out,
        } => {
            let options = OverheadOptions {
                runs,
                repeats,
                warmup,
                block,
                layers: !no_layers,
                isolate: isolate.map(|binary| Isolate {
                    binary,
                    box_id: isolate_box,
                    cgroups: isolate_cg,
                }),
            };
            record::write(&out, &record(|| overhead::measure(&options))?)
        }
        Command::Accuracy {
            repeats,
            cpu,
            memory,
            languages,
            out,
        } => {
            let judge = judge(explicit)?;
            let options = AccuracyOptions {
                repeats,
                cpu_seconds: cpu,
                memory_mib: memory,
                languages,
                ..AccuracyOptions::default()
            };
            record::write(&out, &record(|| accuracy::measure(&judge, &options))?)
        }
        Command::Problems {
            problems,
            repeats,
            cap_s,
            hardest,
            no_seeds,
            out,
        } => {
            let judge = judge(explicit)?;
            let options = ProblemsetOptions {
                problems: if problems.is_empty() {
                    contest_problems(&judge.config)
                } else {
                    problems
                },
                repeats,
                cap_s,
                hardest,
                seeds: if no_seeds { vec![] } else { SEEDS.to_vec() },
            };
            record::write(&out, &record(|| problemset::measure(&judge, &options))?)
        }
        Command::Class {
            students,
            seed,
            out,
        } => {
            let config = config(explicit)?;
            let options = ClassOptions {
                students,
                seed,
                problems: contest_problems(&config),
                problems_dir: config.problems_root(),
            };
            let summary = class::generate(&options, &out)?;
            println!("{}", serde_json::to_string_pretty(&summary)?);
            Ok(())
        }
        Command::Contest {
            judge,
            students,
            seed,
            jobs,
            repeats,
            work,
            out,
        } => {
            let config = config(explicit)?;
            let work = absolute(&work)?;
            let class_dir = work.join("class");
            let class_options = ClassOptions {
                students,
                seed,
                problems: contest_problems(&config),
                problems_dir: config.problems_root(),
            };
            let options = ContestOptions {
                judge: absolute(&judge)?,
                config: config.file.clone(),
                class: class_dir.clone(),
                out: work.join("results"),
                jobs,
                repeats,
            };
            let result = record(|| {
                let summary = class::generate(&class_options, &class_dir)?;
                contest::measure(&options, summary)
            })?;
            record::write(&out, &result)
        }
        Command::Similarity {
            judge,
            students,
            seed,
            repeats,
            corpus,
            disguise_corpus,
            peers,
            work,
            out,
        } => {
            let config = config(explicit)?;
            let peers = match peers {
                Some(peers) => Some(absolute(&peers)?),
                None => Some(PathBuf::from(DEFAULT_PEERS)).filter(|p| p.is_dir()),
            };
            let options = SimilarityOptions {
                judge: Some(absolute(&judge)?),
                config: config.file.clone(),
                corpus: match corpus {
                    Some(corpus) => absolute(&corpus)?,
                    None => config.root.join("crates/similarity/tests/corpus"),
                },
                students,
                seed,
                repeats,
                work: absolute(&work)?,
                disguise_corpus: Some(match disguise_corpus {
                    Some(corpus) => absolute(&corpus)?,
                    None => config.root.join("crates/bench/disguise-corpus"),
                }),
                peers,
            };
            record::write(&out, &record(|| similarity_bench::measure(&options))?)
        }
        Command::Compile {
            programs,
            repeats,
            out,
        } => {
            let judge = judge(explicit)?;
            let root = judge.config.root.clone();
            let programs = if programs.is_empty() {
                compile_bench::DEFAULT_PROGRAMS
                    .iter()
                    .map(|p| root.join(p))
                    .collect()
            } else {
                programs
                    .iter()
                    .map(|p| absolute(p))
                    .collect::<Result<_>>()?
            };
            let options = CompileOptions {
                programs,
                repeats,
                root,
            };
            record::write(&out, &record(|| compile_bench::measure(&judge, &options))?)
        }
        Command::Queue {
            database,
            backends,
            cycles,
            workers,
            trivial,
            sleeping,
            sleep_ms,
            out,
        } => {
            let config = config(explicit)?;
            let options = QueueOptions {
                config: config.file.clone(),
                database,
                backends,
                overhead_cycles: cycles,
                workers,
                trivial,
                sleeping,
                sleep_ms,
            };
            record::write(&out, &record(|| queue_bench::measure(&options))?)
        }
        Command::Report {
            results,
            notes,
            out,
            section: Some(section),
        } => {
            let existing = std::fs::read_to_string(&out)
                .with_context(|| format!("reading {}", out.display()))?;
            let text = match section.as_str() {
                "similarity" => bench::report::splice_similarity(&existing, &results, &notes)?,
                "queue" => bench::report::splice_queue(&existing, &results, &notes)?,
                "compile" => bench::report::splice_compile(&existing, &results, &notes)?,
                "overhead" => bench::report::splice_overhead(&existing, &results, &notes)?,
                other => anyhow::bail!(
                    "--section {other}: only overhead, similarity, queue or compile can be rendered alone"
                ),
            };
            std::fs::write(&out, text).with_context(|| format!("writing {}", out.display()))
        }
        Command::Report {
            results,
            notes,
            out,
            section: None,
        } => {
            let text = bench::report::render(&results, &notes)?;
            std::fs::write(&out, text).with_context(|| format!("writing {}", out.display()))
        }
    }
}
