//! `cannonball verify`: re-prove every committed puzzle and check every book
//! figure afresh (no cache), and check that every puzzle has its stable
//! number in `PUZZLES/numbers.yaml`; fail on any difference.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, Result};
use cannonball::book::{self, BookError, BuildOptions, Overrides};
use cannonball::forge::spargo;
use cannonball::forge::verify::{
    Rewrite, VerifyLimits, likeness_problems, rewrite_file, unnumbered, verify_file,
};
use cannonball::puzzle::{self, Census, PuzzleError};
use cannonball::solve::spargo::Tablebase;
use cannonball::yaml;
use cannonball_rules::Game;
use indicatif::{ProgressBar, ProgressStyle};

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
    /// forge), keeping its whole provenance; only files whose content changes
    /// are written (and lose their YAML comments), and each is named; files
    /// whose position no longer makes a puzzle are reported and left alone.
    #[arg(long)]
    rewrite: bool,
    /// With --rewrite: remove the files whose position no longer makes a
    /// puzzle under the forge's standards (each named, with why), and those
    /// that repeat an earlier puzzle or exceed the motif cap.
    #[arg(long, requires = "rewrite")]
    prune: bool,
    /// Also recount the Spargo census (`PUZZLES/census/spargo.yaml`) from this
    /// tablebase file (about half an hour); without it the census is checked
    /// for its checksum and for counts that hold together.
    #[arg(long)]
    tablebase: Option<PathBuf>,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
    /// Also print the N puzzles that took longest to re-prove, with their
    /// seconds (to find what makes `verify` slow).
    #[arg(long, value_name = "N")]
    slowest: Option<usize>,
}

/// One file's outcome and how long it took.
type Timed = (Result<(Game, Rewrite), Vec<PuzzleError>>, f64);

/// Re-proves (or rewrites) every file, in parallel, with a progress bar.
/// Each file's game and whether it was rewritten, or its problems.
fn reprove(a: &Args, files: &[PathBuf]) -> Vec<Timed> {
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
    let results = cannonball::jobs::map(files, |f| {
        let t = Instant::now();
        let r = if a.rewrite {
            rewrite_file(f, &limits)
        } else {
            verify_file(f, &limits).map(|g| (g, Rewrite::Same))
        };
        bar.inc(1);
        (r, t.elapsed().as_secs_f64())
    });
    bar.finish_and_clear();
    results
}

/// Prints every problem and the count per game; the files that failed.
///
/// # Errors
/// A failed write to standard output.
fn report(
    a: &Args,
    results: Vec<Result<(Game, Rewrite), Vec<PuzzleError>>>,
    files: &[PathBuf],
    started: Instant,
) -> Result<usize> {
    let mut failures = 0;
    let mut rewritten = 0;
    let mut per_game: BTreeMap<String, usize> = BTreeMap::new();
    for (r, file) in results.into_iter().zip(files) {
        match r {
            Ok((game, done)) => {
                match done {
                    Rewrite::Same => {}
                    Rewrite::Written => {
                        rewritten += 1;
                        outln!("rewritten {}", file.display())?;
                    }
                    Rewrite::NoLonger(why) if a.prune => {
                        std::fs::remove_file(file)
                            .with_context(|| format!("removing {}", file.display()))?;
                        outln!("removed {}: not a puzzle: {why}", file.display())?;
                        continue;
                    }
                    Rewrite::NoLonger(why) => {
                        failures += 1;
                        errln!("{}:1: not a puzzle: {why}", file.display());
                        continue;
                    }
                }
                *per_game.entry(game.slug().to_owned()).or_insert(0) += 1;
            }
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
        "puzzles: {} re-proved ({}), {} failed, {}in {:.1} s",
        files.len() - failures,
        games.join(", "),
        failures,
        if rewritten > 0 {
            format!("{rewritten} rewritten, ")
        } else {
            String::new()
        },
        started.elapsed().as_secs_f64()
    )?;
    Ok(failures)
}

/// Checks that no puzzle repeats an earlier one (in file order) or exceeds
/// the motif cap; with `--prune` those files are removed. The number of
/// problems left.
fn check_likeness(a: &Args) -> Result<usize> {
    let mut all = Vec::new();
    for f in puzzle::files(&a.puzzles)? {
        match puzzle::read(&f) {
            Ok(p) => all.push((f, p)),
            // Already reported by the re-proof.
            Err(_) => continue,
        }
    }
    let problems = likeness_problems(&all);
    for (i, e) in &problems {
        if a.prune {
            let file = &all[*i].0;
            std::fs::remove_file(file).with_context(|| format!("removing {}", file.display()))?;
            outln!("removed {}: {e}", file.display())?;
        } else {
            errln!("{e}");
        }
    }
    Ok(if a.prune { 0 } else { problems.len() })
}

/// Checks that the registry of puzzle numbers reads and that every puzzle
/// file left (after `--prune`) has a number; the number of problems (each
/// printed as `FILE:LINE: ...` with how to fix it).
fn check_numbers(a: &Args) -> Result<usize> {
    let files = puzzle::files(&a.puzzles)?;
    match unnumbered(&a.puzzles, &files) {
        Ok(problems) => {
            for e in &problems {
                errln!("{e}");
            }
            Ok(problems.len())
        }
        Err(e) => {
            errln!("{e}");
            Ok(1)
        }
    }
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

/// Checks the census file (when there is one), and recounts it with
/// `--tablebase`; the number of problems (each printed as `FILE:LINE: ...`).
fn check_census(a: &Args) -> Result<usize> {
    let path = a.puzzles.join("census").join("spargo.yaml");
    let census = match Census::read(&path) {
        Ok(Some(c)) => c,
        Ok(None) if a.tablebase.is_none() => return Ok(0),
        Ok(None) => anyhow::bail!("{}: no census to recount", path.display()),
        Err(e) => {
            errln!("{e}");
            return Ok(1);
        }
    };
    let Some(tb_path) = &a.tablebase else {
        outln!("census: checksum and counts hold together (recount with --tablebase FILE)")?;
        return Ok(0);
    };
    let t = Instant::now();
    let tb = Tablebase::load(tb_path, None)?;
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(tb.len() as u64)
    };
    let recount = spargo::census(&tb, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let text = cannonball::input::read_text(&path)?;
    let mut problems = census.differences(&recount);
    if census.tablebase.is_some() && census.tablebase != recount.tablebase {
        problems.push((
            "tablebase",
            format!(
                "counted from the tablebase {} but {} is {}",
                census.tablebase.as_deref().unwrap_or_default(),
                tb_path.display(),
                recount.tablebase.as_deref().unwrap_or_default()
            ),
        ));
    }
    for (key, reason) in &problems {
        let line = yaml::top_key_line(&text, key).unwrap_or(1);
        errln!("{}:{line}: {reason}", path.display());
    }
    outln!(
        "census: recounted {} positions from {}, {} differences, in {:.0} s",
        recount.positions,
        tb_path.display(),
        problems.len(),
        t.elapsed().as_secs_f64()
    )?;
    Ok(problems.len())
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
    let timed = reprove(a, &files);
    if let Some(n) = a.slowest {
        let mut by_time: Vec<(f64, &PathBuf)> = timed.iter().map(|(_, s)| *s).zip(&files).collect();
        by_time.sort_by(|x, y| y.0.total_cmp(&x.0));
        let total: f64 = by_time.iter().map(|(s, _)| s).sum();
        outln!(
            "re-proof CPU time: {total:.1} s over {} files; the slowest:",
            files.len()
        )?;
        for (s, f) in by_time.iter().take(n) {
            outln!("{s:8.1} s  {}", f.display())?;
        }
    }
    let results = timed.into_iter().map(|(r, _)| r).collect();
    let failures = report(a, results, &files, started)?
        + check_likeness(a)?
        + check_numbers(a)?
        + check_census(a)?;
    let book_failed = !a.puzzles_only && check_book(a)?;
    if failures > 0 || book_failed {
        errln!("error: verification failed");
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}
