//! One candidate's solver: a single-threaded exact solver whose table is kept
//! from one position to the next, so the whole analysis of a candidate is
//! reproducible (same positions in the same order give the same node counts).

use crate::margo::{AnyPosition, Move};
use crate::solve::margo::{Options, Score, Solution, Solver};

use super::ForgeError;

/// Exact values with a node budget per position.
#[derive(Debug)]
pub struct Exact {
    solver: Solver,
    /// Nodes searched so far.
    pub nodes: u64,
}

impl Exact {
    /// A solver allowing `nodes` per position.
    #[must_use]
    pub fn new(nodes: u64) -> Exact {
        Exact {
            solver: Solver::new(Options {
                nodes: Some(nodes),
                table_bits: 18,
                threads: 1,
                ..Options::default()
            }),
            nodes: 0,
        }
    }

    /// The solution of `pos` when every move's value is proven; `None` when the
    /// budget ran out.
    ///
    /// # Errors
    /// The solver cannot run.
    pub fn solve(&mut self, pos: &AnyPosition) -> Result<Option<Solution>, ForgeError> {
        let sol = self
            .solver
            .solve(pos, &crate::solve::margo::Progress::default())
            .map_err(|e| ForgeError::Solve(e.to_string()))?;
        self.nodes += sol.stats.nodes;
        Ok(sol.complete.then_some(sol))
    }

    /// The exact value of `pos` for the side to move, when proven.
    ///
    /// # Errors
    /// The solver cannot run.
    pub fn value(&mut self, pos: &AnyPosition) -> Result<Option<Score>, ForgeError> {
        Ok(self.solve(pos)?.and_then(|s| s.value()))
    }
}

/// Every move's exact value, in legal-move order (all proven in a complete solution).
#[must_use]
pub fn move_values(sol: &Solution) -> Vec<(Move, Score)> {
    sol.moves
        .iter()
        .filter_map(|m| m.bounds.value().map(|v| (m.mv, v)))
        .collect()
}

/// A score as files write it: `+3`, `0`, `-2`, `capture-win`, `capture-loss`.
#[must_use]
pub fn score_text(s: Score) -> String {
    match s.margin_value() {
        Some(0) => "0".into(),
        Some(m) => format!("{m:+}"),
        None if s > Score::DRAW => "capture-win".into(),
        None => "capture-loss".into(),
    }
}
