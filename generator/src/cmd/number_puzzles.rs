//! `cannonball number-puzzles`: give every puzzle that has no stable number
//! one, appended to `PUZZLES/numbers.yaml`.
//!
//! Each game's unnumbered puzzles are appended in book order (band, solution
//! tree size, id), so run on a folder without a registry it numbers every
//! puzzle as the book numbered them by position. Numbers already given never
//! change. The forge numbers what it writes; this is for puzzles added
//! otherwise (copied from a shard's folder, or left by an interrupted write).

use std::path::PathBuf;

use anyhow::Result;
use cannonball::puzzle::{self, Numbers};

/// Arguments of `number-puzzles`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzles folder.
    #[arg(long, default_value = "puzzles")]
    puzzles: PathBuf,
}

/// Runs `number-puzzles`: every puzzle numbered, each new number printed as
/// `Game N: id`.
///
/// # Errors
/// A puzzle file does not read (every one is listed), the registry does not
/// read, or it cannot be written.
pub fn run(a: &Args) -> Result<()> {
    let all = puzzle::read_all(&a.puzzles).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(ToString::to_string).collect();
        anyhow::anyhow!(
            "{}\n{} puzzle files do not read: fix them first",
            lines.join("\n"),
            errors.len()
        )
    })?;
    let mut numbers = Numbers::read(&a.puzzles)?;
    let new = numbers.assign_missing(all.iter().map(|(_, p)| p));
    if !new.is_empty() {
        numbers.write(&a.puzzles)?;
    }
    for (game, id, n) in &new {
        outln!("{} {n}: {id}", game.title())?;
    }
    outln!(
        "{} numbered, {} already had a number ({})",
        new.len(),
        all.len() - new.len(),
        Numbers::path(&a.puzzles).display()
    )?;
    Ok(())
}
