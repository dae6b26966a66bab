//! Stable puzzle numbers: `puzzles/numbers.yaml` lists every puzzle id ever
//! numbered, one list per game, and a puzzle's number is its 1-based place in
//! its game's list ("Spargo 12" is the 12th id under `spargo:`). A new puzzle
//! is appended, so adding puzzles never renumbers the others; the ids of
//! deleted puzzles stay listed, so a number is never given twice.
//!
//! ```yaml
//! # Stable puzzle numbers: "Spargo 12" is the 12th id listed under spargo.
//! spargo:
//! - spargo-019cf668278e
//! - spargo-09a34e98f13f
//! margo:
//! - margo-00740d8542f8
//! margrites: []
//! ```
//!
//! The forge appends each new puzzle's id as it writes the puzzle (the
//! registry first, then the puzzle file, so no puzzle file is ever without a
//! number); `cannonball number-puzzles` appends every puzzle that has none,
//! in book order, and `cannonball verify` fails on a puzzle without one.
//!
//! ```
//! use cannonball::puzzle::{Game, Numbers};
//! let mut n = Numbers::default();
//! assert_eq!(n.assign(Game::Spargo, "spargo-019cf668278e"), 1);
//! assert_eq!(n.assign(Game::Spargo, "spargo-09a34e98f13f"), 2);
//! assert_eq!(n.assign(Game::Spargo, "spargo-019cf668278e"), 1);
//! let text = n.to_text().unwrap();
//! let back = Numbers::parse(&text, "numbers.yaml").unwrap();
//! assert_eq!(back.number(Game::Spargo, "spargo-09a34e98f13f"), Some(2));
//! assert_eq!(back.number(Game::Margo, "spargo-09a34e98f13f"), None);
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::model::Puzzle;
use crate::{input, yaml};
use cannonball_rules::Game;

/// The registry's file name inside the puzzles folder.
pub const NUMBERS_FILE: &str = "numbers.yaml";

/// The comment the registry file starts with.
const HEADER: &str = "\
# Stable puzzle numbers: \"Spargo 12\" is the 12th id listed under spargo.
# New puzzles are appended (by the forge, or by `cannonball number-puzzles`);
# a number is never reused: the ids of deleted puzzles stay listed.
";

/// A registry file that cannot be read or does not hold together.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NumbersError {
    /// An id listed a second time.
    #[error(
        "{file}:{line}: `{id}` is listed twice (first at line {first}): an id has one number; \
         delete this line (the ids listed after it move up one number)"
    )]
    Duplicate {
        /// The registry file.
        file: String,
        /// The 1-based line of the second listing.
        line: usize,
        /// The line of the first listing.
        first: usize,
        /// The id.
        id: String,
    },
    /// An id listed under another game than its own (its prefix).
    #[error(
        "{file}:{line}: `{id}` is a {game} puzzle but is listed under {listed}: move it to \
         the end of the {game} list"
    )]
    WrongGame {
        /// The registry file.
        file: String,
        /// The 1-based line of the id.
        line: usize,
        /// The id.
        id: String,
        /// The game whose list holds it.
        listed: Game,
        /// The id's own game.
        game: Game,
    },
    /// The file is not a registry: YAML that does not parse, a key that is
    /// not a game, an entry that is not a puzzle id.
    #[error("{file}:{line}: {reason}")]
    Malformed {
        /// The registry file.
        file: String,
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file cannot be read or written.
    #[error("{file}: {reason}")]
    Io {
        /// The file.
        file: String,
        /// The system's message.
        reason: String,
    },
}

/// Every puzzle's stable number, per game: the ids in the order they were
/// numbered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Numbers {
    /// Each game's ids, in number order.
    lists: BTreeMap<Game, Vec<String>>,
    /// Each id's number (the lists' index, for look-ups).
    index: HashMap<String, u32>,
}

impl Numbers {
    /// The registry of the puzzles folder `root` (`root/numbers.yaml`); an
    /// empty one when there is no such file.
    ///
    /// # Errors
    /// The file exists but cannot be read (not a regular file, too large, not
    /// UTF-8), or [`Numbers::parse`] fails.
    pub fn read(root: &Path) -> Result<Numbers, NumbersError> {
        let path = Numbers::path(root);
        // No entry at all (not even a dangling link): nothing numbered yet.
        if fs::symlink_metadata(&path).is_err_and(|e| e.kind() == std::io::ErrorKind::NotFound) {
            return Ok(Numbers::default());
        }
        let text = input::read_text(&path).map_err(|e| match e.line {
            Some(line) => NumbersError::Malformed {
                file: e.file,
                line,
                reason: e.reason,
            },
            None => NumbersError::Io {
                file: e.file,
                reason: e.reason,
            },
        })?;
        Numbers::parse(&text, &path.display().to_string())
    }

    /// The registry's file in the puzzles folder `root`.
    #[must_use]
    pub fn path(root: &Path) -> PathBuf {
        root.join(NUMBERS_FILE)
    }

    /// Reads a registry's text (`file` names it in errors): a map from game
    /// slugs to lists of that game's puzzle ids; a game may be left out or
    /// have no list, a text with no games is an empty registry.
    ///
    /// # Errors
    /// The first problem, at its line: the YAML does not parse, a key is not
    /// a game, an entry is not a puzzle id, an id is another game's, an id is
    /// listed twice.
    pub fn parse(text: &str, file: &str) -> Result<Numbers, NumbersError> {
        let malformed = |line: usize, reason: String| NumbersError::Malformed {
            file: file.to_owned(),
            line,
            reason,
        };
        input::check_yaml_depth(text, file)
            .map_err(|e| malformed(e.line.unwrap_or(1), e.reason))?;
        let raw: Option<BTreeMap<String, Option<Vec<String>>>> = serde_norway::from_str(text)
            .map_err(|e| {
                let line = e.location().map_or(1, |l| l.line());
                malformed(line, e.to_string())
            })?;
        let mut numbers = Numbers::default();
        // Where each id was first listed, to name both lines of a duplicate.
        let mut first: HashMap<String, usize> = HashMap::new();
        for (key, ids) in raw.unwrap_or_default() {
            let key_line = yaml::top_key_line(text, &key).unwrap_or(1);
            let listed: Game = key
                .parse()
                .map_err(|e| malformed(key_line, format!("{e}")))?;
            let ids = ids.unwrap_or_default();
            // A block list names each item's line; a flow list only its key's.
            let lines = yaml::list_item_lines(text, &key).unwrap_or_default();
            for (i, id) in ids.into_iter().enumerate() {
                let line = lines.get(i).copied().unwrap_or(key_line);
                let Some(game) = game_of(&id) else {
                    return Err(malformed(
                        line,
                        format!(
                            "`{id}` is not a puzzle id (a game, `-` and twelve lower-case hex digits)"
                        ),
                    ));
                };
                if game != listed {
                    return Err(NumbersError::WrongGame {
                        file: file.to_owned(),
                        line,
                        id,
                        listed,
                        game,
                    });
                }
                if let Some(&at) = first.get(&id) {
                    return Err(NumbersError::Duplicate {
                        file: file.to_owned(),
                        line,
                        first: at,
                        id,
                    });
                }
                first.insert(id.clone(), line);
                numbers.assign(game, &id);
            }
        }
        Ok(numbers)
    }

    /// The registry as its file holds it: the header comment, then each
    /// game's list in the order of [`Game::ALL`] (`[]` for a game with none).
    ///
    /// # Errors
    /// The serializer's message (never for a registry).
    pub fn to_text(&self) -> Result<String, NumbersError> {
        let mut text = HEADER.to_owned();
        for game in Game::ALL {
            let one = BTreeMap::from([(game.slug(), self.ids(game))]);
            text += &serde_norway::to_string(&one).map_err(|e| NumbersError::Io {
                file: NUMBERS_FILE.to_owned(),
                reason: e.to_string(),
            })?;
        }
        Ok(text)
    }

    /// Writes the registry to `root/numbers.yaml` atomically (a hidden
    /// temporary file of this process renamed into place), so a run stopped
    /// at any moment leaves the old registry or the new one, whole.
    ///
    /// # Errors
    /// The folder or the file cannot be written.
    pub fn write(&self, root: &Path) -> Result<(), NumbersError> {
        let io = |file: &Path| {
            let file = file.display().to_string();
            move |e: std::io::Error| NumbersError::Io {
                file,
                reason: e.to_string(),
            }
        };
        fs::create_dir_all(root).map_err(io(root))?;
        let path = Numbers::path(root);
        let tmp = root.join(format!(".{NUMBERS_FILE}.{}.tmp", std::process::id()));
        fs::write(&tmp, self.to_text()?).map_err(io(&tmp))?;
        fs::rename(&tmp, &path).map_err(io(&path))
    }

    /// The number of `game`'s puzzle `id`, if it has one.
    #[must_use]
    pub fn number(&self, game: Game, id: &str) -> Option<u32> {
        if game_of(id) != Some(game) {
            return None;
        }
        self.index.get(id).copied()
    }

    /// The number of `game`'s puzzle `id`: the one it has, or the next one of
    /// the game (the id appended to its list). `id` is to be an id of `game`
    /// (`game-` and twelve hex digits, as every puzzle's is): a registry
    /// holding another would not read back.
    pub fn assign(&mut self, game: Game, id: &str) -> u32 {
        if let Some(n) = self.index.get(id) {
            return *n;
        }
        let list = self.lists.entry(game).or_default();
        list.push(id.to_owned());
        let n = u32::try_from(list.len()).unwrap_or(u32::MAX);
        self.index.insert(id.to_owned(), n);
        n
    }

    /// Numbers the puzzles of `puzzles` that have none, each game's in book
    /// order (band, then solution tree size, then id), so that a registry
    /// made from nothing gives the numbers the book showed by position. The
    /// puzzles numbered, with their numbers, in that order.
    pub fn assign_missing<'a>(
        &mut self,
        puzzles: impl IntoIterator<Item = &'a Puzzle>,
    ) -> Vec<(Game, String, u32)> {
        let mut todo: Vec<&Puzzle> = puzzles
            .into_iter()
            .filter(|p| self.number(p.game, &p.id).is_none())
            .collect();
        todo.sort_by(|a, b| {
            (a.game, a.difficulty.band, a.difficulty.tree, &a.id).cmp(&(
                b.game,
                b.difficulty.band,
                b.difficulty.tree,
                &b.id,
            ))
        });
        todo.dedup_by(|a, b| a.id == b.id);
        todo.into_iter()
            .map(|p| (p.game, p.id.clone(), self.assign(p.game, &p.id)))
            .collect()
    }

    /// `game`'s ids in number order (the first is number 1).
    #[must_use]
    pub fn ids(&self, game: Game) -> &[String] {
        self.lists.get(&game).map_or(&[], Vec::as_slice)
    }
}

/// The game of a well-formed puzzle id (`game-` and twelve lower-case hex
/// digits).
fn game_of(id: &str) -> Option<Game> {
    let (slug, hex) = id.split_once('-')?;
    let well_formed = hex.len() == 12
        && hex
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
    well_formed.then(|| slug.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    const S1: &str = "spargo-019cf668278e";
    const S2: &str = "spargo-09a34e98f13f";
    const M1: &str = "margo-00740d8542f8";

    #[test]
    fn the_text_reads_back_to_the_same_numbers() {
        let mut n = Numbers::default();
        n.assign(Game::Spargo, S1);
        n.assign(Game::Margo, M1);
        n.assign(Game::Spargo, S2);
        let text = n.to_text().unwrap();
        assert_eq!(
            text,
            format!("{HEADER}spargo:\n- {S1}\n- {S2}\nmargo:\n- {M1}\nmargrites: []\n")
        );
        let back = Numbers::parse(&text, "numbers.yaml").unwrap();
        assert_eq!(back, n);
        assert_eq!(back.to_text().unwrap(), text);
        assert_eq!(back.number(Game::Spargo, S2), Some(2));
        assert_eq!(back.number(Game::Margo, M1), Some(1));
        // An id is numbered only within its own game.
        assert_eq!(back.number(Game::Margo, S1), None);
        assert_eq!(back.ids(Game::Margrites), &[] as &[String]);
        // Games left out, or without a list, and a text of comments only.
        let short = Numbers::parse(&format!("margo:\nspargo: [{S1}]\n"), "f").unwrap();
        assert_eq!(short.number(Game::Spargo, S1), Some(1));
        assert!(short.ids(Game::Margo).is_empty());
        assert_eq!(Numbers::parse(HEADER, "f").unwrap(), Numbers::default());
    }

    #[test]
    fn assign_appends_and_never_reuses_a_number() {
        let mut n = Numbers::default();
        assert_eq!(n.assign(Game::Spargo, S1), 1);
        assert_eq!(n.assign(Game::Margo, M1), 1, "each game counts from 1");
        assert_eq!(n.assign(Game::Spargo, S2), 2);
        assert_eq!(n.assign(Game::Spargo, S1), 1, "an id keeps its number");
        assert_eq!(n.ids(Game::Spargo), [S1, S2]);
        // Read back, the registry goes on from where it stopped: the next id
        // gets 3, and the numbers given stay.
        let mut more = Numbers::parse(&n.to_text().unwrap(), "f").unwrap();
        assert_eq!(more.assign(Game::Spargo, "spargo-aaaaaaaaaaaa"), 3);
        assert_eq!(more.number(Game::Spargo, S1), Some(1));
        assert_eq!(more.number(Game::Spargo, S2), Some(2));
    }

    #[test]
    fn a_duplicate_names_both_lines() {
        let text = format!("{HEADER}spargo:\n- {S1}\n- {S2}\n- {S1}\nmargo: []\n");
        let e = Numbers::parse(&text, "p/numbers.yaml").unwrap_err();
        assert_eq!(
            e,
            NumbersError::Duplicate {
                file: "p/numbers.yaml".into(),
                line: 7,
                first: 5,
                id: S1.into(),
            }
        );
        assert!(
            e.to_string().starts_with(&format!(
                "p/numbers.yaml:7: `{S1}` is listed twice (first at line 5)"
            )),
            "{e}"
        );
    }

    #[test]
    fn an_id_under_another_game_is_named_at_its_line() {
        let text = format!("spargo:\n- {S1}\nmargo:\n- {M1}\n- {S2}\n");
        let e = Numbers::parse(&text, "numbers.yaml").unwrap_err();
        assert_eq!(
            e,
            NumbersError::WrongGame {
                file: "numbers.yaml".into(),
                line: 5,
                id: S2.into(),
                listed: Game::Margo,
                game: Game::Spargo,
            }
        );
        assert!(
            e.to_string()
                .contains("is a spargo puzzle but is listed under margo"),
            "{e}"
        );
    }

    #[test]
    fn a_malformed_file_is_named_at_its_line() {
        let at = |text: &str| match Numbers::parse(text, "n.yaml").unwrap_err() {
            NumbersError::Malformed { line, reason, .. } => (line, reason),
            e => panic!("not malformed: {e}"),
        };
        let (line, reason) = at(&format!("spargo:\n- {S1}\ngo:\n- {S2}\n"));
        assert_eq!(line, 3);
        assert!(reason.contains("unknown game `go`"), "{reason}");
        let (line, reason) = at(&format!("spargo:\n- {S1}\n- spargo-12\n"));
        assert_eq!(line, 3);
        assert!(
            reason.contains("`spargo-12` is not a puzzle id"),
            "{reason}"
        );
        let (line, _) = at(&format!("spargo:\n- {S1}\n  - : [\n"));
        assert!(line >= 2, "the parser's line, not the start: {line}");
        let (line, reason) = at("spargo: 3\n");
        assert_eq!(line, 1);
        assert!(reason.contains("sequence"), "{reason}");
    }

    #[test]
    fn a_missing_file_is_an_empty_registry_and_writing_reads_back() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("puzzles");
        assert_eq!(Numbers::read(&root).unwrap(), Numbers::default());
        let mut n = Numbers::default();
        n.assign(Game::Margo, M1);
        n.write(&root).unwrap();
        assert_eq!(Numbers::read(&root).unwrap(), n);
        // Only the registry is left: no temporary file.
        let names: Vec<_> = fs::read_dir(&root)
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, [NUMBERS_FILE]);
        // A file that is there but cannot be read is an error, not empty.
        fs::remove_file(Numbers::path(&root)).unwrap();
        fs::create_dir(Numbers::path(&root)).unwrap();
        let e = Numbers::read(&root).unwrap_err();
        assert!(matches!(e, NumbersError::Io { .. }), "{e}");
        assert!(e.to_string().contains("not a regular file"), "{e}");
    }
}
