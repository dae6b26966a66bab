//! `cannonball verify`: re-prove every committed puzzle and check every book
//! figure afresh (no cache); fail on any difference.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Result;
use cannonball::book::{self, BookError, BuildOptions, Overrides};
use cannonball::forge::verify::{VerifyLimits, rewrite_file, verify_file};
use cannonball::puzzle::{self, PuzzleError};
use cannonball_rules::Game;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

/// Arguments of `verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzles folder.
    #[arg(long, default_value = "puzzles")]
    puzzles: PathBuf,
    /// The book's folder.
    #[arg(long, default_value = "book")]
    book: PathBuf,
    /// Only the puzzles, not the book's figures.
    #[arg(long)]
    puzzles_only: bool,
    /// Write each puzzle file as the engine now finds it (after a change to the
    /// forge), keeping its provenance; files whose position no longer makes a
    /// puzzle are reported and left alone.
    #[arg(long)]
    rewrite: bool,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
}

/// Re-proves (or rewrites) every file, in parallel, with a progress bar.
fn reprove(a: &Args, files: &[PathBuf]) -> Vec<Result<Game, Vec<PuzzleError>>> {
    let limits = VerifyLimits::default();
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(files.len() as u64)
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} re-proving puzzles {pos}/{len} {wide_bar} {elapsed}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let results: Vec<_> = files
        .par_iter()
        .map(|f| {
            let r = if a.rewrite {
                rewrite_file(f, &limits)
            } else {
                verify_file(f, &limits)
            };
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    results
}

/// Prints every problem and the count per game; the files that failed.
///
/// # Errors
/// A failed write to standard output.
fn report(
    results: Vec<Result<Game, Vec<PuzzleError>>>,
    files: usize,
    started: Instant,
) -> std::io::Result<usize> {
    let mut failures = 0;
    let mut per_game: BTreeMap<String, usize> = BTreeMap::new();
    for r in results {
        match r {
            Ok(game) => *per_game.entry(game.slug().to_owned()).or_insert(0) += 1,
            Err(errors) => {
                failures += 1;
                for e in errors {
                    errln!("{e}");
                }
            }
        }
    }
    let games: Vec<String> = per_game.iter().map(|(g, n)| format!("{g} {n}")).collect();
    outln!(
        "puzzles: {} re-proved ({}), {} failed, in {:.1} s",
        files - failures,
        games.join(", "),
        failures,
        started.elapsed().as_secs_f64()
    )?;
    Ok(failures)
}

/// Checks every book figure afresh; whether any failed.
fn check_book(a: &Args) -> Result<bool> {
    let t = Instant::now();
    let opts = BuildOptions {
        book: a.book.clone(),
        check_only: true,
        overrides: Overrides {
            no_cache: true,
            ..Overrides::default()
        },
        dest: None,
        progress: None,
    };
    match book::build(&opts) {
        Ok(r) => {
            outln!(
                "book: {} chapters, {} figures, {} claims checked afresh, in {:.1} s",
                r.stats.chapters,
                r.stats.figures,
                r.stats.claims,
                t.elapsed().as_secs_f64()
            )?;
            Ok(false)
        }
        Err(BookError::Failures(f)) => {
            for failure in &f.0 {
                errln!("{failure}");
            }
            Ok(true)
        }
        Err(e) => Err(e.into()),
    }
}

/// Runs `verify`: exit code 1 when anything differs (each problem printed as
/// `FILE:LINE: ...`).
pub fn run(a: &Args) -> Result<ExitCode> {
    let started = Instant::now();
    let files = puzzle::files(&a.puzzles)?;
    if files.is_empty() {
        anyhow::bail!(
            "{}: no puzzle files to verify (puzzles are `<game>/<id>.yaml`)",
            a.puzzles.display()
        );
    }
    let results = reprove(a, &files);
    let failures = report(results, files.len(), started)?;
    let book_failed = !a.puzzles_only && check_book(a)?;
    if failures > 0 || book_failed {
        errln!("error: verification failed");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
