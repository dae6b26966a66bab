//! Re-proving committed puzzles: everything in a file but its provenance is
//! recomputed from the position, the objective and the turns, and every line
//! that differs is reported at its line in the file.

use std::path::Path;

use crate::puzzle::{self, Puzzle, PuzzleError};
use cannonball_rules::Game;

use super::{ForgeError, Limits, margo, margrites};

/// Node budgets for re-proving (the forge's own, so a puzzle re-proves the
/// way it was found).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyLimits {
    /// Margo and Spargo: solver nodes per position, and the tree depth.
    pub margo: Limits,
    /// Margrites: solver nodes per solve, and the most turns.
    pub margrites: Limits,
}

impl Default for VerifyLimits {
    /// Each game's forge defaults ([`Limits::of`]).
    fn default() -> VerifyLimits {
        VerifyLimits {
            margo: Limits::MARGO,
            margrites: Limits::MARGRITES,
        }
    }
}

/// Everything in `p` recomputed by its game's forge from the position, the
/// objective and the turns (the provenance copied, the node count fresh).
///
/// # Errors
/// Why the puzzle could not be recomputed.
pub fn reanalyse(p: &Puzzle, limits: &VerifyLimits) -> Result<Puzzle, ForgeError> {
    match p.game {
        Game::Spargo | Game::Margo => margo::reanalyse(p, &limits.margo),
        Game::Margrites => margrites::reanalyse(p, &limits.margrites),
    }
}

/// Recomputes `p` (read from `file`, whose text is `text`).
///
/// # Errors
/// Every difference, each at its line; or why the puzzle could not be recomputed.
pub fn verify(
    file: &str,
    text: &str,
    p: &Puzzle,
    limits: &VerifyLimits,
) -> Result<(), Vec<PuzzleError>> {
    let mut same = reanalyse(p, limits)
        .map_err(|e| vec![PuzzleError::at_key(file, text, "position", e.to_string())])?;
    same.provenance = p.provenance.clone();
    differences(file, text, &same)
}

/// The lines where the file's text `written` differs from the YAML of
/// `fresh` as the writer lays it out (so a file the forge wrote keeps its
/// line numbers, and a file edited by hand, even only to reorder its points,
/// shows where).
///
/// # Errors
/// One error per differing run of lines.
pub fn differences(file: &str, written: &str, fresh: &Puzzle) -> Result<(), Vec<PuzzleError>> {
    let a = written;
    let b = puzzle::to_text(fresh).map_err(|e| vec![e])?;
    if a == b {
        return Ok(());
    }
    let al: Vec<&str> = a.lines().collect();
    let bl: Vec<&str> = b.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < al.len().max(bl.len()) && out.len() < 5 {
        let (x, y) = (al.get(i).copied(), bl.get(i).copied());
        if x != y {
            out.push(PuzzleError::At {
                file: file.to_owned(),
                line: i + 1,
                reason: format!(
                    "the file says `{}` but the engine finds `{}`",
                    x.unwrap_or("(nothing)").trim(),
                    y.unwrap_or("(nothing)").trim()
                ),
            });
            // Skip to where the two agree again.
            while i < al.len().max(bl.len()) && al.get(i) != bl.get(i) {
                i += 1;
            }
        }
        i += 1;
    }
    Err(out)
}

/// Recomputes one puzzle file and writes it back when it differs (the
/// provenance kept, the node count refreshed).
///
/// # Errors
/// The file cannot be read or written, or no longer makes a puzzle.
pub fn rewrite_file(path: &Path, limits: &VerifyLimits) -> Result<Game, Vec<PuzzleError>> {
    let p = puzzle::read(path).map_err(|e| vec![e])?;
    let file = path.display().to_string();
    let fresh = reanalyse(&p, limits).map_err(|e| {
        vec![PuzzleError::At {
            file: file.clone(),
            line: 1,
            reason: e.to_string(),
        }]
    })?;
    if fresh.id != p.id {
        return Err(vec![PuzzleError::At {
            file,
            line: 1,
            reason: format!("the id would change to {}", fresh.id),
        }]);
    }
    let text = puzzle::to_text(&fresh).map_err(|e| vec![e])?;
    std::fs::write(path, text).map_err(|e| {
        vec![PuzzleError::Io {
            file,
            reason: e.to_string(),
        }]
    })?;
    Ok(p.game)
}

/// Reads and verifies one puzzle file.
///
/// # Errors
/// As [`verify`], or the file cannot be read.
pub fn verify_file(path: &Path, limits: &VerifyLimits) -> Result<Game, Vec<PuzzleError>> {
    let p = puzzle::read(path).map_err(|e| vec![e])?;
    let text = std::fs::read_to_string(path).map_err(|e| {
        vec![PuzzleError::Io {
            file: path.display().to_string(),
            reason: e.to_string(),
        }]
    })?;
    verify(&path.display().to_string(), &text, &p, limits)?;
    Ok(p.game)
}
