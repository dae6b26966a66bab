//! The rule book's notation (rulings B7), parsed in two steps: text to syntax
//! ([`parse_turn`], [`parse_score_line`]; errors carry the column), then syntax plus
//! position to a [`Step`] ([`StepSyntax::resolve`]; errors say why the step is
//! illegal). The parser accepts the book's transcripts as printed and reports each
//! departure from the plain notation as a [`Quirk`].
//!
//! ```
//! use cannonball_rules::margrites::notation::parse_turn_str;
//! let (turn, quirks) = parse_turn_str("12. b5>a4; a4>a3; c5>b5(xd5); b5>a4.").unwrap();
//! assert_eq!(turn.number, 12);
//! assert!(quirks.is_empty());
//! let (_, quirks) = parse_turn_str("10. a4&gt;a3; a3&gt;a2; a2&gt;a1: W++").unwrap();
//! assert_eq!(quirks.len(), 6); // three `&gt;`, the colon, the bare W++, no final period
//! ```

use std::fmt;

use super::capture::Cascade;
use super::position::Position;
use super::setup::Tally;
use super::square::{ByColor, Color, Square};
use super::step::{IllegalStep, Step};

pub use super::text::{Decoded, Quirk, QuirkKind, SyntaxError, decode};

/// A square as written; may lie off the board (`c9`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Coord {
    /// File, 0 for `a`.
    pub file: u8,
    /// Rank number as written (1 is row 1).
    pub rank: u32,
}

impl Coord {
    /// The square, if the coordinate is on the board.
    #[must_use]
    pub fn square(self) -> Option<Square> {
        let rank = u8::try_from(self.rank.checked_sub(1)?).ok()?;
        Square::from_coords(self.file, rank)
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file), self.rank)
    }
}

/// A step as written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StepSyntax {
    /// `d2>d3`.
    Move {
        /// From.
        from: Coord,
        /// To.
        to: Coord,
    },
    /// `e8>B++`, or a bare `W++` (from the square the previous step reached).
    Score {
        /// From, when written.
        from: Option<Coord>,
        /// The letter written.
        color: Color,
    },
    /// `B++>e8`: a scored piece returns (variation).
    Return {
        /// The letter written.
        color: Color,
        /// The exit square.
        to: Coord,
    },
}

/// One listed capture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CaptureText {
    /// `xg4`.
    Square(Coord),
    /// Something after `x` that is no square (the book's `(xed)`): it stands for one
    /// capture whose square cannot be read.
    Unreadable(String),
}

/// A step with its listed captures and where it stands in the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepText {
    /// The step.
    pub step: StepSyntax,
    /// Listed captures, in the order written.
    pub captures: Vec<CaptureText>,
    /// 1-based column of the step's first character.
    pub column: usize,
}

/// What a turn line says happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnBody {
    /// Steps; `incomplete` when the line ends with `...` (the rest not given).
    Steps {
        /// The steps.
        steps: Vec<StepText>,
        /// Whether the turn is cut short with `...`.
        incomplete: bool,
    },
    /// `19. R1(3)-2(3).`: the side marked `R` resigns.
    Resignation(ScoreLine),
    /// `7. forfeit.`: no legal first step.
    Forfeit,
}

/// A turn line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnText {
    /// The number written.
    pub number: u32,
    /// 1-based column of the number.
    pub column: usize,
    /// What happened.
    pub body: TurnBody,
}

/// What a score line claims about the result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// `Black wins.`
    Wins(Color),
    /// `Draw.`
    Draw,
}

/// A score line `B(bc)-W(wc)`: points and captures, Black first, `R` before a side
/// that resigned, and an optional claim (`: White wins.`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScoreLine {
    /// Points and captures.
    pub tallies: ByColor<Tally>,
    /// The side marked `R`.
    pub resigned: Option<Color>,
    /// The result claimed after the line.
    pub claim: Option<Claim>,
}

impl ScoreLine {
    /// The standings alone: no resignation, no claim.
    #[must_use]
    pub const fn standings(tallies: ByColor<Tally>) -> ScoreLine {
        ScoreLine {
            tallies,
            resigned: None,
            claim: None,
        }
    }
}

/// The standings as a score line without resignation or claim: `B(bc)-W(wc)`,
/// as transcripts, puzzle files, reports and figures write them.
///
/// ```
/// use cannonball_rules::margrites::notation::standings_text;
/// use cannonball_rules::margrites::{ByColor, Tally};
/// let s = ByColor { black: Tally { points: 1, captures: 2 }, white: Tally::default() };
/// assert_eq!(standings_text(&s), "1(2)-0(0)");
/// ```
#[must_use]
pub fn standings_text(tallies: &ByColor<Tally>) -> String {
    ScoreLine::standings(*tallies).to_string()
}

impl fmt::Display for ScoreLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for color in Color::ALL {
            if color == Color::White {
                f.write_str("-")?;
            }
            if self.resigned == Some(color) {
                f.write_str("R")?;
            }
            let t = self.tallies.get(color);
            write!(f, "{}({})", t.points, t.captures)?;
        }
        match self.claim {
            Some(Claim::Wins(c)) => write!(f, ": {c} wins."),
            Some(Claim::Draw) => f.write_str(": Draw."),
            None => Ok(()),
        }
    }
}

/// A character stream over a decoded segment of a line.
struct Cursor<'a> {
    text: &'a [(char, usize)],
    at: usize,
    quirks: Vec<Quirk>,
    end_column: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at).map(|c| c.0)
    }
    fn peek_at(&self, k: usize) -> Option<char> {
        self.text.get(self.at + k).map(|c| c.0)
    }
    fn column(&self) -> usize {
        self.text.get(self.at).map_or(self.end_column, |c| c.1)
    }
    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        Some(c)
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn skip_ws(&mut self) -> bool {
        let start = self.at;
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
        self.at > start
    }
    fn starts_with(&self, s: &str) -> bool {
        s.chars()
            .enumerate()
            .all(|(k, c)| self.peek_at(k) == Some(c))
    }
    fn advance(&mut self, n: usize) {
        self.at = (self.at + n).min(self.text.len());
    }
    fn at_end(&self) -> bool {
        self.at >= self.text.len()
    }
    fn error<T>(&self, message: impl Into<String>) -> Result<T, SyntaxError> {
        Err(SyntaxError {
            column: self.column(),
            message: message.into(),
        })
    }
    fn quirk(&mut self, column: usize, kind: QuirkKind) {
        self.quirks.push(Quirk { column, kind });
    }
    /// The digits at the cursor as a number (`None` when there are none); a
    /// number too large for `u32` is an error at its first digit.
    fn number(&mut self) -> Result<Option<u32>, SyntaxError> {
        let column = self.column();
        let mut n: Option<u32> = None;
        let mut overflow = false;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            match n
                .unwrap_or(0)
                .checked_mul(10)
                .and_then(|v| v.checked_add(d))
            {
                Some(v) => n = Some(v),
                None => overflow = true,
            }
            self.at += 1;
        }
        if overflow {
            return Err(SyntaxError {
                column,
                message: format!("number too large (at most {})", u32::MAX),
            });
        }
        Ok(n)
    }
    fn describe_next(&self) -> String {
        match self.peek() {
            Some(c) => format!("`{c}`"),
            None => "the end of the line".to_string(),
        }
    }
}

fn cursor(d: &[(char, usize)], end_column: usize) -> Cursor<'_> {
    Cursor {
        text: d,
        at: 0,
        quirks: Vec::new(),
        end_column,
    }
}

fn score_letter(c: &Cursor<'_>) -> Option<Color> {
    if c.starts_with("B++") {
        Some(Color::Black)
    } else if c.starts_with("W++") {
        Some(Color::White)
    } else {
        None
    }
}

/// Reads a square name; with `tolerate_stray`, `ef6` is read as `f6` with a quirk.
fn coord(c: &mut Cursor<'_>, tolerate_stray: bool) -> Result<Coord, SyntaxError> {
    let column = c.column();
    let letter = |ch: Option<char>| ch.filter(char::is_ascii_lowercase);
    let Some(mut file) = letter(c.peek()) else {
        return c.error(format!(
            "expected a square (like e4), found {}",
            c.describe_next()
        ));
    };
    if tolerate_stray
        && letter(c.peek_at(1)).is_some()
        && c.peek_at(2).is_some_and(|d| d.is_ascii_digit())
    {
        let stray = file;
        c.bump();
        file = c.peek().unwrap_or(file);
        c.quirk(column, QuirkKind::StrayLetter { stray, read: file });
    }
    c.bump();
    let Some(rank) = c.number()? else {
        return c.error(format!(
            "expected a rank after `{file}`, found {}",
            c.describe_next()
        ));
    };
    Ok(Coord {
        file: file as u8 - b'a',
        rank,
    })
}

fn captures(c: &mut Cursor<'_>) -> Result<Vec<CaptureText>, SyntaxError> {
    let mut out = Vec::new();
    loop {
        c.skip_ws();
        let column = c.column();
        if !c.eat('x') {
            return c.error(format!(
                "expected `x` and a captured square, found {}",
                c.describe_next()
            ));
        }
        let save = c.at;
        let saved_quirks = c.quirks.len();
        match coord(c, false) {
            Ok(sq) if matches!(c.peek(), Some(',' | ')' | ' ')) => {
                out.push(CaptureText::Square(sq));
            }
            _ => {
                c.at = save;
                c.quirks.truncate(saved_quirks);
                let mut text = String::from("x");
                while let Some(ch) = c.peek().filter(|&ch| ch != ',' && ch != ')') {
                    text.push(ch);
                    c.bump();
                }
                c.quirk(column, QuirkKind::UnreadableCapture(text.clone()));
                out.push(CaptureText::Unreadable(text));
            }
        }
        c.skip_ws();
        if c.eat(')') {
            return Ok(out);
        }
        if !c.eat(',') {
            return c.error(format!(
                "expected `,` or `)` in the capture list, found {}",
                c.describe_next()
            ));
        }
    }
}

fn step(c: &mut Cursor<'_>) -> Result<StepText, SyntaxError> {
    let column = c.column();
    let step = if let Some(color) = score_letter(c) {
        c.advance(3);
        if c.eat('>') {
            StepSyntax::Return {
                color,
                to: coord(c, false)?,
            }
        } else {
            c.quirk(column, QuirkKind::BareScore(color));
            StepSyntax::Score { from: None, color }
        }
    } else {
        let from = coord(c, false)?;
        if !c.eat('>') {
            return c.error(format!(
                "expected `>` after {from}, found {}",
                c.describe_next()
            ));
        }
        if let Some(color) = score_letter(c) {
            c.advance(3);
            StepSyntax::Score {
                from: Some(from),
                color,
            }
        } else {
            StepSyntax::Move {
                from,
                to: coord(c, true)?,
            }
        }
    };
    let save = c.at;
    let space_column = c.column();
    let spaced = c.skip_ws();
    let captures = if c.eat('(') {
        if spaced {
            c.quirk(space_column, QuirkKind::SpaceBeforeCaptures);
        }
        captures(c)?
    } else {
        c.at = save;
        Vec::new()
    };
    Ok(StepText {
        step,
        captures,
        column,
    })
}

fn steps_body(c: &mut Cursor<'_>) -> Result<TurnBody, SyntaxError> {
    let mut steps = Vec::new();
    loop {
        c.skip_ws();
        if c.starts_with("...") {
            c.advance(3);
            c.skip_ws();
            c.eat('.');
            return Ok(TurnBody::Steps {
                steps,
                incomplete: true,
            });
        }
        steps.push(step(c)?);
        let space_column = c.column();
        let spaced = c.skip_ws();
        let sep_column = c.column();
        match c.peek() {
            Some(';') => {
                if spaced {
                    c.quirk(space_column, QuirkKind::SpaceBeforeSeparator);
                }
                c.bump();
            }
            Some(':') => {
                c.quirk(sep_column, QuirkKind::ColonSeparator);
                c.bump();
            }
            Some('.') => {
                c.bump();
                return Ok(TurnBody::Steps {
                    steps,
                    incomplete: false,
                });
            }
            None => {
                c.quirk(sep_column, QuirkKind::MissingPeriod);
                return Ok(TurnBody::Steps {
                    steps,
                    incomplete: false,
                });
            }
            Some(_) => {
                return c.error(format!(
                    "expected `;` or `.` after a step, found {}",
                    c.describe_next()
                ));
            }
        }
    }
}

fn looks_like_score_line(c: &Cursor<'_>) -> bool {
    let mut k = usize::from(c.peek() == Some('R'));
    if !c.peek_at(k).is_some_and(|d| d.is_ascii_digit()) {
        return false;
    }
    while c.peek_at(k).is_some_and(|d| d.is_ascii_digit()) {
        k += 1;
    }
    c.peek_at(k) == Some('(')
}

fn tally(c: &mut Cursor<'_>) -> Result<(Tally, bool), SyntaxError> {
    let resigned = c.eat('R');
    let points_column = c.column();
    let Some(points) = c.number()? else {
        return c.error(format!("expected points, found {}", c.describe_next()));
    };
    if !c.eat('(') {
        return c.error(format!(
            "expected `(` and captures, found {}",
            c.describe_next()
        ));
    }
    let captures_column = c.column();
    let Some(captures) = c.number()? else {
        return c.error(format!("expected captures, found {}", c.describe_next()));
    };
    if !c.eat(')') {
        return c.error(format!("expected `)`, found {}", c.describe_next()));
    }
    let fit = |n: u32, column: usize, what: &str| {
        u8::try_from(n).map_err(|_| SyntaxError {
            column,
            message: format!("{n} {what} is more than a score can hold ({})", u8::MAX),
        })
    };
    Ok((
        Tally {
            points: fit(points, points_column, "points")?,
            captures: fit(captures, captures_column, "captures")?,
        },
        resigned,
    ))
}

fn score_line_in(c: &mut Cursor<'_>) -> Result<ScoreLine, SyntaxError> {
    c.skip_ws();
    let (black, black_resigned) = tally(c)?;
    c.skip_ws();
    if !c.eat('-') {
        return c.error(format!(
            "expected `-` between Black's and White's tallies, found {}",
            c.describe_next()
        ));
    }
    c.skip_ws();
    let column = c.column();
    let (white, white_resigned) = tally(c)?;
    let resigned = match (black_resigned, white_resigned) {
        (true, true) => {
            return Err(SyntaxError {
                column,
                message: "both sides marked R (resigned)".into(),
            });
        }
        (true, false) => Some(Color::Black),
        (false, true) => Some(Color::White),
        (false, false) => None,
    };
    c.skip_ws();
    let claim_start = c.at;
    c.eat(':');
    c.eat('.');
    c.skip_ws();
    let claim = if c.starts_with("Black wins") || c.starts_with("White wins") {
        let color = if c.peek() == Some('B') {
            Color::Black
        } else {
            Color::White
        };
        c.advance(10);
        Some(Claim::Wins(color))
    } else if c.starts_with("Draw") {
        c.advance(4);
        Some(Claim::Draw)
    } else {
        c.at = claim_start;
        None
    };
    c.skip_ws();
    c.eat('.');
    Ok(ScoreLine {
        tallies: ByColor { black, white },
        resigned,
        claim,
    })
}

fn expect_end(c: &mut Cursor<'_>) -> Result<(), SyntaxError> {
    c.skip_ws();
    if c.at_end() {
        Ok(())
    } else {
        c.error(format!("unexpected {} after the end", c.describe_next()))
    }
}

/// Whether a decoded segment starts like a turn line (`12.`).
#[must_use]
pub fn looks_like_turn(seg: &[(char, usize)]) -> bool {
    let digits = seg.iter().take_while(|c| c.0.is_ascii_digit()).count();
    digits > 0
        && seg[digits..]
            .iter()
            .find(|c| !c.0.is_whitespace())
            .is_some_and(|c| c.0 == '.')
}

/// Whether a decoded segment starts like a score line (`0(0)-0(0)`, `R1(3)-...`).
#[must_use]
pub fn looks_like_score(seg: &[(char, usize)]) -> bool {
    looks_like_score_line(&cursor(seg, 0))
}

/// Parses one turn from a decoded segment.
pub fn parse_turn(
    seg: &[(char, usize)],
    end_column: usize,
) -> Result<(TurnText, Vec<Quirk>), SyntaxError> {
    let mut c = cursor(seg, end_column);
    c.skip_ws();
    let column = c.column();
    let Some(number) = c.number()? else {
        return c.error(format!(
            "expected a turn number, found {}",
            c.describe_next()
        ));
    };
    c.skip_ws();
    if !c.eat('.') {
        return c.error(format!(
            "expected `.` after the turn number, found {}",
            c.describe_next()
        ));
    }
    c.skip_ws();
    let body = if c.starts_with("forfeit") {
        c.advance(7);
        c.eat('.');
        TurnBody::Forfeit
    } else if looks_like_score_line(&c) {
        let line_column = c.column();
        let line = score_line_in(&mut c)?;
        if line.resigned.is_none() {
            return Err(SyntaxError {
                column: line_column,
                message: "a score line in place of steps must mark the side that resigns with R"
                    .into(),
            });
        }
        TurnBody::Resignation(line)
    } else {
        steps_body(&mut c)?
    };
    expect_end(&mut c)?;
    Ok((
        TurnText {
            number,
            column,
            body,
        },
        c.quirks,
    ))
}

/// Parses one score line from a decoded segment.
pub fn parse_score_line(
    seg: &[(char, usize)],
    end_column: usize,
) -> Result<ScoreLine, SyntaxError> {
    let mut c = cursor(seg, end_column);
    let line = score_line_in(&mut c)?;
    expect_end(&mut c)?;
    Ok(line)
}

/// Parses a turn from plain text (entities decoded, markup ignored).
pub fn parse_turn_str(text: &str) -> Result<(TurnText, Vec<Quirk>), SyntaxError> {
    let d = decode(text);
    let (turn, mut quirks) = parse_turn(&d.chars, d.end_column)?;
    let mut all = d.quirks;
    all.append(&mut quirks);
    all.sort_by_key(|q| q.column);
    Ok((turn, all))
}

/// Parses a score line from plain text.
pub fn parse_score_line_str(text: &str) -> Result<ScoreLine, SyntaxError> {
    let d = decode(text);
    parse_score_line(&d.chars, d.end_column)
}

impl StepSyntax {
    /// The step this syntax names in `pos`. `previous_to` is where the turn's
    /// previous step ended, for a bare `W++`. Only what the text itself decides is
    /// checked here (squares on the board, the score letter); the rest is
    /// [`Position::play_step`]'s job.
    pub fn resolve(
        &self,
        pos: &Position,
        previous_to: Option<Square>,
    ) -> Result<Step, IllegalStep> {
        let on_board = |c: Coord| {
            c.square()
                .ok_or_else(|| IllegalStep::OffBoard(c.to_string()))
        };
        match *self {
            StepSyntax::Move { from, to } => Ok(Step::Move {
                from: on_board(from)?,
                to: on_board(to)?,
            }),
            StepSyntax::Score { from, color } => {
                if color != pos.to_move() {
                    return Err(IllegalStep::ScoreLetter {
                        written: color,
                        mover: pos.to_move(),
                    });
                }
                let from = match from {
                    Some(c) => on_board(c)?,
                    None => previous_to.ok_or(IllegalStep::BareScore)?,
                };
                Ok(Step::Score { from })
            }
            StepSyntax::Return { color, to } => {
                if color != pos.to_move() {
                    return Err(IllegalStep::ScoreLetter {
                        written: color,
                        mover: pos.to_move(),
                    });
                }
                Ok(Step::Return { to: on_board(to)? })
            }
        }
    }
}

/// Writes a step with the captures it caused, round by round, each round in
/// reading order: `f6>f5(xg4, xf4)`.
#[must_use]
pub fn format_step(step: Step, cascade: &Cascade) -> String {
    let mut s = step.to_string();
    if !cascade.is_empty() {
        let caps: Vec<String> = cascade
            .in_notation_order()
            .map(|sq| format!("x{sq}"))
            .collect();
        s.push('(');
        s.push_str(&caps.join(", "));
        s.push(')');
    }
    s
}

/// Writes a turn: `12. b5>a4; a4>a3; c5>b5(xd5); b5>a4.`, or `7. forfeit.`.
#[must_use]
pub fn format_turn(number: u16, steps: &[(Step, Cascade)]) -> String {
    if steps.is_empty() {
        return format!("{number}. forfeit.");
    }
    let parts: Vec<String> = steps.iter().map(|(s, c)| format_step(*s, c)).collect();
    format!("{number}. {}.", parts.join("; "))
}
