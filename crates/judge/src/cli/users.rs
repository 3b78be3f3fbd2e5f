//! `judge users`: accounts of the web server (being built; see crates/judge-server).

use super::Cli;

/// Arguments of `judge users`.
#[derive(Debug, clap::Args)]
pub struct UsersArgs {}

/// Runs `judge users`.
pub fn execute(_cli: &Cli, _args: &UsersArgs) -> anyhow::Result<u8> {
    anyhow::bail!("judge users is not available in this build yet")
}
