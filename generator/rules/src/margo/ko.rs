//! Repetition state for the superko rules: the set of earlier boards (with the
//! colour to move, for situational superko), shared between positions of one
//! game as a persistent list so that copying a position stays cheap.

use std::sync::Arc;

use super::{Board, Color};
use crate::rng::splitmix64;

#[derive(Debug)]
struct Entry<const W: usize> {
    board: Board<W>,
    board_hash: u64,
    to_move: Color,
    prev: Option<Arc<Entry<W>>>,
    /// Order-independent hash of every entry up to this one.
    set_hash: u64,
}

/// The boards of a game so far (a set; later repeats are not stored twice).
#[derive(Clone, Debug, Default)]
pub(crate) struct History<const W: usize>(Option<Arc<Entry<W>>>);

impl<const W: usize> History<W> {
    /// Whether `board` (with `to_move`, when `situational`) has occurred.
    pub fn contains(
        &self,
        board: &Board<W>,
        board_hash: u64,
        to_move: Color,
        situational: bool,
    ) -> bool {
        let mut cur = self.0.as_deref();
        while let Some(e) = cur {
            if e.board_hash == board_hash
                && (!situational || e.to_move == to_move)
                && e.board == *board
            {
                return true;
            }
            cur = e.prev.as_deref();
        }
        false
    }

    /// This history with one more board, unless it is already present.
    #[must_use]
    pub fn with(
        &self,
        board: &Board<W>,
        board_hash: u64,
        to_move: Color,
        situational: bool,
    ) -> History<W> {
        if self.contains(board, board_hash, to_move, situational) {
            return self.clone();
        }
        let key = if situational {
            board_hash ^ to_move_salt(to_move)
        } else {
            board_hash
        };
        let mut mix = key;
        History(Some(Arc::new(Entry {
            board: *board,
            board_hash,
            to_move,
            prev: self.0.clone(),
            set_hash: self.set_hash() ^ splitmix64(&mut mix),
        })))
    }

    /// A hash of the set of boards: equal sets give equal hashes.
    pub fn set_hash(&self) -> u64 {
        self.0.as_ref().map_or(0, |e| e.set_hash)
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> Vec<(Board<W>, Color)> {
        let mut out = Vec::new();
        let mut cur = self.0.as_deref();
        while let Some(e) = cur {
            out.push((e.board, e.to_move));
            cur = e.prev.as_deref();
        }
        out.reverse();
        out
    }
}

fn to_move_salt(c: Color) -> u64 {
    let mut s = 0x5359_5455_4154_494F ^ c as u64;
    splitmix64(&mut s)
}
