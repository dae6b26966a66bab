//! Transcript files: optional setup lines, then turns one per line, each optionally
//! followed by its score line and by board tables of the position after it.
//!
//! ```text
//! # comments start with '#'
//! variations: handicap          (optional; names as Options::parse_list reads them)
//! setup black: a1 b1 c1 d1 e1 f1 d2 e2
//! setup white: a8 b8 c8 d8 e8 f8 d7 e7
//! 1. d2>d3; d3>d4; e2>e3; e3>e4.
//! 0(0)-0(0)
//! glyphs: ●=black ♙=white       (optional, for the next board table)
//! 8<TAB>...                     (a board table: rows 8 to 1, then <TAB>a<TAB>b...)
//! variation from 15             (turns replacing the main line from turn 15 on)
//! 15. ...
//! end variation
//! ```
//!
//! A transcript may instead start from a diagram: `start: white to move`, an
//! optional score line and a board table whose empty cells are empty squares.
//!
//! The rule book prints each score line and board above the turn they follow; in a
//! file they come after it, except inside the book's HTML table cells, where a line
//! with markup gives its score lines to the turn that follows them in that line.

use super::notation::{self, ScoreLine, TurnText};
use super::options::Options;
use super::square::{ByColor, Color, Square};
use super::table::{self, BoardTable, Legend};
use super::text::{Quirk, QuirkKind, decode};

/// A value and the 1-based line and column it was read at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// The value.
    pub value: T,
}

/// A board table and how to read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableEntry {
    /// 1-based line of the table's first row.
    pub line: usize,
    /// The cells.
    pub table: BoardTable,
    /// The meaning of its glyphs.
    pub legend: Legend,
}

/// A turn with what the transcript says about the position after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnEntry {
    /// 1-based line of the turn.
    pub line: usize,
    /// The turn as written.
    pub turn: TurnText,
    /// Its score line.
    pub score: Option<Located<ScoreLine>>,
    /// Board tables printed after it.
    pub tables: Vec<TableEntry>,
}

/// Turns replacing the main line from turn `from_turn` on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// 1-based line of `variation from N`.
    pub line: usize,
    /// The main-line turn it replaces; it starts from the position before that turn.
    pub from_turn: u16,
    /// Its turns.
    pub turns: Vec<TurnEntry>,
}

/// A transcript that starts from a diagram rather than a setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// 1-based line of `start:`.
    pub line: usize,
    /// The side to move.
    pub to_move: Color,
    /// The standings, if a score line is given.
    pub score: Option<ScoreLine>,
    /// The position.
    pub table: Option<TableEntry>,
}

/// A parsed transcript.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Transcript {
    /// `setup black:` and `setup white:` lines (squares in the order written).
    pub setup: ByColor<Option<Located<Vec<Square>>>>,
    /// A starting diagram, instead of a setup.
    pub start: Option<Start>,
    /// Variations in play.
    pub options: Options,
    /// The main line.
    pub main: Vec<TurnEntry>,
    /// Variations, in the order written.
    pub variations: Vec<Variation>,
    /// Quirks tolerated, with their 1-based line.
    pub quirks: Vec<(usize, Quirk)>,
}

/// A transcript that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct TranscriptError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

fn fail<T>(line: usize, column: usize, message: impl Into<String>) -> Result<T, TranscriptError> {
    Err(TranscriptError {
        line,
        column,
        message: message.into(),
    })
}

struct Reader {
    t: Transcript,
    variation: Option<Variation>,
    legend: Option<Legend>,
}

impl Reader {
    fn turns(&mut self) -> &mut Vec<TurnEntry> {
        match &mut self.variation {
            Some(v) => &mut v.turns,
            None => &mut self.t.main,
        }
    }

    fn any_turn(&self) -> bool {
        !self.t.main.is_empty() || self.variation.is_some() || !self.t.variations.is_empty()
    }

    fn directive(&mut self, n: usize, line: &str) -> Result<bool, TranscriptError> {
        let Some((key, rest)) = line.split_once(':') else {
            return self.bare_directive(n, line);
        };
        let value_column = key.chars().count() + 2 + (rest.len() - rest.trim_start().len());
        let value = rest.trim();
        match key.trim() {
            "setup black" | "setup white" => {
                let color = if key.trim() == "setup black" {
                    Color::Black
                } else {
                    Color::White
                };
                if self.any_turn() {
                    return fail(n, 1, "setup lines come before the first turn");
                }
                if let Some(first) = self.t.setup.get(color) {
                    return fail(
                        n,
                        1,
                        format!(
                            "a second `{}:` line (the first is line {})",
                            key.trim(),
                            first.line
                        ),
                    );
                }
                let squares = read_squares(n, line, value_column)?;
                *self.t.setup.get_mut(color) = Some(Located {
                    line: n,
                    column: value_column,
                    value: squares,
                });
            }
            "variations" => {
                self.t.options =
                    Options::parse_list(value).or_else(|e| fail(n, value_column, e.to_string()))?;
            }
            "glyphs" => {
                self.legend =
                    Some(Legend::parse(value).or_else(|e| fail(n, value_column, e.to_string()))?);
            }
            "start" => {
                if let Some(first) = &self.t.start {
                    return fail(
                        n,
                        1,
                        format!("a second `start:` line (the first is line {})", first.line),
                    );
                }
                let to_move = match value {
                    "black to move" => Color::Black,
                    "white to move" => Color::White,
                    _ => {
                        return fail(
                            n,
                            value_column,
                            "expected `black to move` or `white to move`",
                        );
                    }
                };
                self.t.start = Some(Start {
                    line: n,
                    to_move,
                    score: None,
                    table: None,
                });
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn bare_directive(&mut self, n: usize, line: &str) -> Result<bool, TranscriptError> {
        if let Some(rest) = line.strip_prefix("variation from ") {
            if self.variation.is_some() {
                return fail(
                    n,
                    1,
                    "a variation cannot start inside another; close it with `end variation`",
                );
            }
            let from_turn = rest
                .trim()
                .parse()
                .or_else(|_| fail(n, 16, "expected the turn number it replaces"))?;
            self.variation = Some(Variation {
                line: n,
                from_turn,
                turns: Vec::new(),
            });
            return Ok(true);
        }
        if line.trim() == "end variation" {
            let Some(v) = self.variation.take() else {
                return fail(n, 1, "`end variation` without `variation from N`");
            };
            self.t.variations.push(v);
            return Ok(true);
        }
        Ok(false)
    }

    fn table(&mut self, n: usize, lines: &[&str]) -> Result<(), TranscriptError> {
        let (table, quirks) = BoardTable::parse(lines).map_err(|e| TranscriptError {
            line: n + e.line,
            column: e.column,
            message: e.message,
        })?;
        self.t
            .quirks
            .extend(quirks.into_iter().map(|(k, q)| (n + k, q)));
        let at_start = !self.any_turn() && self.t.start.is_some();
        let mut legend = self.legend.take().unwrap_or_default();
        if at_start {
            legend.blanks_empty = true;
            if let Some(start) = &mut self.t.start {
                start.table = Some(TableEntry {
                    line: n,
                    table,
                    legend,
                });
            }
            return Ok(());
        }
        match self.turns().last_mut() {
            Some(turn) => turn.tables.push(TableEntry {
                line: n,
                table,
                legend,
            }),
            None => return fail(n, 1, "a board table before any turn needs a `start:` line"),
        }
        Ok(())
    }

    fn items(&mut self, n: usize, line: &str) -> Result<(), TranscriptError> {
        let d = decode(line);
        let markup = d.quirks.iter().any(|q| q.kind == QuirkKind::HtmlMarkup);
        self.t
            .quirks
            .extend(d.quirks.iter().cloned().map(|q| (n, q)));
        let mut pending_score: Option<Located<ScoreLine>> = None;
        for seg in d.segments() {
            let column = seg[0].1;
            if notation::looks_like_turn(seg) {
                let (turn, quirks) = notation::parse_turn(seg, d.end_column)
                    .or_else(|e| fail(n, e.column, e.message))?;
                self.t.quirks.extend(quirks.into_iter().map(|q| (n, q)));
                let score = pending_score.take();
                self.turns().push(TurnEntry {
                    line: n,
                    turn,
                    score,
                    tables: Vec::new(),
                });
            } else if notation::looks_like_score(seg) {
                let value = notation::parse_score_line(seg, d.end_column)
                    .or_else(|e| fail(n, e.column, e.message))?;
                let located = Located {
                    line: n,
                    column,
                    value,
                };
                if markup {
                    pending_score = Some(located);
                } else {
                    self.attach_score(located)?;
                }
            } else {
                return fail(
                    n,
                    column,
                    "expected a turn (`N. ...`), a score line, a board table or a directive",
                );
            }
        }
        if let Some(score) = pending_score {
            self.attach_score(score)?;
        }
        Ok(())
    }

    fn attach_score(&mut self, score: Located<ScoreLine>) -> Result<(), TranscriptError> {
        if let Some(turn) = self.turns().last_mut() {
            if let Some(old) = &turn.score {
                return fail(
                    score.line,
                    score.column,
                    format!("turn already has a score line (line {})", old.line),
                );
            }
            turn.score = Some(score);
            return Ok(());
        }
        match &mut self.t.start {
            Some(start) if start.score.is_none() => {
                start.score = Some(score.value);
                Ok(())
            }
            _ => fail(
                score.line,
                score.column,
                "a score line before any turn needs a `start:` line",
            ),
        }
    }
}

fn read_squares(n: usize, line: &str, value_column: usize) -> Result<Vec<Square>, TranscriptError> {
    let mut squares = Vec::new();
    let chars: Vec<char> = line.chars().collect();
    let mut k = value_column - 1;
    while k < chars.len() {
        if chars[k].is_whitespace() || chars[k] == ',' {
            k += 1;
            continue;
        }
        let column = k + 1;
        let start = k;
        while k < chars.len() && !chars[k].is_whitespace() && chars[k] != ',' {
            k += 1;
        }
        let word: String = chars[start..k].iter().collect();
        let sq = word
            .parse::<Square>()
            .or_else(|_| fail(n, column, format!("`{word}` is not a square (a1 to i8)")))?;
        squares.push(sq);
    }
    Ok(squares)
}

/// Reads a transcript.
pub fn parse(text: &str) -> Result<Transcript, TranscriptError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    let mut r = Reader {
        t: Transcript::default(),
        variation: None,
        legend: None,
    };
    let mut i = 0;
    while i < lines.len() {
        let n = i + 1;
        let line = lines[i];
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            i += 1;
            continue;
        }
        if table::is_table_line(line) {
            let end = (i + 9).min(lines.len());
            r.table(n, &lines[i..end])?;
            i = end;
            continue;
        }
        if !r.directive(n, line)? {
            r.items(n, line)?;
        }
        i += 1;
    }
    if let Some(v) = r.variation {
        return fail(v.line, 1, "variation not closed with `end variation`");
    }
    // Once, at the end: sorting after every line made long transcripts
    // quadratic. The sort is stable, so the order is the same.
    r.t.quirks.sort_by_key(|(l, q)| (*l, q.column));
    Ok(r.t)
}
