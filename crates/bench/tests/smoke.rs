//! The benchmarks' code paths with tiny N, so they cannot rot: each runs and gives
//! well-formed figures. Nothing here is timed or compared with a target (that is what
//! scripts/bench is for).

use bench::accuracy::{self, AccuracyOptions};
use bench::class::{self, ClassOptions};
use bench::overhead::{self, OverheadOptions};
use bench::problemset::{self, ProblemsetOptions, SeedProgram, SeedSource, SEED_DIJKSTRA_GRID};
use bench::record::{self, record};
use bench::report;
use judge_contest::{run_contest, ContestOptions as RunOptions};
use judge_core::Judge;
use judge_model::config::judge_toml::JudgeConfig;
use judge_model::events::Silent;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The workspace's judge, its contest cut down to the maze (the one problem the smoke test
/// judges, so that a problem still being written elsewhere cannot break it).
fn judge() -> Judge {
    let mut config = JudgeConfig::load(&workspace().join("judge.toml")).expect("judge.toml");
    config.toml.contest.problems.retain(|p| p.id == "maze");
    Judge::new(config, Arc::new(AtomicBool::new(false))).expect("judge")
}

/// Whether full isolation is available (root). Without it the test is skipped, unless
/// JUDGE_REQUIRE_ROOT=1 (CI, which runs as root) makes the skip a failure: the test must
/// never pass there without having run.
fn root() -> bool {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() == 0 };
    if !root && std::env::var_os("JUDGE_REQUIRE_ROOT").is_some_and(|v| v == "1") {
        panic!("JUDGE_REQUIRE_ROOT=1 but not root: the benchmark smoke test cannot run");
    }
    root
}

#[test]
fn every_benchmark_path_runs_with_tiny_n() {
    if !root() {
        eprintln!("skipped: full isolation (what the benchmarks measure) needs root");
        return;
    }
    let results = tempfile::tempdir().unwrap();

    let options = OverheadOptions {
        runs: 3,
        repeats: 2,
        warmup: 1,
        block: 2,
        layers: true,
        isolate: None,
    };
    let overhead = record(|| overhead::measure(&options)).unwrap();
    let ids: Vec<&str> = overhead
        .result
        .loops
        .iter()
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(
        ids,
        ["bare", "sandbox-full", "sandbox-cgroups", "sandbox-rlimit"]
    );
    for l in &overhead.result.loops {
        assert_eq!(l.runs_per_s.count, 2, "{l:?}");
        assert!(
            l.runs_per_s.median > 0.0 && l.ratio_to_bare.median > 0.0,
            "{l:?}"
        );
        assert!(l.latency.p50_us <= l.latency.p99_us, "{l:?}");
    }
    assert_eq!(overhead.result.loops[0].ratio_to_bare.median, 1.0);
    record::write(&results.path().join(report::OVERHEAD_FILE), &overhead).unwrap();

    let judge = judge();
    let options = AccuracyOptions {
        repeats: 1,
        cpu_seconds: vec![0.02],
        threads: vec![1, 2],
        memory_mib: vec![4],
        languages: vec!["c".into(), "python3".into()],
        language_mib: 4,
        language_limit_mib: 256,
    };
    let accuracy = record(|| accuracy::measure(&judge, &options)).unwrap();
    let r = &accuracy.result;
    assert_eq!(r.cpu.len(), 2);
    assert!(r
        .cpu
        .iter()
        .all(|s| s.self_measured.is_some() && s.reported.median > 0.0));
    assert_eq!(r.memory.len(), 2, "the baseline and 4 MiB");
    assert!(r.memory[1].reported.median > 3.0 * 1024.0 * 1024.0);
    assert_eq!(r.languages.len(), 2);
    assert!(r.languages.iter().all(|l| l.error_percent.mean.is_finite()));
    record::write(&results.path().join(report::ACCURACY_FILE), &accuracy).unwrap();

    let options = ProblemsetOptions {
        problems: vec!["maze".into()],
        repeats: 1,
        cap_s: 0.3,
        hardest: 1,
        seeds: vec![SeedProgram {
            problem: "maze",
            label: "grid Dijkstra",
            source: SeedSource::Embedded(SEED_DIJKSTRA_GRID),
            extra_tests: &["secret/08-open-small"],
            growth_exponent: Some(2.0),
        }],
    };
    let problems = record(|| problemset::measure(&judge, &options)).unwrap();
    let r = &problems.result;
    assert!(r.skipped.is_empty(), "{:?}", r.skipped);
    let maze = &r.problems[0];
    assert!(maze.reference_all_accepted);
    assert_eq!(maze.by_test.len(), maze.tests);
    let seed = &maze.seeds[0];
    assert!(seed.note.is_empty(), "{}", seed.note);
    assert!(seed
        .tests
        .iter()
        .any(|t| t.test == "secret/08-open-small" && t.verdict == "AC"));
    assert!(
        seed.tests.iter().any(|t| t.capped),
        "the largest maze hits the cap"
    );
    record::write(&results.path().join(report::PROBLEMS_FILE), &problems).unwrap();

    let class_dir = results.path().join("class");
    let summary = class::generate(
        &ClassOptions {
            students: 2,
            seed: 1,
            problems: vec!["maze".into()],
            problems_dir: workspace().join("problems"),
        },
        &class_dir,
    )
    .unwrap();
    assert!(summary.attempts >= 2);
    assert_eq!(summary.by_folder.values().sum::<usize>(), summary.attempts);
    let judged = run_contest(
        &judge,
        judge.config.course().first(),
        &class_dir,
        &results.path().join("contest"),
        &RunOptions {
            jobs: 2,
            rejudge: true,
        },
        &mut Silent,
    )
    .unwrap();
    assert_eq!(judged.attempts.len(), summary.attempts);
    assert!(
        judged.attempts.iter().all(|a| a.result.is_some()),
        "every attempt judged"
    );

    let text = report::render(results.path(), &workspace().join("crates/bench/notes")).unwrap();
    for heading in [
        "## 1. Per-run overhead",
        "## 2. Measurement accuracy",
        "## 3. The problem set",
        "## 4. End to end",
    ] {
        assert!(text.contains(heading), "{heading} missing:\n{text}");
    }
    assert!(text.contains("| bare fork + exec + wait4 |"));
    assert!(text.contains("grid Dijkstra"));
}

#[test]
fn the_similarity_benchmark_runs_with_tiny_n() {
    use bench::similarity::{measure, SimilarityOptions};
    let work = tempfile::tempdir().unwrap();
    let options = SimilarityOptions {
        judge: None,
        config: workspace().join("judge.toml"),
        corpus: workspace().join("crates/similarity/tests/corpus"),
        students: vec![3, 8],
        seed: 7,
        repeats: 1,
        work: work.path().to_path_buf(),
        disguise_corpus: Some(workspace().join("crates/bench/disguise-corpus")),
        // The peers are not run here: their columns say why.
        peers: None,
    };
    let measured = record(|| measure(&options)).unwrap();
    let r = &measured.result;
    let disguise = r.disguise.as_ref().expect("the disguise benchmark ran");
    assert!(disguise.tasks.len() >= 3, "{:?}", disguise.tasks);
    assert_eq!(
        disguise.levels.first().map(String::as_str),
        Some("identical")
    );
    assert_eq!(disguise.levels.last().map(String::as_str), Some("all"));
    let ours = &disguise.tools[0];
    assert_eq!(ours.tool, "ours");
    assert_eq!(ours.scores.len(), disguise.levels.len());
    let identical = &ours.scores[0];
    assert_eq!(
        (identical.auc, identical.above_all, identical.copies),
        (1.0, disguise.tasks.len(), disguise.tasks.len()),
        "a byte-identical copy is above every independent solution"
    );
    assert!(disguise.tools[1..].iter().all(|t| t.not_run.is_some()));
    assert_eq!(r.problems.len(), 4);
    assert_eq!(r.sizes.len(), 2);
    for size in &r.sizes {
        assert_eq!(size.files, size.students * 4, "{size:?}");
        assert!(size.pairs_scored > 0 && size.html_bytes > 0, "{size:?}");
        assert!(size.planted_found <= size.planted_copies);
        assert!(size.wall_s.is_none(), "no binary given");
    }
    // The generated class is on disk, one folder per student.
    assert_eq!(
        std::fs::read_dir(work.path().join("class-8"))
            .unwrap()
            .count(),
        8
    );
    record::write(&work.path().join(report::SIMILARITY_FILE), &measured).unwrap();
    let text = report::render(work.path(), &workspace().join("crates/bench/notes")).unwrap();
    assert!(text.contains("## 5. Similarity"), "{text}");
    assert!(text.contains("| 8 | 32 |"), "{text}");
    assert!(
        text.contains("| L6 |") && text.contains("| level | ours"),
        "{text}"
    );
    let existing = "# Benchmarks\n\n## 4. End to end\n\nold\n\n## Reproducing\n\nhow\n";
    let spliced = report::splice_similarity(
        existing,
        work.path(),
        &workspace().join("crates/bench/notes"),
    )
    .unwrap();
    assert!(
        spliced.contains("old")
            && spliced.contains("| 8 | 32 |")
            && spliced.ends_with("## Reproducing\n\nhow\n"),
        "{spliced}"
    );
    let again = report::splice_similarity(
        &spliced,
        work.path(),
        &workspace().join("crates/bench/notes"),
    )
    .unwrap();
    assert_eq!(again, spliced, "splicing twice replaces the section");
}

#[test]
fn the_queue_benchmark_runs_with_tiny_n() {
    if !root() {
        eprintln!("skipped: full isolation (what the benchmarks measure) needs root");
        return;
    }
    // The shared test server when there is one, else a private server of its own.
    let database = std::env::var(test_postgres::SERVER_VARIABLE).ok();
    if database.is_none() && test_postgres::binaries().is_none() {
        test_postgres::unavailable("neither a test server nor PostgreSQL's programs");
        return;
    }
    let options = bench::queue::QueueOptions {
        config: workspace().join("judge.toml"),
        database,
        backends: vec![
            bench::queue::QueueBackend::Postgres,
            bench::queue::QueueBackend::Http,
        ],
        overhead_cycles: 5,
        workers: vec![1, 2],
        trivial: 3,
        sleeping: 2,
        sleep_ms: 100,
    };
    let queue = record(|| bench::queue::measure(&options)).unwrap();
    let r = &queue.result;
    let overhead = r.overhead.as_ref().expect("the PostgreSQL worker measured");
    assert_eq!(overhead.cycles, 5);
    assert!(overhead.cycle_ms.median > 0.0);
    assert_eq!(r.trivial.len(), 2);
    assert!(r
        .trivial
        .iter()
        .all(|t| t.submissions == 3 && t.per_second > 0.0 && t.fetch_s.is_none()));
    assert_eq!(r.sleeping[0].ratio_to_one, 1.0);
    // The HTTP worker: a real server, the real client, a pool judging every submission.
    let http = r.http.as_ref().expect("the HTTP worker measured");
    assert_eq!(http.overhead.cycles, 5);
    assert!(http.overhead.cycle_ms.median > 0.0);
    let counts: Vec<usize> = http.trivial.iter().map(|t| t.workers).collect();
    assert_eq!(counts, [1, 2]);
    for t in &http.trivial {
        assert!(t.submissions == 3 && t.per_second > 0.0, "{t:?}");
        // Each run starts with an empty cache, so its pool fetched the problem.
        assert!(t.fetch_s.is_some_and(|s| s > 0.0), "{t:?}");
    }
    let results = tempfile::tempdir().unwrap();
    record::write(&results.path().join(report::QUEUE_FILE), &queue).unwrap();
    let page = report::render(results.path(), Path::new("notes")).unwrap();
    assert!(
        page.contains("## 6. Scale-out: the judging queue, PostgreSQL and HTTP workers"),
        "{page}"
    );
    assert!(
        page.contains("| per submission | PostgreSQL worker | HTTP worker |"),
        "{page}"
    );
    assert!(
        page.contains("| workers | PostgreSQL worker: wall | submissions/s | ratio to 1 | HTTP worker: wall |"),
        "{page}"
    );
    assert!(page.contains("| 2 | "), "{page}");
    // A page written before the HTTP worker has its section replaced, not doubled.
    let old = "# B\n\n## 6. Scale-out: the judging queue on PostgreSQL\n\nTHE OLD SECTION\n\n## Reproducing\n";
    for existing in ["# B\n\n## Reproducing\n", old] {
        let spliced = report::splice_queue(existing, results.path(), Path::new("notes")).unwrap();
        assert!(
            spliced.starts_with("# B\n\n## 6. Scale-out") && spliced.ends_with("## Reproducing\n"),
            "{spliced}"
        );
        assert_eq!(spliced.matches("## 6.").count(), 1, "{spliced}");
        assert!(!spliced.contains("THE OLD SECTION"), "{spliced}");
    }
}

#[test]
fn the_compile_benchmark_runs_with_tiny_n() {
    use bench::compile::{self, CompileOptions};
    let judge = judge();
    let root = workspace().canonicalize().unwrap();
    let options = CompileOptions {
        programs: vec![
            root.join("problems/maze/submissions/accepted/bfs.cpp"),
            root.join("problems/blind-maze/submissions/accepted/dfs.cpp"),
        ],
        repeats: 1,
        root: root.clone(),
    };
    let measured = record(|| compile::measure(&judge, &options)).unwrap();
    let r = &measured.result;
    let names: Vec<(&str, bool)> = r
        .programs
        .iter()
        .map(|p| (p.program.as_str(), p.includes_header))
        .collect();
    assert_eq!(
        names,
        [
            ("problems/maze/submissions/accepted/bfs.cpp", true),
            ("problems/blind-maze/submissions/accepted/dfs.cpp", false)
        ]
    );
    assert!(r
        .programs
        .iter()
        .all(|p| p.cpu_ratio > 0.0 && p.with_cpu_s.count == 1));
    let results = tempfile::tempdir().unwrap();
    record::write(&results.path().join(report::COMPILE_FILE), &measured).unwrap();
    let text = report::render(results.path(), &workspace().join("crates/bench/notes")).unwrap();
    assert!(text.contains("## 7. Compiling C++ with a precompiled bits/stdc++.h"));
    assert!(text.contains("| `problems/maze/submissions/accepted/bfs.cpp` | yes |"));
}
