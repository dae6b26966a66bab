//! Unvalidated descriptions of a position: a starting [`Setup`] (rulings B2), a
//! mid-game [`Diagram`], and the alternate placement of a hostile game.

use std::fmt;

use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;

/// Pieces each side has.
pub const PIECES_PER_SIDE: u8 = 8;

/// A starting setup as written: the squares of each side's pieces, kept as lists so
/// that two pieces written on one square can be reported.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Black's squares.
    pub black: Vec<Square>,
    /// White's squares.
    pub white: Vec<Square>,
}

/// One reason a setup or diagram is not legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// A side does not have exactly eight pieces (setup) or has more than eight
    /// (diagram).
    WrongCount {
        /// The side.
        color: Color,
        /// How many pieces it has.
        count: usize,
    },
    /// A piece outside its side's two home rows.
    OutsideHomeRows {
        /// The side.
        color: Color,
        /// The square.
        square: Square,
    },
    /// Two pieces written on one square.
    TwoOnASquare {
        /// The square.
        square: Square,
    },
    /// Pieces on the board, points and the opponent's captures do not add up to eight.
    Accounting {
        /// The side.
        color: Color,
        /// Its pieces on the board.
        on_board: usize,
        /// Its points (pieces scored).
        points: u8,
        /// The opponent's captures (its pieces captured).
        captured: u8,
    },
}

impl fmt::Display for SetupProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupProblem::WrongCount { color, count } => {
                write!(f, "{color} has {count} pieces, not {PIECES_PER_SIDE}")
            }
            SetupProblem::OutsideHomeRows { color, square } => {
                let rows = if *color == Color::Black { "1-2" } else { "7-8" };
                write!(
                    f,
                    "{color}'s piece on {square} is outside its home rows {rows}"
                )
            }
            SetupProblem::TwoOnASquare { square } => write!(f, "two pieces on {square}"),
            SetupProblem::Accounting {
                color,
                on_board,
                points,
                captured,
            } => write!(
                f,
                "{color}: {on_board} on the board + {points} scored + {captured} captured is not {PIECES_PER_SIDE}"
            ),
        }
    }
}

/// Every reason a setup or diagram is not legal.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError {
    /// The reasons, in the order found (Black before White, squares in the order written).
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal setup: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Collects the squares of both sides, reporting two pieces on one square.
fn occupancy(lists: ByColor<&[Square]>, problems: &mut Vec<SetupProblem>) -> ByColor<SquareSet> {
    let mut seen = SquareSet::EMPTY;
    let mut doubled = SquareSet::EMPTY;
    let sets = ByColor::new_with(|color| {
        let mut set = SquareSet::EMPTY;
        for &sq in *lists.get(color) {
            if seen.contains(sq) && !doubled.contains(sq) {
                doubled = doubled.with(sq);
                problems.push(SetupProblem::TwoOnASquare { square: sq });
            }
            seen = seen.with(sq);
            set = set.with(sq);
        }
        set
    });
    // A square claimed by both sides stays with Black; the problem is reported anyway.
    ByColor {
        black: sets.black,
        white: sets.white.minus(sets.black),
    }
}

impl Setup {
    /// Checks the setup and returns each side's squares, or every reason it is illegal.
    ///
    /// ```
    /// use cannonball_rules::margrites::{Setup, Square};
    /// let sq = |s: &str| s.parse::<Square>().unwrap();
    /// let setup = Setup {
    ///     black: ["a1", "b1", "c1", "d1", "e1", "f1", "g1"].map(sq).to_vec(),
    ///     white: ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "b6"].map(sq).to_vec(),
    /// };
    /// let err = setup.validate().unwrap_err();
    /// assert_eq!(err.to_string(), "illegal setup: Black has 7 pieces, not 8; \
    ///     White's piece on b6 is outside its home rows 7-8");
    /// ```
    pub fn validate(&self) -> Result<ByColor<SquareSet>, SetupError> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let list = self.list(color);
            if list.len() != usize::from(PIECES_PER_SIDE) {
                problems.push(SetupProblem::WrongCount {
                    color,
                    count: list.len(),
                });
            }
            for &square in list {
                if !color.is_home(square) {
                    problems.push(SetupProblem::OutsideHomeRows { color, square });
                }
            }
        }
        let sets = occupancy(
            ByColor {
                black: &self.black,
                white: &self.white,
            },
            &mut problems,
        );
        if problems.is_empty() {
            Ok(sets)
        } else {
            Err(SetupError { problems })
        }
    }

    /// The list of `color`.
    #[must_use]
    pub fn list(&self, color: Color) -> &[Square] {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// The setup from each side's set of squares.
    #[must_use]
    pub fn from_sets(sets: ByColor<SquareSet>) -> Setup {
        Setup {
            black: sets.black.collect(),
            white: sets.white.collect(),
        }
    }
}

/// Points and captures of one side; in JSON `{"points": 1, "captures": 3}`.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Pieces scored.
    pub points: u8,
    /// Opponent pieces captured (credited by rulings B4).
    pub captures: u8,
}

/// A mid-game position as written: pieces anywhere, the side to move, the turn
/// number and the standings. No turn is in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// Each side's squares.
    pub pieces: ByColor<Vec<Square>>,
    /// The side to move.
    pub to_move: Color,
    /// The number of the turn about to be played (1 is Black's first).
    pub turn: u16,
    /// Points and captures.
    pub standings: ByColor<Tally>,
}

impl Diagram {
    /// A diagram whose missing pieces count as captured by the opponent (no points).
    #[must_use]
    pub fn with_missing_captured(pieces: ByColor<Vec<Square>>, to_move: Color) -> Diagram {
        let missing = |c: Color| PIECES_PER_SIDE.saturating_sub(pieces.get(c).len() as u8);
        let standings = ByColor::new_with(|c| Tally {
            points: 0,
            captures: missing(c.other()),
        });
        let turn = if to_move == Color::Black { 1 } else { 2 };
        Diagram {
            pieces,
            to_move,
            turn,
            standings,
        }
    }

    /// Checks the diagram: at most eight pieces a side, no two on a square, and each
    /// side's pieces + points + pieces captured = 8. Returns every reason it fails.
    pub fn validate(&self) -> Result<ByColor<SquareSet>, SetupError> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let n = self.pieces.get(color).len();
            if n > usize::from(PIECES_PER_SIDE) {
                problems.push(SetupProblem::WrongCount { color, count: n });
            }
            let points = self.standings.get(color).points;
            let captured = self.standings.get(color.other()).captures;
            if n + usize::from(points) + usize::from(captured) != usize::from(PIECES_PER_SIDE) {
                problems.push(SetupProblem::Accounting {
                    color,
                    on_board: n,
                    points,
                    captured,
                });
            }
        }
        let lists = ByColor {
            black: self.pieces.black.as_slice(),
            white: self.pieces.white.as_slice(),
        };
        let sets = occupancy(lists, &mut problems);
        if problems.is_empty() {
            Ok(sets)
        } else {
            Err(SetupError { problems })
        }
    }
}

/// Why a hostile-game placement is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The square is not on the placing side's home rows.
    #[error("{1} is outside {0}'s home rows")]
    OutsideHomeRows(Color, Square),
    /// A piece already stands there.
    #[error("{0} already holds a piece")]
    Occupied(Square),
    /// Both sides have placed all their pieces.
    #[error("both sides have placed their eight pieces")]
    Complete,
}

/// The setup of a hostile game: sides place one piece at a time, Black first.
///
/// ```
/// use cannonball_rules::margrites::{HostileSetup, Color, Square};
/// let mut h = HostileSetup::new();
/// assert_eq!(h.to_place(), Some(Color::Black));
/// h.place(Square::A1).unwrap();
/// assert!(h.place(Square::B1).is_err()); // White must place on rows 7-8
/// h.place(Square::A8).unwrap();
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HostileSetup {
    placed: ByColor<SquareSet>,
}

impl HostileSetup {
    /// No piece placed yet.
    #[must_use]
    pub fn new() -> HostileSetup {
        HostileSetup::default()
    }

    /// The side to place next, or `None` when all sixteen pieces are placed.
    #[must_use]
    pub fn to_place(&self) -> Option<Color> {
        let (b, w) = (self.placed.black.len(), self.placed.white.len());
        let full = u32::from(PIECES_PER_SIDE);
        if b == full && w == full {
            None
        } else if b <= w {
            Some(Color::Black)
        } else {
            Some(Color::White)
        }
    }

    /// Places the next piece on `square`.
    pub fn place(&mut self, square: Square) -> Result<(), PlacementError> {
        let color = self.to_place().ok_or(PlacementError::Complete)?;
        if !color.is_home(square) {
            return Err(PlacementError::OutsideHomeRows(color, square));
        }
        if self.placed.black.union(self.placed.white).contains(square) {
            return Err(PlacementError::Occupied(square));
        }
        *self.placed.get_mut(color) = self.placed.get(color).with(square);
        Ok(())
    }

    /// The finished setup, once every piece is placed.
    #[must_use]
    pub fn finish(&self) -> Option<Setup> {
        match self.to_place() {
            None => Some(Setup::from_sets(self.placed)),
            Some(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn every_reason_is_listed() {
        let setup = Setup {
            black: vec![sq("a1"), sq("a1"), sq("c3")],
            white: vec![sq("a7"); 9],
        };
        let err = setup.validate().unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                SetupProblem::WrongCount {
                    color: Color::Black,
                    count: 3
                },
                SetupProblem::OutsideHomeRows {
                    color: Color::Black,
                    square: sq("c3")
                },
                SetupProblem::WrongCount {
                    color: Color::White,
                    count: 9
                },
                SetupProblem::TwoOnASquare { square: sq("a1") },
                SetupProblem::TwoOnASquare { square: sq("a7") },
            ]
        );
    }

    #[test]
    fn hostile_setup_alternates_and_completes() {
        let mut h = HostileSetup::new();
        let black: Vec<Square> = SquareSet::rank(0).collect();
        let white: Vec<Square> = SquareSet::rank(7).collect();
        for i in 0..8 {
            assert_eq!(
                h.place(white[i]),
                Err(PlacementError::OutsideHomeRows(Color::Black, white[i]))
            );
            h.place(black[i]).unwrap();
            assert_eq!(
                h.place(black[i]),
                Err(PlacementError::OutsideHomeRows(Color::White, black[i]))
            );
            if i > 0 {
                assert_eq!(
                    h.place(white[i - 1]),
                    Err(PlacementError::Occupied(white[i - 1]))
                );
            }
            h.place(white[i]).unwrap();
        }
        assert_eq!(h.place(sq("i1")), Err(PlacementError::Complete));
        assert!(h.finish().unwrap().validate().is_ok());
    }
}
