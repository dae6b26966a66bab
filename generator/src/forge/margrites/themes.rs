//! Theme detectors. Each looks at the puzzle position, its objective and the
//! key turn (its steps replayed through the engine), or for chain capture and
//! score race the attacker's turns of the solution's main line; the
//! definitions here are the ones the book's theme page states.
//!
//! - [`chain_capture`]: one of the attacker's turns on the solution's main
//!   line ([`main_line`]: the key, then the answer to the strongest defence,
//!   and so on) captures two or more enemy pieces and at
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
//! - [`score_race`]: the key wins the game (the objective is to win, or the
//!   key's game value is a win) and a turn of the main line scores (the key,
//!   or the answer to the strongest defence), while the opponent, were it to
//!   move in the puzzle position instead, would win the game within two of
//!   its turns, starting with a turn that scores: the race is real (were the
//!   attacker to let it run, the opponent's scoring would decide the game),
//!   and the key answers it in time.
//! - [`martyrdom_path`]: a piece of the key is routed around martyrdom: with
//!   the other pieces where they stand when it starts moving, its shortest
//!   route to where it ends the turn (or off the board, when it scores) is
//!   longer under the rules than with martyrdom switched off (a step may then
//!   end on a square where the piece would be captured). The rules crate has
//!   no switch for martyrdom, so the counterfactual is computed on the route
//!   (two shortest-path searches), not by the solver.

use crate::puzzle::margrites::play_turn;
use crate::puzzle::{GameValue, Line, Move, Objective, Theme};
use crate::solve::margrites::Answer;
use cannonball_rules::margrites::capture::resolve;
use cannonball_rules::margrites::{Color, Diagram, Position, Square, SquareSet, Step};

use super::ForgeError;
use super::analyse::Runner;

/// Every Margrites theme, in the order files list them.
pub const ALL: [Theme; 5] = [
    Theme::ChainCapture,
    Theme::Trap,
    Theme::SacrificeToEnd,
    Theme::ScoreRace,
    Theme::MartyrdomPath,
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

/// The attacker's turns on the solution's main line: the key, then the
/// answer to the strongest (first) defence, and so on to where the tree
/// stops; each with the position it is played from and its steps.
///
/// # Errors
/// A turn of the tree that does not replay.
pub fn main_line(pos: &Position, line: &Line) -> Result<Vec<(Position, Vec<Step>)>, ForgeError> {
    let text = |m: &Move| match m {
        Move::Margrites(t) => Ok(t.to_string()),
        Move::Margo(_) => Err(ForgeError::NotAPuzzle(
            "a Margo move in a Margrites tree".into(),
        )),
    };
    let mut out = Vec::new();
    let mut here = *pos;
    let mut at = Some(line);
    while let Some(l) = at {
        let (steps, after) = play_turn(&here, &text(&l.mv)?)?;
        out.push((here, steps));
        let Some(reply) = l.replies.first() else {
            break;
        };
        here = play_turn(&after, &text(&reply.mv)?)?.1;
        at = reply.answer.as_deref();
    }
    Ok(out)
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
    if objective != Objective::Win {
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

/// The opponent's turns in which its scoring threat must win the game.
pub const RACE_TURNS: u8 = 2;
/// Solver nodes for the threat.
pub const RACE_NODES: u64 = 20_000;
/// Positions inside turns for the threat: the soundness solves' limit, for
/// the same number of nodes.
pub const RACE_POSITIONS: u64 = super::sound::SOUND_POSITIONS;

/// Whether the key wins a score race (see the module docs); `scores` is
/// whether a turn of the main line scores, `wins` whether the key wins the
/// game. The threat is decided by a solve of [`RACE_TURNS`] turns within
/// [`RACE_NODES`], and undecided counts as no.
pub(crate) fn score_race(
    run: &mut Runner,
    pos: &Position,
    scores: bool,
    wins: bool,
) -> Result<bool, ForgeError> {
    if !wins || !scores {
        return Ok(false);
    }
    let Some(other) = passed(pos) else {
        return Ok(false);
    };
    if !other.has_legal_step() {
        return Ok(false);
    }
    let positions = Some(RACE_POSITIONS);
    let r = run.side_solve(&other, Objective::Win, RACE_TURNS, RACE_NODES, positions)?;
    Ok(r.answer == Answer::Yes && r.winning.iter().any(|w| w.turn.scored > 0))
}

/// The position `before` with the mover's piece on `from` put on `at`
/// instead (no turn begun); `None` when that is no legal diagram.
fn moved_to(before: &Position, from: Square, at: Square) -> Option<Position> {
    let me = before.to_move();
    let mut pieces = before.board().map(Iterator::collect::<Vec<Square>>);
    let own = pieces.get_mut(me);
    own.retain(|s| *s != from);
    own.push(at);
    let d = Diagram {
        pieces,
        to_move: me,
        turn: before.turn(),
        standings: before.standings(),
    };
    Position::from_diagram(&d, before.options()).ok()
}

/// The fewest steps for the mover's piece on `from` to reach `target` (or,
/// with `target` `None`, to leave the board over its scoring edge: reaching
/// that rank, plus one), the other pieces standing still; `free` lets a step
/// end where the piece would be captured (martyrdom off). `None`: no route.
fn route(before: &Position, from: Square, target: Option<Square>, free: bool) -> Option<u32> {
    let me = before.to_move();
    let others = before.occupied().without(from);
    let done = |s: Square| match target {
        Some(t) => s == t,
        None => s.rank() == me.scoring_rank(),
    };
    let extra = u32::from(target.is_none());
    let mut dist = vec![u32::MAX; Square::all().count()];
    let mut queue = std::collections::VecDeque::from([from]);
    dist[from.index()] = 0;
    while let Some(s) = queue.pop_front() {
        let d = dist[s.index()];
        if done(s) {
            return Some(d + extra);
        }
        let here = if free {
            None
        } else {
            moved_to(before, from, s)
        };
        for t in Square::all().filter(|t| t.touches(s) && !others.contains(*t)) {
            if dist[t.index()] != u32::MAX {
                continue;
            }
            let ok = free
                || here
                    .as_ref()
                    .is_some_and(|p| p.check_step(Step::Move { from: s, to: t }).is_ok());
            if ok {
                dist[t.index()] = d + 1;
                queue.push_back(t);
            }
        }
    }
    None
}

/// Whether a piece of the key is routed around martyrdom (see the module docs).
#[must_use]
pub fn martyrdom_path(pos: &Position, key: &[Step]) -> bool {
    let (played, _) = replay(pos, key);
    piece_runs(key).iter().any(|r| {
        if r.end == Some(r.start) {
            return false;
        }
        let before = &played[r.first].before;
        match (
            route(before, r.start, r.end, false),
            route(before, r.start, r.end, true),
        ) {
            (Some(rules), Some(free)) => rules > free,
            _ => false,
        }
    })
}

/// One piece's part of a turn: where it starts, the index of its first step,
/// where it ends (`None`: it scored) and how many steps it makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceRun {
    /// Where the piece stands before the turn.
    pub start: Square,
    /// The index in the turn of its first step.
    pub first: usize,
    /// Where it ends the turn; `None` when it scored.
    pub end: Option<Square>,
    /// Its steps.
    pub steps: u32,
}

/// The pieces a turn moves, in the order they first move; returns of scored
/// pieces are left out.
#[must_use]
pub fn piece_runs(key: &[Step]) -> Vec<PieceRun> {
    let mut runs: Vec<PieceRun> = Vec::new();
    for (i, &step) in key.iter().enumerate() {
        let (from, to) = match step {
            Step::Move { from, to } => (from, Some(to)),
            Step::Score { from } => (from, None),
            Step::Return { .. } => continue,
        };
        match runs.iter_mut().find(|r| r.end == Some(from)) {
            Some(r) => {
                r.end = to;
                r.steps += 1;
            }
            None => runs.push(PieceRun {
                start: from,
                first: i,
                end: to,
                steps: 1,
            }),
        }
    }
    runs
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
    solution: &Line,
    value: GameValue,
) -> Result<Vec<Theme>, ForgeError> {
    let wins = objective == Objective::Win || matches!(value, GameValue::Win(_));
    let line = main_line(pos, solution)?;
    let chained = line.iter().any(|(from, steps)| chain_capture(from, steps));
    let scores = line
        .iter()
        .any(|(_, steps)| steps.iter().any(|s| matches!(s, Step::Score { .. })));
    let found = [
        chained,
        trap(pos, objective, key),
        sacrifice_to_end(pos, objective, key),
        score_race(run, pos, scores, wins)?,
        martyrdom_path(pos, key),
    ];
    Ok(ALL
        .iter()
        .zip(found)
        .filter(|(_, f)| *f)
        .map(|(t, _)| *t)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::margrites::Limits;
    use crate::forge::margrites::analyse::{margrites_objective, unique};
    use crate::puzzle::MargritesPosition;
    use crate::puzzle::margrites::{parse_position, play_turn};

    /// A puzzle position from the collection, its key found by the solver.
    fn solved(
        black: &str,
        white: &str,
        score: &str,
        objective: Objective,
        turns: u8,
    ) -> (Position, Vec<Step>) {
        let pos = parse_position(&MargritesPosition {
            options: String::new(),
            black: black.into(),
            white: white.into(),
            score: score.into(),
            to_move: "black".into(),
        })
        .unwrap();
        let mut run = Runner::new(&Limits::MARGRITES);
        let r = run
            .solve(&pos, margrites_objective(objective).unwrap(), turns, false)
            .unwrap();
        assert!(unique(&r), "{black} / {white}: no unique key");
        let (steps, _) = play_turn(&pos, &r.winning[0].turn.notation).unwrap();
        (pos, steps)
    }

    type Case = (&'static str, &'static str, &'static str, Objective, u8);

    const CHAIN: [Case; 3] = [
        (
            "c1 d2 e2 e3",
            "d1 e1 c3 d3",
            "0(3)-1(4)",
            Objective::Capture(4),
            1,
        ),
        (
            "a6 d6 b7 d8",
            "a8 b8",
            "1(4)-2(3)",
            Objective::Capture(2),
            1,
        ),
        (
            "a2 b2 c2 d3",
            "a1 b1",
            "1(3)-3(3)",
            Objective::Capture(2),
            1,
        ),
    ];
    const TRAPS: [Case; 3] = [
        ("c5 a6 c7", "a5", "0(4)-3(5)", Objective::Trap, 1),
        ("c6 d6 b7 d7", "b8", "1(6)-1(3)", Objective::Trap, 1),
        ("a6 b6 d6 a8", "b8", "1(4)-3(3)", Objective::Trap, 1),
    ];
    const SACRIFICES: [Case; 3] = [
        ("d6 c7", "b7 a8", "2(4)-2(4)", Objective::Win, 1),
        ("a5 a6", "a4 b4 b7", "3(2)-3(3)", Objective::Win, 1),
        ("b4 b5", "b3 a4", "1(6)-0(5)", Objective::Win, 1),
    ];
    /// Score races that are not: the key scores, but the opponent's scoring
    /// does not decide the game (collection margrites-e7cefbda50d5,
    /// -2766848ce42f, -045951ac2ff7).
    const RACES: [Case; 3] = [
        ("b7 c8", "a7 b8", "1(6)-0(5)", Objective::Score(2), 1),
        ("a4 a8", "b2 c2 b5 a6", "1(3)-1(5)", Objective::Score(2), 2),
        ("b3 c4 c5", "a1 a2 a3", "0(5)-0(5)", Objective::Score(1), 1),
    ];
    /// A real race (collection margrites-14e9d5d96ccd): Black scores to end
    /// the game ahead; with the move White would score its way to a win.
    const RACE: Case = ("b5 c6", "f2 a5 a6", "3(2)-3(3)", Objective::Win, 1);
    /// Black scores both pieces to win; d7 cannot step to e8 (martyrdom).
    const DETOUR: Case = ("d7 c8", "e7 d8", "3(2)-4(3)", Objective::Win, 1);
    const MARTYRS: [Case; 3] = [
        DETOUR,
        ("e6", "c6 e7 e8", "2(4)-1(5)", Objective::Win, 1),
        ("a7", "a8 c8", "2(5)-1(5)", Objective::Win, 1),
    ];

    fn check(cases: &[Case], want: bool, detector: &dyn Fn(&Position, Objective, &[Step]) -> bool) {
        for &(b, w, s, o, n) in cases {
            let (pos, key) = solved(b, w, s, o, n);
            assert_eq!(detector(&pos, o, &key), want, "{b} / {w} {o}");
        }
    }

    #[test]
    fn chain_captures() {
        let d = |p: &Position, _: Objective, k: &[Step]| chain_capture(p, k);
        check(&CHAIN, true, &d);
        // One capture, or captures of the attacker's own pieces, are no chain.
        check(&[SACRIFICES[0], SACRIFICES[1], RACE], false, &d);
    }

    #[test]
    fn traps() {
        let d = |p: &Position, o: Objective, k: &[Step]| trap(p, o, k);
        check(&TRAPS, true, &d);
        // Ending the game, or scoring, leaves no forfeit turn.
        check(&[SACRIFICES[0], DETOUR, RACE], false, &d);
        // A trap reached under another objective counts too.
        let (pos, key) = solved(TRAPS[0].0, TRAPS[0].1, TRAPS[0].2, Objective::Trap, 1);
        assert!(trap(&pos, Objective::Capture(1), &key));
    }

    #[test]
    fn sacrifices_to_end() {
        let d = |p: &Position, o: Objective, k: &[Step]| sacrifice_to_end(p, o, k);
        check(&SACRIFICES, true, &d);
        check(&[DETOUR, CHAIN[0], TRAPS[0]], false, &d);
    }

    /// Whether the key of a case wins the game (its game value, by the
    /// soundness test's solves).
    fn key_wins(pos: &Position, o: Objective, n: u8, key: &[Step]) -> bool {
        let mut after = *pos;
        for &s in key {
            after.play_step_unchecked(s);
        }
        if !after.is_over() {
            after.end_turn_unchecked();
        }
        let mut run = Runner::new(&Limits::MARGRITES);
        let firsts = super::super::analyse::first_turns(pos);
        let j = super::super::sound::judge(&mut run, pos, o, n, &after, &firsts).unwrap();
        o == Objective::Win || j.is_ok_and(|j| matches!(j.value, GameValue::Win(_)))
    }

    #[test]
    fn score_races() {
        let d = |p: &Position, o: Objective, k: &[Step]| {
            // The horizon of the game value: one turn past the puzzle's.
            let wins = key_wins(p, o, 1, k);
            let scores = k.iter().any(|s| matches!(s, Step::Score { .. }));
            score_race(&mut Runner::new(&Limits::MARGRITES), p, scores, wins).unwrap()
        };
        check(&[RACE], true, &d);
        // Its mirror image and its colour exchange are races too.
        let (pos, key) = solved(RACE.0, RACE.1, RACE.2, RACE.3, RACE.4);
        let mirrored: Vec<Step> = key.iter().map(|s| s.mirrored()).collect();
        assert!(d(&pos.mirrored(), RACE.3, &mirrored));
        let x = pos.color_exchanged();
        let mut run = Runner::new(&Limits::MARGRITES);
        let r = run.solve(&x, Objective::Win, 1, false).unwrap();
        let (xkey, _) = play_turn(&x, &r.winning[0].turn.notation).unwrap();
        assert!(d(&x, RACE.3, &xkey));
        check(&RACES, false, &d);
        // The detour scores to win, but White is seven rows from scoring.
        check(&[DETOUR, CHAIN[0], TRAPS[0]], false, &d);
    }

    #[test]
    fn martyrdom_paths() {
        let d = |p: &Position, _: Objective, k: &[Step]| martyrdom_path(p, k);
        check(&MARTYRS, true, &d);
        // Straight runs and captures without a blocked step.
        check(&[RACE, CHAIN[0], SACRIFICES[0]], false, &d);
    }
}

#[cfg(test)]
mod main_line_tests {
    use super::*;
    use crate::puzzle::Reply;
    use crate::puzzle::margrites::Turn;

    use super::super::test_position as position;

    fn line(turn: &str, replies: Vec<Reply>) -> Line {
        Line {
            mv: Move::Margrites(turn.parse::<Turn>().unwrap()),
            only: true,
            replies,
            end: String::new(),
        }
    }

    fn reply(turn: &str, answer: Option<Line>) -> Reply {
        Reply {
            mv: Move::Margrites(turn.parse::<Turn>().unwrap()),
            answer: answer.map(Box::new),
            end: String::new(),
        }
    }

    #[test]
    fn a_chain_capture_on_the_second_turn_of_the_main_line_counts() {
        // The theme page's chain (c1 d2 e2 e3 against d1 e1 c3 d3), with a
        // runner of each side far away: Black runs h5 off, White runs a8 down,
        // and only then does Black play the chain.
        let pos = position("c1 d2 e2 e3 h5", "d1 e1 c3 d3 a8", "0(3)-0(3)");
        let key = "1. h5>h6; h6>h7; h7>h8; h8>B++.";
        let chain = "3. c1>b1; b1>c2(xd3, xc3); d2>c1; e3>d2(xd1, xe1).";
        let weaker = reply("2. a8>a7; a7>a6; a6>a5; a5>b4.", None);
        let tree = line(
            key,
            vec![
                reply("2. a8>a7; a7>a6; a6>a5; a5>a4.", Some(line(chain, vec![]))),
                weaker,
            ],
        );
        let turns = main_line(&pos, &tree).unwrap();
        assert_eq!(
            turns.len(),
            2,
            "the key and the answer to the first defence"
        );
        assert_eq!(turns[0].0, pos);
        assert!(!chain_capture(&turns[0].0, &turns[0].1), "the key is quiet");
        assert_eq!(turns[1].0.to_move(), Color::Black);
        assert!(chain_capture(&turns[1].0, &turns[1].1));
        // A tree that stops after the key has one turn on its main line.
        let short = line(key, vec![]);
        assert_eq!(main_line(&pos, &short).unwrap().len(), 1);
    }
}
