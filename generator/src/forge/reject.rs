//! Why the forge turned a candidate down: the forge's report counts every
//! candidate under one of these reasons.

use std::fmt;

/// Why a candidate made no puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reject {
    /// No candidate position at this index, or a position the solver settled
    /// that asks no question with a unique key.
    NoQuestion,
    /// The key is worse in the whole game than another first move (it loses
    /// or draws a game that another move wins).
    Unsound,
    /// A player of the ladder finds the key by reflex (greedy or one-ply).
    Greedy,
    /// No wrong first move tempts for a computed reason.
    NoGenuineTry,
    /// The same puzzle up to symmetry and colour exchange, or one that
    /// differs only where the answer does not depend on it, is already kept.
    Duplicate,
    /// Enough puzzles of the same motif and theme are already kept.
    MotifCap,
    /// A position the answer needs is beyond the node budget: for a Margo or
    /// Spargo whole-game candidate, the position itself, or the position
    /// where the walk back from a game's end had to stop.
    Budget,
}

impl Reject {
    /// Every reason, in report order.
    pub const ALL: [Reject; 7] = [
        Reject::NoQuestion,
        Reject::Unsound,
        Reject::Greedy,
        Reject::NoGenuineTry,
        Reject::Duplicate,
        Reject::MotifCap,
        Reject::Budget,
    ];

    /// The report's word for it (`no-question`, `unsound`, ...).
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Reject::NoQuestion => "no-question",
            Reject::Unsound => "unsound",
            Reject::Greedy => "greedy",
            Reject::NoGenuineTry => "no-genuine-try",
            Reject::Duplicate => "duplicate",
            Reject::MotifCap => "motif-cap",
            Reject::Budget => "budget",
        }
    }
}

impl Reject {
    /// Why, in words (`verify` reports it for a puzzle turned down now).
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            Reject::NoQuestion => "the position asks no question with a unique key",
            Reject::Unsound => "the key is worse in the whole game than another first move",
            Reject::Greedy => "a reflex player of the ladder (greedy or one-ply) finds the key",
            Reject::NoGenuineTry => "no wrong first move tempts for a computed reason",
            Reject::Duplicate => "the same puzzle is already kept",
            Reject::MotifCap => "enough puzzles of this motif and theme are already kept",
            Reject::Budget => "a position the answer needs is beyond the node budget",
        }
    }
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// What the forge made of one candidate.
pub type Forged = Result<crate::puzzle::Puzzle, Reject>;
