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

use std::sync::atomic::{AtomicI8, AtomicU8, Ordering};

use rayon::prelude::*;

use super::graph::Graph;
use super::index::SortedIndex;
use super::progress::Phase;

/// Distance value meaning "no end is forced" (draws).
pub const NO_DISTANCE: u8 = u8::MAX;

const OPEN: u8 = 0;
const IN_X: u8 = 1;
const IN_U: u8 = 2;

/// Values of every position of an index.
#[derive(Debug, Clone)]
pub struct Solution {
    /// Exact final margin from the mover's point of view.
    pub margin: Vec<i8>,
    /// Moves to the end under win/loss play, [`NO_DISTANCE`] for draws.
    pub distance: Vec<u8>,
}

/// Win/loss/draw with distances: the threshold-1 pass.
#[must_use]
pub fn solve_win_loss(graph: &Graph, index: &SortedIndex) -> Solution {
    let n = index.len();
    let state: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(OPEN)).collect();
    let counter: Vec<AtomicU8> = graph.out_degree.iter().map(|&d| AtomicU8::new(d)).collect();
    let distance: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(NO_DISTANCE)).collect();
    let phase = Phase::spinner("win/loss/draw");
    let mut layer: Vec<u32> = (0..n as u32)
        .into_par_iter()
        .filter(|&i| {
            if graph.out_degree[i as usize] != 0 {
                return false;
            }
            let m = index.key(i).margin();
            let s = match m.signum() {
                1 => IN_X,
                -1 => IN_U,
                _ => return false,
            };
            state[i as usize].store(s, Ordering::Relaxed);
            distance[i as usize].store(0, Ordering::Relaxed);
            true
        })
        .collect();
    let mut depth: u8 = 0;
    while !layer.is_empty() {
        let d = depth.saturating_add(1).min(NO_DISTANCE - 1);
        layer = layer
            .par_iter()
            .flat_map_iter(|&c| {
                let child_lost = state[c as usize].load(Ordering::Relaxed) == IN_U;
                let mut next = Vec::new();
                for &p in graph.parents(c) {
                    let pu = p as usize;
                    if child_lost {
                        if state[pu]
                            .compare_exchange(OPEN, IN_X, Ordering::Relaxed, Ordering::Relaxed)
                            .is_ok()
                        {
                            distance[pu].store(d, Ordering::Relaxed);
                            next.push(p);
                        }
                    } else if counter[pu].fetch_sub(1, Ordering::Relaxed) == 1
                        && state[pu]
                            .compare_exchange(OPEN, IN_U, Ordering::Relaxed, Ordering::Relaxed)
                            .is_ok()
                    {
                        distance[pu].store(d, Ordering::Relaxed);
                        next.push(p);
                    }
                }
                next
            })
            .collect();
        depth = d;
        phase.message(&format!("{depth} moves from the end"));
    }
    phase.finish("win/loss/draw solved");
    Solution {
        margin: state
            .into_iter()
            .map(|s| match s.into_inner() {
                IN_X => 1,
                IN_U => -1,
                _ => 0,
            })
            .collect(),
        distance: distance.into_iter().map(AtomicU8::into_inner).collect(),
    }
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
pub fn solve_margins(graph: &Graph, index: &SortedIndex, solution: &mut Solution) {
    let n = index.len();
    let phase = Phase::spinner("exact margins");
    let state: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(OPEN)).collect();
    let counter: Vec<AtomicU8> = graph.out_degree.iter().map(|&d| AtomicU8::new(d)).collect();
    let value: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(0)).collect();
    // Finished games, by the threshold at which they become seeds.
    let terminal: Vec<(u32, i8)> = (0..n as u32)
        .into_par_iter()
        .filter(|&i| graph.out_degree[i as usize] == 0)
        .map(|i| (i, index.key(i).margin()))
        .filter(|&(_, m)| m != 0)
        .collect();
    let top = terminal
        .iter()
        .map(|&(_, m)| m.unsigned_abs())
        .max()
        .unwrap_or(0);
    for t in (1..=top).rev() {
        let t = t as i8;
        let mut work: Vec<u32> = terminal
            .par_iter()
            .filter(|&&(_, m)| m.unsigned_abs() == t.unsigned_abs())
            .map(|&(i, m)| {
                state[i as usize].store(if m > 0 { IN_X } else { IN_U }, Ordering::Relaxed);
                value[i as usize].store(m, Ordering::Relaxed);
                i
            })
            .collect();
        let mut reached = 0usize;
        while !work.is_empty() {
            reached += work.len();
            work = work
                .par_iter()
                .flat_map_iter(|&c| {
                    let child_u = state[c as usize].load(Ordering::Relaxed) == IN_U;
                    let mut next = Vec::new();
                    for &p in graph.parents(c) {
                        let pu = p as usize;
                        if child_u {
                            if state[pu]
                                .compare_exchange(OPEN, IN_X, Ordering::Relaxed, Ordering::Relaxed)
                                .is_ok()
                            {
                                value[pu].store(t, Ordering::Relaxed);
                                next.push(p);
                            }
                        } else if state[pu].load(Ordering::Relaxed) == OPEN
                            && counter[pu].fetch_sub(1, Ordering::Relaxed) == 1
                            && state[pu]
                                .compare_exchange(OPEN, IN_U, Ordering::Relaxed, Ordering::Relaxed)
                                .is_ok()
                        {
                            value[pu].store(-t, Ordering::Relaxed);
                            next.push(p);
                        }
                    }
                    next
                })
                .collect();
        }
        phase.message(&format!("margin {t}: {reached} positions reached"));
    }
    solution.margin = value.into_iter().map(AtomicI8::into_inner).collect();
    phase.finish("margins solved");
}
