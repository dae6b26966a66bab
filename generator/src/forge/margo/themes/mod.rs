//! Theme detectors for Margo and Spargo puzzles, and the themes of a forged
//! puzzle ([`of`], [`of_horizon`]).
//!
//! A detector looks at a proved puzzle ([`MargoCase`]: the position, its key
//! move, the exact value of every first move and the main line) and, for
//! most themes, asks an [`Oracle`] what the puzzle's answer would be under
//! changed rules. Each theme has one `is_...` function; [`margo_themes`] runs
//! them all.
//!
//! "The attacker" is the side to move in the puzzle, "the defender" the other
//! one. "Captures" means what rulings A5 means: a piece is captured by a move
//! when the move removes it or makes it a new zombie. The *attacker's early
//! moves* are the main line's moves at plies 1, 3 and 5 (the key and the
//! attacker's next two moves), as far as the line goes.
//!
//! # Counterfactual and structural themes
//!
//! A theme names a mechanism, and where a rule can switch that mechanism off
//! the theme is **counterfactual**: it is tagged only when the solver finds
//! that the puzzle comes out differently without the rule (see
//! [`oracle`]'s `value_changes`, the value, and `answer_changes`, the value
//! or the key; pinned suicide asks more, `solves_under`: that the forbidden
//! move itself solves the puzzle without the rule), on top of a structural
//! test that the mechanism appears in the main line or the position. The
//! rules switches are `zombies=off`, `cuts=off`, `can-pass` and `ko=none`
//! ([`Rules`](cannonball_rules::margo::Rules)).
//!
//! - [`is_zombie_reversal`] (counterfactual, `zombies=off`): zombies are in
//!   play early (one of the main line's first five moves makes a new zombie
//!   or takes a zombie off the board, or a first move worse than the key
//!   leaves new enemy zombies), and the answer changes when captured pieces
//!   never stay as zombies.
//! - [`is_over_under_cut`] (counterfactual, `cuts=off`): one of the
//!   attacker's early moves captures a piece that, on the board just after
//!   the placement (before any capture), would belong to a group with
//!   freedom if cut links counted as links; and the answer changes when
//!   over/under cuts cut nothing.
//! - [`is_forced_eye_filling`] (counterfactual, `can-pass`): the puzzle's
//!   value changes when passing is allowed; in a capture or save puzzle the
//!   defender must also, in the main line, place on one of its own eyes (an
//!   empty board-level point all of whose neighbours are its own pieces).
//! - [`is_ko`] (counterfactual, `ko=none`): a move among the main line's
//!   first six leaves a ko point, and the puzzle's value without any ko rule
//!   differs.
//! - [`is_pinned_suicide`] (counterfactual, `zombies=off`): some board-level
//!   point is the only freedom of an enemy group, placing there is illegal as
//!   suicide, and a neighbour of that point is a piece of the group that
//!   something outside the group rests on (a pinned-suicide point); and
//!   without zombies, where that natural capture becomes legal, placing on
//!   such a point solves the puzzle (wins, or reaches the key's count). An
//!   answer that changes without zombies for some other reason is not
//!   enough.
//! - [`is_surround_capture`] (structural): the key is a board-level placement
//!   on the only freedom of an enemy group, and it captures a piece of that
//!   group. No rule switches off taking a last freedom (it is what capture
//!   is), so the test is the move itself.
//! - [`is_stack_join`] (structural): the key is on level 1 or higher; its
//!   group after the move holds pieces of at least two attacker groups that
//!   were separate before it; each of those groups had exactly one eye
//!   before, and for one of them the eye was its only freedom (it was in
//!   danger); the joined group has at least two eyes after. An **eye** of a
//!   group is an empty board-level point all of whose orthogonal neighbours
//!   hold pieces of the group. No rule switches off linking through a
//!   stacked piece without changing what every group is, so the test is the
//!   eyes before and after.
//!
//! For a **capture puzzle** (objective `capture:K` with N turns,
//! [`MargoCase::horizon`]), a first move's value is the number of enemy
//! pieces it forces off the board within the N moves, and "the value" is
//! the most the attacker can force off ([`Oracle::capture`]). For a **save
//! puzzle** (`save` with N turns) the value is the number of the mover's
//! pieces the opponent can then force off within its next N moves: worse is
//! more, and the value is the fewest the mover can lose ([`Oracle::save`]).

pub mod oracle;
mod snapshot;
#[cfg(test)]
mod tests;

use std::collections::BTreeSet;

use crate::solve::margo::Score;
use cannonball_rules::margo::{AnyPosition, IllegalMove, Ko, Move, Point, Report};

use super::analyse::Question;
use crate::puzzle::Theme;
pub use oracle::{Oracle, SolverOracle};
use oracle::{answer_changes, solves_under, value_changes};
use snapshot::Snapshot;

/// What the detectors see of a proved Margo/Spargo puzzle.
#[derive(Clone, Copy, Debug)]
pub struct MargoCase<'a> {
    /// The puzzle position; the side to move is the puzzle's solver ("attacker").
    pub position: &'a AnyPosition,
    /// The key move (the unique best first move).
    pub key: Move,
    /// The exact value (solve::margo::Score, mover's view) of every legal first move, in legal-move order.
    pub values: &'a [(Move, Score)],
    /// The main line: key, best reply, best answer, ... (to the end of the game or truncated).
    pub line: &'a [Move],
    /// `None` for whole-game puzzles (`win`, `best-margin`: values are results
    /// or margins); `Some` for a horizon puzzle, whose values are counts of
    /// pieces (see [`Horizon`]).
    pub horizon: Option<Horizon>,
}

/// What the values of a horizon puzzle count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Horizon {
    /// `capture:K` with N turns: the enemy pieces each first move forces off
    /// the board within the N moves.
    Capture(u8),
    /// `save` with N turns: minus the mover's pieces the opponent can force
    /// off the board within its next N moves after each first move.
    Save(u8),
}

/// A theme detector.
type Detector = fn(&MargoCase<'_>, &dyn Oracle) -> bool;

/// The themes of a puzzle: every detector that fires, in [`Theme`] order.
#[must_use]
pub fn margo_themes(case: &MargoCase<'_>, oracle: &dyn Oracle) -> Vec<Theme> {
    let detectors: [(Theme, Detector); 7] = [
        (Theme::ZombieReversal, is_zombie_reversal),
        (Theme::ForcedEyeFilling, is_forced_eye_filling),
        (Theme::OverUnderCut, is_over_under_cut),
        (Theme::StackJoin, is_stack_join),
        (Theme::PinnedSuicide, is_pinned_suicide),
        (Theme::SurroundCapture, is_surround_capture),
        (Theme::Ko, is_ko),
    ];
    let mut themes: Vec<Theme> = detectors
        .into_iter()
        .filter(|(_, detect)| detect(case, oracle))
        .map(|(t, _)| t)
        .collect();
    themes.sort_unstable();
    themes.dedup();
    themes
}

/// A move played from `pos`, with what it did to the enemy.
struct Played {
    /// The engine's report.
    report: Report,
    /// The position after the move.
    after: AnyPosition,
    /// Enemy pieces captured: removed, or made new zombies.
    captured: BTreeSet<Point>,
}

/// Plays `m` on a copy of `pos`; `None` when it is illegal.
fn play(pos: &AnyPosition, m: Move) -> Option<Played> {
    let mover = pos.to_move();
    let mut after = pos.clone();
    let report = after.play(m).ok()?;
    let enemy_removed = report
        .removed
        .iter()
        .copied()
        .filter(|&p| pos.color_at(p).is_some_and(|c| c != mover));
    let enemy_zombies = report
        .zombies
        .iter()
        .copied()
        .filter(|&p| after.color_at(p).is_some_and(|c| c != mover));
    let captured = enemy_removed.chain(enemy_zombies).collect();
    Some(Played {
        report,
        after,
        captured,
    })
}

/// The attacker's early moves: each with the position it is played from (the
/// main line's plies 1, 3 and 5, as far as the line is legal).
fn attacker_early_moves(case: &MargoCase<'_>) -> Vec<(AnyPosition, Move)> {
    let mut out = Vec::new();
    let mut pos = case.position.clone();
    for (i, &m) in case.line.iter().take(5).enumerate() {
        if i % 2 == 0 {
            out.push((pos.clone(), m));
        }
        if pos.play(m).is_err() {
            break;
        }
    }
    out
}

fn value_of(case: &MargoCase<'_>, m: Move) -> Option<Score> {
    case.values.iter().find(|(mv, _)| *mv == m).map(|&(_, s)| s)
}

/// The enemy group whose only freedom is the empty board-level point `p`, for
/// each such group next to `p` (cut-aware groups, as the engine forms them).
fn groups_in_atari_at(snap: &Snapshot, pos: &AnyPosition, p: Point) -> Vec<BTreeSet<Point>> {
    let geo = pos.geometry();
    if geo.level(p) != 0 || snap.color(p).is_some() {
        return Vec::new();
    }
    let mover = pos.to_move();
    let mut groups: Vec<BTreeSet<Point>> = Vec::new();
    for &q in geo.neighbours(p) {
        if snap.color(q).is_none_or(|c| c == mover) || groups.iter().any(|g| g.contains(&q)) {
            continue;
        }
        let g = snap.group(q, true);
        if !g.is_empty() && snap.freedoms(&g) == BTreeSet::from([p]) {
            groups.push(g);
        }
    }
    groups
}

/// **Surround capture**: the key is a placement on level 0 that is the only
/// freedom of an enemy group (before the move), and the key captures at least
/// one piece of that group (removes it or makes it a new zombie). A plain
/// capture by filling the last freedom, as in Go.
#[must_use]
pub fn is_surround_capture(case: &MargoCase<'_>, _oracle: &dyn Oracle) -> bool {
    let Move::Place(p) = case.key else {
        return false;
    };
    let pos = case.position;
    let Some(played) = play(pos, case.key) else {
        return false;
    };
    let snap = Snapshot::of(pos);
    groups_in_atari_at(&snap, pos, p)
        .iter()
        .any(|g| g.iter().any(|q| played.captured.contains(q)))
}

/// Whether playing `m` from `pos` captures a piece that only an over/under cut
/// left without freedom: on the board just after the placement (nothing
/// resolved yet), the piece's group has no freedom, but the group it would form
/// if cut links counted as links has freedom.
fn captures_through_cut(pos: &AnyPosition, m: Move) -> bool {
    let Move::Place(p) = m else {
        return false;
    };
    let Some(played) = play(pos, m) else {
        return false;
    };
    let snap = Snapshot::of(pos).with_piece(p, pos.to_move());
    played.captured.iter().any(|&q| {
        let cut = snap.group(q, true);
        !cut.is_empty()
            && snap.freedoms(&cut).is_empty()
            && !snap.freedoms(&snap.group(q, false)).is_empty()
    })
}

/// **Over/under cut**: one of the attacker's early moves (main-line plies 1, 3,
/// 5) captures an enemy piece that would not have been without freedom had the
/// cut links of rulings A3 counted as links (on the board right after the
/// placement, before any capture, the piece's group has no freedom, but its
/// group formed ignoring cuts has freedom); and the puzzle's answer changes
/// when over/under cuts cut nothing (`cuts=off`).
#[must_use]
pub fn is_over_under_cut(case: &MargoCase<'_>, oracle: &dyn Oracle) -> bool {
    attacker_early_moves(case)
        .iter()
        .any(|(pos, m)| captures_through_cut(pos, *m))
        && answer_changes(case, oracle, |r| r.cuts = false)
}

/// **Zombie reversal**: zombies are in play early ([`zombies_in_play`]), and
/// the puzzle's answer changes when captured pieces never stay as zombies
/// (`zombies=off`: a piece a move captures is removed with everything resting
/// on it).
#[must_use]
pub fn is_zombie_reversal(case: &MargoCase<'_>, oracle: &dyn Oracle) -> bool {
    zombies_in_play(case) && answer_changes(case, oracle, |r| r.zombies = false)
}

/// Whether zombies are in play early in the puzzle: one of the main line's
/// first five moves makes a new zombie (of either colour) or takes off the
/// board a piece that was a zombie before it; or a first move whose value is
/// worse than the key's leaves new enemy zombies (the tempting capture whose
/// zombies stay).
fn zombies_in_play(case: &MargoCase<'_>) -> bool {
    zombies_in_line(case) || tempting_capture_leaves_zombies(case)
}

/// Whether one of the main line's first five moves (to the attacker's third)
/// makes a new zombie or takes a zombie off the board.
fn zombies_in_line(case: &MargoCase<'_>) -> bool {
    let mut pos = case.position.clone();
    for &m in case.line.iter().take(5) {
        let standing = pos.zombies();
        let Some(played) = play(&pos, m) else {
            break;
        };
        let taken_off = played.report.removed.iter().any(|r| standing.contains(r));
        if taken_off || !played.report.zombies.is_empty() {
            return true;
        }
        pos = played.after;
    }
    false
}

/// Whether a first move worse than the key leaves new enemy zombies.
fn tempting_capture_leaves_zombies(case: &MargoCase<'_>) -> bool {
    let Some(best) = value_of(case, case.key) else {
        return false;
    };
    let pos = case.position;
    let mover = pos.to_move();
    case.values.iter().any(|&(m, s)| {
        m != case.key
            && worse(case, s, best)
            && play(pos, m).is_some_and(|p| {
                p.report
                    .zombies
                    .iter()
                    .any(|&z| p.after.color_at(z).is_some_and(|c| c != mover))
            })
    })
}

/// Whether `s` is worse for the attacker than `best`: a worse result (win,
/// draw, loss) in a whole-game puzzle, fewer pieces in a capture puzzle.
fn worse(case: &MargoCase<'_>, s: Score, best: Score) -> bool {
    match case.horizon {
        None => s.wld() < best.wld(),
        Some(_) => s < best,
    }
}

/// **Forced eye-filling**: the puzzle's value for the attacker differs from
/// its value with passing allowed (`can-pass`), as the oracle finds it: the
/// result (win, draw or loss) of a whole-game puzzle, the pieces forced off
/// (or lost) of a capture (or save) puzzle. Under the default rules nobody may
/// pass, so a player without a useful move must fill its own eyes. In a
/// capture or save puzzle the defender must also fill one of its own eyes in
/// the main line ([`defender_fills_eye`]): a defender that merely runs out of
/// useful moves before the horizon is not enough. False when the oracle does
/// not settle the changed position, or when the puzzle already allows
/// passing.
#[must_use]
pub fn is_forced_eye_filling(case: &MargoCase<'_>, oracle: &dyn Oracle) -> bool {
    if case.position.rules().can_pass {
        return false;
    }
    if case.horizon.is_some() && !defender_fills_eye(case) {
        return false;
    }
    value_changes(case, oracle, |r| r.can_pass = true)
}

/// Whether, in the main line, the defender places on one of its own eyes: an
/// empty board-level point all of whose orthogonal neighbours hold its pieces.
fn defender_fills_eye(case: &MargoCase<'_>) -> bool {
    let attacker = case.position.to_move();
    let mut pos = case.position.clone();
    for &m in case.line {
        let mover = pos.to_move();
        if mover != attacker && fills_own_eye(&pos, m) {
            return true;
        }
        if pos.play(m).is_err() {
            break;
        }
    }
    false
}

/// Whether `m` places a piece of the side to move on one of its own eyes.
fn fills_own_eye(pos: &AnyPosition, m: Move) -> bool {
    let Move::Place(p) = m else {
        return false;
    };
    let geo = pos.geometry();
    let me = pos.to_move();
    geo.level(p) == 0
        && pos.color_at(p).is_none()
        && geo
            .neighbours(p)
            .iter()
            .all(|&q| pos.color_at(q) == Some(me))
}

/// **Stack-join**: the key is a placement on level 1 or higher; the key's group
/// after the move holds pieces of two or more attacker groups that were
/// separate before it; each of those groups had exactly one eye before the move,
/// and one of them was in danger (its eye was its only freedom, so the
/// opponent could take it there: a join nothing threatened is a side effect,
/// not the point of the key); and the joined group has at least two eyes
/// after it. An eye of a group is an
/// empty level-0 point all of whose orthogonal neighbours hold pieces of the
/// group. (Two eyes is the oracle-free safety test: the defender can fill
/// neither eye without suicide while the other stays open.)
#[must_use]
pub fn is_stack_join(case: &MargoCase<'_>, _oracle: &dyn Oracle) -> bool {
    Join::of(case.position, case.key).is_some_and(|j| j.one_eyed_into_two() && j.rescues())
}

/// The test of [`is_stack_join`] for any move `m` of `pos` without the
/// danger: a placement on level 1 or higher that joins two or more
/// one-eyed groups of the mover into one group with at least two eyes (the
/// sign the tablebase scan and census look for).
#[must_use]
pub fn joins_one_eyed_groups(pos: &AnyPosition, m: Move) -> bool {
    Join::of(pos, m).is_some_and(|j| j.one_eyed_into_two())
}

/// What an upper-level placement joins: the mover's groups it links, as
/// they were before it, and its group after.
struct Join {
    before: Snapshot,
    parts: Vec<BTreeSet<Point>>,
    after: Snapshot,
    joined: BTreeSet<Point>,
}

impl Join {
    /// `None` for a board-level or illegal move.
    fn of(pos: &AnyPosition, m: Move) -> Option<Join> {
        let Move::Place(p) = m else {
            return None;
        };
        if pos.geometry().level(p) == 0 {
            return None;
        }
        let played = play(pos, m)?;
        let before = Snapshot::of(pos);
        let after = Snapshot::of(&played.after);
        let joined = after.group(p, true);
        let mut parts: Vec<BTreeSet<Point>> = Vec::new();
        for &q in &joined {
            if q != p && !parts.iter().any(|g| g.contains(&q)) {
                let g = before.group(q, true);
                if !g.is_empty() {
                    parts.push(g);
                }
            }
        }
        Some(Join {
            before,
            parts,
            after,
            joined,
        })
    }

    /// Two or more groups with one eye each joined into one with two eyes.
    fn one_eyed_into_two(&self) -> bool {
        self.parts.len() >= 2
            && self.parts.iter().all(|g| self.before.eyes(g).len() == 1)
            && self.after.eyes(&self.joined).len() >= 2
    }

    /// One of the joined groups was in danger: its eye was its only
    /// freedom, so the opponent could take it there.
    fn rescues(&self) -> bool {
        self.parts
            .iter()
            .any(|g| self.before.freedoms(g).len() == 1)
    }
}

/// **Pinned suicide**: in the puzzle position there is a board-level point `x`
/// that is the only freedom of an enemy group `G`, placing on `x` is illegal as
/// suicide ([`IllegalMove::Suicide`]), and a neighbour of `x` is a piece of `G`
/// on which some piece outside `G` rests, so the capture would leave it on the
/// board as a zombie that still smothers the placed piece (rulings A5.5)
/// ([`pinned_suicide_points`]); and without zombies (`zombies=off`), where
/// that capture takes the pinned piece off with what rests on it, placing on
/// such an `x` is legal and solves the puzzle: it wins (reaches the key's
/// result) in a whole-game puzzle, or forces off (loses) no fewer (no more)
/// pieces than the key in a capture (save) puzzle ([`oracle`]'s
/// `solves_under`). The natural capture would be the answer but for the
/// zombie rule; a puzzle whose answer changes without zombies for another
/// reason is not tagged. The key, being legal, is never `x`. False when the
/// oracle does not settle the changed position.
#[must_use]
pub fn is_pinned_suicide(case: &MargoCase<'_>, oracle: &dyn Oracle) -> bool {
    let natural = pinned_suicide_points(case.position)
        .into_iter()
        .map(Move::Place);
    solves_under(case, oracle, natural, |r| r.zombies = false)
}

/// The structural test of [`is_pinned_suicide`]: whether the position has a
/// [pinned-suicide point](pinned_suicide_points).
#[must_use]
pub fn has_pinned_suicide(pos: &AnyPosition) -> bool {
    !pinned_suicide_points(pos).is_empty()
}

/// The pinned-suicide points of `pos`: the empty board-level points where
/// placing is suicide although it takes the last freedom of an enemy group
/// with a piece beside the point that something outside the group rests on.
#[must_use]
pub fn pinned_suicide_points(pos: &AnyPosition) -> BTreeSet<Point> {
    let geo = pos.geometry();
    let snap = Snapshot::of(pos);
    geo.level_points(0)
        .filter(|&x| {
            snap.color(x).is_none()
                && pos.check(Move::Place(x)) == Err(IllegalMove::Suicide)
                && groups_in_atari_at(&snap, pos, x).iter().any(|g| {
                    geo.neighbours(x).iter().any(|q| {
                        g.contains(q)
                            && geo
                                .rested_on_by(*q)
                                .iter()
                                .any(|r| snap.color(*r).is_some() && !g.contains(r))
                    })
                })
        })
        .collect()
}

/// **Ko**: one of the main line's first six moves leaves a ko point (the
/// position after it has [`AnyPosition::ko_point`]), and the puzzle's result
/// (win, draw or loss for the attacker) with no ko rule ([`Ko::None`]) differs
/// from its result under the puzzle's own ko rule, as the oracle finds it: the
/// ko fight is real and the rule decides it. False when the oracle does not
/// settle the changed position, or when the puzzle has no ko rule.
#[must_use]
pub fn is_ko(case: &MargoCase<'_>, oracle: &dyn Oracle) -> bool {
    if case.position.rules().ko == Ko::None {
        return false;
    }
    let mut pos = case.position.clone();
    let mut ko_seen = false;
    for &m in case.line.iter().take(6) {
        if pos.play(m).is_err() {
            break;
        }
        if pos.ko_point().is_some() {
            ko_seen = true;
            break;
        }
    }
    ko_seen && value_changes(case, oracle, |r| r.ko = Ko::None)
}

/// The node budget of each theme question for a puzzle proved with `nodes`
/// per position: the same. A counterfactual position (no zombies, no cuts,
/// passing allowed, no ko) that the budget does not settle tags nothing, so
/// a tag is never given on a guess. Four times the budget tags a few more
/// puzzles (8 of the 75 Spargo puzzles) but almost doubles `verify`'s time
/// (Spargo: 108 → 185 CPU-seconds).
#[must_use]
pub const fn budget(nodes: u64) -> u64 {
    nodes
}

/// The themes of the puzzle `q` on `pos`, with `nodes` per oracle question.
#[must_use]
pub fn of(pos: &AnyPosition, q: &Question, nodes: u64) -> Vec<Theme> {
    of_case(pos, q, None, nodes)
}

/// The themes of the horizon puzzle `q` on `pos`.
#[must_use]
pub fn of_horizon(pos: &AnyPosition, q: &Question, horizon: Horizon, nodes: u64) -> Vec<Theme> {
    of_case(pos, q, Some(horizon), nodes)
}

fn of_case(pos: &AnyPosition, q: &Question, horizon: Option<Horizon>, nodes: u64) -> Vec<Theme> {
    let case = MargoCase {
        position: pos,
        key: q.key,
        values: &q.values,
        line: &q.line,
        horizon,
    };
    margo_themes(&case, &SolverOracle { nodes })
}
