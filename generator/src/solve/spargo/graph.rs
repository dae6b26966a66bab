//! Enumerating every position reachable from the roots, and the graph of moves
//! between them, stored backwards (for each position, the positions that move to
//! it), as retrograde analysis needs.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::index::{KeySet, SortedIndex};
use super::key::{Key, Keyer};
use super::progress::Phase;
use crate::margo::Position;

/// The canonical keys of the children of the position `k`, each once.
fn children(keyer: &Keyer, template: &Position<1>, k: Key, out: &mut Vec<u64>) {
    out.clear();
    let pos = k.position_like(template);
    pos.for_each_child(|_, child| out.push(keyer.key(&child).0));
    out.sort_unstable();
    out.dedup();
}

/// More positions are reachable than the build allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("more than {0} positions are reachable")]
pub struct TooMany(pub usize);

/// Every position reachable from `roots`, breadth first, many threads at once;
/// at most `limit` of them.
///
/// # Errors
/// [`TooMany`] when more than `limit` are reachable.
pub fn enumerate(
    keyer: &Keyer,
    template: &Position<1>,
    roots: &[Key],
    expected: usize,
    limit: usize,
) -> Result<KeySet, TooMany> {
    let mut set = KeySet::with_capacity(expected);
    let mut frontier: Vec<u64> = roots
        .iter()
        .filter(|k| set.insert(**k).1)
        .map(|k| k.0)
        .collect();
    let phase = Phase::spinner("enumerating positions");
    let mut depth = 0;
    while !frontier.is_empty() {
        let found: Vec<u64> = frontier
            .par_chunks(512)
            .flat_map_iter(|chunk| {
                let mut new = Vec::new();
                let mut kids = Vec::with_capacity(32);
                for &k in chunk {
                    children(keyer, template, Key(k), &mut kids);
                    for &c in &kids {
                        if set.insert(Key(c)).1 {
                            new.push(c);
                        }
                    }
                }
                new
            })
            .collect();
        depth += 1;
        if set.len() > limit {
            phase.finish("too many positions");
            return Err(TooMany(limit));
        }
        set.grow_if_needed();
        phase.message(&format!("depth {depth}: {} positions", set.len()));
        frontier = found;
    }
    phase.finish(&format!("{} positions, {depth} moves deep", set.len()));
    Ok(set)
}

/// Moves between the positions of an index, backwards.
#[derive(Debug)]
pub struct Graph {
    /// Number of distinct children of each position (0: the game is over).
    pub out_degree: Vec<u8>,
    /// `preds[offsets[i]..offsets[i+1]]` are the positions that move to `i`.
    pub offsets: Vec<u32>,
    /// Parents, grouped by child.
    pub preds: Vec<u32>,
}

/// A child missing from the index: the index is not closed under moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position {0:#x} has a child that is not in the index")]
pub struct NotClosed(pub u64);

impl Graph {
    /// The parents of position `i`.
    #[inline]
    #[must_use]
    pub fn parents(&self, i: u32) -> &[u32] {
        &self.preds[self.offsets[i as usize] as usize..self.offsets[i as usize + 1] as usize]
    }

    /// Number of moves stored.
    #[must_use]
    pub fn edges(&self) -> usize {
        self.preds.len()
    }

    /// Builds the backward graph of `index`, generating every position's children
    /// twice (once to count, once to store) rather than keeping them.
    ///
    /// # Errors
    /// [`NotClosed`] when a child is missing from the index.
    pub fn build(
        keyer: &Keyer,
        template: &Position<1>,
        index: &SortedIndex,
    ) -> Result<Graph, NotClosed> {
        let n = index.len();
        let in_count: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let phase = Phase::bar("counting moves", n as u64);
        let out_degree: Vec<u8> = (0..n as u32)
            .into_par_iter()
            .map_init(
                || Vec::with_capacity(32),
                |kids, i| -> Result<u8, NotClosed> {
                    children(keyer, template, index.key(i), kids);
                    for &c in kids.iter() {
                        let r = index.rank(Key(c)).ok_or(NotClosed(index.key(i).0))?;
                        in_count[r as usize].fetch_add(1, Ordering::Relaxed);
                    }
                    phase.tick(i);
                    Ok(kids.len() as u8)
                },
            )
            .collect::<Result<_, _>>()?;
        phase.finish("moves counted");
        let mut offsets = Vec::with_capacity(n + 1);
        let mut sum = 0u32;
        offsets.push(0);
        for c in &in_count {
            sum += c.load(Ordering::Relaxed);
            offsets.push(sum);
        }
        let cursor: Vec<AtomicU32> = offsets[..n].iter().map(|&o| AtomicU32::new(o)).collect();
        drop(in_count);
        let preds: Vec<AtomicU32> = (0..sum).map(|_| AtomicU32::new(0)).collect();
        let phase = Phase::bar("storing moves", n as u64);
        (0..n as u32).into_par_iter().for_each_init(
            || Vec::with_capacity(32),
            |kids, i| {
                children(keyer, template, index.key(i), kids);
                for &c in kids.iter() {
                    if let Some(r) = index.rank(Key(c)) {
                        let at = cursor[r as usize].fetch_add(1, Ordering::Relaxed);
                        preds[at as usize].store(i, Ordering::Relaxed);
                    }
                }
                phase.tick(i);
            },
        );
        phase.finish("moves stored");
        let preds = preds.into_iter().map(AtomicU32::into_inner).collect();
        Ok(Graph {
            out_degree,
            offsets,
            preds,
        })
    }
}
