//! Cannonball: exact rules engines, solvers, a puzzle forge and a verified book for
//! the marble-stacking Go family (Margo, and Spargo: Margo on the 4x4 board) and for
//! Margrites, a movement-and-capture game.
//!
//! Data flows one way: rules (the `cannonball-rules` crate: [`cannonball_rules::margo`],
//! [`cannonball_rules::margrites`]) → search → puzzles → render → book. Each game's
//! rules live in one module folder of that crate, which depends on nothing here.

pub mod annotate;
pub mod book;
pub mod figure;
pub mod fnv;
pub mod forge;
pub mod input;
pub mod jobs;
pub mod puzzle;
pub mod render;
pub mod solve;
pub mod yaml;
