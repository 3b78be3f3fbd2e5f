//! `judge serve`: the students' web front (being built; see crates/judge-server).

use super::Cli;

/// Arguments of `judge serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {}

/// Runs `judge serve`.
pub fn execute(_cli: &Cli, _args: &ServeArgs) -> anyhow::Result<u8> {
    anyhow::bail!("judge serve is not available in this build yet")
}
