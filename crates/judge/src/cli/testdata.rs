//! `judge testdata build ID...`: rebuild a problem's stored tests from its recipe.

use super::common::{cancel_flag, load_config, GlobalOptions};
use judge_core::Judge;
use judge_packages::testdata::build;

/// Arguments of `judge testdata`.
#[derive(Debug, clap::Args)]
pub struct TestdataArgs {
    /// What to do.
    #[command(subcommand)]
    pub action: TestdataAction,
}

/// `judge testdata` actions.
#[derive(Debug, clap::Subcommand)]
pub enum TestdataAction {
    /// Run the generator with each [[tests]] entry of problem.toml and the reference on
    /// its output; write testdata/<id>/, removing files the recipe does not make.
    Build {
        /// The problems.
        #[arg(required = true)]
        problems: Vec<String>,
    },
}

/// Runs `judge testdata`.
pub fn execute(cli: &GlobalOptions, args: &TestdataArgs) -> anyhow::Result<u8> {
    let config = load_config(cli.config.as_ref())?;
    let TestdataAction::Build { problems } = &args.action;
    let judge = Judge::new(config, cancel_flag())?;
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    for id in problems {
        let report = build(&judge, id, jobs)?;
        println!(
            "{id}: wrote {} tests to {}",
            report.written.len(),
            judge.config.testdata_dir(id).display()
        );
        for removed in &report.removed {
            println!(
                "{id}: removed {} (no recipe entry makes it)",
                removed.display()
            );
        }
    }
    Ok(0)
}
