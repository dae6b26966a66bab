//! Legality: which moves are legal and why not, from the end of the game, pass
//! and swap to placements' support, suicide and ko (rulings A4, A5, A6).

use super::board::{Board, Point};
use super::capture::resolve_placement;
use super::game::RefGame;
use super::moves::{RefMove, RefOutcome};
use super::rules::RefKo;

impl RefGame {
    /// Every legal move, sorted; empty when the game is over.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.ended_by_rule() {
            return Vec::new();
        }
        self.candidate_moves()
            .into_iter()
            .filter(|&m| self.reason_ignoring_end(m).is_none())
            .collect()
    }

    /// `None` when `m` is legal; otherwise why not (see [`ILLEGAL_REASONS`](super::ILLEGAL_REASONS)).
    #[must_use]
    pub fn illegal_reason(&self, m: RefMove) -> Option<&'static str> {
        if self.ended_by_rule() {
            return Some("game over");
        }
        let reason = self.reason_ignoring_end(m)?;
        // A legal move exists iff the game goes on, so only an illegal move needs
        // the (slow) search for any legal move.
        if self.has_any_legal_move() {
            Some(reason)
        } else {
            Some("game over")
        }
    }

    /// Whether `m` is legal. The same as `illegal_reason(m).is_none()`, but without
    /// looking for another legal move when `m` is illegal (so cheaper).
    #[must_use]
    pub fn is_legal(&self, m: RefMove) -> bool {
        !self.ended_by_rule() && self.reason_ignoring_end(m).is_none()
    }

    /// The game ended by a rule other than "no legal move".
    pub(super) fn ended_by_rule(&self) -> bool {
        // "Option single_capture: the first player to make a legal move that captures
        // at least one enemy piece that was not already a zombie [...] wins at once."
        // "Option can_pass: [...] the game then also ends when every player has passed
        // in succession."
        self.capture_winner.is_some() || self.passes >= self.rules.players
    }

    /// "The game ends when the player to move has no legal move."
    pub(super) fn has_any_legal_move(&self) -> bool {
        self.candidate_moves()
            .into_iter()
            .any(|m| self.reason_ignoring_end(m).is_none())
    }

    /// Every move worth testing, sorted: every empty point, pass and swap.
    fn candidate_moves(&self) -> Vec<RefMove> {
        let mut moves: Vec<RefMove> = self
            .board
            .points()
            .into_iter()
            .filter(|&p| !self.board.occupied(p))
            .map(RefMove::at)
            .collect();
        moves.push(RefMove::Pass);
        moves.push(RefMove::Swap);
        moves.sort();
        moves
    }

    fn reason_ignoring_end(&self, m: RefMove) -> Option<&'static str> {
        match m {
            RefMove::Pass => (!self.rules.can_pass).then_some("pass not allowed"),
            RefMove::Swap => {
                // "On the second move of the game the second player may answer
                // "swap" instead of placing."
                let allowed = self.rules.swap && self.started_empty && self.ply == 1;
                (!allowed).then_some("swap not allowed now")
            }
            RefMove::Place { level, x, y } => self.try_place((level, x, y)).err(),
        }
    }

    /// The board and outcome of placing at `p`, or why it is illegal.
    pub(super) fn try_place(&self, p: Point) -> Result<(Board, RefOutcome), &'static str> {
        let rules = &self.rules;
        if !self.board.contains(p) {
            return Err("off board");
        }
        if self.board.occupied(p) {
            return Err("occupied");
        }
        // "Option max_height: points at level >= max_height are never playable."
        if rules.max_height.is_some_and(|h| p.0 >= h) {
            return Err("above max height");
        }
        // "[...] an empty point that is either on level 0 or whose four resting
        // points are all occupied (by any colours)."
        if !self
            .board
            .supports(p)
            .into_iter()
            .all(|q| self.board.occupied(q))
        {
            return Err("unsupported");
        }
        let mover = self.to_move;
        let zombies_before = &self.zombies;
        let res = resolve_placement(rules, &self.board, mover, p);

        // "Suicide: a move is illegal when the piece just placed is removed at any
        // point of the resolution." With capture_scope = adjacent: "the move is
        // illegal when the placed piece's group has no freedom after the enemy
        // removals".
        let suicide = if rules.capture_scope_adjacent {
            !res.board.group_has_freedom(&res.board.group(p), rules)
        } else {
            !res.board.occupied(p)
        };
        if suicide {
            return Err("suicide");
        }
        if self.ko_forbids(&res.board) {
            return Err("ko");
        }

        let zombies: Vec<Point> = res
            .captured
            .keys()
            .copied()
            .filter(|&q| res.board.occupied(q) && !zombies_before.contains(&q))
            .collect();
        // A capture of "at least one enemy piece that was not already a zombie
        // (removing it or making it a zombie)".
        let winning_capture = rules.single_capture
            && res
                .captured
                .iter()
                .any(|(q, &c)| c != mover && !zombies_before.contains(q));
        let outcome = RefOutcome {
            removed: res.removed.into_iter().collect(),
            zombies,
            winning_capture,
        };
        Ok((res.board, outcome))
    }

    /// Whether the ko rule forbids a placement that produces `after` (ruling A6).
    fn ko_forbids(&self, after: &Board) -> bool {
        match self.rules.ko {
            RefKo::None => false,
            // "a move may not produce the board that existed just before the most
            // recent move". Boards are compared point by point, colours included.
            RefKo::Simple => {
                let n = self.history.len();
                n >= 2 && self.history[n - 2].0 == *after
            }
            // "no board that has existed before in this game"
            RefKo::PositionalSuperko => self.history.iter().any(|(b, _)| b == after),
            // "no board with the same player to move as before": the pair (board,
            // colour to move next) may not repeat.
            RefKo::SituationalSuperko => {
                let next = (self.to_move + 1) % self.rules.players;
                self.history.iter().any(|(b, c)| b == after && *c == next)
            }
        }
    }
}
