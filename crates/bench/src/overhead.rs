//! Benchmark 1, per-run overhead: the trivial C program run N times by each contender —
//! the bare fork + exec + wait4 loop, the sandbox at full isolation, the sandbox without
//! isolation (cgroups only), the sandbox in rlimit-only mode, and isolate when given —
//! interleaved in blocks (a block of runs of one contender, then a block of the next; the
//! starting contender rotates), so that all of them see the same load on a shared machine
//! and yet each pays for the work the kernel defers after its runs (namespace and cgroup
//! teardown, freeing memory), which interleaving run by run would put on whichever loop
//! runs next. A contender's throughput is its runs over the wall time of its blocks;
//! its ratio to the bare loop is computed per repeat; the report gives their median and
//! spread over the repeats, and the per-run latency percentiles.

use crate::bare::BareProgram;
use crate::isolate::Isolate;
use crate::stats::{percentile, Summary};
use anyhow::{bail, Context, Result};
use sandbox::{Backend, Isolation, Limits, RunSpec, Sandbox, SandboxBox, SandboxConfig, MIB};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What to measure.
#[derive(Debug, Clone)]
pub struct OverheadOptions {
    /// Timed runs of each contender per repeat.
    pub runs: usize,
    /// Repeats (each gives one throughput figure per contender).
    pub repeats: usize,
    /// Untimed runs of each contender first.
    pub warmup: usize,
    /// Runs in a row of one contender before the next one's (1: run by run).
    pub block: usize,
    /// Which sandbox modes to include (full isolation is always included).
    pub layers: bool,
    /// isolate, as a third column, when available.
    pub isolate: Option<Isolate>,
}

/// Per-run latency percentiles over every timed run, in microseconds.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Latency {
    /// Median.
    pub p50_us: f64,
    /// 90th percentile.
    pub p90_us: f64,
    /// 99th percentile.
    pub p99_us: f64,
}

/// One contender's figures.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LoopFigures {
    /// A stable id (`bare`, `sandbox-full`, ...).
    pub id: String,
    /// What it is, for the report.
    pub label: String,
    /// Runs per second, one value per repeat.
    pub runs_per_s: Summary,
    /// Its runs per second over the bare loop's in the same repeat.
    pub ratio_to_bare: Summary,
    /// Per-run latency.
    pub latency: Latency,
    /// Timed runs started by a box prepared during the run before (sandbox loops).
    #[serde(default)]
    pub prepared_runs: usize,
    /// Timed runs in all.
    #[serde(default)]
    pub timed_runs: usize,
}

/// The whole benchmark's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OverheadReport {
    /// Timed runs per contender per repeat.
    pub runs: usize,
    /// Repeats.
    pub repeats: usize,
    /// Runs in a row of one contender.
    #[serde(default = "one")]
    pub block: usize,
    /// The sandbox's mode at full isolation, as it describes itself.
    pub full_mode: String,
    /// Each contender.
    pub loops: Vec<LoopFigures>,
    /// isolate's version, or why it is not a column.
    pub isolate_note: String,
}

fn one() -> usize {
    1
}

/// One way of running the program once.
trait Contender {
    fn run_once(&mut self) -> Result<()>;
    /// Runs so far that a prepared box started.
    fn prepared_runs(&self) -> usize {
        0
    }
    /// Finishes what its runs left to the kernel that it can wait for (a sandbox's box
    /// teardown), at the end of its block: the block pays for it.
    fn settle(&mut self) {}
}

impl Contender for BareProgram {
    fn run_once(&mut self) -> Result<()> {
        BareProgram::run_once(self)
    }
}

struct SandboxLoop<'a> {
    boxed: SandboxBox<'a>,
    spec: RunSpec,
    prepared: usize,
}

impl Contender for SandboxLoop<'_> {
    fn run_once(&mut self) -> Result<()> {
        let outcome = self.boxed.run(&self.spec)?;
        if !outcome.success() {
            bail!("the trivial program did not succeed in the sandbox: {outcome:?}");
        }
        self.prepared += usize::from(self.boxed.last_run_was_prepared());
        Ok(())
    }

    fn prepared_runs(&self) -> usize {
        self.prepared
    }

    fn settle(&mut self) {
        self.boxed.settle();
    }
}

struct IsolateCycle {
    isolate: Isolate,
    program: PathBuf,
}

impl Contender for IsolateCycle {
    fn run_once(&mut self) -> Result<()> {
        self.isolate.cycle(&self.program)
    }
}

struct IsolateRunOnly {
    isolate: Isolate,
}

impl Contender for IsolateRunOnly {
    fn run_once(&mut self) -> Result<()> {
        self.isolate.run()
    }
}

impl Drop for IsolateRunOnly {
    fn drop(&mut self) {
        let _ = self.isolate.cleanup();
    }
}

/// Compiles the trivial program with the judge's C flags into `dir/main`.
pub fn compile_trivial(dir: &Path) -> Result<PathBuf> {
    let source = dir.join("true.c");
    std::fs::write(&source, crate::programs::TRUE_C.source)?;
    let exe = dir.join("main");
    let status = Command::new("gcc")
        .args(["-std=c17", "-O2", "-pipe", "-o"])
        .arg(&exe)
        .arg(&source)
        .status()
        .context("running gcc")?;
    if !status.success() {
        bail!("gcc failed on the trivial program");
    }
    Ok(exe)
}

fn sandbox_with(isolation: Isolation, backend: Backend) -> Result<Sandbox> {
    Sandbox::new(SandboxConfig {
        isolation,
        backend,
        ..SandboxConfig::default()
    })
    .context("starting a sandbox")
}

fn sandbox_loop<'a>(
    sandbox: &'a Sandbox,
    program: &Path,
    stdout: PathBuf,
) -> Result<SandboxLoop<'a>> {
    let boxed = sandbox.acquire().context("taking a box")?;
    std::fs::copy(program, boxed.dir().join("main")).context("copying the program in")?;
    Ok(SandboxLoop {
        boxed,
        prepared: 0,
        spec: RunSpec {
            argv: vec!["./main".into()],
            env: vec![],
            stdin: None,
            stdout,
            box_writable: false,
            root_binds: vec![],
            binds: vec![],
            limits: Limits::for_test(Duration::from_secs(1), 64 * MIB),
        },
    })
}

fn describe(sandbox: &Sandbox) -> String {
    let mode = sandbox.mode();
    format!(
        "{:?}, {}",
        mode.enforcement,
        if mode.isolated {
            "isolated"
        } else {
            "not isolated"
        }
    )
}

/// Runs the benchmark.
pub fn measure(options: &OverheadOptions) -> Result<OverheadReport> {
    let work = tempfile::Builder::new()
        .prefix("bench-overhead-")
        .tempdir()?;
    let program = compile_trivial(work.path())?;
    let full = sandbox_with(Isolation::Full, Backend::Auto)?;
    let full_mode = describe(&full);
    let plain = sandbox_with(Isolation::Off, Backend::Auto)?;
    let rlimit = sandbox_with(Isolation::Off, Backend::RlimitOnly)?;

    let mut entries: Vec<(&str, String, Box<dyn Contender + '_>)> = Vec::new();
    entries.push((
        "bare",
        "bare fork + exec + wait4".into(),
        Box::new(BareProgram::new(&program)?),
    ));
    entries.push((
        "sandbox-full",
        format!("sandbox, full isolation ({full_mode})"),
        Box::new(sandbox_loop(&full, &program, work.path().join("full.out"))?),
    ));
    if options.layers {
        entries.push((
            "sandbox-cgroups",
            format!("sandbox, no isolation ({})", describe(&plain)),
            Box::new(sandbox_loop(
                &plain,
                &program,
                work.path().join("plain.out"),
            )?),
        ));
        entries.push((
            "sandbox-rlimit",
            format!("sandbox, rlimit-only ({})", describe(&rlimit)),
            Box::new(sandbox_loop(
                &rlimit,
                &program,
                work.path().join("rlimit.out"),
            )?),
        ));
    }
    let isolate_note = match &options.isolate {
        None => "not measured (no isolate binary given)".to_string(),
        Some(isolate) => {
            let version = isolate.version()?;
            let cg = if isolate.cgroups { " --cg" } else { "" };
            entries.push((
                "isolate-cycle",
                format!("isolate{cg}: --init, copy, --run, --cleanup per run"),
                Box::new(IsolateCycle {
                    isolate: isolate.clone(),
                    program: program.clone(),
                }),
            ));
            let run_only = Isolate {
                box_id: isolate.box_id + 1,
                ..isolate.clone()
            };
            let dir = run_only.init()?;
            std::fs::copy(&program, dir.join("main"))?;
            entries.push((
                "isolate-run",
                format!("isolate{cg}: --run only (box set up once)"),
                Box::new(IsolateRunOnly { isolate: run_only }),
            ));
            version
        }
    };

    let names: Vec<(String, String)> = entries
        .iter()
        .map(|(id, label, _)| (id.to_string(), label.clone()))
        .collect();
    let mut contenders: Vec<Box<dyn Contender + '_>> = entries
        .into_iter()
        .map(|(_, _, contender)| contender)
        .collect();
    for contender in contenders.iter_mut() {
        for _ in 0..options.warmup {
            contender.run_once()?;
        }
    }
    let prepared_after_warmup: Vec<usize> = contenders.iter().map(|c| c.prepared_runs()).collect();
    let count = contenders.len();
    let block = options.block.max(1);
    // latencies[contender]: every timed run's duration, in nanoseconds; block_time and
    // block_runs[contender][repeat]: the wall time of its blocks and the runs in them.
    let mut latencies: Vec<Vec<f64>> = vec![Vec::new(); count];
    let mut block_time: Vec<Vec<f64>> = vec![Vec::new(); count];
    let mut block_runs: Vec<Vec<usize>> = vec![Vec::new(); count];
    for _ in 0..options.repeats {
        let mut elapsed = vec![0.0; count];
        let mut done = vec![0usize; count];
        let mut round = 0;
        while done[0] < options.runs {
            let this_block = block.min(options.runs - done[0]);
            for offset in 0..count {
                let index = (round + offset) % count;
                let started = Instant::now();
                for _ in 0..this_block {
                    let run_started = Instant::now();
                    contenders[index].run_once()?;
                    latencies[index].push(run_started.elapsed().as_nanos() as f64);
                }
                contenders[index].settle();
                elapsed[index] += started.elapsed().as_nanos() as f64;
                done[index] += this_block;
            }
            round += 1;
        }
        for index in 0..count {
            block_time[index].push(elapsed[index]);
            block_runs[index].push(done[index]);
        }
    }
    let prepared: Vec<usize> = contenders
        .iter()
        .zip(&prepared_after_warmup)
        .map(|(c, before)| c.prepared_runs() - before)
        .collect();
    drop(contenders);

    let rates_of = |index: usize| -> Vec<f64> {
        block_runs[index]
            .iter()
            .zip(&block_time[index])
            .map(|(runs, ns)| *runs as f64 / (ns / 1e9))
            .collect()
    };
    let bare = rates_of(0);
    let mut loops = Vec::new();
    for (index, (id, label)) in names.into_iter().enumerate() {
        let rates = rates_of(index);
        let ratios: Vec<f64> = rates.iter().zip(&bare).map(|(r, b)| r / b).collect();
        let all: Vec<f64> = latencies[index].iter().map(|ns| ns / 1e3).collect();
        loops.push(LoopFigures {
            id,
            label,
            runs_per_s: Summary::of(&rates).context("no repeats")?,
            ratio_to_bare: Summary::of(&ratios).context("no repeats")?,
            latency: Latency {
                p50_us: percentile(&all, 0.5),
                p90_us: percentile(&all, 0.9),
                p99_us: percentile(&all, 0.99),
            },
            prepared_runs: prepared[index],
            timed_runs: latencies[index].len(),
        });
    }
    Ok(OverheadReport {
        runs: options.runs,
        repeats: options.repeats,
        block,
        full_mode,
        loops,
        isolate_note,
    })
}
