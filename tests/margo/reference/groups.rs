//! Visibility, connection, groups (ruling A3).

use std::collections::{BTreeSet, VecDeque};

use super::board::{Board, Point};

impl Board {
    /// "A piece is buried when a piece occupies the point directly above it."
    pub(super) fn is_buried(&self, p: Point) -> bool {
        self.occupied(p)
            && self
                .point_directly_above(p)
                .is_some_and(|q| self.occupied(q))
    }

    /// "Every other piece is visible."
    pub(super) fn is_visible(&self, p: Point) -> bool {
        self.occupied(p) && !self.is_buried(p)
    }

    /// Over/under cut of the same-level link between `a` and `b` of colour `colour`.
    ///
    /// "The same-level link between (L, x, y) and (L, x+1, y) is cut when both
    /// (L+1, x, y-1) and (L+1, x, y) hold pieces, each of a colour other than the
    /// link's colour; the link between (L, x, y) and (L, x, y+1) is cut when both
    /// (L+1, x-1, y) and (L+1, x, y) hold such pieces. [...] A cut needs both points
    /// to exist: links on the outer row or column of a level can never be cut."
    pub(super) fn link_is_cut(&self, a: Point, b: Point, colour: usize) -> bool {
        let (first, second) = if a <= b { (a, b) } else { (b, a) };
        let (level, x, y) = first;
        let cutters: Option<(Point, Point)> = if second == (level, x + 1, y) {
            // Horizontal link: cutters above it in the next level's column x.
            y.checked_sub(1)
                .map(|ym1| ((level + 1, x, ym1), (level + 1, x, y)))
        } else if second == (level, x, y + 1) {
            // Vertical link: cutters above it in the next level's row y.
            x.checked_sub(1)
                .map(|xm1| ((level + 1, xm1, y), (level + 1, x, y)))
        } else {
            None
        };
        let Some((c1, c2)) = cutters else {
            return false;
        };
        if !self.contains(c1) || !self.contains(c2) {
            return false;
        }
        let other_colour = |c: Point| self.get(c).is_some_and(|k| k != colour);
        other_colour(c1) && other_colour(c2)
    }

    /// "Two visible pieces of the same colour are linked when they are on the same
    /// level and orthogonally adjacent, and the link is not cut; or one rests on the
    /// other."
    pub(super) fn directly_linked(&self, a: Point, b: Point) -> bool {
        if !self.is_visible(a) || !self.is_visible(b) || self.get(a) != self.get(b) {
            return false;
        }
        let colour = self.get(a).expect("visible pieces are occupied");
        if a.0 == b.0 && self.neighbours(a).contains(&b) {
            return !self.link_is_cut(a, b, colour);
        }
        self.supports(a).contains(&b) || self.supports(b).contains(&a)
    }

    /// Points that could be linked to `p`: same-level neighbours, the points it rests
    /// on and the points that rest on it.
    pub(super) fn link_candidates(&self, p: Point) -> Vec<Point> {
        let mut out = self.neighbours(p);
        out.extend(self.supports(p));
        out.extend(self.points_resting_on(p));
        out
    }

    /// "A group is a maximal set of visible pieces of one colour joined by links."
    /// Empty when `p` holds no visible piece.
    pub(super) fn group(&self, p: Point) -> BTreeSet<Point> {
        let mut group = BTreeSet::new();
        if !self.is_visible(p) {
            return group;
        }
        let mut queue = VecDeque::from([p]);
        group.insert(p);
        while let Some(q) = queue.pop_front() {
            for r in self.link_candidates(q) {
                if !group.contains(&r) && self.directly_linked(q, r) {
                    group.insert(r);
                    queue.push_back(r);
                }
            }
        }
        group
    }

    /// Every group on the board, in order of their smallest point.
    pub(super) fn groups(&self) -> Vec<BTreeSet<Point>> {
        let mut seen = BTreeSet::new();
        let mut all = Vec::new();
        for p in self.pieces() {
            if self.is_visible(p) && !seen.contains(&p) {
                let g = self.group(p);
                seen.extend(g.iter().copied());
                all.push(g);
            }
        }
        all
    }
}
