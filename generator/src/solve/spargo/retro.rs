//! Retrograde analysis: values from the ends of the game backwards.
//!
//! A position's value is the final margin (the mover's pieces minus the
//! opponent's when the game ends) that the player to move can force, both sides
//! maximising their own margin; play that can go on for ever counts as a draw
//! with margin 0. For each threshold `t >= 1` two sets are computed together:
//! `X_t`, where the mover can force a margin of at least `t`, and `U_t`, where
//! the opponent can force the mover's margin down to `-t` or less. A position is
//! in `X_t` when one of its moves leads into `U_t`, and in `U_t` when the game is
//! over with margin `<= -t` or every move leads into `X_t`; both are the least
//! sets closed under these rules, found by counting from the ends. The value is
//! `t` for the largest `t` with the position in `X_t`, `-t` likewise with `U_t`,
//! and 0 otherwise. Threshold 1 is win/loss/draw; its pass also measures the
//! distance to the end (the winner hurrying, the loser delaying).

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::graph::Graph;
use super::progress::Phase;

/// Distance value meaning "no end is forced" (draws).
pub const NO_DISTANCE: u8 = u8::MAX;

const OPEN: u32 = 0;
const IN_X: u32 = 1;
const IN_U: u32 = 2;

/// Everything a pass knows of one position, in one word, so that following a
/// move touches one place in memory: the number of children not yet known to
/// be in `X` (bits 0–7), the state (bits 8–9) and the distance or value found
/// (bits 16–23).
#[derive(Clone, Copy)]
struct Word(u32);

impl Word {
    fn fresh(out_degree: u8) -> Word {
        Word(u32::from(out_degree))
    }

    fn decided(state: u32, value: u8) -> Word {
        Word(state << 8 | u32::from(value) << 16)
    }

    fn state(self) -> u32 {
        self.0 >> 8 & 3
    }

    fn count(self) -> u32 {
        self.0 & 0xFF
    }

    fn value(self) -> u8 {
        (self.0 >> 16) as u8
    }
}

/// The positions' words, one per position of the graph.
struct Words(Vec<AtomicU32>);

impl Words {
    fn new(graph: &Graph) -> Words {
        Words(
            graph
                .out_degree
                .par_iter()
                .map(|&d| AtomicU32::new(Word::fresh(d).0))
                .collect(),
        )
    }

    fn get(&self, i: u32) -> Word {
        Word(self.0[i as usize].load(Ordering::Relaxed))
    }

    fn set(&self, i: u32, w: Word) {
        self.0[i as usize].store(w.0, Ordering::Relaxed);
    }

    /// Puts the open position `i` into `X` with `value`; whether it was open.
    fn enter_x(&self, i: u32, value: u8) -> bool {
        let slot = &self.0[i as usize];
        let mut w = Word(slot.load(Ordering::Relaxed));
        while w.state() == OPEN {
            let new = Word::decided(IN_X, value);
            match slot.compare_exchange_weak(w.0, new.0, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => w = Word(now),
            }
        }
        false
    }

    /// One more child of the open position `i` is in `X`; when that was the
    /// last, `i` goes into `U` with `value` (and the call says so).
    fn child_in_x(&self, i: u32, value: u8) -> bool {
        let slot = &self.0[i as usize];
        let mut w = Word(slot.load(Ordering::Relaxed));
        while w.state() == OPEN {
            let last = w.count() == 1;
            let new = if last {
                Word::decided(IN_U, value)
            } else {
                Word(w.0 - 1)
            };
            match slot.compare_exchange_weak(w.0, new.0, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return last,
                Err(now) => w = Word(now),
            }
        }
        false
    }

    /// Follows every move into the positions of `layer` backwards; returns the
    /// positions decided by it.
    fn step(&self, graph: &Graph, layer: &[u32], x_value: u8, u_value: u8) -> Vec<u32> {
        layer
            .par_iter()
            .flat_map_iter(|&c| {
                let child_u = self.get(c).state() == IN_U;
                let mut next = Vec::new();
                for &p in graph.parents(c) {
                    let decided = if child_u {
                        self.enter_x(p, x_value)
                    } else {
                        self.child_in_x(p, u_value)
                    };
                    if decided {
                        next.push(p);
                    }
                }
                next
            })
            .collect()
    }
}

/// Values of every position of a graph.
#[derive(Debug, Clone)]
pub struct Solution {
    /// Exact final margin from the mover's point of view.
    pub margin: Vec<i8>,
    /// Moves to the end under win/loss play, [`NO_DISTANCE`] for draws.
    pub distance: Vec<u8>,
}

/// Win/loss/draw with distances: the threshold-1 pass. `terminals` are the
/// finished games with their margins.
#[must_use]
pub fn solve_win_loss(graph: &Graph, terminals: &[(u32, i8)]) -> Solution {
    let words = Words::new(graph);
    let phase = Phase::spinner("win/loss/draw");
    let mut layer: Vec<u32> = terminals
        .par_iter()
        .filter_map(|&(i, m)| {
            let s = match m.signum() {
                1 => IN_X,
                -1 => IN_U,
                _ => return None,
            };
            words.set(i, Word::decided(s, 0));
            Some(i)
        })
        .collect();
    let mut depth: u8 = 0;
    while !layer.is_empty() {
        let d = depth.saturating_add(1).min(NO_DISTANCE - 1);
        layer = words.step(graph, &layer, d, d);
        depth = d;
        phase.message(&format!("{depth} moves from the end"));
    }
    phase.finish("win/loss/draw solved");
    let (margin, distance) = words
        .0
        .into_par_iter()
        .map(|w| {
            let w = Word(w.into_inner());
            match w.state() {
                IN_X => (1, w.value()),
                IN_U => (-1, w.value()),
                _ => (0, NO_DISTANCE),
            }
        })
        .unzip();
    Solution { margin, distance }
}

/// Sets every margin to its exact value in one sweep over the thresholds from
/// the largest down.
///
/// The rules that build `X_t` and `U_t` are the same for every threshold; only
/// the seeds (finished games with margin `>= t` or `<= -t`) differ, and they
/// grow as `t` falls. So the sets for `t` are the closure of the sets for
/// `t + 1` with the new seeds added: propagation continues where it stopped,
/// move counters are never reset, and each move is followed at most once into
/// `X` and once into `U` over the whole sweep (about two passes over the
/// graph, instead of one pass per threshold). A position first reached at
/// threshold `t` has the value `t` (in `X`) or `-t` (in `U`); positions never
/// reached are draws.
pub fn solve_margins(graph: &Graph, terminals: &[(u32, i8)], solution: &mut Solution) {
    let phase = Phase::spinner("exact margins");
    let words = Words::new(graph);
    let top = terminals
        .iter()
        .map(|&(_, m)| m.unsigned_abs())
        .max()
        .unwrap_or(0);
    for t in (1..=top).rev() {
        let t = t as i8;
        let mut work: Vec<u32> = terminals
            .par_iter()
            .filter(|&&(_, m)| m.unsigned_abs() == t.unsigned_abs())
            .map(|&(i, m)| {
                words.set(i, Word::decided(if m > 0 { IN_X } else { IN_U }, m as u8));
                i
            })
            .collect();
        let mut reached = 0usize;
        while !work.is_empty() {
            reached += work.len();
            work = words.step(graph, &work, t as u8, (-t) as u8);
        }
        phase.message(&format!("margin {t}: {reached} positions reached"));
    }
    solution.margin = words
        .0
        .into_par_iter()
        .map(|w| {
            let w = Word(w.into_inner());
            if w.state() == OPEN {
                0
            } else {
                w.value() as i8
            }
        })
        .collect();
    phase.finish("margins solved");
}
