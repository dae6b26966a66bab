//! Machine-readable game records: one JSON object per ply and a final outcome
//! line, as printed by `cannonball replay` and `cannonball selfplay`.
//!
//! ```text
//! {"ply":0,"player":1,"move":[0,1,1],"removed":[],"zombies":[],"score":[1,0]}
//! {"outcome":{"end":"no-legal-move","scores":[9,7],"winner":1}}
//! ```
//!
//! Points are `[level, x, y]`; `move` is a point or `"pass"` / `"swap"`; players
//! are numbered from 1 in the order they first move; `score` lists each player's
//! pieces on the board.

use serde::{Deserialize, Serialize};

use super::{Geometry, Move, Outcome, Point, Report};

/// A move in JSON: `[level, x, y]`, `"pass"` or `"swap"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JsonMove {
    /// A placement.
    Place([u8; 3]),
    /// `"pass"` or `"swap"`.
    Word(String),
}

/// A point as `[level, x, y]`.
#[must_use]
pub fn json_point(geo: &Geometry, p: Point) -> [u8; 3] {
    let c = geo.coords(p);
    [c.level, c.x, c.y]
}

impl JsonMove {
    /// The JSON form of `m`.
    #[must_use]
    pub fn new(geo: &Geometry, m: Move) -> JsonMove {
        match m {
            Move::Place(p) => JsonMove::Place(json_point(geo, p)),
            Move::Pass => JsonMove::Word("pass".into()),
            Move::Swap => JsonMove::Word("swap".into()),
        }
    }
}

/// One ply of a game record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyRecord {
    /// 0-based ply.
    pub ply: usize,
    /// The player who moved, from 1 in move order.
    pub player: usize,
    /// The move.
    #[serde(rename = "move")]
    pub mv: JsonMove,
    /// Every legal move before this one (only when asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<JsonMove>>,
    /// Points emptied by this move.
    pub removed: Vec<[u8; 3]>,
    /// Captured pieces that stayed (new zombies).
    pub zombies: Vec<[u8; 3]>,
    /// Pieces on the board per player, in player order, after the move.
    pub score: Vec<u32>,
}

impl PlyRecord {
    /// The record of move `m` at `ply`, given what it did and the scores after it.
    #[must_use]
    pub fn new(
        geo: &Geometry,
        ply: usize,
        m: Move,
        report: &Report,
        legal: Option<&[Move]>,
        score: Vec<u32>,
    ) -> PlyRecord {
        PlyRecord {
            ply,
            player: report.player + 1,
            mv: JsonMove::new(geo, m),
            legal: legal.map(|l| l.iter().map(|&m| JsonMove::new(geo, m)).collect()),
            removed: report.removed.iter().map(|&p| json_point(geo, p)).collect(),
            zombies: report.zombies.iter().map(|&p| json_point(geo, p)).collect(),
            score,
        }
    }
}

/// The end of a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeRecord {
    /// `no-legal-move`, `all-passed`, `single-capture`, or `unfinished` when
    /// the moves stopped before the game ended.
    pub end: String,
    /// Pieces per player.
    pub scores: Vec<u32>,
    /// The winning player (from 1), when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    /// The players sharing the top score (from 1), when the game is drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<Vec<usize>>,
}

impl OutcomeRecord {
    /// The record of `outcome`, or an unfinished game with `scores`.
    #[must_use]
    pub fn new(outcome: Option<&Outcome>, scores: Vec<u32>) -> OutcomeRecord {
        match outcome {
            None => OutcomeRecord {
                end: "unfinished".into(),
                scores,
                winner: None,
                draw: None,
            },
            Some(o) => OutcomeRecord {
                end: o.reason.name().into(),
                scores: o.scores.clone(),
                winner: (!o.is_draw()).then(|| o.winners[0] + 1),
                draw: o
                    .is_draw()
                    .then(|| o.winners.iter().map(|w| w + 1).collect()),
            },
        }
    }
}

/// The final line: `{"outcome": ...}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutcomeLine {
    /// The outcome.
    pub outcome: OutcomeRecord,
}
