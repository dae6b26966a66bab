//! The transposition table: proven results of positions at turn boundaries.
//!
//! Keys hold everything that decides the future of a search: the board, the side
//! to move, the phase, the standings (the objective counts them), and what the
//! variations in play depend on. Lookups compare the whole key, so a hash
//! collision can never give a wrong answer.
//!
//! Results are monotone in the turns left: what is reached within n turns is
//! reached within more, and what fails within n fails within fewer. An entry keeps
//! the fewest turns proven enough and the most proven too few.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use cannonball_rules::margrites::setup::Tally;
use cannonball_rules::margrites::{ByColor, Color, Phase, Position, SquareSet};
use cannonball_rules::rng::splitmix64;

use super::search::Value;

/// Entries kept before the table is emptied and refilled.
const CAPACITY: usize = 1 << 20;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Key {
    hash: u64,
    pieces: ByColor<SquareSet>,
    standings: ByColor<Tally>,
    exits: ByColor<[u8; 9]>,
    to_move: Color,
    phase: Phase,
    /// The unchanged-turn count (dancing limit) and the first-turn flag (handicap).
    extra: u8,
}

impl Key {
    pub(crate) fn of(pos: &Position) -> Key {
        let o = pos.options();
        let standings = pos.standings();
        let mut h = pos.hash();
        for (tag, t) in [(1u64, standings.black), (2, standings.white)] {
            let mut s = h ^ (tag << 32 | u64::from(t.points) << 8 | u64::from(t.captures));
            h = splitmix64(&mut s);
        }
        let exits = if o.returning_scored {
            ByColor::new_with(|c| pos.exits(c))
        } else {
            ByColor::default()
        };
        let extra = u8::from(o.black_handicap && pos.turn() == 1) << 4
            | if o.dancing_limit {
                pos.unchanged_turns()
            } else {
                0
            };
        Key {
            hash: h,
            pieces: pos.board(),
            standings,
            exits,
            to_move: pos.to_move(),
            phase: pos.phase(),
            extra,
        }
    }
}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Passes a key's own 64-bit hash through.
#[derive(Default)]
pub(crate) struct PassThrough(u64);

impl Hasher for PassThrough {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    /// Fewest turns left proven enough.
    yes_from: Option<u8>,
    /// Most turns left proven too few.
    no_upto: Option<u8>,
}

/// A table of proven results.
#[derive(Default)]
pub(crate) struct Table {
    map: HashMap<Key, Entry, BuildHasherDefault<PassThrough>>,
}

impl Table {
    /// The proven result with `left` turns left, if known.
    pub(crate) fn probe(&self, key: &Key, left: u8) -> Option<Value> {
        let e = self.map.get(key)?;
        if e.yes_from.is_some_and(|y| y <= left) {
            return Some(Value::Yes);
        }
        if e.no_upto.is_some_and(|n| left <= n) {
            return Some(Value::No);
        }
        None
    }

    /// Records a proven result (an unknown one is not recorded).
    pub(crate) fn store(&mut self, key: Key, left: u8, value: Value) {
        if self.map.len() >= CAPACITY {
            self.map.clear();
        }
        let e = self.map.entry(key).or_default();
        match value {
            Value::Yes => e.yes_from = Some(e.yes_from.map_or(left, |y| y.min(left))),
            Value::No => e.no_upto = Some(e.no_upto.map_or(left, |n| n.max(left))),
            Value::Unknown => {}
        }
    }
}
