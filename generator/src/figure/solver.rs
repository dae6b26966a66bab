//! The solvers as the claim checker sees them: proven answers within a node
//! budget, or "undecided" with what was tried. Nothing is ever assumed.

use crate::margo::{AnyPosition, Move};
use crate::margrites::Position;

use super::claim::Objective;

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

/// Win, draw or loss for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wld {
    /// A win.
    Win,
    /// A draw.
    Draw,
    /// A loss.
    Loss,
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

/// Solves a Margo-family position: exact margins when `exact`, otherwise only
/// win, draw or loss.
///
/// # Errors
/// Why no answer could be had at all (for example, no solver for this game).
pub fn solve_margo(pos: &AnyPosition, exact: bool, budget: &Budget) -> Result<MargoAnswer, String> {
    let _ = (pos, exact, budget);
    Err("the exact Margo solver is not available in this build".to_string())
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
) -> Result<(Within, u64), String> {
    let _ = (pos, objective, turns, budget);
    Err("the Margrites solver is not available in this build".to_string())
}
