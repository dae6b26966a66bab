//! What the side to move must achieve, and when it has.
//!
//! An [`Objective`] is what a user asks for (`win`, `score:2`, `capture:1`,
//! `trap`); a [`Goal`] is that objective bound to a side and a start position,
//! with its counts made absolute.

use std::fmt;
use std::str::FromStr;

use cannonball_rules::margrites::setup::PIECES_PER_SIDE;
use cannonball_rules::margrites::{Color, Phase, Position};

use super::bounds;

/// An objective for the side to move, to be reached within a number of its own
/// turns.
///
/// ```
/// use cannonball::solve::margrites::Objective;
/// assert_eq!("score:2".parse::<Objective>(), Ok(Objective::Score(2)));
/// assert_eq!(Objective::Capture(1).to_string(), "capture:1");
/// assert!("score:0".parse::<Objective>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// The game ends (a side has no pieces, mid-turn included) with the side
    /// ahead by points, then captures. A draw is not a win.
    Win,
    /// The side has scored this many more points than at the start.
    Score(u8),
    /// The side has been credited with this many more captures than at the start
    /// (rulings B4: a capture is credited to the opponent of the captured piece,
    /// whoever's step caused it).
    Capture(u8),
    /// After one of the side's turns the opponent has no legal first step: its
    /// turn is forfeit.
    Trap,
}

/// An objective that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not an objective: {reason}")]
pub struct ObjectiveError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Objective {
    type Err = ObjectiveError;

    fn from_str(text: &str) -> Result<Objective, ObjectiveError> {
        let fail = |reason| ObjectiveError {
            text: text.to_string(),
            reason,
        };
        match text {
            "win" => return Ok(Objective::Win),
            "trap" => return Ok(Objective::Trap),
            _ => {}
        }
        let (kind, count) = text
            .split_once(':')
            .ok_or_else(|| fail("expected win, trap, score:K or capture:K"))?;
        let k: u8 = count
            .parse()
            .map_err(|_| fail("K must be a whole number from 1 to 8"))?;
        if k == 0 || k > PIECES_PER_SIDE {
            return Err(fail("K must be a whole number from 1 to 8"));
        }
        match kind {
            "score" => Ok(Objective::Score(k)),
            "capture" => Ok(Objective::Capture(k)),
            _ => Err(fail("expected win, trap, score:K or capture:K")),
        }
    }
}

impl fmt::Display for Objective {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Win => f.write_str("win"),
            Objective::Score(k) => write!(f, "score:{k}"),
            Objective::Capture(k) => write!(f, "capture:{k}"),
            Objective::Trap => f.write_str("trap"),
        }
    }
}

impl Objective {
    /// The objective in words: `score 2 points`.
    #[must_use]
    pub fn describe(&self) -> String {
        let plural = |k: u8| if k == 1 { "" } else { "s" };
        match *self {
            Objective::Win => "win the game".to_string(),
            Objective::Score(k) => format!("score {k} point{}", plural(k)),
            Objective::Capture(k) => format!("capture {k} piece{}", plural(k)),
            Objective::Trap => "trap the opponent".to_string(),
        }
    }
}

/// An objective bound to the side that pursues it, with absolute targets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Goal {
    pub(crate) objective: Objective,
    /// The side pursuing the objective (the side to move at the start).
    pub(crate) side: Color,
    /// For score and capture: the points or captures the side must reach.
    pub(crate) target: u8,
}

impl Goal {
    pub(crate) fn new(objective: Objective, start: &Position) -> Goal {
        let side = start.to_move();
        let tally = start.standings();
        let tally = tally.get(side);
        let target = match objective {
            Objective::Score(k) => tally.points.saturating_add(k),
            Objective::Capture(k) => tally.captures.saturating_add(k),
            Objective::Win | Objective::Trap => 0,
        };
        Goal {
            objective,
            side,
            target,
        }
    }

    fn counts_reached(&self, pos: &Position) -> bool {
        let tally = *pos.standings().get(self.side);
        match self.objective {
            Objective::Score(_) => tally.points >= self.target,
            Objective::Capture(_) => tally.captures >= self.target,
            Objective::Win => pos.result().is_some_and(|r| r.winner == Some(self.side)),
            Objective::Trap => false,
        }
    }

    /// Whether the objective is reached once one of the side's own turns is over.
    pub(crate) fn reached_after_own_turn(&self, after: &Position) -> bool {
        match self.objective {
            Objective::Trap => {
                after.phase() == Phase::Playing
                    && after.to_move() != self.side
                    && !after.has_legal_step()
            }
            _ => self.counts_reached(after),
        }
    }

    /// Whether the objective is reached once one of the opponent's turns is over
    /// (its own steps can end the game or have its pieces captured, credited to
    /// the side). A trap counts only after the side's own turn.
    pub(crate) fn reached_after_reply(&self, after: &Position) -> bool {
        self.counts_reached(after)
    }

    /// Whether the game ended during the side's turn and the opponent's rebuttal
    /// (variation B6) is still to come: the result is known only after it.
    pub(crate) fn rebuttal_pending(&self, after: &Position) -> bool {
        after.phase() == Phase::Rebuttal && after.to_move() != self.side
    }

    /// How promising the position after one of the side's turns looks for the
    /// objective; higher first. Only orders the search, never decides it.
    pub(crate) fn promise(&self, after: &Position) -> i64 {
        if self.reached_after_own_turn(after) {
            return 1_000_000;
        }
        let side = self.side;
        let own = after.pieces(side);
        let enemy = after.pieces(side.other());
        let mine = *after.standings().get(side);
        let theirs = *after.standings().get(side.other());
        let need = i64::from(self.target);
        match self.objective {
            Objective::Score(_) => {
                let left = (need - i64::from(mine.points)).max(1);
                10_000 * i64::from(mine.points) - bounds::nearest_score_costs(own, side, left)
            }
            Objective::Capture(_) => {
                let left = (need - i64::from(mine.captures)).max(1);
                10_000 * i64::from(mine.captures) - bounds::nearest_pair_costs(enemy, own, left)
            }
            Objective::Trap => {
                let free = if after.phase() == Phase::Playing && after.to_move() != side {
                    after.legal_steps().len() as i64
                } else {
                    0
                };
                -100 * free - bounds::nearest_pair_costs(enemy, own, 2)
            }
            Objective::Win => {
                let points = i64::from(mine.points) - i64::from(theirs.points);
                let captures = i64::from(mine.captures) - i64::from(theirs.captures);
                let fewest = i64::from(own.len().min(enemy.len()));
                // A game ended with the lead, only a rebuttal to come, is nearly won.
                let ended = if self.rebuttal_pending(after) && (points, captures) > (0, 0) {
                    500_000
                } else {
                    0
                };
                ended + 10_000 * points + 3_000 * captures - 100 * fewest
            }
        }
    }
}
