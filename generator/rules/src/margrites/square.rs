//! Squares of the 9x8 board, the two colours, and per-colour data.

use std::fmt;
use std::str::FromStr;

/// Number of files (columns `a` to `i`).
pub const FILES: u8 = 9;
/// Number of ranks (rows `1` to `8`).
pub const RANKS: u8 = 8;

/// A square of the board, `a1` to `i8`.
///
/// Squares are numbered in reading order (`a1`, `b1`, ..., `i1`, `a2`, ...), the
/// order in which the notation lists captures within a round.
///
/// ```
/// use cannonball_rules::margrites::Square;
/// let e4: Square = "e4".parse().unwrap();
/// assert_eq!(e4.offset(1, 1), Some("f5".parse().unwrap()));
/// assert_eq!(Square::A1.offset(-1, 0), None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        $(
            #[doc = concat!("The square ", stringify!($name), ".")]
            pub const $name: Square = Square($idx);
        )*
    };
}

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 72;

    square_consts! {
        A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4, F1 = 5, G1 = 6, H1 = 7, I1 = 8,
        A2 = 9, B2 = 10, C2 = 11, D2 = 12, E2 = 13, F2 = 14, G2 = 15, H2 = 16, I2 = 17,
        A7 = 54, B7 = 55, C7 = 56, D7 = 57, E7 = 58, F7 = 59, G7 = 60, H7 = 61, I7 = 62,
        A8 = 63, B8 = 64, C8 = 65, D8 = 66, E8 = 67, F8 = 68, G8 = 69, H8 = 70, I8 = 71,
    }

    /// The square with this reading-order index (0 = `a1`, 71 = `i8`).
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` (0 = `a`) and `rank` (0 = row 1).
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// Reading-order index, 0 to 71.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File, 0 (`a`) to 8 (`i`).
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// Rank, 0 (row 1) to 7 (row 8).
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The square `dx` files right and `dy` ranks up, if it is on the board.
    #[must_use]
    pub const fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let f = self.file() as i8 + dx;
        let r = self.rank() as i8 + dy;
        if f < 0 || r < 0 {
            return None;
        }
        Square::from_coords(f as u8, r as u8)
    }

    /// Whether `other` is one of the eight squares touching this one.
    #[must_use]
    pub const fn touches(self, other: Square) -> bool {
        let df = self.file().abs_diff(other.file());
        let dr = self.rank().abs_diff(other.rank());
        df <= 1 && dr <= 1 && (df | dr) != 0
    }

    /// The square mirrored across the centre file (`a` to `i`, `b` to `h`, ...).
    #[must_use]
    pub const fn mirrored(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The square after turning the board half a turn (`a1` to `i8`).
    #[must_use]
    pub const fn rotated(self) -> Square {
        Square(Square::COUNT as u8 - 1 - self.0)
    }

    /// Every square in reading order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }
}

impl TryFrom<u8> for Square {
    type Error = SquareError;
    fn try_from(index: u8) -> Result<Square, SquareError> {
        Square::from_index(index).ok_or(SquareError)
    }
}

/// A text that is not a square name `a1` to `i8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not a square of the 9x8 board (a1 to i8)")]
pub struct SquareError;

impl FromStr for Square {
    type Err = SquareError;
    fn from_str(s: &str) -> Result<Square, SquareError> {
        let b = s.as_bytes();
        if b.len() != 2 || !(b'a'..=b'i').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
            return Err(SquareError);
        }
        Square::from_coords(b[0] - b'a', b[1] - b'1').ok_or(SquareError)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A side. Black moves first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Black: home rows 1-2, scores off row 8, moves first.
    Black,
    /// White: home rows 7-8, scores off row 1.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// Whether `square` is on this side's two home rows.
    #[must_use]
    pub const fn is_home(self, square: Square) -> bool {
        match self {
            Color::Black => square.rank() <= 1,
            Color::White => square.rank() >= RANKS - 2,
        }
    }

    /// The rank this side scores off: the opponent's home edge.
    #[must_use]
    pub const fn scoring_rank(self) -> u8 {
        match self {
            Color::Black => RANKS - 1,
            Color::White => 0,
        }
    }

    /// The letter of the score notation: `B` or `W`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// `"Black"` or `"White"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side.
///
/// ```
/// use cannonball_rules::margrites::{ByColor, Color};
/// let mut points = ByColor::new_with(|_| 0u8);
/// *points.get_mut(Color::White) += 1;
/// assert_eq!((points.black, points.white), (0, 1));
/// ```
///
/// In JSON (see [`super::json`]): `{"black": ..., "white": ...}`.
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Builds both values from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            black: f(Color::Black),
            white: f(Color::White),
        }
    }

    /// The value of `color`.
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The value of `color`, mutably.
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// The values with the colours exchanged.
    #[must_use]
    pub fn swapped(self) -> ByColor<T> {
        ByColor {
            black: self.white,
            white: self.black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert!("j1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a0".parse::<Square>().is_err());
        assert_eq!(Square::I8.to_string(), "i8");
        assert_eq!(Square::try_from(72), Err(SquareError));
    }

    #[test]
    fn symmetries_are_involutions() {
        for sq in Square::all() {
            assert_eq!(sq.mirrored().mirrored(), sq);
            assert_eq!(sq.rotated().rotated(), sq);
        }
        assert_eq!(Square::A1.mirrored(), Square::I1);
        assert_eq!(Square::A1.rotated(), Square::I8);
    }

    #[test]
    fn home_rows_and_touching() {
        assert!(Color::Black.is_home(Square::I2));
        assert!(!Color::Black.is_home(Square::A7));
        assert!(Color::White.is_home(Square::A7));
        let e4: Square = "e4".parse().unwrap();
        assert_eq!(Square::all().filter(|s| s.touches(e4)).count(), 8);
        assert_eq!(Square::all().filter(|s| s.touches(Square::A1)).count(), 3);
    }
}
