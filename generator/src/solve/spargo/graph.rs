//! Enumerating every position reachable from the roots, and the graph of moves
//! between them, stored backwards (for each position, the positions that move to
//! it), as retrograde analysis needs.

use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::index::{KeySet, SortedIndex};
use super::key::{Key, Keyer};
use super::progress::Phase;
use cannonball_rules::margo::Position;

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

    /// Builds the backward graph of `index`: every position's children are
    /// generated once and kept as ranks (forward, in chunks of consecutive
    /// positions), then turned around into the parent lists.
    ///
    /// # Errors
    /// [`NotClosed`] when a child is missing from the index.
    pub fn build(
        keyer: &Keyer,
        template: &Position<1>,
        index: &SortedIndex,
    ) -> Result<Graph, NotClosed> {
        const CHUNK: usize = 1 << 16;
        let n = index.len();
        let in_count: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let phase = Phase::bar("generating moves", n as u64);
        // Per chunk: each position's number of children, and the children's ranks.
        let forward: Vec<(Vec<u8>, Vec<u32>)> = (0..n.div_ceil(CHUNK))
            .into_par_iter()
            .map(|c| -> Result<(Vec<u8>, Vec<u32>), NotClosed> {
                let range = c * CHUNK..((c + 1) * CHUNK).min(n);
                let mut degrees = Vec::with_capacity(range.len());
                let mut ranks = Vec::with_capacity(range.len() * 4);
                let mut kids = Vec::with_capacity(32);
                for i in range {
                    let key = index.key(i as u32);
                    children(keyer, template, key, &mut kids);
                    for &k in &kids {
                        let r = index.rank(Key(k)).ok_or(NotClosed(key.0))?;
                        in_count[r as usize].fetch_add(1, Ordering::Relaxed);
                        ranks.push(r);
                    }
                    degrees.push(kids.len() as u8);
                }
                phase.tick((c * CHUNK) as u32);
                ranks.shrink_to_fit();
                Ok((degrees, ranks))
            })
            .collect::<Result<_, _>>()?;
        phase.finish("moves generated");
        // Parent lists: offsets from the counts, then each move written at its
        // child's cursor. After the pass a child's cursor is its end offset.
        let phase = Phase::spinner("turning moves around");
        let mut offsets = Vec::with_capacity(n + 1);
        let mut sum = 0u32;
        offsets.push(0);
        for c in &in_count {
            sum += c.load(Ordering::Relaxed);
            offsets.push(sum);
        }
        let cursor = in_count;
        cursor
            .par_iter()
            .zip(offsets[..n].par_iter())
            .for_each(|(c, &o)| c.store(o, Ordering::Relaxed));
        let preds: Vec<AtomicU32> = (0..sum).map(|_| AtomicU32::new(0)).collect();
        forward
            .par_iter()
            .enumerate()
            .for_each(|(c, (degrees, ranks))| {
                let mut next = ranks.iter();
                for (j, &d) in degrees.iter().enumerate() {
                    let parent = (c * CHUNK + j) as u32;
                    for &r in next.by_ref().take(d as usize) {
                        let at = cursor[r as usize].fetch_add(1, Ordering::Relaxed);
                        preds[at as usize].store(parent, Ordering::Relaxed);
                    }
                }
            });
        drop(cursor);
        let out_degree = forward.into_iter().flat_map(|(d, _)| d).collect();
        phase.finish("moves turned around");
        let preds = preds.into_iter().map(AtomicU32::into_inner).collect();
        Ok(Graph {
            out_degree,
            offsets,
            preds,
        })
    }
}
