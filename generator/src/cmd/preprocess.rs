//! `cannonball preprocess`: the book's preprocessor as a command, for a plain
//! `mdbook build` (`book.toml`: `[preprocessor.cannonball] command = ...`).
//! mdBook sends `[context, book]` as JSON on standard input and reads the book
//! back from standard output; `preprocess supports RENDERER` answers by exit code.

use std::io;
use std::process::ExitCode;

use anyhow::Result;
use cannonball::book::{BookError, preprocessor};

/// Arguments of `preprocess`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Exit 0: the figures are HTML, which every renderer of this book gets.
    Supports {
        /// The renderer's name.
        renderer: String,
    },
}

/// Runs `preprocess`.
pub fn run(a: &Args) -> Result<ExitCode> {
    if let Some(Command::Supports { .. }) = &a.command {
        return Ok(ExitCode::SUCCESS);
    }
    match preprocessor::run_json(
        io::stdin().lock(),
        super::output::stdout(),
        Some(super::build::prover()),
    ) {
        Ok(_) => Ok(ExitCode::SUCCESS),
        Err(BookError::Failures(f)) => {
            for failure in &f.0 {
                errln!("{failure}");
            }
            errln!("error: {} problem(s) in the book", f.0.len());
            Ok(ExitCode::FAILURE)
        }
        Err(e) => Err(e.into()),
    }
}
