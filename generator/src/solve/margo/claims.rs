//! Pending claims: results that relied on a repetition of a position still
//! being searched, kept until that position's own result confirms or refutes
//! them.
//!
//! Each search asks one question, "is the value at least `t`?", and every node
//! below the root asks the same question from its mover's side (`t` or `1 - t`).
//! Endless play is worth 0, so it answers the question for one side: the side
//! it satisfies (the *holder*) may rely on a repetition, the other side (the
//! *reacher*) must force the game to end at its target. A reacher's success is
//! a finite proof and holds whatever the path. A holder's success may rest on
//! repetitions of positions on the path: it is a claim that holds if those
//! positions turn out to be held too. Holding is a greatest fixpoint (the
//! positions from which the reacher cannot force the target), so any set of
//! claims each justified by the others is sound, circular or not; what must not
//! survive is a claim resting on a position that turns out to be *reached*.
//!
//! So a claim records the smallest path index it rests on (its *low link*, as
//! in Tarjan's algorithm). Claims created below a node wait in that node's
//! list. When the node's search ends:
//!
//! - if the node was reached, every claim made below it is dropped (it may rest
//!   on the node, and the low link cannot tell);
//! - if it was held, claims resting on the node now rest on what the node
//!   rested on; claims left resting on nothing are confirmed and stored in the
//!   table as proven bounds; the rest move up to the parent's list.
//!
//! A claim still pending may be used again anywhere below the positions it
//! rests on (which are all on the path while it is pending); the user then
//! rests on them too.

use std::collections::HashMap;

use super::tt::{Entry, PROVEN, Table};

/// No dependency.
pub(crate) const NO_LOW: u16 = u16::MAX;

/// Claims kept at most (beyond that, new ones are not kept for reuse; they
/// still propagate, so answers stay right, only slower).
const CAPACITY: usize = 1 << 22;

#[derive(Clone, Copy, Debug)]
struct Claim {
    low: u16,
    /// The bound claimed, from the mover's side.
    score: i32,
    /// Whether it is an upper bound (the mover failed to reach the question's
    /// threshold) rather than a lower one.
    upper: bool,
    tt_key: u64,
    mv: u16,
}

/// The pending claims of one searcher.
#[derive(Debug, Default)]
pub(crate) struct Claims {
    map: HashMap<(u64, i32), Claim>,
    levels: Vec<Vec<(u64, i32)>>,
    /// Claims confirmed and stored.
    pub confirmed: u64,
    /// Claims dropped.
    pub dropped: u64,
}

/// A claim found for reuse: its bound and low link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reuse {
    pub score: i32,
    pub low: u16,
}

impl Claims {
    /// Forgets everything (between searches every claim has been settled).
    pub fn clear(&mut self) {
        self.map.clear();
        for l in &mut self.levels {
            l.clear();
        }
    }

    /// A pending claim on the position with exact key `key` for the question
    /// `t`.
    pub fn find(&self, key: u64, t: i32) -> Option<Reuse> {
        self.map.get(&(key, t)).map(|c| Reuse {
            score: c.score,
            low: c.low,
        })
    }

    fn level(&mut self, ply: usize) -> &mut Vec<(u64, i32)> {
        if self.levels.len() <= ply {
            self.levels.resize_with(ply + 1, Vec::new);
        }
        &mut self.levels[ply]
    }

    /// Settles the claims made below the node at `ply`, whose search ended
    /// `held` or not, resting on `low` (its own low link, [`NO_LOW`] when it
    /// rests on nothing above itself).
    pub fn end_node(&mut self, ply: usize, held: bool, low: u16, tt: &Table) {
        let list = std::mem::take(self.level(ply));
        if list.is_empty() {
            *self.level(ply) = list;
            return;
        }
        let mut up = Vec::new();
        for k in list.iter().copied() {
            let Some(c) = self.map.get_mut(&k) else {
                continue;
            };
            if !held {
                self.map.remove(&k);
                self.dropped += 1;
                continue;
            }
            let rest = if usize::from(c.low) >= ply {
                NO_LOW
            } else {
                c.low
            };
            c.low = rest.min(low);
            if c.low == NO_LOW {
                let c = *c;
                self.map.remove(&k);
                self.confirmed += 1;
                tt.store(c.tt_key, proven(&c));
            } else {
                up.push(k);
            }
        }
        let mut list = list;
        list.clear();
        *self.level(ply) = list;
        if ply > 0 {
            self.level(ply - 1).extend(up);
        }
    }

    /// Records the claim of the node at `ply` (exact key `key`, question `t`),
    /// resting on `low < ply`.
    #[allow(clippy::too_many_arguments, reason = "the parts of one claim")]
    pub fn add(
        &mut self,
        ply: usize,
        key: u64,
        t: i32,
        tt_key: u64,
        score: i32,
        upper: bool,
        low: u16,
        mv: u16,
    ) {
        if ply == 0 || self.map.len() >= CAPACITY {
            return;
        }
        let claim = Claim {
            low,
            score,
            upper,
            tt_key,
            mv,
        };
        if self.map.insert((key, t), claim).is_none() {
            self.level(ply - 1).push((key, t));
        }
    }
}

fn proven(c: &Claim) -> Entry {
    let s = c.score as i16;
    Entry {
        lower: if c.upper {
            -super::search::INF as i16
        } else {
            s
        },
        upper: if c.upper {
            s
        } else {
            super::search::INF as i16
        },
        mv: c.mv,
        depth: PROVEN,
        work: 1,
    }
}
