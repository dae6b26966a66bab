//! Reading, writing and merging puzzle files.
//!
//! A file is read in two steps: YAML into its wire form (a syntax or schema
//! error comes with its line), then the fields checked against each other and
//! typed (the id's form and game, the position's kind, the objective and the
//! turns, then the position, every move, value and theme, each error at its
//! line). Writing is atomic (a temporary
//! file renamed into place), so a forge stopped at any moment leaves only whole
//! files. Two files with the same id hold the same puzzle; when two runs found
//! it, the one with the smaller seed and candidate index is kept, so shards
//! merge to the same result in any order.

use std::fs;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::yaml;

use super::model::Puzzle;
use super::raw::{self, RawPuzzle};
use cannonball_rules::Game;

/// A puzzle file that cannot be used.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PuzzleError {
    /// The file says something wrong at this line.
    #[error("{file}:{line}: {reason}")]
    At {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file or folder cannot be read or written.
    #[error("{file}: {reason}")]
    Io {
        /// The file.
        file: String,
        /// The system's message.
        reason: String,
    },
}

impl PuzzleError {
    /// An error at the line of `text` where `key:` first starts a line (line 1
    /// when there is none).
    #[must_use]
    pub fn at_key(file: &str, text: &str, key: &str, reason: impl Into<String>) -> PuzzleError {
        PuzzleError::At {
            file: file.to_owned(),
            line: yaml::first_key_line(text, key).unwrap_or(1),
            reason: reason.into(),
        }
    }
}

/// Turns an I/O error on `file` into a [`PuzzleError::Io`].
pub fn io(file: &Path) -> impl Fn(std::io::Error) -> PuzzleError + '_ {
    move |e| PuzzleError::Io {
        file: file.display().to_string(),
        reason: e.to_string(),
    }
}

/// The line of `text` that holds the first `` `value` `` quoted in `message`.
fn quoted_line(text: &str, message: &str) -> Option<usize> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    let value = &message[start..start + len];
    if value.is_empty() {
        return None;
    }
    text.lines()
        .position(|l| l.split_once(':').is_some_and(|(_, v)| v.trim() == value))
        .map(|i| i + 1)
}

/// Reads a puzzle from its text; `file` names it in errors.
///
/// # Errors
/// The first problem, with its line.
pub fn parse(text: &str, file: &str) -> Result<Puzzle, PuzzleError> {
    let p: RawPuzzle = serde_norway::from_str(text).map_err(|e| {
        let message = e.to_string();
        // Errors raised while reading a field's own text point at the
        // document's start: find the value they quote instead.
        let line = match e.location().map(|l| l.line()) {
            Some(n) if n > 1 => n,
            _ => quoted_line(text, &message).unwrap_or(1),
        };
        PuzzleError::At {
            file: file.to_owned(),
            line,
            reason: message,
        }
    })?;
    raw::typed(p, text, file)
}

/// Reads one puzzle file.
///
/// # Errors
/// The file cannot be read, or [`parse`] fails.
pub fn read(path: &Path) -> Result<Puzzle, PuzzleError> {
    let text = fs::read_to_string(path).map_err(io(path))?;
    let p = parse(&text, &path.display().to_string())?;
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if stem != p.id {
        return Err(PuzzleError::at_key(
            &path.display().to_string(),
            &text,
            "id",
            format!(
                "the file is named `{stem}.yaml` but holds puzzle `{}`",
                p.id
            ),
        ));
    }
    Ok(p)
}

/// Every `*.yaml` file under `root/<game>/` for each game, sorted by path.
///
/// # Errors
/// A folder that exists but cannot be listed.
pub fn files(root: &Path) -> Result<Vec<PathBuf>, PuzzleError> {
    let mut out = Vec::new();
    for g in Game::ALL {
        let dir = root.join(g.slug());
        if !dir.is_dir() {
            continue;
        }
        for e in fs::read_dir(&dir).map_err(io(&dir))? {
            let path = e.map_err(io(&dir))?.path();
            if path.extension().is_some_and(|x| x == "yaml") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reads every puzzle under `root`; all the files that fail are listed.
///
/// # Errors
/// One error per bad file.
pub fn read_all(root: &Path) -> Result<Vec<(PathBuf, Puzzle)>, Vec<PuzzleError>> {
    let paths = files(root).map_err(|e| vec![e])?;
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for p in paths {
        match read(&p) {
            Ok(z) => good.push((p, z)),
            Err(e) => bad.push(e),
        }
    }
    if bad.is_empty() { Ok(good) } else { Err(bad) }
}

/// The YAML text of a puzzle, as files hold it.
///
/// # Errors
/// Never for a well-formed puzzle; the serializer's message otherwise.
pub fn to_text(p: &Puzzle) -> Result<String, PuzzleError> {
    serde_norway::to_string(&raw::raw(p)).map_err(|e| PuzzleError::Io {
        file: p.id.clone(),
        reason: e.to_string(),
    })
}

/// What [`write`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// A new file.
    New,
    /// The file existed with a later provenance and was replaced.
    Replaced,
    /// The file existed with the same or an earlier provenance and was kept.
    Kept,
}

/// Writes `p` to `root/<game>/<id>.yaml` atomically. When the file exists, the
/// puzzle with the smaller `(seed, candidate)` stays, so merging is order-free.
///
/// # Errors
/// The folder or file cannot be written.
pub fn write(root: &Path, p: &Puzzle) -> Result<Written, PuzzleError> {
    let dir = root.join(p.game.slug());
    fs::create_dir_all(&dir).map_err(io(&dir))?;
    let path = dir.join(format!("{}.yaml", p.id));
    let mut outcome = Written::New;
    if path.exists() {
        if let Ok(old) = read(&path) {
            let key = |z: &Puzzle| (z.provenance.seed, z.provenance.candidate);
            if key(&old) <= key(p) {
                return Ok(Written::Kept);
            }
        }
        outcome = Written::Replaced;
    }
    let text = to_text(p)?;
    let tmp = dir.join(format!(".{}.yaml.tmp", p.id));
    fs::write(&tmp, text).map_err(io(&tmp))?;
    fs::rename(&tmp, &path).map_err(io(&path))?;
    Ok(outcome)
}
