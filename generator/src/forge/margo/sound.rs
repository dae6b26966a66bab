//! Sound keys: a capture or save puzzle's key must also be a good move in the
//! whole game. Its game value is the exact result (win, draw or loss) of the
//! rest of the game after the key, with both sides playing their best for the
//! whole game, not for the puzzle's goal; the key is **sound** when no other
//! first move does better in the whole game.
//!
//! Two win/draw/loss solves within the node budget settle it: the position
//! after the key, and (unless the key already wins) the puzzle position
//! itself. A key that loses or draws a game that the position wins is
//! unsound, and the puzzle is turned down; when the budget settles neither
//! solve, the game value is unknown and the file says so.

use cannonball_rules::margo::{AnyPosition, Move};

use super::players::balance;
use super::solving::{Exact, root_value};
use super::{ForgeError, Reject};
use crate::puzzle::GameValue;
use crate::solve::Wld;
use crate::solve::margo::Mode;

/// What the whole game says of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Soundness {
    /// No first move does better; the key's game value.
    Sound(GameValue),
    /// Another first move does better in the whole game.
    Unsound,
    /// The key's value is settled, but not whether another move does better
    /// (the key does not win and the position is beyond the budget); or the
    /// key's value itself is beyond the budget.
    Unknown(GameValue),
}

impl Soundness {
    /// The game value a file records: the key's value when the key is known
    /// to be sound, else unknown.
    #[must_use]
    pub fn game_value(self) -> GameValue {
        match self {
            Soundness::Sound(v) => v,
            Soundness::Unsound | Soundness::Unknown(_) => GameValue::Unknown,
        }
    }

    /// The forge's verdict: an unsound key is turned down.
    ///
    /// # Errors
    /// [`Reject::Unsound`].
    pub fn check(self) -> Result<GameValue, Reject> {
        match self {
            Soundness::Unsound => Err(Reject::Unsound),
            s => Ok(s.game_value()),
        }
    }
}

fn game_value(w: Wld) -> GameValue {
    match w {
        Wld::Win => GameValue::Win(None),
        Wld::Draw => GameValue::Draw,
        Wld::Loss => GameValue::Loss(None),
    }
}

/// Whether `key` is sound in `pos`, within `nodes` per solve.
///
/// # Errors
/// The solver cannot run.
pub fn soundness(pos: &AnyPosition, key: Move, nodes: u64) -> Result<Soundness, ForgeError> {
    let mut exact = Exact::new(nodes);
    let mut after = pos.clone();
    after
        .play(key)
        .map_err(|e| ForgeError::Inconsistent(format!("the key: {e}")))?;
    let key_result = if after.outcome().is_some() {
        Some(GameValue::of_margin(-balance(&after)))
    } else {
        exact
            .solve(&after, Mode::Wld)?
            .and_then(|sol| root_value(&sol, Mode::Wld))
            .map(|v| game_value(v.wld().flipped()))
    };
    let Some(key_value) = key_result else {
        return Ok(Soundness::Unknown(GameValue::Unknown));
    };
    if matches!(key_value, GameValue::Win(_)) {
        return Ok(Soundness::Sound(key_value));
    }
    let best = exact
        .solve(pos, Mode::Wld)?
        .and_then(|sol| root_value(&sol, Mode::Wld))
        .map(|v| game_value(v.wld()));
    Ok(match best {
        None => Soundness::Unknown(key_value),
        Some(b) if b.rank() > key_value.rank() => Soundness::Unsound,
        Some(_) => Soundness::Sound(key_value),
    })
}
