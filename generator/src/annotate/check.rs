//! Checking an annotated-game file: the moves replay legally, every recorded
//! capture, zombie, score, zombie fate, mark and the result agree with the
//! engine and with the recorded values, the values agree with each other, and
//! near the end the values are proved again by the exact solver.
//!
//! Spargo values come from a tablebase that a book build does not have; only
//! the last plies ([`CheckOptions::reprove_plies`]) can be checked, by search.
//! Margo values recorded as exact are re-proved in the same stretch; earlier
//! ones stand as recorded.

use super::margo::{bounds_value, solver_options};
use super::ply_line;
use super::{
    AnnotatedGame, PlyRecord, Replay, ReplayedPly, Value, game_result, mistake, ply_field_line,
    replay, results, turning_point,
};
use crate::solve::margo::{Progress, Solver};
use crate::yaml;
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Point, Preset, Rules, notation};

/// How much to check again by search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckOptions {
    /// Re-prove the values of this many final moves.
    pub reprove_plies: usize,
    /// Solver nodes per position when re-proving.
    pub nodes: u64,
    /// Transposition table size (`2^table_bits` entries).
    pub table_bits: u32,
}

impl CheckOptions {
    /// The book's defaults: the last 5 plies of Spargo, 12 of Margo.
    #[must_use]
    pub const fn for_game(game: Game) -> CheckOptions {
        CheckOptions {
            reprove_plies: match game {
                Game::Spargo => 5,
                Game::Margo | Game::Margrites => 12,
            },
            nodes: 2_000_000,
            table_bits: 20,
        }
    }
}

/// How a move's values stand after the check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Proved again by the solver at this check.
    Reproved,
    /// Taken from the file (from a tablebase or an earlier solver run).
    Recorded,
}

/// A problem at a line of the file (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A file that passed: the record, the engine's replay, and how each move's
/// values stand.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The record.
    pub game: AnnotatedGame,
    /// The engine's replay of its moves.
    pub replay: Replay,
    /// Per move.
    pub proofs: Vec<Proof>,
}

struct Sink<'a> {
    text: &'a str,
    out: Vec<CheckFailure>,
}

impl Sink<'_> {
    fn at(&mut self, line: Option<usize>, message: String) {
        self.out.push(CheckFailure {
            line: line.unwrap_or(1),
            message,
        });
    }
    fn ply(&mut self, ply: usize, field: &str, message: String) {
        let line = ply_field_line(self.text, ply, field);
        self.at(line, format!("move {ply}: {message}"));
    }
    fn key(&mut self, key: &str, message: String) {
        let line = yaml::top_key_line(self.text, key);
        self.at(line, message);
    }
}

fn yaml_line(e: &serde_norway::Error) -> usize {
    e.location().map_or(1, |l| l.line())
}

/// Checks an annotated-game file's text.
///
/// # Errors
/// Every problem found, each at its line.
pub fn check(text: &str, opts: &CheckOptions) -> Result<Checked, Vec<CheckFailure>> {
    // Before the YAML parser sees the text: deep nesting costs it minutes.
    crate::input::check_yaml_depth(text, "").map_err(|e| {
        vec![CheckFailure {
            line: e.line.unwrap_or(1),
            message: format!("not an annotated game: {}", e.reason),
        }]
    })?;
    let game = AnnotatedGame::from_yaml(text).map_err(|e| {
        vec![CheckFailure {
            line: yaml_line(&e),
            message: format!("not an annotated game: {e}"),
        }]
    })?;
    let mut sink = Sink {
        text,
        out: Vec::new(),
    };
    let Some(rep) = replay_record(&game, &mut sink) else {
        return Err(sink.out);
    };
    for (p, r) in game.plies.iter().zip(&rep.plies) {
        check_ply(p, r, &mut sink);
    }
    check_value_chain(&game.plies, &mut sink);
    check_final_value(&game, &rep, &mut sink);
    check_summary(&game, &rep, &mut sink);
    let proofs = reprove(&game, &rep, opts, &mut sink);
    if sink.out.is_empty() {
        Ok(Checked {
            game,
            replay: rep,
            proofs,
        })
    } else {
        sink.out.sort_by_key(|f| f.line);
        Err(sink.out)
    }
}

/// Reads the record's rules, game, start and moves and replays the moves;
/// `None` when a problem stops the check there (it is in `sink`).
fn replay_record(game: &AnnotatedGame, sink: &mut Sink<'_>) -> Option<Replay> {
    let rules = match game.rules.parse::<Rules>() {
        Ok(r) => r,
        Err(m) => {
            sink.key("rules", format!("rules `{}`: {m}", game.rules));
            return None;
        }
    };
    let is_spargo = rules == Preset::Spargo.rules();
    if game.game == Game::Margrites || is_spargo != (game.game == Game::Spargo) {
        sink.key(
            "game",
            format!("game `{}` but rules `{}`", game.game, game.rules),
        );
    }
    let start = match AnyPosition::start(rules, game.start.as_deref()) {
        Ok(p) => p,
        Err(m) => {
            sink.key("start", format!("start: {m}"));
            return None;
        }
    };
    let listed: Vec<String> = game.moves.split_whitespace().map(str::to_string).collect();
    let per_ply: Vec<String> = game.plies.iter().map(|p| p.mv.clone()).collect();
    if listed != per_ply {
        sink.key(
            "moves",
            format!(
                "`moves` lists {} moves that differ from the {} move records",
                listed.len(),
                per_ply.len()
            ),
        );
    }
    for (i, p) in game.plies.iter().enumerate() {
        if p.ply != i + 1 {
            sink.at(
                ply_line(sink.text, p.ply),
                format!("record {} is numbered {}", i + 1, p.ply),
            );
            return None;
        }
    }
    match replay(&start, &per_ply) {
        Ok(r) => Some(r),
        Err((ply, m)) => {
            sink.ply(ply, "move", m);
            None
        }
    }
}

/// One move's record against the engine's replay of it: who moved, what it
/// removed and left as zombies, the score, and the values' own consistency.
fn check_ply(p: &PlyRecord, r: &ReplayedPly, sink: &mut Sink<'_>) {
    let n = p.ply;
    let geo = r.before.geometry();
    let names =
        |pts: &[Point]| -> Vec<String> { pts.iter().map(|&p| geo.coords(p).to_string()).collect() };
    if p.player != r.player {
        sink.ply(
            n,
            "player",
            format!(
                "recorded player {}, the engine has player {}",
                p.player, r.player
            ),
        );
    }
    if p.mover != r.report.color.name() {
        sink.ply(
            n,
            "mover",
            format!(
                "recorded mover {}, the engine has {}",
                p.mover, r.report.color
            ),
        );
    }
    let removed = names(&r.report.removed);
    if p.removed != removed {
        sink.ply(
            n,
            "removed",
            format!(
                "recorded removed [{}], the engine removes [{}]",
                p.removed.join(" "),
                removed.join(" ")
            ),
        );
    }
    let zombies = names(&r.report.zombies);
    if p.zombies != zombies {
        sink.ply(
            n,
            "zombies",
            format!(
                "recorded zombies [{}], the engine makes [{}]",
                p.zombies.join(" "),
                zombies.join(" ")
            ),
        );
    }
    if p.score != r.score {
        sink.ply(
            n,
            "score",
            format!("recorded score {:?}, the engine has {:?}", p.score, r.score),
        );
    }
    check_ply_values(p, r, sink);
}

/// A move's best moves, mistake mark, only-move mark and values against the
/// legal moves and each other.
fn check_ply_values(p: &PlyRecord, r: &ReplayedPly, sink: &mut Sink<'_>) {
    let n = p.ply;
    let geo = r.before.geometry();
    let legal: Vec<String> = r
        .before
        .legal_moves()
        .into_iter()
        .map(|m| notation::human(geo, m))
        .collect();
    if let Some(b) = p.best.iter().find(|b| !legal.contains(b)) {
        sink.ply(n, "best", format!("best move `{b}` is not legal here"));
    }
    let lost = mistake(&p.before, &p.after);
    if p.mistake != lost {
        sink.ply(
            n,
            "mistake",
            format!(
                "recorded mistake {:?}, the values say {:?}",
                p.mistake, lost
            ),
        );
    }
    if p.only_move && (p.best != [p.mv.clone()] || legal.len() < 2) {
        sink.ply(
            n,
            "only-move",
            "marked the only move, but the best moves say otherwise".into(),
        );
    }
    if let (Some((_, bhi)), Some((alo, _))) = (p.before.range(), p.after.range()) {
        if alo > bhi {
            sink.ply(
                n,
                "after",
                format!(
                    "the move's value {} cannot exceed the position's {}",
                    p.after, p.before
                ),
            );
        }
    }
}

/// Consecutive values: the position after move k is the one before move k+1.
fn check_value_chain(plies: &[PlyRecord], sink: &mut Sink<'_>) {
    for w in plies.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        let ok = match (a.after, -b.before) {
            (
                Value::Exact {
                    margin: x,
                    distance: dx,
                },
                Value::Exact {
                    margin: y,
                    distance: dy,
                },
            ) => {
                x == y
                    && match (dx, dy) {
                        (Some(dx), Some(dy)) => dx == dy + 1,
                        _ => true,
                    }
            }
            (x, y) => match (x.range(), y.range()) {
                (Some((xl, xh)), Some((yl, yh))) => xl <= yh && yl <= xh,
                _ => true,
            },
        };
        if !ok {
            sink.ply(
                b.ply,
                "before",
                format!(
                    "value {} does not follow from move {}'s value {}",
                    b.before, a.ply, a.after
                ),
            );
        }
    }
}

/// The last move's value is the final margin when the game is over.
fn check_final_value(game: &AnnotatedGame, rep: &Replay, sink: &mut Sink<'_>) {
    let (Some(last), Some(_)) = (game.plies.last(), rep.end.outcome()) else {
        return;
    };
    let s = rep.end.scores();
    let mine = s.get(last.player).copied().unwrap_or(0) as i32;
    let theirs: i32 = s.iter().sum::<u32>() as i32 - mine;
    if let Some(v) = last.after.range() {
        if v.0 > mine - theirs || v.1 < mine - theirs {
            sink.ply(
                last.ply,
                "after",
                format!(
                    "the game ends {:+} for the mover, not {}",
                    mine - theirs,
                    last.after
                ),
            );
        }
    }
}

/// The whole game's turning point, zombie fates and result.
fn check_summary(game: &AnnotatedGame, rep: &Replay, sink: &mut Sink<'_>) {
    let tp = turning_point(&results(&game.plies));
    if game.turning_point != tp {
        sink.key(
            "turning-point",
            format!(
                "recorded turning point {:?}, the values give {:?}",
                game.turning_point, tp
            ),
        );
    }
    if game.zombies != rep.zombies {
        let first = game
            .zombies
            .iter()
            .zip(&rep.zombies)
            .find(|(a, b)| a != b)
            .map_or_else(
                || {
                    format!(
                        "{} recorded, the engine has {}",
                        game.zombies.len(),
                        rep.zombies.len()
                    )
                },
                |(a, b)| format!("recorded {a:?}, the engine has {b:?}"),
            );
        sink.key(
            "zombies",
            format!("zombies differ from the engine's: {first}"),
        );
    }
    let result = game_result(&rep.end);
    if game.result != result {
        sink.key(
            "result",
            format!(
                "recorded result {:?}, the engine has {:?}",
                game.result, result
            ),
        );
    }
}

/// Re-proves the exact values recorded for the last plies with the solver
/// (from the end back, one table shared): a recorded exact value must be
/// settled by the solver within the budget and agree; bounds are not searched
/// again.
fn reprove(
    game: &AnnotatedGame,
    rep: &Replay,
    opts: &CheckOptions,
    sink: &mut Sink<'_>,
) -> Vec<Proof> {
    let n = game.plies.len();
    let mut proofs = vec![Proof::Recorded; n];
    let from = n.saturating_sub(opts.reprove_plies);
    let mut solver = Solver::new(solver_options(opts.nodes, opts.table_bits));
    for i in (from..n).rev() {
        let p = &game.plies[i];
        let Some(found) = solve_ply(&mut solver, rep, i, p, sink) else {
            continue;
        };
        if compare_reproved(p, found, opts.nodes, sink) {
            proofs[i] = Proof::Reproved;
        }
    }
    proofs
}

/// The solver's values of move `i` (before it, and of the move), for those
/// recorded exact: the position before the move gives both; when only the
/// move's value is exact, the position after it. `None` when nothing is exact
/// or the solver refuses the position (in `sink`).
fn solve_ply(
    solver: &mut Solver,
    rep: &Replay,
    i: usize,
    p: &PlyRecord,
    sink: &mut Sink<'_>,
) -> Option<(Value, Value)> {
    let r = &rep.plies[i];
    let rules = *r.before.rules();
    if p.before.exact().is_some() {
        match solver.solve(&r.before, &Progress::default()) {
            Ok(sol) => Some((
                bounds_value(sol.bounds, &rules),
                sol.moves
                    .iter()
                    .find(|m| m.mv == r.mv)
                    .map_or(Value::Unknown, |m| bounds_value(m.bounds, &rules)),
            )),
            Err(e) => {
                sink.ply(
                    p.ply,
                    "before",
                    format!("the solver refuses the position: {e}"),
                );
                None
            }
        }
    } else if p.after.exact().is_some() {
        let child = rep.plies.get(i + 1).map_or(&rep.end, |x| &x.before);
        match solver.solve(child, &Progress::default()) {
            Ok(sol) => Some((Value::Unknown, -bounds_value(sol.bounds, &rules))),
            Err(e) => {
                sink.ply(
                    p.ply,
                    "after",
                    format!("the solver refuses the position: {e}"),
                );
                None
            }
        }
    } else {
        // Nothing exact to re-prove (bounds stand as recorded).
        None
    }
}

/// Whether every exact value recorded for `p` is the one the solver proved
/// (`found`: before the move, and of the move); each that is not is in `sink`.
fn compare_reproved(p: &PlyRecord, found: (Value, Value), nodes: u64, sink: &mut Sink<'_>) -> bool {
    let mut all_exact = true;
    for (field, recorded, found) in [("before", p.before, found.0), ("after", p.after, found.1)] {
        if recorded.exact().is_none() {
            continue;
        }
        match (recorded.range(), found.range()) {
            (Some((rl, rh)), Some((fl, fh))) if rl > fh || fl > rh => {
                all_exact = false;
                sink.ply(
                    p.ply,
                    field,
                    format!("recorded {recorded}, the solver proves {found}"),
                );
                continue;
            }
            _ => {}
        }
        if found.exact().is_none() {
            all_exact = false;
            sink.ply(
                p.ply,
                field,
                format!(
                    "recorded {recorded}, the solver could not settle it within {nodes} nodes (found {found})"
                ),
            );
        }
    }
    all_exact
}
