//! Genuine tries: wrong first turns listed only for a reason that is true and
//! computed.
//!
//! A wrong first turn (any distinct first turn but the key) is a try when at
//! least one of these holds, and its `tempting` text lists every one that
//! does:
//!
//! - it is the choice of a ladder player ([`super::ladder`]): `the greedy
//!   player's choice`, `the one-ply player's choice`, `the two-ply player's
//!   choice`, `the short search's choice` (a player that rates three or more
//!   turns best has no choice: [`ladder::choice`]);
//! - `reaches the objective one turn too late`: it reaches the objective
//!   within `turns + 1` turns (a solve of [`TOO_LATE_NODES`] proves it) but,
//!   like every wrong turn, not within `turns`;
//! - `the biggest capture` / `the biggest score`: it captures (scores) the
//!   most pieces (points) of all first turns, more than none, and is of such
//!   turns one already listed for a reason above, else the one the one-ply
//!   player likes best (the first generated among equals), as a player going
//!   for that gain would make the rest of it; when no refutation of it is
//!   found, the next of [`BIGGEST_WAYS`] such turns by the one-ply player,
//!   and last the first generated;
//! - `the furthest run towards the scoring edge`: no first turn scores, and
//!   it brings the mover's pieces furthest towards the scoring edge (rows
//!   from the home edge, summed), further than they stand, and every turn
//!   that runs as far is the same idea (see below), the key not among them:
//!   the first generated stands for them all. (Where a turn can score, the
//!   biggest score is the temptation, not a run.)
//! - `threatens to ... next turn` (or `within N more turns`): were the
//!   opponent to forfeit its reply, the mover would reach what is left of
//!   the objective in the turns left (a solve of [`THREAT_NODES`] proves
//!   it); the turns checked are those already listed for a reason above and
//!   the [`THREATS_CHECKED`] the one-ply player likes best. A threat a real
//!   player makes and the opponent parries: the refutation shows the parry.
//! - it captures or scores what no other turn betters: after the reasons
//!   above, for each such gain (the enemy pieces taken and the points
//!   scored; the key's own gain made another way included) the turn with it
//!   that the one-ply player rates best ([`best_gains`]), unless a turn
//!   listed for a reason above shows the same gain; its text only the facts
//!   below.
//!
//! `captures N` and `scores N` are added as facts to a try's text. At most
//! [`TRIES_KEPT`] tries are listed, in the order above, and each is a
//! different idea: a turn that takes the same pieces and scores
//! as much as an earlier try and moves the same pieces, or makes the same
//! steps but the last, is passed over (a reader sees one temptation in both,
//! whatever route or quiet step tells them apart).
//! Within two or more turns each try carries a refutation: the solver's own
//! when the try was among its refuted turns, else the first opponent reply,
//! by the opponent's one-ply view, after which the objective is proved out of
//! reach in the turns left (a try without a refutation found within
//! [`REPLIES_TRIED`] replies is dropped).

use crate::puzzle::margrites::play_turn;
use crate::puzzle::{Finder, Objective, Try, Value};
use crate::solve::margrites::{Answer, MAX_TURNS, Report, TurnLine};
use cannonball_rules::margrites::square::RANKS;
use cannonball_rules::margrites::turngen::{DistinctTurn, distinct_turns};
use cannonball_rules::margrites::{Color, Position, Square, SquareSet, Step};

use super::ForgeError;
use super::analyse::{Runner, remaining, same_outcome, turn};
use super::ladder::{self, Ratings};
use super::themes::piece_runs;

/// Tries written to a file, at most.
pub const TRIES_KEPT: usize = 3;

/// Ways of making the biggest capture (score) offered for its try, at
/// most, the one-ply player's favourite first, the next when it has no
/// refutation; then the first generated way.
const BIGGEST_WAYS: usize = 4;

/// The reasons one try stands for, whichever way of it is listed.
const BIGGEST: [&str; 2] = ["the biggest capture", "the biggest score"];

/// Opponent replies examined for a try's refutation, at most. At 8, two
/// puzzles' biggest score was shown by a way no player prefers, because the
/// one-ply player's way had no refutation among its first 8 replies; 24
/// finds one for both, and `verify` takes no longer (56.6 s against 56.7 s
/// for the collection, release build).
pub const REPLIES_TRIED: usize = 24;

/// Solver nodes for each side solve of a reply's refutation.
pub const TRY_NODES: u64 = 10_000;

/// Solver nodes for the one solve, within one turn more, that finds the
/// turns reaching the objective one turn too late. At 10,000 nodes 13 tries
/// of the collection gave that reason; at 30,000, 24, 8 of them new tries
/// (tries 1.43 -> 1.50 a puzzle), `verify` of the whole collection taking
/// 64.3 s instead of 56.7 s (release); at 100,000, 1.53 a puzzle, but 196.5 s.
pub const TOO_LATE_NODES: u64 = 30_000;

/// First turns checked for a threat besides those listed for another reason:
/// the one-ply player's favourites (the first generated among equals).
pub const THREATS_CHECKED: usize = 24;

/// Solver nodes for each threat's solve (the position after the turn, the
/// opponent's reply forfeit).
pub const THREAT_NODES: u64 = 10_000;

/// Mover's captures and points gained by a turn.
fn gains(before: &Position, after: &Position) -> (u8, u8) {
    let me = before.to_move();
    let (b, a) = (before.standings(), after.standings());
    (
        a.get(me).captures.saturating_sub(b.get(me).captures),
        a.get(me).points.saturating_sub(b.get(me).points),
    )
}

/// What a turn shows a reader: the captures and points it gains, the enemy
/// pieces it takes, the pieces it moves (where they start) and its steps but
/// the last.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Idea<'a> {
    gains: (u8, u8),
    taken: SquareSet,
    pieces: Vec<Square>,
    but_last: &'a [Step],
}

impl<'a> Idea<'a> {
    /// The idea of a turn of `pos` that makes `steps` and leaves `after`.
    fn of(pos: &Position, steps: &'a [Step], after: &Position) -> Idea<'a> {
        let mut pieces: Vec<Square> = piece_runs(steps).iter().map(|r| r.start).collect();
        pieces.sort_unstable();
        let enemy = pos.to_move().other();
        Idea {
            gains: gains(pos, after),
            taken: pos.pieces(enemy).minus(after.pieces(enemy)),
            pieces,
            but_last: &steps[..steps.len().saturating_sub(1)],
        }
    }

    /// Whether a reader would see one temptation in both: they gain the same
    /// (and take the same pieces) and move the same pieces, or differ only in
    /// their last step.
    fn same_as(&self, other: &Idea<'_>) -> bool {
        (self.gains, self.taken) == (other.gains, other.taken)
            && (self.pieces == other.pieces || self.but_last == other.but_last)
    }
}

/// The first turns that reach the objective one turn too late (indices into
/// `firsts`), empty when that solve is undecided.
fn one_turn_too_late(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    firsts: &[DistinctTurn],
    key: usize,
) -> Result<Vec<usize>, ForgeError> {
    if turns >= MAX_TURNS {
        return Ok(Vec::new());
    }
    let r = run.side_solve(pos, goal, turns + 1, TOO_LATE_NODES, None)?;
    if r.answer != Answer::Yes {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for w in r.winning.iter().filter(|w| w.within == turns + 1) {
        let (_, after) = play_turn(pos, &w.turn.notation)?;
        if let Some(i) = firsts.iter().position(|t| same_outcome(&t.after, &after)) {
            if i != key {
                out.push(i);
            }
        }
    }
    Ok(out)
}

/// The turns `found` gives reasons for, each once, in the order first given.
fn first_seen(found: &[(usize, String)]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for (i, _) in found {
        if !out.contains(i) {
            out.push(*i);
        }
    }
    out
}

/// What the first turn `t` threatens, as a try's reason: were the opponent
/// to forfeit its reply, the mover reaches what is left of `goal` in the
/// turns left (proved within [`THREAT_NODES`]). `None` in a one-turn puzzle,
/// after a turn that ends the game, or when no threat is proved.
fn threat(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    t: &DistinctTurn,
) -> Result<Option<String>, ForgeError> {
    if turns < 2 || t.after.is_over() {
        return Ok(None);
    }
    let mut idle = t.after;
    idle.end_turn_unchecked();
    if idle.is_over() || idle.to_move() != pos.to_move() {
        return Ok(None);
    }
    let Some(left) = remaining(goal, pos, &idle) else {
        return Ok(None);
    };
    if run
        .side_solve(&idle, left, turns - 1, THREAT_NODES, None)?
        .answer
        != Answer::Yes
    {
        return Ok(None);
    }
    let when = if turns == 2 {
        "next turn".to_string()
    } else {
        format!("within {} more turns", turns - 1)
    };
    Ok(Some(format!("threatens to {} {when}", left.describe())))
}

/// The reasons each first turn tempts (by index), in the module's order.
fn reasons(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    firsts: &[DistinctTurn],
    key: usize,
    ratings: &Ratings,
) -> Result<Vec<(usize, String)>, ForgeError> {
    let mut found: Vec<(usize, String)> = Vec::new();
    for (player, r) in Finder::ALL.iter().zip(&ratings.by_player) {
        if let Some(i) = ladder::choice(r).filter(|i| *i != key) {
            found.push((i, format!("{}'s choice", player.title())));
        }
    }
    for i in one_turn_too_late(run, pos, goal, turns, firsts, key)? {
        found.push((i, "reaches the objective one turn too late".into()));
    }
    let all: Vec<(u8, u8)> = firsts.iter().map(|t| gains(pos, &t.after)).collect();
    // The one-ply player's ratings (the second of `ladder::PLAYERS`).
    let one_ply = &ratings.by_player[1];
    let most = |f: fn(&(u8, u8)) -> u8| all.iter().map(f).max().unwrap_or(0);
    for (pick, what) in [
        (
            (|g: &(u8, u8)| g.0) as fn(&(u8, u8)) -> u8,
            "the biggest capture",
        ),
        (|g: &(u8, u8)| g.1, "the biggest score"),
    ] {
        let top = most(pick);
        if top == 0 {
            continue;
        }
        // A turn already listed for a player's choice that gains as much is
        // the biggest capture (score) itself; the ways below stand in when
        // it has no refutation.
        if let Some(&(i, _)) = found.iter().find(|(i, _)| pick(&all[*i]) == top) {
            found.push((i, what.into()));
        }
        // The ways the one-ply player likes best first (the first generated
        // among equals): how a player going for that gain makes the rest of
        // the turn. The next ones stand in when the first has no
        // refutation within the budget ([`genuine`] lists one of them).
        let mut ways: Vec<usize> = (0..all.len())
            .filter(|&i| pick(&all[i]) == top && i != key)
            .collect();
        let first = ways.first().copied();
        ways.sort_by_key(|&i| std::cmp::Reverse(one_ply[i]));
        ways.truncate(BIGGEST_WAYS);
        // Last, the first generated way: the plainest, and the easiest to
        // refute.
        if let Some(f) = first.filter(|f| !ways.contains(f)) {
            ways.push(f);
        }
        for i in ways {
            found.push((i, what.into()));
        }
    }
    if let Some(i) = furthest_run(pos, firsts, key) {
        found.push((i, "the furthest run towards the scoring edge".into()));
    }
    // A gain an earlier reason's turn already shows is one temptation.
    let (gain, best) = best_gains(pos, firsts, key, &all, one_ply);
    for i in best {
        if !found.iter().any(|(j, _)| gain[*j] == gain[i]) {
            found.push((i, String::new()));
        }
    }
    let mut checked = first_seen(&found);
    let mut liked: Vec<usize> = (0..firsts.len()).filter(|&i| i != key).collect();
    liked.sort_by_key(|&i| std::cmp::Reverse(one_ply[i]));
    let extra: Vec<usize> = liked
        .into_iter()
        .filter(|i| !checked.contains(i))
        .take(THREATS_CHECKED)
        .collect();
    checked.extend(extra);
    for i in checked {
        if let Some(what) = threat(run, pos, goal, turns, &firsts[i])? {
            found.push((i, what));
        }
    }
    Ok(found)
}

/// Every first turn's gain (the enemy pieces taken, the points scored, these
/// from `all`, each turn's captures and points), and
/// the turns that gain something no other turn beats (indices into
/// `firsts`, never the key): for each set of enemy pieces taken and points
/// scored that no first turn betters (a superset taken and as many points,
/// or the same taken and more points), the turn with that gain the one-ply
/// player rates best (`one_ply`), the first generated among equals: the way
/// a player who goes for that gain makes the rest of the turn. A gain the
/// key betters is no temptation; the key's own gain made another way is.
fn best_gains(
    pos: &Position,
    firsts: &[DistinctTurn],
    key: usize,
    all: &[(u8, u8)],
    one_ply: &[Option<i32>],
) -> (Vec<(SquareSet, u8)>, Vec<usize>) {
    let enemy = pos.to_move().other();
    let gain: Vec<(SquareSet, u8)> = firsts
        .iter()
        .zip(all)
        .map(|(t, g)| (pos.pieces(enemy).minus(t.after.pieces(enemy)), g.1))
        .collect();
    let betters = |a: &(SquareSet, u8), b: &(SquareSet, u8)| {
        a != b && b.0.minus(a.0).is_empty() && a.1 >= b.1
    };
    let mut out: Vec<usize> = Vec::new();
    for (i, g) in gain.iter().enumerate() {
        if i == key || (g.0.is_empty() && g.1 == 0) || gain.iter().any(|h| betters(h, g)) {
            continue;
        }
        match out.iter_mut().find(|j| gain[**j] == *g) {
            Some(j) if one_ply[i] > one_ply[*j] => *j = i,
            Some(_) => {}
            None => out.push(i),
        }
    }
    (gain, out)
}

/// How far the mover's pieces have come in `p`: the rows each piece on the
/// board stands from its own home edge, summed.
fn advance(p: &Position, me: Color) -> u32 {
    let goal = me.scoring_rank();
    p.pieces(me)
        .map(|sq| u32::from(RANKS - 1 - sq.rank().abs_diff(goal)))
        .sum()
}

/// The furthest run (an index into `firsts`): when no first turn scores, the
/// turns that bring the mover's pieces furthest ([`advance`]), when they
/// advance at all, the key is not among them and they are all one idea (the
/// same piece or pieces run as far by different routes, say), the first
/// generated. Among turns of different ideas there is no one run to be
/// tempted by.
fn furthest_run(pos: &Position, firsts: &[DistinctTurn], key: usize) -> Option<usize> {
    if firsts.iter().any(|t| gains(pos, &t.after).1 > 0) {
        return None;
    }
    let me = pos.to_move();
    let far: Vec<u32> = firsts.iter().map(|t| advance(&t.after, me)).collect();
    let top = *far.iter().max()?;
    if top <= advance(pos, me) || far[key] == top {
        return None;
    }
    let mut at_top = (0..firsts.len()).filter(|&i| far[i] == top);
    let first = at_top.next()?;
    let t = &firsts[first];
    let idea = Idea::of(pos, &t.steps, &t.after);
    at_top
        .all(|i| {
            let u = &firsts[i];
            Idea::of(pos, &u.steps, &u.after).same_as(&idea)
        })
        .then_some(first)
}

/// The genuine tries of a puzzle whose key is `firsts[key]`; `r` is the
/// solver's full report (its refutations are reused).
///
/// # Errors
/// A solver turn that does not replay, or the solver refusing a position.
#[allow(clippy::too_many_arguments)]
pub(crate) fn genuine(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    firsts: &[DistinctTurn],
    key: usize,
    ratings: &Ratings,
    r: &Report,
) -> Result<Vec<Try>, ForgeError> {
    let found = reasons(run, pos, goal, turns, firsts, key, ratings)?;
    let order = first_seen(&found);
    let mut tries = Vec::new();
    let mut ideas: Vec<Idea<'_>> = Vec::new();
    let mut shown: Vec<String> = Vec::new();
    for i in order {
        if tries.len() >= TRIES_KEPT {
            break;
        }
        let t = &firsts[i];
        let idea = Idea::of(pos, &t.steps, &t.after);
        if ideas.iter().any(|i| i.same_as(&idea)) {
            continue;
        }
        let mut parts: Vec<String> = Vec::new();
        for (_, s) in found.iter().filter(|(j, s)| *j == i && !s.is_empty()) {
            if !parts.contains(s) {
                parts.push(s.clone());
            }
        }
        // The biggest capture (score) is listed once: another way of it
        // tempts for nothing else.
        let had = !parts.is_empty();
        parts.retain(|p| !(BIGGEST.contains(&p.as_str()) && shown.contains(p)));
        if had && parts.is_empty() {
            continue;
        }
        let refutation = if turns == 1 || t.after.is_over() {
            Some(Vec::new())
        } else {
            refute(run, pos, goal, turns, t, r)?
        };
        let Some(refutation) = refutation else {
            continue;
        };
        shown.extend(parts.iter().cloned());
        let (caps, points) = gains(pos, &t.after);
        if caps > 0 {
            parts.push(format!("captures {caps}"));
        }
        if points > 0 {
            parts.push(format!("scores {points}"));
        }
        ideas.push(idea);
        tries.push(Try {
            mv: turn(&TurnLine::new(pos, &t.steps).notation)?,
            tempting: parts.join(", "),
            value: Value::Reaches(false),
            refutation,
        });
    }
    Ok(tries)
}

/// A refutation of the wrong first turn `t`: the solver's, or one reply after
/// which the objective is proved out of reach; `None` when none is found.
fn refute(
    run: &mut Runner,
    pos: &Position,
    goal: Objective,
    turns: u8,
    t: &DistinctTurn,
    r: &Report,
) -> Result<Option<Vec<crate::puzzle::Move>>, ForgeError> {
    for f in &r.failing {
        let (_, after) = play_turn(pos, &f.turn.notation)?;
        if same_outcome(&after, &t.after) && !f.refutation.is_empty() {
            let line = f.refutation.iter().map(|l| turn(&l.notation));
            return Ok(Some(line.collect::<Result<_, _>>()?));
        }
    }
    let me = pos.to_move();
    let mut replies = distinct_turns(&t.after);
    replies.sort_by_key(|d| ladder::evaluate(&d.after, me));
    for d in replies.iter().take(REPLIES_TRIED) {
        if d.after.is_over() {
            // The game is over: a refutation unless the objective was reached
            // by it (a counted capture or point, or the game won).
            let won = d.after.result().is_some_and(|x| x.winner == Some(me));
            let missed = goal != Objective::Win || !won;
            if missed && remaining(goal, pos, &d.after).is_some() {
                return Ok(Some(vec![turn(
                    &TurnLine::new(&t.after, &d.steps).notation,
                )?]));
            }
            continue;
        }
        let Some(left) = remaining(goal, pos, &d.after) else {
            continue;
        };
        if run
            .side_solve(&d.after, left, turns - 1, TRY_NODES, None)?
            .answer
            == Answer::No
        {
            return Ok(Some(vec![turn(
                &TurnLine::new(&t.after, &d.steps).notation,
            )?]));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::super::test_position_to_move as at;
    use super::*;

    fn white_to_move(black: &str, white: &str, score: &str) -> Position {
        at(black, white, score, "white")
    }

    fn same(pos: &Position, a: &str, b: &str) -> bool {
        let (sa, aa) = play_turn(pos, a).unwrap();
        let (sb, ab) = play_turn(pos, b).unwrap();
        Idea::of(pos, &sa, &aa).same_as(&Idea::of(pos, &sb, &ab))
    }

    #[test]
    fn a_different_quiet_last_step_is_the_same_idea() {
        // Once in the collection (score 2 in 2), with three tries that all
        // score h1 and end on a different quiet step.
        let pos = white_to_move("g2 f3 g3 h3", "i3 h4 g5", "0(5)-0(4)");
        let first = "2. i3>i2; i2>h1; h1>W++; h4>i3.";
        assert!(same(&pos, first, "2. i3>i2; i2>h1; h1>W++; h4>h5."));
        assert!(same(&pos, first, "2. i3>i2; i2>h1; h1>W++; g5>g4."));
        // The key keeps i3 back instead of scoring it: another idea.
        assert!(!same(&pos, first, "2. i3>i2; i2>h1; h4>i3; i3>i2."));
    }

    #[test]
    fn the_same_piece_by_another_route_is_the_same_idea() {
        // Once in the collection (score 1 in 1): a3 runs towards e1 or e3.
        let pos = white_to_move("a1 b2 i7", "a3 g8 h8", "2(4)-1(3)");
        let run = "2. a3>b3; b3>c2; c2>d1; d1>e1.";
        assert!(same(&pos, run, "2. a3>b3; b3>c2; c2>d2; d2>e3."));
        // Another piece is another idea.
        assert!(!same(&pos, run, "2. g8>f7; f7>e6; e6>d5; d5>e4."));
    }

    #[test]
    fn a_last_step_that_gains_more_is_another_idea() {
        // Once in the collection (trap in 1): the same three steps, then a
        // capture or a score.
        let pos = white_to_move("i4", "g2 i3 g4", "3(5)-0(4)");
        let capture = "2. g2>f1; f1>e1; e1>d1; g4>h3(xi4).";
        assert!(!same(&pos, capture, "2. g2>f1; f1>e1; e1>d1; d1>W++."));
    }

    /// The key of `pos` (its index among the first turns) and the first
    /// turns.
    fn firsts_and_key(pos: &Position, key: &str) -> (Vec<DistinctTurn>, usize) {
        let firsts = super::super::analyse::first_turns(pos);
        let (_, after) = play_turn(pos, key).unwrap();
        let key = firsts
            .iter()
            .position(|t| same_outcome(&t.after, &after))
            .unwrap();
        (firsts, key)
    }

    #[test]
    fn a_lone_runner_s_furthest_run_tempts_when_the_key_runs_less_far() {
        // A long race (score 1 in 2): the key c2>d2>e3>f4>g5 gains three
        // rows, out of the White pieces' reach; every four-row run of c2 is
        // one idea, and the first generated stands for them.
        let pos = at("c2", "d3 c4", "1(6)-0(6)", "black");
        let (firsts, key) = firsts_and_key(&pos, "1. c2>d2; d2>e3; e3>f4; f4>g5.");
        let i = furthest_run(&pos, &firsts, key).unwrap();
        assert_ne!(i, key);
        let me = pos.to_move();
        assert_eq!(advance(&firsts[i].after, me), advance(&pos, me) + 4);
        assert_eq!(advance(&firsts[key].after, me), advance(&pos, me) + 3);
        // A key that runs as far itself leaves no run to be tempted by.
        assert_eq!(furthest_run(&pos, &firsts, i), None);
    }

    #[test]
    fn no_furthest_run_among_different_ideas_or_where_a_turn_scores() {
        // Two Black pieces far apart: a1 and i1 run four rows each (and any
        // mix of their steps as far), so the furthest turns are different
        // ideas.
        let pos = at("a1 i1", "e8", "0(7)-0(6)", "black");
        let (firsts, _) = firsts_and_key(&pos, "1. a1>a2; a2>a3; a3>a4; a4>a5.");
        let quiet = firsts
            .iter()
            .position(|t| advance(&t.after, Color::Black) == advance(&pos, Color::Black))
            .unwrap();
        assert_eq!(furthest_run(&pos, &firsts, quiet), None);
        // One piece next to the scoring edge: a turn scores, and the biggest
        // score is the temptation there, not a run.
        let pos = at("c7", "g2 h2", "0(6)-0(7)", "black");
        let (firsts, key) = firsts_and_key(&pos, "1. c7>c8; c8>B++.");
        assert_eq!(furthest_run(&pos, &firsts, key), None);
    }

    #[test]
    fn the_same_pieces_taking_another_piece_is_another_idea() {
        // Once in the collection (capture 1 in 1): e5 and g7 take h4 or i6.
        let pos = at("d5 e5 g7", "a3 b3 h4 i6", "0(3)-1(5)", "black");
        let capture = "1. e5>f4; f4>g5; g5>h6; g7>h7(xi6).";
        assert!(!same(&pos, capture, "1. e5>f4; f4>g3; g7>f6; f6>g5(xh4)."));
    }

    /// The best gains of `pos` with `key`, as turns written out.
    fn best_gain_turns(pos: &Position, key: &str) -> Vec<String> {
        let (firsts, key) = firsts_and_key(pos, key);
        let one_ply = ladder::rate(pos, &firsts).by_player[1].clone();
        let all: Vec<(u8, u8)> = firsts.iter().map(|t| gains(pos, &t.after)).collect();
        let (_, best) = best_gains(pos, &firsts, key, &all, &one_ply);
        best.iter()
            .map(|&i| TurnLine::new(pos, &firsts[i].steps).notation)
            .collect()
    }

    #[test]
    fn every_gain_no_turn_betters_tempts_once() {
        // Capture 1 in 1 (the collection's): the key takes i6. Three gains
        // no turn betters: g7's point, h4, and i6 taken another way (the
        // key's gain, the one-ply player's way to make it).
        let pos = at("d5 e5 g7", "a3 b3 h4 i6", "0(3)-1(5)", "black");
        let key = "1. e5>f4; f4>g5; g5>h6; g7>h7(xi6).";
        assert_eq!(
            best_gain_turns(&pos, key),
            [
                "1. d5>c6; e5>d6; g7>f8; f8>B++.",
                "1. e5>f4; f4>g5; g7>g6; g6>h5(xh4).",
                "1. e5>f4; f4>g4; g7>h6; g4>h5(xi6).",
            ]
        );
        // Trap in 1 (the collection's): the key takes i4; a turn that also
        // scores betters it, and every lesser gain (i4 alone another way, a
        // point alone) is bettered by that turn.
        let pos = white_to_move("i4", "g2 i3 g4", "3(5)-0(4)");
        let key = "2. g2>f1; f1>e1; e1>d1; g4>h3(xi4).";
        assert_eq!(
            best_gain_turns(&pos, key),
            ["2. g2>f1; f1>e1; e1>W++; g4>h3(xi4)."]
        );
        // Black's lone c7 can only score, and the key does: nothing else.
        let pos = at("c7", "g2 h2", "0(6)-0(7)", "black");
        assert!(best_gain_turns(&pos, "1. c7>c8; c8>B++.").is_empty());
        // A quiet key among quiet turns: no gain tempts.
        let pos = at("c2", "d3 c4", "1(6)-0(6)", "black");
        assert!(best_gain_turns(&pos, "1. c2>d2; d2>e3; e3>f4; f4>g5.").is_empty());
    }

    /// What the turn `t` of `pos` threatens towards `goal` within `turns`.
    fn threat_of(pos: &Position, goal: Objective, turns: u8, t: &str) -> Option<String> {
        let mut run = Runner::new(&crate::forge::Limits::MARGRITES);
        let (firsts, i) = firsts_and_key(pos, t);
        threat(&mut run, pos, goal, turns, &firsts[i]).unwrap()
    }

    #[test]
    fn a_threat_is_what_the_turn_reaches_were_the_reply_forfeit() {
        // White to win within 2 (the collection's): scoring g2 and running
        // g7 to h5 threatens to win next turn; Black parries by taking f3.
        let pos = white_to_move("f4 f5", "g2 f3 g7", "0(5)-0(6)");
        let run = "2. g2>f1; f1>W++; g7>g6; g6>h5.";
        assert_eq!(
            threat_of(&pos, Objective::Win, 2, run).as_deref(),
            Some("threatens to win the game next turn")
        );
        // The same turn threatens nothing where no turn is left after it,
        // and within three turns its threat is to win within two more.
        assert_eq!(threat_of(&pos, Objective::Win, 1, run), None);
        assert_eq!(
            threat_of(&pos, Objective::Win, 3, run).as_deref(),
            Some("threatens to win the game within 2 more turns")
        );
        // Scoring g2 by the long way round leaves g7 and f3 too far back.
        let score = "2. g2>f1; f1>e1; e1>d1; d1>W++.";
        assert_eq!(threat_of(&pos, Objective::Win, 2, score), None);
    }

    #[test]
    fn a_threat_names_what_is_left_of_the_objective() {
        // Capture 2 in 2 (the collection's): taking h4 with g5 standing by
        // i6 threatens the second capture; scoring g7 threatens none.
        let pos = at("d5 e5 g7", "a3 b3 h4 i6", "0(3)-1(5)", "black");
        let goal = Objective::Capture(2);
        assert_eq!(
            threat_of(&pos, goal, 2, "1. e5>f4; f4>g4; g7>f6; f6>g5(xh4).").as_deref(),
            Some("threatens to capture 1 piece next turn")
        );
        assert_eq!(
            threat_of(&pos, goal, 2, "1. d5>c6; e5>d6; g7>f8; f8>B++."),
            None
        );
        // A quiet turn that leaves both Black pieces far from the White
        // ones threatens no capture.
        assert_eq!(
            threat_of(&pos, goal, 2, "1. d5>c6; c6>b7; e5>d6; d6>c7."),
            None
        );
    }
}
