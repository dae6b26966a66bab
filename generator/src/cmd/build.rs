//! `cannonball build`: check every figure, expand the directives, and build the
//! book with mdBook into its build folder.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Result;
use cannonball::book::{self, BookError, BuildOptions, Event, Overrides, Prover};
use cannonball::forge::verify::{VerifyLimits, verify};
use cannonball::puzzle::Puzzle;
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `build`.
#[derive(clap::Args)]
pub struct Args {
    /// The book's folder (where book.toml is).
    #[arg(long, default_value = "book")]
    book: PathBuf,
    /// Check the figures and directives only; write nothing.
    #[arg(long)]
    check_only: bool,
    /// Check every figure again, ignoring the cache of checked figures.
    #[arg(long)]
    no_cache: bool,
}

fn progress_bar() -> (ProgressBar, book::Progress) {
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {pos}/{len} {wide_bar} {elapsed}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let b = bar.clone();
    let report: book::Progress = Arc::new(move |e| match e {
        Event::Figures(n) | Event::Puzzles(n) => {
            b.set_message(if matches!(e, Event::Figures(_)) {
                "checking figures"
            } else {
                "re-proving puzzles"
            });
            b.set_position(0);
            b.set_length(n as u64);
        }
        Event::Figure { .. } | Event::Puzzle { .. } => b.inc(1),
    });
    (bar, report)
}

/// The forge's verifier, which the book runs on every puzzle it shows (the
/// book may not use the forge itself).
pub fn prover() -> Prover {
    Prover::new(
        "forge::verify, default limits",
        Arc::new(|file: &str, text: &str, p: &Puzzle| {
            verify(file, text, p, &VerifyLimits::default())
        }),
    )
}

/// Runs `build`: exit code 1 when a figure, a directive or a puzzle's proof
/// fails (each failure is printed as `FILE:LINE: ...`), and the previous build
/// is left as it was.
pub fn run(a: &Args) -> Result<ExitCode> {
    let started = Instant::now();
    let (bar, progress) = progress_bar();
    let opts = BuildOptions {
        book: a.book.clone(),
        check_only: a.check_only,
        overrides: Overrides {
            no_cache: a.no_cache,
            prover: Some(prover()),
            ..Overrides::default()
        },
        dest: None,
        progress: Some(progress),
    };
    let result = book::build(&opts);
    bar.finish_and_clear();
    match result {
        Ok(report) => {
            let s = report.stats;
            let what = match &report.dest {
                Some(dest) => format!("built {}", dest.display()),
                None => "checked".to_string(),
            };
            outln!(
                "{what}: {} chapters, {} figures ({} from the cache), {} claims checked, {} directives, {} puzzles re-proved, in {:.1} s",
                s.chapters,
                s.figures,
                s.cached,
                s.claims,
                s.directives,
                s.proved,
                started.elapsed().as_secs_f64()
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Err(BookError::Failures(f)) => {
            for failure in &f.0 {
                errln!("{failure}");
            }
            let n = f.0.len();
            errln!(
                "error: {n} problem{} in the book; nothing was written",
                if n == 1 { "" } else { "s" }
            );
            Ok(ExitCode::FAILURE)
        }
        Err(e) => Err(e.into()),
    }
}
