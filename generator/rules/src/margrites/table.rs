//! Positions as text: the rule book's board tables (tab-separated rows `8` down to
//! `1`, then a row of file letters) and plain text diagrams.
//!
//! The book draws pieces with several glyphs. From the captions: `B`, `♚` and `♜`
//! are Black (Illustrations 7, 11, 13 and the first annotated game); `W`, `♙` and `♞`
//! are White. `●` is Black where it appears beside `♙` (the second annotated game) and
//! a piece of either colour where it appears alone (the end comments of the first
//! game, whose 11 dots are 8 Black and 3 White pieces). A [`Legend`] says what each
//! glyph means; any other mark (the digits of Illustration 12) is not a piece.
//! Pictures were lost when the book became text, so in a table printed after a turn
//! an empty cell says nothing: only the glyphs that survive are facts.

use super::square::{ByColor, Color, FILES, RANKS, Square};
use super::squareset::SquareSet;
use super::text::{Quirk, QuirkKind};

/// What a glyph in a table stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A piece of this colour.
    Piece(Color),
    /// A piece of either colour.
    AnyPiece,
}

/// The meaning of each glyph in a table, and of its empty cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Legend {
    /// Glyphs and their meaning, looked up in order.
    pub glyphs: Vec<(char, Glyph)>,
    /// Whether an empty cell means an empty square (`true`) or nothing known.
    pub blanks_empty: bool,
}

impl Default for Legend {
    fn default() -> Legend {
        let b = Glyph::Piece(Color::Black);
        let w = Glyph::Piece(Color::White);
        Legend {
            glyphs: vec![
                ('B', b),
                ('♚', b),
                ('♜', b),
                ('W', w),
                ('♙', w),
                ('♞', w),
                ('●', Glyph::AnyPiece),
            ],
            blanks_empty: false,
        }
    }
}

impl Legend {
    /// What `c` stands for, if it is a piece.
    #[must_use]
    pub fn meaning(&self, c: char) -> Option<Glyph> {
        self.glyphs.iter().find(|g| g.0 == c).map(|g| g.1)
    }

    /// Reads `●=black ♙=white blanks=empty` (glyph=black|white|any, blanks=empty|unknown);
    /// entries override the defaults.
    ///
    /// ```
    /// use cannonball_rules::margrites::Color;
    /// use cannonball_rules::margrites::table::{Glyph, Legend, LegendError};
    /// let legend = Legend::parse("●=black blanks=empty").unwrap();
    /// assert_eq!(legend.meaning('●'), Some(Glyph::Piece(Color::Black)));
    /// assert!(legend.blanks_empty);
    /// assert_eq!(Legend::parse("●=red"), Err(LegendError::Meaning("red".into())));
    /// ```
    pub fn parse(text: &str) -> Result<Legend, LegendError> {
        let mut legend = Legend::default();
        for word in text.split_whitespace() {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| LegendError::NotAnEntry(word.to_string()))?;
            if key == "blanks" {
                legend.blanks_empty = match value {
                    "empty" => true,
                    "unknown" => false,
                    _ => return Err(LegendError::Blanks(value.to_string())),
                };
                continue;
            }
            let mut chars = key.chars();
            let (Some(glyph), None) = (chars.next(), chars.next()) else {
                return Err(LegendError::Glyph(key.to_string()));
            };
            let meaning = match value {
                "black" => Glyph::Piece(Color::Black),
                "white" => Glyph::Piece(Color::White),
                "any" => Glyph::AnyPiece,
                _ => return Err(LegendError::Meaning(value.to_string())),
            };
            legend.glyphs.retain(|g| g.0 != glyph);
            legend.glyphs.insert(0, (glyph, meaning));
        }
        Ok(legend)
    }
}

/// A `glyphs:` line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LegendError {
    /// A word that is not `glyph=meaning`.
    #[error("expected glyph=meaning, found `{0}`")]
    NotAnEntry(String),
    /// `blanks=` with something else than `empty` or `unknown`.
    #[error("blanks must be `empty` or `unknown`, found `{0}`")]
    Blanks(String),
    /// A glyph of more than one character.
    #[error("a glyph is one character, found `{0}`")]
    Glyph(String),
    /// A meaning other than `black`, `white` or `any`.
    #[error("a glyph means black, white or any, found `{0}`")]
    Meaning(String),
}

/// A board table as printed: the text of each cell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardTable {
    /// Cell text by rank (0 = row 1) and file; `None` for an empty cell or a file the
    /// table does not have.
    pub cells: [[Option<char>; FILES as usize]; RANKS as usize],
    /// How many files the table has (the book sometimes prints only `a` to `h`).
    pub files: usize,
}

/// A table row that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct TableError {
    /// 0-based index of the offending line among the lines given.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Whether a line is a table row (`8\t...`) or the footer (`\ta\tb...`).
#[must_use]
pub fn is_table_line(line: &str) -> bool {
    let b = line.as_bytes();
    (b.len() >= 2 && (b'1'..=b'8').contains(&b[0]) && b[1] == b'\t') || line.starts_with("\ta\t")
}

/// The number of files a table's footer (`\ta\tb...`) names.
fn footer_files(footer: &str) -> Result<usize, TableError> {
    let footer: Vec<&str> = footer.split('\t').collect();
    let files = footer.len().saturating_sub(1);
    let expected: Vec<String> = (0..files)
        .map(|f| char::from(b'a' + f as u8).to_string())
        .collect();
    if footer.first() != Some(&"")
        || !(1..=usize::from(FILES)).contains(&files)
        || footer[1..] != expected
    {
        return Err(TableError {
            line: 8,
            column: 1,
            message: "expected the file letters `\\ta\\tb...` under the rows".into(),
        });
    }
    Ok(files)
}

impl BoardTable {
    /// Reads the nine lines of a table: rows `8` to `1`, then the file letters.
    pub fn parse(lines: &[&str]) -> Result<(BoardTable, Vec<(usize, Quirk)>), TableError> {
        if lines.len() != usize::from(RANKS) + 1 {
            return Err(TableError {
                line: 0,
                column: 1,
                message: format!(
                    "a board table has 8 rows and a row of letters, found {} lines",
                    lines.len()
                ),
            });
        }
        let files = footer_files(lines[8])?;
        let mut table = BoardTable {
            files,
            ..BoardTable::default()
        };
        let mut quirks = Vec::new();
        if files < usize::from(FILES) {
            quirks.push((
                8,
                Quirk {
                    column: 1,
                    kind: QuirkKind::NarrowTable(files),
                },
            ));
        }
        for (k, line) in lines[..8].iter().enumerate() {
            table.read_row(k, line)?;
        }
        Ok((table, quirks))
    }

    /// Reads the `k`-th row line (row `8 - k`) into the cells.
    fn read_row(&mut self, k: usize, line: &str) -> Result<(), TableError> {
        let err = |column: usize, message: String| TableError {
            line: k,
            column,
            message,
        };
        let files = self.files;
        let rank = 7 - k;
        let cells: Vec<&str> = line.split('\t').collect();
        if cells[0] != (rank + 1).to_string() {
            return Err(err(1, format!("expected row {} of the table", rank + 1)));
        }
        if cells.len() > files + 1 && cells[files + 1..].iter().any(|c| !c.trim().is_empty()) {
            let column = cells[..=files]
                .iter()
                .map(|c| c.chars().count() + 1)
                .sum::<usize>()
                + 1;
            return Err(err(
                column,
                format!("row {} has more cells than the table has files", rank + 1),
            ));
        }
        let mut column = cells[0].chars().count() + 2;
        for (file, cell) in cells.iter().skip(1).take(files).enumerate() {
            let text = cell.trim();
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (None, _) => {}
                (Some(c), None) => self.cells[rank][file] = Some(c),
                (Some(_), Some(_)) => {
                    return Err(err(column, format!("cell `{text}` is more than one glyph")));
                }
            }
            column += cell.chars().count() + 1;
        }
        Ok(())
    }

    /// The squares the table shows, by meaning: black, white and either-colour pieces.
    #[must_use]
    pub fn pieces(&self, legend: &Legend) -> (ByColor<SquareSet>, SquareSet) {
        let mut by_color = ByColor::<SquareSet>::default();
        let mut any = SquareSet::EMPTY;
        for sq in Square::all() {
            match self.cells[usize::from(sq.rank())][usize::from(sq.file())]
                .and_then(|c| legend.meaning(c))
            {
                Some(Glyph::Piece(color)) => {
                    *by_color.get_mut(color) = by_color.get(color).with(sq);
                }
                Some(Glyph::AnyPiece) => any = any.with(sq),
                None => {}
            }
        }
        (by_color, any)
    }

    /// The squares the table covers (all but the files a narrow table leaves out).
    #[must_use]
    pub fn covered(&self) -> SquareSet {
        Square::all()
            .filter(|s| usize::from(s.file()) < self.files)
            .collect()
    }
}

/// Prints a position as a board table in the book's layout.
#[must_use]
pub fn format_table(pieces: &ByColor<SquareSet>, black: char, white: char) -> String {
    let mut out = String::new();
    for rank in (0..RANKS).rev() {
        out.push_str(&(rank + 1).to_string());
        for file in 0..FILES {
            out.push('\t');
            if let Some(sq) = Square::from_coords(file, rank) {
                if pieces.black.contains(sq) {
                    out.push(black);
                } else if pieces.white.contains(sq) {
                    out.push(white);
                }
            }
        }
        out.push('\n');
    }
    for file in 0..FILES {
        out.push('\t');
        out.push(char::from(b'a' + file));
    }
    out.push('\n');
    out
}

/// Prints a position as a text diagram: `B` Black, `W` White, `.` empty.
///
/// ```
/// use cannonball_rules::margrites::{ByColor, Square, SquareSet};
/// use cannonball_rules::margrites::table::format_diagram;
/// let pieces = ByColor { black: SquareSet::from_square(Square::A1), white: SquareSet::from_square(Square::I8) };
/// let text = format_diagram(&pieces);
/// assert!(text.starts_with("8 . . . . . . . . W\n"));
/// assert!(text.ends_with("1 B . . . . . . . .\n  a b c d e f g h i\n"));
/// ```
#[must_use]
pub fn format_diagram(pieces: &ByColor<SquareSet>) -> String {
    let mut out = String::new();
    for rank in (0..RANKS).rev() {
        out.push_str(&(rank + 1).to_string());
        for file in 0..FILES {
            let c = match Square::from_coords(file, rank) {
                Some(sq) if pieces.black.contains(sq) => 'B',
                Some(sq) if pieces.white.contains(sq) => 'W',
                _ => '.',
            };
            out.push(' ');
            out.push(c);
        }
        out.push('\n');
    }
    out.push_str("  a b c d e f g h i\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_the_book_layout() {
        let sq = |s: &str| s.parse::<Square>().unwrap();
        let pieces = ByColor {
            black: [sq("d5"), sq("e5"), sq("e4")].into_iter().collect(),
            white: [sq("d6"), sq("e6")].into_iter().collect(),
        };
        let text = format_table(&pieces, '♚', '♙');
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "6\t\t\t\t♙\t♙\t\t\t\t");
        let (table, quirks) = BoardTable::parse(&lines).unwrap();
        assert!(quirks.is_empty());
        let (read, any) = table.pieces(&Legend::default());
        assert_eq!(read, pieces);
        assert!(any.is_empty());
    }

    #[test]
    fn narrow_tables_and_bad_cells() {
        let mut lines: Vec<String> = (1..=8)
            .rev()
            .map(|r| format!("{r}\t\t\t\t\t\t\t\t"))
            .collect();
        lines.push("\ta\tb\tc\td\te\tf\tg\th".into());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let (table, quirks) = BoardTable::parse(&refs).unwrap();
        assert_eq!(table.files, 8);
        assert_eq!(quirks[0].1.kind, QuirkKind::NarrowTable(8));
        lines[3] = "5\t\tWW\t\t\t\t\t\t".into();
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let e = BoardTable::parse(&refs).unwrap_err();
        assert_eq!((e.line, e.column), (3, 4));
    }
}
