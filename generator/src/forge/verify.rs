//! Re-proving committed puzzles: everything in a file but its provenance is
//! recomputed from the position, the objective and the turns, and every line
//! that differs is reported at its line in the file. Every puzzle file must
//! also have its stable number ([`unnumbered`]).

use std::path::{Path, PathBuf};

use crate::puzzle::{self, Numbers, NumbersError, Puzzle, PuzzleError};
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
/// shows where). Whole-line comments (`# ...`) and blank lines are the
/// reader's own and are skipped; errors name the file's own line numbers.
///
/// # Errors
/// One error per differing run of lines.
pub fn differences(file: &str, written: &str, fresh: &Puzzle) -> Result<(), Vec<PuzzleError>> {
    let b = puzzle::to_text(fresh).map_err(|e| vec![e])?;
    if written == b {
        return Ok(());
    }
    // The file's content lines, each with its line number.
    let al: Vec<(usize, &str)> = written
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let t = l.trim_start();
            !t.is_empty() && !t.starts_with('#')
        })
        .map(|(i, l)| (i + 1, l))
        .collect();
    let bl: Vec<&str> = b.lines().collect();
    let last_line = written.lines().count();
    let mut out = Vec::new();
    let mut i = 0;
    let n = al.len().max(bl.len());
    let differs = |i: usize| al.get(i).map(|(_, l)| *l) != bl.get(i).copied();
    while i < n && out.len() < 5 {
        if differs(i) {
            out.push(PuzzleError::At {
                file: file.to_owned(),
                line: al.get(i).map_or(last_line + 1, |(line, _)| *line),
                reason: format!(
                    "the file says `{}` but the engine finds `{}`",
                    al.get(i).map_or("(nothing)", |(_, l)| l.trim()),
                    bl.get(i).copied().unwrap_or("(nothing)").trim()
                ),
            });
            // Skip to where the two agree again.
            while i < n && differs(i) {
                i += 1;
            }
        }
        i += 1;
    }
    if out.is_empty() { Ok(()) } else { Err(out) }
}

/// Recomputes one puzzle file and writes it back when its content differs,
/// keeping its provenance (generator, source, seed, candidate, budget) but
/// for the node count, which becomes the recomputation's (the content now
/// comes from it); whether it was written.
///
/// A file whose content the engine still finds is left untouched, byte for
/// byte (comments included); a rewritten file is laid out as the forge writes
/// it (YAML comments are not kept) and replaced atomically.
///
/// # Errors
/// The file cannot be read or written, or no longer makes a puzzle.
pub fn rewrite_file(
    path: &Path,
    limits: &VerifyLimits,
) -> Result<(Game, Rewrite), Vec<PuzzleError>> {
    let p = puzzle::read(path).map_err(|e| vec![e])?;
    let file = path.display().to_string();
    let at_top = |reason: String| {
        vec![PuzzleError::At {
            file: file.clone(),
            line: 1,
            reason,
        }]
    };
    let mut fresh = match reanalyse(&p, limits) {
        Ok(fresh) => fresh,
        Err(ForgeError::NotAPuzzle(why)) => return Ok((p.game, Rewrite::NoLonger(why))),
        Err(e) => return Err(at_top(e.to_string())),
    };
    if fresh.id != p.id {
        return Err(at_top(format!("the id would change to {}", fresh.id)));
    }
    let nodes = fresh.provenance.solver_nodes;
    fresh.provenance = p.provenance.clone();
    if fresh == p {
        return Ok((p.game, Rewrite::Same));
    }
    fresh.provenance.solver_nodes = nodes;
    let text = puzzle::to_text(&fresh).map_err(|e| vec![e])?;
    let io = |e: std::io::Error| {
        vec![PuzzleError::Io {
            file: file.clone(),
            reason: e.to_string(),
        }]
    };
    // Hidden, as the forge's own writes in progress are.
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.tmp"));
    std::fs::write(&tmp, text).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)?;
    Ok((p.game, Rewrite::Written))
}

/// What [`rewrite_file`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rewrite {
    /// The file already says what the engine finds.
    Same,
    /// The file was written anew.
    Written,
    /// The position no longer makes a puzzle (why); the file is left alone.
    NoLonger(String),
}

/// Puzzles of one collection that are the same puzzle as an earlier one, or
/// one more of a motif that already has [`puzzle::MOTIF_CAP`] puzzles with
/// the same theme (earlier: in the order given). Each problem names the file
/// and the puzzles it is like.
#[must_use]
pub fn likeness_problems(all: &[(PathBuf, Puzzle)]) -> Vec<(usize, PuzzleError)> {
    let mut kept: Vec<(usize, puzzle::Likeness)> = Vec::new();
    let mut out = Vec::new();
    for (i, (path, p)) in all.iter().enumerate() {
        let me = puzzle::Likeness::of(p);
        let at = |reason: String| PuzzleError::At {
            file: path.display().to_string(),
            line: 1,
            reason,
        };
        if let Some((j, _)) = kept.iter().find(|(_, l)| me.same_puzzle(l)) {
            out.push((i, at(format!("the same puzzle as {}", all[*j].1.id))));
            continue;
        }
        let over = p.themes.iter().find_map(|th| {
            let alike: Vec<&str> = kept
                .iter()
                .filter(|(j, l)| all[*j].1.themes.contains(th) && me.same_motif(l))
                .map(|(j, _)| all[*j].1.id.as_str())
                .collect();
            (alike.len() >= puzzle::MOTIF_CAP).then(|| (th, alike.join(", ")))
        });
        if let Some((th, alike)) = over {
            out.push((
                i,
                at(format!(
                    "one {th} puzzle too many of one motif (three quarters of its pieces, the shape of its key or the pieces it leaves, as in {alike})"
                )),
            ));
            continue;
        }
        kept.push((i, me));
    }
    out
}

/// Reads and verifies one puzzle file.
///
/// # Errors
/// As [`verify`], or the file cannot be read.
pub fn verify_file(path: &Path, limits: &VerifyLimits) -> Result<Game, Vec<PuzzleError>> {
    let p = puzzle::read(path).map_err(|e| vec![e])?;
    let text = crate::input::read_text(path).map_err(|e| {
        vec![PuzzleError::Io {
            file: path.display().to_string(),
            reason: e.reason,
        }]
    })?;
    verify(&path.display().to_string(), &text, &p, limits)?;
    Ok(p.game)
}

/// The puzzle files of `files` (as [`puzzle::files`] lists them under
/// `root`: `root/<game>/<id>.yaml`) that have no number in the registry
/// `root/numbers.yaml`, each named with how to number it.
///
/// # Errors
/// The registry cannot be read, or does not hold together (an id listed
/// twice or under another game, a malformed file): at its line.
pub fn unnumbered(root: &Path, files: &[PathBuf]) -> Result<Vec<PuzzleError>, NumbersError> {
    let numbers = Numbers::read(root)?;
    let registry = Numbers::path(root);
    let mut out = Vec::new();
    for file in files {
        let id = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
        let game = file
            .parent()
            .and_then(|d| d.file_name())
            .and_then(|d| d.to_str())
            .and_then(|d| d.parse::<Game>().ok());
        if game.is_some_and(|g| numbers.number(g, id).is_some()) {
            continue;
        }
        out.push(PuzzleError::At {
            file: file.display().to_string(),
            line: 1,
            reason: format!(
                "puzzle `{id}` has no number in {}: run `cannonball number-puzzles{}` to \
                 append it (the forge numbers each puzzle it writes)",
                registry.display(),
                if root == Path::new("puzzles") {
                    String::new()
                } else {
                    format!(" --puzzles {}", root.display())
                }
            ),
        });
    }
    Ok(out)
}
