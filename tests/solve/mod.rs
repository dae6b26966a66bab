//! The exact solvers against brute force, against each other, and on positions with known answers.

mod agreement;
mod margo;
mod margrites;
mod margrites_brute;
mod spargo_tablebase;
pub mod support;
