//! Win, draw or loss: the class of a game value, shared by every solver.

use std::fmt;

/// Win, draw or loss for the player to move (or for whoever the value is
/// given for). Ordered from the player's worst to best.
///
/// ```
/// use cannonball::solve::Wld;
/// assert!(Wld::Loss < Wld::Draw && Wld::Draw < Wld::Win);
/// assert_eq!(Wld::Win.flipped(), Wld::Loss);
/// assert_eq!(Wld::Draw.to_string(), "draw");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Wld {
    /// The player loses: the opponent can force a win.
    Loss,
    /// Neither player can force a win (equal final scores, or endless play).
    Draw,
    /// The player can force a win.
    Win,
}

impl Wld {
    /// `win`, `draw` or `loss`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Wld::Win => "win",
            Wld::Draw => "draw",
            Wld::Loss => "loss",
        }
    }

    /// The same result seen from the other side.
    #[must_use]
    pub const fn flipped(self) -> Wld {
        match self {
            Wld::Win => Wld::Loss,
            Wld::Loss => Wld::Win,
            Wld::Draw => Wld::Draw,
        }
    }
}

impl fmt::Display for Wld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
