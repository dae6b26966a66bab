//! Cannonball: exact rules engines, solvers, a puzzle forge and a verified book for
//! the marble-stacking Go family (Margo, and Spargo: Margo on the 4x4 board) and for
//! Margrites, a movement-and-capture game.
//!
//! Data flows one way: rules ([`margo`], [`margrites`]) → search → puzzles → render →
//! book. Each game's rules live in one module folder.

pub mod annotate;
pub mod book;
pub mod figure;
pub mod forge;
pub mod margo;
pub mod margrites;
pub mod puzzle;
pub mod render;
pub mod rng;
pub mod solve;
