//! `cannonball margrites ...`: Margrites transcripts and self-play.

use std::process::ExitCode;

/// Margrites subcommands.
#[derive(clap::Subcommand)]
pub enum Command {}

/// Runs a Margrites subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {}
}
