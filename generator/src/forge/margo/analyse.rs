//! From a position to a proved puzzle: the objective and the key, the solution
//! tree, the tempting tries and their refutations, and the difficulty.

use crate::puzzle::{self, Difficulty, GameValue, Line, MoveValue, Objective, Reply, Try, Value};
use crate::solve::margo::{Bounds, Mode, Score, Solution};
use cannonball_rules::margo::{AnyPosition, Color, Move, notation};

use super::ladder;
use super::players::{self, balance, captures};
use super::solving::{Exact, bounded_values, file_value, move_values, root_value};
use super::{ForgeError, Reject};
use crate::puzzle::Finder;

/// The question a position answers, and its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// The objective.
    pub objective: Objective,
    /// The key move.
    pub key: Move,
    /// Every legal first move and its value: the result's class score for
    /// `win` ([`Mode::Wld`]), the exact margin for `best-margin`.
    pub values: Vec<(Move, Score)>,
    /// The principal variation from the position (the key first).
    pub line: Vec<Move>,
    /// The moves of `values` proven worse than the key only as far as a
    /// bound (`best-margin`): their value there is an upper bound.
    pub at_most: Vec<Move>,
}

impl Question {
    /// The value of the first move `m` (whose score is `s`) as files write
    /// it: an upper bound for a move of [`Question::at_most`].
    #[must_use]
    pub fn file_value(&self, m: Move, s: Score) -> Value {
        match (self.at_most.contains(&m), s.margin_value()) {
            (true, Some(bound)) => Value::AtMost(bound),
            _ => file_value(s, mode_of(self.objective)),
        }
    }
}

/// Fewest legal first moves a puzzle may have: the key and three tries.
pub const MIN_MOVES: usize = 4;

/// The question `pos` answers, when it makes a puzzle: exactly one first move
/// wins (objective `win`, decided by win/draw/loss searches), or else one
/// first move ends the game with a strictly better margin than every other
/// (`best-margin`, decided by exact searches): it wins by most, or, where
/// nothing wins, draws or loses least. Otherwise why not, so that the
/// forge's report tells the two causes apart: [`Reject::Budget`] when the
/// solver cannot settle it within its budget, [`Reject::NoQuestion`] when
/// neither holds or there are fewer than [`MIN_MOVES`] legal moves.
///
/// # Errors
/// The solver cannot run.
pub fn question(
    pos: &AnyPosition,
    exact: &mut Exact,
) -> Result<Result<Question, Reject>, ForgeError> {
    question_of(pos, exact, None)
}

/// [`question`] when only a question with the objective `wanted` will do:
/// a position that asks another gives `None`, and a `win` question never
/// pays for the exact solve a `best-margin` one needs.
///
/// # Errors
/// The solver cannot run.
pub fn question_like(
    pos: &AnyPosition,
    exact: &mut Exact,
    wanted: Objective,
) -> Result<Option<Question>, ForgeError> {
    Ok(question_of(pos, exact, Some(wanted))?
        .ok()
        .filter(|q| q.objective == wanted))
}

fn question_of(
    pos: &AnyPosition,
    exact: &mut Exact,
    wanted: Option<Objective>,
) -> Result<Result<Question, Reject>, ForgeError> {
    if pos.outcome().is_some() || pos.legal_moves().len() < MIN_MOVES {
        return Ok(Err(Reject::NoQuestion));
    }
    let Some(sol) = exact.solve(pos, Mode::Wld)? else {
        return Ok(Err(Reject::Budget));
    };
    let classes = move_values(&sol, Mode::Wld);
    let wins: Vec<Move> = classes
        .iter()
        .filter(|v| v.1 > Score::DRAW)
        .map(|v| v.0)
        .collect();
    let (objective, key, values, line, at_most) = if wins.len() == 1 {
        (Objective::Win, wins[0], classes, sol.pv.clone(), Vec::new())
    } else if wanted == Some(Objective::Win) {
        return Ok(Err(Reject::NoQuestion));
    } else {
        // Several winning moves, or none: the question is the best margin
        // (the move that wins by most, or the one that loses least). The
        // best move's margin is exact; a worse move's may be a bound.
        let Some(sol) = exact.solve(pos, Mode::Exact)? else {
            return Ok(Err(Reject::Budget));
        };
        let exact_values = move_values(&sol, Mode::Exact);
        let best = sol.value();
        let at_best: Vec<Move> = exact_values
            .iter()
            .filter(|v| Some(v.1) == best)
            .map(|v| v.0)
            .collect();
        let bounded = bounded_values(&sol);
        if at_best.len() != 1 || bounded.iter().any(|b| b.1.margin_value().is_none()) {
            return Ok(Err(Reject::NoQuestion));
        }
        let values: Vec<(Move, Score)> = sol
            .moves
            .iter()
            .filter_map(|m| {
                exact_values
                    .iter()
                    .chain(&bounded)
                    .find(|v| v.0 == m.mv)
                    .copied()
            })
            .collect();
        let at_most = bounded.iter().map(|b| b.0).collect();
        (
            Objective::BestMargin,
            at_best[0],
            values,
            sol.pv.clone(),
            at_most,
        )
    };
    if matches!(key, Move::Pass | Move::Swap) {
        return Ok(Err(Reject::NoQuestion));
    }
    let line = if line.first() == Some(&key) {
        line
    } else {
        vec![key]
    };
    Ok(Ok(Question {
        objective,
        key,
        values,
        line,
        at_most,
    }))
}

/// The key's worth in the whole game of a `win` or `best-margin` question:
/// a win (its margin where the values are margins).
#[must_use]
pub fn whole_game_value(q: &Question) -> GameValue {
    let key = q.values.iter().find(|v| v.0 == q.key).map(|v| v.1);
    match (q.objective, key) {
        (Objective::Win, Some(v)) => match v.wld() {
            crate::solve::Wld::Win => GameValue::Win(None),
            crate::solve::Wld::Draw => GameValue::Draw,
            crate::solve::Wld::Loss => GameValue::Loss(None),
        },
        (_, Some(v)) => v
            .margin_value()
            .map_or(GameValue::Unknown, |m| GameValue::of_margin(i64::from(m))),
        (_, None) => GameValue::Unknown,
    }
}

/// The search mode an objective's values come from.
#[must_use]
pub fn mode_of(objective: Objective) -> Mode {
    if objective == Objective::Win {
        Mode::Wld
    } else {
        Mode::Exact
    }
}

/// How a finished game or a proven value reads, for the attacker `me`.
fn outcome_text(me: Color, margin_for_me: i64) -> String {
    let other = if me == Color::Black {
        Color::White
    } else {
        Color::Black
    };
    match margin_for_me {
        0 => "a draw".into(),
        m if m > 0 => format!("{me} wins by {m}"),
        m => format!("{other} wins by {}", -m),
    }
}

/// A proven value for the attacker `me`: the result for `win` puzzles, the
/// margin otherwise.
fn value_text(me: Color, value: Score, mode: Mode) -> String {
    let other = if me == Color::Black {
        Color::White
    } else {
        Color::Black
    };
    match (mode, value.wld()) {
        (Mode::Wld, crate::solve::Wld::Win) => format!("{me} wins"),
        (Mode::Wld, crate::solve::Wld::Loss) => format!("{other} wins"),
        (Mode::Wld, crate::solve::Wld::Draw) => "a draw".into(),
        (Mode::Exact, _) => outcome_text(me, i64::from(value.margin_value().unwrap_or(0))),
    }
}

fn moves_text(pos: &AnyPosition, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .map(|&m| notation::human(pos.geometry(), m))
        .collect()
}

/// The tree below the attacker's move `mv` from `before`.
///
/// # Errors
/// The solver cannot run, or cannot settle a position of the tree.
pub fn tree(
    before: &AnyPosition,
    mv: Move,
    only: bool,
    objective: Objective,
    depth: u8,
    exact: &mut Exact,
) -> Result<Line, ForgeError> {
    let me = before.to_move();
    let mut after = before.clone();
    after
        .play(mv)
        .map_err(|e| ForgeError::Inconsistent(format!("tree move: {e}")))?;
    if after.outcome().is_some() {
        return Ok(Line {
            mv: puzzle::Move::Margo(mv),
            only,
            replies: Vec::new(),
            end: format!("game over: {}", outcome_text(me, -balance(&after))),
        });
    }
    let text = notation::human(before.geometry(), mv);
    let mut replies: Vec<(Score, Reply)> = Vec::new();
    for r in after.legal_moves() {
        let defence = Defence {
            after: &after,
            me,
            text: &text,
            objective,
            depth,
        };
        replies.push(defence.reply(r, exact)?);
    }
    // Strongest defence first: the lowest value for the attacker.
    replies.sort_by_key(|r| r.0);
    Ok(Line {
        mv: puzzle::Move::Margo(mv),
        only,
        replies: replies.into_iter().map(|r| r.1).collect(),
        end: String::new(),
    })
}

/// The defences to one attacker's move.
struct Defence<'a> {
    /// The position after the attacker's move.
    after: &'a AnyPosition,
    /// The attacker.
    me: Color,
    /// The attacker's move as written.
    text: &'a str,
    objective: Objective,
    /// Attacker moves left in the tree (this one included).
    depth: u8,
}

impl Defence<'_> {
    /// The defence `r`, with its value for the attacker: the game's end, the
    /// attacker's answer and the tree below it, or the proven value and a
    /// best line.
    fn reply(&self, r: Move, exact: &mut Exact) -> Result<(Score, Reply), ForgeError> {
        let me = self.me;
        let mut q = self.after.clone();
        q.play_unchecked(r);
        let rtext = notation::human(self.after.geometry(), r);
        if q.outcome().is_some() {
            let m = balance(&q);
            return Ok((
                Score::margin(i32::try_from(m).unwrap_or(0)),
                Reply {
                    mv: puzzle::Move::Margo(r),
                    answer: None,
                    end: format!("game over: {}", outcome_text(me, m)),
                },
            ));
        }
        let mode = mode_of(self.objective);
        let unsettled = || ForgeError::Unsettled(format!("after {} {rtext}", self.text));
        let sol = exact.search(&q, mode)?;
        let value = root_value(&sol, mode).ok_or_else(unsettled)?;
        let reply = match answer(&sol, mode, value) {
            (Some(answer), only) if self.depth > 1 => Reply {
                mv: puzzle::Move::Margo(r),
                answer: Some(Box::new(tree(
                    &q,
                    answer,
                    only,
                    self.objective,
                    self.depth - 1,
                    exact,
                )?)),
                end: String::new(),
            },
            _ => Reply {
                mv: puzzle::Move::Margo(r),
                answer: None,
                end: format!(
                    "{}: {}",
                    value_text(me, value, mode),
                    moves_text(&q, &sol.pv).join(" ")
                ),
            },
        };
        Ok((value, reply))
    }
}

/// The answer: the first move, in legal-move order, proven to keep `value`;
/// and whether it is the only one (every other move proven not to).
fn answer(sol: &Solution, mode: Mode, value: Score) -> (Option<Move>, bool) {
    let keeps_value = |b: &Bounds| match mode {
        Mode::Wld => b.wld() == Some(value.wld()),
        Mode::Exact => b.value() == Some(value),
    };
    let answer = sol
        .moves
        .iter()
        .find(|m| keeps_value(&m.bounds))
        .map(|m| m.mv);
    let only = sol.moves.iter().filter(|m| keeps_value(&m.bounds)).count() == 1
        && sol.moves.iter().all(|m| {
            keeps_value(&m.bounds)
                || match mode {
                    Mode::Wld => m.bounds.wld().is_some(),
                    Mode::Exact => m.bounds.value().is_some() || m.bounds.upper < value,
                }
        });
    (answer, only)
}

/// Whether the first move `m` is worse than the key: a lower value for the
/// side to move (win, draw, loss; the margin; the pieces forced off), or more
/// pieces lost in a save puzzle, whose values count down.
fn is_wrong(q: &Question, m: Move) -> bool {
    let value = |m: Move| q.values.iter().find(|v| v.0 == m).map(|v| v.1);
    m != q.key && value(m).is_some() && value(m) < value(q.key)
}

/// The wrong first moves of `q` that tempt for a computed reason, in the
/// order they tempt, each with its reasons: the choices of the ladder's
/// players (weakest first, [`ladder::choices`]), then the move that captures
/// most, then every other capturing move, then the moves that threaten a
/// capture or save pieces from one ([`threats_and_defences`]), then the
/// points the opponent would play ([`opponents_points`]). A move that tempts
/// for no such reason is not a try.
#[must_use]
pub fn tempting(pos: &AnyPosition, q: &Question) -> Vec<(Move, String)> {
    let mut picked: Vec<(Move, Vec<String>)> = Vec::new();
    let mut add = |m: Move, why: String| match picked.iter_mut().find(|p| p.0 == m) {
        Some(p) => p.1.push(why),
        None => picked.push((m, vec![why])),
    };
    for f in [
        Finder::Greedy,
        Finder::OnePly,
        Finder::TwoPly,
        Finder::Search,
    ] {
        for m in ladder::choices(f, pos) {
            if is_wrong(q, m) {
                add(m, format!("{}'s choice", f.title()));
            }
        }
    }
    let mut capturing: Vec<(Move, usize)> = q
        .values
        .iter()
        .filter(|v| is_wrong(q, v.0))
        .map(|v| (v.0, captures(pos, v.0)))
        .filter(|c| c.1 > 0)
        .collect();
    // The biggest captures first; ties in legal-move order.
    capturing.sort_by_key(|c| std::cmp::Reverse(c.1));
    let most = capturing.first().map_or(0, |c| c.1);
    let all_most = capturing.iter().all(|c| c.1 == most);
    for &(m, n) in &capturing {
        if n == most && !all_most {
            add(m, format!("captures {}, the most of any move", pieces(n)));
        } else {
            add(m, format!("captures {}", pieces(n)));
        }
    }
    for (m, why) in threats_and_defences(pos, q) {
        add(m, why);
    }
    for m in opponents_points(pos) {
        if is_wrong(q, m) {
            add(
                m,
                "takes the point the opponent would play (its one-ply choice)".into(),
            );
        }
    }
    picked
        .into_iter()
        .map(|(m, why)| (m, why.join(", ")))
        .collect()
}

/// `n` pieces in words: `1 piece`, `3 pieces`.
fn pieces(n: usize) -> String {
    format!("{n} {}", if n == 1 { "piece" } else { "pieces" })
}

/// The points the opponent's one-ply player would play were it to move
/// (its choice, [`ladder::choices`], in the position with the other side to
/// move and no ko point): the proverb's "the opponent's vital point is
/// mine". A pass or swap is no point; none when that position is no legal
/// one.
fn opponents_points(pos: &AnyPosition) -> Vec<Move> {
    pos.other_to_move().map_or_else(
        |_| Vec::new(),
        |other| {
            ladder::choices(Finder::OnePly, &other)
                .into_iter()
                .filter(|m| matches!(m, Move::Place(_)))
                .collect()
        },
    )
}

/// What a player sees one move ahead, for every wrong first move that does
/// not end the game: it threatens to capture more than the mover can capture
/// now (the most one move of the mover could take if it were the mover's
/// turn again), or it saves pieces the opponent could capture now (the
/// opponent's best capture after the move is smaller than it would be if the
/// opponent were to move in the position itself).
fn threats_and_defences(pos: &AnyPosition, q: &Question) -> Vec<(Move, String)> {
    let threat_now = players::best_capture(pos);
    let danger_now = pos.other_to_move().map_or(0, |o| players::best_capture(&o));
    let mut out = Vec::new();
    for &(m, _) in &q.values {
        if !is_wrong(q, m) {
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        if after.outcome().is_some() {
            continue;
        }
        let threat = after
            .other_to_move()
            .map_or(0, |a| players::best_capture(&a));
        if threat > threat_now {
            out.push((m, format!("threatens to capture {}", pieces(threat))));
        }
        let danger = players::best_capture(&after);
        if danger < danger_now {
            out.push((
                m,
                format!("saves {} from capture", pieces(danger_now - danger)),
            ));
        }
    }
    out
}

/// Up to three genuine tries ([`tempting`]), refuted, in the order they tempt,
/// passing over a move whose refutation the budget cannot settle.
///
/// # Errors
/// The solver cannot run.
pub fn tries(pos: &AnyPosition, q: &Question, exact: &mut Exact) -> Result<Vec<Try>, ForgeError> {
    let mut out = Vec::new();
    for (m, tempting) in tempting(pos, q) {
        if out.len() == 3 {
            break;
        }
        let value = q
            .values
            .iter()
            .find(|v| v.0 == m)
            .map(|v| v.1)
            .ok_or_else(|| ForgeError::Inconsistent("a try is not a legal move".into()))?;
        if q.at_most.contains(&m) {
            // Only a bound: no exact line refutes it within the budget.
            continue;
        }
        let mut after = pos.clone();
        after.play_unchecked(m);
        let refutation = if after.outcome().is_some() {
            Vec::new()
        } else {
            // A try whose refutation the budget cannot settle is passed over
            // for the next most tempting one.
            let sol = exact.search(&after, mode_of(q.objective))?;
            if root_value(&sol, mode_of(q.objective)).is_none() {
                continue;
            }
            sol.pv.iter().map(|&r| puzzle::Move::Margo(r)).collect()
        };
        out.push(Try {
            mv: puzzle::Move::Margo(m),
            tempting,
            value: q.file_value(m, value),
            refutation,
        });
    }
    Ok(out)
}

/// The values of every first move as files write them.
#[must_use]
pub fn value_records(q: &Question) -> Vec<MoveValue> {
    q.values
        .iter()
        .map(|&(m, v)| MoveValue {
            mv: puzzle::Move::Margo(m),
            value: q.file_value(m, v),
        })
        .collect()
}

/// The difficulty ([`Difficulty::new`]): the weakest ladder player that
/// finds the key, the solution tree's nodes, the main line's plies and the
/// genuine tries.
#[must_use]
pub fn difficulty(found_by: Finder, q: &Question, line: &Line, tries: usize) -> Difficulty {
    let length = u32::try_from(q.line.len()).unwrap_or(u32::MAX);
    Difficulty::new(
        found_by,
        line.size(),
        length,
        u32::try_from(tries).unwrap_or(u32::MAX),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forge::margo::spargo_position as spargo;

    /// Every move loses; b4 ends the game at once and loses least. The
    /// tablebase gives b4 −2 and the other three −9 each; the search settles
    /// b4 exactly and the others only as worse.
    const LOST: &str = "white a1 a2 c2 a3 c3 d3 d4; black b1 c1 d1 b2 b3 a1+1 b1+1 a2+1 b2+1 a1+2; \
                        to-move white";

    #[test]
    fn a_lost_position_asks_for_the_move_that_loses_least_with_the_others_bounded() {
        let pos = spargo(LOST);
        let mut exact = Exact::new(50_000);
        let q = question(&pos, &mut exact).unwrap().expect("a question");
        let name = |m: Move| notation::human(pos.geometry(), m);
        assert_eq!(q.objective, Objective::BestMargin);
        assert_eq!(name(q.key), "b4");
        assert_eq!(q.values.len(), 4);
        let mut others: Vec<String> = q.at_most.iter().map(|&m| name(m)).collect();
        others.sort();
        assert_eq!(others, ["a4", "c4", "d2"]);
        for r in value_records(&q) {
            let puzzle::Move::Margo(m) = r.mv else {
                panic!("a Margo move")
            };
            match r.value {
                Value::Margin(v) => assert_eq!((name(m).as_str(), v), ("b4", -2)),
                // True (the tablebase's −9) and below the key's −2.
                Value::AtMost(b) => assert!((-9..-2).contains(&b), "{} {b}", name(m)),
                other => panic!("{other}"),
            }
        }
        assert_eq!(whole_game_value(&q), GameValue::of_margin(-2));
        // The bounded moves are no tries: no exact line refutes them.
        assert!(tries(&pos, &q, &mut exact).unwrap().is_empty());
    }

    #[test]
    fn a_win_question_is_not_answered_with_a_best_margin_one() {
        let pos = spargo(LOST);
        let mut exact = Exact::new(50_000);
        assert!(
            question_like(&pos, &mut exact, Objective::Win)
                .unwrap()
                .is_none()
        );
        let wld_only = exact.nodes;
        let q = question_like(&pos, &mut exact, Objective::BestMargin).unwrap();
        assert_eq!(q.map(|q| q.objective), Some(Objective::BestMargin));
        // Asked for a win, it stopped after the win/draw/loss solve.
        assert!(exact.nodes > wld_only, "{wld_only} {}", exact.nodes);
    }

    #[test]
    fn no_question_is_told_apart_from_a_budget_too_small() {
        // Twelve empty points are far more than a hundred nodes settle:
        // the budget is the reason.
        let open = spargo("white b2 c3; black b3 c2; to-move black");
        let small = question(&open, &mut Exact::new(100)).unwrap();
        assert_eq!(small.err(), Some(Reject::Budget));
        let pos = spargo(LOST);
        // Settled, the lost position asks a best-margin question ...
        let q = question(&pos, &mut Exact::new(50_000)).unwrap();
        assert_eq!(q.map(|q| q.objective), Ok(Objective::BestMargin));
        // ... and no win question: settled, so not the budget.
        let win = question_of(&pos, &mut Exact::new(50_000), Some(Objective::Win)).unwrap();
        assert_eq!(win.err(), Some(Reject::NoQuestion));
    }
}
