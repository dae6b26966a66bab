//! Theme detectors. Each looks at the puzzle position, its objective and the
//! key turn (its steps replayed through the engine); the definitions here are
//! the ones the book's theme page states.
//!
//! - [`chain_capture`]: the key turn captures two or more enemy pieces and at
//!   least one of them falls *because* an earlier one fell in the same turn:
//!   either in a later round of one step's cascade (in Margrites a piece left
//!   standing by one round can only fall in the next because one of its allies
//!   was removed), or at a later step while it touched a piece captured at an
//!   earlier step, and it would not fall at that step were that piece put back
//!   (when its square has been filled since, touching is enough).
//! - [`trap`]: the objective is `trap`, or after the key turn the game goes on
//!   and the opponent has no legal first step.
//! - [`sacrifice_to_end`]: the objective is to win the game, and one of the
//!   attacker's own pieces is captured during the key turn.
//! - [`score_race`]: the attacker races to score (objective `score:K`, or
//!   objective win with a key turn that scores) while the opponent, were it to
//!   move in the puzzle position instead, could score within one turn.
//! - [`martyrdom_path`]: in the key turn a piece takes a step that brings it no
//!   closer to where it ends the turn (king-move distance; for a piece that
//!   scores, the steps still needed to leave the board) at a moment when every
//!   step that would bring it closer is illegal, at least one of them as
//!   martyrdom: the route is indirect because the direct step would be
//!   martyrdom.

use crate::margrites::IllegalStep;
use crate::margrites::capture::resolve;
use crate::margrites::{Color, Diagram, Position, Square, SquareSet, Step};
use crate::puzzle::Objective;
use crate::solve::margrites::{self as solver, Answer};

use super::ForgeError;
use super::analyse::Runner;

/// Every theme slug, in the order files list them.
pub const ALL: [&str; 5] = [
    "chain-capture",
    "trap",
    "sacrifice-to-end",
    "score-race",
    "martyrdom-path",
];

/// One played step: the position before it, the step and what it removed.
struct Played {
    before: Position,
    step: Step,
    rounds: Vec<SquareSet>,
}

fn replay(pos: &Position, steps: &[Step]) -> (Vec<Played>, Position) {
    let mut p = *pos;
    let mut out = Vec::new();
    for &step in steps {
        let before = p;
        let report = p.play_step_unchecked(step);
        out.push(Played {
            before,
            step,
            rounds: report.cascade.rounds().to_vec(),
        });
    }
    if !p.is_over() {
        p.end_turn_unchecked();
    }
    (out, p)
}

/// Whether the key turn is a chain capture (see the module docs).
#[must_use]
pub fn chain_capture(pos: &Position, key: &[Step]) -> bool {
    let me = pos.to_move();
    let enemy = me.other();
    let (played, _) = replay(pos, key);
    // (step index, square) of every enemy capture.
    let mut fallen: Vec<(usize, Square)> = Vec::new();
    let mut chained = false;
    for (i, p) in played.iter().enumerate() {
        let theirs: Vec<SquareSet> = p
            .rounds
            .iter()
            .map(|r| r.intersect(p.before.pieces(enemy)))
            .collect();
        // A later round took an enemy piece: its ally fell in the round before.
        if theirs.iter().skip(1).any(|r| !r.is_empty()) {
            chained = true;
        }
        for q in theirs.iter().flat_map(|s| *s) {
            for &(j, earlier) in &fallen {
                if j < i && earlier.touches(q) && !falls_with(&p.before, p.step, earlier, q) {
                    chained = true;
                }
            }
        }
        for s in theirs {
            fallen.extend(s.map(|q| (i, q)));
        }
    }
    chained && fallen.len() >= 2
}

/// Whether `q` still falls at `step` from `before` with an enemy piece put back
/// on `earlier`; false when that square has been taken since (touching is then
/// enough to count the capture as chained).
fn falls_with(before: &Position, step: Step, earlier: Square, q: Square) -> bool {
    let me = before.to_move();
    if before.occupied().contains(earlier) {
        return false;
    }
    let mut pieces = before.board();
    *pieces.get_mut(me.other()) = pieces.get(me.other()).with(earlier);
    let own = pieces.get_mut(me);
    match step {
        Step::Move { from, to } => *own = own.without(from).with(to),
        Step::Score { from } => *own = own.without(from),
        Step::Return { to } => *own = own.with(to),
    }
    resolve(&mut pieces).all().contains(q)
}

/// Whether the key turn traps (see the module docs).
#[must_use]
pub fn trap(pos: &Position, objective: Objective, key: &[Step]) -> bool {
    if objective == Objective::Trap {
        return true;
    }
    let (_, after) = replay(pos, key);
    !after.is_over() && after.to_move() != pos.to_move() && !after.has_legal_step()
}

/// Whether the key turn sacrifices to end the game (see the module docs).
#[must_use]
pub fn sacrifice_to_end(pos: &Position, objective: Objective, key: &[Step]) -> bool {
    if objective != Objective::WinWithin {
        return false;
    }
    let me = pos.to_move();
    let (played, _) = replay(pos, key);
    played.iter().any(|p| {
        p.rounds
            .iter()
            .any(|r| !r.intersect(p.before.pieces(me)).is_empty())
    })
}

/// The puzzle position with the other side to move: what the opponent could do
/// were the attacker to pass.
fn passed(pos: &Position) -> Option<Position> {
    let d = Diagram {
        pieces: pos.board().map(Iterator::collect::<Vec<Square>>),
        to_move: pos.to_move().other(),
        turn: if pos.to_move() == Color::Black { 2 } else { 1 },
        standings: pos.standings(),
    };
    Position::from_diagram(&d, pos.options()).ok()
}

/// Whether the key turn wins a score race (see the module docs); the threat is
/// decided by a one-turn solve, and undecided counts as no.
pub(crate) fn score_race(
    run: &mut Runner,
    pos: &Position,
    objective: Objective,
    key: &[Step],
) -> Result<bool, ForgeError> {
    let racing = match objective {
        Objective::Score(_) => true,
        Objective::WinWithin => key.iter().any(|s| matches!(s, Step::Score { .. })),
        _ => false,
    };
    if !racing {
        return Ok(false);
    }
    let Some(other) = passed(pos) else {
        return Ok(false);
    };
    if !other.has_legal_step() {
        return Ok(false);
    }
    let r = run.solve(&other, solver::Objective::Score(1), 1, false)?;
    Ok(r.answer == Answer::Yes)
}

/// King-move distance from `sq` to `target`, or with `target` `None` (the
/// piece scores) the steps needed to leave the board over `side`'s scoring edge.
fn distance(sq: Square, target: Option<Square>, side: Color) -> u8 {
    match target {
        Some(t) => sq
            .file()
            .abs_diff(t.file())
            .max(sq.rank().abs_diff(t.rank())),
        None => sq.rank().abs_diff(side.scoring_rank()) + 1,
    }
}

/// Whether the key turn takes a path around a martyrdom (see the module docs).
#[must_use]
pub fn martyrdom_path(pos: &Position, key: &[Step]) -> bool {
    let me = pos.to_move();
    let (played, _) = replay(pos, key);
    // Where each moving piece ends the turn: follow it through the steps.
    let end_of = |from_index: usize, sq: Square| -> Option<Square> {
        let mut at = sq;
        for p in &played[from_index..] {
            match p.step {
                Step::Move { from, to } if from == at => at = to,
                Step::Score { from } if from == at => return None,
                _ => {}
            }
        }
        Some(at)
    };
    played.iter().enumerate().any(|(i, p)| {
        let Step::Move { from, to } = p.step else {
            return false;
        };
        let target = end_of(i, from);
        let here = distance(from, target, me);
        if distance(to, target, me) < here {
            return false;
        }
        let closer: Vec<Square> = Square::all()
            .filter(|&y| y.touches(from) && distance(y, target, me) < here)
            .collect();
        let checks: Vec<Result<(), IllegalStep>> = closer
            .iter()
            .map(|&y| p.before.check_step(Step::Move { from, to: y }))
            .collect();
        checks.iter().all(Result::is_err)
            && checks
                .iter()
                .any(|c| matches!(c, Err(IllegalStep::Martyrdom(_))))
    })
}

/// The themes of a puzzle, in the order of [`ALL`].
///
/// # Errors
/// The solver refusing a position (for the score race's threat).
pub(crate) fn detect(
    run: &mut Runner,
    pos: &Position,
    objective: Objective,
    key: &[Step],
) -> Result<Vec<String>, ForgeError> {
    let found = [
        chain_capture(pos, key),
        trap(pos, objective, key),
        sacrifice_to_end(pos, objective, key),
        score_race(run, pos, objective, key)?,
        martyrdom_path(pos, key),
    ];
    Ok(ALL
        .iter()
        .zip(found)
        .filter(|(_, f)| *f)
        .map(|(s, _)| (*s).to_string())
        .collect())
}
