//! The Margo and Spargo side of the forge: candidates, proof, and the puzzle
//! file's content.
//!
//! A candidate ([`candidate`]) is turned into its canonical orientation (the
//! mover shown as Black), solved exactly, and kept when one first move wins
//! and no other does (objective `win`) or one first move wins by more than
//! any other (`best-margin`), with at least three wrong first moves to refute.
//! Pieces that do not matter are then taken away one at a time while the
//! answer stays the same ([`minimal::minimise`]), and the smaller position is
//! analysed in full ([`analyse_position`]): every first move's exact value, the
//! solution tree, three tempting tries refuted, the minimality check, themes
//! and difficulty. Nothing is published on a guess: a position any step cannot
//! settle within the node budget is dropped.
//!
//! Capture and save puzzles (`capture:K` and `save` within N moves, from
//! anywhere in a game) are made by [`horizon`] with an exact search to that
//! horizon instead.
//!
//! Everything runs on one thread per candidate with a table kept across the
//! candidate's positions, so a candidate's puzzle and node count are the same
//! on every run.

pub mod analyse;
pub mod candidates;
pub mod horizon;
pub mod ladder;
pub mod minimal;
pub mod players;
pub mod solving;
pub mod sound;
pub mod themes;
pub mod verdict;

use crate::puzzle::margo as spec;
use crate::puzzle::{
    self, Difficulty, GameValue, Line, Minimality, MoveValue, OtherToMove, Provenance, Puzzle,
    Theme, Try, puzzle_id,
};
use cannonball_rules::Game;
use cannonball_rules::margo::AnyPosition;

pub use super::{ForgeError, Forged, Limits, Reject};
use analyse::Question;
pub use candidates::{Candidate, candidate};
use solving::Exact;

/// Pieces the forge may take away from a candidate.
const MAX_REMOVALS: usize = 24;

/// The `index`-th candidate of `seed` made into a puzzle, or why not.
///
/// # Errors
/// The solver cannot run.
pub fn forge_one(game: Game, seed: u64, index: u64, limits: &Limits) -> Result<Forged, ForgeError> {
    let c = if index % 2 == 0 {
        walk_back(game, seed, index, limits)?
    } else {
        candidate(game, seed, index).ok_or(Reject::NoQuestion)
    };
    match c {
        Ok(c) => forge_candidate(game, c, seed, index, limits),
        Err(why) => Ok(Err(why)),
    }
}

/// Plies a backward walk goes at most.
const WALK: usize = 40;
/// Of those, the last plies whose one-piece variations are tried.
const VARIED: usize = 4;

/// Walks a self-play game backwards from its end, and around each position
/// the budget settles tries variations with one piece taken away (either side
/// to move): the first position, in that order, where exactly one of at least
/// four legal moves wins is the candidate. Self-play games between cheap
/// players end in one-sided positions; taking a piece away evens them out.
/// The walk stops at the first position the budget cannot settle
/// ([`Reject::Budget`]); a game with no such position and no candidate is
/// [`Reject::NoQuestion`].
///
/// # Errors
/// The solver cannot run.
fn walk_back(
    game: Game,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Result<Candidate, Reject>, ForgeError> {
    use crate::solve::Wld;
    use crate::solve::margo::Mode;
    let Some((seen, source)) = candidates::game(game, seed, index) else {
        return Ok(Err(Reject::NoQuestion));
    };
    let mut exact = Exact::new(limits.nodes);
    let unique_win = |pos: &AnyPosition, exact: &mut Exact| -> Result<Option<bool>, ForgeError> {
        if pos.outcome().is_some() || pos.legal_moves().len() < analyse::MIN_MOVES {
            return Ok(Some(false));
        }
        Ok(exact.solve(pos, Mode::Wld)?.map(|sol| {
            sol.moves
                .iter()
                .filter(|m| m.bounds.wld() == Some(Wld::Win))
                .count()
                == 1
        }))
    };
    for ply in (seen.len().saturating_sub(WALK)..seen.len()).rev() {
        let pos = &seen[ply];
        match unique_win(pos, &mut exact)? {
            None => return Ok(Err(Reject::Budget)),
            Some(true) => {
                return Ok(Ok(Candidate {
                    position: pos.clone(),
                    source: format!("{source} ply {ply}"),
                    verdict: false,
                }));
            }
            Some(false) => {}
        }
        if ply + VARIED < seen.len() {
            continue;
        }
        for (p, smaller) in minimal::removable(pos) {
            for turn in [false, true] {
                let variant = if turn {
                    // `smaller` has no ko point (see `minimal::without`).
                    match smaller.other_to_move() {
                        Ok(v) => v,
                        Err(_) => continue,
                    }
                } else {
                    smaller.clone()
                };
                if unique_win(&variant, &mut exact)? == Some(true) {
                    let name = pos.geometry().coords(p);
                    return Ok(Ok(Candidate {
                        position: variant,
                        source: format!(
                            "{source} ply {ply} without {name}{}",
                            if turn { ", the other side to move" } else { "" }
                        ),
                        verdict: false,
                    }));
                }
            }
        }
    }
    Ok(Err(Reject::NoQuestion))
}

/// A given candidate made into a puzzle, or why not.
///
/// # Errors
/// The solver cannot run.
pub fn forge_candidate(
    game: Game,
    c: Candidate,
    seed: u64,
    index: u64,
    limits: &Limits,
) -> Result<Forged, ForgeError> {
    let mut exact = Exact::new(limits.nodes);
    let (pos, _) = spec::canonical(&c.position);
    let q = match analyse::question(&pos, &mut exact)? {
        Ok(q) => q,
        Err(why) => return Ok(Err(why)),
    };
    let smaller = minimal::minimise(&pos, &q, c.verdict, &mut exact, MAX_REMOVALS)?;
    let provenance = provenance(c.source, seed, index, limits);
    // The final analysis starts from fresh tables, as `verify` does, so that
    // what the node budget settles is the same in both.
    let mut fresh = Exact::new(limits.nodes);
    match analyse_position(game, &smaller, c.verdict, provenance, limits, &mut fresh) {
        Ok(p) => Ok(p.map(|mut p| {
            p.provenance.solver_nodes += exact.nodes;
            p
        })),
        Err(ForgeError::Unsettled(_)) => Ok(Err(Reject::Budget)),
        Err(e) => Err(e),
    }
}

/// The full puzzle for `pos` (shown as [`spec::presented`] shows it), or why
/// it makes none: no question with a unique key, a key that a reflex player
/// finds, or no genuine try. With `verdict` the puzzle also asks who wins
/// whoever moves next ([`verdict::other_side`]), and makes none where that
/// question does not hold.
///
/// # Errors
/// The solver cannot run, or a position of the tree or the tries is not settled.
pub fn analyse_position(
    game: Game,
    pos: &AnyPosition,
    verdict: bool,
    mut provenance: Provenance,
    limits: &Limits,
    exact: &mut Exact,
) -> Result<Forged, ForgeError> {
    let pos = &spec::presented(pos);
    let q = match analyse::question(pos, exact)? {
        Ok(q) => q,
        Err(why) => return Ok(Err(why)),
    };
    let found_by = ladder::finder(pos, q.key);
    if found_by.by_reflex() {
        return Ok(Err(Reject::Greedy));
    }
    let other_to_move = match (verdict, q.objective) {
        (false, _) => None,
        (true, puzzle::Objective::Win) => match verdict::other_side(pos, exact)? {
            Some(o) => Some(o),
            None => return Ok(Err(Reject::NoQuestion)),
        },
        (true, _) => return Ok(Err(Reject::NoQuestion)),
    };
    let tries = analyse::tries(pos, &q, exact)?;
    if tries.is_empty() {
        return Ok(Err(Reject::NoGenuineTry));
    }
    let solution = analyse::tree(pos, q.key, true, q.objective, limits.turns, exact)?;
    let minimality = minimal::check(pos, &q, verdict, exact)?.minimality("solver");
    let themes = themes::of(pos, &q, themes::budget(limits.nodes));
    let difficulty = analyse::difficulty(found_by, &q, &solution, tries.len());
    let me = pos.to_move();
    let question = match q.objective {
        puzzle::Objective::Win if other_to_move.is_some() => format!(
            "who wins, whoever moves next? And {} to play: find the win.",
            capitalise(&me.to_string())
        ),
        puzzle::Objective::Win => format!("{me} to play and win."),
        _ => format!("{me} to play: find the best move. Who wins, and by how much?"),
    };
    provenance.solver_nodes = exact.nodes;
    let proved = Proved {
        question: capitalise(&question),
        values: analyse::value_records(&q),
        solution,
        tries,
        other_to_move,
        minimality,
        themes,
        difficulty,
        game_value: analyse::whole_game_value(&q),
    };
    Ok(Ok(puzzle_of(game, pos, &q, 0, proved, provenance)))
}

/// What a proved Margo or Spargo puzzle says besides its position, objective,
/// turns and key.
pub(crate) struct Proved {
    /// The question.
    pub(crate) question: String,
    /// Every legal first move and its value.
    pub(crate) values: Vec<MoveValue>,
    /// The solution tree.
    pub(crate) solution: Line,
    /// The refuted tries.
    pub(crate) tries: Vec<Try>,
    /// Who wins whoever moves next: the opponent to move.
    pub(crate) other_to_move: Option<OtherToMove>,
    /// Minimality.
    pub(crate) minimality: Minimality,
    /// Themes.
    pub(crate) themes: Vec<Theme>,
    /// Difficulty.
    pub(crate) difficulty: Difficulty,
    /// The key's worth in the whole game.
    pub(crate) game_value: GameValue,
}

/// The puzzle file of the question `q` on `pos` (in canonical orientation)
/// within `turns` (0: the whole game), its id from the canonical text.
pub(crate) fn puzzle_of(
    game: Game,
    pos: &AnyPosition,
    q: &Question,
    turns: u8,
    proved: Proved,
    provenance: Provenance,
) -> Puzzle {
    let (_, canonical) = spec::canonical(pos);
    Puzzle {
        id: puzzle_id(game, q.objective, turns, &canonical),
        game,
        question: proved.question,
        objective: q.objective,
        turns,
        position: puzzle::Position::Margo(pos.clone()),
        key: puzzle::Move::Margo(q.key),
        game_value: proved.game_value,
        values: proved.values,
        first_turns: 0,
        solution: proved.solution,
        tries: proved.tries,
        other_to_move: proved.other_to_move,
        minimality: proved.minimality,
        themes: proved.themes,
        difficulty: proved.difficulty,
        provenance,
    }
}

/// A new puzzle's provenance (its node count is filled in later); the budget
/// is recorded when it is not the default.
fn provenance(source: String, seed: u64, index: u64, limits: &Limits) -> Provenance {
    Provenance {
        generator: super::generator_version(),
        source,
        seed,
        candidate: index,
        solver_nodes: 0,
        budget: (limits.nodes != Limits::MARGO.nodes).then_some(limits.nodes),
    }
}

/// A Spargo position from a setup text, for the forge's unit tests.
#[cfg(test)]
pub(crate) fn spargo_position(text: &str) -> AnyPosition {
    use cannonball_rules::margo::{Preset, Setup};
    let setup = Setup::parse(Preset::Spargo.rules(), text).unwrap();
    AnyPosition::from_setup(&setup).unwrap()
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// Everything but the provenance recomputed from the file's position (the
/// provenance is copied, with the node count of this run).
///
/// # Errors
/// The position cannot be read, or a position is not settled, or the
/// position asks no question with a unique key any more.
pub fn reanalyse(p: &Puzzle, limits: &Limits) -> Result<Puzzle, ForgeError> {
    let puzzle::Position::Margo(pos) = &p.position else {
        return Err(ForgeError::Field {
            field: "position".into(),
            reason: "not a Margo position".into(),
        });
    };
    // A puzzle forged with a larger budget is re-proved with that budget.
    let limits = &Limits {
        nodes: p.provenance.budget.unwrap_or(limits.nodes),
        ..*limits
    };
    let found = if horizon::Goal::of(p.objective).is_some() {
        if p.turns == 0 {
            return Err(ForgeError::Field {
                field: "turns".into(),
                reason: "a capture or save puzzle needs its turns (1 or more)".into(),
            });
        }
        horizon::analyse_position(
            p.game,
            pos,
            p.objective,
            p.turns,
            p.provenance.clone(),
            limits,
        )?
    } else {
        let mut exact = Exact::new(limits.nodes);
        analyse_position(
            p.game,
            pos,
            p.other_to_move.is_some(),
            p.provenance.clone(),
            limits,
            &mut exact,
        )?
    };
    found.map_err(|r| ForgeError::NotAPuzzle(r.reason().to_owned()))
}
