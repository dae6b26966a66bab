//! Spargo solved completely: every position reachable from the empty board,
//! reduced by the board's eight symmetries and the exchange of colours, valued by
//! retrograde analysis (win/loss/draw, distance to the end, exact final margin),
//! and kept in a compact file that can be probed.
//!
//! The same machinery solves any position's reachable set on the 3x3 and 4x4
//! boards under simple ko or no ko (other options that leave the position's
//! state unchanged are allowed too); the tests build such small tablebases.
//!
//! - [`Keyer`], [`Key`]: canonical keys.
//! - [`graph`]: enumeration and the backward move graph.
//! - [`retro`]: the retrograde passes; `stretch`: the order in which moves are
//!   followed (by stretches of neighbouring slots).
//! - [`Tablebase`]: build, probe, best moves; [`file`]: the file format, with
//!   [`compact`] (positions and values coded small), [`bits`] and [`huffman`].

mod bits;
mod compact;
mod file;
pub mod graph;
mod huffman;
pub mod index;
mod key;
pub mod progress;
pub mod retro;
pub mod spill;
mod stretch;
mod tablebase;

pub use file::{FORMAT_VERSION, fingerprint};
pub use key::{Key, Keyer};
pub use tablebase::{
    BuildOptions, BuildStats, Entry, KO_RULES, Tablebase, TablebaseError, check_rules,
    describe_rules,
};
