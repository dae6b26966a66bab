//! Turn generation: every legal turn from a position, as step sequences (every
//! order the steps can be made in) and as distinct turns (sequences reaching the
//! same board, standings and phase are one turn for search).
//!
//! Full movement shapes the tree: a turn ends early only where no legal step is
//! left, and a game that ends mid-turn ends the turn there.

use std::collections::{HashMap, HashSet};

use super::position::{Phase, Position};
use super::setup::Tally;
use super::square::{ByColor, FILES};
use super::squareset::SquareSet;
use super::step::Step;

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
struct NodeKey {
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

fn node_key(p: &Position) -> NodeKey {
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

fn finish(mut p: Position) -> Position {
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

/// Every distinct turn from the current position, in generation order.
#[must_use]
pub fn distinct_turns(pos: &Position) -> Vec<DistinctTurn> {
    struct Walk {
        seen_nodes: HashSet<NodeKey>,
        seen_outcomes: HashSet<OutcomeKey>,
        out: Vec<DistinctTurn>,
        buffers: Vec<Vec<Step>>,
    }
    fn walk(p: &Position, path: &mut Vec<Step>, w: &mut Walk) {
        if !w.seen_nodes.insert(node_key(p)) {
            return;
        }
        let depth = path.len();
        if w.buffers.len() <= depth {
            w.buffers.push(Vec::new());
        }
        let mut steps = std::mem::take(&mut w.buffers[depth]);
        steps.clear();
        let _ = p.for_each_legal_step(|s| {
            steps.push(s);
            std::ops::ControlFlow::Continue(())
        });
        if steps.is_empty() {
            if w.seen_outcomes.insert(outcome_key(p)) {
                w.out.push(DistinctTurn {
                    steps: path.clone(),
                    after: finish(*p),
                });
            }
        } else {
            for &step in &steps {
                let mut child = *p;
                child.play_step_unchecked(step);
                path.push(step);
                walk(&child, path, w);
                path.pop();
            }
        }
        w.buffers[depth] = steps;
    }
    let mut w = Walk {
        seen_nodes: HashSet::new(),
        seen_outcomes: HashSet::new(),
        out: Vec::new(),
        buffers: Vec::new(),
    };
    if !pos.is_over() {
        walk(pos, &mut Vec::new(), &mut w);
    }
    w.out
}
