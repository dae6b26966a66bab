//! The engine seen through the reference implementation's vocabulary (points as
//! `(level, x, y)`, colours and players as indices, reasons as the reference's
//! words), so that the fixture runner and the differential test can drive both.

#![allow(dead_code, reason = "each test crate uses a different part")]

use cannonball_rules::margo::{
    AnyPosition, CaptureScope, Color, Coords, IllegalMove, Ko, Move, Point, Rules, Setup,
};

use super::reference::{Point as RefPoint, RefKo, RefMove, RefOutcome, RefRules};

/// Engine rules for reference rules.
pub fn engine_rules(r: &RefRules) -> Rules {
    Rules {
        size: r.size as u8,
        players: r.players as u8,
        swap: r.swap,
        ko: match r.ko {
            RefKo::None => Ko::None,
            RefKo::Simple => Ko::Simple,
            RefKo::PositionalSuperko => Ko::PositionalSuperko,
            RefKo::SituationalSuperko => Ko::SituationalSuperko,
        },
        max_height: r.max_height.map(|h| h as u8),
        can_pass: r.can_pass,
        all_freedoms: r.all_freedoms,
        single_capture: r.single_capture,
        capture_scope: if r.capture_scope_adjacent {
            CaptureScope::Adjacent
        } else {
            CaptureScope::All
        },
        zombies: true,
        cuts: true,
    }
}

/// The reason words of the reference for an engine reason.
pub fn reason_words(e: IllegalMove) -> &'static str {
    match e {
        IllegalMove::GameOver => "game over",
        IllegalMove::OffBoard => "off board",
        IllegalMove::Occupied => "occupied",
        IllegalMove::Unsupported => "unsupported",
        IllegalMove::AboveMaxHeight => "above max height",
        IllegalMove::Suicide => "suicide",
        IllegalMove::Ko => "ko",
        IllegalMove::SwapNotAllowed => "swap not allowed now",
        IllegalMove::PassNotAllowed => "pass not allowed",
    }
}

/// A game of the engine.
#[derive(Clone, Debug)]
pub struct Engine(pub AnyPosition);

impl Engine {
    /// The empty board.
    pub fn new(r: &RefRules) -> Engine {
        Engine(AnyPosition::new(engine_rules(r)).expect("valid rules"))
    }

    /// A set-up position (panics with every problem when impossible).
    pub fn from_pieces(r: &RefRules, pieces: &[(RefPoint, usize)], to_move: usize) -> Engine {
        let mut setup = Setup::empty(engine_rules(r));
        setup.pieces = pieces
            .iter()
            .map(|&((l, x, y), c)| (coords((l, x, y)), Color::from_index(c).expect("colour")))
            .collect();
        setup.to_move = Color::from_index(to_move).expect("colour");
        Engine(AnyPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{e}")))
    }

    /// The engine point of a reference point, if the board has it.
    pub fn point(&self, p: RefPoint) -> Option<Point> {
        if p.0 > 255 || p.1 > 255 || p.2 > 255 {
            return None;
        }
        self.0.geometry().point(coords(p))
    }

    /// The reference point of an engine point.
    pub fn ref_point(&self, p: Point) -> RefPoint {
        let c = self.0.geometry().coords(p);
        (c.level as usize, c.x as usize, c.y as usize)
    }

    fn ref_points(&self, pts: &[Point]) -> Vec<RefPoint> {
        let mut v: Vec<RefPoint> = pts.iter().map(|&p| self.ref_point(p)).collect();
        v.sort_unstable();
        v
    }

    /// The engine move of a reference move (`None` for a point off the board).
    pub fn engine_move(&self, m: RefMove) -> Option<Move> {
        match m {
            RefMove::Pass => Some(Move::Pass),
            RefMove::Swap => Some(Move::Swap),
            RefMove::Place { level, x, y } => self.point((level, x, y)).map(Move::Place),
        }
    }

    /// The reference move of an engine move.
    pub fn ref_move(&self, m: Move) -> RefMove {
        match m {
            Move::Pass => RefMove::Pass,
            Move::Swap => RefMove::Swap,
            Move::Place(p) => RefMove::at(self.ref_point(p)),
        }
    }

    /// Legal moves, sorted as the reference sorts them.
    pub fn legal_moves(&self) -> Vec<RefMove> {
        let mut v: Vec<RefMove> = self
            .0
            .legal_moves()
            .into_iter()
            .map(|m| self.ref_move(m))
            .collect();
        v.sort();
        v
    }

    /// `None` when legal, else the reference's words for the reason.
    pub fn illegal_reason(&self, m: RefMove) -> Option<&'static str> {
        match self.engine_move(m) {
            None => Some(if self.0.outcome().is_some() {
                "game over"
            } else {
                "off board"
            }),
            Some(mv) => self.0.check(mv).err().map(reason_words),
        }
    }

    /// Plays `m` as the reference would report it.
    pub fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str> {
        let mv = self.engine_move(m).ok_or("off board")?;
        let report = self.0.play(mv).map_err(reason_words)?;
        Ok(RefOutcome {
            removed: self.ref_points(&report.removed),
            zombies: self.ref_points(&report.zombies),
            winning_capture: report.winning_capture,
        })
    }

    /// The colour on `p`.
    pub fn colour_at(&self, p: RefPoint) -> Option<usize> {
        self.point(p)
            .and_then(|q| self.0.color_at(q))
            .map(Color::index)
    }

    /// Scores per player.
    pub fn scores(&self) -> Vec<usize> {
        self.0.scores().into_iter().map(|s| s as usize).collect()
    }

    /// Winning players once over (sorted), else empty.
    pub fn winners(&self) -> Vec<usize> {
        self.0.outcome().map(|o| o.winners).unwrap_or_default()
    }
}

fn coords(p: RefPoint) -> Coords {
    Coords::new(p.0 as u8, p.1 as u8, p.2 as u8)
}
