//! One step of a turn, and the reasons a step can be illegal.

use std::fmt;

use super::square::{Color, Square};

/// One step: a piece moves to a touching square, scores off the opponent's home
/// edge, or (variation B6, returning scored pieces) comes back onto its exit square.
///
/// Which side scores or returns is told by the square: only Black scores off row 8
/// and only White off row 1.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// `from>to`: a move to one of the eight touching squares.
    Move {
        /// Where the piece stands.
        from: Square,
        /// The empty square it moves to.
        to: Square,
    },
    /// `e8>B++` / `a1>W++`: the piece leaves the board and scores a point.
    Score {
        /// The square on the opponent's home edge the piece leaves from.
        from: Square,
    },
    /// `B++>e8` / `W++>a1`: a scored piece comes back to the square it left from,
    /// giving back its point (only with the returning variation).
    Return {
        /// The exit square it comes back to.
        to: Square,
    },
}

impl Step {
    /// The square the stepping piece leaves, if it was on the board.
    #[must_use]
    pub const fn from(self) -> Option<Square> {
        match self {
            Step::Move { from, .. } | Step::Score { from } => Some(from),
            Step::Return { .. } => None,
        }
    }

    /// The square the stepping piece ends on, if it stays on the board.
    #[must_use]
    pub const fn to(self) -> Option<Square> {
        match self {
            Step::Move { to, .. } | Step::Return { to } => Some(to),
            Step::Score { .. } => None,
        }
    }

    /// The side a score or return belongs to, told by its edge.
    #[must_use]
    pub const fn edge_color(square: Square) -> Color {
        if square.rank() == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The step mirrored across the centre file.
    #[must_use]
    pub const fn mirrored(self) -> Step {
        match self {
            Step::Move { from, to } => Step::Move {
                from: from.mirrored(),
                to: to.mirrored(),
            },
            Step::Score { from } => Step::Score {
                from: from.mirrored(),
            },
            Step::Return { to } => Step::Return { to: to.mirrored() },
        }
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Move { from, to } => write!(f, "{from}>{to}"),
            Step::Score { from } => write!(f, "{from}>{}++", Step::edge_color(from).letter()),
            Step::Return { to } => write!(f, "{}++>{to}", Step::edge_color(to).letter()),
        }
    }
}

/// Why a step may not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalStep {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The turn already has all its steps (four, or two for a handicap or rebuttal turn).
    #[error("the turn already has its {0} steps")]
    TurnOver(u8),
    /// No piece stands on the square.
    #[error("no piece on {0}")]
    NoPiece(Square),
    /// The piece on the square belongs to the side not moving.
    #[error("the piece on {0} is not the mover's")]
    NotYourPiece(Square),
    /// The target does not touch the piece's square.
    #[error("{to} does not touch {from}: a step goes to one of the eight touching squares")]
    NotTouching {
        /// Where the piece stands.
        from: Square,
        /// Where it was sent.
        to: Square,
    },
    /// The target is off the board but not a score (for example `c8>c9`).
    #[error("{0} is off the board and not a score")]
    OffBoard(String),
    /// A score from a square that is not on the opponent's home edge.
    #[error("{0} is not on the opponent's home edge: no score from there")]
    NotScoringEdge(Square),
    /// The target square holds a piece.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// The piece would re-enter the square it stood on at the start of the turn.
    #[error("stalling: the piece began the turn on {0}")]
    Stalling(Square),
    /// A piece that came back this turn would leave the board again.
    #[error("stalling: the piece began the turn off the board")]
    StallingOffBoard,
    /// The moving piece would be captured (in any round of the cascade).
    #[error("martyrdom: the moving piece would be captured on {0}")]
    Martyrdom(Square),
    /// Full hostile game: this step would end a turn that leaves the position
    /// unchanged a third time in a row.
    #[error("dancing limit: the position must change this turn")]
    DancingLimit,
    /// Returning scored pieces is not allowed by the options.
    #[error("returning scored pieces is not played in this game")]
    ReturnNotAllowed,
    /// A score or return written with the other side's letter (`W++` in Black's turn).
    #[error("{written}'s score letter in {mover}'s turn")]
    ScoreLetter {
        /// The side whose letter was written.
        written: Color,
        /// The side moving.
        mover: Color,
    },
    /// A bare `W++` with no earlier step in the turn to take its square from.
    #[error("a score without a square and no earlier step in the turn to take it from")]
    BareScore,
    /// No scored piece of the mover left from this square.
    #[error("no scored piece of the mover left from {0}")]
    NothingToReturn(Square),
}

/// Why a turn may not end now.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalEnd {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Full movement: a legal step is left and the turn has fewer steps than allowed.
    #[error(
        "full movement: the turn has {made} of {allowed} steps and a legal step ({example}) is left"
    )]
    FullMovement {
        /// Steps made so far.
        made: u8,
        /// Steps the turn allows.
        allowed: u8,
        /// One legal step that is left.
        example: Step,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_three_bytes() {
        assert_eq!(size_of::<Step>(), 3);
    }

    #[test]
    fn prints_book_notation() {
        let e8 = Square::E8;
        let a1 = Square::A1;
        assert_eq!(Step::Score { from: e8 }.to_string(), "e8>B++");
        assert_eq!(Step::Score { from: a1 }.to_string(), "a1>W++");
        assert_eq!(Step::Return { to: e8 }.to_string(), "B++>e8");
        let d2 = Square::D2;
        let d3 = d2.offset(0, 1).unwrap();
        assert_eq!(Step::Move { from: d2, to: d3 }.to_string(), "d2>d3");
    }
}
