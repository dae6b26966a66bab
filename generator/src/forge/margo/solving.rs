//! One candidate's solvers: single-threaded, with tables kept from one position
//! to the next, so the whole analysis of a candidate is reproducible (the same
//! positions in the same order give the same node counts).
//!
//! Two questions are asked: win, draw or loss ([`Mode::Wld`], searched with
//! windows around 0 — cheap, and all a `win` puzzle needs), and exact margins
//! ([`Mode::Exact`], for `best-margin` puzzles; only the best moves are
//! settled exactly, a move proven worse keeps its upper bound, see
//! [`Options::only_best`]). A win/draw/loss result is
//! carried as the score +1, 0 or -1, and files write it as `win`, `draw`,
//! `loss`.

use crate::puzzle::Value;
use crate::solve::Wld;
use crate::solve::margo::{Mode, Options, Progress, Score, Settle, Solution, Solver};
use cannonball_rules::margo::{AnyPosition, Move};

use super::ForgeError;

/// Solvers with a node budget per position.
#[derive(Debug)]
pub struct Exact {
    wld: Solver,
    exact: Solver,
    /// Nodes searched so far.
    pub nodes: u64,
}

fn solver(nodes: u64, mode: Mode) -> Solver {
    Solver::new(Options {
        mode,
        nodes: Some(nodes),
        table_bits: 18,
        threads: 1,
        only_best: mode == Mode::Exact,
        ..Options::default()
    })
}

impl Exact {
    /// Solvers allowing `nodes` per position.
    #[must_use]
    pub fn new(nodes: u64) -> Exact {
        Exact {
            wld: solver(nodes, Mode::Wld),
            exact: solver(nodes, Mode::Exact),
            nodes: 0,
        }
    }

    /// The solution of `pos` in `mode` when every move is settled; `None` when
    /// the budget ran out.
    ///
    /// # Errors
    /// The solver cannot run.
    pub fn solve(&mut self, pos: &AnyPosition, mode: Mode) -> Result<Option<Solution>, ForgeError> {
        let sol = self.search(pos, mode)?;
        Ok(sol.complete.then_some(sol))
    }

    /// Whether `key` is the only winning move of `pos`: `Some(true)` or
    /// `Some(false)` when proven, `None` when the budget ran out first. The
    /// win/draw/loss solver stops as soon as the answer is known (see
    /// [`Settle::UniqueWin`]), and keeps its table for what follows.
    ///
    /// # Errors
    /// The solver cannot run.
    pub fn unique_win(&mut self, pos: &AnyPosition, key: Move) -> Result<Option<bool>, ForgeError> {
        self.wld.set_settle(Settle::UniqueWin(key));
        let sol = self.wld.solve(pos, &Progress::default());
        self.wld.set_settle(Settle::Every);
        let sol = sol?;
        self.nodes += sol.stats.nodes;
        Ok(sol.unique_win(key))
    }

    /// The solution of `pos` in `mode` as far as the budget got: the root's
    /// value may be proven while some moves are not.
    ///
    /// # Errors
    /// The solver cannot run.
    pub fn search(&mut self, pos: &AnyPosition, mode: Mode) -> Result<Solution, ForgeError> {
        let s = match mode {
            Mode::Wld => &mut self.wld,
            Mode::Exact => &mut self.exact,
        };
        let sol = s.solve(pos, &Progress::default())?;
        self.nodes += sol.stats.nodes;
        Ok(sol)
    }
}

/// The score that stands for a result: +1, 0 or -1.
#[must_use]
pub fn class_score(w: Wld) -> Score {
    match w {
        Wld::Win => Score::margin(1),
        Wld::Draw => Score::DRAW,
        Wld::Loss => Score::margin(-1),
    }
}

/// Every move's settled value, in legal-move order: exact scores, or in
/// [`Mode::Wld`] the result's [`class_score`].
#[must_use]
pub fn move_values(sol: &Solution, mode: Mode) -> Vec<(Move, Score)> {
    sol.moves
        .iter()
        .filter_map(|m| match mode {
            Mode::Exact => m.bounds.value().map(|v| (m.mv, v)),
            Mode::Wld => m.bounds.wld().map(|w| (m.mv, class_score(w))),
        })
        .collect()
}

/// The moves of an exact solution that are settled only as worse than the
/// best: each with its proven upper bound, in legal-move order.
#[must_use]
pub fn bounded_values(sol: &Solution) -> Vec<(Move, Score)> {
    let Some(best) = sol.value() else {
        return Vec::new();
    };
    sol.moves
        .iter()
        .filter(|m| m.bounds.value().is_none() && m.bounds.upper < best)
        .map(|m| (m.mv, m.bounds.upper))
        .collect()
}

/// The position's settled value in `mode` (see [`move_values`]).
#[must_use]
pub fn root_value(sol: &Solution, mode: Mode) -> Option<Score> {
    match mode {
        Mode::Exact => sol.value(),
        Mode::Wld => sol.result().map(class_score),
    }
}

/// A value as files hold it: the result in [`Mode::Wld`]; else the margin,
/// or a win or loss by capture.
#[must_use]
pub fn file_value(s: Score, mode: Mode) -> Value {
    if mode == Mode::Wld {
        return Value::Result(s.wld());
    }
    match s.margin_value() {
        Some(m) => Value::Margin(m),
        None if s > Score::DRAW => Value::ByCapture(Wld::Win),
        None => Value::ByCapture(Wld::Loss),
    }
}
