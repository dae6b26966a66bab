//! The puzzle file schema: what one YAML file under `puzzles/<game>/` holds.
//!
//! Every field but `provenance` is a function of the position, the objective and
//! the rules: `cannonball verify` recomputes them with the solvers and compares.

use std::fmt;
use std::str::FromStr;

use cannonball_rules::Game;
use serde::{Deserialize, Serialize};

/// What the solver of a puzzle is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Objective {
    /// Margo: win; the key is the only winning first move.
    Win,
    /// Margo: win by the largest margin; the key's margin beats every other move's.
    BestMargin,
    /// Margrites: win the game within the puzzle's turns.
    WinWithin,
    /// Margrites: score this many points within the turns.
    Score(u8),
    /// Margrites: capture this many pieces within the turns. Margo and
    /// Spargo: force this many of the opponent's pieces off the board within
    /// the turns (the attacker's moves), with one first move only.
    Capture(u8),
    /// Margrites: leave the opponent without a legal first step within the turns.
    Trap,
    /// Margo and Spargo: the one first move after which the opponent cannot
    /// force any of the mover's pieces off the board within its next turns.
    Save,
}

impl Objective {
    /// The objective as written in a file: `win`, `best-margin`, `win-within`,
    /// `score:K`, `capture:K`, `trap`, `save`.
    #[must_use]
    pub fn text(self) -> String {
        match self {
            Objective::Win => "win".into(),
            Objective::BestMargin => "best-margin".into(),
            Objective::WinWithin => "win-within".into(),
            Objective::Score(k) => format!("score:{k}"),
            Objective::Capture(k) => format!("capture:{k}"),
            Objective::Trap => "trap".into(),
            Objective::Save => "save".into(),
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

impl FromStr for Objective {
    type Err = String;
    fn from_str(s: &str) -> Result<Objective, String> {
        let count = |k: &str| {
            k.parse::<u8>()
                .ok()
                .filter(|k| *k > 0)
                .ok_or_else(|| format!("`{s}`: the count must be a whole number from 1 to 255"))
        };
        match s {
            "win" => Ok(Objective::Win),
            "best-margin" => Ok(Objective::BestMargin),
            "win-within" => Ok(Objective::WinWithin),
            "trap" => Ok(Objective::Trap),
            "save" => Ok(Objective::Save),
            _ => match s.split_once(':') {
                Some(("score", k)) => count(k).map(Objective::Score),
                Some(("capture", k)) => count(k).map(Objective::Capture),
                _ => Err(format!(
                    "unknown objective `{s}` (win, best-margin, capture:K, save, win-within, score:K, trap)"
                )),
            },
        }
    }
}

impl Serialize for Objective {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text())
    }
}

impl<'de> Deserialize<'de> for Objective {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Objective, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// A Margo or Spargo position as figures write it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MargoPosition {
    /// `PRESET [options]`, e.g. `spargo` or `margo size=5 swap=off`.
    pub rules: String,
    /// Black's points (`a1 b2 b1+1`).
    pub black: String,
    /// White's points.
    pub white: String,
    /// Zombies among them.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub zombies: String,
    /// The point simple ko forbids, if any.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub ko: String,
    /// `black` or `white`.
    pub to_move: String,
}

/// A Margrites position as figures write it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MargritesPosition {
    /// Variations in play (empty: the standard game).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub options: String,
    /// Black's squares.
    pub black: String,
    /// White's squares.
    pub white: String,
    /// Standings `B(bc)-W(wc)`.
    pub score: String,
    /// `black` or `white`.
    pub to_move: String,
}

/// The position of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PositionSpec {
    /// Margo or Spargo.
    Margo(MargoPosition),
    /// Margrites.
    Margrites(MargritesPosition),
}

/// One legal first move and its exact value for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveValue {
    /// The move (Margo notation) or the turn (Margrites steps).
    #[serde(rename = "move")]
    pub mv: String,
    /// `+3`, `0`, `-2` (Margo margins), `capture-win`, or `yes`/`no` (Margrites).
    pub value: String,
}

/// A defence against an attacker's move, and what follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reply {
    /// The defender's move or turn.
    #[serde(rename = "move")]
    pub mv: String,
    /// The attacker's best answer and the defences to it, when the tree goes on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Box<Line>>,
    /// Where the tree stops: `game over: ...`, or the proven value and a best line.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub end: String,
}

/// An attacker's move in the solution tree, with every defence to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Line {
    /// The attacker's move or turn.
    #[serde(rename = "move")]
    pub mv: String,
    /// Whether this is the only move that keeps the value.
    pub only: bool,
    /// Every legal defence (distinct ones, for Margrites), best first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replies: Vec<Reply>,
    /// Where the tree stops after this move without a defence: the game is over,
    /// or the objective is reached.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub end: String,
}

/// A tempting wrong first move and how it is refuted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Try {
    /// The move or turn.
    #[serde(rename = "move")]
    pub mv: String,
    /// Why it tempts (`captures 3`, `the greedy player's choice`, ...).
    pub tempting: String,
    /// Its exact value or answer.
    pub value: String,
    /// The refutation: the defender's best line after it.
    pub refutation: Vec<String>,
}

/// Whether no piece can be taken away without changing the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Minimality {
    /// No piece is superfluous.
    pub minimal: bool,
    /// Why not, or which pieces could go.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// A difficulty band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Band {
    /// Few defences, short solution.
    Easy,
    /// In between.
    Medium,
    /// Large proof tree, long solution, several tempting tries.
    Hard,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 3] = [Band::Easy, Band::Medium, Band::Hard];

    /// `easy`, `medium` or `hard`.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
        }
    }
}

/// The difficulty of a puzzle and what it was computed from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Difficulty {
    /// The band.
    pub band: Band,
    /// The score the band comes from.
    pub score: u32,
    /// Nodes of the solution tree (attacker moves and defences).
    pub tree: u32,
    /// Plies of the main line, to the end or to the objective.
    pub length: u32,
    /// Wrong first moves that tempt (capture, or are the heuristic's choice).
    pub tempting: u32,
    /// How far the heuristic player's first choice falls short of the key.
    pub gap: u32,
}

/// Where a puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Provenance {
    /// `cannonball X.Y.Z`.
    pub generator: String,
    /// The candidate source (`selfplay greedy-vs-random game 17 ply 33`, ...).
    pub source: String,
    /// The generation seed.
    pub seed: u64,
    /// The candidate's index in the seed's stream.
    pub candidate: u64,
    /// Nodes the solvers searched to prove it (one thread: reproducible).
    pub solver_nodes: u64,
    /// The solver's node budget per position when the forge ran with more
    /// than the default (Margo and Spargo); `verify` re-proves the puzzle
    /// with the same budget. Absent: the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
}

/// One puzzle, as its file holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Puzzle {
    /// `GAME-` and twelve hex digits of the content hash.
    pub id: String,
    /// The game.
    pub game: Game,
    /// What the reader is asked (`Black to play and win.`).
    pub question: String,
    /// The objective.
    pub objective: Objective,
    /// Margrites and Margo `capture:K`: the turns allowed (0 for Margo `win`
    /// and `best-margin`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turns: u8,
    /// The position, in a canonical orientation.
    pub position: PositionSpec,
    /// The key move or turn.
    pub key: String,
    /// Every legal first move with its value (Margo), or every distinct first
    /// turn that reaches the objective (Margrites: only the key).
    pub values: Vec<MoveValue>,
    /// Margrites: distinct first turns (by the position they leave) examined.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub first_turns: u32,
    /// The solution tree from the key.
    pub solution: Line,
    /// Tempting wrong first moves and their refutations.
    pub tries: Vec<Try>,
    /// Minimality.
    pub minimality: Minimality,
    /// Themes (slugs).
    pub themes: Vec<String>,
    /// Difficulty.
    pub difficulty: Difficulty,
    /// Where it came from.
    pub provenance: Provenance,
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objectives_round_trip_and_reject_nonsense() {
        for o in [
            Objective::Win,
            Objective::BestMargin,
            Objective::WinWithin,
            Objective::Score(2),
            Objective::Capture(3),
            Objective::Trap,
            Objective::Save,
        ] {
            assert_eq!(o.text().parse::<Objective>(), Ok(o));
        }
        assert!("score:0".parse::<Objective>().is_err());
        assert!("capture:x".parse::<Objective>().is_err());
        assert!("lose".parse::<Objective>().is_err());
    }
}
