//! Margrites boards: the 9x8 grid with home rows shaded, pieces, steps as
//! arrows, shaded squares, captured pieces and the score line.
//!
//! Files `a`–`i` run left to right and rank 8 is at the top, as the rule book's
//! board tables print them; Black's home rows 1–2 are at the bottom.
//!
//! ```
//! use cannonball_rules::margrites::{Options, Position, Setup, Square, Step};
//! use cannonball::render::{MargritesDiagram, Shade};
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! let setup = Setup {
//!     black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"].map(sq).to_vec(),
//!     white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"].map(sq).to_vec(),
//! };
//! let pos = Position::new(&setup, Options::STANDARD).unwrap();
//! let mut diagram = MargritesDiagram::new(&pos, "ill2");
//! diagram.steps = vec![
//!     Step::Move { from: sq("d2"), to: sq("d3") },
//!     Step::Move { from: sq("d3"), to: sq("d4") },
//! ];
//! diagram.shades.push((sq("d5"), Shade::Legal));
//! let svg = diagram.render().unwrap();
//! assert_eq!(svg.matches("class=\"arrow\"").count(), 1); // one chained arrow
//! assert!(svg.contains("Black–White 0(0)-0(0)"));
//! ```

use std::collections::BTreeSet;

use svg::Node;
use svg::node::element::Group;

use super::RenderError;
use super::canvas::{self, PathData, centred_text, circle, cross, group, rect};
use cannonball_rules::margrites::notation::{Claim, ScoreLine};
use cannonball_rules::margrites::square::{FILES, RANKS};
use cannonball_rules::margrites::{Color, Ending, Position, Square, Step};

/// Radius of a piece (a square is 1.0 wide).
const PIECE_RADIUS: f64 = 0.38;
/// Inset of a shaded square from the grid lines.
const SHADE_INSET: f64 = 0.03;
/// Half the width of a captured piece's cross.
const CAPTURE_HALF: f64 = 0.2;
/// Length of an arrow head along the arrow.
const HEAD_LENGTH: f64 = 0.3;
/// Half the width of an arrow head.
const HEAD_HALF: f64 = 0.16;
/// How far short of a square's centre an arrow's tip stops.
const TIP_BACK: f64 = 0.3;
/// How far beyond the board edge a score arrow ends (or a return arrow starts).
const EXIT_REACH: f64 = 0.55;
/// Room kept beyond an edge that a score or return arrow crosses.
const EXIT_ROOM: f64 = 0.65;
/// Label text size for one or two characters.
const LABEL_SIZE: f64 = 0.44;
/// Coordinate text size.
const COORD_SIZE: f64 = 0.34;
/// Room for the coordinates left of and below the board.
const COORD_BAND: f64 = 0.5;
/// Height of the score line's band and its text size.
const SCORE_BAND: f64 = 0.6;
const SCORE_SIZE: f64 = 0.36;
/// Empty room on the sides without anything else.
const PAD: f64 = 0.12;

/// How a square is shaded, as the rule book's illustrations do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shade {
    /// A legal target (green).
    Legal,
    /// An illegal target (red).
    Illegal,
    /// A target whose step causes a capture (yellow).
    Capture,
}

impl Shade {
    /// The CSS class (`legal`, `illegal`, `capture`).
    #[must_use]
    pub const fn class(self) -> &'static str {
        match self {
            Shade::Legal => "legal",
            Shade::Illegal => "illegal",
            Shade::Capture => "capture",
        }
    }
}

/// A Margrites diagram: a position and what to draw on it.
///
/// Build it with [`MargritesDiagram::new`] (coordinates and score line shown,
/// nothing else), set the public fields, then [`render`](MargritesDiagram::render).
#[derive(Clone, Debug)]
pub struct MargritesDiagram<'a> {
    /// The position drawn.
    pub position: &'a Position,
    /// Start of every `id` in the diagram (a letter, then letters, digits, `-`, `_`).
    pub id_prefix: String,
    /// Steps drawn as arrows, in order. A step that starts where the previous one
    /// ended continues its arrow, so one piece's steps make one chained arrow; a
    /// score leaves the board over the edge, a return comes in over it.
    pub steps: Vec<Step>,
    /// Shaded squares (at most one shade a square).
    pub shades: Vec<(Square, Shade)>,
    /// Captured pieces, drawn as faint crossed-out pieces on their (empty) squares.
    pub captured: Vec<(Square, Color)>,
    /// Text on squares (`a`, `1`, `*`, ...), empty or occupied, drawn on top.
    pub labels: Vec<(Square, String)>,
    /// File letters below and rank numbers left of the board (default on).
    pub coordinates: bool,
    /// The score line under the board, `Black–White 0(0)-0(0)` (default on).
    pub score_line: bool,
    /// Put [`STYLESHEET`](super::STYLESHEET) inside the SVG (for stand-alone files).
    pub embed_style: bool,
}

/// Where things go: unit coordinates of the drawing.
struct Layout {
    board_left: f64,
    board_top: f64,
    width: f64,
    height: f64,
    coords_y: f64,
    score_y: f64,
}

impl Layout {
    fn new(d: &MargritesDiagram<'_>) -> Layout {
        let crosses = |rank: u8| {
            d.steps.iter().any(|s| match *s {
                Step::Score { from } => from.rank() == rank,
                Step::Return { to } => to.rank() == rank,
                Step::Move { .. } => false,
            })
        };
        let above = if crosses(RANKS - 1) { EXIT_ROOM } else { PAD };
        let below = if crosses(0) { EXIT_ROOM } else { 0.0 };
        let band = if d.coordinates { COORD_BAND } else { 0.0 };
        let board_bottom = above + f64::from(RANKS);
        let coords_y = board_bottom + below + band / 2.0;
        let score_y = board_bottom + below + band + SCORE_BAND / 2.0;
        let mut height = board_bottom + below + band;
        if d.score_line {
            height += SCORE_BAND;
        }
        let board_left = if d.coordinates { COORD_BAND } else { PAD };
        Layout {
            board_left,
            board_top: above,
            width: board_left + f64::from(FILES) + PAD,
            height: height.max(board_bottom + PAD),
            coords_y,
            score_y,
        }
    }

    /// The top-left corner of a square.
    fn corner(&self, sq: Square) -> (f64, f64) {
        (
            self.board_left + f64::from(sq.file()),
            self.board_top + f64::from(RANKS - 1 - sq.rank()),
        )
    }

    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + 0.5, y + 0.5)
    }

    /// The point beyond the board edge a piece on `sq` scores over (or returns from).
    fn beyond_edge(&self, sq: Square) -> (f64, f64) {
        let (x, _) = self.centre(sq);
        if sq.rank() == 0 {
            (x, self.board_top + f64::from(RANKS) + EXIT_REACH)
        } else {
            (x, self.board_top - EXIT_REACH)
        }
    }
}

/// One arrow: the points it passes, and whether its end is a square's centre
/// (stop short of it) or a point beyond the edge.
struct Chain {
    points: Vec<(f64, f64)>,
    ends_on_square: bool,
    last: Option<Square>,
}

fn score_line(pos: &Position) -> ScoreLine {
    let result = pos.result();
    ScoreLine {
        tallies: pos.standings(),
        resigned: match result.map(|r| r.ending) {
            Some(Ending::Resignation(c)) => Some(c),
            _ => None,
        },
        claim: result.map(|r| r.winner.map_or(Claim::Draw, Claim::Wins)),
    }
}

fn piece_class(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

impl<'a> MargritesDiagram<'a> {
    /// A diagram of `position` with ids starting `id_prefix`: coordinates and score
    /// line shown, no marks.
    #[must_use]
    pub fn new(position: &'a Position, id_prefix: &str) -> MargritesDiagram<'a> {
        MargritesDiagram {
            position,
            id_prefix: id_prefix.to_owned(),
            steps: Vec::new(),
            shades: Vec::new(),
            captured: Vec::new(),
            labels: Vec::new(),
            coordinates: true,
            score_line: true,
            embed_style: false,
        }
    }

    /// The centre of `sq`, in the drawing's units.
    #[must_use]
    pub fn centre(&self, sq: Square) -> (f64, f64) {
        Layout::new(self).centre(sq)
    }

    /// The position in words, as the SVG's `<title>`: side to move and turn, every
    /// piece by side, the score line, then captured pieces and steps drawn when
    /// there are any. For example `Margrites, Black to move (turn 1): Black a1 b1
    /// c1 d1 e1 f1 d2 e2; White a8 b8 c8 d8 e8 f8 d7 e7; score 0(0)-0(0)`.
    #[must_use]
    pub fn title(&self) -> String {
        let pos = self.position;
        let mut out = if pos.is_over() {
            format!("Margrites, game over after turn {}", pos.turn())
        } else if pos.steps_made() > 0 {
            format!(
                "Margrites, {} to move (turn {}, {} steps made)",
                pos.to_move(),
                pos.turn(),
                pos.steps_made()
            )
        } else {
            format!("Margrites, {} to move (turn {})", pos.to_move(), pos.turn())
        };
        let sides: Vec<String> = Color::ALL
            .into_iter()
            .map(|c| {
                let squares: Vec<String> = pos.pieces(c).map(|s| s.to_string()).collect();
                if squares.is_empty() {
                    format!("{c} no pieces")
                } else {
                    format!("{c} {}", squares.join(" "))
                }
            })
            .collect();
        out.push_str(&format!(
            ": {}; score {}",
            sides.join("; "),
            score_line(pos)
        ));
        if !self.captured.is_empty() {
            let mut captured = self.captured.clone();
            captured.sort();
            let names: Vec<String> = captured.iter().map(|(s, c)| format!("{c} {s}")).collect();
            out.push_str(&format!("; captured {}", names.join(", ")));
        }
        if !self.steps.is_empty() {
            let steps: Vec<String> = self.steps.iter().map(ToString::to_string).collect();
            out.push_str(&format!("; steps {}", steps.join(", ")));
        }
        out
    }

    fn validate(&self) -> Result<(), RenderError> {
        canvas::check_prefix(&self.id_prefix)?;
        let mut seen = BTreeSet::new();
        for (sq, text) in &self.labels {
            if text.is_empty() {
                return Err(RenderError::EmptyLabel(sq.to_string()));
            }
            if !seen.insert(*sq) {
                return Err(RenderError::DuplicateLabel(sq.to_string()));
            }
        }
        let mut seen = BTreeSet::new();
        for &(sq, _) in &self.shades {
            if !seen.insert(sq) {
                return Err(RenderError::DuplicateShade(sq.to_string()));
            }
        }
        let mut seen = BTreeSet::new();
        for &(sq, _) in &self.captured {
            if self.position.piece_at(sq).is_some() {
                return Err(RenderError::GhostOnPiece(sq.to_string()));
            }
            if !seen.insert(sq) {
                return Err(RenderError::DuplicateGhost(sq.to_string()));
            }
        }
        Ok(())
    }

    /// The diagram as SVG text.
    ///
    /// # Errors
    /// A bad id prefix, a captured piece drawn on an occupied square, or a square
    /// labelled, shaded or captured twice, or an empty label.
    pub fn render(&self) -> Result<String, RenderError> {
        self.validate()?;
        let layout = Layout::new(self);
        let mut doc = canvas::document(
            &self.id_prefix,
            "cb-diagram cb-margrites",
            (layout.width, layout.height),
            &self.title(),
            self.embed_style,
        );
        doc.append(self.board_layer(&layout));
        doc.append(self.piece_layer(&layout));
        doc.append(self.arrow_layer(&layout));
        doc.append(self.label_layer(&layout));
        if self.score_line {
            let x = layout.board_left + f64::from(FILES) / 2.0;
            let text = format!("Black–White {}", score_line(self.position));
            doc.append(centred_text(
                (x, layout.score_y),
                SCORE_SIZE,
                "score-line",
                &text,
            ));
        }
        Ok(doc.to_string())
    }

    fn board_layer(&self, layout: &Layout) -> Group {
        let (left, top) = (layout.board_left, layout.board_top);
        let (w, h) = (f64::from(FILES), f64::from(RANKS));
        let mut g = group("board-layer", None);
        g.append(rect((left, top), (w, h), "board"));
        g.append(rect((left, top), (w, 2.0), "home home-white"));
        g.append(rect((left, top + h - 2.0), (w, 2.0), "home home-black"));
        let mut shades = self.shades.clone();
        shades.sort();
        for (sq, shade) in shades {
            let (x, y) = layout.corner(sq);
            let side = 1.0 - 2.0 * SHADE_INSET;
            g.append(rect(
                (x + SHADE_INSET, y + SHADE_INSET),
                (side, side),
                &format!("shade {}", shade.class()),
            ));
        }
        let mut grid = PathData::default();
        for f in 1..FILES {
            let x = left + f64::from(f);
            grid = grid.move_to((x, top)).line_to((x, top + h));
        }
        for r in 1..RANKS {
            let y = top + f64::from(r);
            grid = grid.move_to((left, y)).line_to((left + w, y));
        }
        g.append(grid.into_path("grid"));
        g.append(rect((left, top), (w, h), "board-edge"));
        if self.coordinates {
            for f in 0..FILES {
                let x = left + f64::from(f) + 0.5;
                let letter = char::from(b'a' + f).to_string();
                g.append(centred_text(
                    (x, layout.coords_y),
                    COORD_SIZE,
                    "coord",
                    &letter,
                ));
            }
            for r in 0..RANKS {
                let y = top + f64::from(RANKS - 1 - r) + 0.5;
                let at = (left - COORD_BAND / 2.0, y);
                g.append(centred_text(at, COORD_SIZE, "coord", &(r + 1).to_string()));
            }
        }
        g
    }

    fn piece_layer(&self, layout: &Layout) -> Group {
        let prefix = &self.id_prefix;
        let mut g = group("pieces", None);
        let mut captured = self.captured.clone();
        captured.sort();
        for (sq, c) in captured {
            let at = layout.centre(sq);
            let class = format!("piece ghost {}", piece_class(c));
            g.append(circle(at, PIECE_RADIUS, &class).set("id", format!("{prefix}-ghost-{sq}")));
            g.append(cross(at, CAPTURE_HALF, "capture-cross"));
        }
        for sq in Square::all() {
            if let Some(c) = self.position.piece_at(sq) {
                let class = format!("piece {}", piece_class(c));
                let id = format!("{prefix}-piece-{sq}");
                g.append(circle(layout.centre(sq), PIECE_RADIUS, &class).set("id", id));
            }
        }
        g
    }

    /// The steps joined into chains, one per arrow.
    fn chains(&self, layout: &Layout) -> Vec<Chain> {
        let mut chains: Vec<Chain> = Vec::new();
        for &step in &self.steps {
            let open = chains
                .last_mut()
                .filter(|c| c.last.is_some() && c.last == step.from());
            match (step, open) {
                (Step::Move { to, .. }, Some(chain)) => {
                    chain.points.push(layout.centre(to));
                    chain.last = Some(to);
                }
                (Step::Score { from }, Some(chain)) => {
                    chain.points.push(layout.beyond_edge(from));
                    chain.ends_on_square = false;
                    chain.last = None;
                }
                (Step::Move { from, to }, None) => chains.push(Chain {
                    points: vec![layout.centre(from), layout.centre(to)],
                    ends_on_square: true,
                    last: Some(to),
                }),
                (Step::Score { from }, None) => chains.push(Chain {
                    points: vec![layout.centre(from), layout.beyond_edge(from)],
                    ends_on_square: false,
                    last: None,
                }),
                (Step::Return { to }, _) => chains.push(Chain {
                    points: vec![layout.beyond_edge(to), layout.centre(to)],
                    ends_on_square: true,
                    last: Some(to),
                }),
            }
        }
        chains
    }

    fn arrow_layer(&self, layout: &Layout) -> Group {
        let mut g = group("arrows", None);
        for (i, chain) in self.chains(layout).into_iter().enumerate() {
            let id = format!("{}-arrow-{}", self.id_prefix, i + 1);
            g.append(arrow(&chain, id));
        }
        g
    }

    fn label_layer(&self, layout: &Layout) -> Group {
        let mut labels = self.labels.clone();
        labels.sort();
        let mut g = group("labels", None);
        for (sq, text) in labels {
            let on = match self.position.piece_at(sq) {
                Some(Color::Black) => "on-black",
                Some(Color::White) => "on-white",
                None => "on-empty",
            };
            let chars = text.chars().count().max(1) as f64;
            let size = LABEL_SIZE * (2.0 / chars).min(1.0);
            let label = centred_text(layout.centre(sq), size, &format!("label {on}"), &text);
            g.append(label);
        }
        g
    }
}

/// A chained arrow: the line through its points and a head at the end.
fn arrow(chain: &Chain, id: String) -> Group {
    let n = chain.points.len();
    let tip_at = chain.points[n - 1];
    let before = chain.points[n - 2];
    let (dx, dy) = (tip_at.0 - before.0, tip_at.1 - before.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let back = if chain.ends_on_square { TIP_BACK } else { 0.0 };
    let tip = (tip_at.0 - ux * back, tip_at.1 - uy * back);
    let base = (tip.0 - ux * HEAD_LENGTH, tip.1 - uy * HEAD_LENGTH);
    let mut line = PathData::default().move_to(chain.points[0]);
    for &p in &chain.points[1..n - 1] {
        line = line.line_to(p);
    }
    // The line stops inside the head so its round cap does not show past the tip.
    let into_head = (base.0 + ux * 0.05, base.1 + uy * 0.05);
    line = line.line_to(into_head);
    let head = PathData::default()
        .move_to(tip)
        .line_to((base.0 - uy * HEAD_HALF, base.1 + ux * HEAD_HALF))
        .line_to((base.0 + uy * HEAD_HALF, base.1 - ux * HEAD_HALF))
        .close();
    group("step-arrow", Some(id))
        .add(line.into_path("arrow"))
        .add(head.into_path("arrow-head"))
}
