//! The pyramid of points: coordinates, numbering and the fixed relations between
//! points (rests on, directly above, same-level neighbours, over/under cutters),
//! computed once per board size.
//!
//! Level `L` of an `n x n` board has `(n-L) x (n-L)` points. Points are numbered
//! level by level from the board up, row by row (`y`) within a level, column (`x`)
//! within a row; so sorting points by number sorts them by `(level, y, x)`.
//!
//! ```
//! use cannonball_rules::margo::{Coords, Geometry};
//! let g = Geometry::of(4).unwrap();          // Spargo
//! assert_eq!(g.len(), 30);
//! let top = g.point(Coords::new(3, 0, 0)).unwrap();
//! assert_eq!(g.coords(top), Coords::new(3, 0, 0));
//! assert_eq!(g.rests_on(top).len(), 4);
//! ```

use std::sync::OnceLock;

use thiserror::Error;

use super::color::Color;
use super::rules::Rules;

/// Smallest supported board size.
pub const MIN_SIZE: usize = 3;
/// Largest supported board size.
pub const MAX_SIZE: usize = 19;

/// A point of a board of a given size: its number in the size's [`Geometry`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Point(u16);

impl Point {
    /// The point numbered `index`.
    #[inline]
    #[must_use]
    pub const fn new(index: usize) -> Point {
        Point(index as u16)
    }

    /// This point's number.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A point written as `(level, x, y)`: `x` the column and `y` the row, both 0-based
/// within the level. Seen from above, its centre is at `(x + level/2, y + level/2)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Coords {
    /// 0 for the board, 1 for the first stacked level, ...
    pub level: u8,
    /// Column within the level, from 0.
    pub x: u8,
    /// Row within the level, from 0.
    pub y: u8,
}

impl Coords {
    /// `(level, x, y)`.
    #[must_use]
    pub const fn new(level: u8, x: u8, y: u8) -> Coords {
        Coords { level, x, y }
    }

    /// Whether this point exists on an `n x n` board.
    #[must_use]
    pub const fn fits(self, size: usize) -> bool {
        let side = size as isize - self.level as isize;
        (self.x as isize) < side && (self.y as isize) < side
    }
}

/// A board size outside the supported range.
#[derive(Clone, Copy, Debug, Error, PartialEq, Eq)]
#[error("board size {0} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})")]
pub struct SizeError(pub usize);

/// A same-level orthogonal pair of points that two same-coloured pieces can link,
/// with the two points above it whose pieces cut the link (over/under rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The lower-numbered end (to the left of or below `b`).
    pub a: Point,
    /// The other end.
    pub b: Point,
    /// The two points one level up whose pieces, when both are of colours other
    /// than the link's, cut it. `None` on the outer row or column of a level,
    /// where one of them would be off the board: such links cannot be cut.
    pub cutters: Option<[Point; 2]>,
}

impl Link {
    /// Whether the link is cut for pieces of colour `c`: both cutters hold pieces
    /// of colours other than `c` (rulings A3). `color_at` gives the colour on a
    /// point. A link without cutters is never cut.
    #[must_use]
    pub fn is_cut_for(&self, c: Color, color_at: impl Fn(Point) -> Option<Color>) -> bool {
        self.cutters
            .is_some_and(|cs| cs.iter().all(|&q| color_at(q).is_some_and(|k| k != c)))
    }

    /// [`Link::is_cut_for`] under `rules`: never cut when the rules switch
    /// over/under cuts off ([`Rules::cuts`]).
    #[must_use]
    pub fn is_cut_under(
        &self,
        rules: &Rules,
        c: Color,
        color_at: impl Fn(Point) -> Option<Color>,
    ) -> bool {
        rules.cuts && self.is_cut_for(c, color_at)
    }
}

/// One of the eight symmetries of the square board, applied level by level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    /// Leaves every point in place.
    Identity,
    /// Quarter turn anticlockwise.
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Quarter turn clockwise.
    Rotate270,
    /// Mirror left to right (`x` reversed).
    FlipX,
    /// Mirror top to bottom (`y` reversed).
    FlipY,
    /// Mirror in the main diagonal (`x` and `y` exchanged).
    Transpose,
    /// Mirror in the other diagonal.
    AntiTranspose,
}

impl Symmetry {
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipX,
        Symmetry::FlipY,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Image of `(x, y)` on a level whose last row and column are `m`.
    #[must_use]
    pub const fn apply_xy(self, x: u8, y: u8, m: u8) -> (u8, u8) {
        match self {
            Symmetry::Identity => (x, y),
            Symmetry::Rotate90 => (m - y, x),
            Symmetry::Rotate180 => (m - x, m - y),
            Symmetry::Rotate270 => (y, m - x),
            Symmetry::FlipX => (m - x, y),
            Symmetry::FlipY => (x, m - y),
            Symmetry::Transpose => (y, x),
            Symmetry::AntiTranspose => (m - y, m - x),
        }
    }

    /// The symmetry that undoes this one.
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }
}

/// The fixed structure of one board size.
#[derive(Debug)]
pub struct Geometry {
    size: usize,
    level_start: Vec<usize>,
    coords: Vec<Coords>,
    rests_on: Vec<Vec<Point>>,
    rested_on_by: Vec<Vec<Point>>,
    directly_above: Vec<Option<Point>>,
    directly_below: Vec<Option<Point>>,
    neighbours: Vec<Vec<Point>>,
    links: Vec<Link>,
    symmetries: [Vec<Point>; 8],
}

static GEOMETRIES: [OnceLock<Geometry>; MAX_SIZE + 1] = [const { OnceLock::new() }; MAX_SIZE + 1];

/// The number of points of an `n x n` pyramid: the square pyramidal number
/// `n (n + 1) (2n + 1) / 6`.
#[must_use]
pub const fn pyramid_points(n: usize) -> usize {
    n * (n + 1) * (2 * n + 1) / 6
}

/// The points of an `n x n` pyramid, numbered level by level, row by row: where
/// each level starts (and the total at the end), and each point's coordinates.
fn numbering(n: usize) -> (Vec<usize>, Vec<Coords>) {
    let mut level_start = Vec::with_capacity(n + 1);
    let mut coords = Vec::with_capacity(pyramid_points(n));
    for level in 0..n {
        level_start.push(coords.len());
        let side = n - level;
        for y in 0..side {
            for x in 0..side {
                coords.push(Coords::new(level as u8, x as u8, y as u8));
            }
        }
    }
    level_start.push(coords.len());
    (level_start, coords)
}

/// The number of the point at `c`, if it is on the `n x n` board.
fn number(n: usize, level_start: &[usize], c: Coords) -> Option<Point> {
    if (c.level as usize) < n && c.fits(n) {
        let side = n - c.level as usize;
        Some(Point::new(
            level_start[c.level as usize] + c.y as usize * side + c.x as usize,
        ))
    } else {
        None
    }
}

/// The fixed relations between the points of a board, by point number.
struct Relations {
    rests_on: Vec<Vec<Point>>,
    rested_on_by: Vec<Vec<Point>>,
    directly_above: Vec<Option<Point>>,
    directly_below: Vec<Option<Point>>,
    neighbours: Vec<Vec<Point>>,
}

impl Relations {
    fn of(n: usize, level_start: &[usize], coords: &[Coords]) -> Relations {
        let at = |l: isize, x: isize, y: isize| -> Option<Point> {
            if l < 0 || x < 0 || y < 0 || l > 255 || x > 255 || y > 255 {
                return None;
            }
            number(n, level_start, Coords::new(l as u8, x as u8, y as u8))
        };
        let count = coords.len();
        let mut r = Relations {
            rests_on: vec![Vec::new(); count],
            rested_on_by: vec![Vec::new(); count],
            directly_above: vec![None; count],
            directly_below: vec![None; count],
            neighbours: vec![Vec::new(); count],
        };
        for (i, c) in coords.iter().enumerate() {
            let (l, x, y) = (c.level as isize, c.x as isize, c.y as isize);
            let p = Point::new(i);
            if l >= 1 {
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    if let Some(q) = at(l - 1, x + dx, y + dy) {
                        r.rests_on[i].push(q);
                        r.rested_on_by[q.index()].push(p);
                    }
                }
            }
            r.directly_below[i] = at(l - 2, x + 1, y + 1);
            if let Some(q) = r.directly_below[i] {
                r.directly_above[q.index()] = Some(p);
            }
            for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
                if let Some(q) = at(l, x + dx, y + dy) {
                    r.neighbours[i].push(q);
                }
            }
        }
        for list in &mut r.rested_on_by {
            list.sort_unstable();
        }
        r
    }
}

impl Geometry {
    /// The geometry of the `size x size` board, built on first use.
    ///
    /// # Errors
    /// [`SizeError`] for sizes outside 3–19.
    pub fn of(size: usize) -> Result<&'static Geometry, SizeError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(GEOMETRIES[size].get_or_init(|| Geometry::build(size)))
    }

    fn build(n: usize) -> Geometry {
        let (level_start, coords) = numbering(n);
        let relations = Relations::of(n, &level_start, &coords);
        let symmetries = Symmetry::ALL.map(|s| {
            coords
                .iter()
                .map(|c| {
                    let m = (n - 1 - c.level as usize) as u8;
                    let (x, y) = s.apply_xy(c.x, c.y, m);
                    number(n, &level_start, Coords::new(c.level, x, y))
                        .expect("symmetry keeps points on the board")
                })
                .collect()
        });
        let mut geometry = Geometry {
            size: n,
            level_start,
            coords,
            rests_on: relations.rests_on,
            rested_on_by: relations.rested_on_by,
            directly_above: relations.directly_above,
            directly_below: relations.directly_below,
            neighbours: relations.neighbours,
            links: Vec::new(),
            symmetries,
        };
        geometry.links = geometry.all_links();
        geometry
    }

    /// Each point's east link, then its north link.
    fn all_links(&self) -> Vec<Link> {
        (0..self.coords.len())
            .flat_map(|i| {
                let p = Point::new(i);
                let c = self.coords(p);
                [(1, 0), (0, 1)].map(|(dx, dy)| {
                    let q = self.point(Coords::new(c.level, c.x + dx, c.y + dy))?;
                    self.link(p, q)
                })
            })
            .flatten()
            .collect()
    }

    /// The link between two orthogonal neighbours of one level, given in either
    /// order; `None` for any other pair. The east link of `(l, x, y)` is cut by
    /// `(l+1, x, y-1)` and `(l+1, x, y)`, its north link by `(l+1, x-1, y)` and
    /// `(l+1, x, y)`: the two points above that rest on both ends.
    #[must_use]
    pub fn link(&self, a: Point, b: Point) -> Option<Link> {
        let (a, b) = (a.min(b), a.max(b));
        let (ca, cb) = (self.coords(a), self.coords(b));
        let up = |dx: u8, dy: u8| -> Option<Point> {
            let x = ca.x.checked_sub(dx)?;
            let y = ca.y.checked_sub(dy)?;
            self.point(Coords::new(ca.level + 1, x, y))
        };
        let cutter_offsets = if cb == Coords::new(ca.level, ca.x + 1, ca.y) {
            (0, 1)
        } else if cb == Coords::new(ca.level, ca.x, ca.y + 1) {
            (1, 0)
        } else {
            return None;
        };
        let cutters = up(cutter_offsets.0, cutter_offsets.1)
            .zip(up(0, 0))
            .map(|(u, v)| [u, v]);
        Some(Link { a, b, cutters })
    }

    /// The board size `n`.
    #[must_use]
    pub fn size(&self) -> usize {
        self.size
    }

    /// The number of points (the square pyramidal number of the size).
    #[must_use]
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// Always false: every board has points.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// Every point, in number order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + use<> {
        (0..self.coords.len()).map(Point::new)
    }

    /// The points of one level, in number order.
    pub fn level_points(&self, level: usize) -> impl ExactSizeIterator<Item = Point> + use<> {
        let (a, b) = if level < self.size {
            (self.level_start[level], self.level_start[level + 1])
        } else {
            (0, 0)
        };
        (a..b).map(Point::new)
    }

    /// The point at `c`, if the board has it.
    #[must_use]
    pub fn point(&self, c: Coords) -> Option<Point> {
        if (c.level as usize) < self.size && c.fits(self.size) {
            let side = self.size - c.level as usize;
            Some(Point::new(
                self.level_start[c.level as usize] + c.y as usize * side + c.x as usize,
            ))
        } else {
            None
        }
    }

    /// The coordinates of `p` (which must be a point of this board).
    #[must_use]
    pub fn coords(&self, p: Point) -> Coords {
        self.coords[p.index()]
    }

    /// The level of `p`.
    #[must_use]
    pub fn level(&self, p: Point) -> usize {
        self.coords[p.index()].level as usize
    }

    /// Whether `p` is a point of this board.
    #[must_use]
    pub fn contains(&self, p: Point) -> bool {
        p.index() < self.coords.len()
    }

    /// The four points `p` rests on (none on level 0).
    #[must_use]
    pub fn rests_on(&self, p: Point) -> &[Point] {
        &self.rests_on[p.index()]
    }

    /// The points resting on `p` (up to four).
    #[must_use]
    pub fn rested_on_by(&self, p: Point) -> &[Point] {
        &self.rested_on_by[p.index()]
    }

    /// The point two levels up that buries `p` when occupied.
    #[must_use]
    pub fn directly_above(&self, p: Point) -> Option<Point> {
        self.directly_above[p.index()]
    }

    /// The point two levels down that `p` buries.
    #[must_use]
    pub fn directly_below(&self, p: Point) -> Option<Point> {
        self.directly_below[p.index()]
    }

    /// The same-level orthogonal neighbours of `p`.
    #[must_use]
    pub fn neighbours(&self, p: Point) -> &[Point] {
        &self.neighbours[p.index()]
    }

    /// Every same-level orthogonal pair, with its cutters.
    #[must_use]
    pub fn links(&self) -> &[Link] {
        &self.links
    }

    /// The image of `p` under `s`.
    #[must_use]
    pub fn transform(&self, s: Symmetry, p: Point) -> Point {
        self.symmetries[s as usize][p.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_counts_are_pyramidal_numbers() {
        for (n, count) in [(3, 14), (4, 30), (6, 91), (7, 140), (8, 204), (19, 2470)] {
            assert_eq!(Geometry::of(n).unwrap().len(), count);
            assert_eq!(pyramid_points(n), count);
        }
        assert_eq!(Geometry::of(2).unwrap_err(), SizeError(2));
        assert_eq!(Geometry::of(20).unwrap_err(), SizeError(20));
    }

    #[test]
    fn numbering_round_trips_and_sorts_by_level_row_column() {
        let g = Geometry::of(5).unwrap();
        let mut last = None;
        for p in g.points() {
            let c = g.coords(p);
            assert_eq!(g.point(c), Some(p));
            let key = (c.level, c.y, c.x);
            assert!(last < Some(key));
            last = Some(key);
        }
        assert_eq!(g.point(Coords::new(1, 4, 0)), None);
        assert_eq!(g.point(Coords::new(5, 0, 0)), None);
    }

    #[test]
    fn rests_on_and_directly_above() {
        let g = Geometry::of(4).unwrap();
        let p = g.point(Coords::new(1, 1, 2)).unwrap();
        let below: Vec<Coords> = g.rests_on(p).iter().map(|&q| g.coords(q)).collect();
        assert_eq!(
            below,
            vec![
                Coords::new(0, 1, 2),
                Coords::new(0, 2, 2),
                Coords::new(0, 1, 3),
                Coords::new(0, 2, 3)
            ]
        );
        let apex = g.point(Coords::new(3, 0, 0)).unwrap();
        let mid = g.point(Coords::new(1, 1, 1)).unwrap();
        assert_eq!(g.directly_below(apex), Some(mid));
        assert_eq!(g.directly_above(mid), Some(apex));
        // The outer ring of a level can never be buried.
        let corner = g.point(Coords::new(0, 0, 0)).unwrap();
        assert_eq!(g.directly_above(corner), None);
        let edge = g.point(Coords::new(0, 3, 1)).unwrap();
        assert_eq!(g.directly_above(edge), None);
        assert_eq!(g.rested_on_by(corner).len(), 1);
        assert_eq!(g.rested_on_by(mid).len(), 4);
    }

    #[test]
    fn links_on_outer_rows_and_columns_have_no_cutters() {
        let g = Geometry::of(4).unwrap();
        for link in g.links() {
            let (a, b) = (g.coords(link.a), g.coords(link.b));
            let last = 3 - a.level;
            let outer = if a.y == b.y {
                a.y == 0 || a.y == last
            } else {
                a.x == 0 || a.x == last
            };
            assert_eq!(link.cutters.is_none(), outer, "{a:?}-{b:?}");
            if let Some([u, v]) = link.cutters {
                // Both cutters rest on both ends of the link.
                for c in [u, v] {
                    assert!(g.rests_on(c).contains(&link.a) && g.rests_on(c).contains(&link.b));
                }
            }
        }
        // 4x4: level 0 has 24 links; the 12 not on the outer rows and columns can be cut.
        let level0 = g.links().iter().filter(|l| g.level(l.a) == 0).count();
        assert_eq!(level0, 24);
        let cuttable0 = g
            .links()
            .iter()
            .filter(|l| g.level(l.a) == 0 && l.cutters.is_some())
            .count();
        assert_eq!(cuttable0, 12);
    }

    #[test]
    fn symmetries_are_permutations_with_inverses() {
        let g = Geometry::of(5).unwrap();
        for s in Symmetry::ALL {
            let mut seen = vec![false; g.len()];
            for p in g.points() {
                let q = g.transform(s, p);
                assert_eq!(g.level(q), g.level(p));
                assert!(!seen[q.index()]);
                seen[q.index()] = true;
                assert_eq!(g.transform(s.inverse(), q), p);
            }
            // Relations are preserved: rests-on maps to rests-on.
            for p in g.points() {
                let mut a: Vec<Point> = g.rests_on(p).iter().map(|&q| g.transform(s, q)).collect();
                let mut b = g.rests_on(g.transform(s, p)).to_vec();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b);
            }
        }
    }
}
