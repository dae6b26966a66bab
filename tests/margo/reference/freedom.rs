//! Freedom (ruling A4): which points are playable, which groups have freedom,
//! and which pieces are without it.

use std::collections::BTreeSet;

use super::board::{Board, Point};
use super::rules::RefRules;

impl Board {
    /// "A move places one piece [...] on an empty point that is either on level 0 or
    /// whose four resting points are all occupied", and "points at level >=
    /// max_height are never playable". Ko and suicide are not considered.
    pub(super) fn is_playable_point(&self, p: Point, rules: &RefRules) -> bool {
        self.contains(p)
            && !self.occupied(p)
            && rules.max_height.is_none_or(|h| p.0 < h)
            && self.supports(p).into_iter().all(|q| self.occupied(q))
    }

    /// "A group has freedom when one of its level-0 pieces is orthogonally adjacent
    /// to an empty level-0 point (default). Upper-level pieces never give freedom."
    /// "Option all_freedoms: a piece on any level also gives freedom through an
    /// orthogonally adjacent empty point of its own level that is playable now."
    pub(super) fn group_has_freedom(&self, group: &BTreeSet<Point>, rules: &RefRules) -> bool {
        group.iter().any(|&p| {
            self.neighbours(p).into_iter().any(|q| {
                if rules.all_freedoms {
                    self.is_playable_point(q, rules)
                } else {
                    p.0 == 0 && !self.occupied(q)
                }
            })
        })
    }

    /// Visible pieces whose group has no freedom (zombies by position).
    pub(super) fn zombies(&self, rules: &RefRules) -> BTreeSet<Point> {
        let mut out = BTreeSet::new();
        for g in self.groups() {
            if !self.group_has_freedom(&g, rules) {
                out.extend(g);
            }
        }
        out
    }

    /// Pieces of every group without freedom whose colour passes `wanted`.
    pub(super) fn freedomless_pieces(
        &self,
        rules: &RefRules,
        wanted: impl Fn(usize) -> bool,
    ) -> BTreeSet<Point> {
        let mut out = BTreeSet::new();
        for g in self.groups() {
            let colour = self
                .get(*g.first().expect("groups are never empty"))
                .expect("group pieces are occupied");
            if wanted(colour) && !self.group_has_freedom(&g, rules) {
                out.extend(g);
            }
        }
        out
    }
}
