//! Brute force, for checking the solver on tiny boards: every position
//! reachable from a start, and the exact value of each by retrograde analysis
//! over the whole game graph, cycles included.
//!
//! It shares nothing with the search but the rules engine's public interface:
//! positions are told apart by the engine's equality (which also sees who owns
//! which colour), moves come from [`Position::legal_moves`] and
//! [`Position::try_play`], and a finished game is scored from
//! [`Position::outcome`] for the *player* to move (so the colour exchange of a
//! swap is accounted for independently of the search's colour-based margins).
//!
//! For each threshold `t > 0` among the final margins, the positions where the
//! player to move can force a final value `>= t`, and those where the opponent
//! can force `<= -t`, are found by the classic retrograde fixpoint (a position
//! is won when some move reaches a lost one, lost when every move reaches a won
//! one, starting from the finished games). A position's value is the largest
//! `t` it is won for, or minus the largest it is lost for, or 0 when neither
//! side can force anything: then each side can keep the game from ending worse
//! than 0 for ever, which the rules of this project score as a draw.

use std::collections::HashMap;

use thiserror::Error;

use cannonball_rules::margo::{AnyPosition, EndReason, Move, SmallPosition};

use super::value::Score;

/// The start cannot be brute-forced.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum BruteError {
    /// Only boards up to 5x5 (one-word positions).
    #[error("brute force handles boards up to 5x5")]
    TooLarge,
    /// Values are defined for two players only.
    #[error("brute force handles two-player games, not {0} players")]
    Players(u8),
    /// The game graph is larger than allowed.
    #[error("more than {0} positions are reachable")]
    TooMany(usize),
}

/// Every position reachable from a start, with its exact value.
#[derive(Clone, Debug)]
pub struct BruteForce {
    positions: Vec<SmallPosition>,
    by_hash: HashMap<u64, u32>,
    /// Next position with the same hash.
    chain: Vec<u32>,
    edges: Vec<Vec<(Move, u32)>>,
    values: Vec<Score>,
}

const NONE: u32 = u32::MAX;

fn hash_of(p: &SmallPosition) -> u64 {
    p.hash() ^ u64::from(p.swapped()) ^ (u64::from(p.swap_comes_next()) << 1)
}

fn same(a: &SmallPosition, b: &SmallPosition) -> bool {
    a == b && a.swap_comes_next() == b.swap_comes_next()
}

fn final_value(p: &SmallPosition) -> Option<Score> {
    let o = p.outcome()?;
    let me = p.player_to_move();
    Some(match o.reason {
        EndReason::SingleCapture if o.winners == [me] => Score::CAPTURE_WIN,
        EndReason::SingleCapture => Score::CAPTURE_LOSS,
        _ => Score::margin(o.scores[me] as i32 - o.scores[1 - me] as i32),
    })
}

impl BruteForce {
    /// Explores every position reachable from `start` and values them all.
    ///
    /// # Errors
    /// A board above 5x5, more than two players, or more than `max_positions`
    /// positions.
    pub fn new(start: &AnyPosition, max_positions: usize) -> Result<BruteForce, BruteError> {
        let AnyPosition::Small(start) = start else {
            return Err(BruteError::TooLarge);
        };
        if start.rules().players != 2 {
            return Err(BruteError::Players(start.rules().players));
        }
        let mut b = BruteForce {
            positions: Vec::new(),
            by_hash: HashMap::new(),
            chain: Vec::new(),
            edges: Vec::new(),
            values: Vec::new(),
        };
        b.insert(start.clone());
        let mut next = 0;
        while next < b.positions.len() {
            let pos = b.positions[next].clone();
            let mut out = Vec::new();
            if !pos.ended_by_state() {
                for m in pos.legal_moves() {
                    let mut child = pos.clone();
                    if child.try_play(m).is_err() {
                        continue;
                    }
                    let i = match b.find(&child) {
                        Some(i) => i,
                        None => {
                            if b.positions.len() >= max_positions {
                                return Err(BruteError::TooMany(max_positions));
                            }
                            b.insert(child)
                        }
                    };
                    out.push((m, i));
                }
            }
            b.edges.push(out);
            next += 1;
        }
        b.values = b.retrograde();
        Ok(b)
    }

    fn find(&self, p: &SmallPosition) -> Option<u32> {
        let mut i = *self.by_hash.get(&hash_of(p))?;
        while i != NONE {
            if same(&self.positions[i as usize], p) {
                return Some(i);
            }
            i = self.chain[i as usize];
        }
        None
    }

    fn insert(&mut self, p: SmallPosition) -> u32 {
        let i = self.positions.len() as u32;
        let prev = self.by_hash.insert(hash_of(&p), i).unwrap_or(NONE);
        self.chain.push(prev);
        self.positions.push(p);
        i
    }

    fn retrograde(&self) -> Vec<Score> {
        let n = self.positions.len();
        let finals: Vec<Option<Score>> = (0..n)
            .map(|i| {
                if self.edges[i].is_empty() {
                    final_value(&self.positions[i])
                } else {
                    None
                }
            })
            .collect();
        let mut preds = vec![Vec::new(); n];
        for (i, e) in self.edges.iter().enumerate() {
            for &(_, c) in e {
                preds[c as usize].push(i as u32);
            }
        }
        let mut thresholds: Vec<i32> = finals
            .iter()
            .flatten()
            .map(|s| s.raw().abs())
            .filter(|&t| t > 0)
            .collect();
        thresholds.sort_unstable();
        thresholds.dedup();
        let mut values = vec![Score::DRAW; n];
        for &t in &thresholds {
            let (won, lost) = self.attractors(t, &finals, &preds);
            for i in 0..n {
                if won[i] {
                    values[i] = Score::from_raw(t);
                } else if lost[i] {
                    values[i] = Score::from_raw(-t);
                }
            }
        }
        values
    }

    /// Positions whose mover can force `>= t`, and those where the opponent can
    /// force the mover `<= -t`.
    fn attractors(
        &self,
        t: i32,
        finals: &[Option<Score>],
        preds: &[Vec<u32>],
    ) -> (Vec<bool>, Vec<bool>) {
        let n = self.positions.len();
        let mut won = vec![false; n];
        let mut lost = vec![false; n];
        let mut left: Vec<usize> = self.edges.iter().map(Vec::len).collect();
        let mut queue = Vec::new();
        for (i, f) in finals.iter().enumerate() {
            match f {
                Some(s) if s.raw() >= t => won[i] = true,
                Some(s) if s.raw() <= -t => lost[i] = true,
                _ => continue,
            }
            queue.push(i);
        }
        while let Some(x) = queue.pop() {
            for &p in &preds[x] {
                let p = p as usize;
                if won[p] || lost[p] {
                    continue;
                }
                if lost[x] {
                    won[p] = true;
                    queue.push(p);
                } else {
                    left[p] -= 1;
                    if left[p] == 0 {
                        lost[p] = true;
                        queue.push(p);
                    }
                }
            }
        }
        (won, lost)
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are none (never: the start is always there).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Every position with its value, the start first.
    pub fn positions(&self) -> impl Iterator<Item = (&SmallPosition, Score)> {
        self.positions.iter().zip(self.values.iter().copied())
    }

    /// The value of `pos` for the player to move, if it was reached.
    #[must_use]
    pub fn value(&self, pos: &SmallPosition) -> Option<Score> {
        self.find(pos).map(|i| self.values[i as usize])
    }

    /// The value of each legal move of `pos`, if it was reached.
    #[must_use]
    pub fn move_values(&self, pos: &SmallPosition) -> Option<Vec<(Move, Score)>> {
        let i = self.find(pos)?;
        Some(
            self.edges[i as usize]
                .iter()
                .map(|&(m, c)| (m, -self.values[c as usize]))
                .collect(),
        )
    }
}
