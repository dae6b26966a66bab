//! The solution tree and the refuted tries of a horizon puzzle.

use crate::puzzle::{self, Line, Reply, Try, Value};
use crate::solve::margo::CaptureSearch;
use cannonball_rules::margo::{AnyPosition, Color, Move, notation};

use super::super::analyse::{Question, tempting};
use super::{ForgeError, Goal, count_of, unsettled};

/// Pieces of `color` that `m` removes from `pos`, and the position after it.
pub(super) fn removed_by(pos: &AnyPosition, m: Move, color: Color) -> (AnyPosition, u32) {
    let mut after = pos.clone();
    let removed = after.play_unchecked(m);
    let n = removed
        .iter()
        .filter(|&&p| pos.color_at(p) == Some(color))
        .count();
    (after, u32::try_from(n).unwrap_or(u32::MAX))
}

fn moves_text(pos: &AnyPosition, moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| notation::human(pos.geometry(), m))
        .collect::<Vec<_>>()
        .join(" ")
}

/// How a count reads: `black removes 3` (the remover of the counted pieces).
fn removes_text(counted: Color, n: u32) -> String {
    format!("{} removes {n}", counted.next(2))
}

/// What one tree walk needs.
struct Walk<'a> {
    goal: Goal,
    /// The colour whose removed pieces are counted.
    counted: Color,
    search: &'a mut CaptureSearch,
}

/// The solution tree from the key: every reply, best first (the one that
/// leaves the solver worst off), each with the solver's answer while `depth`
/// lasts, or the proven count and a best line.
///
/// # Errors
/// A position of the tree is not settled within the budget.
pub(super) fn tree(
    pos: &AnyPosition,
    key: Move,
    goal: Goal,
    turns: u8,
    depth: u8,
    search: &mut CaptureSearch,
) -> Result<Line, ForgeError> {
    let mut walk = Walk {
        goal,
        counted: goal.counted(pos.to_move()),
        search,
    };
    walk.line(pos, key, true, goal.key_plies(turns), 0, depth)
}

/// Where a line or a reply stops: the game is over, or the horizon's last move.
fn stop(over: bool) -> &'static str {
    if over { "game over" } else { "the last move" }
}

impl Walk<'_> {
    /// The tree below the solver's move `mv` from `before`, with `plies` of
    /// the horizon left before it and `tally` counted pieces removed earlier.
    fn line(
        &mut self,
        before: &AnyPosition,
        mv: Move,
        only: bool,
        plies: u32,
        tally: u32,
        depth: u8,
    ) -> Result<Line, ForgeError> {
        let text = notation::human(before.geometry(), mv);
        let (after, n) = removed_by(before, mv, self.counted);
        let total = tally + n;
        if after.outcome().is_some() || plies <= 1 {
            return Ok(Line {
                mv: puzzle::Move::Margo(mv),
                only,
                replies: Vec::new(),
                end: format!(
                    "{}: {}",
                    stop(after.outcome().is_some()),
                    removes_text(self.counted, total)
                ),
            });
        }
        let left = plies - 2;
        let mut replies: Vec<(u32, Reply)> = Vec::new();
        for r in after.legal_moves() {
            replies.push(self.reply(&after, &text, r, left, total, depth)?);
        }
        // The strongest reply first: the fewest pieces taken (capture), the
        // most lost (save).
        match self.goal {
            Goal::Capture => replies.sort_by_key(|r| r.0),
            Goal::Save => replies.sort_by_key(|r| std::cmp::Reverse(r.0)),
        }
        Ok(Line {
            mv: puzzle::Move::Margo(mv),
            only,
            replies: replies.into_iter().map(|r| r.1).collect(),
            end: String::new(),
        })
    }

    /// The reply `r` after the solver's move `text` (which left `after`),
    /// with `left` plies of the horizon after it and `total` counted pieces
    /// removed so far: the solver's answer while `depth` lasts, or the proven
    /// count and a best line; with the count it comes to.
    fn reply(
        &mut self,
        after: &AnyPosition,
        text: &str,
        r: Move,
        left: u32,
        total: u32,
        depth: u8,
    ) -> Result<(u32, Reply), ForgeError> {
        let rtext = notation::human(after.geometry(), r);
        let (q, lost) = removed_by(after, r, self.counted);
        let so_far = total + lost;
        if q.outcome().is_some() || left == 0 {
            let end = format!(
                "{}: {}",
                stop(q.outcome().is_some()),
                removes_text(self.counted, so_far)
            );
            return Ok((
                so_far,
                Reply {
                    mv: puzzle::Move::Margo(r),
                    answer: None,
                    end,
                },
            ));
        }
        let here = || unsettled(&format!("after {text} {rtext}"));
        let values = self.search.move_values(&q, left).map_err(|_| here())?;
        let best = self.goal.best(values.iter().map(|v| v.1)).unwrap_or(0);
        let keeping: Vec<Move> = values.iter().filter(|v| v.1 == best).map(|v| v.0).collect();
        let value = so_far + best;
        let reply = match keeping.first() {
            Some(&answer) if depth > 1 => Reply {
                mv: puzzle::Move::Margo(r),
                answer: Some(Box::new(self.line(
                    &q,
                    answer,
                    keeping.len() == 1,
                    left,
                    so_far,
                    depth - 1,
                )?)),
                end: String::new(),
            },
            _ => {
                let line = self.search.line(&q, left).map_err(|_| here())?;
                Reply {
                    mv: puzzle::Move::Margo(r),
                    answer: None,
                    end: format!(
                        "{}: {}",
                        removes_text(self.counted, value),
                        moves_text(&q, &line)
                    ),
                }
            }
        };
        Ok((value, reply))
    }
}

/// The tempting wrong first moves of a capture puzzle: those of
/// [`tempting`], and the moves that would take the K pieces with one move
/// more than the puzzle allows ("one move too late"), in legal-move order.
/// Without a settled search one move deeper, only those of [`tempting`].
fn capture_tempting(
    pos: &AnyPosition,
    q: &Question,
    goal: Goal,
    turns: u8,
    search: &mut CaptureSearch,
) -> Vec<(Move, String)> {
    let mut picked = tempting(pos, q);
    let key_count = q
        .values
        .iter()
        .find(|v| v.0 == q.key)
        .map(|v| count_of(v.1));
    let (Goal::Capture, Some(k)) = (goal, key_count) else {
        return picked;
    };
    let Ok(deeper) = search.first_moves(pos, turns + 1) else {
        return picked;
    };
    let late = |m: Move| {
        m != q.key
            && deeper.iter().any(|d| d.0 == m && d.1 >= k)
            && q.values.iter().any(|v| v.0 == m && count_of(v.1) < k)
    };
    let why = format!("takes {k} one move too late");
    for p in &mut picked {
        if late(p.0) {
            p.1 = format!("{}, {why}", p.1);
        }
    }
    for v in &q.values {
        if late(v.0) && !picked.iter().any(|p| p.0 == v.0) {
            picked.push((v.0, why.clone()));
        }
    }
    picked
}

/// Up to three tempting wrong first moves ([`capture_tempting`]), each
/// refuted by the opponent's best line after it.
///
/// # Errors
/// A refutation is not settled within the budget.
pub(super) fn tries(
    pos: &AnyPosition,
    q: &Question,
    goal: Goal,
    turns: u8,
    search: &mut CaptureSearch,
) -> Result<Vec<Try>, ForgeError> {
    let counted = goal.counted(pos.to_move());
    let mut out = Vec::new();
    for (m, tempting) in capture_tempting(pos, q, goal, turns, search)
        .into_iter()
        .take(3)
    {
        let value = q
            .values
            .iter()
            .find(|v| v.0 == m)
            .map(|v| count_of(v.1))
            .ok_or_else(|| ForgeError::Inconsistent("a try is not a legal move".into()))?;
        let (after, _) = removed_by(pos, m, counted);
        let refutation = search
            .line(&after, goal.key_plies(turns) - 1)
            .map_err(|_| unsettled("a try's refutation"))?;
        out.push(Try {
            mv: puzzle::Move::Margo(m),
            tempting,
            value: Value::Pieces(value),
            refutation: refutation.iter().map(|&r| puzzle::Move::Margo(r)).collect(),
        });
    }
    Ok(out)
}
