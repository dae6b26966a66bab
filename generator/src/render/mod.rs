//! SVG board diagrams for the book: the Margo family seen from above, with every
//! level visible, and the Margrites board with steps, shading and captures.
//!
//! Diagrams are drawn in unit coordinates (one board point or square = 1.0) and
//! scaled once by [`SCALE`] for the `width` and `height` attributes. Every number is
//! written through one formatting helper, elements are emitted in a fixed order, and
//! nothing comes from a hash map, so the same input always gives the same bytes.
//!
//! Colours never appear in attributes: every element carries CSS classes, styled by
//! [`STYLESHEET`] (a light look, and a dark look under mdBook's `.coal`, `.navy` and
//! `.ayu` themes). The book includes the stylesheet once as additional CSS and
//! inlines the SVG in the page; a stand-alone file can carry its own copy
//! ([`MargoDiagram::embed_style`], [`MargritesDiagram::embed_style`]).
//!
//! Several diagrams share one HTML page, so every `id` starts with the caller's
//! prefix. The root `<svg>` has `role="img"` and a `<title>` that describes the
//! position in words.
//!
//! ```
//! use cannonball_rules::margo::{AnyPosition, Preset, Setup};
//! use cannonball::render::MargoDiagram;
//! let setup = Setup::parse(Preset::Spargo.rules(), "white b2 c2 b3; black c3").unwrap();
//! let pos = AnyPosition::from_setup(&setup).unwrap();
//! let svg = MargoDiagram::new(&pos, "fig1").render().unwrap();
//! assert!(svg.contains("<title id=\"fig1-title\">Spargo 4x4, White to move: White b2 c2 b3, Black c3</title>"));
//! ```

mod canvas;
pub mod margo;
pub mod margrites;
mod style;

pub use canvas::SCALE;
pub use margo::MargoDiagram;
pub use margrites::{MargritesDiagram, Shade};
pub use style::STYLESHEET;

use thiserror::Error;

/// Why a diagram cannot be drawn. Places are written in the game's notation.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum RenderError {
    /// The id prefix is not a valid start of an XML id.
    #[error(
        "id prefix '{0}' must start with a letter and contain only letters, digits, '-' and '_'"
    )]
    BadIdPrefix(String),
    /// A point given for a mark is not a point of the board.
    #[error("{what}: point number {index} is not a point of the {size}x{size} board")]
    PointOffBoard {
        /// Which option named the point.
        what: &'static str,
        /// The point's number.
        index: usize,
        /// The board size.
        size: usize,
    },
    /// Two labels on one point or square.
    #[error("two labels on {0}")]
    DuplicateLabel(String),
    /// A label with no text.
    #[error("the label on {0} is empty")]
    EmptyLabel(String),
    /// A ghost (removed or captured piece) on a point or square that holds a piece.
    #[error("a removed piece is shown on {0}, but a piece stands there")]
    GhostOnPiece(String),
    /// Two ghosts on one point or square.
    #[error("two removed pieces shown on {0}")]
    DuplicateGhost(String),
    /// A cut mark on a point whose piece cuts no link.
    #[error(
        "{0} cuts no link: a cut needs a piece there and one beside it, both of colours other than two linked pieces below"
    )]
    NotACut(String),
    /// A freedom mark on an occupied point.
    #[error("a freedom is marked on {0}, but a piece stands there")]
    FreedomOnPiece(String),
    /// The last move marked on an empty point.
    #[error("the last move is marked on {0}, but no piece stands there")]
    LastMoveEmpty(String),
    /// A square shaded twice.
    #[error("{0} is shaded twice")]
    DuplicateShade(String),
}
