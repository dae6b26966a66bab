//! The analysis of one position for one objective within N turns: tightness,
//! the unique key, tries, minimality, themes and difficulty, or the reason it
//! is no puzzle.

use crate::forge::Reject;
use crate::puzzle::margrites::play_turn;
use crate::puzzle::{
    self, Difficulty, GameValue, Line, Minimal, Minimality, MoveValue, Objective, Theme, Try, Turn,
    Value,
};
use crate::solve::margrites::{self as solver, Answer, Report};
use cannonball_rules::margrites::turngen::{DistinctTurn, distinct_turns};
use cannonball_rules::margrites::{Color, Diagram, Position, Square, Step};

use super::{ForgeError, Limits, difficulty, ladder, sound, themes, tree, tries};

/// Positions with more distinct first turns than this are only tried for
/// objectives within one turn: deeper searches would not fit the budget.
pub const DEEP_FIRST_TURNS: usize = 4000;

/// Failing first turns the solver is asked to refute.
const TRIES_ASKED: usize = 12;

/// Everything a puzzle file says that follows from the position, the objective
/// and the turns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The objective.
    pub objective: Objective,
    /// The turns.
    pub turns: u8,
    /// The question.
    pub question: String,
    /// The key turn.
    pub key: puzzle::Move,
    /// The winning first turns: only the key, `yes`.
    pub values: Vec<MoveValue>,
    /// Distinct first turns the solver examined.
    pub first_turns: u32,
    /// The solution tree.
    pub solution: Line,
    /// The key's game value ([`sound`]).
    pub game_value: GameValue,
    /// Whether the key is proved sound ([`sound::Judgement::proved`]).
    pub sound_proved: bool,
    /// Genuine tries ([`tries`]).
    pub tries: Vec<Try>,
    /// Minimality.
    pub minimality: Minimality,
    /// Themes.
    pub themes: Vec<Theme>,
    /// Difficulty.
    pub difficulty: Difficulty,
    /// Solver nodes spent on the analysis.
    pub nodes: u64,
}

/// The objective, when it is one of a Margrites puzzle: win, trap, or
/// capture or score from 1 to 8.
///
/// # Errors
/// [`ForgeError::Objective`] for Margo objectives and counts above 8.
pub fn margrites_objective(objective: Objective) -> Result<Objective, ForgeError> {
    match objective {
        Objective::Win | Objective::Trap | Objective::Capture(1..=8) | Objective::Score(1..=8) => {
            Ok(objective)
        }
        other => Err(ForgeError::Objective(other)),
    }
}

/// What is left of `objective` (set at `start`, for the side to move there) in
/// `now`, when that side is to move again: the same objective with the counts
/// still missing; `None` when the counts are already reached.
#[must_use]
pub fn remaining(objective: Objective, start: &Position, now: &Position) -> Option<Objective> {
    let side = start.to_move();
    let (was, is) = (start.standings(), now.standings());
    let (was, is) = (was.get(side), is.get(side));
    let left = |k: u8, was: u8, is: u8| (was + k).checked_sub(is).filter(|l| *l > 0);
    match objective {
        Objective::Capture(k) => left(k, was.captures, is.captures).map(Objective::Capture),
        Objective::Score(k) => left(k, was.points, is.points).map(Objective::Score),
        Objective::Trap => Some(Objective::Trap),
        _ => Some(Objective::Win),
    }
}

thread_local! {
    static POOL: Option<rayon::ThreadPool> =
        rayon::ThreadPoolBuilder::new().num_threads(1).build().ok();
}

/// Runs `f` (a solve) on this thread's one-thread pool.
fn on_one_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    POOL.with(|p| match p {
        Some(pool) => pool.install(f),
        None => f(),
    })
}

/// Runs solves on one thread with the node budget, adding up the nodes.
#[derive(Debug)]
pub(crate) struct Runner {
    budget: u64,
    /// Nodes of every solve so far.
    pub(crate) nodes: u64,
}

impl Runner {
    pub(crate) fn new(limits: &Limits) -> Runner {
        Runner {
            budget: limits.nodes,
            nodes: 0,
        }
    }

    /// A solve; `full` asks for the key's proof (30 defences a node) and
    /// refutations of the most promising failing turns.
    pub(crate) fn solve(
        &mut self,
        pos: &Position,
        objective: Objective,
        turns: u8,
        full: bool,
    ) -> Result<Report, ForgeError> {
        self.solve_with(pos, objective, turns, full, self.budget, None)
    }

    /// A side solve (soundness, tries) with a budget of its own: at most
    /// `nodes`, and never more than the main budget; with `positions`, at
    /// most that many positions inside turns as well.
    pub(crate) fn side_solve(
        &mut self,
        pos: &Position,
        objective: Objective,
        turns: u8,
        nodes: u64,
        positions: Option<u64>,
    ) -> Result<Report, ForgeError> {
        self.solve_with(
            pos,
            objective,
            turns,
            false,
            nodes.min(self.budget),
            positions,
        )
    }

    /// Whether the one first turn `steps` of `pos` reaches `objective`
    /// within `turns`, with the main budget ([`solver::turn_reaches`]).
    pub(crate) fn turn_reaches(
        &mut self,
        pos: &Position,
        steps: &[Step],
        objective: Objective,
        turns: u8,
    ) -> Result<Answer, ForgeError> {
        let limits = solver::Limits {
            nodes: Some(self.budget),
            ..solver::Limits::default()
        };
        let (answer, stats) =
            on_one_thread(|| solver::turn_reaches(pos, steps, objective, turns, &limits))?;
        self.nodes += stats.nodes;
        Ok(answer)
    }

    fn solve_with(
        &mut self,
        pos: &Position,
        objective: Objective,
        turns: u8,
        full: bool,
        nodes: u64,
        positions: Option<u64>,
    ) -> Result<Report, ForgeError> {
        let limits = solver::Limits {
            nodes: Some(nodes),
            positions,
            time: None,
            proofs: usize::from(full),
            defences: if full { tree::TOP_DEFENCES } else { 0 },
            tries: if full { TRIES_ASKED } else { 0 },
        };
        let report =
            on_one_thread(|| solver::solve(pos, objective, turns, &limits, &|_, _, _| {}))?;
        self.nodes += report.stats.nodes;
        Ok(report)
    }
}

/// Whether a report proves exactly one winning first turn.
#[must_use]
pub fn unique(r: &Report) -> bool {
    r.answer == Answer::Yes && r.winning_complete && r.winning.len() == 1
}

/// The objectives within N turns worth a full analysis, in the order
/// [`super::forge_one`] tries them: those with a unique winning first turn that
/// are tight.
///
/// # Errors
/// The solver refusing the position.
pub fn objectives(pos: &Position, limits: &Limits) -> Result<Vec<(Objective, u8)>, ForgeError> {
    let mut run = Runner::new(limits);
    let mut out = Vec::new();
    let deep = distinct_turns(pos).len() <= DEEP_FIRST_TURNS;
    let me = pos.to_move();
    let caps = [
        usize::from(pos.pieces(me.other()).len() as u8),
        usize::from(pos.pieces(me).len() as u8),
    ];
    // Win, trap: reached (or undecided) at some N ends the family.
    let mut open = [true, true];
    // Capture, score: the most reached within N - 1 turns; None once undecided.
    let mut best: [Option<u8>; 2] = [Some(0), Some(0)];
    for n in 1..=limits.turns {
        if n > 1 && !deep {
            break;
        }
        for (i, o) in [Objective::Win, Objective::Trap].into_iter().enumerate() {
            if !open[i] {
                continue;
            }
            let r = run.solve(pos, margrites_objective(o)?, n, false)?;
            if r.answer != Answer::No {
                open[i] = false;
                if unique(&r) {
                    out.push((o, n));
                }
            }
        }
        for (i, make) in [Objective::Capture as fn(u8) -> Objective, Objective::Score]
            .into_iter()
            .enumerate()
        {
            let Some(prev) = best[i] else { continue };
            let mut k = prev + 1;
            let mut reached = None;
            while usize::from(k) <= caps[i] {
                let r = run.solve(pos, margrites_objective(make(k))?, n, false)?;
                match r.answer {
                    Answer::Yes => {
                        reached = Some((k, unique(&r)));
                        k += 1;
                    }
                    Answer::No => break,
                    Answer::Unknown => {
                        best[i] = None;
                        break;
                    }
                }
            }
            if let Some((k, is_unique)) = reached {
                if best[i].is_some() {
                    best[i] = Some(k);
                }
                if is_unique {
                    out.push((make(k), n));
                }
            }
        }
    }
    Ok(out)
}

/// A turn the solver wrote, as a puzzle's move.
///
/// # Errors
/// [`ForgeError::Turn`] when the text is not a turn in the plain notation.
pub(crate) fn turn(text: &str) -> Result<puzzle::Move, ForgeError> {
    Ok(puzzle::Move::Margrites(text.parse::<Turn>()?))
}

/// The question: `Black to play and capture 2 pieces within 2 turns (1 turn is
/// not enough).`
#[must_use]
pub fn question(side: Color, objective: Objective, turns: u8) -> String {
    let plural = |n: u8| if n == 1 { "turn" } else { "turns" };
    let tight = if turns > 1 {
        format!(
            " ({} {} not enough)",
            turns - 1,
            if turns == 2 { "turn is" } else { "turns are" }
        )
    } else {
        String::new()
    };
    format!(
        "{side} to play and {} within {turns} {}{tight}.",
        objective.describe(),
        plural(turns)
    )
}

/// The gain a greedy one-turn player sees in a turn from `before` to `after`:
/// ten per capture credited to the mover, minus ten per capture credited to the
/// opponent, eight per point, a hundred for a game won.
#[must_use]
pub fn turn_gain(before: &Position, after: &Position) -> i32 {
    let me = before.to_move();
    let (b, a) = (before.standings(), after.standings());
    let d = |x: u8, y: u8| i32::from(y) - i32::from(x);
    let won = after.result().is_some_and(|r| r.winner == Some(me));
    10 * d(b.get(me).captures, a.get(me).captures)
        - 10 * d(b.get(me.other()).captures, a.get(me.other()).captures)
        + 8 * d(b.get(me).points, a.get(me).points)
        + if won { 100 } else { 0 }
}

/// The distinct first turns of `pos` by the position they leave (board,
/// standings and phase; the engine also tells apart the files pieces left
/// the board by), the first generated of each.
#[must_use]
pub fn first_turns(pos: &Position) -> Vec<DistinctTurn> {
    let mut seen = std::collections::HashSet::new();
    distinct_turns(pos)
        .into_iter()
        .filter(|t| seen.insert((t.after.board(), t.after.standings(), t.after.phase())))
        .collect()
}

/// Whether two positions are the same outcome of a turn: board, standings
/// and phase.
pub(crate) fn same_outcome(a: &Position, b: &Position) -> bool {
    a.board() == b.board() && a.standings() == b.standings() && a.phase() == b.phase()
}

/// The solver's report when `goal` is reached within `turns` and not within
/// `turns - 1`, by exactly one winning first turn with its proof;
/// `Ok(Err(reason))` otherwise.
fn tight_and_unique(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
) -> Result<Result<Report, (Reject, String)>, ForgeError> {
    if turns > 1 {
        let r = run.solve(pos, goal, turns - 1, false)?;
        match r.answer {
            Answer::No => {}
            Answer::Yes => {
                return Ok(Err((
                    Reject::NoQuestion,
                    format!("reachable within {} turns", turns - 1),
                )));
            }
            Answer::Unknown => {
                return Ok(Err((Reject::Budget, "tightness undecided".into())));
            }
        }
    }
    let r = run.solve(pos, goal, turns, true)?;
    if r.answer != Answer::Yes || !r.winning_complete {
        let reject = if r.answer == Answer::No {
            Reject::NoQuestion
        } else {
            Reject::Budget
        };
        return Ok(Err((
            reject,
            format!(
                "answer {} (complete: {})",
                r.answer.as_str(),
                r.winning_complete
            ),
        )));
    }
    if r.winning.len() != 1 {
        return Ok(Err((
            Reject::NoQuestion,
            format!("{} winning first turns", r.winning.len()),
        )));
    }
    if r.winning[0].proof.is_none() {
        return Ok(Err((Reject::Budget, "no proof".into())));
    }
    Ok(Ok(r))
}

/// Whether `key` is nothing but plain runs to the edge: every piece it moves
/// scores, each by the fewest steps it would need on an empty board (one per
/// rank to its scoring rank, and one off the board), and no scored piece
/// returns. Such a key asks only "which piece is nearest the edge": a
/// one-turn score (or win) puzzle with it has no question.
#[must_use]
pub fn plain_run(pos: &Position, key: &[Step]) -> bool {
    let edge = pos.to_move().scoring_rank();
    let runs = themes::piece_runs(key);
    !key.iter().any(|s| matches!(s, Step::Return { .. }))
        && !runs.is_empty()
        && runs
            .iter()
            .all(|r| r.end.is_none() && r.steps == u32::from(r.start.rank().abs_diff(edge)) + 1)
}

/// Why a position makes no puzzle for one objective: the forge's reason and
/// the details.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turned {
    /// The reason the forge's report counts.
    pub reject: Reject,
    /// What exactly failed.
    pub why: String,
}

impl Turned {
    fn new(reject: Reject, why: impl Into<String>) -> Turned {
        Turned {
            reject,
            why: why.into(),
        }
    }
}

impl std::fmt::Display for Turned {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.reject, self.why)
    }
}

/// Analyses `pos` for `objective` within `turns`: `Ok(Err(turned))` when it
/// makes no puzzle. The checks, in order: a tight unique key
/// ([`Reject::NoQuestion`], [`Reject::Budget`]), no ladder player finds it by
/// reflex ([`Reject::Greedy`]), the key is sound ([`Reject::Unsound`]), at
/// least one genuine try ([`Reject::NoGenuineTry`]), a complete solution tree.
///
/// # Errors
/// A bad objective or turn count, or a solver turn that does not replay.
pub fn analyse(
    pos: &Position,
    objective: Objective,
    turns: u8,
    limits: &Limits,
) -> Result<Result<Analysis, Turned>, ForgeError> {
    let goal = margrites_objective(objective)?;
    let mut run = Runner::new(limits);
    let r = match tight_and_unique(&mut run, pos, goal, turns)? {
        Ok(r) => r,
        Err((reject, why)) => return Ok(Err(Turned::new(reject, why))),
    };
    let win = &r.winning[0];
    let Some(proof) = &win.proof else {
        return Ok(Err(Turned::new(Reject::NoQuestion, "no proof")));
    };
    let (key_steps, key_after) = play_turn(pos, &win.turn.notation)?;
    if turns == 1
        && matches!(objective, Objective::Score(_) | Objective::Win)
        && plain_run(pos, &key_steps)
    {
        return Ok(Err(Turned::new(
            Reject::NoQuestion,
            "the key is a plain run to the edge",
        )));
    }
    let firsts = first_turns(pos);
    let Some(key_index) = firsts
        .iter()
        .position(|t| same_outcome(&t.after, &key_after))
    else {
        return Ok(Err(Turned::new(
            Reject::NoQuestion,
            "the key is not a first turn",
        )));
    };
    let ratings = ladder::rate(pos, &firsts);
    let found_by = ladder::found_by(&ratings, key_index);
    if found_by.by_reflex() {
        return Ok(Err(Turned::new(
            Reject::Greedy,
            format!("found by {}", found_by.title()),
        )));
    }
    let judgement = match sound::judge(&mut run, pos, goal, turns, &key_after, &firsts)? {
        Ok(j) => j,
        Err(why) => return Ok(Err(Turned::new(Reject::Unsound, why))),
    };
    let tries = tries::genuine(&mut run, pos, goal, turns, &firsts, key_index, &ratings, &r)?;
    if tries.is_empty() {
        return Ok(Err(Turned::new(Reject::NoGenuineTry, "no genuine try")));
    }
    let solution = match tree::solution(&mut run, pos, objective, turns, proof)? {
        Ok(s) => s,
        Err(why) => return Ok(Err(Turned::new(Reject::Budget, why))),
    };
    let minimality = minimality(&mut run, pos, goal, turns, &key_steps)?;
    let themes = themes::detect(
        &mut run,
        pos,
        objective,
        &key_steps,
        &solution,
        judgement.value,
    )?;
    let tried = u32::try_from(tries.len()).unwrap_or(u32::MAX);
    let difficulty = difficulty::rate(&solution, found_by, tried);
    let key = turn(&win.turn.notation)?;
    Ok(Ok(Analysis {
        objective,
        turns,
        question: question(pos.to_move(), goal, turns),
        values: vec![MoveValue {
            mv: key.clone(),
            value: Value::Reaches(true),
        }],
        key,
        game_value: judgement.value,
        sound_proved: judgement.proved,
        first_turns: u32::try_from(firsts.len()).unwrap_or(u32::MAX),
        solution,
        tries,
        minimality,
        themes,
        difficulty,
        nodes: run.nodes,
    }))
}

/// The position with the piece on `sq` taken away and counted as captured by
/// the opponent; `None` when that leaves a side without pieces.
fn without(pos: &Position, sq: Square) -> Option<Position> {
    let owner = pos.piece_at(sq)?;
    let mut pieces = pos.board().map(Iterator::collect::<Vec<Square>>);
    pieces.get_mut(owner).retain(|s| *s != sq);
    if pieces.get(owner).is_empty() {
        return None;
    }
    let mut standings = pos.standings();
    standings.get_mut(owner.other()).captures += 1;
    let d = Diagram {
        pieces,
        to_move: pos.to_move(),
        turn: pos.turn(),
        standings,
    };
    Position::from_diagram(&d, pos.options()).ok()
}

/// Minimality: each piece taken away in turn (counted as captured by the
/// opponent, so the position stays legal). A piece could go when the smaller
/// position still has exactly one winning first turn with the same steps.
fn minimality(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    key: &[Step],
) -> Result<Minimality, ForgeError> {
    let mut could_go = Vec::new();
    let mut undecided = Vec::new();
    for sq in pos.occupied() {
        // Taking a side's last piece ends the game: nothing to test.
        let Some(smaller) = without(pos, sq) else {
            continue;
        };
        // The key alone first: where it no longer works (or is no longer a
        // legal turn), the piece was needed, whatever the other turns do.
        if run.turn_reaches(&smaller, key, goal, turns)? == Answer::No {
            continue;
        }
        let r = run.solve(&smaller, goal, turns, false)?;
        match r.answer {
            Answer::Unknown => undecided.push(sq.to_string()),
            _ if unique(&r) => {
                let same = play_turn(&smaller, &r.winning[0].turn.notation)
                    .is_ok_and(|(steps, _)| steps == key);
                if same {
                    could_go.push(sq.to_string());
                }
            }
            _ => {}
        }
    }
    let mut notes = Vec::new();
    if !could_go.is_empty() {
        notes.push(format!(
            "the key still works alone without {}",
            could_go.join(", ")
        ));
    }
    if !undecided.is_empty() {
        notes.push(format!(
            "undecided within the budget without {}",
            undecided.join(", ")
        ));
    }
    let minimal = if !could_go.is_empty() {
        Minimal::No
    } else if !undecided.is_empty() {
        Minimal::Unknown
    } else {
        Minimal::Yes
    };
    Ok(Minimality {
        minimal,
        note: notes.join("; "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::Limits;

    use super::super::test_position as position;

    fn plain(pos: &Position, key: &str) -> bool {
        plain_run(pos, &play_turn(pos, key).unwrap().0)
    }

    #[test]
    fn a_one_turn_score_key_that_only_runs_to_the_edge_is_no_question() {
        // Once in the collection (score 1 in 1): g5 runs off in four steps,
        // the fewest it needs on an empty board.
        let pos = position("d4 g5", "e2 c6", "2(6)-0(4)");
        assert!(plain(&pos, "1. g5>f6; f6>e7; e7>d8; d8>B++."));
        let turned = analyse(&pos, Objective::Score(1), 1, &Limits::MARGRITES)
            .unwrap()
            .unwrap_err();
        assert_eq!(turned.reject, Reject::NoQuestion, "{turned}");
        assert!(turned.why.contains("plain run"), "{turned}");
        // Two pieces, each two steps from scoring.
        let two = position("b1 d4 b5 a7 b7", "i3 g4 d6 i6", "0(3)-1(3)");
        assert!(plain(&two, "1. a7>a8; b7>b8; a8>B++; b8>B++."));
    }

    #[test]
    fn detours_and_steps_that_do_not_score_are_not_plain_runs() {
        // Collection (martyrdom path): a6 needs three steps on an empty board
        // and takes four around the capture at a7.
        let detour = position("d1 e1 a6", "c3 b7 a8", "2(5)-0(3)");
        assert!(!plain(&detour, "1. a6>b6; b6>c7; c7>c8; c8>B++."));
        let puzzle = analyse(&detour, Objective::Score(1), 1, &Limits::MARGRITES).unwrap();
        assert!(puzzle.is_ok(), "{:?}", puzzle.err());
        // Collection (capture 1 in 2): the key scores nothing.
        let capture = position("a5 a6", "a7 a8", "1(4)-2(5)");
        assert!(!plain(&capture, "1. a5>b6; a6>b7; b6>c7; c7>b8."));
        // A run that scores and a step that does not.
        assert!(!plain(&pos_with_spare(), "1. a7>a8; a8>B++; b1>c1; c1>d1."));
    }

    fn pos_with_spare() -> Position {
        position("b1 a7", "i3 g4", "3(3)-3(3)")
    }
}
