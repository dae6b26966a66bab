//! A solution as text for people and as JSON for programs.
//!
//! ```text
//! to move: white (player 1), exact solve
//! result:  win by 2
//! pv:      b2 c3 b2+1 (game over)
//! moves:
//!   b2      win   +2
//!   a1      loss  -1
//! nodes 12345 in 0.120 s; table 4194304 entries, 0.4% used, 56.0% hits
//! ```
//!
//! JSON (one object): scores are numbers, or `"capture-win"` / `"capture-loss"`
//! under `single_capture`; `value` is present only when proven exactly;
//! `lower` / `upper` are the proven bounds; `result` is `win`, `draw`, `loss`
//! or `unknown`; `moves` are in legal-move order.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use cannonball_rules::margo::{Color, Geometry, Move, notation};

use super::solver::{Mode, Solution};
use super::value::{Bounds, Score};
use crate::solve::Wld;

/// A score in JSON: the margin, or `"capture-win"` / `"capture-loss"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum JsonScore {
    /// A margin.
    Margin(i32),
    /// A win or loss by capture.
    Word(String),
}

impl From<Score> for JsonScore {
    fn from(s: Score) -> JsonScore {
        match s.margin_value() {
            Some(m) => JsonScore::Margin(m),
            None if s > Score::DRAW => JsonScore::Word("capture-win".into()),
            None => JsonScore::Word("capture-loss".into()),
        }
    }
}

/// One root move in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveRecord {
    /// Human notation (`b2`, `b2+1`, `pass`, `swap`).
    #[serde(rename = "move")]
    pub mv: String,
    /// `win`, `draw`, `loss` or `unknown` for the player to move.
    pub result: String,
    /// The exact value, when proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<JsonScore>,
    /// Proven lower bound.
    pub lower: JsonScore,
    /// Proven upper bound.
    pub upper: JsonScore,
}

/// Transposition table statistics in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    /// Entries.
    pub entries: usize,
    /// Entries in use, in thousandths.
    pub used_permille: u32,
    /// Look-ups.
    pub probes: u64,
    /// Look-ups that found the position.
    pub hits: u64,
    /// Entries written.
    pub stores: u64,
}

/// A solution in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SolveRecord {
    /// `exact` or `wld`.
    pub mode: String,
    /// The colour to move.
    pub to_move: String,
    /// The player to move, from 1 in the order the players first moved.
    pub player: usize,
    /// `win`, `draw`, `loss` or `unknown`.
    pub result: String,
    /// The exact value, when proven.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<JsonScore>,
    /// Proven lower bound.
    pub lower: JsonScore,
    /// Proven upper bound.
    pub upper: JsonScore,
    /// Whether everything asked was proven.
    pub complete: bool,
    /// Principal variation, human notation.
    pub pv: Vec<String>,
    /// `game-over`, `repetition` or `truncated`.
    pub pv_end: String,
    /// Every legal move, in legal-move order.
    pub moves: Vec<MoveRecord>,
    /// Positions searched.
    pub nodes: u64,
    /// Milliseconds.
    pub time_ms: u64,
    /// Table statistics.
    pub table: TableRecord,
}

fn result_name(b: &Bounds) -> String {
    b.wld().map_or("unknown", Wld::name).to_owned()
}

impl SolveRecord {
    /// The record of `sol`, for a position where `to_move` (owned by player
    /// `player`, 0-based) is to move on a board of `geo`.
    #[must_use]
    pub fn new(geo: &Geometry, sol: &Solution, to_move: Color, player: usize) -> SolveRecord {
        let moves = sol
            .moves
            .iter()
            .map(|m| MoveRecord {
                mv: notation::human(geo, m.mv),
                result: result_name(&m.bounds),
                value: m.bounds.value().map(JsonScore::from),
                lower: m.bounds.lower.into(),
                upper: m.bounds.upper.into(),
            })
            .collect();
        SolveRecord {
            mode: sol.mode.name().to_owned(),
            to_move: to_move.name().to_owned(),
            player: player + 1,
            result: result_name(&sol.bounds),
            value: sol.bounds.value().map(JsonScore::from),
            lower: sol.bounds.lower.into(),
            upper: sol.bounds.upper.into(),
            complete: sol.complete,
            pv: sol.pv.iter().map(|&m| notation::human(geo, m)).collect(),
            pv_end: sol.pv_end.name().to_owned(),
            moves,
            nodes: sol.stats.nodes,
            time_ms: sol.stats.time.as_millis() as u64,
            table: TableRecord {
                entries: sol.stats.table_entries,
                used_permille: sol.stats.table_used_permille,
                probes: sol.stats.probes,
                hits: sol.stats.hits,
                stores: sol.stats.stores,
            },
        }
    }
}

/// `win by 2`, `draw`, `loss by capture`, or for partial knowledge `win
/// (+1..+30)`, `unknown (-3..+5)`.
fn describe(b: &Bounds) -> String {
    match (b.value(), b.wld()) {
        (Some(v), Some(Wld::Draw)) if v == Score::DRAW => "draw".to_owned(),
        (Some(v), Some(w)) => match v.margin_value() {
            Some(m) => format!("{w} by {}", m.abs()),
            None => format!("{w} by capture"),
        },
        (_, Some(w)) => format!("{w} ({b})"),
        (_, None) => format!("unknown ({b})"),
    }
}

/// The solution as text (see the module documentation).
#[must_use]
pub fn render_text(geo: &Geometry, sol: &Solution, to_move: Color, player: usize) -> String {
    let mut out = String::new();
    let mode = match sol.mode {
        Mode::Exact => "exact solve",
        Mode::Wld => "win/draw/loss solve",
    };
    let colour = to_move.name().to_owned();
    let _ = writeln!(out, "to move: {colour} (player {}), {mode}", player + 1);
    let _ = writeln!(out, "result:  {}", describe(&sol.bounds));
    if !sol.complete {
        let _ = writeln!(
            out,
            "         (budget exhausted: not everything was proven)"
        );
    }
    let line: Vec<String> = sol.pv.iter().map(|&m| notation::human(geo, m)).collect();
    let end = match sol.pv_end {
        super::PvEnd::GameOver => "game over",
        super::PvEnd::Repetition => "repeats: endless play",
        super::PvEnd::Truncated => "cut short",
    };
    let _ = writeln!(out, "pv:      {} ({end})", line.join(" "));
    let _ = writeln!(out, "moves:");
    for m in sorted_moves(sol) {
        let b = &m.1;
        let class = b.wld().map_or("?", Wld::name);
        let _ = writeln!(out, "  {:<7} {class:<5} {b}", notation::human(geo, m.0));
    }
    let s = &sol.stats;
    let hits = if s.probes == 0 {
        0.0
    } else {
        s.hits as f64 * 100.0 / s.probes as f64
    };
    let _ = writeln!(
        out,
        "nodes {} in {:.3} s; table {} entries, {:.1}% used, {hits:.1}% hits",
        s.nodes,
        s.time.as_secs_f64(),
        s.table_entries,
        f64::from(s.table_used_permille) / 10.0,
    );
    out
}

/// Root moves best first (by proven lower bound, then upper), ties in legal
/// order.
fn sorted_moves(sol: &Solution) -> Vec<(Move, Bounds)> {
    let mut v: Vec<(usize, Move, Bounds)> = sol
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| (i, m.mv, m.bounds))
        .collect();
    v.sort_by(|a, b| (b.2.lower, b.2.upper, a.0).cmp(&(a.2.lower, a.2.upper, b.0)));
    v.into_iter().map(|(_, m, b)| (m, b)).collect()
}
