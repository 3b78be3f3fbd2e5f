//! A program compiled by the judge's own toolchain in a box, ready to run again and again
//! with chosen arguments and limits, the way the judge runs a submission on a test.

use anyhow::{bail, Context, Result};
use judge_core::compile;
use judge_core::Judge;
use judge_core::Toolchain;
use sandbox::{Limits, Outcome, RunSpec, SandboxBox, MIB};

/// A compiled program in its box.
pub struct Prepared<'a> {
    boxed: SandboxBox<'a>,
    toolchain: Toolchain,
    scratch: tempfile::TempDir,
    /// The compiler's wall time, in seconds.
    pub compile_wall_s: f64,
}

impl<'a> Prepared<'a> {
    /// Compiles `source` as `language` (an id of judge.toml's table) in a fresh box.
    pub fn compile(judge: &'a Judge, language: &str, source: &str) -> Result<Prepared<'a>> {
        let language = judge.languages.by_id(language)?.clone();
        let toolchain = Toolchain::new(&language, judge.sandbox());
        let mut boxed = judge.sandbox().acquire().context("taking a box")?;
        let scratch = tempfile::Builder::new()
            .prefix("bench-")
            .tempdir()
            .context("making a scratch folder")?;
        let result = compile(
            &mut boxed,
            &toolchain,
            source.as_bytes(),
            &judge.config.compile,
            Some(judge.precompiled_headers()),
            scratch.path(),
        )?;
        if !result.success {
            bail!(
                "compiling the {} program failed: {}",
                language.id,
                result.message
            );
        }
        Ok(Prepared {
            boxed,
            toolchain,
            scratch,
            compile_wall_s: result.wall_time_s,
        })
    }

    /// Runs it once with `args` after the language's run command, under `limits`; returns
    /// the sandbox's outcome and what the program printed.
    pub fn run(&mut self, args: &[String], limits: &Limits) -> Result<(Outcome, String)> {
        let mut argv = self
            .toolchain
            .language
            .run_command(limits.memory_bytes / MIB);
        argv.extend(args.iter().cloned());
        let stdout = self.scratch.path().join("stdout");
        let spec = RunSpec {
            argv,
            env: self.toolchain.env.clone(),
            stdin: None,
            stdout: stdout.clone(),
            box_writable: false,
            root_binds: vec![],
            binds: vec![],
            limits: limits.clone(),
        };
        let outcome = self.boxed.run(&spec).context("running in the sandbox")?;
        let printed = std::fs::read_to_string(&stdout).unwrap_or_default();
        Ok((outcome, printed))
    }
}
