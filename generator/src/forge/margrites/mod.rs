//! The Margrites side of the puzzle forge: candidate positions, the search for
//! an objective that makes a puzzle, and the proved puzzle itself.
//!
//! The driver calls [`candidate`], [`forge_one`] and [`reanalyse`]; everything
//! is deterministic: every solve runs on one thread with a node budget only
//! (no time limit), so the same seed, index and limits give the same bytes.
//!
//! # What makes a puzzle
//!
//! For a candidate position (as a puzzle shows it: [`presented`], the
//! canonical orientation with the colours exchanged for about half), the
//! objectives are found for N = 1, 2, ... up to [`Limits::turns`], in the
//! order win-within, trap, capture:k, score:k (k: the most pieces or points
//! reachable within N turns, trying k = 1, 2, ... until the answer is no);
//! [`forge_candidate`] then analyses them the longest first (a puzzle of two
//! turns, where the defender's reply matters, is preferred to one of one). An
//! objective within N turns makes a puzzle when all of this holds, else the
//! candidate is turned down for the [`Reject`] reason named:
//!
//! - **Tight** (no-question): it cannot be reached within N - 1 turns (for
//!   capture:k and score:k, k is more than N - 1 turns can reach).
//! - **Unique key** (no-question): exactly one distinct winning first turn
//!   (turns that leave the same position are one answer), the list proved
//!   complete (budget, when a solve is undecided).
//! - **Not a plain run** (no-question): a one-turn score or win key that
//!   only runs pieces off the board by their fewest empty-board steps
//!   ([`analyse::plain_run`]) asks nothing.
//! - **Not found by reflex** (greedy): neither the greedy nor the one-ply
//!   player of the [`ladder`] finds the key; `found-by` names the weakest
//!   player that does (two-ply, search) or nobody.
//! - **Sound** (unsound): the key does not throw away a win nor lose the game
//!   within the horizon of [`sound`]; the key's game value is stored.
//! - **Genuine tries** (no-genuine-try): at least one wrong first turn tempts
//!   for a computed reason ([`tries`]); at most three are listed.
//! - The proof tree is complete (budget otherwise).
//!
//! Among the objectives that make a puzzle, the first whose key is *proved*
//! sound (both soundness solves decided) is kept; failing that, the first.
//! The file then gets the solution tree ([`tree`]), minimality (each piece
//! taken away in turn, the missing piece counted as captured by the
//! opponent), themes ([`themes`]) and the difficulty ([`difficulty`]).
//!
//! Answers the budget cannot decide are dropped, never published.

pub mod analyse;
pub mod candidates;
pub mod difficulty;
pub mod ladder;
pub mod motif;
pub mod sound;
pub mod themes;
pub mod tree;
pub mod tries;

use crate::puzzle::margrites::{canonical, canonical_text, position_spec, presented};
use crate::puzzle::{self, PositionError, Provenance, Puzzle, puzzle_id};
use cannonball_rules::Game;
use cannonball_rules::margrites::Position;

pub use super::{ForgeError, Forged, Limits, Reject};
pub use analyse::{Analysis, Turned, analyse};
pub use candidates::{Candidate, Stream, candidate, candidate_in};
pub use motif::motif;

/// Analyses the `index`-th candidate of `seed`'s stream: the first objective
/// (see the module docs) that makes a puzzle, complete with id, themes,
/// difficulty and provenance; `Ok(None)` when none does or the candidate is
/// unusable. [`forge_candidate`] says why.
///
/// # Errors
/// Only on an internal inconsistency (the solver refusing a live position, a
/// solver turn that does not replay); a candidate that simply makes no puzzle
/// is `Ok(None)`.
pub fn forge_one(seed: u64, index: u64, limits: &Limits) -> Result<Option<Puzzle>, ForgeError> {
    Ok(forge_candidate(seed, index, limits)?.ok())
}

/// Like [`forge_one`], with the reason a candidate makes no puzzle: the
/// reason of the objective that came furthest through the checks (unsound
/// before greedy before no genuine try before budget before no question).
///
/// # Errors
/// As [`forge_one`].
pub fn forge_candidate(seed: u64, index: u64, limits: &Limits) -> Result<Forged, ForgeError> {
    forge_candidate_in(Stream::Mixed, seed, index, limits)
}

/// [`forge_candidate`] for the `index`-th candidate of `seed` in `stream`.
///
/// # Errors
/// As [`forge_one`].
pub fn forge_candidate_in(
    stream: Stream,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Forged, ForgeError> {
    let Some(c) = candidate_in(stream, seed, index) else {
        return Ok(Err(Reject::NoQuestion));
    };
    let pos = presented(&c.position)?;
    let mut objectives = analyse::objectives(&pos, limits)?;
    // The longest first: the defender's reply matters.
    objectives.sort_by_key(|(_, turns)| std::cmp::Reverse(*turns));
    let mut fallback = None;
    let mut why = Reject::NoQuestion;
    for (objective, turns) in objectives {
        match analyse(&pos, objective, turns, limits)? {
            // A race puzzle whose try wins the game at once (capturing the
            // opponent's last pieces, say) rewards the worse game move.
            Ok(a) if stream != Stream::Mixed && a.tries.iter().any(|t| wins_at_once(&pos, t)) => {
                why = stronger(why, Reject::NoGenuineTry);
            }
            Ok(a) if a.sound_proved => {
                fallback = Some(a);
                break;
            }
            Ok(a) => {
                fallback.get_or_insert(a);
            }
            Err(t) => why = stronger(why, t.reject),
        }
    }
    let Some(a) = fallback else {
        return Ok(Err(why));
    };
    Ok(Ok(to_puzzle(&pos, a, |nodes| Provenance {
        generator: super::generator_version(),
        source: c.source.clone(),
        seed,
        candidate: index,
        solver_nodes: nodes,
        budget: None,
    })?))
}

/// Whether the try `t` ends the game with a win for the side to move of
/// `pos`.
fn wins_at_once(pos: &Position, t: &puzzle::Try) -> bool {
    let puzzle::Move::Margrites(turn) = &t.mv else {
        return false;
    };
    turn.play(pos).is_ok_and(|(_, after)| {
        after
            .result()
            .is_some_and(|r| r.winner == Some(pos.to_move()))
    })
}

/// The reason of the objective that came further through the checks.
fn stronger(a: Reject, b: Reject) -> Reject {
    let rank = |r: Reject| match r {
        Reject::NoQuestion => 0,
        Reject::Budget => 1,
        Reject::Greedy => 2,
        Reject::Unsound => 3,
        Reject::NoGenuineTry => 4,
        Reject::Duplicate | Reject::MotifCap => 5,
    };
    if rank(b) > rank(a) { b } else { a }
}

/// Recomputes every field but provenance from the file's position, objective
/// and turns; provenance is copied but for `solver-nodes`, recomputed. For a
/// right puzzle the result equals `p` field by field but for the node count
/// (which falls when the analysis is made cheaper).
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
    // Shown as every puzzle of this position is shown: a file in another
    // orientation or with its colours exchanged is rewritten by
    // `verify --rewrite` and reported by `verify`.
    let pos = presented(pos)?;
    analyse::margrites_objective(p.objective)?;
    if p.turns == 0 || p.turns > crate::solve::margrites::MAX_TURNS {
        return Err(ForgeError::Turns(p.turns));
    }
    let a = analyse(&pos, p.objective, p.turns, limits)?
        .map_err(|t| ForgeError::NotAPuzzle(t.to_string()))?;
    to_puzzle(&pos, a, |nodes| Provenance {
        solver_nodes: nodes,
        ..p.provenance.clone()
    })
}

/// The puzzle of `pos` as shown; its id hashes the canonical image's text.
///
/// # Errors
/// As [`canonical`] (never for a position at the start of a turn).
fn to_puzzle(
    pos: &Position,
    a: Analysis,
    provenance: impl FnOnce(u64) -> Provenance,
) -> Result<Puzzle, ForgeError> {
    let canon = position_spec(&canonical(pos)?);
    Ok(Puzzle {
        id: puzzle_id(
            Game::Margrites,
            a.objective,
            a.turns,
            &canonical_text(&canon),
        ),
        game: Game::Margrites,
        game_value: a.game_value,
        question: a.question,
        objective: a.objective,
        turns: a.turns,
        position: puzzle::Position::Margrites(*pos),
        key: a.key,
        values: a.values,
        first_turns: a.first_turns,
        solution: a.solution,
        tries: a.tries,
        other_to_move: None,
        minimality: a.minimality,
        themes: a.themes,
        difficulty: a.difficulty,
        provenance: provenance(a.nodes),
    })
}

#[cfg(test)]
mod batch;

/// A position for the tests: the pieces and score line as files write them,
/// Black to move.
#[cfg(test)]
pub(crate) fn test_position(black: &str, white: &str, score: &str) -> Position {
    test_position_to_move(black, white, score, "black")
}

/// [`test_position`] with `to_move` (`black` or `white`) to move.
#[cfg(test)]
pub(crate) fn test_position_to_move(
    black: &str,
    white: &str,
    score: &str,
    to_move: &str,
) -> Position {
    puzzle::margrites::parse_position(&puzzle::MargritesPosition {
        options: String::new(),
        black: black.into(),
        white: white.into(),
        score: score.into(),
        to_move: to_move.into(),
    })
    .expect("a test position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{Try, Value};

    fn a_try(turn: &str) -> Try {
        Try {
            mv: puzzle::Move::Margrites(turn.parse().expect("a turn")),
            tempting: "captures 1".into(),
            value: Value::Reaches(false),
            refutation: Vec::new(),
        }
    }

    /// Taking White's last piece ends the game: a win when Black is ahead
    /// on points, a loss when behind; a turn that leaves both sides pieces
    /// wins nothing at once.
    #[test]
    fn a_try_that_takes_the_last_piece_can_win_at_once() {
        let take = a_try("1. b5>a4; c4>b4(xa3).");
        let ahead = test_position("b5 c4", "a3", "2(6)-1(4)");
        assert!(wins_at_once(&ahead, &take));
        let behind = test_position("b5 c4", "a3", "1(5)-2(5)");
        let puzzle::Move::Margrites(turn) = &take.mv else {
            unreachable!("a Margrites try")
        };
        // The capture ends the game there too: a loss, not a win.
        assert!(turn.play(&behind).expect("legal").1.is_over());
        assert!(!wins_at_once(&behind, &take));
        let run = a_try("1. b5>b6; b6>b7; b7>b8; b8>B++.");
        assert!(!wins_at_once(&ahead, &run));
    }
}
