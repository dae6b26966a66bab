//! A deliberately simple, slow reference implementation of the Margo rules
//! (`RULINGS.md` Part A), written from the rulings alone, for differential tests
//! against the fast engine.
//!
//! Everything here is written the plainest way: the board is a flat vector of
//! optional colours indexed by point, groups are found by breadth-first search,
//! and each rule is a loop written straight from the ruling's sentence, which is
//! quoted beside it. Nothing is cached and nothing is optimised.
//!
//! Orientation: a point is `(level, x, y)`, `x` the column and `y` the row,
//! 0-based within the level. Colours are indices: 0 White, 1 Black, 2 Grey, 3 Red.
//!
//! The module is included by several test crates (`mod margo_reference;`); each
//! uses only part of it.
//!
//! One concept a module, each written from its rulings:
//!
//! - [`board`]: points, colours and the pyramid's geometry (ruling A1).
//! - [`rules`]: the rule options of one game.
//! - [`moves`]: a move, what it did, and the reasons a move can be illegal.
//! - [`groups`]: visibility, links and their cuts, groups (ruling A3).
//! - [`freedom`]: a group's freedom and the zombies it leaves (ruling A4).
//! - [`capture`]: a placement's captures, round by round (ruling A5).
//! - [`game`]: a game with its history, scores, end and moves played.
//! - [`legality`]: which moves are legal and why not, ko included (rulings A4-A6).
//!
//! [`fixture`] reads the rule books' worked examples and [`runner`] runs them on
//! any engine. The public names are re-exported here.

#![allow(
    dead_code,
    reason = "included by several test crates, each of which uses a different part"
)]

mod board;
mod capture;
pub mod fixture;
mod freedom;
mod game;
mod groups;
mod legality;
mod moves;
mod rules;
pub mod runner;

pub use board::{COLOUR_NAMES, Point};
pub use game::RefGame;
pub use moves::{ILLEGAL_REASONS, RefMove, RefOutcome};
pub use rules::{RefKo, RefRules};
