//! The `judge` command: parses the command line and hands it to the library.

mod cli;

use clap::Parser;

fn main() -> std::process::ExitCode {
    cli::execute(cli::Cli::parse())
}
