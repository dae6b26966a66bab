//! The value of a first move, as puzzle files write it.

use std::fmt;

use cannonball_rules::Game;

use crate::solve::{Objective, Wld};

/// A first move's exact value for the side to move; which kind a file holds
/// follows from its game and objective ([`Value::parse`]).
///
/// ```
/// use cannonball::puzzle::Value;
/// use cannonball::solve::{Objective, Wld};
/// use cannonball_rules::Game;
/// let v = Value::parse("+3", Game::Margo, Objective::BestMargin).unwrap();
/// assert_eq!(v, Value::Margin(3));
/// assert_eq!(v.to_string(), "+3");
/// assert_eq!(Value::parse("win", Game::Spargo, Objective::Win), Ok(Value::Result(Wld::Win)));
/// assert!(Value::parse("+3", Game::Margo, Objective::Win).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Margo `win`: `win`, `draw` or `loss`.
    Result(Wld),
    /// Margo `best-margin`: the final margin, `+3`, `0`, `-2`.
    Margin(i32),
    /// Margo `best-margin`: won or lost by capture rather than by score
    /// (`capture-win`, `capture-loss`).
    ByCapture(Wld),
    /// Margo `best-margin`: a move proven worse than the key only as far as
    /// a bound: the final margin is at most this, or the game is lost by
    /// capture (`-7 or less`).
    AtMost(i32),
    /// Margo `capture:K`: the pieces the move forces off the board; `save`:
    /// the mover's pieces the opponent can then force off (`3`, `0`).
    Pieces(u32),
    /// Margrites: whether the turn reaches the objective (`yes`, `no`).
    Reaches(bool),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Result(w) => f.write_str(w.name()),
            Value::Margin(0) => f.write_str("0"),
            Value::Margin(m) => write!(f, "{m:+}"),
            Value::ByCapture(Wld::Loss) => f.write_str("capture-loss"),
            Value::ByCapture(_) => f.write_str("capture-win"),
            Value::AtMost(0) => f.write_str("0 or less"),
            Value::AtMost(m) => write!(f, "{m:+} or less"),
            Value::Pieces(n) => write!(f, "{n}"),
            Value::Reaches(true) => f.write_str("yes"),
            Value::Reaches(false) => f.write_str("no"),
        }
    }
}

/// A value that a puzzle of its game and objective does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "value `{text}` is not one of a {} `{}` puzzle ({expected})",
    game.title(),
    objective.file_text(*game)
)]
pub struct ValueError {
    /// The value as written.
    pub text: String,
    /// The puzzle's game.
    pub game: Game,
    /// The puzzle's objective.
    pub objective: Objective,
    /// What such a puzzle's values look like.
    pub expected: &'static str,
}

impl Value {
    /// Reads a value of a `game` puzzle with `objective`.
    ///
    /// # Errors
    /// The text is not a value such a puzzle has (the message says which are).
    pub fn parse(text: &str, game: Game, objective: Objective) -> Result<Value, ValueError> {
        let (value, expected) = match (game, objective) {
            (Game::Margrites, _) => (
                match text {
                    "yes" => Some(Value::Reaches(true)),
                    "no" => Some(Value::Reaches(false)),
                    _ => None,
                },
                "yes or no",
            ),
            (_, Objective::Win) => (
                [Wld::Win, Wld::Draw, Wld::Loss]
                    .into_iter()
                    .find(|w| w.name() == text)
                    .map(Value::Result),
                "win, draw or loss",
            ),
            (_, Objective::Capture(_) | Objective::Save) => (
                text.parse::<u32>().ok().map(Value::Pieces),
                "a number of pieces",
            ),
            _ => (
                match text {
                    "capture-win" => Some(Value::ByCapture(Wld::Win)),
                    "capture-loss" => Some(Value::ByCapture(Wld::Loss)),
                    _ => match text.strip_suffix(" or less") {
                        Some(m) => m.parse::<i32>().ok().map(Value::AtMost),
                        None => text.parse::<i32>().ok().map(Value::Margin),
                    },
                },
                "a margin such as +3, 0 or -2, a bound such as -7 or less, capture-win or capture-loss",
            ),
        };
        match value {
            Some(v) if v.to_string() == text => Ok(v),
            _ => Err(ValueError {
                text: text.to_owned(),
                game,
                objective,
                expected,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_for_their_game_and_objective() {
        let cases = [
            (Game::Spargo, Objective::Win, &["win", "draw", "loss"][..]),
            (
                Game::Margo,
                Objective::BestMargin,
                &[
                    "+3",
                    "0",
                    "-2",
                    "capture-win",
                    "capture-loss",
                    "-7 or less",
                    "0 or less",
                    "+2 or less",
                ][..],
            ),
            (Game::Margo, Objective::Capture(2), &["2", "0"][..]),
            (Game::Spargo, Objective::Save, &["1"][..]),
            (Game::Margrites, Objective::Trap, &["yes", "no"][..]),
        ];
        for (game, objective, texts) in cases {
            for text in texts {
                let v = Value::parse(text, game, objective).unwrap();
                assert_eq!(v.to_string(), *text);
            }
        }
    }

    #[test]
    fn values_of_another_kind_or_spelling_are_refused() {
        assert!(Value::parse("3", Game::Margo, Objective::BestMargin).is_err());
        assert!(Value::parse("+0", Game::Margo, Objective::BestMargin).is_err());
        assert!(Value::parse("7 or less", Game::Margo, Objective::BestMargin).is_err());
        assert!(Value::parse("-7 or more", Game::Margo, Objective::BestMargin).is_err());
        assert!(Value::parse("-7 or less", Game::Spargo, Objective::Win).is_err());
        assert!(Value::parse("yes", Game::Margo, Objective::Win).is_err());
        assert!(Value::parse("win", Game::Margrites, Objective::Win).is_err());
        let e = Value::parse("-1", Game::Margo, Objective::Capture(1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "value `-1` is not one of a Margo `capture:1` puzzle (a number of pieces)"
        );
    }
}
