//! Reading lines as the rule book prints them: HTML entities and markup, located
//! syntax errors, and the quirks the parser tolerates.

use std::fmt;

use super::square::Color;

/// A departure from the plain notation that the parser tolerated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QuirkKind {
    /// An HTML entity (`&gt;`) read as the character it stands for.
    HtmlEntity(&'static str, char),
    /// HTML markup (`<div>`, `<p>`) read as a separator between items.
    HtmlMarkup,
    /// `:` used where `;` separates steps.
    ColonSeparator,
    /// A space between a step and its capture list.
    SpaceBeforeCaptures,
    /// A space before the `;` after a step.
    SpaceBeforeSeparator,
    /// A stray letter in a square name (`ef6` read as `f6`).
    StrayLetter {
        /// The letter ignored.
        stray: char,
        /// The file letter read.
        read: char,
    },
    /// A capture whose square cannot be read (`xed`).
    UnreadableCapture(String),
    /// A score written without its square (`W++`): it is taken from the square the
    /// previous step reached.
    BareScore(Color),
    /// A turn without its final period.
    MissingPeriod,
    /// A board table with fewer files than the board.
    NarrowTable(usize),
}

impl fmt::Display for QuirkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuirkKind::HtmlEntity(e, c) => write!(f, "`{e}` read as `{c}`"),
            QuirkKind::HtmlMarkup => f.write_str("HTML markup read as a separator"),
            QuirkKind::ColonSeparator => f.write_str("`:` read as `;`"),
            QuirkKind::SpaceBeforeCaptures => f.write_str("space before the capture list"),
            QuirkKind::SpaceBeforeSeparator => f.write_str("space before `;`"),
            QuirkKind::StrayLetter { stray, read } => {
                write!(
                    f,
                    "stray letter `{stray}` before the square's file `{read}` ignored"
                )
            }
            QuirkKind::UnreadableCapture(t) => {
                write!(
                    f,
                    "capture `{t}` names no square; read as one unnamed capture"
                )
            }
            QuirkKind::BareScore(c) => {
                write!(
                    f,
                    "`{}++` without a square; read as a score from the square the previous step reached",
                    c.letter()
                )
            }
            QuirkKind::MissingPeriod => f.write_str("turn without its final `.`"),
            QuirkKind::NarrowTable(n) => {
                write!(f, "board table has only {n} files; the rest unknown")
            }
        }
    }
}

/// A tolerated quirk and the 1-based column where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quirk {
    /// 1-based column in the line as written.
    pub column: usize,
    /// What it is.
    pub kind: QuirkKind,
}

/// Text that cannot be read, with the 1-based column where reading stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("column {column}: {message}")]
pub struct SyntaxError {
    /// 1-based column.
    pub column: usize,
    /// What was expected.
    pub message: String,
}

/// A line with entities decoded and markup turned into item separators (`\t`),
/// every character keeping the column it was written at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    /// Characters and their 1-based columns in the original line.
    pub chars: Vec<(char, usize)>,
    /// The column just past the end of the line.
    pub end_column: usize,
    /// Entities and markup met.
    pub quirks: Vec<Quirk>,
}

const ENTITIES: [(&str, char); 5] = [
    ("&gt;", '>'),
    ("&lt;", '<'),
    ("&amp;", '&'),
    ("&nbsp;", ' '),
    ("&#39;", '\''),
];

/// Decodes one line as the book prints it.
#[must_use]
pub fn decode(line: &str) -> Decoded {
    let chars: Vec<char> = line.chars().collect();
    let mut d = Decoded {
        end_column: chars.len() + 1,
        ..Decoded::default()
    };
    let mut i = 0;
    let mut markup_seen = false;
    while i < chars.len() {
        let column = i + 1;
        let rest = &chars[i..];
        if rest[0] == '&' {
            let hit = ENTITIES
                .iter()
                .find(|(e, _)| rest.len() >= e.len() && e.chars().zip(rest).all(|(a, b)| a == *b));
            if let Some(&(e, c)) = hit {
                d.chars.push((c, column));
                d.quirks.push(Quirk {
                    column,
                    kind: QuirkKind::HtmlEntity(e, c),
                });
                i += e.chars().count();
                continue;
            }
        }
        if rest[0] == '<' {
            if let Some(len) = rest.iter().position(|&c| c == '>') {
                let inner: String = rest[1..len].iter().collect();
                let is_tag = inner
                    .trim_start_matches('/')
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic());
                if is_tag {
                    if !markup_seen {
                        d.quirks.push(Quirk {
                            column,
                            kind: QuirkKind::HtmlMarkup,
                        });
                        markup_seen = true;
                    }
                    d.chars.push(('\t', column));
                    i += len + 1;
                    continue;
                }
            }
        }
        d.chars.push((rest[0], column));
        i += 1;
    }
    d
}

impl Decoded {
    /// The tab-separated items of the line, trimmed, empty ones dropped.
    #[must_use]
    pub fn segments(&self) -> Vec<&[(char, usize)]> {
        self.chars
            .split(|c| c.0 == '\t')
            .map(|seg| {
                let start = seg
                    .iter()
                    .position(|c| !c.0.is_whitespace())
                    .unwrap_or(seg.len());
                let end = seg
                    .iter()
                    .rposition(|c| !c.0.is_whitespace())
                    .map_or(start, |e| e + 1);
                &seg[start..end.max(start)]
            })
            .filter(|seg| !seg.is_empty())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_and_markup_keep_columns() {
        let d = decode("<p>d2&gt;d3</p>");
        let text: String = d.chars.iter().map(|c| c.0).collect();
        assert_eq!(text, "\td2>d3\t");
        assert_eq!(d.chars[3], ('>', 6));
        assert_eq!(d.chars[4], ('d', 10));
        assert_eq!(d.segments().len(), 1);
        assert_eq!(d.quirks.len(), 2);
    }
}
