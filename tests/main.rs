//! Cannonball's integration tests, as one test binary: the library is linked once,
//! and each area of the project is a module (run one with `cargo test margo::`).
//!
//! - [`margo`], [`margrites`]: the rules engines.
//! - [`solve`]: the exact solvers.
//! - [`render`]: SVG diagrams.
//! - [`puzzles`], [`forge_margrites`]: puzzle files, the forge and `verify`.
//! - [`tries`]: the Margo family's try reasons against the ladder.
//! - [`numbers`]: the puzzles' stable numbers (`puzzles/numbers.yaml`).
//! - [`annotate`]: annotated games.
//! - [`book`]: the verified book.
//! - [`cli`]: the command line.
//! - [`robust`]: bad input refused (bounded, linear, strict readers; fuzzing).
//! - [`determinism`]: the same inputs give the same bytes.
//! - [`architecture`]: the layers import only downward.
//!
//! Fixtures live in `tests/fixtures/`; [`support`] holds the Margo helpers
//! several areas share.

use std::path::{Path, PathBuf};

mod annotate;
mod architecture;
mod book;
mod cli;
mod determinism;
mod forge_margrites;
mod margo;
mod margrites;
mod numbers;
mod puzzles;
mod render;
mod robust;
mod solve;
mod support;
mod tries;
mod verdict;

/// The repository's root folder (the tests are compiled as part of `generator/`).
pub const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The repository's root folder as a path, without the `..` of [`ROOT`].
#[must_use]
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("generator/ has a parent")
        .to_path_buf()
}
