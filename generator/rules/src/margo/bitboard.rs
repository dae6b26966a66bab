//! Sets of points as fixed-width bit sets.
//!
//! A [`Bitboard`] holds `64 * W` bits; point `i` of a board (see
//! [`Geometry`](super::Geometry) for the numbering) is bit `i`. Spargo's 30 points
//! fit in one word, boards up to 8x8 (204 points) in four.
//!
//! ```
//! use cannonball_rules::margo::{Bitboard, Point};
//! let mut b = Bitboard::<1>::EMPTY;
//! b.insert(Point::new(3));
//! b.insert(Point::new(29));
//! assert_eq!(b.len(), 2);
//! assert_eq!(b.iter().map(Point::index).collect::<Vec<_>>(), vec![3, 29]);
//! ```

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use super::Point;

/// A set of points of one board, `64 * W` bits wide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for Bitboard<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> Bitboard<W> {
    /// The empty set.
    pub const EMPTY: Self = Bitboard([0; W]);

    /// How many points this width can hold.
    pub const CAPACITY: usize = 64 * W;

    /// The set holding only `p`.
    #[must_use]
    pub const fn from_point(p: Point) -> Self {
        let mut w = [0; W];
        let i = p.index();
        w[i / 64] = 1 << (i % 64);
        Bitboard(w)
    }

    /// The set of the first `n` points.
    #[must_use]
    pub const fn first(n: usize) -> Self {
        let mut w = [0; W];
        let mut i = 0;
        while i < W {
            let lo = i * 64;
            w[i] = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
            i += 1;
        }
        Bitboard(w)
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the set has at least one point.
    #[inline]
    #[must_use]
    pub fn any(&self) -> bool {
        !self.is_empty()
    }

    /// Number of points in the set.
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether `p` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(&self, p: Point) -> bool {
        let i = p.index();
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    /// Adds `p`.
    #[inline]
    pub const fn insert(&mut self, p: Point) {
        let i = p.index();
        self.0[i / 64] |= 1 << (i % 64);
    }

    /// Removes `p`.
    #[inline]
    pub const fn remove(&mut self, p: Point) {
        let i = p.index();
        self.0[i / 64] &= !(1 << (i % 64));
    }

    /// Adds or removes `p`.
    #[inline]
    pub const fn set(&mut self, p: Point, on: bool) {
        if on {
            self.insert(p);
        } else {
            self.remove(p);
        }
    }

    /// Whether the two sets share a point.
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        (0..W).any(|i| self.0[i] & other.0[i] != 0)
    }

    /// Whether every point of `self` is in `other`.
    #[inline]
    #[must_use]
    pub fn is_subset(&self, other: &Self) -> bool {
        (0..W).all(|i| self.0[i] & !other.0[i] == 0)
    }

    /// The lowest point of the set.
    #[inline]
    #[must_use]
    pub fn first_point(&self) -> Option<Point> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(Point::new(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Removes and returns the lowest point of the set.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Point> {
        for i in 0..W {
            let w = self.0[i];
            if w != 0 {
                self.0[i] = w & (w - 1);
                return Some(Point::new(i * 64 + w.trailing_zeros() as usize));
            }
        }
        None
    }

    /// Every bit moved `k` places up (`0 < k < 64`); bits past the top are lost.
    #[inline]
    #[must_use]
    pub fn shl(&self, k: u32) -> Self {
        let mut out = [0; W];
        for i in (0..W).rev() {
            out[i] = self.0[i] << k;
            if i > 0 {
                out[i] |= self.0[i - 1] >> (64 - k);
            }
        }
        Bitboard(out)
    }

    /// Every bit moved `k` places down (`0 < k < 64`).
    #[inline]
    #[must_use]
    pub fn shr(&self, k: u32) -> Self {
        let mut out = [0; W];
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.0[i] >> k;
            if i + 1 < W {
                *o |= self.0[i + 1] << (64 - k);
            }
        }
        Bitboard(out)
    }

    /// The points of the set in increasing order.
    #[inline]
    #[must_use]
    pub fn iter(&self) -> Iter<W> {
        Iter(*self)
    }
}

/// Iterator over the points of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Iter<const W: usize>(Bitboard<W>);

impl<const W: usize> Iterator for Iter<W> {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        self.0.pop_first()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.len();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for Iter<W> {}

impl<const W: usize> IntoIterator for Bitboard<W> {
    type Item = Point;
    type IntoIter = Iter<W>;
    fn into_iter(self) -> Iter<W> {
        Iter(self)
    }
}

impl<const W: usize> FromIterator<Point> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Self {
        let mut b = Self::EMPTY;
        for p in iter {
            b.insert(p);
        }
        b
    }
}

impl<const W: usize> std::fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Point::index))
            .finish()
    }
}

macro_rules! bitop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const W: usize> $tr for Bitboard<W> {
            type Output = Self;
            #[inline]
            fn $f(self, rhs: Self) -> Self {
                let mut out = self.0;
                for i in 0..W {
                    out[i] $op rhs.0[i];
                }
                Bitboard(out)
            }
        }
        impl<const W: usize> $atr for Bitboard<W> {
            #[inline]
            fn $af(&mut self, rhs: Self) {
                for i in 0..W {
                    self.0[i] $op rhs.0[i];
                }
            }
        }
    };
}

bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &=);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |=);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^=);

impl<const W: usize> Sub for Bitboard<W> {
    type Output = Self;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        let mut out = self.0;
        for (o, r) in out.iter_mut().zip(rhs.0) {
            *o &= !r;
        }
        Bitboard(out)
    }
}

impl<const W: usize> Not for Bitboard<W> {
    type Output = Self;
    /// Complement within the full width; intersect with the board's points.
    #[inline]
    fn not(self) -> Self {
        let mut out = self.0;
        for w in &mut out {
            *w = !*w;
        }
        Bitboard(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_n_points_across_words() {
        let b = Bitboard::<4>::first(140);
        assert_eq!(b.len(), 140);
        assert!(b.contains(Point::new(139)));
        assert!(!b.contains(Point::new(140)));
        assert_eq!(Bitboard::<1>::first(64).len(), 64);
        assert_eq!(Bitboard::<1>::first(0).len(), 0);
    }

    #[test]
    fn set_operations() {
        let a: Bitboard<2> = [1, 70, 100].into_iter().map(Point::new).collect();
        let b: Bitboard<2> = [70, 3].into_iter().map(Point::new).collect();
        assert_eq!((a & b).len(), 1);
        assert_eq!((a | b).len(), 4);
        assert_eq!(
            (a - b).iter().map(Point::index).collect::<Vec<_>>(),
            vec![1, 100]
        );
        assert!(a.intersects(&b));
        let shifted: Vec<usize> = a.shl(30).iter().map(Point::index).collect();
        assert_eq!(shifted, vec![31, 100]);
        let back: Vec<usize> = a.shl(30).shr(30).iter().map(Point::index).collect();
        assert_eq!(back, vec![1, 70]);
        assert!((a & b).is_subset(&a));
        assert!(!a.is_subset(&b));
        let mut c = a;
        assert_eq!(c.pop_first(), Some(Point::new(1)));
        assert_eq!(c.first_point(), Some(Point::new(70)));
    }
}
