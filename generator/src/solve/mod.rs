//! Exact solvers: game-theoretic values with proofs behind them.
//!
//! - [`margo`]: negamax search for any Margo-family position (values, margins,
//!   principal variations, values of every root move).
//! - [`spargo`]: the complete solution of Spargo by retrograde analysis (a
//!   tablebase of every reachable position).
//! - [`agreement`]: the exact solver checked against the Spargo tablebase.
//! - [`margrites`]: "within N turns" objectives for Margrites.
//! - [`SolveError`]: why a solver could not run.
//! - [`Wld`]: win, draw or loss, the class of every solver's values.
//! - [`Objective`]: what a puzzle, the Margrites solver or a claim asks for.

pub mod agreement;
mod error;
pub mod margo;
pub mod margrites;
mod objective;
pub mod spargo;
mod wld;

pub use error::SolveError;
pub use objective::{FileObjectiveError, Objective, ObjectiveError};
pub use wld::Wld;
