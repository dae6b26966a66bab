//! The annotated-game record: what a game file under `book/games/` holds, in
//! YAML (read and written with `serde_norway`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use cannonball_rules::Game;

use crate::solve::Wld;
use crate::yaml;

/// A value from the point of view of the player to move (before a move) or of
/// the player who made it (after a move): the final margin both sides can force
/// (the player's pieces minus the opponent's at the end), win/draw/loss being
/// its sign.
///
/// Written `+3` (exact), `+3 in 11` (exact, the game ends 11 plies later when
/// the winner hurries and the loser delays; Spargo tablebases only), `-2..+5`
/// (proven bounds), or `unknown`.
///
/// ```
/// use cannonball::annotate::Value;
/// let v: Value = "+3 in 11".parse().unwrap();
/// assert_eq!(v, Value::Exact { margin: 3, distance: Some(11) });
/// assert_eq!(v.to_string(), "+3 in 11");
/// assert_eq!((-v).to_string(), "-3 in 11");
/// assert_eq!("-2..+5".parse::<Value>().unwrap().exact(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The exact margin.
    Exact {
        /// Final margin.
        margin: i32,
        /// Plies to the end under best play (wins and losses, from a tablebase).
        distance: Option<u32>,
    },
    /// Proven bounds, `lower <= value <= upper`.
    Bounds {
        /// Proven lower bound.
        lower: i32,
        /// Proven upper bound.
        upper: i32,
    },
    /// Nothing proven.
    Unknown,
}

impl Value {
    /// An exact margin with no distance.
    #[must_use]
    pub const fn margin(m: i32) -> Value {
        Value::Exact {
            margin: m,
            distance: None,
        }
    }

    /// The exact margin, when known.
    #[must_use]
    pub const fn exact(&self) -> Option<i32> {
        match self {
            Value::Exact { margin, .. } => Some(*margin),
            _ => None,
        }
    }

    /// The proven lower and upper bounds (`None` when unknown).
    #[must_use]
    pub const fn range(&self) -> Option<(i32, i32)> {
        match *self {
            Value::Exact { margin, .. } => Some((margin, margin)),
            Value::Bounds { lower, upper } => Some((lower, upper)),
            Value::Unknown => None,
        }
    }

    /// Win, draw or loss, when proven.
    #[must_use]
    pub fn wld(&self) -> Option<Wld> {
        let (lo, hi) = self.range()?;
        if lo > 0 {
            Some(Wld::Win)
        } else if hi < 0 {
            Some(Wld::Loss)
        } else if lo == 0 && hi == 0 {
            Some(Wld::Draw)
        } else {
            None
        }
    }
}

impl std::ops::Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        match self {
            Value::Exact { margin, distance } => Value::Exact {
                margin: -margin,
                distance,
            },
            Value::Bounds { lower, upper } => Value::Bounds {
                lower: -upper,
                upper: -lower,
            },
            Value::Unknown => Value::Unknown,
        }
    }
}

fn signed(m: i32) -> String {
    if m == 0 { "0".into() } else { format!("{m:+}") }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Exact { margin, distance } => {
                f.write_str(&signed(margin))?;
                if let Some(d) = distance {
                    write!(f, " in {d}")?;
                }
                Ok(())
            }
            Value::Bounds { lower, upper } => write!(f, "{}..{}", signed(lower), signed(upper)),
            Value::Unknown => f.write_str("unknown"),
        }
    }
}

/// A value that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a value (expected `+3`, `+3 in 11`, `-2..+5` or `unknown`)")]
pub struct ValueSyntaxError(pub String);

impl FromStr for Value {
    type Err = ValueSyntaxError;
    fn from_str(s: &str) -> Result<Value, ValueSyntaxError> {
        let bad = || ValueSyntaxError(s.to_string());
        let t = s.trim();
        if t == "unknown" {
            return Ok(Value::Unknown);
        }
        if let Some((lo, hi)) = t.split_once("..") {
            let lower = lo.trim().parse().map_err(|_| bad())?;
            let upper = hi.trim().parse().map_err(|_| bad())?;
            if lower > upper {
                return Err(bad());
            }
            return Ok(Value::Bounds { lower, upper });
        }
        let (m, d) = match t.split_once(" in ") {
            Some((m, d)) => (m, Some(d.trim().parse().map_err(|_| bad())?)),
            None => (t, None),
        };
        Ok(Value::Exact {
            margin: m.trim().parse().map_err(|_| bad())?,
            distance: d,
        })
    }
}

impl Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Value {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
        // `0` and `3` read as numbers; everything else as text.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Int(i64),
            Text(String),
        }
        let text = match Raw::deserialize(d)? {
            Raw::Int(i) => i.to_string(),
            Raw::Text(t) => t,
        };
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// A player of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRecord {
    /// Short name (`Perfect`, `Greedy`).
    pub name: String,
    /// The colour the player starts with.
    pub color: String,
    /// How the player chooses moves.
    pub description: String,
}

/// One move with its annotation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PlyRecord {
    /// 1-based move number.
    pub ply: usize,
    /// The player who moved (0-based, an index into the game's players).
    pub player: usize,
    /// The colour that moved.
    pub mover: String,
    /// The move in human notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position's value before the move, for the mover.
    pub before: Value,
    /// The value the move keeps, for the mover (the position after it, seen
    /// from the mover).
    pub after: Value,
    /// The moves that keep the position's value (empty when not known).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best: Vec<String>,
    /// The move lost this much margin (at least this much when only bounds are
    /// known): `before` minus `after`, recorded only when proven positive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mistake: Option<i32>,
    /// The only move that keeps the value, among several legal moves.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub only_move: bool,
    /// Points the move emptied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// Pieces the move captured that stayed as zombies.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zombies: Vec<String>,
    /// Scores after the move, in player order.
    pub score: Vec<u32>,
}

/// What became of a zombie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Fate {
    /// A later move emptied its point (see [`ZombieRecord::removed`]).
    Removed,
    /// Still on the board at the end, counting for its owner.
    Stayed,
}

/// A zombie created during the game and what it later did, all read from the
/// engine's move reports and positions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ZombieRecord {
    /// Its point.
    pub point: String,
    /// Its colour.
    pub color: String,
    /// The move that made it a zombie.
    pub created: usize,
    /// Removed or stayed.
    pub fate: Fate,
    /// The move that emptied its point, when removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub removed: Option<usize>,
    /// The first move after which its group had freedom again (the piece is
    /// still a zombie by the rules' count, but no longer pinned without air).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revived: Option<usize>,
    /// Moves of its own colour that captured an enemy piece next to it on the
    /// board level: the zombie filled a freedom of the captured group.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub helped_capture: Vec<usize>,
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameResult {
    /// `no legal move`, or `unfinished` when stopped at the move limit.
    pub end: String,
    /// Final scores in player order.
    pub scores: Vec<u32>,
    /// The colour the winner plays at the end, or `None` for a draw or an
    /// unfinished game.
    pub winner: Option<String>,
}

/// An annotated game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct AnnotatedGame {
    /// Spargo or Margo.
    pub game: Game,
    /// The rules as figures write them (`spargo`, `margo size=5`).
    pub rules: String,
    /// The starting position as setup text, when it is not the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// The players, in player order (the first moves first).
    pub players: Vec<PlayerRecord>,
    /// The seed the players' choices were drawn from.
    pub seed: u64,
    /// The version of the program that made the file.
    pub generator: String,
    /// Where the values come from.
    pub values: String,
    /// The moves in human notation, space-separated.
    pub moves: String,
    /// The move after which the game's result (win, draw or loss for the
    /// first player) changed for the last time; `None` when it never changed
    /// or when a value after the last proven change is unknown.
    pub turning_point: Option<usize>,
    /// Every move, annotated.
    pub plies: Vec<PlyRecord>,
    /// Every zombie created, in order of creation then point.
    #[serde(default)]
    pub zombies: Vec<ZombieRecord>,
    /// The end.
    pub result: GameResult,
}

impl AnnotatedGame {
    /// The record as YAML.
    ///
    /// # Errors
    /// When serialisation fails (it does not for records made here).
    pub fn to_yaml(&self) -> Result<String, serde_norway::Error> {
        serde_norway::to_string(self)
    }

    /// Reads a record from YAML.
    ///
    /// # Errors
    /// The YAML problem (with its line in the message).
    pub fn from_yaml(text: &str) -> Result<AnnotatedGame, serde_norway::Error> {
        serde_norway::from_str(text)
    }
}

/// The 1-based line of a YAML record text that holds move `ply`'s record
/// (`- ply: N`), if any.
#[must_use]
pub fn ply_line(text: &str, ply: usize) -> Option<usize> {
    yaml::item_line(text, "ply", ply)
}

/// The 1-based line of the field `field:` inside move `ply`'s record, or of
/// the record itself when the field is absent.
#[must_use]
pub fn ply_field_line(text: &str, ply: usize, field: &str) -> Option<usize> {
    Some(yaml::item_field_line(text, ply_line(text, ply)?, field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_refuse_nonsense() {
        for s in [
            "+3", "0", "-12", "+3 in 11", "-1 in 4", "-2..+5", "0..+1", "unknown",
        ] {
            let v: Value = s.parse().unwrap();
            assert_eq!(v.to_string(), s);
        }
        for s in ["", "x", "+3 in", "5..2", "win"] {
            assert!(s.parse::<Value>().is_err(), "{s}");
        }
        assert_eq!("0..0".parse::<Value>().unwrap().wld(), Some(Wld::Draw));
        assert_eq!("-3..+1".parse::<Value>().unwrap().wld(), None);
        assert_eq!("+1..+3".parse::<Value>().unwrap().wld(), Some(Wld::Win));
        assert_eq!(Value::Unknown.wld(), None);
    }

    #[test]
    fn lines_are_found() {
        let text = "game: spargo\nplies:\n- ply: 1\n  best:\n  - a1\n  before: +1\n- ply: 2\n  mover: black\nzombies: []\n";
        assert_eq!(ply_line(text, 2), Some(7));
        assert_eq!(ply_field_line(text, 1, "before"), Some(6));
        assert_eq!(ply_field_line(text, 2, "before"), Some(7));
        assert_eq!(ply_line(text, 3), None);
    }
}
