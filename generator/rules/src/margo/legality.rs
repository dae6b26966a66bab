//! Deciding whether a placement is suicide without resolving the board, as
//! far as that can be told: from the placement on a copy of the board
//! ([`quick_legality`]), or, for the many placements of one position at once,
//! from the mover's groups and their liberties found once ([`Liberties`]).
//! Each answer is the full resolution's (the tests compare them on every
//! placement of many random games); `None` means "resolve the board".

use super::capture::{flood, free_points, no_enemy_removed, placed_group_free};
use super::tables::Tables;
use super::{Bitboard, Board, CaptureScope, Color, Point, Rules};

/// Whether placing a piece of `c` on `p` is suicide, when that can be decided
/// without resolving the board (zombies on, default freedom rule): `Some(true)`
/// when the move is not suicide, `Some(false)` when it is, `None` when only
/// the full resolution can tell.
///
/// - Not suicide when the placed piece's group has a freedom as soon as it is
///   placed: captures only empty points, take cutters away and uncover buried
///   pieces, so that freedom stays and the group is never captured. (With
///   zombies off a captured piece takes everything resting on it along, the
///   placed piece included.)
/// - Suicide, when every group is captured, when the group has no freedom and
///   the first round of the resolution removes nothing (see
///   [`no_enemy_removed`]): the placed piece is then captured with its group.
#[inline]
pub(crate) fn quick_legality<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    c: Color,
    p: Point,
) -> Option<bool> {
    if !rules.zombies || rules.all_freedoms {
        return None;
    }
    let mut after = *board;
    after.place(t, p, c);
    let free0 = free_points(t, &after);
    if placed_group_free(t, &after, c, p, free0, rules.cuts) {
        return Some(true);
    }
    (rules.capture_scope == CaptureScope::All
        && no_enemy_removed(t, &after, c, p, free0, rules.cuts))
    .then_some(false)
}

/// The mover's groups sorted by their board-level liberties (the empty
/// board-level points next to a group's visible board-level pieces), for
/// deciding many placements of one position at once (default freedom rule).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Liberties<const W: usize> {
    /// Visible pieces of the mover whose group has a liberty (a freedom).
    pub alive: Bitboard<W>,
    /// Visible pieces of the mover whose group has two liberties or more.
    pub multi: Bitboard<W>,
    /// Visible enemy pieces whose group has exactly one liberty and a piece
    /// that nothing rests on (a placement on that liberty captures the group
    /// and removes a piece): found at the first placement that needs it.
    pub enemy_atari: Option<Bitboard<W>>,
}

/// The groups of `c`'s visible pieces, each with its board-level liberties.
fn groups_with_liberties<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    c: Color,
    mut f: impl FnMut(Bitboard<W>, Bitboard<W>),
) {
    let within = board.pieces(c) & board.visible();
    let empty0 = t.level0 - board.occupied();
    let mut rest = within;
    while let Some(q) = rest.first_point() {
        let group = flood(t, board, c, within, Bitboard::from_point(q), rules.cuts);
        rest = rest - group;
        f(group, t.level0_neighbours(group & t.level0) & empty0);
    }
}

/// [`Liberties`] of `board` for the mover `mover` (the enemy part not yet).
pub(crate) fn liberties<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
) -> Liberties<W> {
    let mut out = Liberties {
        alive: Bitboard::EMPTY,
        multi: Bitboard::EMPTY,
        enemy_atari: None,
    };
    groups_with_liberties(t, rules, board, mover, |group, libs| {
        if libs.any() {
            out.alive |= group;
        }
        if libs.len() >= 2 {
            out.multi |= group;
        }
    });
    out
}

/// [`Liberties::enemy_atari`] of `board` for the mover `mover`.
fn enemy_atari<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
) -> Bitboard<W> {
    let occupied = board.occupied();
    let mut out = Bitboard::EMPTY;
    for c in Color::ALL.into_iter().take(rules.players()) {
        if c == mover {
            continue;
        }
        groups_with_liberties(t, rules, board, c, |group, libs| {
            if libs.len() == 1 && group.iter().any(|x| !t.up[x.index()].intersects(&occupied)) {
                out |= group;
            }
        });
    }
    out
}

/// What the placements of one position share for telling which of them
/// change nothing but the point played (see [`Calm::outcome`]),
/// zombies on, default freedom rule. The groups and their liberties are
/// found only when a placement needs them, once for all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Calm<const W: usize> {
    /// Empty board-level points.
    empty0: Bitboard<W>,
    /// Visible pieces of the mover that give their group a freedom
    /// themselves (board-level pieces beside an empty board-level point).
    own_free: Bitboard<W>,
    /// Visible pieces of the other colours.
    enemy: Bitboard<W>,
    /// The groups, once found.
    groups: Option<CalmGroups<W>>,
}

/// The groups of [`Calm`], by their liberties.
#[derive(Clone, Copy, Debug)]
struct CalmGroups<const W: usize> {
    /// Visible pieces of the mover whose group has a liberty.
    own_alive: Bitboard<W>,
    /// Visible pieces of the mover whose group has two liberties or more.
    own_multi: Bitboard<W>,
    /// Visible pieces of the other colours whose group has two liberties or
    /// more.
    enemy_multi: Bitboard<W>,
}

/// [`Calm`] of `board` for the mover `mover`; `None` under rules it does not
/// cover: zombies off, the freedom of every level, or captures of adjacent
/// groups only (a group without freedom can then stand untouched, and the
/// next placement beside it takes it).
pub(crate) fn calm<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
) -> Option<Calm<W>> {
    if !rules.zombies || rules.all_freedoms || rules.capture_scope != CaptureScope::All {
        return None;
    }
    let visible = board.visible();
    let own = board.pieces(mover) & visible;
    Some(Calm {
        empty0: t.level0 - board.occupied(),
        own_free: own & free_points(t, board),
        enemy: (board.occupied() & visible) - own,
        groups: None,
    })
}

impl<const W: usize> Calm<W> {
    /// What a piece of `mover` placed on the empty, playable point `p` does,
    /// when the groups can tell: `Some(true)` when it captures nothing and is
    /// not suicide, so that the board after the move is the board with the
    /// piece added; `Some(false)` when it is suicide; `None` means "resolve
    /// the board".
    ///
    /// - On the board level, the piece cuts and buries nothing (cutters stand
    ///   a level higher, on `p` among others), so every group keeps its pieces
    ///   and links and only loses the liberty `p`. An enemy group beside `p`
    ///   has `p` as a liberty, so it keeps a freedom exactly when it has two
    ///   liberties; the placed piece's group has one when `p` has an empty
    ///   neighbour or one of the mover's groups beside it has two liberties.
    ///   Groups not beside `p` are unchanged: alive, or zombies that hold
    ///   something up, so capturing them again removes nothing. So when every
    ///   enemy group beside `p` keeps a freedom, nothing is removed, and the
    ///   move is suicide exactly when the placed piece's group has none.
    /// - On level 1, the piece buries nothing (no point lies directly below
    ///   it) and empties no board-level point; if it completes no cut of an
    ///   enemy link, no enemy group changes, and the placed piece's group has
    ///   a freedom exactly when the piece links to a group of its own with one
    ///   (its own groups lose no piece): nothing happens, or it is suicide.
    /// - Higher up the piece buries one, which can split a group: not decided.
    ///
    /// So on the board level `None` means that an enemy group beside `p` has
    /// `p` as its last liberty: the placement captures it.
    #[inline]
    pub(crate) fn outcome(
        &mut self,
        t: &Tables<W>,
        rules: &Rules,
        board: &Board<W>,
        mover: Color,
        p: Point,
    ) -> Option<bool> {
        let beside = t.orth[p.index()];
        if t.level0.contains(p) {
            let enemy_beside = beside & self.enemy;
            let enemies_stay = enemy_beside.is_empty()
                || (enemy_beside - self.groups(t, rules, board, mover).enemy_multi).is_empty();
            enemies_stay.then(|| {
                beside.intersects(&self.empty0)
                    || beside.intersects(&self.groups(t, rules, board, mover).own_multi)
            })
        } else if t.below[p.index()].is_none() {
            changes_no_enemy_group(t, rules, board, mover, p).then(|| {
                let linked = t.down[p.index()] | beside;
                linked.intersects(&self.own_free)
                    || linked.intersects(&self.groups(t, rules, board, mover).own_alive)
            })
        } else {
            None
        }
    }

    /// The groups, found at the first call.
    fn groups(
        &mut self,
        t: &Tables<W>,
        rules: &Rules,
        board: &Board<W>,
        mover: Color,
    ) -> CalmGroups<W> {
        *self.groups.get_or_insert_with(|| {
            let mut out = CalmGroups {
                own_alive: Bitboard::EMPTY,
                own_multi: Bitboard::EMPTY,
                enemy_multi: Bitboard::EMPTY,
            };
            for c in Color::ALL.into_iter().take(rules.players()) {
                groups_with_liberties(t, rules, board, c, |group, libs| {
                    if c == mover {
                        if libs.any() {
                            out.own_alive |= group;
                        }
                        if libs.len() >= 2 {
                            out.own_multi |= group;
                        }
                    } else if libs.len() >= 2 {
                        out.enemy_multi |= group;
                    }
                });
            }
            out
        })
    }
}

/// Whether placing a piece of `mover` on the board-level point `p`, which has
/// no empty board-level neighbour, is suicide, from the position's
/// [`Liberties`] (zombies on, default freedom rule): the same answer as
/// [`quick_legality`] without placing the piece. A board-level piece cuts and
/// buries nothing, so every group keeps its pieces and links and only loses
/// the liberty `p`; the placed piece joins the mover's groups beside it, which
/// all have `p` as a liberty. So its group has a freedom exactly when one of
/// them has a second liberty, and an enemy group beside it loses its last
/// freedom exactly when its one liberty is `p`.
pub(crate) fn quick_legality_level0<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
    libs: &mut Liberties<W>,
    p: Point,
) -> Option<bool> {
    let beside = t.orth[p.index()];
    if beside.intersects(&libs.multi) {
        return Some(true);
    }
    if rules.capture_scope != CaptureScope::All {
        return None;
    }
    let atari = libs
        .enemy_atari
        .get_or_insert_with(|| enemy_atari(t, rules, board, mover));
    (!beside.intersects(atari)).then_some(false)
}

/// Whether placing a piece of `mover` on the stacked point `p`, which links
/// to no piece of the mover's groups with a freedom, is suicide (zombies on,
/// default freedom rule, every group captured): the same answer as
/// [`quick_legality`]. The placed piece's group has no freedom: a stacked
/// piece empties no board-level point, and the groups it joins had none and
/// can only lose pieces by the burial. So the move is suicide unless the
/// first round of the resolution removes an enemy piece (see
/// [`no_enemy_removed`]), and that needs an enemy group the placement
/// changes: the buried piece's, or one whose link the placed piece cuts. Only
/// when there is one is the piece placed to look.
pub(crate) fn quick_legality_stacked_dead<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
    p: Point,
) -> Option<bool> {
    if rules.capture_scope != CaptureScope::All {
        return None;
    }
    if changes_no_enemy_group(t, rules, board, mover, p) {
        return Some(false);
    }
    let mut after = *board;
    after.place(t, p, mover);
    let free0 = free_points(t, &after);
    no_enemy_removed(t, &after, mover, p, free0, rules.cuts).then_some(false)
}

/// Whether a stacked piece of `mover` on `p` leaves every enemy group as it
/// is: the piece it buries is the mover's, and it completes no cut of a link
/// between two visible pieces of one enemy colour (the other cutter of the
/// link holds a piece of another colour).
fn changes_no_enemy_group<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    mover: Color,
    p: Point,
) -> bool {
    let own = board.pieces(mover);
    if t.below[p.index()].is_some_and(|b| !own.contains(b)) {
        return false;
    }
    if !rules.cuts {
        return true;
    }
    let enemy = board.visible() - own;
    let occupied = board.occupied();
    for &[a, b, other] in t.cut_by[p.index()].as_slice() {
        if !enemy.contains(a) || !enemy.contains(b) || !occupied.contains(other) {
            continue;
        }
        let Some(c) = board.color_at(a) else { continue };
        let same = board.pieces(c);
        if same.contains(b) && !same.contains(other) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margo::capture::{
        alive, place_and_resolve, place_and_resolve_capture, resolve_adjacent, resolve_all,
    };
    use crate::margo::{Position, Preset};
    use crate::rng::Rng;

    /// The fast legality test must never call a suicide legal, and
    /// `legal_placements` must be exactly the placements `check` accepts.
    fn legality_shortcut_is_exact<const W: usize>(rules: Rules, games: u64) {
        let mut rng = Rng::seed_from(rules.size as u64 * 7919 + games);
        let (mut fast_hits, mut group_hits, mut calm_hits) = (0u64, 0u64, 0u64);
        for _ in 0..games {
            let mut pos = Position::<W>::new(rules).unwrap();
            for _ in 0..400 {
                let legal = pos.legal_placements();
                let mut libs = liberties(pos.t, &rules, &pos.board, pos.to_move);
                let empty0 = pos.t.level0 - pos.board.occupied();
                if !rules.all_freedoms {
                    assert_eq!(libs.alive, alive(pos.t, &rules, &pos.board, pos.to_move));
                }
                assert_eq!(pos.count_legal(), pos.legal_moves().len());
                assert_eq!(pos.has_legal_move(), !pos.legal_moves().is_empty());
                let mut calm = calm(pos.t, &rules, &pos.board, pos.to_move);
                let covered = rules.zombies && !rules.all_freedoms;
                assert_eq!(
                    calm.is_some(),
                    covered && rules.capture_scope == CaptureScope::All
                );
                for p in pos.playable() {
                    // A placement the groups call calm changes nothing but
                    // the point played, as the full resolution finds.
                    let outcome = calm
                        .as_mut()
                        .and_then(|k| k.outcome(pos.t, &rules, &pos.board, pos.to_move, p));
                    if outcome == Some(false) {
                        let mut b = pos.board;
                        let res = place_and_resolve(pos.t, &rules, &mut b, pos.to_move, p);
                        assert!(res.is_err(), "placement {p:?}: not suicide");
                        calm_hits += 1;
                    }
                    if outcome == Some(true) {
                        let mut b = pos.board;
                        let res = place_and_resolve(pos.t, &rules, &mut b, pos.to_move, p);
                        assert_eq!(
                            res.map(|r| r.removed),
                            Ok(Bitboard::EMPTY),
                            "placement {p:?} {rules:?} {}",
                            pos.to_setup().to_text()
                        );
                        let mut placed = pos.board;
                        placed.place(pos.t, p, pos.to_move);
                        assert_eq!(b, placed, "placement {p:?}");
                        calm_hits += 1;
                    }
                    // An undecided board-level placement captures an enemy
                    // group beside it, and resolving it without the
                    // shortcuts gives the same board.
                    if calm.is_some() && outcome.is_none() && pos.t.level0.contains(p) {
                        let (c, t) = (pos.to_move, pos.t);
                        let mut b = pos.board;
                        let res = place_and_resolve(t, &rules, &mut b, c, p);
                        let mut direct = pos.board;
                        let plain = place_and_resolve_capture(t, &rules, &mut direct, c, p);
                        assert_eq!(res.is_ok(), plain.is_ok(), "placement {p:?}");
                        if let (Ok(res), Ok(plain)) = (res, plain) {
                            assert_eq!((res.removed, b), (plain.removed, direct));
                            let enemy = pos.board.occupied() - pos.board.pieces(c);
                            assert!(plain.captured.intersects(&(t.orth[p.index()] & enemy)));
                        }
                    }
                    let full = pos.check(crate::margo::Move::Place(p)).is_ok();
                    assert_eq!(legal.contains(p), full, "placement {p:?}");
                    if let Some(quick) = quick_legality(pos.t, &rules, &pos.board, pos.to_move, p) {
                        let mut b = pos.board;
                        b.place(pos.t, p, pos.to_move);
                        let ok = match rules.capture_scope {
                            CaptureScope::All => {
                                resolve_all(pos.t, &rules, &mut b, pos.to_move, p, None)
                            }
                            CaptureScope::Adjacent => {
                                resolve_adjacent(pos.t, &rules, &mut b, pos.to_move, p, None)
                            }
                        }
                        .is_ok();
                        assert_eq!(quick, ok, "placement {p:?}");
                        fast_hits += 1;
                    }
                    // The tests from the mover's groups give the same answer
                    // as placing the piece, where they apply.
                    if rules.zombies && !rules.all_freedoms {
                        let placed = quick_legality(pos.t, &rules, &pos.board, pos.to_move, p);
                        let level0 = pos.t.level0.contains(p);
                        let (b, c) = (&pos.board, pos.to_move);
                        let from_groups = if level0 && !pos.t.orth[p.index()].intersects(&empty0) {
                            Some(quick_legality_level0(pos.t, &rules, b, c, &mut libs, p))
                        } else if !level0
                            && !(pos.t.down[p.index()] | pos.t.orth[p.index()])
                                .intersects(&libs.alive)
                        {
                            Some(quick_legality_stacked_dead(pos.t, &rules, b, c, p))
                        } else {
                            None
                        };
                        if let Some(answer) = from_groups {
                            assert_eq!(answer, placed, "placement {p:?}");
                            group_hits += u64::from(answer.is_some());
                        }
                    }
                }
                let Some(m) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
        if rules.zombies && !rules.all_freedoms {
            assert!(fast_hits > games * 10, "{fast_hits} hits in {games} games");
            assert!(
                group_hits > games * 5,
                "{group_hits} hits from groups in {games} games"
            );
            if rules.capture_scope == CaptureScope::All {
                assert!(
                    calm_hits > games * 20,
                    "{calm_hits} calm placements in {games} games"
                );
            }
        }
    }

    #[test]
    fn legality_shortcut_agrees_with_the_full_check() {
        let mut rules = Preset::Spargo.rules();
        legality_shortcut_is_exact::<1>(rules, 300);
        rules.size = 5;
        legality_shortcut_is_exact::<1>(rules, 100);
        rules.capture_scope = CaptureScope::Adjacent;
        legality_shortcut_is_exact::<1>(rules, 100);
        rules.capture_scope = CaptureScope::All;
        rules.cuts = false;
        legality_shortcut_is_exact::<1>(rules, 100);
        rules.cuts = true;
        rules.zombies = false;
        legality_shortcut_is_exact::<1>(rules, 100);
        rules.zombies = true;
        rules.all_freedoms = true;
        legality_shortcut_is_exact::<1>(rules, 100);
        let mut rules = Preset::Margo.rules();
        rules.size = 7;
        legality_shortcut_is_exact::<4>(rules, 20);
    }
}
