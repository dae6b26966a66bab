//! Turn generation: every legal turn from a position, as step sequences (every
//! order the steps can be made in) and as distinct turns (sequences reaching the
//! same board, standings and phase are one turn for search).
//!
//! Full movement shapes the tree: a turn ends early only where no legal step is
//! left, and a game that ends mid-turn ends the turn there.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::ops::ControlFlow;

use super::position::{Phase, Position};
use super::setup::Tally;
use super::square::{ByColor, FILES};
use super::squareset::SquareSet;
use super::step::Step;
use crate::rng::splitmix64;

/// One distinct turn: a representative step sequence (the first in generation
/// order) and the position after it, with the turn ended (or the game over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistinctTurn {
    /// The steps, in order (empty for a forfeit).
    pub steps: Vec<Step>,
    /// The position once the turn is over.
    pub after: Position,
}

/// What makes two finished turns the same for search.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct OutcomeKey {
    pieces: ByColor<SquareSet>,
    standings: ByColor<Tally>,
    exits: ByColor<[u8; FILES as usize]>,
    phase: Phase,
}

/// What makes two half-made turns have the same futures: the outcome so far plus
/// the steps made and where each stepped piece began (stalling).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct NodeKey {
    outcome: OutcomeKey,
    steps: u8,
    returnable: [u8; FILES as usize],
    moved: [(u8, u8); 4],
}

fn outcome_key(p: &Position) -> OutcomeKey {
    OutcomeKey {
        pieces: p.pieces,
        standings: p.standings,
        exits: p.exits,
        phase: p.phase,
    }
}

pub(crate) fn node_key(p: &Position) -> NodeKey {
    let mut moved = [(u8::MAX, u8::MAX); 4];
    for (slot, m) in moved.iter_mut().zip(p.moved()) {
        *slot = (m.now, m.start.map_or(u8::MAX, |s| s.index() as u8));
    }
    moved.sort_unstable();
    NodeKey {
        outcome: outcome_key(p),
        steps: p.steps,
        returnable: p.returnable,
        moved,
    }
}

pub(crate) fn finish(mut p: Position) -> Position {
    if !p.is_over() {
        p.end_turn_unchecked();
    }
    p
}

/// Every legal way to complete the current turn, as step sequences in generation
/// order. A turn with no legal first step gives one empty sequence (a forfeit). The
/// count grows fast (tens of thousands to millions): prefer [`count_sequences`] or
/// [`distinct_turns`] in search.
#[must_use]
pub fn sequences(pos: &Position) -> Vec<Vec<Step>> {
    fn walk(p: &Position, path: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
        let steps = p.legal_steps();
        if steps.is_empty() {
            out.push(path.clone());
            return;
        }
        for step in steps {
            let mut child = *p;
            child.play_step_unchecked(step);
            path.push(step);
            walk(&child, path, out);
            path.pop();
        }
    }
    let mut out = Vec::new();
    if !pos.is_over() {
        walk(pos, &mut Vec::new(), &mut out);
    }
    out
}

/// The number of legal step sequences completing the current turn (what
/// `sequences(pos).len()` would be), counted with transpositions merged.
#[must_use]
pub fn count_sequences(pos: &Position) -> u64 {
    fn walk(p: &Position, memo: &mut HashMap<NodeKey, u64>) -> u64 {
        let key = node_key(p);
        if let Some(&n) = memo.get(&key) {
            return n;
        }
        let steps = p.legal_steps();
        let n = if steps.is_empty() {
            1
        } else {
            steps
                .iter()
                .map(|&s| {
                    let mut child = *p;
                    child.play_step_unchecked(s);
                    walk(&child, memo)
                })
                .sum()
        };
        memo.insert(key, n);
        n
    }
    if pos.is_over() {
        0
    } else {
        walk(pos, &mut HashMap::new())
    }
}

/// What [`walk_distinct_turns`] asks of its caller: whether to skip the turns
/// through a half-made turn, and what to do with each distinct finished turn.
pub trait TurnVisitor {
    /// Called at each position reached inside the turn (the start and the
    /// finished turn included; a position reached by two paths may be asked
    /// twice, so the answer must depend on the position only) before its steps
    /// are tried; `true` skips every turn through it. Search passes admissible
    /// bounds here. The default skips nothing.
    fn prune(&mut self, partial: &Position) -> bool {
        let _ = partial;
        false
    }

    /// Called once per distinct finished turn, in generation order, with its first
    /// step sequence and the position after it (turn ended, or game over).
    /// `Break` stops the walk.
    fn visit(&mut self, steps: &[Step], after: &Position) -> ControlFlow<()>;
}

/// A small, fast hasher for the walk's seen-sets (keys are boards and counters,
/// not attacker-controlled).
#[derive(Default)]
struct FoldHasher(u64);

impl FoldHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(23) ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

impl Hasher for FoldHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }
    fn write_u16(&mut self, n: u16) {
        self.add(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }
    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }
    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
    fn finish(&self) -> u64 {
        let mut s = self.0;
        splitmix64(&mut s)
    }
}

type FastSet<K> = HashSet<K, BuildHasherDefault<FoldHasher>>;

/// Walks the distinct turns from the current position in generation order,
/// skipping what `visitor` prunes and stopping when it breaks. Two half-made turns
/// with the same futures are explored once, and finished turns reaching the same
/// board, standings and phase are visited once (the first sequence stands for
/// them). A turn with no legal first step is visited as one empty sequence (a
/// forfeit); a position whose game is over has no turns.
pub fn walk_distinct_turns(pos: &Position, visitor: &mut impl TurnVisitor) -> ControlFlow<()> {
    struct Walk {
        seen_nodes: FastSet<NodeKey>,
        seen_outcomes: FastSet<OutcomeKey>,
        path: Vec<Step>,
        buffers: Vec<Vec<Step>>,
    }
    fn walk(p: &Position, w: &mut Walk, v: &mut impl TurnVisitor) -> ControlFlow<()> {
        // The bound first: most positions a search prunes never need a key.
        if v.prune(p) || !w.seen_nodes.insert(node_key(p)) {
            return ControlFlow::Continue(());
        }
        let depth = w.path.len();
        if w.buffers.len() <= depth {
            w.buffers.push(Vec::new());
        }
        let mut steps = std::mem::take(&mut w.buffers[depth]);
        steps.clear();
        let _ = p.for_each_legal_step(|s| {
            steps.push(s);
            ControlFlow::Continue(())
        });
        let mut flow = ControlFlow::Continue(());
        if steps.is_empty() {
            if w.seen_outcomes.insert(outcome_key(p)) {
                flow = v.visit(&w.path, &finish(*p));
            }
        } else {
            for &step in &steps {
                let mut child = *p;
                child.play_step_unchecked(step);
                w.path.push(step);
                flow = walk(&child, w, v);
                w.path.pop();
                if flow.is_break() {
                    break;
                }
            }
        }
        w.buffers[depth] = steps;
        flow
    }
    if pos.is_over() {
        return ControlFlow::Continue(());
    }
    let mut w = Walk {
        seen_nodes: FastSet::with_capacity_and_hasher(64, BuildHasherDefault::default()),
        seen_outcomes: FastSet::with_capacity_and_hasher(32, BuildHasherDefault::default()),
        path: Vec::new(),
        buffers: Vec::new(),
    };
    walk(pos, &mut w, visitor)
}

/// Every distinct turn from the current position, in generation order.
#[must_use]
pub fn distinct_turns(pos: &Position) -> Vec<DistinctTurn> {
    struct Collect(Vec<DistinctTurn>);
    impl TurnVisitor for Collect {
        fn visit(&mut self, steps: &[Step], after: &Position) -> ControlFlow<()> {
            self.0.push(DistinctTurn {
                steps: steps.to_vec(),
                after: *after,
            });
            ControlFlow::Continue(())
        }
    }
    let mut c = Collect(Vec::new());
    let _ = walk_distinct_turns(pos, &mut c);
    c.0
}
