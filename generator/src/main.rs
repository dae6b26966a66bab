//! The `cannonball` command line: thin wrappers over the library. Errors are
//! reported here, at the edge, as one line each; the library returns typed errors.

mod cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Rules engines, solvers, puzzles and a verified book for Margo, Spargo and Margrites.
#[derive(Parser)]
#[command(name = "cannonball", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Margrites: check transcripts, self-play.
    #[command(subcommand)]
    Margrites(cmd::margrites::Command),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return cmd::report_usage_error(&e),
    };
    let result = match cli.command {
        Command::Margrites(c) => cmd::margrites::run(c),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
