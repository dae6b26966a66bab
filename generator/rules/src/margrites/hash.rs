//! Zobrist-style hashing of positions, and a hash that is the same for the images
//! of a position under the symmetries used for deduplication
//! ([`Position::mirrored`], [`Position::color_exchanged`]).

use super::position::{Phase, Position};
use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;
use crate::rng::splitmix64;

const fn piece_keys(seed: u64) -> [u64; Square::COUNT] {
    let mut keys = [0u64; Square::COUNT];
    let mut state = seed;
    let mut i = 0;
    while i < Square::COUNT {
        keys[i] = splitmix64(&mut state);
        i += 1;
    }
    keys
}

const BLACK_KEYS: [u64; Square::COUNT] = piece_keys(0x6D61_7267_7269_7465);
const WHITE_KEYS: [u64; Square::COUNT] = piece_keys(0x7768_6974_6570_6376);
const WHITE_TO_MOVE: u64 = 0x9C3B_5F1E_2D47_A861;

/// Mixes a small tagged value into a key (for the turn state and the standings,
/// whose value ranges are too wide for tables).
fn mix(tag: u64, value: u64) -> u64 {
    let mut s = tag.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ value;
    splitmix64(&mut s)
}

fn set_key(set: SquareSet, keys: &[u64; Square::COUNT]) -> u64 {
    set.fold(0, |h, sq| h ^ keys[sq.index()])
}

/// The hash of the board alone.
#[must_use]
pub fn board_hash(pieces: &ByColor<SquareSet>) -> u64 {
    set_key(pieces.black, &BLACK_KEYS) ^ set_key(pieces.white, &WHITE_KEYS)
}

impl Position {
    /// A hash of everything that changes the legal steps: the board, the side to
    /// move, the turn in progress (steps made and where each stepped piece began),
    /// the phase, and what the variations in play depend on (the scored pieces and
    /// points for returning, the first turn for the handicap, the unchanged-turn
    /// count for the dancing limit).
    #[must_use]
    pub fn hash(&self) -> u64 {
        let mut h = board_hash(&self.pieces);
        if self.to_move == Color::White {
            h ^= WHITE_TO_MOVE;
        }
        h ^= mix(1, u64::from(self.steps));
        for m in self.moved() {
            let start = m.start.map_or(255, |s| s.index() as u64);
            h ^= mix(2, u64::from(m.now) << 8 | start);
        }
        h ^= mix(3, phase_code(self.phase));
        let o = self.options;
        if o.returning_scored {
            for color in Color::ALL {
                for (file, n) in self.exits.get(color).iter().enumerate() {
                    h ^= mix(4 + color as u64, (file as u64) << 8 | u64::from(*n));
                }
            }
            h ^= mix(
                6,
                self.returnable
                    .iter()
                    .fold(0, |a, &n| a * 17 + u64::from(n)),
            );
        }
        if o.black_handicap && self.turn == 1 {
            h ^= mix(7, 1);
        }
        if o.dancing_limit {
            h ^= mix(8, u64::from(self.unchanged));
        }
        h
    }

    /// The smallest hash over the mirror images (and, when `exchange_colors`, the
    /// colour-exchanged images): equal for positions that are the same game up to
    /// symmetry.
    #[must_use]
    pub fn symmetric_hash(&self, exchange_colors: bool) -> u64 {
        let mut best = self.hash().min(self.mirrored().hash());
        if exchange_colors {
            let x = self.color_exchanged();
            best = best.min(x.hash()).min(x.mirrored().hash());
        }
        best
    }
}

fn phase_code(phase: Phase) -> u64 {
    match phase {
        Phase::Playing => 0,
        Phase::RebuttalDue => 1,
        Phase::Rebuttal => 2,
        Phase::Over(_) => 3,
    }
}
