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

use crate::{input, yaml};

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
    /// The puzzles folder holds files that are not puzzles.
    #[error("{folder} holds what is not a puzzle:\n{}", files.join("\n"))]
    Stray {
        /// The puzzles folder.
        folder: String,
        /// Each file and why it is not a puzzle.
        files: Vec<String>,
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

/// A problem of the bounded reader as a puzzle error (with its line, if any).
fn from_input(e: input::InputError) -> PuzzleError {
    match e.line {
        Some(line) => PuzzleError::At {
            file: e.file,
            line,
            reason: e.reason,
        },
        None => PuzzleError::Io {
            file: e.file,
            reason: e.reason,
        },
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
    input::check_yaml_depth(text, file).map_err(from_input)?;
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
    let text = input::read_text(path).map_err(from_input)?;
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

/// Every puzzle file under `root` (`root/<game>/<id>.yaml`), sorted by path.
///
/// The folder must exist. Anything else in it is an error, so that a puzzle
/// saved under the wrong name or in the wrong place is never skipped in
/// silence: the census files (`root/census/<game>.yaml`), the registry of
/// puzzle numbers (`root/numbers.yaml`) and hidden entries (names starting
/// with `.`: the forge's resume state `.forge/`, a write in progress) are the
/// only other things a puzzles folder holds.
///
/// # Errors
/// The folder does not exist or cannot be listed, or holds files that are not
/// puzzles (every one is named).
pub fn files(root: &Path) -> Result<Vec<PathBuf>, PuzzleError> {
    if !root.is_dir() {
        return Err(PuzzleError::Io {
            file: root.display().to_string(),
            reason: if root.exists() {
                "not a folder: give the puzzles folder (`puzzles/`)".into()
            } else {
                "no such folder".into()
            },
        });
    }
    let mut out = Vec::new();
    let mut stray = Vec::new();
    for path in entries(root)? {
        let name = file_name(&path);
        if name.starts_with('.') {
            continue;
        }
        let game = Game::ALL.into_iter().find(|g| g.slug() == name);
        match (game, path.is_dir()) {
            (Some(_), true) => {
                for file in entries(&path)? {
                    match game_folder_entry(&file) {
                        Entry::Puzzle => out.push(file),
                        Entry::Hidden => {}
                        Entry::Stray(why) => stray.push((file, why)),
                    }
                }
            }
            (None, true) if name == "census" => {
                for file in entries(&path)? {
                    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
                    let known = stem.parse::<Game>().is_ok() && has_extension(&file, "yaml");
                    if !known && !file_name(&file).starts_with('.') {
                        stray.push((file, "not a census file (`census/<game>.yaml`)"));
                    }
                }
            }
            (None, false) if name == super::NUMBERS_FILE => {}
            (None, true) => stray.push((
                path,
                "an unknown folder (a puzzles folder holds spargo/, margo/, margrites/ and census/)",
            )),
            _ => stray.push((path, STRAY)),
        }
    }
    if !stray.is_empty() {
        let list: Vec<String> = stray
            .iter()
            .map(|(f, why)| format!("{}: {why}", f.display()))
            .collect();
        return Err(PuzzleError::Stray {
            folder: root.display().to_string(),
            files: list,
        });
    }
    out.sort();
    Ok(out)
}

/// What an entry of a game's folder is.
enum Entry {
    /// A puzzle file.
    Puzzle,
    /// A hidden entry (a write in progress): not content.
    Hidden,
    /// Anything else, and why it is not a puzzle file.
    Stray(&'static str),
}

fn game_folder_entry(path: &Path) -> Entry {
    let lower_case = |x: &str| x.eq_ignore_ascii_case("yaml") || x.eq_ignore_ascii_case("yml");
    if file_name(path).starts_with('.') {
        Entry::Hidden
    } else if path.is_dir() {
        Entry::Stray("a folder inside a game's folder (puzzles are `<game>/<id>.yaml`)")
    } else if has_extension(path, "yaml") {
        Entry::Puzzle
    } else if path
        .extension()
        .and_then(|x| x.to_str())
        .is_some_and(lower_case)
    {
        Entry::Stray("a puzzle file's name ends in `.yaml` (lower case)")
    } else {
        Entry::Stray(STRAY)
    }
}

/// What an unrecognised entry of the puzzles folder is told.
const STRAY: &str =
    "not a puzzle file (puzzles are `<game>/<id>.yaml` with game spargo, margo or margrites)";

fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension().is_some_and(|x| x == ext)
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The entries of `dir`, sorted.
fn entries(dir: &Path) -> Result<Vec<PathBuf>, PuzzleError> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).map_err(io(dir))? {
        out.push(e.map_err(io(dir))?.path());
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
