//! Margo and Spargo figures: the rules line, the setup through the engine's
//! checked constructor, the moves played before drawing, labels and marks.

use std::collections::BTreeMap;

use cannonball_rules::margo::{
    AnyPosition, Color, Coords, Geometry, Move, NotationError, Point, Preset, Report, Rules, Setup,
    notation,
};
use thiserror::Error;

use super::error::Problem;
use super::spec::{MargoSpec, Words};
use crate::yaml;

/// A Margo-family figure, built and played up to the drawn position.
#[derive(Clone, Debug)]
pub struct MargoFigure {
    /// The position as set up, before `moves`.
    pub start: AnyPosition,
    /// The drawn position.
    pub pos: AnyPosition,
    /// The moves played from the setup, with what each did.
    pub played: Vec<(Move, Report)>,
    /// Labels: text to point.
    pub labels: BTreeMap<String, Point>,
    /// Pieces removed by `moves` whose points are empty now, with their colour.
    pub ghosts: Vec<(Point, Color)>,
    /// Points marked as freedoms.
    pub freedoms: Vec<Point>,
    /// Overpass points marked as cutting.
    pub cuts: Vec<Point>,
    /// Whether buried pieces are hinted.
    pub buried_hint: bool,
}

/// A problem at a body line (1-based).
pub type Located = (usize, Problem);

fn field(body: &str, key: &str, message: impl Into<String>) -> Located {
    (
        yaml::top_key_line(body, key).unwrap_or(1),
        Problem::Field {
            key: key.to_string(),
            message: message.into(),
        },
    )
}

fn coords_list(body: &str, key: &str, words: Option<&Words>) -> Result<Vec<Coords>, Located> {
    let Some(words) = words else {
        return Ok(Vec::new());
    };
    words
        .words()
        .iter()
        .map(|w| {
            w.parse::<Coords>()
                .map_err(|e| field(body, key, format!("`{w}`: {}", e.message)))
        })
        .collect()
}

fn point_on(geo: &Geometry, body: &str, key: &str, c: Coords) -> Result<Point, Located> {
    geo.point(c).ok_or_else(|| {
        let n = geo.size();
        field(
            body,
            key,
            format!("{c} is not a point of the {n}x{n} board"),
        )
    })
}

/// Builds a figure from its spec: the position, then the moves.
///
/// # Errors
/// Every problem found with its body line, in order.
pub fn build(spec: &MargoSpec, body: &str, default: Preset) -> Result<MargoFigure, Vec<Located>> {
    let rules = match &spec.rules {
        Some(text) => Rules::parse_line(text, default)
            .map_err(|e| vec![field(body, "rules", e.to_string())])?,
        None => default.rules(),
    };
    let setup = setup(spec, body, rules)?;
    let start = AnyPosition::from_setup(&setup).map_err(|e| {
        let line = ["white", "black", "grey", "red", "to-move"]
            .iter()
            .filter_map(|k| yaml::top_key_line(body, k))
            .min()
            .unwrap_or(1);
        vec![(line, Problem::Setup(e.to_string()))]
    })?;
    let geo = start.geometry();
    let mut errors = Vec::new();
    let mut labels = BTreeMap::new();
    for (label, at) in &spec.labels {
        match at.parse::<Coords>() {
            Ok(c) => match point_on(geo, body, "labels", c) {
                Ok(p) => {
                    labels.insert(label.clone(), p);
                }
                Err(e) => errors.push(e),
            },
            Err(e) => errors.push(field(body, "labels", format!("`{at}`: {}", e.message))),
        }
    }
    let mut marked = |words: Option<&Words>| -> Vec<Point> {
        match coords_list(body, "marks", words) {
            Ok(cs) => cs
                .into_iter()
                .filter_map(|c| {
                    point_on(geo, body, "marks", c)
                        .map_err(|e| errors.push(e))
                        .ok()
                })
                .collect(),
            Err(e) => {
                errors.push(e);
                Vec::new()
            }
        }
    };
    let freedoms = marked(spec.marks.freedom.as_ref());
    let cuts = marked(spec.marks.cut.as_ref());
    if !errors.is_empty() {
        return Err(errors);
    }
    let mut fig = MargoFigure {
        pos: start.clone(),
        start,
        played: Vec::new(),
        labels,
        ghosts: Vec::new(),
        freedoms,
        cuts,
        buried_hint: spec.marks.buried_hint,
    };
    play_moves(&mut fig, spec, body).map_err(|e| vec![e])?;
    Ok(fig)
}

fn setup(spec: &MargoSpec, body: &str, rules: Rules) -> Result<Setup, Vec<Located>> {
    let mut setup = Setup::empty(rules);
    let mut errors = Vec::new();
    for (key, color, words) in [
        ("white", Color::White, &spec.white),
        ("black", Color::Black, &spec.black),
        ("grey", Color::Grey, &spec.grey),
        ("red", Color::Red, &spec.red),
    ] {
        match coords_list(body, key, words.as_ref()) {
            Ok(cs) => setup.pieces.extend(cs.into_iter().map(|c| (c, color))),
            Err(e) => errors.push(e),
        }
    }
    if let Some(c) = &spec.to_move {
        match c.parse::<Color>() {
            Ok(c) => setup.to_move = c,
            Err(e) => errors.push(field(body, "to-move", e.to_string())),
        }
    }
    match coords_list(body, "zombies", spec.zombies.as_ref()) {
        Ok(z) => setup.zombies = z,
        Err(e) => errors.push(e),
    }
    if let Some(k) = &spec.ko {
        match k.parse::<Coords>() {
            Ok(c) => setup.ko_point = Some(c),
            Err(e) => errors.push(field(body, "ko", format!("`{k}`: {}", e.message))),
        }
    }
    setup.passes = spec.passes.unwrap_or(0);
    setup.swapped = spec.swapped;
    setup.swap_available = spec.swap_available;
    if errors.is_empty() {
        Ok(setup)
    } else {
        Err(errors)
    }
}

fn play_moves(fig: &mut MargoFigure, spec: &MargoSpec, body: &str) -> Result<(), Located> {
    let Some(moves) = &spec.moves else {
        return Ok(());
    };
    let line = yaml::top_key_line(body, "moves").unwrap_or(1);
    let mut ghost_colour: BTreeMap<Point, Color> = BTreeMap::new();
    for text in moves.words() {
        let text = text.trim_end_matches([',', ';']).to_string();
        if text.is_empty() {
            continue;
        }
        let m = fig.resolve_move(&text).map_err(|reason| {
            (
                line,
                Problem::Move {
                    text: text.clone(),
                    reason: reason.to_string(),
                },
            )
        })?;
        let before = fig.pos.clone();
        let report = fig.pos.play(m).map_err(|e| {
            (
                line,
                Problem::Move {
                    text: fig.describe_move(&text, m),
                    reason: e.to_string(),
                },
            )
        })?;
        for &p in &report.removed {
            if let Some(c) = before.color_at(p) {
                ghost_colour.insert(p, c);
            }
        }
        fig.played.push((m, report));
    }
    fig.ghosts = ghost_colour
        .into_iter()
        .filter(|&(p, _)| fig.pos.color_at(p).is_none())
        .collect();
    Ok(())
}

/// A word of a figure that names no point or move of its board.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum NameError {
    /// Neither a label nor a point.
    #[error("`{0}` is neither a label of the figure nor a point")]
    NotAPoint(String),
    /// A point the board does not have.
    #[error("{point} is not a point of the {size}x{size} board")]
    OffBoard {
        /// The point.
        point: Coords,
        /// The board size.
        size: usize,
    },
    /// A move in machine form that cannot be read.
    #[error("{}", .0.message)]
    Move(NotationError),
    /// Neither a label nor a move.
    #[error("`{text}` is neither a label of the figure nor a move ({})", reason.message)]
    NotAMove {
        /// The word.
        text: String,
        /// Why it is no move.
        reason: NotationError,
    },
}

impl MargoFigure {
    /// The point a claim or move names: a label of the figure, or a point.
    ///
    /// # Errors
    /// Neither a label nor a point of this board.
    pub fn resolve_point(&self, text: &str) -> Result<Point, NameError> {
        if let Some(&p) = self.labels.get(text) {
            return Ok(p);
        }
        let geo = self.pos.geometry();
        let c: Coords = text
            .parse()
            .map_err(|_| NameError::NotAPoint(text.to_owned()))?;
        geo.point(c).ok_or(NameError::OffBoard {
            point: c,
            size: geo.size(),
        })
    }

    /// The move a word names: a label, a point, `pass` or `swap`.
    ///
    /// # Errors
    /// Neither a label nor a move of this board.
    pub fn resolve_move(&self, text: &str) -> Result<Move, NameError> {
        if let Some(&p) = self.labels.get(text) {
            return Ok(Move::Place(p));
        }
        notation::parse_move(self.pos.geometry(), text).map_err(|e| {
            if text.contains(',') || text.chars().next().is_some_and(|c| c.is_ascii_digit()) {
                NameError::Move(e)
            } else {
                NameError::NotAMove {
                    text: text.to_owned(),
                    reason: e,
                }
            }
        })
    }

    /// `a (c4)` for a label, `c4` otherwise.
    #[must_use]
    pub fn describe_move(&self, text: &str, m: Move) -> String {
        let human = notation::human(self.pos.geometry(), m);
        if human == text {
            human
        } else {
            format!("{text} ({human})")
        }
    }

    /// The human form of a point.
    #[must_use]
    pub fn name(&self, p: Point) -> String {
        self.pos.geometry().coords(p).to_string()
    }

    /// Points in human form, `c3, d3 and e4` (`none` when empty).
    #[must_use]
    pub fn names(&self, points: &[Point]) -> String {
        let names: Vec<String> = points.iter().map(|&p| self.name(p)).collect();
        super::words::list(&names)
    }

    /// The last move played before drawing, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.played.last().map(|(m, _)| *m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::spec::{Place, read};

    fn spec(body: &str) -> MargoSpec {
        read(
            body,
            &Place {
                file: "t".into(),
                first_line: 1,
            },
        )
        .unwrap()
    }

    #[test]
    fn moves_are_played_and_ghosts_kept() {
        // White b1 a2 around Black a1: c1 is not needed; Black's a1 has freedom b... use a
        // corner capture: Black a1, White b1; White a2 captures a1.
        let body = "rules: spargo\nwhite: b1\nblack: a1 d4\nto-move: white\nmoves: a2\ncaption: x\nclaims: [a2 is occupied]\n";
        let fig = build(&spec(body), body, Preset::Spargo).unwrap();
        let a1 = fig.resolve_point("a1").unwrap();
        assert_eq!(fig.pos.color_at(a1), None);
        assert_eq!(fig.ghosts, vec![(a1, Color::Black)]);
        assert_eq!(fig.played.len(), 1);
    }

    #[test]
    fn an_illegal_move_is_named_with_its_reason() {
        let body =
            "rules: spargo\nwhite: b1\nblack: a1\nto-move: white\nmoves: b2 b1\ncaption: x\n";
        let errs = build(&spec(body), body, Preset::Spargo).unwrap_err();
        assert_eq!(errs.len(), 1);
        let (line, problem) = &errs[0];
        assert_eq!(*line, 5);
        assert_eq!(
            problem,
            &Problem::Move {
                text: "b1".into(),
                reason: "the point is occupied".into()
            }
        );
    }

    #[test]
    fn impossible_setups_and_bad_points_are_refused() {
        let body = "rules: spargo\nwhite: b2+1\ncaption: x\n";
        let errs = build(&spec(body), body, Preset::Spargo).unwrap_err();
        assert!(
            matches!(&errs[0], (2, Problem::Setup(m)) if m.contains("floating")),
            "{errs:?}"
        );
        let body = "rules: spargo\nwhite: e5\nlabels: {a: z9}\ncaption: x\n";
        let errs = build(&spec(body), body, Preset::Spargo).unwrap_err();
        assert!(
            matches!(&errs[0], (2, Problem::Setup(m)) if m.contains("e5")),
            "{errs:?}"
        );
    }
}
