//! Detector tests: real positions, solved by the exact solver, checked one
//! theme at a time (three positions with the theme and three without, at least).

use crate::solve::margo::{Options, Score, solve};
use cannonball_rules::margo::{AnyPosition, Move, Preset, Rules, Setup, notation};

use super::{MargoCase, Oracle, SolverOracle};

mod capture;
mod census;
mod files;
mod pinned;
mod snapshot;
mod themes;

/// `pairs` as `move=value` in human notation, separated by spaces (for the
/// hand-checking printouts).
pub(super) fn listed<T: std::fmt::Display>(pos: &AnyPosition, pairs: &[(Move, T)]) -> String {
    let geo = pos.geometry();
    pairs
        .iter()
        .map(|(m, v)| format!("{}={v}", notation::human(geo, *m)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The oracle every test uses.
const ORACLE: SolverOracle = SolverOracle { nodes: 2_000_000 };

/// A solved puzzle that owns its parts.
pub(super) struct Owned {
    pub position: AnyPosition,
    pub key: Move,
    pub values: Vec<(Move, Score)>,
    pub line: Vec<Move>,
    /// `Some` for a capture or save case.
    pub horizon: Option<super::Horizon>,
}

impl Owned {
    pub fn case(&self) -> MargoCase<'_> {
        MargoCase {
            position: &self.position,
            key: self.key,
            values: &self.values,
            line: &self.line,
            horizon: self.horizon,
        }
    }

    /// The key in human notation.
    pub fn key_text(&self) -> String {
        notation::human(self.position.geometry(), self.key)
    }
}

/// Margo rules on an `n x n` board (no swap: puzzles start mid-game).
pub(super) fn margo(n: u8) -> Rules {
    let mut r = Preset::Margo.rules();
    r.size = n;
    r.swap = false;
    r
}

/// Solves a position and makes it a case: the values of every first move, the
/// unique best move as the key and the principal variation as the line.
/// `None` when the solver does not settle it or the best move is not unique.
pub(super) fn try_case(position: AnyPosition) -> Option<Owned> {
    try_case_within(position, 2_000_000)
}

/// [`try_case`] with a node budget.
pub(super) fn try_case_within(position: AnyPosition, nodes: u64) -> Option<Owned> {
    let opts = Options {
        nodes: Some(nodes),
        threads: 1,
        table_bits: 18,
        ..Options::default()
    };
    let sol = solve(&position, &opts).ok()?;
    if !sol.complete {
        return None;
    }
    let values: Vec<(Move, Score)> = sol
        .moves
        .iter()
        .map(|m| m.bounds.value().map(|v| (m.mv, v)))
        .collect::<Option<_>>()?;
    let best = values.iter().map(|&(_, v)| v).max()?;
    let mut keys = values.iter().filter(|&&(_, v)| v == best);
    let key = keys.next()?.0;
    if keys.next().is_some() {
        return None;
    }
    Some(Owned {
        position,
        key,
        values,
        line: sol.pv,
        horizon: None,
    })
}

/// The case for a setup written as text; panics (with the reason) on a bad
/// setup, an unsettled solve or a key that is not unique.
pub(super) fn case_for(rules: Rules, text: &str) -> Owned {
    try_case(position(rules, text)).unwrap_or_else(|| panic!("{text}: unsettled or no unique key"))
}

/// The position of a setup written as text; panics (with the reason) on a bad one.
pub(super) fn position(rules: Rules, text: &str) -> AnyPosition {
    let setup = Setup::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    AnyPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Spargo case.
pub(super) fn spargo(text: &str) -> Owned {
    case_for(Preset::Spargo.rules(), text)
}

/// The oracle as a trait object.
pub(super) fn oracle() -> &'static dyn Oracle {
    &ORACLE
}
