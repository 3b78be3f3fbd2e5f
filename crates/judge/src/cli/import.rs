//! `judge import`: add a package (a Kattis or Polygon package folder or .zip, or a
//! native problem folder) to a contest (the first unless `--contest` names another):
//! copied beside the other problems and listed in judge.toml, for `judge contest` and
//! `judge serve`. An FPS file (`.xml`) adds each of its items, all or nothing.

use super::common::{cancel_flag, load_config, GlobalOptions, EXIT_JUDGED};
use judge_model::problem::STORED_TIME_LIMIT_FILE;
use judge_model::text::escape;
use judge_packages::stored_limit::format_seconds;
use std::path::PathBuf;

/// Arguments of `judge import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// The package: a folder, a .zip, or an FPS file (.xml) of one or many problems.
    pub path: PathBuf,
    /// The problem's id in the contest (default: from the package's name; for an FPS
    /// file, from each item's title, and --id names a file's only item).
    #[arg(long)]
    pub id: Option<String>,
    /// The contest to add it to, by id (default: the first, `[contest]`).
    #[arg(long)]
    pub contest: Option<String>,
    /// Its points in the contest.
    #[arg(long, default_value_t = judge_packages::import::DEFAULT_POINTS)]
    pub points: f64,
    /// Admit a native problem that is a Rust crate: cargo builds it (build scripts
    /// included) and runs its checker, validator, generator and reference on this machine
    /// outside the sandbox, as this user. Only for a package whose code you have read.
    #[arg(long)]
    pub trust_native: bool,
}

/// Runs `judge import`.
pub fn execute(cli: &GlobalOptions, args: &ImportArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    if judge_packages::fps::is_fps_file(&args.path) {
        return import_fps(&config, args);
    }
    let imported = judge_packages::import::import(
        &config,
        &args.path,
        args.id.as_deref(),
        args.points,
        args.contest.as_deref(),
        if args.trust_native {
            judge_packages::Trust::NativeCrates
        } else {
            judge_packages::Trust::SandboxedOnly
        },
    )?;
    for warning in &imported.warnings {
        eprintln!("warning: {warning}");
    }
    println!(
        "imported {} as {:?} ({}; {} tests) into {}; judge.toml lists it in contest {:?} with {} points",
        args.path.display(),
        imported.id,
        imported.format.describe(),
        imported.tests,
        imported.dir.display(),
        imported.contest,
        args.points
    );
    // A package that gives no time limit has it decided now, once, from its accepted
    // submissions, and stored with it: every command and the server then use that one.
    let judge = judge_core::Judge::new(load_config(cli.config.as_ref())?, cancel_flag())?;
    let problem = judge_packages::load(&judge.config, &imported.id)?;
    if problem.time_rule.is_decided() {
        println!(
            "time limit: {} s, {}",
            format_seconds(problem.limits.time_s),
            problem.time_rule.origin.describe()
        );
    } else {
        super::common::warn_if_degraded(&judge);
        match judge_verify::store_inferred_limit(&judge, &problem) {
            Ok(Some(inference)) => println!(
                "time limit: {} s, from the accepted submissions ({}: {} at {:.3} s), stored in {}",
                format_seconds(inference.limit_s),
                inference.rule,
                escape::terminal_line(&inference.slowest.0),
                inference.slowest.1,
                imported.dir.join(STORED_TIME_LIMIT_FILE).display()
            ),
            Ok(None) => {}
            Err(why) => eprintln!(
                "warning: {} gives no time limit and none could be inferred from its accepted submissions: {}; it is not judged until `judge verify {}` decides one",
                imported.id,
                escape::terminal_line(&why),
                imported.id
            ),
        }
    }
    println!("next: judge verify {}", imported.id);
    Ok(EXIT_JUDGED)
}

/// `judge import FILE.xml`: every item of an FPS file, all or nothing.
fn import_fps(
    config: &judge_model::config::judge_toml::JudgeConfig,
    args: &ImportArgs,
) -> anyhow::Result<u8> {
    let done = judge_packages::fps::import(
        config,
        &args.path,
        args.id.as_deref(),
        args.points,
        args.contest.as_deref(),
    )?;
    for problem in &done.problems {
        for warning in &problem.warnings {
            eprintln!("warning: {}: {warning}", problem.id);
        }
        println!(
            "imported {:?} as {:?} ({} test{}) into {}; judge.toml lists it in contest {:?} with {} points",
            problem.title,
            problem.id,
            problem.tests,
            if problem.tests == 1 { "" } else { "s" },
            problem.dir.display(),
            problem.contest,
            args.points
        );
    }
    for (id, dir) in &done.statements_only {
        println!(
            "kept {id:?} as a statement only in {} (no tests: not in the contest)",
            dir.display()
        );
    }
    for note in &done.notes {
        eprintln!("note: {note}");
    }
    if !done.problems.is_empty() {
        let ids: Vec<&str> = done.problems.iter().map(|p| p.id.as_str()).collect();
        println!("next: judge verify {}", ids.join(" "));
    }
    Ok(EXIT_JUDGED)
}
