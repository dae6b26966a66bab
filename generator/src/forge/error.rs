//! Why a candidate or a puzzle file cannot be made into a puzzle.

use cannonball_rules::Game;
use thiserror::Error;

use crate::puzzle::{PositionError, TurnError};
use crate::solve::{Objective, SolveError};

/// Why a puzzle could not be made or checked, for every game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ForgeError {
    /// A field of the file cannot be used.
    #[error("{field}: {reason}")]
    Field {
        /// The field, e.g. `turns`.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// A field of the file's position cannot be used.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The objective is not a Margrites one, or its count is out of range.
    #[error(
        "objective: `{}` is not a Margrites objective (win-within, trap, capture:K, score:K with K from 1 to 8)",
        .0.file_text(Game::Margrites)
    )]
    Objective(Objective),
    /// Margrites: the turns are out of range.
    #[error("turns: {0} is not from 1 to 16")]
    Turns(u8),
    /// A turn written in a line cannot be played.
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A solver could not run.
    #[error("solver: {0}")]
    Solver(#[from] SolveError),
    /// The forge met an inconsistency between a puzzle and its solving (a
    /// try that is no legal move, an objective without a horizon).
    #[error("solver: {0}")]
    Inconsistent(String),
    /// A position the puzzle needs was not settled within the node budget.
    #[error("not settled within the node budget: {0}")]
    Unsettled(String),
    /// The file's position, objective and turns do not make a puzzle (or the
    /// budget cannot prove that they do).
    #[error("not a puzzle: {0}")]
    NotAPuzzle(String),
}
