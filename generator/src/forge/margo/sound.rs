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
//!
//! Before either solve: a key that does not end the game won is unsound when
//! another first move does (it leaves the opponent without a legal move while
//! the mover is ahead). The puzzle's goal would then reward the slower move,
//! however well the key does later.

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
    if !ended_won(&after) && some_move_wins_at_once(pos) {
        return Ok(Soundness::Unsound);
    }
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

/// Whether the game is over in `after`, won by the player who just moved
/// (`balance` is the player to move's).
fn ended_won(after: &AnyPosition) -> bool {
    after.outcome().is_some() && balance(after) < 0
}

/// Whether a legal move of `pos` ends the game won.
fn some_move_wins_at_once(pos: &AnyPosition) -> bool {
    pos.legal_moves().into_iter().any(|m| {
        let mut p = pos.clone();
        p.play_unchecked(m);
        ended_won(&p)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::margo::puzzle_rules;
    use cannonball_rules::Game;
    use cannonball_rules::margo::{Setup, notation};

    /// The committed Spargo puzzle spargo-09a34e98f13f: d2 is the only
    /// winning move; d1 and d4 lose.
    fn spargo() -> AnyPosition {
        let text =
            "black a1 b1 c1 c2 b3 c4 a2+1 b2+1 b3+1; white a2 b2 a3 c3 d3 b4 a1+1; to-move black";
        AnyPosition::from_setup(&Setup::parse(puzzle_rules(Game::Spargo, 4), text).unwrap())
            .unwrap()
    }

    fn mv(p: &AnyPosition, t: &str) -> Move {
        notation::parse_move(p.geometry(), t).unwrap()
    }

    #[test]
    fn the_winning_move_is_sound_and_wins() {
        let p = spargo();
        let s = soundness(&p, mv(&p, "d2"), 200_000).unwrap();
        assert_eq!(s, Soundness::Sound(GameValue::Win(None)));
        assert_eq!(s.check(), Ok(GameValue::Win(None)));
    }

    #[test]
    fn a_losing_move_where_another_wins_is_unsound() {
        let p = spargo();
        let s = soundness(&p, mv(&p, "d1"), 200_000).unwrap();
        assert_eq!(s, Soundness::Unsound);
        assert_eq!(s.check(), Err(Reject::Unsound));
    }

    /// Removed from the collection at stop 44 (margo-8f06e73a95b7): Black,
    /// with thirty pieces on the 7x7 board against White's one, was asked to
    /// take two pieces off within two moves with b3, while seventeen other
    /// moves leave White no legal move and win the game at once.
    #[test]
    fn a_key_that_passes_up_a_win_at_once_is_unsound() {
        let text = "black b1 c1 e1 f1 b2 d2 e2 g2 a3 c3 d3 f3 a4 b4 d4 e4 g4 b5 c5 e5 f5 a6 b6 \
                    d6 f6 g6 b7 c7 e7 g7; white a2; to-move black";
        let p = AnyPosition::from_setup(&Setup::parse(puzzle_rules(Game::Margo, 7), text).unwrap())
            .unwrap();
        let key = mv(&p, "b3");
        let mut after = p.clone();
        after.play(key).unwrap();
        assert!(after.outcome().is_none(), "b3 leaves the game going on");
        assert_eq!(soundness(&p, key, 200_000).unwrap(), Soundness::Unsound);
        // d1 is one of the moves that end the game won: sound, a win.
        let d1 = mv(&p, "d1");
        let mut ended = p.clone();
        ended.play(d1).unwrap();
        assert!(ended.outcome().is_some());
        assert!(matches!(
            soundness(&p, d1, 200_000).unwrap(),
            Soundness::Sound(GameValue::Win(_))
        ));
    }

    #[test]
    fn without_budget_the_value_is_unknown_not_a_guess() {
        // A 7x7 board at the start of play: far beyond a hundred nodes.
        let text = "black d4; white c3; to-move black";
        let p = AnyPosition::from_setup(&Setup::parse(puzzle_rules(Game::Margo, 7), text).unwrap())
            .unwrap();
        let s = soundness(&p, mv(&p, "e5"), 100).unwrap();
        assert_eq!(s, Soundness::Unknown(GameValue::Unknown));
        assert_eq!(s.check(), Ok(GameValue::Unknown));
        // A settled key whose rivals are not settled is not called sound.
        assert_eq!(
            Soundness::Unknown(GameValue::Draw).game_value(),
            GameValue::Unknown
        );
    }
}
