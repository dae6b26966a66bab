//! From a position to a proved puzzle: the objective and the key, the solution
//! tree, the tempting tries and their refutations, and the difficulty.

use crate::puzzle::{self, Difficulty, GameValue, Line, MoveValue, Objective, Reply, Try};
use crate::solve::margo::{Bounds, Mode, Score, Solution};
use cannonball_rules::margo::{AnyPosition, Color, Move, notation};

use super::ForgeError;
use super::players::{Player, balance, captures};
use super::solving::{Exact, file_value, move_values, root_value};

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
}

/// Fewest legal first moves a puzzle may have: the key and three tries.
pub const MIN_MOVES: usize = 4;

/// The question `pos` answers, when it makes a puzzle: exactly one first move
/// wins (objective `win`, decided by win/draw/loss searches), or else several
/// win and one wins by strictly more than every other (`best-margin`, decided
/// by exact searches). `None` when neither holds, when there are fewer than
/// [`MIN_MOVES`] legal moves, or when the solver cannot settle it.
///
/// # Errors
/// The solver cannot run.
pub fn question(pos: &AnyPosition, exact: &mut Exact) -> Result<Option<Question>, ForgeError> {
    if pos.outcome().is_some() || pos.legal_moves().len() < MIN_MOVES {
        return Ok(None);
    }
    let Some(sol) = exact.solve(pos, Mode::Wld)? else {
        return Ok(None);
    };
    let classes = move_values(&sol, Mode::Wld);
    let wins: Vec<Move> = classes
        .iter()
        .filter(|v| v.1 > Score::DRAW)
        .map(|v| v.0)
        .collect();
    let (objective, key, values, line) = if wins.len() == 1 {
        (Objective::Win, wins[0], classes, sol.pv.clone())
    } else if wins.len() > 1 {
        let Some(sol) = exact.solve(pos, Mode::Exact)? else {
            return Ok(None);
        };
        let values = move_values(&sol, Mode::Exact);
        let best = values.iter().map(|v| v.1).max();
        let at_best: Vec<Move> = values
            .iter()
            .filter(|v| Some(v.1) == best)
            .map(|v| v.0)
            .collect();
        if at_best.len() != 1 {
            return Ok(None);
        }
        (Objective::BestMargin, at_best[0], values, sol.pv.clone())
    } else {
        return Ok(None);
    };
    if matches!(key, Move::Pass | Move::Swap) {
        return Ok(None);
    }
    let line = if line.first() == Some(&key) {
        line
    } else {
        vec![key]
    };
    Ok(Some(Question {
        objective,
        key,
        values,
        line,
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
                    Mode::Exact => m.bounds.value().is_some(),
                }
        });
    (answer, only)
}

/// The wrong first moves of `q` in the order they tempt, each with why: the
/// greedy player's choice, the two-ply player's choice, then the moves that
/// capture most (ties: the better value, then legal-move order), then the
/// rest, the closest to the key's value first. A player's choice that also
/// captures says so.
#[must_use]
pub fn tempting(pos: &AnyPosition, q: &Question) -> Vec<(Move, String)> {
    let mut picked: Vec<(Move, String)> = Vec::new();
    for (player, why) in [
        (Player::Greedy, "the greedy player's choice"),
        (Player::TwoPly, "the two-ply player's choice"),
    ] {
        if let Some(m) = player.first_choice(pos) {
            if m != q.key && !picked.iter().any(|p| p.0 == m) {
                let n = captures(pos, m);
                let why = if n > 0 {
                    format!("{why}, captures {n}")
                } else {
                    why.to_owned()
                };
                picked.push((m, why));
            }
        }
    }
    let mut rest: Vec<(usize, Score, usize, Move)> = q
        .values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.0 != q.key && !picked.iter().any(|p| p.0 == v.0))
        .map(|(i, v)| (captures(pos, v.0), v.1, i, v.0))
        .collect();
    rest.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    for (n, _, _, m) in rest {
        let why = if n > 0 {
            format!("captures {n}")
        } else {
            "the closest to the key's value".to_owned()
        };
        picked.push((m, why));
    }
    picked
}

/// Up to three tempting wrong first moves, refuted: the greedy player's
/// choice, the two-ply player's choice, then the moves that capture most,
/// then the best of the rest — in that order, passing over a move whose
/// refutation the budget cannot settle.
///
/// # Errors
/// The solver cannot run or settle a refutation.
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
            value: file_value(value, mode_of(q.objective)),
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
            value: file_value(v, mode_of(q.objective)),
        })
        .collect()
}

/// The difficulty: score = tree nodes + 2 × main-line plies + 3 × tempting
/// wrong moves + 2 × the greedy choice's shortfall; easy below 25, hard from 70.
#[must_use]
pub fn difficulty(pos: &AnyPosition, q: &Question, line: &Line) -> Difficulty {
    let tree = line.size();
    let length = u32::try_from(q.line.len()).unwrap_or(u32::MAX);
    let greedy = Player::Greedy.first_choice(pos);
    let picks: Vec<Move> = [greedy, Player::TwoPly.first_choice(pos)]
        .into_iter()
        .flatten()
        .collect();
    let tempting = u32::try_from(
        q.values
            .iter()
            .filter(|v| v.0 != q.key && (picks.contains(&v.0) || captures(pos, v.0) > 0))
            .count(),
    )
    .unwrap_or(u32::MAX);
    let key_value = q.values.iter().find(|v| v.0 == q.key).map(|v| v.1);
    let gap = match (greedy, key_value) {
        (Some(g), Some(k)) if g != q.key => q
            .values
            .iter()
            .find(|v| v.0 == g)
            .and_then(|v| Some(k.margin_value()? - v.1.margin_value()?))
            .map_or(0, |d| u32::try_from(d.max(0)).unwrap_or(0)),
        _ => 0,
    };
    let _ = gap;
    Difficulty::new(puzzle::Finder::Nobody, tree, length, tempting)
}
