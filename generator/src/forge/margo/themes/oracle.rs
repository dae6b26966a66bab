//! The counterfactual test behind most themes: the puzzle's answer under
//! changed rules, from an [`Oracle`] (the exact solver with a node budget, or
//! the Spargo tablebase).
//!
//! Two tests, both false when the oracle does not settle the changed
//! position or the engine rejects it:
//!
//! - [`value_changes`]: the puzzle's value changes: the result (win, draw or
//!   loss for the attacker) of a whole-game puzzle, the most pieces the
//!   attacker can force off of a capture puzzle, the fewest it can lose of a
//!   save puzzle.
//! - [`answer_changes`]: the puzzle's *answer* changes: the key no longer
//!   solves it (it is illegal, or its result is another, or it forces off
//!   fewer pieces, or loses more), or a first move that fell short of the
//!   key now does as well, so the key is no longer the one solution. A
//!   whole-game puzzle's values are compared as results, so a `best-margin`
//!   puzzle (several first moves win) changes only when a move that did not
//!   win now wins, or the key stops winning.

use crate::solve::Wld;
use crate::solve::margo::{CaptureSearch, Mode, Options, Score, Settle, solve};
use cannonball_rules::margo::{AnyPosition, Ko, Move, Rules};

use super::{Horizon, MargoCase, value_of};

/// Exact values on demand (the forge passes the exact solver with a node budget, or the Spargo tablebase).
pub trait Oracle: Sync {
    /// Exact value for the side to move, None when not settled within budget.
    fn value(&self, pos: &AnyPosition) -> Option<Score>;

    /// Win, draw or loss for the side to move, None when not settled within
    /// budget. The default derives it from [`Oracle::value`], and an oracle
    /// may answer it more cheaply.
    fn result(&self, pos: &AnyPosition) -> Option<Wld> {
        self.value(pos).map(Score::wld)
    }

    /// Win, draw or loss for the side to move after each of its legal moves,
    /// in legal-move order; None when one is not settled. The default plays
    /// each move and asks [`Oracle::result`] of the position after it.
    fn move_results(&self, pos: &AnyPosition) -> Option<Vec<(Move, Wld)>> {
        pos.legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play(m).ok()?;
                self.result(&after).map(|r| (m, r.flipped()))
            })
            .collect()
    }

    /// Whether `key` is the side to move's only winning move: `Some(true)` or
    /// `Some(false)` when settled, `None` when not. The default reads
    /// [`Oracle::move_results`]; an oracle may answer it more cheaply, and
    /// may settle `Some(false)` with some moves unsettled (the key proven not
    /// to win, or another move proven to).
    fn unique_win(&self, pos: &AnyPosition, key: Move) -> Option<bool> {
        let results = self.move_results(pos)?;
        let wins = |m: &(Move, Wld)| m.1 == Wld::Win;
        Some(
            results.iter().any(|m| m.0 == key && wins(m))
                && !results.iter().any(|m| m.0 != key && wins(m)),
        )
    }

    /// For each legal move of the side to move, in legal-move order, the most
    /// of the opponent's pieces it can force off the board within `turns`
    /// moves, that move included ([`CaptureSearch::first_moves`]); None when
    /// not settled or not offered (the default).
    fn capture_moves(&self, _pos: &AnyPosition, _turns: u8) -> Option<Vec<(Move, u32)>> {
        None
    }

    /// For each legal move of the side to move, in legal-move order, the
    /// fewest of its pieces it can lose to the opponent's next `turns` moves
    /// after it ([`CaptureSearch::save_values`]); None when not settled or not
    /// offered (the default).
    fn save_moves(&self, _pos: &AnyPosition, _turns: u8) -> Option<Vec<(Move, u32)>> {
        None
    }

    /// The most of the opponent's pieces the side to move can force off the
    /// board within `turns` moves: the best of [`Oracle::capture_moves`].
    fn capture(&self, pos: &AnyPosition, turns: u8) -> Option<u32> {
        let values = self.capture_moves(pos, turns)?;
        Some(values.iter().map(|v| v.1).max().unwrap_or(0))
    }

    /// The fewest of its pieces the side to move can lose to the opponent's
    /// next `turns` moves: the best of [`Oracle::save_moves`].
    fn save(&self, pos: &AnyPosition, turns: u8) -> Option<u32> {
        self.save_moves(pos, turns)?.iter().map(|v| v.1).min()
    }
}

/// A ready oracle over `solve::margo::solve` with a node budget (threads: 1, so it is deterministic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolverOracle {
    /// Give up (answer `None`) after about this many positions searched.
    pub nodes: u64,
}

impl SolverOracle {
    fn options(&self, mode: Mode) -> Options {
        Options {
            mode,
            nodes: Some(self.nodes),
            threads: 1,
            table_bits: 18,
            principal_variation: false,
            ..Options::default()
        }
    }

    /// A [`Mode::Wld`] solve that settles only what `settle` asks.
    fn wld(&self, settle: Settle) -> Options {
        Options {
            settle,
            ..self.options(Mode::Wld)
        }
    }
}

impl Oracle for SolverOracle {
    fn value(&self, pos: &AnyPosition) -> Option<Score> {
        solve(pos, &self.options(Mode::Exact)).ok()?.value()
    }

    /// Solved in [`Mode::Wld`] (windows around 0), much cheaper than exact
    /// values where passing or long ko fights make the game long, and only
    /// until the position's result is known ([`Settle::Root`]).
    fn result(&self, pos: &AnyPosition) -> Option<Wld> {
        solve(pos, &self.wld(Settle::Root)).ok()?.result()
    }

    /// One [`Mode::Wld`] solve that stops once the answer is known
    /// ([`Settle::UniqueWin`]).
    fn unique_win(&self, pos: &AnyPosition, key: Move) -> Option<bool> {
        solve(pos, &self.wld(Settle::UniqueWin(key)))
            .ok()?
            .unique_win(key)
    }

    /// One [`Mode::Wld`] solve, which settles every move at the root.
    fn move_results(&self, pos: &AnyPosition) -> Option<Vec<(Move, Wld)>> {
        let sol = solve(pos, &self.options(Mode::Wld)).ok()?;
        if !sol.complete {
            return None;
        }
        sol.moves
            .iter()
            .map(|m| m.bounds.wld().map(|r| (m.mv, r)))
            .collect()
    }

    fn capture_moves(&self, pos: &AnyPosition, turns: u8) -> Option<Vec<(Move, u32)>> {
        CaptureSearch::new(self.nodes).first_moves(pos, turns).ok()
    }

    fn save_moves(&self, pos: &AnyPosition, turns: u8) -> Option<Vec<(Move, u32)>> {
        CaptureSearch::new(self.nodes).save_values(pos, turns).ok()
    }
}

/// The puzzle position under changed rules (the ko point is dropped when the
/// ko rule is no longer simple ko); `None` if the engine rejects it.
pub(super) fn with_rules(
    pos: &AnyPosition,
    change: impl FnOnce(&mut Rules),
) -> Option<AnyPosition> {
    let mut setup = pos.to_setup();
    change(&mut setup.rules);
    if setup.rules.ko != Ko::Simple {
        setup.ko_point = None;
    }
    AnyPosition::from_setup(&setup).ok()
}

/// What a first move is worth to the attacker, larger better: the result
/// (loss -1, draw 0, win 1) in a whole-game puzzle, the pieces forced off in a
/// capture puzzle, minus the pieces lost in a save puzzle.
fn worth(case: &MargoCase<'_>, s: Score) -> i64 {
    match case.horizon {
        None => class(s.wld()),
        Some(_) => s.margin_value().map_or(0, i64::from),
    }
}

fn class(r: Wld) -> i64 {
    match r {
        Wld::Loss => -1,
        Wld::Draw => 0,
        Wld::Win => 1,
    }
}

/// Every legal first move's [`worth`] in `pos` (the puzzle position under
/// changed rules), as the oracle finds it.
pub(super) fn worths(
    case: &MargoCase<'_>,
    oracle: &dyn Oracle,
    pos: &AnyPosition,
) -> Option<Vec<(Move, i64)>> {
    let counted = |v: Vec<(Move, u32)>, sign: i64| {
        v.into_iter()
            .map(|(m, n)| (m, sign * i64::from(n)))
            .collect()
    };
    match case.horizon {
        None => oracle
            .move_results(pos)
            .map(|v| v.into_iter().map(|(m, r)| (m, class(r))).collect()),
        Some(Horizon::Capture(turns)) => oracle.capture_moves(pos, turns).map(|v| counted(v, 1)),
        Some(Horizon::Save(turns)) => oracle.save_moves(pos, turns).map(|v| counted(v, -1)),
    }
}

/// Whether the puzzle's value changes when the rules change as `change` says:
/// the result (win, draw or loss) of a whole-game puzzle, the number of
/// pieces forced off the board of a capture puzzle (lost, of a save puzzle).
/// False when the oracle does not settle the changed position.
pub(super) fn value_changes(
    case: &MargoCase<'_>,
    oracle: &dyn Oracle,
    change: impl FnOnce(&mut Rules),
) -> bool {
    let Some(value) = value_of(case, case.key) else {
        return false;
    };
    let Some(pos) = with_rules(case.position, change) else {
        return false;
    };
    let count = value.margin_value().map(|m| i64::from(m).abs());
    match case.horizon {
        None => oracle.result(&pos).is_some_and(|r| r != value.wld()),
        Some(Horizon::Capture(turns)) => oracle
            .capture(&pos, turns)
            .is_some_and(|n| Some(i64::from(n)) != count),
        Some(Horizon::Save(turns)) => oracle
            .save(&pos, turns)
            .is_some_and(|n| Some(i64::from(n)) != count),
    }
}

/// Whether the puzzle's answer changes when the rules change as `change`
/// says: under the changed rules the key no longer solves the puzzle (it is
/// illegal; in a whole-game puzzle its result differs from the puzzle's; in a
/// capture or save puzzle it falls short of the puzzle's count), or a first
/// move that was worth less than the key now is worth as much (see
/// [`worth`]), so that the key is no longer the one solution. (A capture
/// puzzle's key that takes off even more pieces without the rule still
/// solves it.) False when the oracle does not settle every first move of the
/// changed position.
pub(super) fn answer_changes(
    case: &MargoCase<'_>,
    oracle: &dyn Oracle,
    change: impl FnOnce(&mut Rules),
) -> bool {
    let Some((target, pos)) = target_and_changed(case, change) else {
        return false;
    };
    let before = |m: Move| value_of(case, m).map(|s| worth(case, s));
    // A whole-game win whose key was the one winning move: the answer changes
    // exactly when the key is no longer the one winning move, which the
    // oracle may settle without settling every move.
    if case.horizon.is_none()
        && target == 1
        && case
            .position
            .legal_moves()
            .into_iter()
            .all(|m| m == case.key || before(m).is_none_or(|b| b < target))
    {
        return oracle.unique_win(&pos, case.key) == Some(false);
    }
    let Some(changed) = worths(case, oracle, &pos) else {
        return false;
    };
    let key_solves = changed.iter().any(|&(m, w)| {
        m == case.key
            && match case.horizon {
                None => w == target,
                Some(_) => w >= target,
            }
    });
    let newly = changed
        .iter()
        .any(|&(m, w)| m != case.key && w >= target && before(m).is_none_or(|b| b < target));
    !key_solves || newly
}

/// Whether one of `moves` (first moves of the puzzle position, legal there or
/// not) is legal under the rules changed as `change` says and there reaches
/// the puzzle's target: its [`worth`] is at least the key's under the
/// puzzle's rules (in a whole-game puzzle it reaches the key's result, from
/// the oracle's result of the position after it; in a capture or save
/// puzzle it forces off as many pieces, or loses as few, from the oracle's
/// values of every first move). False when the oracle does not settle it.
pub(super) fn solves_under(
    case: &MargoCase<'_>,
    oracle: &dyn Oracle,
    moves: impl IntoIterator<Item = Move>,
    change: impl FnOnce(&mut Rules),
) -> bool {
    let Some((target, pos)) = target_and_changed(case, change) else {
        return false;
    };
    let legal: Vec<Move> = moves
        .into_iter()
        .filter(|&m| pos.check(m).is_ok())
        .collect();
    if legal.is_empty() {
        return false;
    }
    match case.horizon {
        None => legal.iter().any(|&m| {
            let mut after = pos.clone();
            after.play(m).is_ok()
                && oracle
                    .result(&after)
                    .is_some_and(|r| class(r.flipped()) >= target)
        }),
        Some(_) => worths(case, oracle, &pos).is_some_and(|changed| {
            changed
                .iter()
                .any(|&(m, w)| legal.contains(&m) && w >= target)
        }),
    }
}

/// The key's [`worth`] under the puzzle's rules and the puzzle position under
/// the rules changed as `change` says; `None` when the key has no value or
/// the engine refuses the changed position.
fn target_and_changed(
    case: &MargoCase<'_>,
    change: impl FnOnce(&mut Rules),
) -> Option<(i64, AnyPosition)> {
    let target = value_of(case, case.key).map(|s| worth(case, s))?;
    Some((target, with_rules(case.position, change)?))
}
