//! Puzzle forge: candidate positions found by search, each turned into a proved
//! puzzle (see [`crate::puzzle`] for the file schema) or dropped.

pub mod margrites;
