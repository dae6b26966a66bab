//! Visibility, links, groups, freedom, and the resolution of captures after a
//! placement (rulings A3–A5).
//!
//! Everything here works on a [`Board`] with the size's [`Tables`]; the position
//! type calls it and keeps the turn and ko state.

use super::tables::Tables;
use super::{Bitboard, Board, CaptureScope, Color, Point, Rules};

/// The effect of one placement on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Resolution<const W: usize> {
    /// Points emptied.
    pub removed: Bitboard<W>,
    /// Every piece captured in some round, removed or not (pieces that were
    /// zombies already are included when their group was captured again).
    pub captured: Bitboard<W>,
}

/// The placed piece would be removed: the move is suicide.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Suicide;

/// Empty points a piece may be placed on now (ignoring suicide and ko).
pub(crate) fn playable<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
) -> Bitboard<W> {
    ((t.level0 | board.supported()) - board.occupied()) & t.allowed(rules.max_height)
}

/// What every group judgement on one board shares: visible pieces, pieces
/// touching a point that gives freedom, and whether over/under cuts count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Analysis<const W: usize> {
    pub visible: Bitboard<W>,
    pub free: Bitboard<W>,
    pub cuts: bool,
}

/// The board-level points next to an empty board-level point: where a piece
/// gives its group freedom under the default freedom rule.
#[inline]
pub(super) fn free_points<const W: usize>(t: &Tables<W>, board: &Board<W>) -> Bitboard<W> {
    t.level0_neighbours(t.level0 - board.occupied())
}

pub(crate) fn analyse<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
) -> Analysis<W> {
    let free = if rules.all_freedoms {
        let mut free = Bitboard::EMPTY;
        for e in playable(t, rules, board) {
            free |= t.orth[e.index()];
        }
        free
    } else {
        free_points(t, board)
    };
    Analysis {
        visible: board.visible(),
        free: free & board.occupied(),
        cuts: rules.cuts,
    }
}

/// The pieces that can cut the links of colour `c`: every piece of another
/// colour, or none when the rules switch over/under cuts off.
#[inline]
fn cutters<const W: usize>(board: &Board<W>, c: Color, cuts: bool) -> Bitboard<W> {
    if cuts {
        board.occupied() - board.pieces(c)
    } else {
        Bitboard::EMPTY
    }
}

/// The pieces of `candidates` (visible, of the colour of the piece on `p`) that
/// the piece on `p` links to, given the pieces of `other` colours that may cut
/// (the one over/under cut test of the engine, rulings A3; the same test as
/// [`Link::is_cut_for`](super::Link::is_cut_for), from the size's tables).
#[inline(always)]
fn links_from<const W: usize>(
    t: &Tables<W>,
    p: Point,
    candidates: Bitboard<W>,
    other: Bitboard<W>,
) -> Bitboard<W> {
    let links = &t.links[p.index()];
    let mut next = links.adjacent & candidates;
    if next.intersects(&links.cut_neighbours) && other.any() {
        for cut in links.cuts.as_slice() {
            if next.contains(cut.neighbour)
                && other.contains(cut.cutters[0])
                && other.contains(cut.cutters[1])
            {
                next.remove(cut.neighbour);
            }
        }
    }
    next
}

/// Every piece of `within` (visible pieces of colour `c`) linked to `seeds`,
/// with over/under cuts when `cuts` (the rules' switch).
#[inline]
pub(crate) fn flood<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    within: Bitboard<W>,
    seeds: Bitboard<W>,
    cuts: bool,
) -> Bitboard<W> {
    let other = cutters(board, c, cuts);
    let mut reached = seeds & within;
    let mut frontier = reached;
    while let Some(p) = frontier.pop_first() {
        let next = links_from(t, p, within - reached, other);
        reached |= next;
        frontier |= next;
    }
    reached
}

/// Visible pieces of `c` whose group has no freedom.
#[inline]
pub(crate) fn dead<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    a: &Analysis<W>,
    c: Color,
) -> Bitboard<W> {
    let within = board.pieces(c) & a.visible;
    if within.is_empty() {
        return within;
    }
    within - flood(t, board, c, within, within & a.free, a.cuts)
}

/// Visible pieces of `c` whose group has a freedom.
#[cfg(test)]
pub(super) fn alive<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
    c: Color,
) -> Bitboard<W> {
    let a = analyse(t, rules, board);
    (board.pieces(c) & a.visible) - dead(t, board, &a, c)
}

/// Visible pieces of every colour whose group has no freedom: the zombies.
pub(crate) fn all_dead<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &Board<W>,
) -> Bitboard<W> {
    let a = analyse(t, rules, board);
    let mut out = Bitboard::EMPTY;
    for c in Color::ALL.into_iter().take(rules.players()) {
        out |= dead(t, board, &a, c);
    }
    out
}

/// Removes captured pieces from the top down: a captured piece goes unless a
/// piece still rests on it, repeatedly. Returns the points emptied.
pub(crate) fn remove_top_down<const W: usize>(
    t: &Tables<W>,
    board: &mut Board<W>,
    captured: Bitboard<W>,
) -> Bitboard<W> {
    let mut pending = captured & board.occupied();
    let mut removed = Bitboard::EMPTY;
    loop {
        let occ = board.occupied();
        let mut layer = Bitboard::EMPTY;
        for p in pending {
            if !t.up[p.index()].intersects(&occ) {
                layer.insert(p);
            }
        }
        if layer.is_empty() {
            return removed;
        }
        board.clear(t, layer);
        pending = pending - layer;
        removed |= layer;
    }
}

/// Removes the captured pieces `captured`: top-down (see [`remove_top_down`])
/// under the default rules; with zombies off (`standing` holds the zombies
/// that stood before the move), every captured piece not in `standing` goes
/// even when something rests on it, with everything resting on what goes,
/// directly or indirectly, and then the pieces of `standing` go top-down.
/// Returns the points emptied.
fn remove_captured<const W: usize>(
    t: &Tables<W>,
    board: &mut Board<W>,
    captured: Bitboard<W>,
    standing: Option<Bitboard<W>>,
) -> Bitboard<W> {
    let Some(standing) = standing else {
        return remove_top_down(t, board, captured);
    };
    let occupied = board.occupied();
    let mut gone = (captured - standing) & occupied;
    let mut frontier = gone;
    while let Some(q) = frontier.pop_first() {
        let above = (t.up[q.index()] & occupied) - gone;
        gone |= above;
        frontier |= above;
    }
    board.clear(t, gone);
    gone | remove_top_down(t, board, captured & standing)
}

/// Places a piece of `c` on `p` and resolves captures. On suicide the board is
/// left in an unspecified state (callers work on a copy).
pub(crate) fn place_and_resolve<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &mut Board<W>,
    c: Color,
    p: Point,
) -> Result<Resolution<W>, Suicide> {
    // With zombies off, the zombies standing before the move keep the default
    // removal (only a setup can leave any).
    let standing = (!rules.zombies).then(|| all_dead(t, rules, board));
    board.place(t, p, c);
    match rules.capture_scope {
        CaptureScope::All => {
            if !rules.all_freedoms {
                if quiet(t, board, p, rules.cuts) {
                    return Ok(Resolution::default());
                }
                if rules.zombies && surely_suicide(t, board, c, p, rules.cuts) {
                    return Err(Suicide);
                }
            }
            resolve_all(t, rules, board, c, p, standing)
        }
        CaptureScope::Adjacent => resolve_adjacent(t, rules, board, c, p, standing),
    }
}

/// Places a piece of `c` on `p` and resolves captures round by round, with
/// none of [`place_and_resolve`]'s shortcuts: for a placement known to
/// capture, where they would only be tried in vain. Zombies on and every
/// group captured (the rules [`Calm`](super::legality::Calm) covers).
pub(crate) fn place_and_resolve_capture<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &mut Board<W>,
    c: Color,
    p: Point,
) -> Result<Resolution<W>, Suicide> {
    debug_assert!(rules.zombies && rules.capture_scope == CaptureScope::All);
    board.place(t, p, c);
    resolve_all(t, rules, board, c, p, None)
}

/// Whether, after placing on `p`, every group the placement can have changed
/// still has freedom (default freedom rule), so that nothing is captured.
///
/// A board-level piece takes a freedom from the groups beside it and cuts or
/// buries nothing. A stacked piece takes no board-level freedom, but it may cut
/// the links between the four pieces it rests on and it buries the piece directly
/// below it, which splits that piece's group; every piece those groups can lose
/// touches the buried piece or is one of the four. Groups that had no freedom
/// before are zombies pinned in place, and capturing them again removes nothing.
///
/// With zombies off the same holds: zombies that stood before the move are
/// removed top-down as with zombies on, so capturing them again removes
/// nothing; and with cuts off a stacked piece cuts nothing, so fewer groups
/// can change than this checks.
fn quiet<const W: usize>(t: &Tables<W>, board: &Board<W>, p: Point, cuts: bool) -> bool {
    let free0 = free_points(t, board);
    if t.level0.contains(p) && !free0.contains(p) {
        return false;
    }
    let visible = board.visible();
    let mut checked = Bitboard::EMPTY;
    for q in touched(t, p) & visible {
        if checked.contains(q) {
            continue;
        }
        let Some(c) = board.color_at(q) else { continue };
        let within = board.pieces(c) & visible;
        match group_reaches_freedom(t, board, c, within, q, free0, cuts) {
            Ok(group) => checked |= group,
            Err(_) => return false,
        }
    }
    true
}

/// The points whose pieces' groups a placement on `p` can change (see
/// [`quiet`]): the board-level neighbours of a board-level point; for a stacked
/// point, itself, the four it rests on and the neighbours of the piece it buries.
#[inline]
fn touched<const W: usize>(t: &Tables<W>, p: Point) -> Bitboard<W> {
    if t.level0.contains(p) {
        t.orth[p.index()]
    } else {
        let mut touched = t.down[p.index()] | Bitboard::from_point(p);
        if let Some(b) = t.below[p.index()] {
            touched |= t.links[b.index()].adjacent;
        }
        touched
    }
}

/// Whether the placement just made on `p` by `c` is suicide, decided without
/// resolving the whole board when it can be (default freedom rule, zombies
/// on, every group captured): the placed piece's group has no freedom and
/// the first round of the resolution removes nothing (see
/// [`no_enemy_removed`]), so the placed piece is captured with its group.
/// `false` means "not decided here", not "legal".
fn surely_suicide<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    p: Point,
    cuts: bool,
) -> bool {
    let free0 = free_points(t, board);
    !placed_group_free(t, board, c, p, free0, cuts) && no_enemy_removed(t, board, c, p, free0, cuts)
}

/// Whether the group of the piece just placed on `p` by `c` has a freedom
/// (`free0`: [`free_points`] of `board`).
pub(super) fn placed_group_free<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    p: Point,
    free0: Bitboard<W>,
    cuts: bool,
) -> bool {
    let own = board.pieces(c) & board.visible();
    group_reaches_freedom(t, board, c, own, p, free0, cuts).is_ok()
}

/// Whether, after `c` placed on `p` (the board holds the placement), the first
/// round of the resolution surely removes no enemy piece: no enemy group the
/// placement touched (see [`quiet`]) is left without freedom with a piece
/// nothing rests on. Enemy groups it did not touch are unchanged: alive, or
/// zombies pinned in place (every piece of a group without freedom holds
/// something up, an invariant of every position, setups included). `free0`
/// is [`free_points`] of `board`.
pub(super) fn no_enemy_removed<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    p: Point,
    free0: Bitboard<W>,
    cuts: bool,
) -> bool {
    let visible = board.visible();
    let occupied = board.occupied();
    let mut checked = Bitboard::EMPTY;
    for q in (touched(t, p) & visible) - board.pieces(c) {
        if checked.contains(q) {
            continue;
        }
        let Some(e) = board.color_at(q) else { continue };
        let within = board.pieces(e) & visible;
        match group_reaches_freedom(t, board, e, within, q, free0, cuts) {
            Ok(part) => checked |= part,
            Err(group) => {
                if group.iter().any(|x| !t.up[x.index()].intersects(&occupied)) {
                    return false;
                }
                checked |= group;
            }
        }
    }
    true
}

/// Floods the group of `start` until it reaches a piece of `free0` (the
/// board-level points next to an empty board-level point): `Ok` with the part
/// of the group flooded so far, or `Err` with the whole group when it has no
/// freedom.
fn group_reaches_freedom<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    within: Bitboard<W>,
    start: Point,
    free0: Bitboard<W>,
    cuts: bool,
) -> Result<Bitboard<W>, Bitboard<W>> {
    let mut reached = Bitboard::from_point(start);
    if free0.contains(start) {
        return Ok(reached);
    }
    let other = cutters(board, c, cuts);
    let mut frontier = reached;
    while let Some(p) = frontier.pop_first() {
        let next = links_from(t, p, within - reached, other);
        reached |= next;
        if next.intersects(&free0) {
            return Ok(reached);
        }
        frontier |= next;
    }
    Err(reached)
}

pub(super) fn resolve_all<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &mut Board<W>,
    mover: Color,
    placed: Point,
    standing: Option<Bitboard<W>>,
) -> Result<Resolution<W>, Suicide> {
    let mut res = Resolution::default();
    loop {
        let a = analyse(t, rules, board);
        let mut dead_enemy = Bitboard::EMPTY;
        for c in Color::ALL.into_iter().take(rules.players()) {
            if c != mover {
                dead_enemy |= dead(t, board, &a, c);
            }
        }
        let mut round_removed = Bitboard::EMPTY;
        if dead_enemy.any() {
            res.captured |= dead_enemy;
            round_removed |= remove_captured(t, board, dead_enemy, standing);
            if round_removed.contains(placed) {
                return Err(Suicide);
            }
        }
        let a = if round_removed.any() {
            analyse(t, rules, board)
        } else {
            a
        };
        let dead_own = dead(t, board, &a, mover);
        if dead_own.contains(placed) {
            return Err(Suicide);
        }
        if dead_own.any() {
            res.captured |= dead_own;
            round_removed |= remove_captured(t, board, dead_own, standing);
            if round_removed.contains(placed) {
                return Err(Suicide);
            }
        }
        if round_removed.is_empty() {
            return Ok(res);
        }
        res.removed |= round_removed;
    }
}

pub(super) fn resolve_adjacent<const W: usize>(
    t: &Tables<W>,
    rules: &Rules,
    board: &mut Board<W>,
    mover: Color,
    placed: Point,
    standing: Option<Bitboard<W>>,
) -> Result<Resolution<W>, Suicide> {
    let a = analyse(t, rules, board);
    let touching = t.orth[placed.index()] | t.down[placed.index()];
    let mut captured = Bitboard::EMPTY;
    for c in Color::ALL.into_iter().take(rules.players()) {
        if c == mover {
            continue;
        }
        let dead_c = dead(t, board, &a, c);
        let hit = dead_c & touching;
        if hit.any() {
            // Groups are whole components, so flooding from the touched dead
            // pieces stays within their (dead) groups.
            captured |= flood(t, board, c, dead_c, hit, rules.cuts);
        }
    }
    let removed = remove_captured(t, board, captured, standing);
    if removed.contains(placed) {
        return Err(Suicide);
    }
    let a = if removed.any() {
        analyse(t, rules, board)
    } else {
        a
    };
    if dead(t, board, &a, mover).contains(placed) {
        return Err(Suicide);
    }
    Ok(Resolution { removed, captured })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margo::{Ko, Position, Preset};
    use crate::rng::Rng;

    /// The quiet-move shortcut must give exactly what the full resolution gives,
    /// for every candidate placement of every position of many random games.
    fn shortcut_agrees_with_full_resolution<const W: usize>(rules: Rules, games: u64) {
        let mut rng = Rng::seed_from(rules.size as u64 * 1000 + games);
        let mut checked = 0u64;
        for _ in 0..games {
            let mut pos = Position::<W>::new(rules).unwrap();
            for _ in 0..400 {
                for p in pos.playable() {
                    let mut fast = pos.board;
                    let a = place_and_resolve(pos.t, &rules, &mut fast, pos.to_move, p);
                    let mut full = pos.board;
                    full.place(pos.t, p, pos.to_move);
                    let standing = (!rules.zombies).then(|| all_dead(pos.t, &rules, &pos.board));
                    let b = resolve_all(pos.t, &rules, &mut full, pos.to_move, p, standing);
                    assert_eq!(a.is_ok(), b.is_ok());
                    if let (Ok(a), Ok(b)) = (a, b) {
                        assert_eq!(a.removed, b.removed);
                        assert_eq!(fast, full);
                    }
                    checked += 1;
                }
                let Some(m) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
        assert!(checked > games * 50);
    }

    #[test]
    fn shortcut_matches_full_resolution_on_small_boards() {
        let mut rules = Preset::Spargo.rules();
        shortcut_agrees_with_full_resolution::<1>(rules, 300);
        rules.size = 5;
        rules.ko = Ko::None;
        shortcut_agrees_with_full_resolution::<1>(rules, 100);
        rules.size = 3;
        rules.players = 3;
        shortcut_agrees_with_full_resolution::<1>(rules, 200);
    }

    #[test]
    fn shortcut_matches_full_resolution_with_the_switches_off() {
        let mut rules = Preset::Spargo.rules();
        rules.zombies = false;
        shortcut_agrees_with_full_resolution::<1>(rules, 200);
        rules.zombies = true;
        rules.cuts = false;
        shortcut_agrees_with_full_resolution::<1>(rules, 200);
        rules.size = 5;
        rules.zombies = false;
        shortcut_agrees_with_full_resolution::<1>(rules, 60);
    }

    #[test]
    fn shortcut_matches_full_resolution_on_margo_boards() {
        let mut rules = Preset::Margo.rules();
        rules.size = 6;
        shortcut_agrees_with_full_resolution::<4>(rules, 30);
        rules.players = 4;
        shortcut_agrees_with_full_resolution::<4>(rules, 30);
    }
}
