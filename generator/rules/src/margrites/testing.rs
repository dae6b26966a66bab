//! Helpers for this crate's Margrites unit tests.

use super::options::Options;
use super::position::Position;
use super::setup::Setup;
use super::square::Square;

/// The square written `s`; panics on a typo in a test.
pub(crate) fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A standard game's start: each side's six home-row pieces from the a-file
/// and two on the next row (d, e), Black to move.
pub(crate) fn opening() -> Position {
    let setup = Setup {
        black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"]
            .map(sq)
            .to_vec(),
        white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"]
            .map(sq)
            .to_vec(),
    };
    Position::new(&setup, Options::STANDARD).unwrap()
}
