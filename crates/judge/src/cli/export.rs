//! `judge export ID --kattis DIR`: write a native problem as a Kattis problem package
//! (2025-09), which `judge verify DIR` and other Kattis tools read.

use super::common::{load_config, GlobalOptions, EXIT_JUDGED};
use judge_packages::export::{export, ExportOptions};
use std::path::PathBuf;

/// Arguments of `judge export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// The problem's id in the contest.
    pub id: String,
    /// The package folder to write (new, or empty).
    #[arg(long, value_name = "DIR")]
    pub kattis: PathBuf,
    /// Leave the groups out: a pass-fail package, for tools that read no scoring.
    #[arg(long)]
    pub pass_fail: bool,
}

/// Runs `judge export`.
pub fn execute(cli: &GlobalOptions, args: &ExportArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let options = ExportOptions {
        pass_fail: args.pass_fail,
    };
    let exported = export(&config, &args.id, &args.kattis, options)?;
    for note in &exported.notes {
        eprintln!("note: {note}");
    }
    println!(
        "exported {} as a Kattis package (2025-09) into {}: {} tests, {} groups, {} submissions",
        args.id,
        exported.dir.display(),
        exported.tests,
        exported.groups,
        exported.submissions
    );
    println!("next: judge verify {}", exported.dir.display());
    Ok(EXIT_JUDGED)
}
