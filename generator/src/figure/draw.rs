//! Drawing a checked figure as SVG through [`crate::render`]: the figure's
//! position with its labels and marks, the last move, and the pieces its moves
//! removed as ghosts (Margo), or its steps as arrows, shaded squares and the
//! pieces they captured (Margrites).

use std::collections::BTreeMap;

use crate::render::{MargoDiagram, MargritesDiagram, RenderError, Shade};
use cannonball_rules::margrites::{Color, Square};

use super::margo::MargoFigure;
use super::margrites::MargritesFigure;

/// Which key of the figure a drawing problem is about.
fn key_of(e: &RenderError) -> &'static str {
    match e {
        RenderError::NotACut(_) | RenderError::FreedomOnPiece(_) => "marks",
        RenderError::DuplicateLabel(_) | RenderError::EmptyLabel(_) => "labels",
        RenderError::DuplicateShade(_) => "shade",
        RenderError::GhostOnPiece(_)
        | RenderError::DuplicateGhost(_)
        | RenderError::LastMoveEmpty(_) => "moves",
        _ => "id",
    }
}

/// A drawing that cannot be made: the figure's key at fault and why.
pub type DrawError = (&'static str, String);

fn fail(e: &RenderError) -> DrawError {
    (key_of(e), e.to_string())
}

/// The SVG of a Margo figure, every id starting with `prefix`.
///
/// # Errors
/// A mark the drawing refuses (a cut mark on a piece that cuts nothing, a
/// freedom on an occupied point, two labels on one point).
pub fn margo_svg(fig: &MargoFigure, prefix: &str) -> Result<String, DrawError> {
    let mut d = MargoDiagram::new(&fig.pos, prefix);
    d.labels = fig.labels.iter().map(|(l, &p)| (p, l.clone())).collect();
    d.labels.sort();
    d.buried_hints = fig.buried_hint;
    d.freedoms = fig.freedoms.clone();
    d.cuts = fig.cuts.clone();
    d.last_move = match fig.last_move() {
        Some(cannonball_rules::margo::Move::Place(p)) => Some(p),
        _ => None,
    };
    d.ghosts = fig.ghosts.clone();
    d.render().map_err(|e| fail(&e))
}

/// The SVG of a Margrites figure, every id starting with `prefix`.
///
/// # Errors
/// A square shaded twice or labelled twice.
pub fn margrites_svg(fig: &MargritesFigure, prefix: &str) -> Result<String, DrawError> {
    let mut d = MargritesDiagram::new(&fig.pos, prefix);
    d.steps = fig.steps.iter().map(|(_, s, _)| *s).collect();
    for (shade, squares) in [
        (Shade::Legal, &fig.legal),
        (Shade::Illegal, &fig.illegal),
        (Shade::Capture, &fig.capture),
    ] {
        d.shades.extend(squares.iter().map(|&sq| (sq, shade)));
    }
    d.labels = fig.labels.iter().map(|(l, &sq)| (sq, l.clone())).collect();
    d.labels.sort();
    // A square captured more than once shows its last capture; one a piece stands
    // on again shows the piece.
    let mut ghosts: BTreeMap<Square, Color> = BTreeMap::new();
    for (_, _, cascade) in &fig.steps {
        let removed = cascade.removed();
        for c in Color::ALL {
            for sq in *removed.get(c) {
                ghosts.insert(sq, c);
            }
        }
    }
    let occupied = fig.pos.occupied();
    d.captured = ghosts
        .into_iter()
        .filter(|(sq, _)| !occupied.contains(*sq))
        .collect();
    d.render().map_err(|e| fail(&e))
}
