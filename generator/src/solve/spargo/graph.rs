//! Enumerating every position reachable from the roots together with the moves
//! between them, then the graph of those moves stored backwards (for each
//! position, the positions that move to it), as retrograde analysis needs.
//!
//! Every position's moves are generated once: while the positions are
//! enumerated, breadth first, each one's children are looked up in (or added
//! to) the key set and the move is written down by slot. A position's number in
//! the graph is its slot in the key set, so nothing has to be looked up again;
//! slots left empty are simply never used. The moves go to a temporary file
//! (see [`super::spill`]) and are read back once to turn them around.

use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use rayon::prelude::*;

use super::index::{Full, KeySet};
use super::key::{Key, Keyer};
use super::progress::Phase;
use super::spill::{Block, MoveSpill};
use super::tablebase::TablebaseError;
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

/// Every position reachable from the roots, each in its slot of the key set,
/// with its number of distinct children, how many positions move to it, and
/// the moves themselves (in the spill).
pub struct Enumeration {
    /// The positions.
    pub set: KeySet,
    /// Distinct children of each slot's position (0: the game is over, or an
    /// empty slot).
    pub out_degree: Vec<u8>,
    /// Positions moving to each slot's position.
    pub in_degree: Vec<AtomicU32>,
    /// The moves, parent by parent.
    pub moves: MoveSpill,
    /// Number of moves.
    pub edges: u64,
}

/// Every position reachable from `roots` and the moves between them, many
/// threads at once; at most `limit` positions. The key set starts with room for
/// `expected` positions and is made twice as big (and the work started again)
/// whenever that is too little.
///
/// # Errors
/// [`TablebaseError::TooMany`] when more than `limit` are reachable;
/// [`TablebaseError::File`] when the temporary file fails.
pub fn enumerate(
    keyer: &Keyer,
    template: &Position<1>,
    roots: &[Key],
    expected: usize,
    limit: usize,
) -> Result<Enumeration, TablebaseError> {
    let mut slots = expected.saturating_add(expected / 3);
    loop {
        match try_enumerate(keyer, template, roots, slots, limit)? {
            Ok(e) => return Ok(e),
            Err(Full) => {
                if slots / 10 * 9 > limit {
                    return Err(TooMany(limit).into());
                }
                slots = slots.saturating_mul(2);
            }
        }
    }
}

/// One piece of the frontier expanded: its children's slots, parent by
/// parent, and the slots of the positions seen for the first time.
struct Expanded {
    kid_slots: Vec<u32>,
    new: Vec<u32>,
}

/// One attempt of [`enumerate`] with `slots` slots.
fn try_enumerate(
    keyer: &Keyer,
    template: &Position<1>,
    roots: &[Key],
    slots: usize,
    limit: usize,
) -> Result<Result<Enumeration, Full>, TablebaseError> {
    let set = KeySet::with_slots(slots);
    let n = set.capacity();
    let out_degree: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(0)).collect();
    let in_degree: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
    let mut moves = MoveSpill::new()?;
    let mut frontier = Vec::new();
    for k in roots {
        match set.insert(*k) {
            Ok((slot, true)) => frontier.push(slot as u32),
            Ok((_, false)) => {}
            Err(Full) => return Ok(Err(Full)),
        }
    }
    let phase = Phase::spinner("enumerating positions and moves");
    let (mut depth, mut edges) = (0, 0u64);
    while !frontier.is_empty() {
        let found: Vec<Result<Expanded, Full>> = frontier
            .par_chunks(512)
            .map(|chunk| {
                let mut kid_slots = Vec::with_capacity(chunk.len() * 4);
                let mut new = Vec::new();
                let mut kids = Vec::with_capacity(32);
                for &parent in chunk {
                    let key = set.key_at(parent as usize).unwrap_or(Key(0));
                    children(keyer, template, key, &mut kids);
                    for &c in &kids {
                        let (slot, is_new) = set.insert(Key(c))?;
                        in_degree[slot].fetch_add(1, Ordering::Relaxed);
                        kid_slots.push(slot as u32);
                        if is_new {
                            new.push(slot as u32);
                        }
                    }
                    out_degree[parent as usize].store(kids.len() as u8, Ordering::Relaxed);
                }
                Ok(Expanded { kid_slots, new })
            })
            .collect();
        let mut next = Vec::new();
        for (chunk, f) in frontier.chunks(512).zip(found) {
            let Ok(Expanded { kid_slots, new }) = f else {
                phase.finish("the key set filled up: starting again with a bigger one");
                return Ok(Err(Full));
            };
            moves.write(chunk, &kid_slots)?;
            edges += kid_slots.len() as u64;
            next.extend(new);
        }
        depth += 1;
        if set.len() > limit {
            phase.finish("too many positions");
            return Err(TooMany(limit).into());
        }
        phase.message(&format!("depth {depth}: {} positions", set.len()));
        frontier = next;
    }
    phase.finish(&format!("{} positions, {depth} moves deep", set.len()));
    Ok(Ok(Enumeration {
        set,
        out_degree: out_degree.into_iter().map(AtomicU8::into_inner).collect(),
        in_degree,
        moves,
        edges,
    }))
}

/// Moves between positions, backwards. Positions are numbered by their slot in
/// the key set they were enumerated into.
#[derive(Debug)]
pub struct Graph {
    /// Number of distinct children of each position (0: the game is over).
    pub out_degree: Vec<u8>,
    /// `preds[ends[i-1]..ends[i]]` (from 0 for the first) are the positions
    /// that move to `i`.
    ends: Vec<u32>,
    /// Parents, grouped by child.
    preds: Vec<u32>,
}

impl Graph {
    /// The parents of position `i`.
    #[inline]
    #[must_use]
    pub fn parents(&self, i: u32) -> &[u32] {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.preds[start..self.ends[i] as usize]
    }

    /// Number of positions (slots, including unused ones).
    #[must_use]
    pub fn len(&self) -> usize {
        self.out_degree.len()
    }

    /// Whether there are no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.out_degree.is_empty()
    }

    /// Number of moves stored.
    #[must_use]
    pub fn edges(&self) -> usize {
        self.preds.len()
    }

    /// Turns the enumerated moves around: each child's parents are written at
    /// the child's cursor, which starts at the sum of the in-degrees before it
    /// and after the pass is where the next child's parents begin.
    ///
    /// # Errors
    /// [`TablebaseError::File`] when the moves cannot be read back;
    /// [`TablebaseError::TooMany`] when there are 2^32 moves or more.
    pub fn from_moves(
        out_degree: Vec<u8>,
        in_degree: Vec<AtomicU32>,
        moves: MoveSpill,
        edges: u64,
    ) -> Result<Graph, TablebaseError> {
        if edges > u64::from(u32::MAX) {
            return Err(TooMany(u32::MAX as usize).into());
        }
        let phase = Phase::bar("turning moves around", edges);
        let mut cursor = in_degree;
        let mut sum = 0u32;
        for c in &mut cursor {
            let d = *c.get_mut();
            *c.get_mut() = sum;
            sum += d;
        }
        let preds: Vec<AtomicU32> = (0..sum).map(|_| AtomicU32::new(0)).collect();
        let mut done = 0u64;
        moves.read_back(1 << 24, |batch: &[Block]| {
            batch.par_iter().for_each(|b| {
                let mut next = b.kids.iter();
                for &parent in &b.parents {
                    let d = out_degree[parent as usize] as usize;
                    for &kid in next.by_ref().take(d) {
                        let at = cursor[kid as usize].fetch_add(1, Ordering::Relaxed);
                        preds[at as usize].store(parent, Ordering::Relaxed);
                    }
                }
            });
            let here: u64 = batch.iter().map(|b| b.kids.len() as u64).sum();
            done += here;
            phase.tick_by(here);
        })?;
        phase.finish(&format!("{done} moves turned around"));
        Ok(Graph {
            out_degree,
            ends: cursor.into_iter().map(AtomicU32::into_inner).collect(),
            preds: preds.into_iter().map(AtomicU32::into_inner).collect(),
        })
    }
}
