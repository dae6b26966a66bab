//! Margo and Spargo: the marble-stacking Go family (rulings Part A).
//!
//! Pieces are placed on an `n x n` board or stacked on four pieces; groups are
//! linked across levels and cut by overpasses; only the board level gives
//! freedom; captured pieces that still hold something up stay as zombies.
//!
//! - [`Geometry`]: points, levels and their fixed relations, per size.
//! - [`Bitboard`]: sets of points.
//! - [`Rules`] and [`Preset`]: every option of the rulings.
//! - [`Setup`] → [`Position`] (or [`AnyPosition`] for any size): the one checked
//!   constructor, legal moves, checked and unchecked play, hashing, symmetry.
//! - [`notation`]: human (`c3`, `b2+1`) and machine (`L,x,y`) forms.
//! - [`perft`]: move-path counts for testing.
//!
//! ```
//! use cannonball_rules::margo::{notation, AnyPosition, Preset};
//! let mut pos = AnyPosition::new(Preset::Spargo.rules()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 16);
//! let m = notation::parse_move(pos.geometry(), "b2").unwrap();
//! pos.play(m).unwrap();
//! assert_eq!(pos.scores(), vec![1, 0]);
//! ```

mod any;
mod bitboard;
mod board;
mod capture;
mod color;
mod diagram;
mod geometry;
mod ko;
mod legality;
pub mod notation;
pub mod perft;
mod play;
mod position;
pub mod record;
mod rules;
mod selfplay;
mod setup;
#[cfg(test)]
mod switch_tests;
mod tables;

pub use any::{AnyPosition, Report, StartError};
pub use bitboard::{Bitboard, Iter};
pub use board::Board;
pub use color::{ByColor, Color, ParseColorError};
pub use geometry::{
    Coords, Geometry, Link, MAX_SIZE, MIN_SIZE, Point, SizeError, Symmetry, pyramid_points,
};
pub use notation::{MoveSyntax, NotationError};
pub use position::{
    EndReason, IllegalMove, Move, MoveEffects, MoveReport, Outcome, PlayError, Position,
    PositionError, SmallPosition,
};
pub use rules::{CaptureScope, Ko, Preset, Rules, RulesError};
pub use setup::{Setup, SetupError, SetupProblem, SetupSyntaxError, point_set};
