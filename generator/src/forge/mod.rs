//! Puzzle forge: candidates from self-play, constructed endgames and the
//! Spargo tablebase, proved by the exact solvers, tagged, rated and written as
//! puzzle files.

pub mod margo;
pub mod run;
pub mod verify;
