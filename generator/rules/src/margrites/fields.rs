//! A position written as fields of text, the way puzzle files, figures and the
//! `diagram` command write one: the variations, each side's squares, the score
//! line `B(bc)-W(wc)`, the side to move, the turn.
//!
//! Read in two steps, like the notation: [`DiagramFields::read`] gives an
//! unvalidated [`Diagram`] and the variations, or every field that cannot be read,
//! each named; [`DiagramFields::position`] then checks the diagram into a
//! [`Position`] at the start of a turn of a game in progress.
//!
//! ```
//! use cannonball_rules::margrites::fields::{DiagramFields, Field};
//! use cannonball_rules::margrites::Color;
//! let fields = DiagramFields {
//!     black: "a1 e5 c2",
//!     white: "i8 d6",
//!     score: Some("1(4)-2(4)"),
//!     to_move: Some("white"),
//!     ..DiagramFields::default()
//! };
//! let pos = fields.position().unwrap();
//! assert_eq!((pos.to_move(), pos.turn()), (Color::White, 2));
//! let bad = DiagramFields { black: "a1 z9", to_move: Some("red"), ..fields };
//! let err = bad.position().unwrap_err();
//! assert_eq!(err.errors[0].field, Field::Black);
//! assert_eq!(err.to_string(), "black: `z9`: not a square of the 9x8 board (a1 to i8); \
//!     to-move: `red`: black or white");
//! ```

use std::fmt;

use super::notation::{SyntaxError, parse_score_line_str};
use super::options::{Options, UnknownVariation};
use super::position::Position;
use super::setup::{Diagram, SetupError, Tally};
use super::square::{ByColor, Color, Square, SquareError};

/// A field of a written position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The variations in play.
    Options,
    /// Black's squares.
    Black,
    /// White's squares.
    White,
    /// The score line.
    Score,
    /// The side to move.
    ToMove,
}

impl Field {
    /// The field's name as files write it: `options`, `black`, `white`, `score`,
    /// `to-move`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Field::Options => "options",
            Field::Black => "black",
            Field::White => "white",
            Field::Score => "score",
            Field::ToMove => "to-move",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a field is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FieldProblem {
    /// An unknown variation.
    #[error(transparent)]
    Variation(#[from] UnknownVariation),
    /// A word that is no square.
    #[error("`{word}`: {error}")]
    Square {
        /// The word.
        word: String,
        /// Why it is no square.
        error: SquareError,
    },
    /// A score line that cannot be read.
    #[error("`{text}`: {}", .error.message)]
    Score {
        /// The score line as written.
        text: String,
        /// Where and why reading stopped.
        error: SyntaxError,
    },
    /// A score line with a resignation or a result.
    #[error("a position's score is `B(bc)-W(wc)` only")]
    ScoreNotPlain,
    /// A side that is neither Black nor White.
    #[error("`{0}`: black or white")]
    Side(String),
    /// Pieces and standings that are not a position (reported under `black`).
    #[error("{0}")]
    Setup(SetupError),
    /// A side without pieces: the game is over (reported under `black`).
    #[error("a side has no pieces: the game is over")]
    GameOver,
}

/// A field and why it is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {problem}")]
pub struct FieldError {
    /// The field.
    pub field: Field,
    /// What is wrong with it.
    pub problem: FieldProblem,
}

/// Every field of a written position that is wrong, in field order (options,
/// black, white, score, to-move); never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct FieldsError {
    /// The fields and their problems.
    pub errors: Vec<FieldError>,
}

impl fmt::Display for FieldsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl FieldsError {
    /// The first field found wrong.
    #[must_use]
    pub fn first(&self) -> Option<&FieldError> {
        self.errors.first()
    }
}

/// Reads squares separated by spaces or commas (`a1 b2, c3`).
///
/// # Errors
/// The first word that is no square.
pub fn read_squares(text: &str) -> Result<Vec<Square>, FieldProblem> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<Square>().map_err(|error| FieldProblem::Square {
                word: w.to_string(),
                error,
            })
        })
        .collect()
}

/// Reads a plain score line `B(bc)-W(wc)`: points and captures, Black first.
///
/// # Errors
/// A line that cannot be read, or one that marks a resignation or claims a result.
pub fn read_score(text: &str) -> Result<ByColor<Tally>, FieldProblem> {
    let line = parse_score_line_str(text).map_err(|error| FieldProblem::Score {
        text: text.to_string(),
        error,
    })?;
    if line.resigned.is_some() || line.claim.is_some() {
        return Err(FieldProblem::ScoreNotPlain);
    }
    Ok(line.tallies)
}

/// Reads a side: `black` or `white`, in any case, or `b` or `w`.
///
/// # Errors
/// Any other word.
pub fn read_side(text: &str) -> Result<Color, FieldProblem> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Color::Black),
        "white" | "w" => Ok(Color::White),
        _ => Err(FieldProblem::Side(text.to_string())),
    }
}

/// The first turn a side plays in a position read from fields: 1 for Black (3
/// with Black's handicap, so that the short first turn is not replayed), 2 for
/// White.
#[must_use]
pub const fn first_turn(to_move: Color, options: Options) -> u16 {
    match (to_move, options.black_handicap) {
        (Color::Black, false) => 1,
        (Color::Black, true) => 3,
        (Color::White, _) => 2,
    }
}

/// A position written as fields, unread. See the [module documentation](self).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DiagramFields<'a> {
    /// The variations in play, as [`Options::parse_list`] reads them.
    pub variations: &'a str,
    /// Black's squares, separated by spaces or commas.
    pub black: &'a str,
    /// White's squares.
    pub white: &'a str,
    /// The score line `B(bc)-W(wc)`; `None`: pieces missing from the board count
    /// as captured by the opponent, and no one has scored.
    pub score: Option<&'a str>,
    /// The side to move (see [`read_side`]); `None`: Black.
    pub to_move: Option<&'a str>,
    /// The turn; `None`: the side's [`first_turn`].
    pub turn: Option<u16>,
}

impl DiagramFields<'_> {
    /// Reads every field: the diagram as written (not yet checked) and the
    /// variations.
    ///
    /// # Errors
    /// Every field that cannot be read.
    pub fn read(&self) -> Result<(Diagram, Options), FieldsError> {
        let mut errors = Vec::new();
        let mut field = |field: Field, problem: FieldProblem| {
            errors.push(FieldError { field, problem });
        };
        let options = Options::parse_list(self.variations).unwrap_or_else(|e| {
            field(Field::Options, e.into());
            Options::STANDARD
        });
        let mut squares = |which: Field, text: &str| {
            read_squares(text).unwrap_or_else(|p| {
                field(which, p);
                Vec::new()
            })
        };
        let pieces = ByColor {
            black: squares(Field::Black, self.black),
            white: squares(Field::White, self.white),
        };
        let standings = self.score.map(|text| {
            read_score(text).unwrap_or_else(|p| {
                field(Field::Score, p);
                ByColor::default()
            })
        });
        let to_move = self.to_move.map_or(Ok(Color::Black), read_side);
        let to_move = to_move.unwrap_or_else(|p| {
            field(Field::ToMove, p);
            Color::Black
        });
        if !errors.is_empty() {
            return Err(FieldsError { errors });
        }
        let mut diagram = Diagram::with_missing_captured(pieces, to_move);
        if let Some(standings) = standings {
            diagram.standings = standings;
        }
        diagram.turn = self.turn.unwrap_or(first_turn(to_move, options));
        Ok((diagram, options))
    }

    /// The position the fields describe, checked ([`Position::from_diagram`]); a
    /// game already over is refused.
    ///
    /// # Errors
    /// Every field that cannot be read; else pieces and standings that are not a
    /// position, or a side without pieces (both under `black`).
    pub fn position(&self) -> Result<Position, FieldsError> {
        let (diagram, options) = self.read()?;
        let black = |problem| FieldsError {
            errors: vec![FieldError {
                field: Field::Black,
                problem,
            }],
        };
        let pos =
            Position::from_diagram(&diagram, options).map_err(|e| black(FieldProblem::Setup(e)))?;
        if pos.is_over() {
            return Err(black(FieldProblem::GameOver));
        }
        Ok(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields<'a>(
        black: &'a str,
        white: &'a str,
        score: &'a str,
        to_move: &'a str,
    ) -> DiagramFields<'a> {
        DiagramFields {
            variations: "",
            black,
            white,
            score: Some(score),
            to_move: Some(to_move),
            turn: None,
        }
    }

    fn failing(f: &DiagramFields<'_>) -> Vec<(Field, String)> {
        f.position()
            .unwrap_err()
            .errors
            .into_iter()
            .map(|e| (e.field, e.problem.to_string()))
            .collect()
    }

    #[test]
    fn positions_read_with_the_turn_of_the_side_to_move() {
        let pos = fields("a1 c2, e5", "i8 d6", "1(4)-2(4)", "white")
            .position()
            .unwrap();
        assert_eq!(pos.pieces(Color::Black).count(), 3);
        assert_eq!((pos.to_move(), pos.turn()), (Color::White, 2));
        let mut f = fields("a1", "i8", "0(7)-0(7)", "Black");
        assert_eq!(f.position().unwrap().turn(), 1);
        f.variations = "handicap";
        assert_eq!(f.position().unwrap().turn(), 3);
        f.turn = Some(1);
        assert_eq!(f.position().unwrap().turn(), 1);
        // No score: the missing pieces were captured.
        f.score = None;
        let (diagram, _) = f.read().unwrap();
        assert_eq!(diagram.standings.black.captures, 7);
    }

    #[test]
    fn every_bad_field_is_named() {
        let mut f = fields("a1 z9", "i8 q", "0(7)-0(7", "red");
        f.variations = "castling";
        assert_eq!(
            failing(&f),
            [
                (
                    Field::Options,
                    "unknown variation `castling` (known: handicap, rebuttal, returning, dancing-limit)".into()
                ),
                (
                    Field::Black,
                    "`z9`: not a square of the 9x8 board (a1 to i8)".into()
                ),
                (
                    Field::White,
                    "`q`: not a square of the 9x8 board (a1 to i8)".into()
                ),
                (
                    Field::Score,
                    "`0(7)-0(7`: expected `)`, found the end of the line".into()
                ),
                (Field::ToMove, "`red`: black or white".into()),
            ]
        );
        assert_eq!(
            failing(&fields("a1", "i8", "R0(7)-0(7)", "black")),
            [(
                Field::Score,
                "a position's score is `B(bc)-W(wc)` only".into()
            )]
        );
    }

    #[test]
    fn positions_that_cannot_be_are_refused_under_black() {
        let errors = failing(&fields("a1", "i8", "0(6)-0(7)", "black"));
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].0, Field::Black);
        assert!(
            errors[0]
                .1
                .starts_with("illegal setup: White: 1 on the board"),
            "{errors:?}"
        );
        assert_eq!(
            failing(&fields("", "i8", "0(7)-0(8)", "black")),
            [(
                Field::Black,
                "a side has no pieces: the game is over".into()
            )]
        );
    }
}
