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
//! objectives are tried for N = 1, 2, ... up to [`Limits::turns`], in the
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
pub mod difficulty;
pub mod themes;
pub mod tree;

use crate::puzzle::margrites::{canonical, canonical_text, position_spec};
use crate::puzzle::{self, PositionError, Provenance, Puzzle, puzzle_id};
use cannonball_rules::Game;
use cannonball_rules::margrites::Position;

pub use super::{ForgeError, Limits};
pub use analyse::{Analysis, analyse};
pub use candidates::{Candidate, candidate};

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
                    generator: super::generator_version(),
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
    let puzzle::Position::Margrites(pos) = &p.position else {
        return Err(PositionError {
            field: "black",
            reason: "not a Margrites position".into(),
        }
        .into());
    };
    let pos = *pos;
    analyse::margrites_objective(p.objective)?;
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
    out.position = puzzle::Position::Margrites(pos);
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
        game_value: puzzle::GameValue::Unknown,
        question: a.question,
        objective: a.objective,
        turns: a.turns,
        position: puzzle::Position::Margrites(*pos),
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
