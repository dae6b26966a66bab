//! Horizon puzzles: questions about the next few moves, settled exactly by
//! [`CaptureSearch`] instead of by solving the whole game. A whole Margo game
//! on 5x5 to 7x7 is too long for the win/draw/loss solver to settle from the
//! middlegame; a horizon of two or three moves is settled in milliseconds, so
//! these puzzles can come from anywhere in a game. Two goals ([`Goal`]):
//!
//! - **capture** (objective `capture:K`, `turns: N`): the side to move can
//!   force K of the opponent's pieces off the board within its next N moves,
//!   whatever the opponent answers; exactly one first move does, and every
//!   other first move forces fewer. The puzzle must need the look-ahead: K is
//!   more than any single move removes, or the key itself removes less at
//!   once than some other move does (so taking the most pieces now is not the
//!   answer).
//! - **save** (objective `save`, `turns: N`): after exactly one first move the
//!   opponent cannot force any of the mover's pieces off the board within its
//!   next N moves; after every other first move it can force at least one off.
//!
//! What is counted is pieces removed from the board; pieces left as zombies
//! stay and still score. Both need at least [`MIN_MOVES`] legal moves, and a
//! puzzle uses the smallest N in [`TURNS`] (capture) or [`SAVE_TURNS`] (save)
//! that works.

mod tree;

use crate::forge::margo::themes::{Horizon, joins_one_eyed_groups};
use crate::puzzle::margo as spec;
use crate::puzzle::{self, MoveValue, Objective, Provenance, Value};
use crate::solve::margo::{CaptureSearch, OutOfBudget, Score, plies_of};
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Color, Move};
use cannonball_rules::rng::Rng;

use super::analyse::{MIN_MOVES, Question, difficulty};
use super::candidates::{self, Candidate};
use super::minimal::{self, same_answer};
use super::{
    ForgeError, Forged, Limits, Proved, Reject, capitalise, ladder, puzzle_of, sound, themes,
};
use tree::{removed_by, tree, tries};

/// The horizons of capture puzzles, in the order tried.
pub const TURNS: [u8; 2] = [2, 3];
/// The horizons of save puzzles (the opponent's moves), in the order tried.
pub const SAVE_TURNS: [u8; 3] = [1, 2, 3];

/// What a horizon puzzle asks of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// Force the most of the opponent's pieces off the board.
    Capture,
    /// Lose no piece to the opponent's next moves.
    Save,
}

impl Goal {
    /// The goal of a puzzle objective, if it is a horizon one.
    #[must_use]
    pub fn of(objective: Objective) -> Option<Goal> {
        match objective {
            Objective::Capture(_) => Some(Goal::Capture),
            Objective::Save => Some(Goal::Save),
            _ => None,
        }
    }

    /// The horizons tried, in order.
    #[must_use]
    pub fn turns(self) -> &'static [u8] {
        match self {
            Goal::Capture => &TURNS,
            Goal::Save => &SAVE_TURNS,
        }
    }

    /// The colour whose removed pieces the values count, when `me` moves first.
    fn counted(self, me: Color) -> Color {
        match self {
            Goal::Capture => me.next(2),
            Goal::Save => me,
        }
    }

    /// Plies of the search horizon before the first move is played: the
    /// attacker's N moves and the replies between them (capture), or the first
    /// move and then the opponent's N moves and the answers between (save).
    fn key_plies(self, turns: u8) -> u32 {
        match self {
            Goal::Capture => plies_of(turns),
            Goal::Save => plies_of(turns) + 1,
        }
    }

    /// A count as a [`Score`] for the side to move, higher being better (the
    /// theme detectors compare scores): pieces taken, or minus pieces lost.
    fn score(self, n: u32) -> Score {
        let n = i32::try_from(n).unwrap_or(i32::MAX);
        match self {
            Goal::Capture => Score::margin(n),
            Goal::Save => Score::margin(-n),
        }
    }

    /// The best of the counts `values` for the side that moves at a node of
    /// the tree: the most taken, or the fewest lost.
    fn best(self, values: impl Iterator<Item = u32>) -> Option<u32> {
        match self {
            Goal::Capture => values.max(),
            Goal::Save => values.min(),
        }
    }

    /// The detectors' view of a puzzle with `turns`.
    fn horizon(self, turns: u8) -> Horizon {
        match self {
            Goal::Capture => Horizon::Capture(turns),
            Goal::Save => Horizon::Save(turns),
        }
    }

    /// Every first move's count, in legal-move order.
    fn values(
        self,
        pos: &AnyPosition,
        turns: u8,
        search: &mut CaptureSearch,
    ) -> Result<Vec<(Move, u32)>, OutOfBudget> {
        match self {
            Goal::Capture => search.first_moves(pos, turns),
            Goal::Save => search.save_values(pos, turns),
        }
    }
}

fn count_of(s: Score) -> u32 {
    s.margin_value().map(i32::unsigned_abs).unwrap_or(0)
}

fn unsettled(what: &str) -> ForgeError {
    ForgeError::Unsettled(what.to_owned())
}

/// The question `pos` answers for `goal` with `turns`, when it makes a
/// puzzle (see the module documentation); `None` when it does not or the
/// budget cannot settle it.
///
/// # Errors
/// Never at present; the signature matches the other questions.
pub fn question(
    pos: &AnyPosition,
    goal: Goal,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<Option<Question>, ForgeError> {
    if turns == 0 || pos.outcome().is_some() || pos.legal_moves().len() < MIN_MOVES {
        return Ok(None);
    }
    let Ok(values) = goal.values(pos, turns, search) else {
        return Ok(None);
    };
    let Some(best) = goal.best(values.iter().map(|v| v.1)) else {
        return Ok(None);
    };
    let at_best: Vec<Move> = values.iter().filter(|v| v.1 == best).map(|v| v.0).collect();
    let &[key] = at_best.as_slice() else {
        return Ok(None);
    };
    if matches!(key, Move::Pass | Move::Swap) {
        return Ok(None);
    }
    let objective = match goal {
        Goal::Capture => {
            if best == 0 {
                return Ok(None);
            }
            let Ok(now) = search.first_moves(pos, 1) else {
                return Ok(None);
            };
            let most_now = now.iter().map(|v| v.1).max().unwrap_or(0);
            let key_now = now.iter().find(|v| v.0 == key).map_or(0, |v| v.1);
            if best <= most_now && key_now >= most_now {
                return Ok(None);
            }
            Objective::Capture(u8::try_from(best).unwrap_or(u8::MAX))
        }
        Goal::Save => {
            if best > 0 {
                return Ok(None);
            }
            Objective::Save
        }
    };
    let (after, _) = removed_by(pos, key, goal.counted(pos.to_move()));
    let Ok(rest) = search.line(&after, goal.key_plies(turns) - 1) else {
        return Ok(None);
    };
    let mut line = vec![key];
    line.extend(rest);
    Ok(Some(Question {
        objective,
        key,
        values: values
            .into_iter()
            .map(|(m, v)| (m, goal.score(v)))
            .collect(),
        line,
        at_most: Vec::new(),
    }))
}

/// The first question of `pos` for `goal` over its horizons, with its turns.
///
/// # Errors
/// As [`question`].
pub fn first_question(
    pos: &AnyPosition,
    goal: Goal,
    search: &mut CaptureSearch,
) -> Result<Option<(Question, u8)>, ForgeError> {
    for &turns in goal.turns() {
        if let Some(q) = question(pos, goal, turns, search)? {
            return Ok(Some((q, turns)));
        }
    }
    Ok(None)
}

/// Takes away pieces one at a time while the answer (objective and key) stays
/// the same, at most `rounds` pieces. A key that joins one-eyed groups into a
/// two-eyed one (the stack-join test) must still do so: such positions are
/// rare, and taking an eye's wall away would lose what makes the puzzle. The
/// minimality check still reports every piece whose removal keeps the answer.
///
/// # Errors
/// As [`question`].
pub fn minimise(
    pos: &AnyPosition,
    q: &Question,
    turns: u8,
    search: &mut CaptureSearch,
    rounds: usize,
) -> Result<AnyPosition, ForgeError> {
    let goal = Goal::of(q.objective)
        .ok_or_else(|| ForgeError::Inconsistent("not a horizon objective".into()))?;
    let joins = joins_one_eyed_groups(pos, q.key);
    let mut cur = pos.clone();
    'outer: for _ in 0..rounds {
        for (_, smaller) in minimal::removable(&cur) {
            if joins && !joins_one_eyed_groups(&smaller, q.key) {
                continue;
            }
            if same_answer(q, question(&smaller, goal, turns, search)?.as_ref()) {
                cur = smaller;
                continue 'outer;
            }
        }
        break;
    }
    Ok(cur)
}

/// Whether no piece can go: the pieces whose removal keeps the answer, and
/// those the search could not settle.
///
/// # Errors
/// As [`question`].
fn check_minimal(
    pos: &AnyPosition,
    q: &Question,
    goal: Goal,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<minimal::Check, ForgeError> {
    let geo = pos.geometry();
    let mut check = minimal::Check {
        superfluous: Vec::new(),
        unsettled: Vec::new(),
    };
    for (p, smaller) in minimal::removable(pos) {
        let name = geo.coords(p).to_string();
        if smaller.outcome().is_some() || smaller.legal_moves().len() < MIN_MOVES {
            continue;
        }
        if goal.values(&smaller, turns, search).is_err() {
            check.unsettled.push(name);
        } else if same_answer(q, question(&smaller, goal, turns, search)?.as_ref()) {
            check.superfluous.push(name);
        }
    }
    Ok(check)
}

/// The question as the reader sees it.
fn question_text(goal: Goal, me: Color, k: u32, turns: u8) -> String {
    let (me, them) = (
        capitalise(&me.to_string()),
        capitalise(&me.next(2).to_string()),
    );
    let plural = |n: u32, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    match goal {
        Goal::Capture => format!(
            "{me} to play and take {} off the board within {turns} moves.",
            plural(k, &format!("{them} piece"))
        ),
        Goal::Save => format!(
            "{me} to play so that {them} cannot take a {me} piece off the board within {}.",
            plural(u32::from(turns), "move")
        ),
    }
}

/// The horizon puzzle for `pos` (shown as [`spec::presented`] shows it) with
/// `objective` (`capture:K` or `save`) and `turns`, or why it makes none: no
/// such question, a key a reflex player finds, no genuine try, or a key that
/// is worse in the whole game than another first move ([`sound`]).
///
/// # Errors
/// A position of the tree or the tries is not settled within the budget, or
/// the objective is not a horizon one.
pub fn analyse_position(
    game: Game,
    pos: &AnyPosition,
    objective: Objective,
    turns: u8,
    mut provenance: Provenance,
    limits: &Limits,
) -> Result<Forged, ForgeError> {
    let goal = Goal::of(objective).ok_or_else(|| ForgeError::Field {
        field: "objective".into(),
        reason: format!("`{objective}` is not a capture or save objective"),
    })?;
    let pos = &spec::presented(pos);
    let mut search = CaptureSearch::new(limits.nodes);
    let Some(q) = question(pos, goal, turns, &mut search)? else {
        return Ok(Err(Reject::NoQuestion));
    };
    let found_by = ladder::finder(pos, q.key);
    if found_by.by_reflex() {
        return Ok(Err(Reject::Greedy));
    }
    let tries = tries(pos, &q, goal, turns, &mut search)?;
    if tries.is_empty() {
        return Ok(Err(Reject::NoGenuineTry));
    }
    let game_value = match sound::soundness(pos, q.key, limits.nodes)?.check() {
        Ok(v) => v,
        Err(r) => return Ok(Err(r)),
    };
    let solution = tree(pos, q.key, goal, turns, limits.turns, &mut search)?;
    let minimality = check_minimal(pos, &q, goal, turns, &mut search)?.minimality("search");
    let themes = themes::of_horizon(pos, &q, goal.horizon(turns), themes::budget(limits.nodes));
    let difficulty = difficulty(found_by, &q, &solution, tries.len());
    let k = count_of(
        q.values
            .iter()
            .find(|v| v.0 == q.key)
            .map_or(Score::DRAW, |v| v.1),
    );
    provenance.solver_nodes = search.nodes;
    let proved = Proved {
        question: question_text(goal, pos.to_move(), k, turns),
        values: q
            .values
            .iter()
            .map(|&(m, v)| MoveValue {
                mv: puzzle::Move::Margo(m),
                value: Value::Pieces(count_of(v)),
            })
            .collect(),
        solution,
        tries,
        other_to_move: None,
        minimality,
        game_value,
        themes,
        difficulty,
    };
    Ok(Ok(puzzle_of(game, pos, &q, turns, proved, provenance)))
}

/// Pieces the forge may take away from a candidate.
const MAX_REMOVALS: usize = 40;

/// Plies of a game after which candidates are looked for at most.
const SCAN: usize = 24;

/// Which positions of a self-play game are candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// From a ply drawn in the last three quarters of the game, the next
    /// [`SCAN`] positions.
    Window,
    /// Every position of the game where the mover has a stack-join move
    /// ([`crate::forge::margo::themes::joins_one_eyed_groups`]).
    StackJoin,
}

/// The `index`-th candidate of `seed` for `goal` made into a puzzle, or why
/// not: from a self-play game ([`candidates::game`]), the first position
/// `source` offers that asks the goal's question.
///
/// # Errors
/// The solver cannot run.
pub fn forge_one(
    game: Game,
    goal: Goal,
    source: Source,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Forged, ForgeError> {
    let Some((seen, from)) = candidates::game(game, seed, index) else {
        return Ok(Err(Reject::NoQuestion));
    };
    let (start, take) = match source {
        Source::Window => {
            let mut rng = Rng::seed_from(seed ^ 0x4341_5054).fork(index);
            (
                seen.len() / 4 + rng.index((seen.len() * 3 / 4).max(1)),
                SCAN,
            )
        }
        Source::StackJoin => (0, seen.len()),
    };
    for (ply, pos) in seen.iter().enumerate().skip(start).take(take) {
        if source == Source::StackJoin
            && !pos
                .legal_moves()
                .into_iter()
                .any(|m| joins_one_eyed_groups(pos, m))
        {
            continue;
        }
        let mut search = CaptureSearch::new(limits.nodes);
        if first_question(pos, goal, &mut search)?.is_some() {
            let c = Candidate {
                position: pos.clone(),
                source: format!("{from} ply {ply}"),
                verdict: false,
            };
            return forge_candidate(game, goal, c, seed, index, limits);
        }
    }
    Ok(Err(Reject::NoQuestion))
}

/// A given candidate made into a puzzle for `goal`, or why not.
///
/// # Errors
/// The solver cannot run.
pub fn forge_candidate(
    game: Game,
    goal: Goal,
    c: Candidate,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Forged, ForgeError> {
    let mut search = CaptureSearch::new(limits.nodes);
    let (pos, _) = spec::canonical(&c.position);
    let Some((q, turns)) = first_question(&pos, goal, &mut search)? else {
        return Ok(Err(Reject::NoQuestion));
    };
    let smaller = minimise(&pos, &q, turns, &mut search, MAX_REMOVALS)?;
    let (pos, _) = spec::canonical(&smaller);
    let provenance = super::provenance(c.source, seed, index, limits);
    // The final analysis starts from a fresh table, as `verify` does.
    match analyse_position(game, &pos, q.objective, turns, provenance, limits) {
        Ok(p) => Ok(p.map(|mut p| {
            p.provenance.solver_nodes += search.nodes;
            p
        })),
        Err(ForgeError::Unsettled(_)) => Ok(Err(Reject::Budget)),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests;
