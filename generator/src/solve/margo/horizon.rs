//! Capture search with a horizon: how many of the defender's pieces the side
//! to move (the attacker) can force off the board within its next `turns`
//! moves, whatever the defender does in between.
//!
//! # What is computed
//!
//! A line of `2 × turns − 1` plies (the attacker's `turns` moves and the
//! defender's replies between them) is worth the number of the defender's
//! pieces **removed from the board** along it, on either side's move. Pieces
//! that become zombies stay on the board and still count in the score
//! (rulings A5, A7), so they are not counted. The line stops early when the
//! game ends. The value of a position is the minimax of that count: the
//! attacker maximises it, the defender minimises it. It is exact: every line
//! is searched to the horizon (alpha-beta with a table of proven bounds never
//! changes a value), and a node budget makes a question fail
//! ([`OutOfBudget`]) rather than answer it on a guess.
//!
//! The value depends on the position and the plies left only, never on the
//! path: the table key is the position's hash (board, colour to move, ko point,
//! swap and pass state) mixed with the plies left.
//!
//! ```
//! use cannonball_rules::margo::{AnyPosition, Preset, Setup};
//! use cannonball::solve::margo::CaptureSearch;
//! // White's a1 b1 have one freedom left, c1; Black to move takes both.
//! let mut rules = Preset::Margo.rules();
//! rules.size = 5;
//! rules.swap = false;
//! let setup = Setup::parse(rules, "black a2 b2; white a1 b1; to-move black").unwrap();
//! let pos = AnyPosition::from_setup(&setup).unwrap();
//! let mut search = CaptureSearch::new(100_000);
//! let values = search.first_moves(&pos, 1).unwrap();
//! let best = values.iter().map(|v| v.1).max();
//! assert_eq!(best, Some(2));
//! ```

use std::collections::HashMap;

use thiserror::Error;

use cannonball_rules::margo::{AnyPosition, Color, Move, Point};

/// The node budget of one question ran out before its value was proven.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("the capture search ran out of its budget of {0} positions")]
pub struct OutOfBudget(pub u64);

/// Proven bounds on a position's value with some plies left, and the move
/// that proved the better one.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: u32,
    hi: u32,
    best: Option<Move>,
}

/// A capture search with its table; questions asked in the same order cost
/// the same nodes (one thread, no randomness).
#[derive(Debug)]
pub struct CaptureSearch {
    budget: u64,
    used: u64,
    /// Positions played (nodes) over every question so far.
    pub nodes: u64,
    table: HashMap<u64, Entry>,
}

/// A child of a node: the move, the position after it, and the defender's
/// pieces it removed.
struct Child {
    mv: Move,
    after: AnyPosition,
    gained: u32,
    /// The attacker's pieces it removed (orders the defender's replies).
    lost: u32,
}

/// The plies of a horizon of `turns` attacker moves.
#[must_use]
pub const fn plies_of(turns: u8) -> u32 {
    2 * turns as u32 - 1
}

fn table_key(pos: &AnyPosition, plies: u32) -> u64 {
    pos.hash() ^ u64::from(plies + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The colour of the defender when `pos` has `plies` left (the attacker moves
/// when an odd number of plies is left).
fn defender(pos: &AnyPosition, plies: u32) -> Color {
    let me = pos.to_move();
    if plies % 2 == 1 { me.next(2) } else { me }
}

/// Pieces of `color` among `removed`, as `pos` (before the move) holds them.
fn count(pos: &AnyPosition, removed: &[Point], color: Color) -> u32 {
    let n = removed
        .iter()
        .filter(|&&p| pos.color_at(p) == Some(color))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl CaptureSearch {
    /// A search allowing about `budget` positions per question.
    #[must_use]
    pub fn new(budget: u64) -> CaptureSearch {
        CaptureSearch {
            budget,
            used: 0,
            nodes: 0,
            table: HashMap::new(),
        }
    }

    /// The value of every legal first move of `pos` (in legal-move order) with
    /// `turns` attacker moves, the first move included: the defender's pieces
    /// the attacker can force off the board.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn first_moves(
        &mut self,
        pos: &AnyPosition,
        turns: u8,
    ) -> Result<Vec<(Move, u32)>, OutOfBudget> {
        self.move_values(pos, plies_of(turns))
    }

    /// The value of every legal move of `pos` (in legal-move order) with
    /// `plies` left, the move included (odd: the attacker is to move).
    ///
    /// # Errors
    /// The budget ran out.
    pub fn move_values(
        &mut self,
        pos: &AnyPosition,
        plies: u32,
    ) -> Result<Vec<(Move, u32)>, OutOfBudget> {
        self.used = 0;
        let mut out = Vec::new();
        for c in self.children(pos, plies)? {
            let rest = self.search(&c.after, plies - 1, 0, u32::MAX)?;
            out.push((c.mv, c.gained + rest));
        }
        Ok(out)
    }

    /// For each legal move of `pos` (in legal-move order), the mover's own
    /// pieces the opponent can force off the board within its next `turns`
    /// moves after it (pieces the move itself takes off its own side
    /// included): what each move loses when the mover defends.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn save_values(
        &mut self,
        pos: &AnyPosition,
        turns: u8,
    ) -> Result<Vec<(Move, u32)>, OutOfBudget> {
        // One ply more than the opponent's horizon: with an even number of
        // plies left the mover is the side whose pieces are counted.
        self.move_values(pos, plies_of(turns) + 1)
    }

    /// The value of `pos` with `plies` left (attacker to move when `plies` is
    /// odd).
    ///
    /// # Errors
    /// The budget ran out.
    pub fn value(&mut self, pos: &AnyPosition, plies: u32) -> Result<u32, OutOfBudget> {
        self.used = 0;
        self.search(pos, plies, 0, u32::MAX)
    }

    /// A principal line from `pos` with `plies` left: at each step the first
    /// move, in legal-move order, that keeps the value (the attacker's best,
    /// the defender's best defence); it ends at the horizon or the game's end.
    ///
    /// # Errors
    /// The budget ran out.
    pub fn line(&mut self, pos: &AnyPosition, plies: u32) -> Result<Vec<Move>, OutOfBudget> {
        self.used = 0;
        let mut out = Vec::new();
        let mut cur = pos.clone();
        let mut left = plies;
        while left > 0 && cur.outcome().is_none() {
            let target = self.search(&cur, left, 0, u32::MAX)?;
            let mut next = None;
            for c in self.children(&cur, left)? {
                let v = c.gained + self.search(&c.after, left - 1, 0, u32::MAX)?;
                if v == target {
                    next = Some(c);
                    break;
                }
            }
            let Some(c) = next else {
                break;
            };
            out.push(c.mv);
            cur = c.after;
            left -= 1;
        }
        Ok(out)
    }

    /// Every legal move of `pos` played, in legal-move order.
    fn children(&mut self, pos: &AnyPosition, plies: u32) -> Result<Vec<Child>, OutOfBudget> {
        let them = defender(pos, plies);
        let mut out = Vec::new();
        for mv in pos.legal_moves() {
            self.used += 1;
            self.nodes += 1;
            if self.used > self.budget {
                return Err(OutOfBudget(self.budget));
            }
            let mut after = pos.clone();
            let removed = after.play_unchecked(mv);
            out.push(Child {
                mv,
                gained: count(pos, &removed, them),
                lost: count(pos, &removed, them.next(2)),
                after,
            });
        }
        Ok(out)
    }

    /// The value of `pos` with `plies` left, fail-soft within `(alpha, beta)`:
    /// exact when inside, a bound on the side it falls otherwise.
    fn search(
        &mut self,
        pos: &AnyPosition,
        plies: u32,
        mut alpha: u32,
        mut beta: u32,
    ) -> Result<u32, OutOfBudget> {
        if plies == 0 || pos.outcome().is_some() {
            return Ok(0);
        }
        let key = table_key(pos, plies);
        let hint = self.table.get(&key).copied();
        if let Some(e) = hint {
            if e.lo == e.hi || e.lo >= beta {
                return Ok(e.lo);
            }
            if e.hi <= alpha {
                return Ok(e.hi);
            }
            alpha = alpha.max(e.lo);
            beta = beta.min(e.hi);
        }
        let (a0, b0) = (alpha, beta);
        let attacker = plies % 2 == 1;
        let mut kids = self.children(pos, plies)?;
        let hinted = hint.and_then(|e| e.best);
        if attacker {
            kids.sort_by_key(|c| (Some(c.mv) != hinted, std::cmp::Reverse(c.gained)));
        } else {
            kids.sort_by_key(|c| (Some(c.mv) != hinted, std::cmp::Reverse(c.lost), c.gained));
        }
        let mut best: Option<(u32, Move)> = None;
        for c in kids {
            let v = self.child_value(&c, plies, alpha, beta)?;
            let better = match best {
                None => true,
                Some((b, _)) => (attacker && v > b) || (!attacker && v < b),
            };
            if better {
                best = Some((v, c.mv));
            }
            if attacker {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        // No legal move with the game not over cannot happen (no legal move
        // ends the game); treat it as the end all the same.
        let Some((v, mv)) = best else {
            return Ok(0);
        };
        let mut e = hint.unwrap_or(Entry {
            lo: 0,
            hi: u32::MAX,
            best: None,
        });
        if v <= a0 {
            e.hi = e.hi.min(v);
        } else if v >= b0 {
            e.lo = e.lo.max(v);
        } else {
            e.lo = v;
            e.hi = v;
        }
        e.best = Some(mv);
        self.table.insert(key, e);
        Ok(v)
    }

    /// The value of playing child `c` with `plies` left (counting the move),
    /// within `(alpha, beta)`: what the move removes, plus the rest of the line.
    fn child_value(
        &mut self,
        c: &Child,
        plies: u32,
        alpha: u32,
        beta: u32,
    ) -> Result<u32, OutOfBudget> {
        if plies == 1 {
            return Ok(c.gained);
        }
        let a = alpha.saturating_sub(c.gained);
        let b = beta.saturating_sub(c.gained);
        if b == 0 {
            // What the move already removed reaches `beta`: a lower bound is
            // all the window asks for.
            return Ok(c.gained);
        }
        Ok(c.gained + self.search(&c.after, plies - 1, a, b)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margo::{Preset, Setup};

    fn position(size: u8, text: &str) -> AnyPosition {
        let mut rules = Preset::Margo.rules();
        rules.size = size;
        rules.swap = false;
        let setup = Setup::parse(rules, text).unwrap();
        AnyPosition::from_setup(&setup).unwrap()
    }

    /// Plain minimax over every line, no pruning and no table.
    fn brute(pos: &AnyPosition, plies: u32) -> u32 {
        if plies == 0 || pos.outcome().is_some() {
            return 0;
        }
        let them = defender(pos, plies);
        let vals = pos.legal_moves().into_iter().map(|m| {
            let mut after = pos.clone();
            let removed = after.play_unchecked(m);
            count(pos, &removed, them) + brute(&after, plies - 1)
        });
        if plies % 2 == 1 {
            vals.max().unwrap_or(0)
        } else {
            vals.min().unwrap_or(0)
        }
    }

    #[test]
    fn a_group_in_atari_is_taken() {
        let pos = position(5, "black a2 b2; white a1 b1; to-move black");
        let mut s = CaptureSearch::new(1_000_000);
        let values = s.first_moves(&pos, 1).unwrap();
        let c1_move = cannonball_rules::margo::notation::parse_move(pos.geometry(), "c1").unwrap();
        let c1 = values.iter().find(|v| v.0 == c1_move);
        assert_eq!(c1.map(|v| v.1), Some(2));
        assert_eq!(values.iter().filter(|v| v.1 > 0).count(), 1);
    }

    #[test]
    fn the_defender_escapes_when_it_can() {
        // Two moves: White answers the first by extending or capturing, so
        // the search must find what survives every defence.
        let pos = position(5, "black a2 b2 c2; white a1 b1 d1; to-move black");
        let mut s = CaptureSearch::new(1_000_000);
        for turns in 1..=2u8 {
            let values = s.first_moves(&pos, turns).unwrap();
            for (m, v) in values {
                let mut after = pos.clone();
                let removed = after.play_unchecked(m);
                let want = count(&pos, &removed, Color::White) + brute(&after, plies_of(turns) - 1);
                assert_eq!(v, want, "{m:?} with {turns} turns");
            }
        }
    }

    #[test]
    fn agrees_with_plain_minimax_on_self_play_positions() {
        use cannonball_rules::margo::AnyPosition;
        use cannonball_rules::rng::Rng;
        let mut rng = Rng::seed_from(5);
        let mut checked = 0;
        for game in 0..6 {
            let mut rules = Preset::Margo.rules();
            rules.size = 4 + (game % 2);
            rules.swap = false;
            let mut pos = AnyPosition::new(rules).unwrap();
            let mut s = CaptureSearch::new(10_000_000);
            for ply in 0..60 {
                if pos.outcome().is_some() {
                    break;
                }
                if ply % 5 == 4 {
                    for plies in [1, 3] {
                        assert_eq!(
                            s.value(&pos, plies).unwrap(),
                            brute(&pos, plies),
                            "game {game} ply {ply} plies {plies}"
                        );
                        checked += 1;
                    }
                }
                let m = pos.random_move(&mut rng).unwrap();
                pos.play(m).unwrap();
            }
        }
        assert!(checked >= 40, "{checked}");
    }

    #[test]
    fn save_values_count_what_the_opponent_takes_after_each_move() {
        // Black a1 b1 have c1 as their only freedom, and nothing saves them.
        let pos = position(5, "black a1 b1; white a2 b2 d1; to-move black");
        let mut s = CaptureSearch::new(1_000_000);
        for turns in 1..=2u8 {
            let values = s.save_values(&pos, turns).unwrap();
            assert_eq!(values.len(), pos.legal_moves().len());
            for (m, v) in values {
                let mut after = pos.clone();
                let removed = after.play_unchecked(m);
                let want = count(&pos, &removed, Color::Black) + brute(&after, plies_of(turns));
                assert_eq!(v, want, "{m:?} with {turns} turns");
            }
        }
        // Extending to c1 only makes a bigger group for White's c2 to take.
        let values = s.save_values(&pos, 1).unwrap();
        let c1 = cannonball_rules::margo::notation::parse_move(pos.geometry(), "c1").unwrap();
        assert!(values.iter().any(|v| v.0 == c1 && v.1 == 3));
        assert!(values.iter().all(|v| v.1 >= 2));
    }

    #[test]
    fn a_tiny_budget_fails_instead_of_guessing() {
        let pos = position(5, "black a2 b2 c2; white a1 b1 d1; to-move black");
        let mut s = CaptureSearch::new(10);
        assert_eq!(s.first_moves(&pos, 2), Err(OutOfBudget(10)));
    }
}
