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

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::index::{EMPTY_SLOT, Full, KeySet};
use super::key::{Key, Keyer};
use super::progress::Phase;
use super::spill::{Block, MoveSpill};
use super::stretch::{Room, offset};
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
/// with its number of distinct children, and the moves themselves (in the
/// spill).
pub struct Enumeration {
    /// The positions.
    pub set: KeySet,
    /// Distinct children of each slot's position (0: the game is over, or an
    /// empty slot).
    pub out_degree: Vec<u8>,
    /// The moves, parent by parent.
    pub moves: MoveSpill,
    /// Number of moves.
    pub edges: u64,
}

/// The finished games among the slots of an enumeration (no moves), each
/// with its final margin.
#[must_use]
pub fn terminals(slots: &[u64], out_degree: &[u8]) -> Vec<(u32, i8)> {
    slots
        .par_iter()
        .enumerate()
        .filter(|&(i, &k)| k != EMPTY_SLOT && out_degree[i] == 0)
        .map(|(i, &k)| (i as u32, Key(k).margin()))
        .collect()
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

/// Positions of the frontier expanded together: enough that their children,
/// put in slot order, fall close together in the key set (see
/// [`KeySet::insert_all`]).
const CHUNK: usize = 1 << 16;

/// One piece of the frontier expanded: its children's slots, parent by
/// parent, and the slots of the positions seen for the first time.
struct Expanded {
    kid_slots: Vec<u32>,
    new: Vec<(u32, Key)>,
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
    let mut moves = MoveSpill::new()?;
    let mut frontier = Vec::new();
    for k in roots {
        match set.insert(*k) {
            Ok((slot, true)) => frontier.push((slot as u32, *k)),
            Ok((_, false)) => {}
            Err(Full) => return Ok(Err(Full)),
        }
    }
    let phase = Phase::spinner("enumerating positions and moves");
    let (mut depth, mut edges) = (0, 0u64);
    while !frontier.is_empty() {
        let found: Vec<Result<Expanded, Full>> = frontier
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut all = Vec::with_capacity(chunk.len() * 4);
                let mut kids = Vec::with_capacity(32);
                for &(parent, key) in chunk {
                    children(keyer, template, key, &mut kids);
                    all.extend_from_slice(&kids);
                    out_degree[parent as usize].store(kids.len() as u8, Ordering::Relaxed);
                }
                let (mut kid_slots, mut new) = (Vec::new(), Vec::new());
                set.insert_all(&all, &mut kid_slots, &mut new)?;
                Ok(Expanded { kid_slots, new })
            })
            .collect();
        let mut next = Vec::new();
        for (chunk, f) in frontier.chunks(CHUNK).zip(found) {
            let Ok(Expanded { kid_slots, new }) = f else {
                phase.finish("the key set filled up: starting again with a bigger one");
                return Ok(Err(Full));
            };
            let parents: Vec<u32> = chunk.iter().map(|&(slot, _)| slot).collect();
            moves.write(&parents, &kid_slots)?;
            edges += kid_slots.len() as u64;
            next.extend(new);
        }
        depth += 1;
        if set.len() > limit {
            phase.finish("too many positions");
            return Err(TooMany(limit).into());
        }
        phase.message(&format!("depth {depth}: {} positions", set.len()));
        // In slot order, each piece of the next level writes its positions'
        // numbers of moves to one stretch of `out_degree`, not all over it.
        next.par_sort_unstable_by_key(|&(slot, _)| slot);
        frontier = next;
    }
    phase.finish(&format!("{} positions, {depth} moves deep", set.len()));
    Ok(Ok(Enumeration {
        set,
        out_degree: out_degree.into_iter().map(AtomicU8::into_inner).collect(),
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

    /// Turns the enumerated moves around, in two reads of the moves: the first
    /// counts each child's parents, which gives where its parents go (after
    /// those of the children before it); the second writes each parent there.
    /// The slots are split into one range per thread, and each thread reads
    /// every move but writes only the children of its range, so no two
    /// threads write to the same place and nothing needs an atomic operation.
    /// Each thread takes its moves of a batch stretch by stretch of children
    /// ([`Room`]); within a child, parents keep the order read.
    ///
    /// # Errors
    /// [`TablebaseError::File`] when the moves cannot be read back;
    /// [`TablebaseError::TooMany`] when there are 2^32 moves or more.
    pub fn from_moves(
        out_degree: Vec<u8>,
        moves: MoveSpill,
        edges: u64,
    ) -> Result<Graph, TablebaseError> {
        Graph::turn_around(out_degree, moves, edges, STRETCH_BITS)
    }

    /// [`Graph::from_moves`] in stretches of `1 << stretch_bits` children.
    fn turn_around(
        out_degree: Vec<u8>,
        mut moves: MoveSpill,
        edges: u64,
        stretch_bits: u32,
    ) -> Result<Graph, TablebaseError> {
        if edges > u64::from(u32::MAX) {
            return Err(TooMany(u32::MAX as usize).into());
        }
        let n = out_degree.len();
        let part = n.div_ceil(rayon::current_num_threads().max(1)).max(1);
        let phase = Phase::bar("turning moves around", 2 * edges);
        let mut ends = vec![0u32; n];
        // Each thread's buffers, kept from one batch to the next.
        let mut rooms: Vec<Room<u32>> = (0..n.div_ceil(part)).map(|_| Room::default()).collect();
        moves.read_back(1 << 24, |batch: &[Block]| {
            ends.par_chunks_mut(part)
                .zip(rooms.par_iter_mut())
                .enumerate()
                .for_each(|(k, (count, room))| {
                    let (lo, len) = (k * part, count.len());
                    let kids = batch.iter().flat_map(|b| b.kids.iter().copied());
                    room.gather(kids, lo, len, stretch_bits);
                    for &i in &room.ordered {
                        count[i as usize] += 1;
                    }
                });
            phase.tick_by(batch.iter().map(|b| b.kids.len() as u64).sum());
        })?;
        // Each child's cursor starts where its parents begin; after the second
        // read it is where they end.
        let mut sum = 0u32;
        for c in &mut ends {
            let d = *c;
            *c = sum;
            sum += d;
        }
        let mut preds = vec![0u32; sum as usize];
        // Where each range's parents begin in `preds`.
        let bases: Vec<usize> = (0..n.div_ceil(part))
            .map(|k| ends[k * part] as usize)
            .collect();
        drop(rooms);
        let mut rooms: Vec<Room<(u32, u32)>> =
            (0..n.div_ceil(part)).map(|_| Room::default()).collect();
        moves.read_back(1 << 24, |batch: &[Block]| {
            let mut rest: &mut [u32] = &mut preds;
            let mut slices = Vec::with_capacity(bases.len());
            for (k, &base) in bases.iter().enumerate() {
                let upto = bases.get(k + 1).copied().unwrap_or(sum as usize);
                let (mine, tail) = std::mem::take(&mut rest).split_at_mut(upto - base);
                slices.push((base, mine));
                rest = tail;
            }
            ends.par_chunks_mut(part)
                .zip(slices)
                .zip(rooms.par_iter_mut())
                .enumerate()
                .for_each(|(k, ((cursor, (base, out)), room))| {
                    let (lo, len) = (k * part, cursor.len());
                    // (child's offset in the range, parent), in the order read.
                    let mine = &mut room.mine;
                    mine.clear();
                    for b in batch {
                        let mut next = b.kids.iter();
                        for &parent in &b.parents {
                            let d = out_degree[parent as usize] as usize;
                            mine.extend(
                                next.by_ref()
                                    .take(d)
                                    .filter_map(|&kid| offset(kid, lo, len))
                                    .map(|i| (i, parent)),
                            );
                        }
                    }
                    room.order(stretch_bits, |&(i, _)| i);
                    for &(i, parent) in &room.ordered {
                        let c = &mut cursor[i as usize];
                        out[*c as usize - base] = parent;
                        *c += 1;
                    }
                });
            phase.tick_by(batch.iter().map(|b| b.kids.len() as u64).sum());
        })?;
        phase.finish(&format!("{sum} moves turned around"));
        Ok(Graph {
            out_degree,
            ends,
            preds,
        })
    }
}

/// Slots in a stretch of children taken together (a quarter of a megabyte of
/// 32-bit counters).
const STRETCH_BITS: u32 = 16;

/// The empty 3x3 board under simple ko, without swap (for tests).
#[cfg(test)]
pub(super) fn empty_three_by_three() -> Position<1> {
    let mut rules = cannonball_rules::margo::Preset::Margo.rules();
    rules.size = 3;
    rules.swap = false;
    rules.ko = cannonball_rules::margo::Ko::Simple;
    Position::new(rules).unwrap()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_set_too_small_is_started_again_with_the_same_result() {
        let root = empty_three_by_three();
        let keyer = Keyer::for_geometry(root.geometry());
        let roots = [keyer.key(&root)];
        let small = enumerate(&keyer, &root, &roots, 16, usize::MAX).unwrap();
        let big = enumerate(&keyer, &root, &roots, 1 << 22, usize::MAX).unwrap();
        assert!(small.set.capacity() < big.set.capacity());
        let sorted = |e: &Enumeration| {
            let mut k = e.set.keys();
            k.sort_unstable();
            k
        };
        assert!(small.set.len() > 16 * 4, "the small set had to grow");
        assert_eq!(sorted(&small), sorted(&big));
        assert_eq!(small.edges, big.edges);
        // Too many positions for the limit is an error, not a loop.
        assert!(matches!(
            enumerate(&keyer, &root, &roots, 16, 100),
            Err(TablebaseError::TooMany(_))
        ));
    }

    #[test]
    fn every_move_is_turned_around() {
        // In one stretch of children and in stretches of 4 slots.
        for stretch_bits in [STRETCH_BITS, 2] {
            let root = empty_three_by_three();
            let keyer = Keyer::for_geometry(root.geometry());
            let found = enumerate(&keyer, &root, &[keyer.key(&root)], 1 << 12, usize::MAX).unwrap();
            let set = &found.set;
            // Forward, from the rules: every (child, parent) pair by slot.
            let mut forward = Vec::new();
            let mut kids = Vec::new();
            for slot in 0..set.capacity() {
                if let Some(k) = set.key_at(slot) {
                    children(&keyer, &root, k, &mut kids);
                    assert_eq!(kids.len(), found.out_degree[slot] as usize);
                    for &c in &kids {
                        forward.push((set.find(Key(c)).unwrap() as u32, slot as u32));
                    }
                }
            }
            let graph =
                Graph::turn_around(found.out_degree, found.moves, found.edges, stretch_bits)
                    .unwrap();
            let mut backward = Vec::new();
            for c in 0..graph.len() as u32 {
                backward.extend(graph.parents(c).iter().map(|&p| (c, p)));
            }
            forward.sort_unstable();
            backward.sort_unstable();
            assert_eq!(graph.edges(), forward.len());
            assert_eq!(backward, forward);
        }
    }
}
