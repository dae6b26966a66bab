//! Capture (ruling A5): a placement's captures resolved round by round, the
//! captured pieces removed from the top down.

use std::collections::{BTreeMap, BTreeSet};

use super::board::{Board, Point};
use super::rules::RefRules;

impl Board {
    /// Rule 2: "Captured pieces are removed from the top down: a captured piece is
    /// removed unless a piece still rests on it; repeat until nothing more can be
    /// removed." Returns whether anything was removed.
    pub(super) fn remove_top_down(
        &mut self,
        captured: &BTreeSet<Point>,
        removed: &mut BTreeSet<Point>,
    ) -> bool {
        let mut removed_any = false;
        loop {
            let mut removed_now = false;
            for &p in captured {
                if self.occupied(p) && !self.something_rests_on(p) {
                    self.set(p, None);
                    removed.insert(p);
                    removed_now = true;
                    removed_any = true;
                }
            }
            if !removed_now {
                return removed_any;
            }
        }
    }
}

/// The board after a placement and its captures, before the legality checks.
pub(super) struct Resolution {
    pub(super) board: Board,
    pub(super) removed: BTreeSet<Point>,
    /// Every piece captured in some round, with its colour.
    pub(super) captured: BTreeMap<Point, usize>,
}

/// Places `colour` at `placed` and resolves captures (ruling A5).
pub(super) fn resolve_placement(
    rules: &RefRules,
    before: &Board,
    colour: usize,
    placed: Point,
) -> Resolution {
    let mut board = before.clone();
    board.set(placed, Some(colour));
    let mut removed = BTreeSet::new();
    let mut captured = BTreeMap::new();
    let mut note = |board: &Board, pieces: &BTreeSet<Point>| {
        for &p in pieces {
            captured.insert(p, board.get(p).expect("captured pieces are on the board"));
        }
    };

    if rules.capture_scope_adjacent {
        // "Option capture_scope = adjacent: round 1 looks only at groups that contain
        // a piece orthogonally adjacent to, resting on, or rested on by the placed
        // piece; the mover's own groups are never captured and there are no further
        // rounds." (Nothing can rest on a piece just placed.)
        let mut near: BTreeSet<Point> = board.neighbours(placed).into_iter().collect();
        near.extend(board.supports(placed));
        let mut enemies = BTreeSet::new();
        for g in board.groups() {
            let c = board.get(*g.first().expect("non-empty")).expect("occupied");
            if c != colour
                && g.iter().any(|p| near.contains(p))
                && !board.group_has_freedom(&g, rules)
            {
                enemies.extend(g);
            }
        }
        note(&board, &enemies);
        board.remove_top_down(&enemies, &mut removed);
        return Resolution {
            board,
            removed,
            captured,
        };
    }

    loop {
        let mut removed_this_round = false;
        // 1. "Every group of every colour other than the mover's that has no freedom
        //    is captured, all at once."
        let enemies = board.freedomless_pieces(rules, |c| c != colour);
        note(&board, &enemies);
        // 2. "Captured pieces are removed from the top down [...]"
        removed_this_round |= board.remove_top_down(&enemies, &mut removed);
        // 3. "Then, on the board as it now stands (groups and freedoms judged afresh),
        //    every group of the mover's colour that has no freedom is captured and
        //    removed the same way."
        let own = board.freedomless_pieces(rules, |c| c == colour);
        note(&board, &own);
        removed_this_round |= board.remove_top_down(&own, &mut removed);
        // 4. "Repeat 1-3 until a whole round removes nothing."
        if !removed_this_round {
            break;
        }
    }
    Resolution {
        board,
        removed,
        captured,
    }
}
