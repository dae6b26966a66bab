//! Margo and Spargo positions seen from above: the pyramid of marbles with every
//! level visible.
//!
//! A level-`L` point `(L, x, y)` is centred at `(x + L/2, y + L/2)` board units,
//! row 1 at the bottom and column `a` on the left, as the notation and the text
//! diagrams have it. Marbles are drawn level by level from the board up, so an
//! upper marble covers the inner parts of the four it rests on and the lower ones
//! peek out between; each level's marbles are a little larger and cast a shadow,
//! and a marble on level `L` carries `L` thin rings (none on the board, one on
//! the first level up, ...), so the level reads at a glance.
//!
//! ```
//! use cannonball_rules::margo::{AnyPosition, Preset, Setup};
//! use cannonball::render::MargoDiagram;
//! let rules = Preset::Margo.rules();
//! let mut rules5 = rules;
//! rules5.size = 5;
//! let setup = Setup::parse(rules5, "white b2 c2 b3 a1; black c3 b2+1").unwrap();
//! let pos = AnyPosition::from_setup(&setup).unwrap();
//! let b2 = pos.geometry().point("b2".parse().unwrap()).unwrap();
//! let mut diagram = MargoDiagram::new(&pos, "ex");
//! diagram.labels.push((b2, "a".to_owned()));
//! let svg = diagram.render().unwrap();
//! assert_eq!(svg.matches("class=\"marble ").count(), 6);
//! assert!(svg.contains(">a</text>"));
//! ```

use std::collections::BTreeSet;

use svg::Node;
use svg::node::element::{Definitions, Group, RadialGradient, Stop};

use super::RenderError;
use super::canvas::{self, PathData, centred_text, circle, cross, group, num, rect};
use cannonball_rules::margo::{AnyPosition, Color, Coords, Geometry, Link, Move, Point, Preset};

/// Marble radius on the board level, in units of the point spacing.
const MARBLE_RADIUS: f64 = 0.455;
/// How much larger a marble is per level up, so levels are told apart by size.
const LEVEL_GROWTH: f64 = 0.02;
/// Marbles stop growing at this radius (touching neighbours).
const MAX_RADIUS: f64 = 0.5;
/// The level cue: a marble on level `L` carries `L` thin rings, the outer one
/// at this fraction of its radius ...
const LEVEL_RING_OUTER: f64 = 0.8;
/// ... and each further one this much further in.
const LEVEL_RING_STEP: f64 = 0.17;
/// Shadow offset: the light comes from the upper left.
const SHADOW_OFFSET: (f64, f64) = (0.05, 0.07);
/// Radius of an empty hole in the board.
const HOLE_RADIUS: f64 = 0.16;
/// Radius of the hint on an empty playable upper point.
const PLAYABLE_RADIUS: f64 = 0.2;
/// Half the width of a zombie's cross.
const ZOMBIE_HALF: f64 = 0.14;
/// Radius of the last-move ring.
const LAST_MOVE_RADIUS: f64 = 0.2;
/// Side of a freedom's square.
const FREEDOM_SIDE: f64 = 0.22;
/// Half the length of the bar across a cut link.
const CUT_BAR_HALF: f64 = 0.2;
/// How much of a marble's radius a buried hint takes.
const BURIED_SCALE: f64 = 0.86;
/// Label text size for one or two characters.
const LABEL_SIZE: f64 = 0.46;
/// Radius of the disc behind a label on an empty point.
const LABEL_BACK_RADIUS: f64 = 0.25;
/// Coordinate text size.
const COORD_SIZE: f64 = 0.34;
/// Board wood beyond the outer holes' cells.
const RIM: f64 = 0.1;
/// Room for the coordinates left of and below the board.
const COORD_BAND: f64 = 0.5;
/// Empty room on the sides without coordinates.
const PAD: f64 = 0.12;

/// A Margo-family diagram: a position and what to mark on it.
///
/// Build it with [`MargoDiagram::new`] (zombies marked, coordinates shown, nothing
/// else), set the public fields, then [`render`](MargoDiagram::render). Points are
/// the position's own [`Point`]s (`pos.geometry().point(coords)`), on any level.
#[derive(Clone, Debug)]
pub struct MargoDiagram<'a> {
    /// The position drawn.
    pub position: &'a AnyPosition,
    /// Start of every `id` in the diagram (a letter, then letters, digits, `-`, `_`).
    pub id_prefix: String,
    /// Text on points (`a`, `b`, `*`, `1`, ...), empty or occupied, drawn on top.
    pub labels: Vec<(Point, String)>,
    /// Cross every zombie (default on).
    pub mark_zombies: bool,
    /// Draw a dashed hint of every buried piece on top of what covers it.
    pub buried_hints: bool,
    /// Draw a faint ring on every empty upper point that can be played now.
    pub playable_hints: bool,
    /// Empty points marked as freedoms (small squares).
    pub freedoms: Vec<Point>,
    /// Points whose pieces cut a link (over/under): every link they cut is drawn
    /// crossed out. Each must cut at least one link.
    pub cuts: Vec<Point>,
    /// The point of the last move (a ring on its piece).
    pub last_move: Option<Point>,
    /// Removed pieces, drawn as faint dashed marbles on their (empty) points.
    pub ghosts: Vec<(Point, Color)>,
    /// Column letters below and row numbers left of the board (default on).
    pub coordinates: bool,
    /// Put [`STYLESHEET`](super::STYLESHEET) inside the SVG (for stand-alone files).
    pub embed_style: bool,
}

/// Where things go: unit coordinates of the drawing.
struct Layout {
    size: usize,
    board_left: f64,
    board_top: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(size: usize, coordinates: bool) -> Layout {
        let band = if coordinates { COORD_BAND } else { PAD };
        let board = size as f64 + 2.0 * RIM;
        Layout {
            size,
            board_left: band,
            board_top: PAD,
            width: band + board + PAD,
            height: PAD + board + band,
        }
    }

    /// The centre of a point seen from above.
    fn centre(&self, c: Coords) -> (f64, f64) {
        let half = f64::from(c.level) / 2.0;
        let x = self.board_left + RIM + 0.5 + f64::from(c.x) + half;
        let y = self.board_top + RIM + 0.5 + (self.size as f64 - 1.0) - f64::from(c.y) - half;
        (x, y)
    }
}

/// A marble's radius on `level`.
fn radius(level: u8) -> f64 {
    (MARBLE_RADIUS + LEVEL_GROWTH * f64::from(level)).min(MAX_RADIUS)
}

/// The class that keeps a mark readable on what lies under it.
fn on_class(color: Option<Color>) -> &'static str {
    match color {
        Some(Color::White) => "on-white",
        Some(Color::Black) => "on-black",
        Some(Color::Grey) => "on-grey",
        Some(Color::Red) => "on-red",
        None => "on-empty",
    }
}

impl<'a> MargoDiagram<'a> {
    /// A diagram of `position` with ids starting `id_prefix`: zombies marked,
    /// coordinates shown, no other marks.
    #[must_use]
    pub fn new(position: &'a AnyPosition, id_prefix: &str) -> MargoDiagram<'a> {
        MargoDiagram {
            position,
            id_prefix: id_prefix.to_owned(),
            labels: Vec::new(),
            mark_zombies: true,
            buried_hints: false,
            playable_hints: false,
            freedoms: Vec::new(),
            cuts: Vec::new(),
            last_move: None,
            ghosts: Vec::new(),
            coordinates: true,
            embed_style: false,
        }
    }

    /// Marks the move `m` that led from `before` to this diagram's position: a
    /// placement gets the last-move ring, and every piece of `before` that is gone
    /// now becomes a ghost of its colour (the pieces the move removed).
    ///
    /// ```
    /// use cannonball_rules::margo::{AnyPosition, Move, Preset, Setup};
    /// use cannonball::render::MargoDiagram;
    /// let setup = Setup::parse(Preset::Spargo.rules(), "white a2 c2 b3; black b2; to-move white").unwrap();
    /// let before = AnyPosition::from_setup(&setup).unwrap();
    /// let b1 = before.geometry().point("b1".parse().unwrap()).unwrap();
    /// let mut after = before.clone();
    /// after.play(Move::Place(b1)).unwrap();
    /// let mut d = MargoDiagram::new(&after, "cap");
    /// d.mark_move(&before, Move::Place(b1));
    /// assert_eq!(d.last_move, Some(b1));
    /// assert_eq!(d.ghosts.len(), 1); // the black piece on b2
    /// ```
    pub fn mark_move(&mut self, before: &AnyPosition, m: Move) {
        self.last_move = match m {
            Move::Place(p) => Some(p),
            Move::Pass | Move::Swap => None,
        };
        self.ghosts = before
            .occupied()
            .into_iter()
            .filter(|&p| self.position.color_at(p).is_none())
            .filter_map(|p| before.color_at(p).map(|c| (p, c)))
            .collect();
    }

    /// Where the point `p` is drawn, in the diagram's units (its `viewBox`):
    /// the centre of a marble on it seen from above. Interactive pages put
    /// their click targets there.
    #[must_use]
    pub fn centre(&self, p: Point) -> (f64, f64) {
        Layout::new(self.geometry().size(), self.coordinates).centre(self.geometry().coords(p))
    }

    fn geometry(&self) -> &'static Geometry {
        self.position.geometry()
    }

    fn name(&self, p: Point) -> String {
        self.geometry().coords(p).to_string()
    }

    /// The position in words, as the SVG's `<title>`: game and size, the side to
    /// move, every piece by colour, then zombies, buried pieces, the ko point and
    /// removed pieces when there are any. For example `Margo 5x5, Black to move:
    /// White c3 d3 b2+1, Black b2 b3 c2; zombies c2`.
    #[must_use]
    pub fn title(&self) -> String {
        let pos = self.position;
        let n = self.geometry().size();
        let game = if *pos.rules() == Preset::Spargo.rules() {
            "Spargo"
        } else {
            "Margo"
        };
        let mut out = format!("{game} {n}x{n}, {} to move: ", pos.to_move().title());
        let occupied = pos.occupied();
        let by_colour: Vec<String> = Color::ALL
            .into_iter()
            .filter_map(|c| {
                let pts: Vec<String> = occupied
                    .iter()
                    .filter(|&&p| pos.color_at(p) == Some(c))
                    .map(|&p| self.name(p))
                    .collect();
                (!pts.is_empty()).then(|| format!("{} {}", c.title(), pts.join(" ")))
            })
            .collect();
        if by_colour.is_empty() {
            out.push_str("empty board");
        } else {
            out.push_str(&by_colour.join(", "));
        }
        let mut clause = |label: &str, pts: &[Point]| {
            if !pts.is_empty() {
                let names: Vec<String> = pts.iter().map(|&p| self.name(p)).collect();
                out.push_str(&format!("; {label} {}", names.join(" ")));
            }
        };
        clause("zombies", &pos.zombies());
        clause("buried", &pos.buried());
        clause("ko", &pos.ko_point().into_iter().collect::<Vec<_>>());
        if !self.ghosts.is_empty() {
            let mut ghosts = self.ghosts.clone();
            ghosts.sort();
            let names: Vec<String> = ghosts
                .iter()
                .map(|&(p, c)| format!("{} {}", c.title(), self.name(p)))
                .collect();
            out.push_str(&format!("; removed {}", names.join(", ")));
        }
        out
    }

    /// Checks every mark against the position.
    fn validate(&self) -> Result<(), RenderError> {
        canvas::check_prefix(&self.id_prefix)?;
        let geo = self.geometry();
        let on_board = |what: &'static str, p: Point| {
            if geo.contains(p) {
                Ok(())
            } else {
                Err(RenderError::PointOffBoard {
                    what,
                    index: p.index(),
                    size: geo.size(),
                })
            }
        };
        let mut seen = BTreeSet::new();
        for (p, text) in &self.labels {
            on_board("label", *p)?;
            if text.is_empty() {
                return Err(RenderError::EmptyLabel(self.name(*p)));
            }
            if !seen.insert(*p) {
                return Err(RenderError::DuplicateLabel(self.name(*p)));
            }
        }
        let mut seen = BTreeSet::new();
        for &(p, _) in &self.ghosts {
            on_board("removed piece", p)?;
            if self.position.color_at(p).is_some() {
                return Err(RenderError::GhostOnPiece(self.name(p)));
            }
            if !seen.insert(p) {
                return Err(RenderError::DuplicateGhost(self.name(p)));
            }
        }
        for &p in &self.freedoms {
            on_board("freedom", p)?;
            if self.position.color_at(p).is_some() {
                return Err(RenderError::FreedomOnPiece(self.name(p)));
            }
        }
        if let Some(p) = self.last_move {
            on_board("last move", p)?;
            if self.position.color_at(p).is_none() {
                return Err(RenderError::LastMoveEmpty(self.name(p)));
            }
        }
        for &p in &self.cuts {
            on_board("cut", p)?;
            if self.cut_links(p).is_empty() {
                return Err(RenderError::NotACut(self.name(p)));
            }
        }
        Ok(())
    }

    /// The links the piece on `p` cuts now: both ends hold visible pieces of one
    /// colour and both cutters hold pieces of other colours (rulings A3).
    fn cut_links(&self, p: Point) -> Vec<Link> {
        let pos = self.position;
        let buried = pos.buried();
        let visible = |q: Point| pos.color_at(q).filter(|_| !buried.contains(&q));
        self.geometry()
            .links()
            .iter()
            .filter(|link| {
                let Some(c) = visible(link.a) else {
                    return false;
                };
                link.cutters.is_some_and(|cs| cs.contains(&p))
                    && visible(link.b) == Some(c)
                    && link.is_cut_for(c, |q| pos.color_at(q))
            })
            .copied()
            .collect()
    }

    /// The diagram as SVG text.
    ///
    /// # Errors
    /// A bad id prefix, or a mark that does not fit the position (a point off the
    /// board, a ghost or freedom on a piece, the last move on an empty point, a cut
    /// mark that cuts nothing, an empty or doubled label).
    pub fn render(&self) -> Result<String, RenderError> {
        self.validate()?;
        let layout = Layout::new(self.geometry().size(), self.coordinates);
        let mut doc = canvas::document(
            &self.id_prefix,
            "cb-diagram cb-margo",
            (layout.width, layout.height),
            &self.title(),
            self.embed_style,
        );
        doc.append(self.defs());
        doc.append(self.board_layer(&layout));
        let top = self.top_level();
        for level in 0..=top {
            doc.append(self.level_layer(&layout, level));
        }
        doc.append(self.overlay(&layout));
        doc.append(self.label_layer(&layout));
        Ok(doc.to_string())
    }

    fn gloss_id(&self) -> String {
        format!("{}-gloss", self.id_prefix)
    }

    fn defs(&self) -> Definitions {
        let gradient = RadialGradient::new()
            .set("id", self.gloss_id())
            .set("cx", "0.36")
            .set("cy", "0.3")
            .set("r", "0.62")
            .add(Stop::new().set("offset", "0").set("class", "gloss-0"))
            .add(Stop::new().set("offset", "1").set("class", "gloss-1"));
        Definitions::new().add(gradient)
    }

    /// The highest level with anything to draw on it.
    fn top_level(&self) -> u8 {
        let geo = self.geometry();
        let marked = self
            .position
            .occupied()
            .into_iter()
            .chain(self.ghosts.iter().map(|g| g.0))
            .chain(self.freedoms.iter().copied());
        let mut top = marked.map(|p| geo.coords(p).level).max().unwrap_or(0);
        if self.playable_hints {
            let playable = self.position.playable();
            top = top.max(
                playable
                    .iter()
                    .map(|&p| geo.coords(p).level)
                    .max()
                    .unwrap_or(0),
            );
        }
        top
    }

    fn board_layer(&self, layout: &Layout) -> Group {
        let geo = self.geometry();
        let n = layout.size as f64;
        let mut g = group("board-layer", None).add(
            rect(
                (layout.board_left, layout.board_top),
                (n + 2.0 * RIM, n + 2.0 * RIM),
                "board",
            )
            .set("rx", num(RIM * 2.0)),
        );
        for p in geo.level_points(0) {
            if self.position.color_at(p).is_none() {
                g.append(circle(layout.centre(geo.coords(p)), HOLE_RADIUS, "hole"));
            }
        }
        if self.coordinates {
            let below = layout.board_top + n + 2.0 * RIM + COORD_BAND / 2.0;
            let left = layout.board_left - COORD_BAND / 2.0;
            for i in 0..layout.size {
                let at = layout.centre(Coords::new(0, i as u8, i as u8));
                let letter = char::from(b'a' + i as u8).to_string();
                g.append(centred_text((at.0, below), COORD_SIZE, "coord", &letter));
                g.append(centred_text(
                    (left, at.1),
                    COORD_SIZE,
                    "coord",
                    &(i + 1).to_string(),
                ));
            }
        }
        g
    }

    fn level_layer(&self, layout: &Layout, level: u8) -> Group {
        let geo = self.geometry();
        let pos = self.position;
        let prefix = &self.id_prefix;
        let mut g = group("level", Some(format!("{prefix}-level-{level}")));
        let r = radius(level);
        let pieces: Vec<(Point, Color)> = geo
            .level_points(usize::from(level))
            .filter_map(|p| pos.color_at(p).map(|c| (p, c)))
            .collect();
        for &(p, _) in &pieces {
            let (x, y) = layout.centre(geo.coords(p));
            g.append(circle(
                (x + SHADOW_OFFSET.0, y + SHADOW_OFFSET.1),
                r,
                "shadow",
            ));
        }
        for &(p, c) in &pieces {
            let k = geo.coords(p);
            let at = layout.centre(k);
            let id = format!("{prefix}-marble-{}-{}-{}", k.level, k.x, k.y);
            g.append(circle(at, r, &format!("marble {}", c.name())).set("id", id));
            g.append(
                circle(at, r, &format!("gloss {}", c.name()))
                    .set("fill", format!("url(#{})", self.gloss_id())),
            );
            // The level cue: one ring per level above the board.
            for i in 0..level {
                let ring = r * (LEVEL_RING_OUTER - LEVEL_RING_STEP * f64::from(i));
                g.append(circle(at, ring, &format!("level-ring {}", c.name())));
            }
        }
        let mut ghosts = self.ghosts.clone();
        ghosts.sort();
        for (p, c) in ghosts
            .into_iter()
            .filter(|g| geo.coords(g.0).level == level)
        {
            let k = geo.coords(p);
            let id = format!("{prefix}-ghost-{}-{}-{}", k.level, k.x, k.y);
            let class = format!("marble ghost {}", c.name());
            g.append(circle(layout.centre(k), r, &class).set("id", id));
        }
        if self.playable_hints && level > 0 {
            for p in pos.playable() {
                if geo.coords(p).level == level {
                    g.append(circle(
                        layout.centre(geo.coords(p)),
                        PLAYABLE_RADIUS,
                        "playable",
                    ));
                }
            }
        }
        self.level_marks(layout, level, &mut g);
        g
    }

    /// Freedoms, zombies and the last move on one level: drawn before the next
    /// level up, which covers them where it covers the marble.
    fn level_marks(&self, layout: &Layout, level: u8, g: &mut Group) {
        let geo = self.geometry();
        let pos = self.position;
        let on_level = |p: &Point| geo.coords(*p).level == level;
        let freedoms: BTreeSet<Point> = self.freedoms.iter().copied().filter(on_level).collect();
        for p in freedoms {
            let (x, y) = layout.centre(geo.coords(p));
            let half = FREEDOM_SIDE / 2.0;
            g.append(rect(
                (x - half, y - half),
                (FREEDOM_SIDE, FREEDOM_SIDE),
                "freedom",
            ));
        }
        if self.mark_zombies {
            for p in pos.zombies().into_iter().filter(on_level) {
                let class = format!("zombie {}", on_class(pos.color_at(p)));
                g.append(cross(layout.centre(geo.coords(p)), ZOMBIE_HALF, &class));
            }
        }
        if let Some(p) = self.last_move.filter(on_level) {
            let class = format!("last-move {}", on_class(pos.color_at(p)));
            g.append(circle(
                layout.centre(geo.coords(p)),
                LAST_MOVE_RADIUS,
                &class,
            ));
        }
    }

    /// Buried hints and cut links, above every level.
    fn overlay(&self, layout: &Layout) -> Group {
        let geo = self.geometry();
        let pos = self.position;
        let mut g = group("overlay", None);
        if self.buried_hints {
            for p in pos.buried() {
                let k = geo.coords(p);
                let class = pos.color_at(p).map_or("buried", |c| c.name());
                g.append(circle(
                    layout.centre(k),
                    radius(k.level) * BURIED_SCALE,
                    &format!("buried {class}"),
                ));
            }
        }
        let mut links: Vec<(usize, usize)> = self
            .cuts
            .iter()
            .flat_map(|&p| self.cut_links(p))
            .map(|l| (l.a.index(), l.b.index()))
            .collect();
        links.sort_unstable();
        links.dedup();
        for (a, b) in links {
            let from = layout.centre(geo.coords(Point::new(a)));
            let to = layout.centre(geo.coords(Point::new(b)));
            g.append(
                PathData::default()
                    .move_to(from)
                    .line_to(to)
                    .into_path("cut-link"),
            );
            let mid = ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0);
            // The bar crosses the link at right angles.
            let (dx, dy) = ((to.1 - from.1).abs(), (to.0 - from.0).abs());
            let half = CUT_BAR_HALF;
            g.append(
                PathData::default()
                    .move_to((mid.0 - dx * half, mid.1 - dy * half))
                    .line_to((mid.0 + dx * half, mid.1 + dy * half))
                    .into_path("cut-bar"),
            );
        }
        g
    }

    fn label_layer(&self, layout: &Layout) -> Group {
        let geo = self.geometry();
        let mut labels = self.labels.clone();
        labels.sort();
        let mut g = group("labels", None);
        for (p, text) in labels {
            let at = layout.centre(geo.coords(p));
            let color = self.position.color_at(p);
            if color.is_none() {
                g.append(circle(at, LABEL_BACK_RADIUS, "label-back"));
            }
            let chars = text.chars().count().max(1) as f64;
            let size = LABEL_SIZE * (2.0 / chars).min(1.0);
            let class = format!("label {}", on_class(color));
            g.append(centred_text(at, size, &class, &text));
        }
        g
    }
}
