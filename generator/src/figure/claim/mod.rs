//! The claim grammar: a claim's text to a [`Claim`], with no game attached yet.
//!
//! Claims are short English sentences of fixed shapes. Keywords are matched
//! without regard to case; moves, points and labels keep theirs. A MOVE is a
//! label, a point (`c4`, `b2+1`, `1,0,2`), `pass` or `swap` (Margo), or one or
//! more steps (`f6>f5 e5>e4`, `e8>B++`, squares may be labels) for Margrites;
//! POINTS is a list `c3, d3 and e4`; N is a number in digits or words (`no`,
//! `one` ... `twelve`).
//!
//! | form | meaning |
//! |---|---|
//! | `after MOVES, CLAIM` | the moves (separated by spaces; the comma ends them) played in order from the drawn position, then CLAIM there; a Margrites turn whose steps are all made ends |
//! | `MOVE is legal` / `MOVE is illegal` / `MOVE is illegal: REASON` | the engine's legality and its reason (Margo: occupied, unsupported, too high, suicide, ko, swap not allowed, pass not allowed, game over, off the board; Margrites: not a step, off the board, occupied, stalling, martyrdom, no piece, not the mover's piece, turn over, dancing limit, return not allowed, nothing to return, game over) |
//! | `MOVE is not a step` | Margrites: the step goes to no touching square or off a non-scoring edge |
//! | `MOVE captures N [pieces] [and leaves K zombies]` / `MOVE captures nothing` | pieces captured (removed or left as zombies, any colour), and of those the new zombies |
//! | `MOVE removes POINTS` | exactly these points are emptied (Margrites: captured) |
//! | `POINTS is/are [not] buried / zombies / a zombie / alive / captured / removed / empty / occupied` | each point has (or lacks) the property; `captured`/`removed` refer to the last move played (the figure's `moves`/`steps`, or the `after` moves) |
//! | `POINT has freedom` / `POINT has no freedom` | the piece's group has a freedom (Margo) |
//! | `POINTS are [not] connected` | all in one group (Margo; a buried piece is connected to nothing) |
//! | `the link A-B is [not] cut` | the over/under cut of the same-level link (Margo) |
//! | `score is 7-5` / `score is 1(2)-0(7)` | pieces per player in player order (Margo); points(captures), Black first (Margrites) |
//! | `N legal moves` / `N legal steps` | how many legal moves (Margo) or steps (Margrites) there are |
//! | `the game is [not] over` / `the game is a draw` / `COLOUR wins [SCORE]` | the result; Margo SCORE is the winner's pieces then the others' (`9-7`); Margrites SCORE is points, the winner's first (`2-1`), or a score line (`1(2)-0(7)`) |
//! | `the setup is legal` / `the setup is illegal[: REASON]` | Margrites: the figure's pieces as a starting setup (reasons: wrong count, outside home rows, two pieces on a square) |
//! | `COLOUR to play wins / loses / draws` / `... wins by N` / `... loses by N` | the exact solver's value for the side to move (Margo, Spargo) |
//! | `best move is MOVE` / `MOVE is the only winning move` | the solver's values of the moves |
//! | `COLOUR to play can / cannot win / score K / capture K / trap within N turns` | the Margrites solver's answer |
//!
//! The parser ([`parse`]) only reads; which forms apply to which game, and what the words
//! mean there, is decided by the game's checker.

use std::fmt;

use thiserror::Error;

/// A claim that does not fit the grammar.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{message}")]
pub struct ClaimSyntaxError {
    /// What is wrong, in words.
    pub message: String,
}

/// A property of the pieces on some points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// Covered by a piece directly above (Margo).
    Buried,
    /// Captured but still on the board (Margo).
    Zombie,
    /// A piece that is not a zombie.
    Alive,
    /// Captured by the last move (removed or left as a zombie).
    Captured,
    /// Emptied by the last move.
    Removed,
    /// No piece on the point.
    Empty,
    /// A piece on the point.
    Occupied,
}

impl Property {
    /// The word the grammar reads.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Property::Buried => "buried",
            Property::Zombie => "a zombie",
            Property::Alive => "alive",
            Property::Captured => "captured",
            Property::Removed => "removed",
            Property::Empty => "empty",
            Property::Occupied => "occupied",
        }
    }
}

/// What a solver claim says about the value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// Wins by exactly this margin.
    WinsBy(u32),
    /// Loses by exactly this margin.
    LosesBy(u32),
    /// Wins (any margin).
    Wins,
    /// Loses (any margin).
    Loses,
    /// Draws.
    Draws,
}

/// A move as written: one word for Margo, one or more steps for Margrites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText(pub Vec<String>);

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.join(" "))
    }
}

/// A parsed claim. Points and moves are kept as written; the game's checker
/// resolves them (labels included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `after MOVES, CLAIM`.
    After {
        /// Moves played in order from the drawn position.
        moves: Vec<MoveText>,
        /// The claim about the position after them.
        then: Box<Claim>,
    },
    /// `MOVE is legal`.
    Legal(MoveText),
    /// `MOVE is illegal` / `MOVE is illegal: REASON` / `MOVE is not a step`.
    Illegal {
        /// The move.
        mv: MoveText,
        /// The reason as written, lower case.
        reason: Option<String>,
    },
    /// `MOVE captures N [and leaves K zombies]` / `MOVE captures nothing`.
    Captures {
        /// The move.
        mv: MoveText,
        /// Pieces captured.
        count: u32,
        /// New zombies, when stated.
        zombies: Option<u32>,
    },
    /// `MOVE removes POINTS`: exactly these points are emptied.
    Removes {
        /// The move.
        mv: MoveText,
        /// The points.
        points: Vec<String>,
    },
    /// `POINTS is|are [not] PROPERTY`.
    State {
        /// The points.
        points: Vec<String>,
        /// Whether `not` was written.
        negated: bool,
        /// The property.
        property: Property,
    },
    /// `POINT has freedom` / `POINT has no freedom`.
    Freedom {
        /// The point.
        point: String,
        /// Whether it has.
        has: bool,
    },
    /// `POINTS are [not] connected`.
    Connected {
        /// The points (two or more).
        points: Vec<String>,
        /// Whether `not` was written.
        negated: bool,
    },
    /// `the link A-B is [not] cut`.
    LinkCut {
        /// One end.
        a: String,
        /// The other end.
        b: String,
        /// Whether `not` was written.
        negated: bool,
    },
    /// `score is 7-5` / `score is 1(2)-0(7)`.
    Score(String),
    /// `N legal moves` / `N legal steps`.
    LegalMoves(u32),
    /// `the game is [not] over`.
    GameOver(bool),
    /// `WINNER wins [SCORE]` / `the game is a draw`.
    Result {
        /// The winner's colour as written, `None` for a draw.
        winner: Option<String>,
        /// The score as written (`9-7`, `3(0)-2(5)`), when given.
        score: Option<String>,
    },
    /// `COLOUR to play wins|loses [by N]`, `COLOUR to play draws`.
    Value {
        /// The colour as written.
        colour: String,
        /// What is claimed.
        value: Value,
    },
    /// `best move is MOVE`.
    BestMove(MoveText),
    /// `MOVE is the only winning move`.
    OnlyWinningMove(MoveText),
    /// `the setup is legal` / `the setup is illegal[: REASON]` (Margrites: the
    /// pieces as a starting setup, rulings B2).
    Setup {
        /// Whether `legal` was written.
        legal: bool,
        /// The reason as written, lower case.
        reason: Option<String>,
    },
    /// `COLOUR to play can|cannot OBJECTIVE within N turns`.
    Within {
        /// The colour as written.
        colour: String,
        /// `can` (true) or `cannot`.
        can: bool,
        /// The objective.
        objective: Objective,
        /// The turn limit.
        turns: u8,
    },
}

mod parse;
#[cfg(test)]
mod tests;

pub use crate::solve::Objective;
pub use parse::parse;
