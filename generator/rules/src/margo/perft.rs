//! Counting the leaves of the game tree to a fixed depth: the standard check that
//! move generation and play agree with an independent implementation.

use super::any::each;
use super::{AnyPosition, Move, Position};

/// The number of move sequences of exactly `depth` moves from `pos` (games that
/// end earlier contribute nothing).
#[must_use]
pub fn perft<const W: usize>(pos: &Position<W>, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal() as u64,
        _ => pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = pos.clone();
                child.play_unchecked(m);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// [`perft`] split by first move.
#[must_use]
pub fn divide<const W: usize>(pos: &Position<W>, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect()
}

impl AnyPosition {
    /// [`perft`] of this position.
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, p => perft(p, depth))
    }

    /// [`divide`] of this position.
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        each!(self, p => divide(p, depth))
    }
}
