//! The rules of the games Cannonball plays, and nothing else of Cannonball:
//! every layer above (solvers, the puzzle forge, diagrams, the book) builds on
//! this crate, and this crate depends on none of them.
//!
//! - [`margo`]: Margo and Spargo (the marble-stacking Go family, rulings Part A):
//!   rules options, geometry, positions, moves, notation, setups, game records.
//! - [`margrites`]: Margrites (rulings Parts B and C): positions, steps, turns,
//!   the rule book's notation and transcripts, the transcript checker, JSON.
//! - [`Game`]: which game (Spargo, Margo, Margrites).
//! - [`rng`]: the seeded generator behind every random choice (self-play,
//!   sampling), fixed byte for byte across versions and platforms.

mod game;
pub mod margo;
pub mod margrites;
pub mod rng;

pub use game::{Game, UnknownGame};
