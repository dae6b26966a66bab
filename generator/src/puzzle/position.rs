//! The position of a puzzle: an engine position of its game, and the text
//! form files and figure blocks write it in.

use cannonball_rules::margo::{AnyPosition, notation};
use cannonball_rules::{Game, margrites};
use serde::{Deserialize, Serialize};

use super::margrites::Turn;
use super::{margo as margo_spec, margrites as margrites_spec};

/// A Margo or Spargo position as files and figures write it.
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

/// A Margrites position as files and figures write it.
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

/// The text form of a puzzle's position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PositionSpec {
    /// Margo or Spargo.
    Margo(MargoPosition),
    /// Margrites.
    Margrites(MargritesPosition),
}

/// A field of a file's position that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position.{field}: {reason}")]
pub struct PositionError {
    /// The field (`rules`, `black`, `white`, `score`, `to-move`, `options`).
    pub field: &'static str,
    /// What is wrong.
    pub reason: String,
}

/// A move of a file that cannot be read on its puzzle's board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move `{text}`: {reason}")]
pub struct MoveError {
    /// The move as written.
    pub text: String,
    /// Why it is no move (the notation's message).
    pub reason: String,
}

/// The position of a puzzle, in the canonical orientation the forge wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// Margo or Spargo.
    Margo(AnyPosition),
    /// Margrites, at the start of a turn.
    Margrites(margrites::Position),
}

/// A move of a puzzle: a Margo move, or a Margrites turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move {
    /// A Margo or Spargo move (its text needs the board: [`Position::notation`]).
    Margo(cannonball_rules::margo::Move),
    /// A Margrites turn.
    Margrites(Turn),
}

impl Position {
    /// The text form.
    #[must_use]
    pub fn spec(&self) -> PositionSpec {
        match self {
            Position::Margo(p) => PositionSpec::Margo(margo_spec::spec_of(p)),
            Position::Margrites(p) => PositionSpec::Margrites(margrites_spec::position_spec(p)),
        }
    }

    /// The position a text form describes.
    ///
    /// # Errors
    /// The field that cannot be used.
    pub fn from_spec(spec: &PositionSpec) -> Result<Position, PositionError> {
        match spec {
            PositionSpec::Margo(m) => margo_spec::position_of(m).map(Position::Margo),
            PositionSpec::Margrites(m) => {
                margrites_spec::parse_position(m).map(Position::Margrites)
            }
        }
    }

    /// Whether this is a position of `game`.
    #[must_use]
    pub fn is_of(&self, game: Game) -> bool {
        matches!(
            (self, game),
            (Position::Margo(_), Game::Spargo | Game::Margo)
                | (Position::Margrites(_), Game::Margrites)
        )
    }

    /// A move as files write it: Margo notation (`c1`, `b2+1`) on this
    /// position's board, or the Margrites turn.
    #[must_use]
    pub fn notation(&self, m: &Move) -> String {
        match (self, m) {
            (Position::Margo(p), Move::Margo(m)) => notation::human(p.geometry(), *m),
            (_, Move::Margrites(t)) => t.to_string(),
            (Position::Margrites(_), Move::Margo(m)) => format!("{m:?}"),
        }
    }

    /// Reads a move as files write it for this position's game.
    ///
    /// # Errors
    /// Why the text is no move (the notation's message).
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let fail = |reason: String| MoveError {
            text: text.to_owned(),
            reason,
        };
        match self {
            Position::Margo(p) => {
                let m =
                    notation::parse_move(p.geometry(), text).map_err(|e| fail(e.to_string()))?;
                let written = notation::human(p.geometry(), m);
                if written != text {
                    return Err(fail(format!("not written as `{written}`")));
                }
                Ok(Move::Margo(m))
            }
            Position::Margrites(_) => text
                .parse::<Turn>()
                .map(Move::Margrites)
                .map_err(|e| fail(e.reason)),
        }
    }
}
