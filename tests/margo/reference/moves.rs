//! A move, what it did, and every reason a move can be illegal.

use super::board::Point;

/// Every reason [`RefGame::illegal_reason`](super::RefGame::illegal_reason) can give, in the order they are tested.
pub const ILLEGAL_REASONS: [&str; 9] = [
    "game over",
    "pass not allowed",
    "swap not allowed now",
    "off board",
    "occupied",
    "above max height",
    "unsupported",
    "suicide",
    "ko",
];

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefMove {
    /// Place a piece of the mover's colour at `(level, x, y)`.
    Place {
        /// Level of the point.
        level: usize,
        /// Column within the level.
        x: usize,
        /// Row within the level.
        y: usize,
    },
    /// Pass (only with `can_pass`).
    Pass,
    /// Swap colours (only as the second move from the empty board, with `swap`).
    Swap,
}

impl RefMove {
    /// The placement at point `p`.
    #[must_use]
    pub fn at(p: Point) -> RefMove {
        RefMove::Place {
            level: p.0,
            x: p.1,
            y: p.2,
        }
    }
}

/// What one move did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct RefOutcome {
    /// Points emptied by the move, sorted.
    pub removed: Vec<Point>,
    /// Pieces captured in some round of the move that are still on the board at the
    /// end of it and were not zombies already, sorted: the new zombies.
    pub zombies: Vec<Point>,
    /// Whether the move won at once under `single_capture`.
    pub winning_capture: bool,
}
