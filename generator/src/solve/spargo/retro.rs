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

use std::sync::atomic::{AtomicU8, Ordering};

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

/// Raises every margin to its exact value with one pass per threshold `t >= 2`,
/// until a threshold that no position reaches.
pub fn solve_margins(graph: &Graph, index: &SortedIndex, solution: &mut Solution) {
    let n = index.len();
    let phase = Phase::spinner("exact margins");
    for t in 2..=i8::MAX {
        let state: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(OPEN)).collect();
        let counter: Vec<AtomicU8> = graph.out_degree.iter().map(|&d| AtomicU8::new(d)).collect();
        let mut work: Vec<u32> = (0..n as u32)
            .into_par_iter()
            .filter(|&i| {
                if graph.out_degree[i as usize] != 0 {
                    return false;
                }
                let m = index.key(i).margin();
                let s = if m >= t {
                    IN_X
                } else if m <= -t {
                    IN_U
                } else {
                    return false;
                };
                state[i as usize].store(s, Ordering::Relaxed);
                true
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
                        // Only positions that reached the previous threshold can
                        // reach this one; the others' counters are never read,
                        // so they are not touched (the check is a plain read,
                        // the decrement an atomic write).
                        if child_u {
                            if solution.margin[pu] >= t - 1
                                && state[pu]
                                    .compare_exchange(
                                        OPEN,
                                        IN_X,
                                        Ordering::Relaxed,
                                        Ordering::Relaxed,
                                    )
                                    .is_ok()
                            {
                                next.push(p);
                            }
                        } else if solution.margin[pu] <= 1 - t
                            && counter[pu].fetch_sub(1, Ordering::Relaxed) == 1
                            && state[pu]
                                .compare_exchange(OPEN, IN_U, Ordering::Relaxed, Ordering::Relaxed)
                                .is_ok()
                        {
                            next.push(p);
                        }
                    }
                    next
                })
                .collect();
        }
        if reached == 0 {
            break;
        }
        solution
            .margin
            .par_iter_mut()
            .zip(state.par_iter())
            .for_each(|(m, s)| match s.load(Ordering::Relaxed) {
                IN_X => *m = t,
                IN_U => *m = -t,
                _ => {}
            });
        phase.message(&format!("margin {t}: {reached} positions"));
    }
    phase.finish("margins solved");
}
