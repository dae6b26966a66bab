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
//! - [`State`]: the whole state of a game as written (a turn in progress, exits,
//!   the phase and result too), checked into a position by [`Position::from_state`].
//! - [`Position`]: checked and unchecked steps, full movement, captures, the end.
//! - [`turngen`]: every legal turn, as step sequences and as distinct turns.
//! - [`notation`], [`table`], [`transcript`]: the rule book's notation, board tables
//!   and transcript files; [`written`] plays written steps and turns on a position;
//!   [`fields`] reads a position written as fields (squares, score line, side).
//! - [`check`] replays a transcript and lists every departure; [`infer`] finds the
//!   setups a transcript without setup lines can have started from.
//! - [`record`]: game records (a start, turns with their captures and scores, the
//!   outcome), replayed strictly and written as transcripts.
//! - [`json`]: the machine form: positions, steps, turns, game records and check
//!   reports as JSON (lines), read back strictly.
//! - [`selfplay`], [`bench`](mod@bench), [`matchplay`]: random games, timings, two-for-three.
//!
//! # Choices where the rulings are open
//!
//! - A turn ends only through [`Position::end_turn`], which enforces full movement;
//!   a turn with no step at all is a forfeit (written `N. forfeit.`).
//! - A game that ends mid-turn ends the turn there. With White's rebuttal, the
//!   rebuttal is due only when the game ends during Black's turn by a side running
//!   out of pieces (not by resignation); during it the game ends early only if
//!   White runs out of pieces.
//! - Returning scored pieces: only pieces scored in an earlier turn may come back
//!   (the rule book says "thereafter"), written `B++>e8`; a returned piece began
//!   its turn off the board, so scoring it again that turn is stalling; it is the
//!   moving piece for martyrdom.
//! - Dancing limit: a turn "leaves the position unchanged" when the board is the
//!   same at its end as at its start (forfeits count). When the last two turns both
//!   did, the mover may not make a step that ends the turn with the board
//!   unchanged (a fourth step, or one after which no legal step is left).
//! - Colour exchange is a symmetry only without the one-sided variations.
//! - Capture lists are compared as sets; a listed capture that names no square
//!   (the book's `(xed)`) stands for one capture whose square is then reported.
//! - The checker goes on past an illegal step: a martyrdom is played as the
//!   transcript has it, the piece kept; another illegal step whose piece and empty
//!   target exist is played as written; any other is skipped.
//! - Score lines and boards belong to the turn they follow in a file; the book
//!   prints them above it (see [`transcript`]).

pub mod bench;
pub mod capture;
pub mod check;
pub mod fields;
pub mod hash;
pub mod infer;
pub mod json;
pub mod matchplay;
pub mod notation;
pub mod options;
pub mod position;
pub mod record;
pub mod selfplay;
pub mod setup;
pub mod square;
pub mod squareset;
pub mod state;
pub mod step;
pub mod stepgraph;
pub mod table;
#[cfg(test)]
mod testing;
pub mod text;
pub mod transcript;
pub mod turngen;
pub mod written;

pub use capture::Cascade;
pub use options::{Options, UnknownVariation};
pub use position::{Ending, GameResult, Phase, PlayError, Position, StepReport};
pub use setup::{Diagram, HostileSetup, PlacementError, Setup, SetupError, SetupProblem, Tally};
pub use square::{ByColor, Color, Square};
pub use squareset::SquareSet;
pub use state::{State, StateError, StateProblem};
pub use step::{IllegalEnd, IllegalStep, Step};
