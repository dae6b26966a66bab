//! The solvers as the claim checker sees them: proven answers within a node
//! budget, or "undecided" with what was tried. Nothing is ever assumed.

use crate::solve::margo as margo_solver;
use crate::solve::margrites as margrites_solver;
use cannonball_rules::margo::{AnyPosition, Move};
use cannonball_rules::margrites::Position;

use super::claim::Objective;
use crate::solve::{SolveError, Wld};

/// Node budgets for the solvers, per claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Nodes for the Margo/Spargo exact solver.
    pub margo_nodes: u64,
    /// Nodes (distinct turns) for the Margrites solver.
    pub margrites_nodes: u64,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            margo_nodes: 20_000_000,
            margrites_nodes: 2_000_000,
        }
    }
}

/// What is proven about a value, for the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Proven {
    /// Win, draw or loss, when proven.
    pub wld: Option<Wld>,
    /// The exact final margin, when proven (not for wins by capture).
    pub margin: Option<i32>,
    /// The value is a win or loss by `single_capture`.
    pub capture: bool,
}

/// A Margo solve: the root and each legal move (values for the side to move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MargoAnswer {
    /// The position's value.
    pub root: Proven,
    /// Every legal move with its value.
    pub moves: Vec<(Move, Proven)>,
    /// Whether everything asked was proven.
    pub complete: bool,
    /// Nodes searched.
    pub nodes: u64,
}

fn proven(b: &margo_solver::Bounds) -> Proven {
    let value = b.value();
    Proven {
        wld: b.wld(),
        margin: value.and_then(margo_solver::Score::margin_value),
        capture: value.is_some_and(margo_solver::Score::is_capture),
    }
}

/// Solves a Margo-family position with the exact solver: exact margins when
/// `exact`, otherwise only win, draw or loss. One thread, so node counts (and
/// what a budget decides) are the same on every run.
///
/// # Errors
/// Why no answer could be had at all (more than two players).
pub fn solve_margo(
    pos: &AnyPosition,
    exact: bool,
    budget: &Budget,
) -> Result<MargoAnswer, SolveError> {
    let opts = margo_solver::Options {
        mode: if exact {
            margo_solver::Mode::Exact
        } else {
            margo_solver::Mode::Wld
        },
        nodes: Some(budget.margo_nodes),
        time: None,
        table_bits: 20,
        threads: 1,
        symmetry: true,
        deepening: true,
        principal_variation: false,
        only_best: false,
        settle: margo_solver::Settle::Every,
        reply_plies: None,
    };
    let sol = margo_solver::solve(pos, &opts)?;
    Ok(MargoAnswer {
        root: proven(&sol.bounds),
        moves: sol
            .moves
            .iter()
            .map(|m| (m.mv, proven(&m.bounds)))
            .collect(),
        complete: sol.complete,
        nodes: sol.stats.nodes,
    })
}

/// The answer to "can the side to move reach the objective within N turns?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Within {
    /// Yes, whatever the opponent does.
    Yes,
    /// No: the opponent can prevent it.
    No,
    /// The budget ran out.
    Unknown,
}

/// Solves a Margrites objective within `turns` of the mover's turns.
///
/// # Errors
/// Why no answer could be had (game over, turn limit out of range).
pub fn solve_within(
    pos: &Position,
    objective: Objective,
    turns: u8,
    budget: &Budget,
) -> Result<(Within, u64), SolveError> {
    let limits = margrites_solver::Limits {
        nodes: Some(budget.margrites_nodes),
        positions: None,
        time: None,
        proofs: 0,
        defences: 0,
        tries: 0,
    };
    let report = margrites_solver::solve(pos, objective, turns, &limits, &|_, _, _| {})?;
    let answer = match report.answer {
        margrites_solver::Answer::Yes => Within::Yes,
        margrites_solver::Answer::No => Within::No,
        margrites_solver::Answer::Unknown => Within::Unknown,
    };
    Ok((answer, report.stats.nodes))
}
