//! Why a solver could not run: the one error type of the solvers (the
//! tablebase's file and build errors are [`TablebaseError`](super::spargo::TablebaseError)).

use thiserror::Error;

use super::Objective;
use super::margrites::MAX_TURNS;

/// A question a solver refuses, or a resource it could not get.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum SolveError {
    /// Margo values are defined for two players only.
    #[error("the solver handles two-player games, not {0} players")]
    Players(u8),
    /// The thread pool could not be started.
    #[error("cannot start the solver's threads: {0}")]
    Threads(String),
    /// Margrites: the game is already over.
    #[error("the game is over: there is nothing to solve")]
    GameOver,
    /// Margrites: the turn limit is out of range.
    #[error("the turn limit must be from 1 to {MAX_TURNS}, not {0}")]
    TurnLimit(u8),
    /// Margrites: the objective is a Margo one (best-margin, save).
    #[error("`{0}` is not a Margrites objective")]
    NotMargrites(Objective),
}
