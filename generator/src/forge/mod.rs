//! Puzzle forge: candidates from self-play, constructed endgames and the
//! Spargo tablebase, proved by the exact solvers, tagged with themes (each
//! game's detectors beside its forge: [`margo::themes`],
//! [`margrites::themes`]), rated and written as puzzle files.

mod error;
mod limits;
pub mod margo;
pub mod margrites;
mod reject;
pub mod run;
pub mod spargo;
pub mod verify;

pub use error::ForgeError;
pub use reject::{Forged, Reject};

/// The version written into provenance: `cannonball X.Y.Z`.
#[must_use]
pub fn generator_version() -> String {
    format!("cannonball {}", env!("CARGO_PKG_VERSION"))
}
pub use limits::Limits;
