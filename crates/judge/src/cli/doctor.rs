//! `judge doctor`: what this machine offers the sandbox and what makes its timings
//! unreliable, each with the fix; then one real run in a box.

use super::common::GlobalOptions;
use judge_core::judge::sandbox_config;
use judge_core::text::serde_name;
use sandbox::doctor::{mechanisms, timing, Check, Status};
use sandbox::{Limits, RunSpec, Sandbox, SandboxConfig, MIB};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Arguments of `judge doctor`.
#[derive(Debug, clap::Args)]
pub struct DoctorArgs {
    /// How many submissions you mean to judge at once (default: the number of cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Print the checks as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs one trivial program in a box, as the judge would.
fn trial(config: SandboxConfig) -> Check {
    let started = Instant::now();
    let result = Sandbox::new(config).and_then(|sandbox| {
        let mode = sandbox.mode().clone();
        let mut boxed = sandbox.acquire()?;
        let scratch = tempfile::tempdir()
            .map_err(|e| sandbox::SandboxError::io("creating", std::env::temp_dir(), e))?;
        let outcome = boxed.run(&RunSpec {
            argv: vec!["true".into()],
            env: vec![],
            stdin: None,
            stdout: scratch.path().join("out"),
            box_writable: false,
            root_binds: vec![],
            binds: vec![],
            limits: Limits::for_test(Duration::from_secs(1), 64 * MIB),
        })?;
        Ok((mode, outcome))
    });
    match result {
        Ok((mode, outcome)) if outcome.success() => Check {
            name: "sandbox trial".into(),
            status: if mode.degraded.is_empty() {
                Status::Ok
            } else {
                Status::Warn
            },
            detail: format!(
                "ran `true` in a box ({}, {}) in {:.0} ms, set-up included",
                serde_name(&mode.enforcement),
                if mode.isolated {
                    "isolated"
                } else {
                    "not isolated"
                },
                started.elapsed().as_secs_f64() * 1000.0
            ),
            fix: (!mode.degraded.is_empty()).then(|| mode.degraded.join("; ")),
        },
        Ok((_, outcome)) => Check {
            name: "sandbox trial".into(),
            status: Status::Fail,
            detail: format!("`true` did not succeed in a box: {outcome:?}"),
            fix: Some("report this as a bug, with the output of judge doctor --json".into()),
        },
        Err(error) => Check {
            name: "sandbox trial".into(),
            status: Status::Fail,
            detail: format!("the sandbox failed: {error}"),
            fix: Some("see the checks above".into()),
        },
    }
}

/// Runs `judge doctor`.
pub fn execute(cli: &GlobalOptions, args: &DoctorArgs) -> anyhow::Result<u8> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.unwrap_or(cores);
    let cancel = Arc::new(AtomicBool::new(false));
    // judge.toml's [sandbox] settings when there is one; the defaults on a bare machine.
    let config = match super::common::load_config(cli.config.as_ref()) {
        Ok(judge) => sandbox_config(&judge.toml.sandbox, cancel),
        Err(_) if cli.config.is_none() => SandboxConfig::default(),
        Err(error) => return Err(error),
    };
    let environment = sandbox::Environment::detect();
    let mut checks = mechanisms(&environment);
    checks.extend(timing(jobs));
    checks.push(trial(config));
    if args.json {
        println!("{}", serde_json::to_string_pretty(&checks)?);
    } else {
        let width = checks.iter().map(|c| c.name.len()).max().unwrap_or(0);
        for check in &checks {
            let status = serde_name(&check.status).to_uppercase();
            println!("{:<width$}  {status:<4}  {}", check.name, check.detail);
            if let Some(fix) = &check.fix {
                println!("{:<width$}        fix: {fix}", "");
            }
        }
        println!(
            "\nseccomp denies: {}",
            sandbox::seccomp::denied_names().join(", ")
        );
    }
    Ok(if checks.iter().any(|c| c.status == Status::Fail) {
        1
    } else {
        0
    })
}
