//! C++ compile time with and without the precompiled `bits/stdc++.h`: each program compiled
//! in a fresh box by the judge's own compile step, the two ways alternating, so both see
//! the same load. Programs that do not include the header are measured too: their ratio
//! shows that nothing changed for them.

use anyhow::{bail, Context, Result};
use judge_core::compile;
use judge_core::Judge;
use judge_core::Toolchain;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

use crate::stats::Summary;

/// The ratio the precompiled header must reach on programs that include it (issue 16).
pub const TARGET_RATIO: f64 = 0.45;

/// The programs measured by default: accepted solutions of the problem set, three that
/// include `bits/stdc++.h` and three that do not.
pub const DEFAULT_PROGRAMS: [&str; 6] = [
    "problems/maze/submissions/accepted/bfs.cpp",
    "problems/eight-puzzle/submissions/accepted/bfs.cpp",
    "problems/klotski/submissions/accepted/bfs.cpp",
    "problems/number-chain/submissions/accepted/pruned_dfs.cpp",
    "problems/knights-tour/submissions/accepted/frontier_warnsdorff.cpp",
    "problems/blind-maze/submissions/accepted/dfs.cpp",
];

/// What to measure.
#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// The C++ programs (paths).
    pub programs: Vec<PathBuf>,
    /// Compiles of each program each way.
    pub repeats: usize,
    /// The repository, to name the programs relative to it.
    pub root: PathBuf,
}

/// One program's compile times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProgramCompile {
    /// The program, relative to the repository.
    pub program: String,
    /// Whether it includes `bits/stdc++.h` (so the precompiled header applies).
    pub includes_header: bool,
    /// The compiler's CPU seconds with the precompiled header available.
    pub with_cpu_s: Summary,
    /// The compiler's CPU seconds without it.
    pub without_cpu_s: Summary,
    /// Wall seconds with it.
    pub with_wall_s: Summary,
    /// Wall seconds without it.
    pub without_wall_s: Summary,
    /// Median CPU with / median CPU without.
    pub cpu_ratio: f64,
}

/// The whole measurement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CompileReport {
    /// The compile command of the `cpp` language.
    pub command: Vec<String>,
    /// Compiles of each program each way.
    pub repeats: usize,
    /// Seconds the one-time build of the header took (0 when it was already built).
    pub header_build_wall_s: f64,
    /// Each program.
    pub programs: Vec<ProgramCompile>,
}

/// The compiler's (CPU, wall) seconds for one compile of `source` in a fresh box.
fn time_one(
    judge: &Judge,
    toolchain: &Toolchain,
    source: &[u8],
    precompiled: bool,
) -> Result<(f64, f64)> {
    let mut boxed = judge.sandbox().acquire().context("taking a box")?;
    let scratch = tempfile::Builder::new()
        .prefix("bench-compile-")
        .tempdir()
        .context("making a scratch folder")?;
    let result = compile(
        &mut boxed,
        toolchain,
        source,
        &judge.config.compile,
        precompiled.then(|| judge.precompiled_headers()),
        scratch.path(),
    )?;
    if !result.success {
        bail!("the program does not compile: {}", result.message);
    }
    Ok((result.cpu_time_s, result.wall_time_s))
}

fn summary(values: &[f64]) -> Result<Summary> {
    Summary::of(values).context("no measurements (--repeats 0?)")
}

/// Measures every program, alternating with and without the header.
pub fn measure(judge: &Judge, options: &CompileOptions) -> Result<CompileReport> {
    let language = judge.languages.by_id("cpp")?.clone();
    let toolchain = Toolchain::new(&language, judge.sandbox());
    let headers = &language.spec.precompiled_headers;
    if headers.is_empty() {
        bail!("judge.toml's cpp language lists no precompiled_headers");
    }
    let mut programs = Vec::new();
    let mut header_build_wall_s = 0.0;
    for path in &options.programs {
        let source = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let includes_header = !judge_core::precompiled::included(&source, headers).is_empty();
        if includes_header && header_build_wall_s == 0.0 {
            // The first compile builds the header (once per machine); it is not timed.
            let started = std::time::Instant::now();
            time_one(judge, &toolchain, &source, true)?;
            header_build_wall_s = started.elapsed().as_secs_f64();
        }
        let (mut with_cpu, mut with_wall, mut without_cpu, mut without_wall) =
            (vec![], vec![], vec![], vec![]);
        for _ in 0..options.repeats {
            let (cpu, wall) = time_one(judge, &toolchain, &source, true)?;
            with_cpu.push(cpu);
            with_wall.push(wall);
            let (cpu, wall) = time_one(judge, &toolchain, &source, false)?;
            without_cpu.push(cpu);
            without_wall.push(wall);
        }
        let with_cpu_s = summary(&with_cpu)?;
        let without_cpu_s = summary(&without_cpu)?;
        programs.push(ProgramCompile {
            program: relative(path, &options.root),
            includes_header,
            cpu_ratio: with_cpu_s.median / without_cpu_s.median,
            with_cpu_s,
            without_cpu_s,
            with_wall_s: summary(&with_wall)?,
            without_wall_s: summary(&without_wall)?,
        });
    }
    Ok(CompileReport {
        command: language.compile_command().unwrap_or_default().to_vec(),
        repeats: options.repeats,
        header_build_wall_s,
        programs,
    })
}

fn relative(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
