//! Writing points and moves, for people and for programs.
//!
//! **Human form.** A point on the board is a column letter and a row number, as on
//! a Go board: `a1` is the corner at `x = 0, y = 0`, `c3` is `x = 2, y = 2`.
//! A point on a stacked level adds `+L`: `b2+1` is the level-1 point `x = 1,
//! y = 1`, the marble resting on `b2 c2 b3 c3`. Letters and numbers of a level
//! count within that level, so `a1+L` is always the level's corner and the
//! footprint of `c3+L` on the board starts at `c3`. Columns run `a`–`s` (no
//! letter is skipped), rows `1`–`19`.
//!
//! **Machine form.** `L,x,y`, all 0-based: `1,1,1` is `b2+1`.
//!
//! Moves are a point in either form, `pass` or `swap`. Parsing goes in two steps:
//! text to [`MoveSyntax`] (errors give the column), then syntax plus a board
//! [`Geometry`] to a [`Move`] (errors say the point is not on the board).
//!
//! ```
//! use cannonball_rules::margo::{notation, Coords, Geometry};
//! let c: Coords = "b2+1".parse().unwrap();
//! assert_eq!(c, Coords::new(1, 1, 1));
//! assert_eq!(c.to_string(), "b2+1");
//! assert_eq!(c.machine(), "1,1,1");
//! assert_eq!("1,1,1".parse::<Coords>().unwrap(), c);
//! let g = Geometry::of(4).unwrap();
//! assert!(notation::parse_move(g, "d4+1").is_err()); // level 1 of 4x4 is 3x3
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::{Coords, Geometry, Move};

/// A piece of notation that could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("column {column}: {message}")]
pub struct NotationError {
    /// 1-based character column within the text given to the parser.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl NotationError {
    fn new(column: usize, message: impl Into<String>) -> NotationError {
        NotationError {
            column,
            message: message.into(),
        }
    }
}

/// A move as written, before it is checked against a board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MoveSyntax {
    /// A point.
    Place(Coords),
    /// `pass`.
    Pass,
    /// `swap`.
    Swap,
}

impl Coords {
    /// The machine form `L,x,y`.
    #[must_use]
    pub fn machine(&self) -> String {
        format!("{},{},{}", self.level, self.x, self.y)
    }
}

impl fmt::Display for Coords {
    /// The human form: `c3`, `b2+1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = char::from(b'a' + self.x);
        write!(f, "{letter}{}", u32::from(self.y) + 1)?;
        if self.level > 0 {
            write!(f, "+{}", self.level)?;
        }
        Ok(())
    }
}

impl FromStr for Coords {
    type Err = NotationError;

    /// Reads either form.
    fn from_str(s: &str) -> Result<Coords, NotationError> {
        if s.contains(',') {
            parse_machine(s)
        } else {
            parse_human(s)
        }
    }
}

fn parse_number(s: &str, column: usize, what: &str, max: u32) -> Result<u8, NotationError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(NotationError::new(
            column,
            format!("expected a number for the {what}, found '{s}'"),
        ));
    }
    match s.parse::<u32>() {
        Ok(v) if v <= max => Ok(v as u8),
        _ => Err(NotationError::new(
            column,
            format!("{what} {s} is too large"),
        )),
    }
}

fn parse_machine(s: &str) -> Result<Coords, NotationError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 3 {
        return Err(NotationError::new(
            1,
            format!("expected level,x,y but found '{s}'"),
        ));
    }
    let mut column = 1;
    let mut vals = [0u8; 3];
    for (i, (part, what)) in parts.iter().zip(["level", "x", "y"]).enumerate() {
        vals[i] = parse_number(part.trim(), column, what, 18)?;
        column += part.chars().count() + 1;
    }
    Ok(Coords::new(vals[0], vals[1], vals[2]))
}

fn parse_human(s: &str) -> Result<Coords, NotationError> {
    let mut chars = s.chars();
    let Some(first) = chars.next() else {
        return Err(NotationError::new(1, "expected a point, found nothing"));
    };
    let letter = first.to_ascii_lowercase();
    if !('a'..='s').contains(&letter) {
        return Err(NotationError::new(
            1,
            format!("expected a column letter a-s, found '{first}'"),
        ));
    }
    let rest = &s[first.len_utf8()..];
    let (row_text, level_text) = match rest.split_once('+') {
        Some((r, l)) => (r, Some(l)),
        None => (rest, None),
    };
    let row = parse_number(row_text, 2, "row", 19)?;
    if row == 0 {
        return Err(NotationError::new(2, "rows are numbered from 1"));
    }
    let level = match level_text {
        Some(l) => parse_number(l, 3 + row_text.chars().count(), "level", 18)?,
        None => 0,
    };
    Ok(Coords::new(level, letter as u8 - b'a', row - 1))
}

impl FromStr for MoveSyntax {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<MoveSyntax, NotationError> {
        match s.to_ascii_lowercase().as_str() {
            "pass" => Ok(MoveSyntax::Pass),
            "swap" => Ok(MoveSyntax::Swap),
            _ => s.parse().map(MoveSyntax::Place),
        }
    }
}

/// Turns written syntax into a move of the board `geo`.
///
/// # Errors
/// When the point does not exist on this board.
pub fn resolve(geo: &Geometry, syntax: MoveSyntax) -> Result<Move, NotationError> {
    match syntax {
        MoveSyntax::Pass => Ok(Move::Pass),
        MoveSyntax::Swap => Ok(Move::Swap),
        MoveSyntax::Place(c) => geo.point(c).map(Move::Place).ok_or_else(|| {
            NotationError::new(
                1,
                format!(
                    "{c} ({}) is not a point of the {n}x{n} board",
                    c.machine(),
                    n = geo.size()
                ),
            )
        }),
    }
}

/// Reads one move for the board `geo`.
///
/// # Errors
/// Bad syntax (with the column) or a point not on the board.
pub fn parse_move(geo: &Geometry, s: &str) -> Result<Move, NotationError> {
    resolve(geo, s.trim().parse()?)
}

/// The human form of a move.
#[must_use]
pub fn human(geo: &Geometry, m: Move) -> String {
    match m {
        Move::Place(p) => geo.coords(p).to_string(),
        Move::Pass => "pass".to_owned(),
        Move::Swap => "swap".to_owned(),
    }
}

/// The machine form of a move (`L,x,y`, `pass`, `swap`).
#[must_use]
pub fn machine(geo: &Geometry, m: Move) -> String {
    match m {
        Move::Place(p) => geo.coords(p).machine(),
        Move::Pass => "pass".to_owned(),
        Move::Swap => "swap".to_owned(),
    }
}

/// One move of a written move list, with where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenMove {
    /// The move as written.
    pub syntax: MoveSyntax,
    /// 0-based index in the list (the ply).
    pub ply: usize,
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column of the move's first character.
    pub column: usize,
}

/// A move list that could not be read.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("line {line}, column {column}, ply {ply} ('{token}'): {message}")]
pub struct MoveListError {
    /// 0-based ply of the bad move.
    pub ply: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The text of the bad move.
    pub token: String,
    /// What is wrong.
    pub message: String,
}

/// Reads a list of moves separated by white space (or commas between human-form
/// moves are not allowed, as the machine form uses them). `#` starts a comment
/// running to the end of the line.
///
/// # Errors
/// The first move that cannot be read, with its ply, line and column.
pub fn parse_move_list(text: &str) -> Result<Vec<WrittenMove>, MoveListError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    for (line_index, raw_line) in text.lines().enumerate() {
        let line = raw_line.split('#').next().unwrap_or("");
        for (column, token) in tokens(line) {
            let ply = out.len();
            match token.parse::<MoveSyntax>() {
                Ok(syntax) => out.push(WrittenMove {
                    syntax,
                    ply,
                    line: line_index + 1,
                    column,
                }),
                Err(e) => {
                    return Err(MoveListError {
                        ply,
                        line: line_index + 1,
                        column: column + e.column - 1,
                        token: token.to_owned(),
                        message: e.message,
                    });
                }
            }
        }
    }
    Ok(out)
}

/// The white-space separated words of `line`, each with the 1-based column (in
/// characters) of its first character, in one pass over the line.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut chars = line.char_indices().enumerate().peekable();
    std::iter::from_fn(move || {
        while chars.next_if(|(_, (_, c))| c.is_whitespace()).is_some() {}
        let (column, (start, _)) = chars.next()?;
        let mut end = line.len();
        while let Some((_, (i, c))) = chars.peek().copied() {
            if c.is_whitespace() {
                end = i;
                break;
            }
            chars.next();
        }
        Some((column + 1, &line[start..end]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_forms_round_trip_for_every_point_of_every_size() {
        for n in [3, 4, 7, 19] {
            let g = Geometry::of(n).unwrap();
            for p in g.points() {
                let c = g.coords(p);
                assert_eq!(c.to_string().parse::<Coords>().unwrap(), c);
                assert_eq!(c.machine().parse::<Coords>().unwrap(), c);
                assert_eq!(parse_move(g, &c.to_string()).unwrap(), Move::Place(p));
            }
        }
    }

    #[test]
    fn syntax_errors_give_the_column() {
        assert_eq!("z3".parse::<Coords>().unwrap_err().column, 1);
        assert_eq!("c".parse::<Coords>().unwrap_err().column, 2);
        assert_eq!("c0".parse::<Coords>().unwrap_err().column, 2);
        assert_eq!("c3+x".parse::<Coords>().unwrap_err().column, 4);
        assert_eq!("1,2".parse::<Coords>().unwrap_err().column, 1);
        assert_eq!("1,a,2".parse::<Coords>().unwrap_err().column, 3);
    }

    #[test]
    fn points_off_the_board_are_refused_after_syntax() {
        let g = Geometry::of(4).unwrap();
        assert!(parse_move(g, "e1").is_err());
        assert!(parse_move(g, "a1+4").is_err());
        assert!(parse_move(g, "a1+3").is_ok());
        assert_eq!(parse_move(g, "PASS").unwrap(), Move::Pass);
        assert_eq!(parse_move(g, "swap").unwrap(), Move::Swap);
    }

    #[test]
    fn columns_count_characters_and_a_byte_order_mark_is_skipped() {
        let list = parse_move_list("\u{feff}a1\u{3000}b2\n\té3 c3").unwrap_err();
        assert_eq!((list.line, list.column, list.token.as_str()), (2, 2, "é3"));
        let list = parse_move_list("\u{feff}a1\u{3000}b2  c3").unwrap();
        let at: Vec<_> = list.iter().map(|m| m.column).collect();
        assert_eq!(at, [1, 4, 8]);
    }

    #[test]
    fn move_lists_report_ply_line_and_column() {
        let list = parse_move_list("0,1,1 b2\n  pass # comment c9x\nswap").unwrap();
        assert_eq!(list.len(), 4);
        assert_eq!((list[2].line, list[2].column, list[2].ply), (2, 3, 2));
        let err = parse_move_list("a1 b2\nc3 q\n").unwrap_err();
        assert_eq!((err.ply, err.line, err.column), (3, 2, 5));
        assert_eq!(err.token, "q");
    }
}
