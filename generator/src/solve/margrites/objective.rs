//! When the side to move has reached its objective.
//!
//! An [`Objective`] is what a user asks for (`win`, `score:2`, `capture:1`,
//! `trap`); a [`Goal`] is that objective bound to a side and a start position,
//! with its counts made absolute.

use cannonball_rules::margrites::{Color, Phase, Position};

use super::bounds;
use crate::solve::Objective;

/// What a Margrites goal counts: the solver's objectives (Margo's
/// best-margin and save have no meaning here).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Aim {
    /// Win the game.
    Win,
    /// Reach a number of points.
    Score,
    /// Reach a number of captures.
    Capture,
    /// Leave the opponent without a legal first step.
    Trap,
}

/// An objective bound to the side that pursues it, with absolute targets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Goal {
    pub(crate) aim: Aim,
    /// The side pursuing the objective (the side to move at the start).
    pub(crate) side: Color,
    /// For score and capture: the points or captures the side must reach.
    pub(crate) target: u8,
}

impl Goal {
    /// The goal of `objective` for the side to move in `start`; `None` for
    /// an objective that is not a Margrites one.
    pub(crate) fn new(objective: Objective, start: &Position) -> Option<Goal> {
        let side = start.to_move();
        let tally = start.standings();
        let tally = tally.get(side);
        let (objective, target) = match objective {
            Objective::Score(k) => (Aim::Score, tally.points.saturating_add(k)),
            Objective::Capture(k) => (Aim::Capture, tally.captures.saturating_add(k)),
            Objective::Win => (Aim::Win, 0),
            Objective::Trap => (Aim::Trap, 0),
            Objective::BestMargin | Objective::Save => return None,
        };
        Some(Goal {
            aim: objective,
            side,
            target,
        })
    }

    fn counts_reached(&self, pos: &Position) -> bool {
        let tally = *pos.standings().get(self.side);
        match self.aim {
            Aim::Score => tally.points >= self.target,
            Aim::Capture => tally.captures >= self.target,
            Aim::Win => pos.result().is_some_and(|r| r.winner == Some(self.side)),
            Aim::Trap => false,
        }
    }

    /// Whether the objective is reached once one of the side's own turns is over.
    pub(crate) fn reached_after_own_turn(&self, after: &Position) -> bool {
        match self.aim {
            Aim::Trap => {
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
        match self.aim {
            Aim::Score => {
                let left = (need - i64::from(mine.points)).max(1);
                10_000 * i64::from(mine.points) - bounds::nearest_score_costs(own, side, left)
            }
            Aim::Capture => {
                let left = (need - i64::from(mine.captures)).max(1);
                10_000 * i64::from(mine.captures) - bounds::nearest_pair_costs(enemy, own, left)
            }
            Aim::Trap => {
                let free = if after.phase() == Phase::Playing && after.to_move() != side {
                    after.legal_steps().len() as i64
                } else {
                    0
                };
                -100 * free - bounds::nearest_pair_costs(enemy, own, 2)
            }
            Aim::Win => {
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
