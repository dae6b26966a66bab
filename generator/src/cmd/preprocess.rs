//! `cannonball preprocess`: the book's preprocessor as a command, for a plain
//! `mdbook build` (`book.toml`: `[preprocessor.cannonball] command = ...`).
//! mdBook sends `[context, book]` as JSON on standard input and reads the book
//! back from standard output; `preprocess supports RENDERER` answers by exit code.

use std::io::{self, Write as _};
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use cannonball::book::{BookError, Cannonball};

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
    let (ctx, book) = mdbook_preprocessor::parse_input(io::stdin().lock())
        .context("reading mdBook's input from standard input")?;
    match Cannonball::new().expand_book(&ctx, book) {
        Ok(book) => {
            let mut out = io::stdout().lock();
            serde_json::to_writer(&mut out, &book).context("writing the book")?;
            out.flush().context("writing the book")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(BookError::Failures(f)) => {
            for failure in &f.0 {
                eprintln!("{failure}");
            }
            eprintln!("error: {} figure problem(s) in the book", f.0.len());
            Ok(ExitCode::FAILURE)
        }
        Err(e) => Err(e.into()),
    }
}
