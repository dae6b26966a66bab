//! Finding figures and directives in a chapter's Markdown: fenced blocks whose
//! info string names a game, and `{{#name args}}` directives outside code.

use std::ops::Range;

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

use super::game_of_info;
use cannonball_rules::Game;

/// A figure written as a fenced code block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// Bytes of the whole block, fences included.
    pub range: Range<usize>,
    /// The game of the info string.
    pub game: Game,
    /// The YAML inside.
    pub body: String,
    /// 1-based line of the body's first line.
    pub body_line: usize,
}

/// A `{{#name args}}` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// Bytes of the directive.
    pub range: Range<usize>,
    /// The name (`figure`, `pyramid-table`, ...).
    pub name: String,
    /// The words after the name.
    pub args: Vec<String>,
    /// 1-based line.
    pub line: usize,
}

/// A figure block or a directive, in the order they appear.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A fenced figure.
    Figure(Block),
    /// A directive.
    Directive(Directive),
}

impl Item {
    /// The bytes it covers.
    #[must_use]
    pub fn range(&self) -> &Range<usize> {
        match self {
            Item::Figure(b) => &b.range,
            Item::Directive(d) => &d.range,
        }
    }
}

/// The 1-based line of byte `offset`.
#[must_use]
pub fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Finds the figures and the directives named in `names` (other directives,
/// and anything inside code, are left alone; `\{{#...}}` is an escape).
#[must_use]
pub fn scan(content: &str, names: &[&str]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut code: Vec<Range<usize>> = Vec::new();
    // The code block being read: its range, game, text, and where the text starts.
    type Open = (Range<usize>, Option<Game>, String, Option<usize>);
    let mut open: Option<Open> = None;
    for (event, range) in Parser::new_ext(content, Options::empty()).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                let game = match &kind {
                    CodeBlockKind::Fenced(info) => game_of_info(info),
                    CodeBlockKind::Indented => None,
                };
                open = Some((range, game, String::new(), None));
            }
            Event::Text(t) => {
                if let Some((_, _, body, first)) = open.as_mut() {
                    first.get_or_insert(range.start);
                    body.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                if let Some((range, game, body, first)) = open.take() {
                    if let Some(game) = game {
                        let body_line = match first {
                            Some(at) => line_of(content, at),
                            None => line_of(content, range.start) + 1,
                        };
                        items.push(Item::Figure(Block {
                            range: range.clone(),
                            game,
                            body,
                            body_line,
                        }));
                    }
                    code.push(range);
                }
            }
            Event::Code(_) => code.push(range),
            _ => {}
        }
    }
    items.extend(
        directives(content, names)
            .into_iter()
            .filter(|d| {
                !code
                    .iter()
                    .any(|c| c.start <= d.range.start && d.range.end <= c.end)
            })
            .map(Item::Directive),
    );
    items.sort_by_key(|i| i.range().start);
    items
}

fn directives(content: &str, names: &[&str]) -> Vec<Directive> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = content[from..].find("{{#") {
        let start = from + i;
        from = start + 3;
        if start > 0 && content.as_bytes()[start - 1] == b'\\' {
            continue;
        }
        let Some(len) = content[start..].find("}}") else {
            break;
        };
        let inner = &content[start + 3..start + len];
        if inner.contains('\n') {
            continue;
        }
        let mut words = inner.split_whitespace();
        let Some(name) = words.next() else { continue };
        if !names.contains(&name) {
            continue;
        }
        out.push(Directive {
            range: start..start + len + 2,
            name: name.to_string(),
            args: words.map(str::to_string).collect(),
            line: line_of(content, start),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMES: &[&str] = &["figure", "pyramid-table"];

    #[test]
    fn finds_blocks_and_directives_with_their_lines() {
        let md = "# T\n\nText.\n\n```margo\nwhite: c3\ncaption: x\n```\n\n{{#pyramid-table 3 19}}\n\n```rust\n{{#figure no.yaml}}\n```\n\n`{{#figure inline.yaml}}` and \\{{#figure escaped.yaml}}\n\n{{#figure a/b.yaml}}\n\n```margrites\n```\n";
        let items = scan(md, NAMES);
        assert_eq!(items.len(), 4, "{items:?}");
        let Item::Figure(b) = &items[0] else { panic!() };
        assert_eq!((b.game, b.body_line), (Game::Margo, 6));
        assert_eq!(b.body, "white: c3\ncaption: x\n");
        assert_eq!(&md[b.range.clone()], "```margo\nwhite: c3\ncaption: x\n```");
        let Item::Directive(d) = &items[1] else {
            panic!()
        };
        assert_eq!(
            (d.name.as_str(), d.args.clone(), d.line),
            ("pyramid-table", vec!["3".to_string(), "19".to_string()], 10)
        );
        let Item::Directive(d) = &items[2] else {
            panic!()
        };
        assert_eq!((d.args[0].as_str(), d.line), ("a/b.yaml", 18));
        let Item::Figure(b) = &items[3] else { panic!() };
        assert_eq!(
            (b.game, b.body.as_str(), b.body_line),
            (Game::Margrites, "", 21)
        );
    }

    #[test]
    fn other_directives_are_left_alone() {
        assert!(scan("{{#include x.md}}\n{{#title T}}\n", NAMES).is_empty());
    }
}
