//! A plain copy of a board for the detectors' own flood fills: groups with the
//! over/under cuts respected (as the engine forms them) or ignored, freedoms and
//! eyes, computed from the rulings (A3, A4) and [`Geometry`] alone.

use std::collections::BTreeSet;

use cannonball_rules::margo::{AnyPosition, Color, Geometry, Point, Rules};

/// The colour on every point of a board, with the rules that say what gives
/// freedom; nothing else (no ko state, no zombie labels).
#[derive(Clone, Debug)]
pub(super) struct Snapshot {
    geo: &'static Geometry,
    rules: Rules,
    colors: Vec<Option<Color>>,
}

impl Snapshot {
    /// The board of `pos`.
    pub fn of(pos: &AnyPosition) -> Snapshot {
        let geo = pos.geometry();
        Snapshot {
            geo,
            rules: *pos.rules(),
            colors: geo.points().map(|p| pos.color_at(p)).collect(),
        }
    }

    /// This board with a piece of `c` placed on `p` and nothing resolved (the
    /// board the capture rounds of rulings A5 start from).
    pub fn with_piece(&self, p: Point, c: Color) -> Snapshot {
        let mut s = self.clone();
        s.colors[p.index()] = Some(c);
        s
    }

    /// The colour on `p`.
    pub fn color(&self, p: Point) -> Option<Color> {
        self.colors[p.index()]
    }

    /// Whether `p` holds a piece that nothing buries (rulings A3).
    pub fn visible(&self, p: Point) -> bool {
        self.color(p).is_some()
            && self
                .geo
                .directly_above(p)
                .is_none_or(|q| self.color(q).is_none())
    }

    /// Whether the same-level link between `a` and its orthogonal neighbour `b`
    /// is cut for colour `c`: both points above the pair's shared edge hold
    /// pieces of other colours (rulings A3; a missing point never cuts).
    pub fn cut(&self, a: Point, b: Point, c: Color) -> bool {
        self.geo
            .link(a, b)
            .is_some_and(|link| link.is_cut_under(&self.rules, c, |q| self.color(q)))
    }

    /// The visible pieces linked to `p`'s piece: same level and orthogonally
    /// adjacent (unless cut, when `respect_cuts`), or resting one on the other.
    fn linked(&self, p: Point, respect_cuts: bool) -> Vec<Point> {
        let Some(c) = self.color(p) else {
            return Vec::new();
        };
        let geo = self.geo;
        let same_level = geo
            .neighbours(p)
            .iter()
            .copied()
            .filter(|&q| !(respect_cuts && self.cut(p, q, c)));
        let stacked = geo.rests_on(p).iter().chain(geo.rested_on_by(p)).copied();
        same_level
            .chain(stacked)
            .filter(|&q| self.color(q) == Some(c) && self.visible(q))
            .collect()
    }

    /// The group of the visible piece on `p` (empty for an empty or buried
    /// point), with cuts respected (the rulings' groups) or ignored.
    pub fn group(&self, p: Point, respect_cuts: bool) -> BTreeSet<Point> {
        let mut group = BTreeSet::new();
        if !self.visible(p) {
            return group;
        }
        let mut todo = vec![p];
        group.insert(p);
        while let Some(q) = todo.pop() {
            for r in self.linked(q, respect_cuts) {
                if group.insert(r) {
                    todo.push(r);
                }
            }
        }
        group
    }

    /// Whether an empty point is playable now: on level 0, or resting on four
    /// pieces below the height limit.
    pub fn playable(&self, p: Point) -> bool {
        self.color(p).is_none()
            && self.rules.level_allowed(self.geo.level(p))
            && self
                .geo
                .rests_on(p)
                .iter()
                .all(|&q| self.color(q).is_some())
    }

    /// The freedoms of a group: the empty level-0 points orthogonally adjacent
    /// to its level-0 pieces (rulings A4); under `all_freedoms` also the
    /// playable empty points next to its pieces on their own level.
    pub fn freedoms(&self, group: &BTreeSet<Point>) -> BTreeSet<Point> {
        let geo = self.geo;
        group
            .iter()
            .filter(|&&p| self.rules.all_freedoms || geo.level(p) == 0)
            .flat_map(|&p| geo.neighbours(p).iter().copied())
            .filter(|&q| self.color(q).is_none() && self.playable(q))
            .collect()
    }

    /// The eyes of a group: empty level-0 points every orthogonal neighbour of
    /// which holds a piece of the group.
    pub fn eyes(&self, group: &BTreeSet<Point>) -> BTreeSet<Point> {
        let geo = self.geo;
        group
            .iter()
            .filter(|&&p| geo.level(p) == 0)
            .flat_map(|&p| geo.neighbours(p).iter().copied())
            .filter(|&e| {
                self.color(e).is_none() && geo.neighbours(e).iter().all(|q| group.contains(q))
            })
            .collect()
    }
}
