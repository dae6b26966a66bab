//! A set of squares: 72 bits in a `u128`.

use std::fmt;

use super::square::{FILES, RANKS, Square};

/// A set of squares, one bit per square in reading order.
///
/// ```
/// use cannonball_rules::margrites::{Square, SquareSet};
/// let e4: Square = "e4".parse().unwrap();
/// let ring = SquareSet::touching(e4);
/// assert_eq!(ring.len(), 8);
/// assert_eq!(ring.to_string(), "\
/// . . . . . . . . .
/// . . . . . . . . .
/// . . . . . . . . .
/// . . . x x x . . .
/// . . . x . x . . .
/// . . . x x x . . .
/// . . . . . . . . .
/// . . . . . . . . .
/// ");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SquareSet(pub u128);

const BOARD_BITS: u128 = (1u128 << Square::COUNT) - 1;

const fn touching_table() -> [SquareSet; Square::COUNT] {
    let mut table = [SquareSet::EMPTY; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let f = (i % FILES as usize) as i32;
        let r = (i / FILES as usize) as i32;
        let mut bits = 0u128;
        let mut dy = -1;
        while dy <= 1 {
            let mut dx = -1;
            while dx <= 1 {
                let (nf, nr) = (f + dx, r + dy);
                if (dx != 0 || dy != 0)
                    && nf >= 0
                    && nr >= 0
                    && nf < FILES as i32
                    && nr < RANKS as i32
                {
                    bits |= 1u128 << (nr * FILES as i32 + nf);
                }
                dx += 1;
            }
            dy += 1;
        }
        table[i] = SquareSet(bits);
        i += 1;
    }
    table
}

const TOUCHING: [SquareSet; Square::COUNT] = touching_table();

const fn file_bits(file: u8) -> u128 {
    let mut bits = 0u128;
    let mut rank = 0;
    while rank < RANKS {
        bits |= 1u128 << (rank as u32 * FILES as u32 + file as u32);
        rank += 1;
    }
    bits
}

const fn rank_bits(rank: u8) -> u128 {
    ((1u128 << FILES) - 1) << (rank as u32 * FILES as u32)
}

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 72 squares.
    pub const FULL: SquareSet = SquareSet(BOARD_BITS);

    /// The set of one square.
    #[must_use]
    pub const fn from_square(sq: Square) -> SquareSet {
        SquareSet(1u128 << sq.index())
    }

    /// The squares of one rank (0 = row 1).
    #[must_use]
    pub const fn rank(rank: u8) -> SquareSet {
        if rank < RANKS {
            SquareSet(rank_bits(rank))
        } else {
            SquareSet::EMPTY
        }
    }

    /// The (up to eight) squares touching `sq`.
    #[must_use]
    pub const fn touching(sq: Square) -> SquareSet {
        TOUCHING[sq.index()]
    }

    /// Whether `sq` is in the set.
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1u128 << sq.index()) != 0
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> SquareSet {
        SquareSet(self.0 | (1u128 << sq.index()))
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> SquareSet {
        SquareSet(self.0 & !(1u128 << sq.index()))
    }

    /// Squares in either set.
    #[must_use]
    pub const fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// Squares in both sets.
    #[must_use]
    pub const fn intersect(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// Squares of this set not in `other`.
    #[must_use]
    pub const fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// Number of squares.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has no squares.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The first square in reading order.
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }

    /// Every square touching some square of the set (the set itself excluded
    /// unless touched by another member).
    #[must_use]
    pub fn touching_any(self) -> SquareSet {
        let mut out = 0u128;
        for image in self.neighbour_images() {
            out |= image;
        }
        SquareSet(out)
    }

    /// Every square touching two or more squares of the set: the only squares
    /// where a piece can have two or more opponents alongside (what a capture
    /// needs, rulings B4).
    #[must_use]
    pub fn touching_twice(self) -> SquareSet {
        let (mut once, mut twice) = (0u128, 0u128);
        for image in self.neighbour_images() {
            twice |= once & image;
            once |= image;
        }
        SquareSet(twice)
    }

    /// The set moved one square in each of the eight directions, squares pushed
    /// off the board (or across its side edges) dropped: bit `x` of the image
    /// for a direction is set when the square one step from `x` that way is in
    /// the set. Squares are numbered rank by rank, [`FILES`] to a rank.
    fn neighbour_images(self) -> [u128; 8] {
        const NOT_FIRST_FILE: u128 = BOARD_BITS & !file_bits(0);
        const NOT_LAST_FILE: u128 = BOARD_BITS & !file_bits(FILES - 1);
        let s = self.0;
        let f = FILES as u32;
        [
            (s << 1) & NOT_FIRST_FILE,
            (s >> 1) & NOT_LAST_FILE,
            (s << f) & BOARD_BITS,
            s >> f,
            (s << (f + 1)) & NOT_FIRST_FILE,
            (s << (f - 1)) & NOT_LAST_FILE,
            (s >> (f - 1)) & NOT_FIRST_FILE,
            (s >> (f + 1)) & NOT_LAST_FILE,
        ]
    }

    /// The set mirrored across the centre file.
    #[must_use]
    pub fn mirrored(self) -> SquareSet {
        self.into_iter().map(Square::mirrored).collect()
    }

    /// The set turned half a turn.
    #[must_use]
    pub const fn rotated(self) -> SquareSet {
        SquareSet(self.0.reverse_bits() >> (128 - Square::COUNT))
    }
}

impl Iterator for SquareSet {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.len() as usize;
        (n, Some(n))
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        self.union(rhs)
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        self.intersect(rhs)
    }
}

impl fmt::Display for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            for file in 0..FILES {
                let sq = Square::from_coords(file, rank).ok_or(fmt::Error)?;
                let c = if self.contains(sq) { 'x' } else { '.' };
                if file > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{c}")?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shifted forms agree with the per-square table on many random sets
    /// (edges and corners included).
    #[test]
    fn touching_any_and_twice_match_the_table() {
        let mut rng = crate::rng::Rng::seed_from(72);
        for round in 0..3000 {
            let mut set = SquareSet::EMPTY;
            for _ in 0..(round % 20) {
                set = set.with(Square::from_index(rng.below(72) as u8).unwrap());
            }
            for x in Square::all() {
                let n = SquareSet::touching(x).intersect(set).len();
                assert_eq!(set.touching_any().contains(x), n >= 1, "{x} {set:?}");
                assert_eq!(set.touching_twice().contains(x), n >= 2, "{x} {set:?}");
            }
        }
    }

    #[test]
    fn iteration_is_reading_order() {
        let set: SquareSet = ["b2", "a1", "i1", "a2"]
            .iter()
            .map(|s| s.parse::<Square>().unwrap())
            .collect();
        let names: Vec<String> = set.map(|s| s.to_string()).collect();
        assert_eq!(names, ["a1", "i1", "a2", "b2"]);
    }

    #[test]
    fn rotation_matches_squares() {
        let set: SquareSet = Square::all().filter(|s| s.index() % 5 == 0).collect();
        let by_square: SquareSet = set.map(Square::rotated).collect();
        assert_eq!(set.rotated(), by_square);
        assert_eq!(SquareSet::FULL.len(), 72);
        assert_eq!(SquareSet::rank(7).len(), 9);
    }
}
