//! The Margrites side of the puzzle forge: candidate positions, the search for
//! an objective that makes a puzzle, and the proved puzzle itself.
//!
//! The driver calls [`candidate`], [`forge_one`] and [`reanalyse`]; everything
//! is deterministic: every solve runs on one thread with a node budget only
//! (no time limit), so the same seed, index and limits give the same bytes.
//!
//! # What makes a puzzle
//!
//! For a candidate position (in its [canonical](canonical) orientation), the
//! objectives are tried for N = 1, 2, ... up to [`Limits::max_turns`], in the
//! order win-within, trap, capture:k, score:k (k: the most pieces or points
//! reachable within N turns, trying k = 1, 2, ... until the answer is no). An
//! objective within N turns makes a puzzle when all of this holds:
//!
//! - **Tight**: it cannot be reached within N - 1 turns (for capture:k and
//!   score:k, k is more than N - 1 turns can reach).
//! - **Unique key**: exactly one distinct winning first turn (turns that leave
//!   the same position are one answer), the list proved complete.
//! - **Tries**: at least three wrong first turns, at most five kept, the most
//!   tempting first: the greedy player's choice (the turn with the highest
//!   [`turn_gain`](analyse::turn_gain): captures and points), then by gain.
//!   Within one turn they are chosen among every distinct first turn and need
//!   no refutation (they simply fall short). Within two or more they are the
//!   solver's most promising failing first turns (its ordering favours turns
//!   that capture or score towards the objective), each with the solver's
//!   refuting line.
//! - The proof tree is complete (no budget ran out anywhere).
//!
//! The file then gets the solution tree ([`tree`]), minimality (each piece
//! taken away in turn, the missing piece counted as captured by the opponent),
//! themes ([`themes`]) and the difficulty ([`difficulty`]).
//!
//! Answers the budget cannot decide are dropped, never published.

pub mod analyse;
pub mod candidates;
pub mod canonical;
pub mod difficulty;
pub mod themes;
pub mod tree;

use crate::puzzle::{Objective, PositionSpec, Provenance, Puzzle, puzzle_id};
use crate::solve::SolveError;
use cannonball_rules::Game;
use cannonball_rules::margrites::Position;

pub use analyse::{Analysis, analyse, play_turn};
pub use candidates::{Candidate, candidate};
pub use canonical::{canonical, canonical_text, parse_position, position_spec};

/// Limits for one candidate: the node budget of each `solve::margrites` call
/// (nodes only, so results do not depend on the machine) and the most turns an
/// objective may take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Node budget of each solve (its proof phase gets the same again).
    pub nodes: u64,
    /// The most turns tried (1 to 3 are practical).
    pub max_turns: u8,
}

impl Default for Limits {
    /// 200 000 nodes a solve, objectives within 1 or 2 turns.
    fn default() -> Limits {
        Limits {
            nodes: 200_000,
            max_turns: 2,
        }
    }
}

/// Why a candidate or a puzzle file cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ForgeError {
    /// A field of the file's position is wrong.
    #[error("position.{field}: {reason}")]
    Position {
        /// The field (`black`, `white`, `score`, `to-move`, `options`).
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The objective is not a Margrites one, or its count is out of range.
    #[error(
        "objective: `{0}` is not a Margrites objective (win-within, trap, capture:K, score:K with K from 1 to 8)"
    )]
    Objective(String),
    /// The turns are out of range.
    #[error("turns: {0} is not from 1 to 16")]
    Turns(u8),
    /// A turn written in a line cannot be played.
    #[error("turn `{text}`: {reason}")]
    Turn {
        /// The turn as written.
        text: String,
        /// Why it cannot be played.
        reason: String,
    },
    /// The solver refused the position.
    #[error("solver: {0}")]
    Solve(#[from] SolveError),
    /// The file's position, objective and turns do not make a puzzle (or the
    /// budget cannot prove that they do).
    #[error("not a puzzle: {0}")]
    NotAPuzzle(String),
}

/// The version written into provenance: `cannonball X.Y.Z`.
#[must_use]
pub fn generator_version() -> String {
    format!("cannonball {}", env!("CARGO_PKG_VERSION"))
}

/// Analyses the `index`-th candidate of `seed`'s stream: the first objective
/// (see the module docs) that makes a puzzle, complete with id, themes,
/// difficulty and provenance; `Ok(None)` when none does or the candidate is
/// unusable.
///
/// # Errors
/// Only on an internal inconsistency (the solver refusing a live position, a
/// solver turn that does not replay); a candidate that simply makes no puzzle
/// is `Ok(None)`.
pub fn forge_one(seed: u64, index: u64, limits: &Limits) -> Result<Option<Puzzle>, ForgeError> {
    let Some(c) = candidate(seed, index) else {
        return Ok(None);
    };
    let pos = canonical(&c.position)?;
    for (objective, turns) in analyse::objectives(&pos, limits)? {
        match analyse(&pos, objective, turns, limits)? {
            Ok(a) => {
                return Ok(Some(to_puzzle(&pos, a, |nodes| Provenance {
                    generator: generator_version(),
                    source: c.source.clone(),
                    seed,
                    candidate: index,
                    solver_nodes: nodes,
                    budget: None,
                })));
            }
            Err(_) => continue,
        }
    }
    Ok(None)
}

/// Recomputes every field but provenance from the file's position, objective
/// and turns; provenance is copied but for `solver-nodes`, recomputed. For a
/// right puzzle the result equals `p` field by field.
///
/// # Errors
/// [`ForgeError::Position`] for a bad position, [`ForgeError::Objective`] or
/// [`ForgeError::Turns`] for a bad question, [`ForgeError::NotAPuzzle`] when
/// the position no longer makes a puzzle (with the reason).
pub fn reanalyse(p: &Puzzle, limits: &Limits) -> Result<Puzzle, ForgeError> {
    let PositionSpec::Margrites(spec) = &p.position else {
        return Err(ForgeError::Position {
            field: "black",
            reason: "not a Margrites position".into(),
        });
    };
    let pos = parse_position(spec)?;
    if !matches!(
        p.objective,
        Objective::WinWithin
            | Objective::Trap
            | Objective::Capture(1..=8)
            | Objective::Score(1..=8)
    ) {
        return Err(ForgeError::Objective(p.objective.text()));
    }
    if p.turns == 0 || p.turns > crate::solve::margrites::MAX_TURNS {
        return Err(ForgeError::Turns(p.turns));
    }
    let a = analyse(&pos, p.objective, p.turns, limits)?.map_err(ForgeError::NotAPuzzle)?;
    let mut out = to_puzzle(&pos, a, |nodes| Provenance {
        solver_nodes: nodes,
        ..p.provenance.clone()
    });
    // The position is written as the file has it; a file in another orientation
    // gets another id, which verify reports.
    out.position = PositionSpec::Margrites(position_spec(&pos));
    out.id = puzzle_id(
        Game::Margrites,
        p.objective,
        p.turns,
        &canonical_text(&position_spec(&canonical(&pos)?)),
    );
    Ok(out)
}

fn to_puzzle(pos: &Position, a: Analysis, provenance: impl FnOnce(u64) -> Provenance) -> Puzzle {
    let spec = position_spec(pos);
    Puzzle {
        id: puzzle_id(
            Game::Margrites,
            a.objective,
            a.turns,
            &canonical_text(&spec),
        ),
        game: Game::Margrites,
        question: a.question,
        objective: a.objective,
        turns: a.turns,
        position: PositionSpec::Margrites(spec),
        key: a.key,
        values: a.values,
        first_turns: a.first_turns,
        solution: a.solution,
        tries: a.tries,
        minimality: a.minimality,
        themes: a.themes,
        difficulty: a.difficulty,
        provenance: provenance(a.nodes),
    }
}
