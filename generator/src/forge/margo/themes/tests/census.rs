//! The detectors on every committed Margo and Spargo puzzle (`puzzles/`):
//! the themes each file lists against the themes the detectors find now.
//! Ignored (it solves every puzzle again); run it with
//! `cargo test -p cannonball --lib themes::tests::census -- --ignored --nocapture`.

use std::collections::BTreeMap;
use std::path::Path;

use rayon::prelude::*;

use crate::forge::margo::themes::{Horizon, MargoCase, SolverOracle, margo_themes};
use crate::puzzle::{self, Line, Objective, Puzzle, Theme, Value};
use crate::solve::Wld;
use crate::solve::margo::Score;
use cannonball_rules::margo::{AnyPosition, Geometry, Move, notation};

/// Nodes per oracle question.
const NODES: u64 = 200_000;

/// The parts of a puzzle file the detectors read.
pub(super) struct FileCase {
    pub position: AnyPosition,
    pub key: Move,
    pub values: Vec<(Move, Score)>,
    pub line: Vec<Move>,
    pub horizon: Option<Horizon>,
}

impl FileCase {
    pub fn case(&self) -> MargoCase<'_> {
        MargoCase {
            position: &self.position,
            key: self.key,
            values: &self.values,
            line: &self.line,
            horizon: self.horizon,
        }
    }
}

fn margo_move(m: &puzzle::Move) -> Option<Move> {
    match m {
        puzzle::Move::Margo(m) => Some(*m),
        puzzle::Move::Margrites(_) => None,
    }
}

/// The main line of a solution tree: the key, its first reply, the answer
/// to it, ..., then the best line the tree ends with (the moves after the
/// colon of its `end`, as far as they read as moves).
fn main_line(geo: &Geometry, solution: &Line) -> Vec<Move> {
    let mut out = Vec::new();
    let mut line = Some(solution);
    while let Some(l) = line {
        out.extend(margo_move(&l.mv));
        let Some(reply) = l.replies.first() else {
            out.extend(written_moves(geo, &l.end));
            break;
        };
        out.extend(margo_move(&reply.mv));
        line = reply.answer.as_deref();
        if line.is_none() {
            out.extend(written_moves(geo, &reply.end));
        }
    }
    out
}

/// The moves written after the colon of a tree's `end` (`black wins: b1 c2`).
fn written_moves(geo: &Geometry, end: &str) -> Vec<Move> {
    let Some((_, moves)) = end.split_once(": ") else {
        return Vec::new();
    };
    moves
        .split_whitespace()
        .map_while(|w| notation::parse_move(geo, w).ok())
        .collect()
}

fn score(v: Value, objective: Objective) -> Score {
    match v {
        Value::Result(Wld::Win) | Value::ByCapture(Wld::Win) => Score::margin(1),
        Value::Result(Wld::Loss) | Value::ByCapture(Wld::Loss) => Score::margin(-1),
        Value::Margin(m) => Score::margin(m),
        Value::Pieces(n) if objective == Objective::Save => Score::margin(-(n as i32)),
        Value::Pieces(n) => Score::margin(n as i32),
        _ => Score::DRAW,
    }
}

/// The case of a Margo or Spargo puzzle file.
pub(super) fn file_case(p: &Puzzle) -> Option<FileCase> {
    let puzzle::Position::Margo(position) = &p.position else {
        return None;
    };
    let horizon = match p.objective {
        Objective::Capture(_) => Some(Horizon::Capture(p.turns)),
        Objective::Save => Some(Horizon::Save(p.turns)),
        _ => None,
    };
    Some(FileCase {
        position: position.clone(),
        key: margo_move(&p.key)?,
        values: p
            .values
            .iter()
            .filter_map(|v| Some((margo_move(&v.mv)?, score(v.value, p.objective))))
            .collect(),
        line: main_line(position.geometry(), &p.solution),
        horizon,
    })
}

/// Every committed puzzle file of `game`, read.
pub(super) fn committed(game: &str) -> Vec<Puzzle> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../puzzles")
        .join(game);
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    paths
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .filter_map(|p| puzzle::read(p).ok())
        .collect()
}

#[test]
#[ignore = "solves every committed puzzle again; run by hand"]
fn committed_puzzles_old_and_new_tags() {
    let mut counts: BTreeMap<(&str, Theme), (u32, u32)> = BTreeMap::new();
    for game in ["spargo", "margo"] {
        let puzzles = committed(game);
        let found: Vec<(String, Vec<Theme>, Vec<Theme>)> = puzzles
            .par_iter()
            .filter_map(|p| {
                let case = file_case(p)?;
                let new = margo_themes(&case.case(), &SolverOracle { nodes: NODES });
                Some((p.id.clone(), p.themes.clone(), new))
            })
            .collect();
        for (id, old, new) in &found {
            for t in old {
                counts.entry((game, *t)).or_default().0 += 1;
            }
            for t in new {
                counts.entry((game, *t)).or_default().1 += 1;
            }
            let lost: Vec<&Theme> = old.iter().filter(|t| !new.contains(t)).collect();
            let gained: Vec<&Theme> = new.iter().filter(|t| !old.contains(t)).collect();
            if !lost.is_empty() || !gained.is_empty() {
                println!("{id}: lost {lost:?} gained {gained:?}");
            }
        }
        println!("{game}: {} puzzles", found.len());
    }
    for ((game, t), (old, new)) in &counts {
        println!("{game} {t}: {old} -> {new}");
    }
}
