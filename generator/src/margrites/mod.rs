//! Margrites: a movement-and-capture game on a 9x8 board (rulings Part B).
//!
//! Each side has eight pieces set on its two home rows. A turn is up to four steps
//! to touching squares, or off the opponent's home edge to score. A piece with A
//! allies and E enemies touching it is captured when E >= 2 x (A + 1); captures
//! cascade and hit both colours. The game ends the moment a side has no pieces;
//! most points wins, then most captures.
//!
//! - [`Square`], [`SquareSet`], [`Color`], [`ByColor`]: the board.
//! - [`Setup`], [`Diagram`], [`HostileSetup`]: unvalidated positions and placement.
//! - [`Position`]: checked and unchecked steps, full movement, captures, the end.
//! - [`turngen`]: every legal turn, as step sequences and as distinct turns.
//! - [`notation`], [`table`], [`transcript`]: the rule book's notation, board tables
//!   and transcript files; [`check`] replays a transcript and lists every departure;
//!   [`infer`] finds the setups a transcript without setup lines can have started from.
//! - [`selfplay`], [`bench`], [`matchplay`]: random games, timings, two-for-three.

pub mod bench;
pub mod capture;
pub mod check;
pub mod hash;
pub mod infer;
pub mod matchplay;
pub mod notation;
pub mod options;
pub mod position;
pub mod selfplay;
pub mod setup;
pub mod square;
pub mod squareset;
pub mod step;
pub mod table;
pub mod text;
pub mod transcript;
pub mod turngen;

pub use capture::Cascade;
pub use options::Options;
pub use position::{Ending, GameResult, Phase, PlayError, Position, StepReport};
pub use setup::{Diagram, HostileSetup, PlacementError, Setup, SetupError, SetupProblem, Tally};
pub use square::{ByColor, Color, Square};
pub use squareset::SquareSet;
pub use step::{IllegalEnd, IllegalStep, Step};
