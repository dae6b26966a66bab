//! Turn-level search for Margrites: "within N turns" objectives.
//!
//! From a position, the side to move (S) must reach an [`Objective`] within N of
//! its own turns, the opponent's turns in between counting as replies. The answer
//! is exact: [`Answer::Yes`] with every winning first turn (deduplicated by the
//! position it leaves), [`Answer::No`], or [`Answer::Unknown`] when the node or
//! time budget runs out, never a guess.
//!
//! # Semantics
//!
//! - The objective counts whenever it is reached before the end of S's N-th
//!   turn: after one of S's turns, or after an opponent's reply (its own step can
//!   end the game or leave its piece to be captured, credited to S by rulings
//!   B4). Counts are checked at turn ends; without the returning variation points
//!   and captures only grow, so that is the same as checking after every step.
//! - `win`: the game is over (a side has no pieces, mid-turn included) and S is
//!   ahead by points, then captures. A draw is not a win. With White's rebuttal, a
//!   game that ends during Black's turn is judged after the rebuttal, which may
//!   follow S's last turn.
//! - `score:K` / `capture:K`: S has K more points / K more captures credited than
//!   at the start.
//! - `trap`: right after one of S's turns the game goes on and the opponent has no
//!   legal first step (its turn is forfeit).
//! - A position whose turn has begun counts that turn as S's first.
//! - Variations are those of the position's [`Options`](cannonball_rules::margrites::Options);
//!   every step goes through the engine.
//!
//! # Search
//!
//! An AND/OR search over whole turns ([`search`](self) internals): S's turns
//! generated through admissible bounds and tried most promising first, the
//! opponent's replies generated lazily and stopped at the first refutation, a
//! transposition table keyed by the whole position and standings. The first turns
//! are evaluated in parallel (rayon), in fixed chunks, each chunk with its own
//! table, so results, proofs and counters do not depend on thread timing.
//!
//! ```
//! use cannonball_rules::margrites::{ByColor, Color, Diagram, Options, Position, Square};
//! use cannonball::solve::margrites::{solve, Answer, Limits, Objective};
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! // Illustration 8: Black scores e5 in one turn.
//! let d = Diagram::with_missing_captured(
//!     ByColor { black: vec![sq("e5"), sq("a2")], white: vec![sq("a7")] },
//!     Color::Black,
//! );
//! let pos = Position::from_diagram(&d, Options::STANDARD).unwrap();
//! let report = solve(&pos, Objective::Score(1), 1, &Limits::default(), &|_, _, _| {}).unwrap();
//! assert_eq!(report.answer, Answer::Yes);
//! // Every way in leaves the same position: one winning turn stands for them.
//! assert_eq!(report.winning.len(), 1);
//! assert_eq!(report.winning[0].turn.scored, 1);
//! ```

mod bounds;
mod objective;
mod proof;
mod report;
mod search;
mod table;

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use cannonball_rules::margrites::Position;
use cannonball_rules::margrites::notation::standings_text;
use cannonball_rules::margrites::table::format_diagram;
use cannonball_rules::margrites::turngen::DistinctTurn;

pub use crate::solve::objective::{Objective, ObjectiveError};
pub use report::{
    Answer, Defence, FailedTry, PositionInfo, ProofTurn, Report, TEXT_LIST_LIMIT, TurnLine,
    WinningTurn,
};
pub use search::SearchStats;

use objective::Goal;
use search::{Budget, FirstTurn, Searcher, Value};

use crate::solve::SolveError;

/// The most turns a solve may ask for.
pub const MAX_TURNS: u8 = 16;

/// Budgets and how much of the proof to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Most nodes (distinct turns generated) for the search; `None`: no limit.
    /// The proof phase gets the same allowance again.
    pub nodes: Option<u64>,
    /// Most positions inside turns (the half-made turns the turn walker
    /// visits, [`SearchStats::positions`]) for the search; `None`: no limit.
    /// The node budget counts whole turns only, and where a bound cuts most
    /// half-made turns a few thousand nodes can cost tens of millions of
    /// these. The proof phase gets the same allowance again.
    pub positions: Option<u64>,
    /// Most wall-clock time for the search; the proof phase gets it again.
    pub time: Option<Duration>,
    /// Winning first turns given a proof tree.
    pub proofs: usize,
    /// Defences shown per winning turn in a proof tree.
    pub defences: usize,
    /// Failing first turns given a refutation.
    pub tries: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            nodes: None,
            positions: None,
            time: None,
            proofs: 3,
            defences: 3,
            tries: 3,
        }
    }
}

/// Which part of a solve a progress report is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Deciding which of the side's undecided first turns reach the objective
    /// within this many turns (1, then 2, ... up to the limit).
    FirstTurns(u8),
    /// Building proof trees and refutations.
    Proofs,
}

/// The objective as the search reads it, once the question is checked: a
/// game still going on, a turn count within [`MAX_TURNS`], a Margrites
/// objective.
fn checked_goal(pos: &Position, objective: Objective, turns: u8) -> Result<Goal, SolveError> {
    if pos.is_over() {
        return Err(SolveError::GameOver);
    }
    if turns == 0 || turns > MAX_TURNS {
        return Err(SolveError::TurnLimit(turns));
    }
    Goal::new(objective, pos).ok_or(SolveError::NotMargrites(objective))
}

/// Solves `pos` for `objective` within `turns` of the side to move's turns.
/// `progress(stage, done, total)` is called as work completes (from any thread).
pub fn solve(
    pos: &Position,
    objective: Objective,
    turns: u8,
    limits: &Limits,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> Result<Report, SolveError> {
    let started = Instant::now();
    let goal = checked_goal(pos, objective, turns)?;
    let budget = Budget::new(
        limits.nodes,
        limits.positions,
        limits.time.map(|t| started + t),
    );
    let mut stats = SearchStats::default();

    // The side's distinct first turns, most promising first (none when a bound
    // proves the objective out of reach).
    let mut root = Searcher::new(goal, &budget, pos);
    let proved_by_bound = root.hopeless(pos, turns);
    let first = if proved_by_bound {
        Vec::new()
    } else {
        let turns_open = root.own_turns(pos, turns);
        root.by_promise(turns_open)
    };
    let generated_all = !budget.stopped();
    stats.add(&root.stats);

    let (outcomes, eval_stats) = evaluate(&first, goal, &budget, pos, turns, progress);
    stats.add(&eval_stats);
    let sorted = Sorted::of(&outcomes, limits.tries);
    let answer = if !sorted.reached.is_empty() {
        Answer::Yes
    } else if proved_by_bound || (generated_all && sorted.unknown == 0) {
        Answer::No
    } else {
        Answer::Unknown
    };
    let prover = Prover {
        first: &first,
        goal,
        pos,
        turns,
        limits,
        progress,
    };
    let (winning, failing) = prover.prove(&sorted, &mut stats);

    Ok(Report {
        objective: objective.to_string(),
        description: objective.describe(),
        side: pos.to_move().name().to_string(),
        turns,
        position: position_info(pos),
        answer,
        first_turns: first.len() as u64,
        proved_by_bound,
        winning,
        winning_complete: generated_all && sorted.unknown == 0,
        unknown_first_turns: sorted.unknown,
        failing,
        stats,
        millis: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    })
}

/// Whether the one first turn `steps` of `pos` reaches `objective` within
/// `turns` of the side to move's turns (that turn included), whatever the
/// opponent does: the question [`solve`] answers for each first turn, asked
/// of one. [`Answer::No`] also when `steps` is not a legal, complete turn;
/// [`Answer::Unknown`] when the budget runs out.
///
/// # Errors
/// As [`solve`]: a game already over, a turn count out of range, an objective
/// that is not Margrites'.
pub fn turn_reaches(
    pos: &Position,
    steps: &[cannonball_rules::margrites::Step],
    objective: Objective,
    turns: u8,
    limits: &Limits,
) -> Result<(Answer, SearchStats), SolveError> {
    let started = Instant::now();
    let goal = checked_goal(pos, objective, turns)?;
    let Some(after) = search::replay_turn(pos, steps) else {
        return Ok((Answer::No, SearchStats::default()));
    };
    let budget = Budget::new(
        limits.nodes,
        limits.positions,
        limits.time.map(|t| started + t),
    );
    let mut s = Searcher::new(goal, &budget, pos);
    let answer = match s.after_own_turn(&after, turns - 1, 0) {
        Value::Yes => Answer::Yes,
        Value::No => Answer::No,
        Value::Unknown => Answer::Unknown,
    };
    Ok((answer, s.stats))
}

/// The first turns sorted by what the search found.
struct Sorted {
    /// Those that reach the objective: within how many turns, and the index;
    /// quickest first.
    reached: Vec<(u8, usize)>,
    /// How many are undecided.
    unknown: u64,
    /// The indices of those that fail (at most the limit's tries).
    failing: Vec<usize>,
}

impl Sorted {
    fn of(outcomes: &[FirstTurn], tries: usize) -> Sorted {
        let mut reached: Vec<(u8, usize)> = outcomes
            .iter()
            .enumerate()
            .filter_map(|(i, o)| match o {
                FirstTurn::Reaches(k) => Some((*k, i)),
                _ => None,
            })
            .collect();
        reached.sort_unstable();
        Sorted {
            reached,
            unknown: outcomes
                .iter()
                .filter(|o| **o == FirstTurn::Unknown)
                .count() as u64,
            failing: outcomes
                .iter()
                .enumerate()
                .filter(|(_, o)| **o == FirstTurn::Fails)
                .map(|(i, _)| i)
                .take(tries)
                .collect(),
        }
    }
}

/// What proving the first turns needs.
struct Prover<'a> {
    first: &'a [DistinctTurn],
    goal: Goal,
    pos: &'a Position,
    turns: u8,
    limits: &'a Limits,
    progress: &'a (dyn Fn(Stage, u64, u64) + Sync),
}

impl Prover<'_> {
    /// Proof trees for the quickest winning first turns and refutations of the
    /// failing ones (as many as the limits allow): every winning turn, with
    /// its proof when one was built, and the refuted tries.
    fn prove(
        &self,
        sorted: &Sorted,
        stats: &mut SearchStats,
    ) -> (Vec<WinningTurn>, Vec<FailedTry>) {
        let (first, pos) = (self.first, self.pos);
        let jobs: Vec<Job> = sorted
            .reached
            .iter()
            .take(self.limits.proofs)
            .map(|&(k, i)| Job::Prove(i, k))
            .chain(sorted.failing.iter().map(|&i| Job::Refute(i)))
            .collect();
        let (done_jobs, proof_stats) = run_jobs(
            &jobs,
            first,
            self.goal,
            pos,
            self.turns,
            self.limits,
            self.progress,
        );
        stats.add(&proof_stats);
        let mut winning: Vec<WinningTurn> = sorted
            .reached
            .iter()
            .map(|&(k, i)| WinningTurn {
                turn: TurnLine::new(pos, &first[i].steps),
                within: k,
                proof: None,
            })
            .collect();
        let mut failed = Vec::new();
        for (job, out) in jobs.iter().zip(done_jobs) {
            match (job, out) {
                (Job::Prove(i, _), JobOutput::Proof(p)) => {
                    if let Some(w) = sorted
                        .reached
                        .iter()
                        .position(|&(_, j)| j == *i)
                        .and_then(|k| winning.get_mut(k))
                    {
                        w.proof = Some(p);
                    }
                }
                (Job::Refute(i), JobOutput::Refutation(line)) => failed.push(FailedTry {
                    turn: TurnLine::new(pos, &first[*i].steps),
                    refutation: line,
                }),
                _ => {}
            }
        }
        (winning, failed)
    }
}

fn position_info(pos: &Position) -> PositionInfo {
    PositionInfo {
        turn: pos.turn(),
        to_move: pos.to_move().name().to_string(),
        standings: standings_text(&pos.standings()),
        variations: pos
            .options()
            .names()
            .into_iter()
            .map(str::to_string)
            .collect(),
        board: format_diagram(&pos.board()),
    }
}

/// First turns evaluated by one searcher, which shares its table and killers
/// among them; fixed, so that results and counters do not depend on scheduling.
fn chunk_size(n: usize) -> usize {
    (n / 32).clamp(1, 64)
}

/// Decides the first turns one turn limit at a time (within 1, then within 2,
/// ...), so that a budget that runs out leaves every shorter answer known.
fn evaluate(
    first: &[DistinctTurn],
    goal: Goal,
    budget: &Budget,
    pos: &Position,
    turns: u8,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> (Vec<FirstTurn>, SearchStats) {
    let mut outcomes = vec![FirstTurn::Fails; first.len()];
    let mut stats = SearchStats::default();
    for left in 0..turns {
        let open: Vec<usize> = (0..first.len())
            .filter(|&i| outcomes[i] == FirstTurn::Fails)
            .collect();
        if open.is_empty() {
            break;
        }
        let stage = Stage::FirstTurns(left + 1);
        let total = open.len() as u64;
        let done = AtomicU64::new(0);
        progress(stage, 0, total);
        let parts: Vec<(Vec<Value>, SearchStats)> = open
            .par_chunks(chunk_size(open.len()))
            .map(|chunk| {
                let mut s = Searcher::new(goal, budget, pos);
                let values = chunk
                    .iter()
                    .map(|&i| {
                        let v = s.after_own_turn(&first[i].after, left, 0);
                        let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                        progress(stage, d, total);
                        v
                    })
                    .collect();
                (values, s.stats)
            })
            .collect();
        let values = parts.iter().flat_map(|(v, _)| v.iter().copied());
        for (&i, v) in open.iter().zip(values) {
            match v {
                Value::Yes => outcomes[i] = FirstTurn::Reaches(left + 1),
                Value::Unknown => outcomes[i] = FirstTurn::Unknown,
                Value::No => {}
            }
        }
        for (_, st) in &parts {
            stats.add(st);
        }
    }
    (outcomes, stats)
}

/// Work of the proof phase.
#[derive(Copy, Clone, Debug)]
enum Job {
    /// Prove the first turn at this index, which reaches within this many turns.
    Prove(usize, u8),
    /// Refute the failing first turn at this index.
    Refute(usize),
}

enum JobOutput {
    Proof(ProofTurn),
    Refutation(Vec<TurnLine>),
}

fn run_jobs(
    jobs: &[Job],
    first: &[DistinctTurn],
    goal: Goal,
    pos: &Position,
    turns: u8,
    limits: &Limits,
    progress: &(dyn Fn(Stage, u64, u64) + Sync),
) -> (Vec<JobOutput>, SearchStats) {
    let budget = Budget::new(
        limits.nodes,
        limits.positions,
        limits.time.map(|t| Instant::now() + t),
    );
    let total = jobs.len() as u64;
    let done = AtomicU64::new(0);
    if total > 0 {
        progress(Stage::Proofs, 0, total);
    }
    let outs: Vec<(JobOutput, SearchStats)> = jobs
        .par_iter()
        .map(|job| {
            let mut s = Searcher::new(goal, &budget, pos);
            let out = match *job {
                Job::Prove(i, k) => {
                    JobOutput::Proof(proof::prove(&mut s, pos, &first[i], k - 1, limits.defences))
                }
                Job::Refute(i) => {
                    JobOutput::Refutation(proof::refute(&mut s, &first[i], turns - 1))
                }
            };
            let d = done.fetch_add(1, Ordering::Relaxed) + 1;
            progress(Stage::Proofs, d, total);
            (out, s.stats)
        })
        .collect();
    let mut stats = SearchStats::default();
    let mut outputs = Vec::with_capacity(outs.len());
    for (o, st) in outs {
        outputs.push(o);
        stats.add(&st);
    }
    (outputs, stats)
}
