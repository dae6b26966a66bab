//! Per-size lookup tables in bitboard form, built once per (size, width) and
//! shared by every position of that size.

use std::any::Any;
use std::sync::Mutex;

use super::{Bitboard, Geometry, Point};
use crate::rng::splitmix64;

/// A same-level neighbour whose link to the point can be cut, with the two
/// points above the link whose pieces cut it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CutLink {
    pub neighbour: Point,
    pub cutters: [Point; 2],
}

/// At most four items held inline (the links of one point, the links above
/// which a point stands): `items[..len]`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct AtMostFour<T> {
    len: u8,
    items: [T; 4],
}

impl<T: Copy> AtMostFour<T> {
    /// `list` (at most four items); `filler` fills the unused places.
    fn new(list: &[T], filler: T) -> AtMostFour<T> {
        assert!(list.len() <= 4, "a point has at most four links of a kind");
        let mut items = [filler; 4];
        items[..list.len()].copy_from_slice(list);
        AtMostFour {
            len: list.len() as u8,
            items,
        }
    }

    /// The items, in the order given.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

/// The links of one point, as a flood reads them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PointLinks<const W: usize> {
    /// `orth | up | down`: every point a same-coloured piece could link to.
    pub adjacent: Bitboard<W>,
    /// The neighbours across a link that can be cut (the `neighbour`s of
    /// `cuts`), to skip the cut test for links that cannot be.
    pub cut_neighbours: Bitboard<W>,
    /// The links that can be cut (at most four), held inline.
    pub cuts: AtMostFour<CutLink>,
}

/// Bitboard tables of one board size at bitboard width `W`.
#[derive(Debug)]
pub(crate) struct Tables<const W: usize> {
    pub geo: &'static Geometry,
    /// Every point of the board.
    pub all: Bitboard<W>,
    /// The board level.
    pub level0: Bitboard<W>,
    /// Points at level 2 or higher (the only ones that can bury).
    pub level2_up: Bitboard<W>,
    /// Board-level points not in the first column (`x > 0`).
    pub level0_not_first_col: Bitboard<W>,
    /// Board-level points not in the last column (`x < n - 1`).
    pub level0_not_last_col: Bitboard<W>,
    /// `below_height[h]`: points of levels `< h` (`h` in `0..=size`).
    pub below_height: Vec<Bitboard<W>>,
    /// Same-level orthogonal neighbours.
    pub orth: Vec<Bitboard<W>>,
    /// Points resting on the point.
    pub up: Vec<Bitboard<W>>,
    /// Points the point rests on.
    pub down: Vec<Bitboard<W>>,
    /// What a flood reads at each point, together: one look-up per point.
    pub links: Vec<PointLinks<W>>,
    /// The links a piece on the point helps cut, each as `[end, end, other
    /// cutter]` (the other point above the link whose piece the cut needs).
    pub cut_by: Vec<AtMostFour<[Point; 3]>>,
    /// Point directly below (two levels down), which this point buries.
    pub below: Vec<Option<Point>>,
    /// Zobrist keys per point and colour.
    pub keys: Vec<[u64; 4]>,
    /// Zobrist key of each point as the simple-ko point.
    pub ko_keys: Vec<u64>,
    /// Zobrist key of a zombie label on each point.
    pub zombie_keys: Vec<u64>,
}

impl<const W: usize> Tables<W> {
    fn build(geo: &'static Geometry) -> Tables<W> {
        let n = geo.size();
        let len = geo.len();
        assert!(
            len <= Bitboard::<W>::CAPACITY,
            "width too small for the board"
        );
        let set = |pts: &[Point]| pts.iter().copied().collect::<Bitboard<W>>();
        let all = Bitboard::first(len);
        let level0 = geo.level_points(0).collect();
        let level2_up = geo.points().filter(|&p| geo.level(p) >= 2).collect();
        let level0_with = |keep: &dyn Fn(u8) -> bool| -> Bitboard<W> {
            geo.level_points(0)
                .filter(|&p| keep(geo.coords(p).x))
                .collect()
        };
        let level0_not_first_col = level0_with(&|x| x > 0);
        let level0_not_last_col = level0_with(&|x| usize::from(x) + 1 < n);
        let below_height = (0..=n)
            .map(|h| geo.points().filter(|&p| geo.level(p) < h).collect())
            .collect();
        let orth: Vec<_> = geo.points().map(|p| set(geo.neighbours(p))).collect();
        let up: Vec<_> = geo.points().map(|p| set(geo.rested_on_by(p))).collect();
        let down: Vec<_> = geo.points().map(|p| set(geo.rests_on(p))).collect();
        let mut cuts = vec![Vec::new(); len];
        let mut cut_by = vec![Vec::new(); len];
        for link in geo.links() {
            if let Some(cutters) = link.cutters {
                let [x, y] = cutters;
                cut_by[x.index()].push([link.a, link.b, y]);
                cut_by[y.index()].push([link.a, link.b, x]);
                cuts[link.a.index()].push(CutLink {
                    neighbour: link.b,
                    cutters,
                });
                cuts[link.b.index()].push(CutLink {
                    neighbour: link.a,
                    cutters,
                });
            }
        }
        let filler = CutLink {
            neighbour: Point::new(0),
            cutters: [Point::new(0); 2],
        };
        let links = (0..len)
            .map(|i| PointLinks {
                adjacent: orth[i] | up[i] | down[i],
                cut_neighbours: cuts[i].iter().map(|l| l.neighbour).collect(),
                cuts: AtMostFour::new(&cuts[i], filler),
            })
            .collect();
        // Keys depend only on the size, point and colour, so hashes are stable
        // across runs and widths.
        let mut seed = 0x4D61_7267_6F00_0000 ^ n as u64;
        let keys = (0..len)
            .map(|_| [(); 4].map(|()| splitmix64(&mut seed)))
            .collect();
        let ko_keys = (0..len).map(|_| splitmix64(&mut seed)).collect();
        let zombie_keys = (0..len).map(|_| splitmix64(&mut seed)).collect();
        Tables {
            geo,
            all,
            level0,
            level2_up,
            level0_not_first_col,
            level0_not_last_col,
            below_height,
            orth,
            up,
            down,
            links,
            cut_by: cut_by
                .iter()
                .map(|l| AtMostFour::new(l, [Point::new(0); 3]))
                .collect(),
            below: geo.points().map(|p| geo.directly_below(p)).collect(),
            keys,
            ko_keys,
            zombie_keys,
        }
    }

    /// Board-level points orthogonally next to a board-level point of `set`
    /// (`set` must lie on the board level). Board level points are numbered row
    /// by row, so neighbours are shifts by 1 and by `n`.
    #[inline]
    pub fn level0_neighbours(&self, set: Bitboard<W>) -> Bitboard<W> {
        let n = self.geo.size() as u32;
        let sideways =
            (set.shl(1) & self.level0_not_first_col) | (set.shr(1) & self.level0_not_last_col);
        (sideways | set.shl(n) | set.shr(n)) & self.level0
    }

    /// The points that may ever hold a piece under a height limit.
    pub fn allowed(&self, max_height: Option<u8>) -> Bitboard<W> {
        match max_height {
            Some(h) => self.below_height[(h as usize).min(self.geo.size())],
            None => self.all,
        }
    }
}

struct Entry {
    width: usize,
    size: usize,
    tables: &'static (dyn Any + Send + Sync),
}

static REGISTRY: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

/// The tables of `geo`'s size at width `W` (the width must hold every point).
pub(crate) fn tables<const W: usize>(geo: &'static Geometry) -> &'static Tables<W> {
    let mut registry = REGISTRY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let found = registry
        .iter()
        .find(|e| e.width == W && e.size == geo.size())
        .and_then(|e| e.tables.downcast_ref::<Tables<W>>());
    if let Some(t) = found {
        return t;
    }
    // Leaked on purpose: at most one table set per (size, width) for the life of
    // the process, shared by every position.
    let t: &'static Tables<W> = Box::leak(Box::new(Tables::build(geo)));
    registry.push(Entry {
        width: W,
        size: geo.size(),
        tables: t,
    });
    t
}
