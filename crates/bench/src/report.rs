//! docs/benchmarks.md, rendered from the benchmarks' JSON records (and the hand-written
//! notes in crates/bench/notes/, for what a profile showed and what was tried).

use crate::accuracy::AccuracyReport;
use crate::compile::{CompileReport, TARGET_RATIO as TARGET_COMPILE_RATIO};
use crate::contest::ContestReport;
use crate::overhead::OverheadReport;
use crate::problemset::{ProblemsetReport, SeedRun};
use crate::queue::{Overhead, QueueReport, Throughput, TARGET_OVERHEAD_MS};
use crate::record::{self, Record};
use crate::similarity::{SimilarityReport, TARGET_S, TARGET_STUDENTS};
use crate::stats::Summary;
use anyhow::Result;
use std::fmt::Write;
use std::path::Path;

/// The files the report reads in the results folder.
pub const OVERHEAD_FILE: &str = "overhead.json";
/// See [`OVERHEAD_FILE`].
pub const ACCURACY_FILE: &str = "accuracy.json";
/// See [`OVERHEAD_FILE`].
pub const PROBLEMS_FILE: &str = "problems.json";
/// See [`OVERHEAD_FILE`].
pub const CONTEST_FILE: &str = "contest.json";
/// See [`OVERHEAD_FILE`].
pub const SIMILARITY_FILE: &str = "similarity.json";

/// See [`OVERHEAD_FILE`].
pub const QUEUE_FILE: &str = "queue.json";
/// See [`OVERHEAD_FILE`].
pub const COMPILE_FILE: &str = "compile.json";
/// The heading of the similarity section.
const SIMILARITY_HEADING: &str =
    "## 5. Similarity: `judge similarity` on disguised copies, and as the class grows";
/// What every version of the similarity section's heading starts with (splicing
/// replaces an older one too).
const SIMILARITY_HEADING_START: &str = "## 5. Similarity";

/// Full isolation's runs per second against the bare loop's (issue 39; issue 16 set 0.6,
/// issue 7 0.5).
pub const TARGET_RATIO: f64 = 0.7;
/// Full isolation's p99 latency against its p50 at most (issue 39: no 12 ms tail).
pub const TARGET_TAIL: f64 = 3.0;
/// CPU within ±3 %.
pub const TARGET_CPU_PERCENT: f64 = 3.0;
/// Memory within ±5 %.
pub const TARGET_MEMORY_PERCENT: f64 = 5.0;
/// Spread within 2 %.
pub const TARGET_SPREAD_PERCENT: f64 = 2.0;
/// A class judged within 2 minutes.
pub const TARGET_CLASS_S: f64 = 120.0;

const MIB: f64 = 1024.0 * 1024.0;

fn verdict(met: bool) -> &'static str {
    if met {
        "**met**"
    } else {
        "**missed**"
    }
}

fn mib(bytes: f64) -> String {
    format!("{:.1} MiB", bytes / MIB)
}

fn range(s: &Summary, scale: f64, decimals: usize) -> String {
    format!(
        "{:.d$} ({:.d$}–{:.d$})",
        s.median * scale,
        s.min * scale,
        s.max * scale,
        d = decimals
    )
}

fn provenance<T>(out: &mut String, record: &Record<T>) {
    let m = &record.machine;
    let _ = writeln!(out, "Command: `{}`  ", record.command);
    let _ = writeln!(
        out,
        "Load average at start {:.2} / {:.2} / {:.2}, at end {:.2} / {:.2} / {:.2} (1 / 5 / 15 min); took {:.0} s; started {}.\n",
        m.load_average[0],
        m.load_average[1],
        m.load_average[2],
        record.load_at_end[0],
        record.load_at_end[1],
        record.load_at_end[2],
        record.elapsed_s,
        m.taken_at
    );
}

fn note(out: &mut String, notes: &Path, name: &str) {
    if let Ok(text) = std::fs::read_to_string(notes.join(name)) {
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
}

fn overhead(out: &mut String, record: &Record<OverheadReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "{OVERHEAD_HEADING}\n");
    let _ = writeln!(
        out,
        "A trivial C program (`int main(void) {{ return 0; }}`, gcc -O2) run {} times per repeat by each contender, {} repeats, the contenders interleaved {} (the first of each round rotates). Runs per second and the ratio to the bare loop are per repeat; the table gives their median and (min–max) over the repeats. Latencies are over every timed run.\n",
        r.runs,
        r.repeats,
        if r.block > 1 {
            format!("in blocks of {} runs, so that each pays for the work the kernel defers after its own runs", r.block)
        } else {
            "run by run".to_string()
        }
    );
    provenance(out, record);
    let _ = writeln!(
        out,
        "| contender | runs/s | ratio to bare | latency p50 / p90 / p99 (ms) |\n| --- | --- | --- | --- |"
    );
    for l in &r.loops {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {:.2} / {:.2} / {:.2} |",
            l.label,
            range(&l.runs_per_s, 1.0, 0),
            range(&l.ratio_to_bare, 1.0, 2),
            l.latency.p50_us / 1e3,
            l.latency.p90_us / 1e3,
            l.latency.p99_us / 1e3
        );
    }
    for l in r.loops.iter().filter(|l| l.prepared_runs > 0) {
        let _ = writeln!(
            out,
            "\n{}: {} of {} timed runs started by a box prepared while the run before went on.",
            l.label, l.prepared_runs, l.timed_runs
        );
    }
    if let Some(full) = r.loops.iter().find(|l| l.id == "sandbox-full") {
        let tail = full.latency.p99_us / full.latency.p50_us.max(1.0);
        let _ = writeln!(
            out,
            "\nTarget: full isolation ≥ {TARGET_RATIO} × the bare loop: {} (median ratio {:.3}); its p99 at most {TARGET_TAIL} × its p50: {} ({:.2} ×).\n",
            verdict(full.ratio_to_bare.median >= TARGET_RATIO),
            full.ratio_to_bare.median,
            verdict(tail <= TARGET_TAIL),
            tail
        );
    }
    let _ = writeln!(out, "isolate: {}\n", r.isolate_note);
    note(out, notes, "isolate.md");
    note(out, notes, "overhead-critical-path.md");
    note(out, notes, "overhead-pool.md");
    note(out, notes, "overhead-profile.md");
}

fn accuracy(out: &mut String, record: &Record<AccuracyReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "## 2. Measurement accuracy\n");
    let _ = writeln!(
        out,
        "Each program compiled by judge.toml's toolchain and run {} times through the judge's sandbox (full isolation, as `judge` runs tests), the series interleaved. Error is (reported − intended) / intended per run: its mean, and the spread is the standard deviation of the reported value over its mean.\n",
        r.repeats
    );
    provenance(out, record);
    let _ = writeln!(
        out,
        "### CPU time\n\nBusy loops that spin until the process has used the intended CPU time by its own clock (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`, all threads), then print their own getrusage total (\"self\"). The sandbox's figure is the cgroup's (`cpuacct.usage`), which also counts the program's start in the box.\n"
    );
    let _ = writeln!(
        out,
        "| program | intended | reported median (min–max) | mean error vs intended | mean error vs self | spread | met (±{TARGET_CPU_PERCENT} %, spread ≤ {TARGET_SPREAD_PERCENT} %) |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for s in &r.cpu {
        let vs_self = s
            .error_vs_self_percent
            .map_or("–".to_string(), |e| format!("{:+.2} %", e.mean));
        let met = s.error_percent.mean.abs() <= TARGET_CPU_PERCENT
            && s.reported.spread_percent() <= TARGET_SPREAD_PERCENT;
        let _ = writeln!(
            out,
            "| {} | {:.3} s | {} s | {:+.2} % | {vs_self} | {:.2} % | {} |",
            s.label,
            s.intended,
            range(&s.reported, 1.0, 4),
            s.error_percent.mean,
            s.reported.spread_percent(),
            if met { "yes" } else { "no" }
        );
    }
    let _ = writeln!(
        out,
        "\n### Peak memory (C)\n\nPrograms that malloc a block and write one byte per 4 KiB page. Intended = the touched size + the C baseline (the same program touching 0 MiB, median of this run). The sandbox's figure is the cgroup's `memory.max_usage_in_bytes` less what was charged before the run; \"self\" is the program's own VmHWM, which also counts shared library pages the cgroup does not charge to it.\n"
    );
    let _ = writeln!(
        out,
        "| program | intended | reported median (min–max) | mean error | spread | self VmHWM | met (±{TARGET_MEMORY_PERCENT} %, spread ≤ {TARGET_SPREAD_PERCENT} %) |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for s in &r.memory {
        let own = s.self_measured.map_or("–".to_string(), |m| mib(m.median));
        let baseline = s.intended == 0.0;
        let met = baseline
            || (s.error_percent.mean.abs() <= TARGET_MEMORY_PERCENT
                && s.reported.spread_percent() <= TARGET_SPREAD_PERCENT);
        let _ = writeln!(
            out,
            "| {} | {} | {} MiB | {} | {:.2} % | {own} | {} |",
            s.label,
            mib(s.intended),
            range(&s.reported, 1.0 / MIB, 2),
            if baseline {
                "–".to_string()
            } else {
                format!("{:+.2} %", s.error_percent.mean)
            },
            s.reported.spread_percent(),
            if baseline {
                "(baseline)"
            } else if met {
                "yes"
            } else {
                "no"
            }
        );
    }
    let _ = writeln!(
        out,
        "\n### Each language: baseline and {} MiB\n\nThe same touching program in each language (`programs/touch.*`), with 0 MiB (the runtime's baseline: a trivial program) and {} MiB, under the problem set's limits (256 MiB; Java runs with `-Xmx256m`). Error = reported peak against {} MiB + that language's median baseline; \"without baseline\" = (peak − baseline) against {} MiB alone.\n",
        r.languages.first().map_or(64, |l| l.touched_mib),
        r.languages.first().map_or(64, |l| l.touched_mib),
        r.languages.first().map_or(64, |l| l.touched_mib),
        r.languages.first().map_or(64, |l| l.touched_mib),
    );
    let _ = writeln!(
        out,
        "| language | baseline CPU | baseline peak | peak touching | error | error without baseline | spread | self VmHWM |\n| --- | --- | --- | --- | --- | --- | --- | --- |"
    );
    for l in &r.languages {
        let _ = writeln!(
            out,
            "| {} | {:.1} ms | {} | {} | {:+.2} % | {:+.2} % | {:.2} % | {} |",
            l.language,
            l.baseline_cpu_s.median * 1e3,
            mib(l.baseline_peak_bytes.median),
            mib(l.touched_peak_bytes.median),
            l.error_percent.mean,
            l.error_without_baseline_percent.mean,
            l.touched_peak_bytes.spread_percent(),
            l.touched_self_peak_bytes
                .map_or("–".to_string(), |m| mib(m.median))
        );
    }
    out.push('\n');
    note(out, notes, "accuracy.md");
}

/// The seed's time estimated on a capped test from its largest finished test, when its
/// growth is known.
fn estimate(run: &SeedRun, input_bytes: u64) -> Option<f64> {
    let exponent = run.growth_exponent?;
    let finished = run
        .tests
        .iter()
        .filter(|t| !t.capped && t.verdict != "MLE" && t.cpu_s >= 0.05)
        .max_by_key(|t| t.input_bytes)?;
    Some(finished.cpu_s * (input_bytes as f64 / finished.input_bytes as f64).powf(exponent))
}

fn problems(out: &mut String, record: &Record<ProblemsetReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "## 3. The problem set\n");
    let _ = writeln!(
        out,
        "Each problem's reference (its crate's release binary) judged {} times on every stored test by the judge (`judge_executable`, as `judge verify` does); the slowest test is the one with the largest median CPU time.\n",
        r.repeats
    );
    provenance(out, record);
    let _ = writeln!(
        out,
        "| problem | tests | limit | slowest test | its CPU, median (min–max) | fraction of the limit | all AC |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for p in &r.problems {
        if let Some(slowest) = p.by_test.first() {
            let _ = writeln!(
                out,
                "| {} | {} | {:.1} s | {} | {} s | {:.1} % | {} |",
                p.problem,
                p.tests,
                p.time_limit_s,
                slowest.test,
                range(&slowest.reference_cpu_s, 1.0, 4),
                100.0 * p.slowest_fraction_of_limit,
                if p.reference_all_accepted {
                    "yes"
                } else {
                    "no"
                }
            );
        }
    }
    for (problem, reason) in &r.skipped {
        let _ = writeln!(out, "\n{problem}: not measured: {reason}");
    }
    let _ = writeln!(
        out,
        "\n### The seeds' own algorithms against ours\n\nEach seed program judged once on the reference's {} hardest tests (by the reference's median CPU), the largest input, and a few smaller tests that show how it grows; its CPU time is capped at {:.0} s per test (TLE there means \"more than the cap\", and the ratio is then a lower bound). Ratio = the seed's CPU time / the reference's median on the same test. Where the seed's time is known to grow as a power of the input (O(V^2) Dijkstra: V ∝ input bytes), the last column estimates it on capped tests from the largest test it finished.\n",
        3, r.cap_s
    );
    for p in &r.problems {
        for run in &p.seeds {
            let _ = writeln!(
                out,
                "**{}**: {} (`{}`, {}){}\n",
                p.problem,
                run.label,
                run.source,
                run.language,
                if run.note.is_empty() {
                    String::new()
                } else {
                    format!(": {}", run.note)
                }
            );
            if run.tests.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                "| test | input | verdict | seed CPU | peak | reference CPU | ratio | estimate |\n| --- | --- | --- | --- | --- | --- | --- | --- |"
            );
            for t in &run.tests {
                let ratio = if t.ratio.is_finite() {
                    format!("{}{:.0}×", if t.capped { "> " } else { "" }, t.ratio)
                } else {
                    "–".to_string()
                };
                let estimated = match (t.capped, estimate(run, t.input_bytes)) {
                    (true, Some(seconds)) => format!(
                        "≈ {seconds:.0} s ({:.0}×)",
                        seconds / t.reference_cpu_s.max(1e-6)
                    ),
                    _ => String::new(),
                };
                let _ = writeln!(
                    out,
                    "| {} | {} B | {} | {}{:.3} s | {} | {:.4} s | {ratio} | {estimated} |",
                    t.test,
                    t.input_bytes,
                    t.verdict,
                    if t.capped { "≥ " } else { "" },
                    t.cpu_s,
                    mib(t.peak_memory_bytes as f64),
                    t.reference_cpu_s
                );
            }
            out.push('\n');
        }
    }
    note(out, notes, "problems.md");
}

fn contest(out: &mut String, record: &Record<ContestReport>, notes: &Path) {
    let r = &record.result;
    let c = &r.class;
    let _ = writeln!(out, "## 4. End to end: a class judged by `judge contest`\n");
    let _ = writeln!(
        out,
        "A generated class (`bench class`, deterministic): {} students × the contest's problems, {} attempts ({} student-problem pairs with repeated attempts, {} verbatim copies of a kept file; {} distinct sources). Drawn from the verdict folders: {}. Languages: {}.\n",
        c.students,
        c.attempts,
        c.repeated,
        c.verbatim,
        c.distinct_sources,
        c.by_folder
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", "),
        c.by_extension
            .iter()
            .map(|(k, v)| format!(".{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    provenance(out, record);
    let _ = writeln!(
        out,
        "Each run: `{}`, results folder emptied first (a cold compile cache).\n",
        r.judge_command
    );
    let _ = writeln!(
        out,
        "| --jobs | wall time | compiles | compile time (summed) | compile share | cache hits | verdicts |\n| --- | --- | --- | --- | --- | --- | --- |"
    );
    for run in &r.runs {
        let _ = writeln!(
            out,
            "| {} | {:.1} s | {} | {:.1} s | {:.0} % | {} | {} |",
            run.jobs,
            run.wall_s,
            run.summary.compiles,
            run.summary.compile_seconds,
            run.compile_share_percent,
            run.summary.cache_hits,
            run.verdicts
                .iter()
                .map(|(k, v)| format!("{k} {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(
        out,
        "\nCompile share = the compiles' wall time added up / (wall time × jobs).\n"
    );
    for (jobs, wall) in &r.wall_by_jobs {
        let _ = writeln!(
            out,
            "Target: ≤ {TARGET_CLASS_S:.0} s with --jobs {jobs}: {} (median {:.1} s).  ",
            verdict(wall.median <= TARGET_CLASS_S),
            wall.median
        );
    }
    out.push('\n');
    note(out, notes, "contest.md");
}

fn similarity(out: &mut String, record: &Record<SimilarityReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "{SIMILARITY_HEADING}\n");
    provenance(out, record);
    if let Some(disguise) = &r.disguise {
        crate::similarity::disguise_table::render(out, disguise);
    }
    let _ = writeln!(out, "### As the class grows\n");
    let _ = writeln!(
        out,
        "Generated classes (`bench similarity`, seed {}): S students x the corpus's {} problems ({}), each file a corpus solution or (one in {}) a copy of an earlier student's, every file then disguised (identifiers renamed, comment lines added, a line or two deleted). The real `judge similarity` binary timed from outside, {} runs per size (wall time: median, min–max); the phases measured in process on the same files ({} threads). With about 15 corpus solutions per problem, many students start from the same one, so nearly every pair shares something and is scored: an upper bound on a real class's cost.\n",
        r.seed,
        r.problems.len(),
        r.problems.join(", "),
        100 / crate::similarity::COPY_PERCENT.max(1),
        r.repeats,
        r.jobs
    );
    let _ = writeln!(
        out,
        "| students | files | pairs scored | flagged at 0.5 | planted copies flagged | `judge similarity` wall | tokenize | discount | pairs | reports | HTML |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    );
    for s in &r.sizes {
        let _ =
            writeln!(
            out,
            "| {} | {} | {} | {} | {} / {} | {} s | {:.2} s | {:.2} s | {:.2} s | {:.2} s | {} |",
            s.students,
            s.files,
            s.pairs_scored,
            s.flagged,
            s.planted_found,
            s.planted_copies,
            s.wall_s.as_ref().map_or("–".to_string(), |w| range(w, 1.0, 2)),
            s.tokenize_s,
            s.discount_s,
            s.pairs_s,
            s.reports_s,
            mib(s.html_bytes as f64)
        );
    }
    match r
        .sizes
        .iter()
        .find(|s| s.students == TARGET_STUDENTS)
        .and_then(|s| s.wall_s.as_ref())
    {
        Some(wall) => {
            let _ = writeln!(
                out,
                "\nTarget: {TARGET_STUDENTS} students x {} problems within {TARGET_S:.0} s: {} (median {:.2} s).\n",
                r.problems.len(),
                verdict(wall.median <= TARGET_S),
                wall.median
            );
        }
        None => {
            let _ = writeln!(
                out,
                "\nTarget: not measured ({TARGET_STUDENTS} students not in this run).\n"
            );
        }
    }
    note(out, notes, "similarity.md");
}

/// The similarity section alone (from `results`), put in place of the old one in
/// `existing` (or before "## Reproducing" if there is none): the other sections keep
/// their text when only this benchmark was run again.
pub fn splice_similarity(existing: &str, results: &Path, notes: &Path) -> Result<String> {
    let record = record::read::<SimilarityReport>(&results.join(SIMILARITY_FILE))?;
    let mut section = String::new();
    similarity(&mut section, &record, notes);
    Ok(splice(existing, SIMILARITY_HEADING_START, &section))
}

/// The queue section alone, as [`splice_similarity`].
pub fn splice_queue(existing: &str, results: &Path, notes: &Path) -> Result<String> {
    let record = record::read::<QueueReport>(&results.join(QUEUE_FILE))?;
    let mut section = String::new();
    queue(&mut section, &record, notes);
    Ok(splice(existing, QUEUE_HEADING_START, &section))
}

/// `existing` with the section under `heading` replaced by `section` (or `section` put
/// before "## Reproducing" if there is none).
fn splice(existing: &str, heading: &str, section: &str) -> String {
    let start = existing
        .find(heading)
        .or_else(|| existing.find("## Reproducing"));
    let Some(start) = start else {
        return format!("{existing}\n{section}");
    };
    let end = match existing[start..].strip_prefix(heading) {
        Some(body) => body
            .find("\n## ")
            .map_or(existing.len(), |i| start + heading.len() + i + 1),
        None => start,
    };
    format!("{}{section}{}", &existing[..start], &existing[end..])
}

/// The per-run overhead section alone, as [`splice_similarity`].
pub fn splice_overhead(existing: &str, results: &Path, notes: &Path) -> Result<String> {
    let record = record::read::<OverheadReport>(&results.join(OVERHEAD_FILE))?;
    let mut section = String::new();
    overhead(&mut section, &record, notes);
    Ok(splice(existing, OVERHEAD_HEADING, &section))
}

/// The per-run overhead section's heading.
const OVERHEAD_HEADING: &str = "## 1. Per-run overhead";

/// The compile section alone, as [`splice_similarity`].
pub fn splice_compile(existing: &str, results: &Path, notes: &Path) -> Result<String> {
    let record = record::read::<CompileReport>(&results.join(COMPILE_FILE))?;
    let mut section = String::new();
    compile(&mut section, &record, notes);
    Ok(splice(existing, COMPILE_HEADING, &section))
}

/// The compile section's heading.
const COMPILE_HEADING: &str = "## 7. Compiling C++ with a precompiled bits/stdc++.h";

fn compile(out: &mut String, record: &Record<CompileReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "{COMPILE_HEADING}\n");
    let _ = writeln!(
        out,
        "`bench compile`: each program compiled {} times each way by the judge's compile step (`{}`), in a fresh box each time, with and without the precompiled header alternating. The first compile, untimed, builds the header if this machine has none yet for this compiler and these flags ({:.1} s of wall time here). The ratio is the compiler's median CPU time with the header over without it.\n",
        r.repeats,
        r.command.join(" "),
        r.header_build_wall_s
    );
    provenance(out, record);
    let _ = writeln!(out, "| program | includes bits/stdc++.h | CPU with | CPU without | wall with | wall without | CPU ratio |\n| --- | --- | --- | --- | --- | --- | --- |");
    for p in &r.programs {
        let _ = writeln!(
            out,
            "| `{}` | {} | {:.3} s | {:.3} s | {:.3} s | {:.3} s | {:.2} |",
            p.program,
            if p.includes_header { "yes" } else { "no" },
            p.with_cpu_s.median,
            p.without_cpu_s.median,
            p.with_wall_s.median,
            p.without_wall_s.median,
            p.cpu_ratio
        );
    }
    let including: Vec<f64> = r
        .programs
        .iter()
        .filter(|p| p.includes_header)
        .map(|p| p.cpu_ratio)
        .collect();
    if let Some(worst) = including.iter().copied().reduce(f64::max) {
        let _ = writeln!(
            out,
            "\nTarget: at most {TARGET_COMPILE_RATIO:.2} x for the programs that include it: {} (worst {worst:.2}).\n",
            verdict(worst <= TARGET_COMPILE_RATIO)
        );
    } else {
        out.push('\n');
    }
    note(out, notes, "compile.md");
}

/// The queue section's heading.
const QUEUE_HEADING: &str = "## 6. Scale-out: the judging queue, PostgreSQL and HTTP workers";
/// What the queue section's heading starts with, before and since the HTTP worker.
const QUEUE_HEADING_START: &str = "## 6. Scale-out: the judging queue";

/// A row of the overhead table: its label and its value in ms.
type OverheadRow = (&'static str, fn(&Overhead) -> f64);

/// The overhead rows for each worker measured, side by side.
fn queue_overhead(out: &mut String, columns: &[(&str, &Overhead)]) {
    let _ = write!(out, "| per submission |");
    for (name, _) in columns {
        let _ = write!(out, " {name} |");
    }
    let _ = write!(out, "\n| --- |");
    for _ in columns {
        out.push_str(" --- |");
    }
    out.push('\n');
    let rows: [OverheadRow; 7] = [
        ("claim + progress + result, median", |o| o.cycle_ms.median),
        ("p90", |o| o.cycle_p90_ms),
        ("p99", |o| o.cycle_p99_ms),
        ("min", |o| o.cycle_ms.min),
        ("the claim alone, median", |o| o.claim_ms),
        ("the progress row alone, median", |o| o.progress_ms),
        ("the result alone, median", |o| o.finish_ms),
    ];
    for (label, value) in rows {
        let _ = write!(out, "| {label} |");
        for (_, overhead) in columns {
            let _ = write!(out, " {:.2} ms |", value(overhead));
        }
        out.push('\n');
    }
    out.push('\n');
}

/// Throughput rows for each worker measured, side by side by worker count.
fn queue_throughput(out: &mut String, columns: &[(&str, &[Throughput])]) {
    let _ = write!(out, "| workers |");
    for (name, _) in columns {
        let _ = write!(out, " {name}: wall | submissions/s | ratio to 1 |");
    }
    let _ = write!(out, "\n| --- |");
    for _ in columns {
        out.push_str(" --- | --- | --- |");
    }
    out.push('\n');
    let mut counts: Vec<usize> = columns
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|t| t.workers))
        .collect();
    counts.sort_unstable();
    counts.dedup();
    for workers in counts {
        let _ = write!(out, "| {workers} |");
        for (_, rows) in columns {
            match rows.iter().find(|t| t.workers == workers) {
                Some(t) => {
                    let _ = write!(
                        out,
                        " {:.1} s | {:.2} | {:.2} |",
                        t.wall_s, t.per_second, t.ratio_to_one
                    );
                }
                None => out.push_str(" | | |"),
            }
        }
        out.push('\n');
    }
    out.push('\n');
}

fn queue(out: &mut String, record: &Record<QueueReport>, notes: &Path) {
    let r = &record.result;
    let _ = writeln!(out, "{QUEUE_HEADING}\n");
    let _ = writeln!(
        out,
        "`bench queue`: the store is {}, a fresh database per measurement. The PostgreSQL worker is judge-worker's pool on the store (what `judge worker --jobs N` runs); the HTTP worker is the same pool with its `RemoteBackend` (what `judge worker --server URL --token T --jobs N` runs), talking to {}, its problem fetched by content hash into a problem cache of its own, empty at each run. Both judge on this machine, with the full sandbox, a one-test problem in Python 3.\n",
        r.store,
        r.http.as_ref().map_or("judge-server's worker endpoints", |h| h.server.as_str())
    );
    provenance(out, record);
    let postgres_name = "PostgreSQL worker";
    let http_name = "HTTP worker";
    let mut overheads: Vec<(&str, &Overhead)> = Vec::new();
    if let Some(o) = &r.overhead {
        overheads.push((postgres_name, o));
    }
    if let Some(h) = &r.http {
        overheads.push((http_name, &h.overhead));
    }
    if let Some((_, first)) = overheads.first() {
        let _ = writeln!(
            out,
            "Claim + record, without judging ({} cycles of a claim (`FOR UPDATE SKIP LOCKED`, a lease), one progress row, the result written and the submission marked done in one transaction; over HTTP each step is one request to the server's worker endpoints, which run the same store calls, the claim after reading the published versions, the progress row after checking the lease's owner):\n",
            first.cycles
        );
        queue_overhead(out, &overheads);
    }
    if let Some(o) = &r.overhead {
        let _ = writeln!(
            out,
            "Target (issue 15, the PostgreSQL worker): under {TARGET_OVERHEAD_MS:.0} ms per submission: {} (median {:.2} ms).\n",
            verdict(o.cycle_ms.median < TARGET_OVERHEAD_MS),
            o.cycle_ms.median
        );
    }
    let mut trivial: Vec<(&str, &[Throughput])> = Vec::new();
    if !r.trivial.is_empty() {
        trivial.push((postgres_name, &r.trivial));
    }
    if let Some(h) = &r.http {
        trivial.push((http_name, &h.trivial));
    }
    if let Some((_, rows)) = trivial.first() {
        let submissions = rows.first().map_or(0, |t| t.submissions);
        let _ = writeln!(
            out,
            "Trivial programs (read two numbers, print the sum), {submissions} submissions per run:\n"
        );
        queue_throughput(out, &trivial);
    }
    if let Some(h) = &r.http {
        let fetches: Vec<f64> = h.trivial.iter().filter_map(|t| t.fetch_s).collect();
        if let (Some(min), Some(max)) = (
            fetches.iter().copied().reduce(f64::min),
            fetches.iter().copied().reduce(f64::max),
        ) {
            let range = if max - min < 0.0005 {
                format!("{max:.3} s")
            } else {
                format!("{min:.3} to {max:.3} s")
            };
            let _ = writeln!(
                out,
                "Each HTTP run's wall time includes its pool's first fetch of the problem into its empty cache (fetch, SHA-256 check, unpack, load and hash again): {range}.\n"
            );
        }
    }
    if !r.sleeping.is_empty() {
        let _ = writeln!(
            out,
            "Wall-bound programs (sleep {} ms, then the sum), {} submissions per run:\n",
            r.sleep_ms,
            r.sleeping.first().map_or(0, |t| t.submissions)
        );
        queue_throughput(out, &[(postgres_name, &r.sleeping)]);
    }
    note(out, notes, "queue.md");
}

/// Renders the report from the records in `results`; `notes` holds hand-written notes
/// (`summary.md`, `isolate.md`, `overhead-profile.md`, `accuracy.md`, `problems.md`,
/// `contest.md`, `similarity.md`) included where they belong: each at the end of its section.
pub fn render(results: &Path, notes: &Path) -> Result<String> {
    let mut out = String::new();
    out.push_str("# Benchmarks\n\n");
    out.push_str(
        "Generated by `scripts/bench` (the `bench` crate, crates/bench); do not edit by hand: run the script again. Every figure below comes with the command that made it and the load at the time. This is a shared, noisy 2-core virtual machine: absolute figures move with the load, so compare only figures measured in the same run (ratios of interleaved loops).\n\n",
    );
    let overhead_record = record::read::<OverheadReport>(&results.join(OVERHEAD_FILE)).ok();
    let accuracy_record = record::read::<AccuracyReport>(&results.join(ACCURACY_FILE)).ok();
    let problems_record = record::read::<ProblemsetReport>(&results.join(PROBLEMS_FILE)).ok();
    let contest_record = record::read::<ContestReport>(&results.join(CONTEST_FILE)).ok();
    let machine = overhead_record
        .as_ref()
        .map(|r| r.machine.clone())
        .or_else(|| accuracy_record.as_ref().map(|r| r.machine.clone()));
    if let Some(m) = machine {
        let _ = writeln!(
            out,
            "## The machine\n\n- kernel: `{}`\n- cores: {} (`nproc`)\n- CPU: {}\n- memory: {} MiB\n",
            m.uname, m.cores, m.cpu_model, m.memory_mib
        );
    }
    note(&mut out, notes, "summary.md");
    match &overhead_record {
        Some(r) => overhead(&mut out, r, notes),
        None => out.push_str("## 1. Per-run overhead\n\nNot measured in this run.\n\n"),
    }
    match &accuracy_record {
        Some(r) => accuracy(&mut out, r, notes),
        None => out.push_str("## 2. Measurement accuracy\n\nNot measured in this run.\n\n"),
    }
    match &problems_record {
        Some(r) => problems(&mut out, r, notes),
        None => out.push_str("## 3. The problem set\n\nNot measured in this run.\n\n"),
    }
    match &contest_record {
        Some(r) => contest(&mut out, r, notes),
        None => out.push_str("## 4. End to end\n\nNot measured in this run.\n\n"),
    }
    match record::read::<SimilarityReport>(&results.join(SIMILARITY_FILE)).ok() {
        Some(r) => similarity(&mut out, &r, notes),
        None => {
            let _ = writeln!(out, "{SIMILARITY_HEADING}\n\nNot measured in this run.\n");
        }
    }
    match record::read::<QueueReport>(&results.join(QUEUE_FILE)).ok() {
        Some(r) => queue(&mut out, &r, notes),
        None => {
            let _ = writeln!(out, "{QUEUE_HEADING}\n\nNot measured in this run.\n");
        }
    }
    match record::read::<CompileReport>(&results.join(COMPILE_FILE)).ok() {
        Some(r) => compile(&mut out, &r, notes),
        None => {
            let _ = writeln!(out, "{COMPILE_HEADING}\n\nNot measured in this run.\n");
        }
    }
    // Measured by the web front's browser test, not by `bench`: its figures are a note.
    note(&mut out, notes, "browser.md");
    out.push_str("## Reproducing\n\n```\nscripts/bench            # everything, about 50 minutes here (35 of them the class)\nBENCH_ONLY=\"overhead accuracy\" scripts/bench   # some; the others' records are reused\nBENCH_ONLY=overhead BENCH_SECTION=overhead scripts/bench   # section 1 alone, put in place here\nBENCH_ONLY=similarity BENCH_SECTION=similarity scripts/bench   # section 5 alone, put in place here\nBENCH_ONLY=queue BENCH_SECTION=queue scripts/bench   # section 6 alone, put in place here\nBENCH_ONLY=compile BENCH_SECTION=compile scripts/bench   # section 7 alone, put in place here\nBENCH_QUICK=1 scripts/bench   # tiny N: checks the pipeline, figures meaningless\n```\n\nThe JSON records behind this page are written to `target/bench-results/` (not committed).\n");
    Ok(out)
}
