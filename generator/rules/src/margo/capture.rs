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
        t.level0_neighbours(t.level0 - board.occupied())
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
#[inline]
fn links_from<const W: usize>(
    t: &Tables<W>,
    p: Point,
    candidates: Bitboard<W>,
    other: Bitboard<W>,
) -> Bitboard<W> {
    let mut next = t.adjacent[p.index()] & candidates;
    if next.any() && other.any() {
        for cut in &t.cuts[p.index()] {
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
            if !rules.all_freedoms && quiet(t, board, p, rules.cuts) {
                return Ok(Resolution::default());
            }
            resolve_all(t, rules, board, c, p, standing)
        }
        CaptureScope::Adjacent => resolve_adjacent(t, rules, board, c, p, standing),
    }
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
    let empty0 = t.level0 - board.occupied();
    let touched = if t.level0.contains(p) {
        if !t.orth[p.index()].intersects(&empty0) {
            return false;
        }
        t.orth[p.index()]
    } else {
        let mut touched = t.down[p.index()] | Bitboard::from_point(p);
        if let Some(b) = t.below[p.index()] {
            touched |= t.adjacent[b.index()];
        }
        touched
    };
    let visible = board.visible();
    let mut checked = Bitboard::EMPTY;
    for q in touched & visible {
        if checked.contains(q) {
            continue;
        }
        let Some(c) = board.color_at(q) else { continue };
        let within = board.pieces(c) & visible;
        match group_reaches_freedom(t, board, c, within, q, empty0, cuts) {
            Some(group) => checked |= group,
            None => return false,
        }
    }
    true
}

/// Floods the group of `start` until a board-level piece next to an empty
/// board-level point is found; returns the part of the group flooded so far, or
/// `None` when the group has no freedom.
fn group_reaches_freedom<const W: usize>(
    t: &Tables<W>,
    board: &Board<W>,
    c: Color,
    within: Bitboard<W>,
    start: Point,
    empty0: Bitboard<W>,
    cuts: bool,
) -> Option<Bitboard<W>> {
    let other = cutters(board, c, cuts);
    let mut reached = Bitboard::from_point(start);
    let mut frontier = reached;
    while let Some(p) = frontier.pop_first() {
        if t.level0.contains(p) && t.orth[p.index()].intersects(&empty0) {
            return Some(reached);
        }
        let next = links_from(t, p, within - reached, other);
        reached |= next;
        frontier |= next;
    }
    None
}

fn resolve_all<const W: usize>(
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

fn resolve_adjacent<const W: usize>(
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
