//! Puzzle forge: candidates from self-play, constructed endgames and the
//! Spargo tablebase, proved by the exact solvers, tagged with themes
//! ([`theme`]), rated and written as puzzle files.

pub mod margo;
pub mod margrites;
pub mod run;
pub mod spargo;
pub mod theme;
pub mod verify;
