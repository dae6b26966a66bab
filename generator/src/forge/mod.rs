//! Puzzle forge: finds, proves and tags puzzles; [`theme`] names what a puzzle is about.

pub mod theme;
