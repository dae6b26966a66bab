//! The book's index (`{{#term-index}}`): every term of the glossary with the
//! sections of the written chapters that use it, each linked to its heading.
//! It is made from the chapters' Markdown at every build, so it follows the
//! text as it changes.
//!
//! A glossary entry is a list item that starts with its names in bold and an
//! optional tag: `- **Buried, burial** (Margo): ...`. A term tagged with a game
//! is looked up in that game's chapters (and the appendices) only. A section
//! is a chapter's text under one heading; its link is the heading's anchor,
//! made as mdBook makes it.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Component, Path};

/// The directive replaced by the index.
pub const DIRECTIVE: &str = "{{#term-index}}";

/// Sections listed per term at most; the rest are counted.
const MAX_SECTIONS: usize = 10;

/// A glossary entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// Its names, as the glossary writes them (`Buried`, `burial`).
    pub names: Vec<String>,
    /// Its tag without brackets (`Margo`), or empty.
    pub tag: String,
}

/// The glossary's entries, in its order.
#[must_use]
pub fn glossary_terms(markdown: &str) -> Vec<Term> {
    let mut out = Vec::new();
    for line in markdown.lines() {
        let Some(rest) = line.strip_prefix("- **") else {
            continue;
        };
        let Some((names, after)) = rest.split_once("**") else {
            continue;
        };
        let tag = after
            .trim_start()
            .strip_prefix('(')
            .and_then(|t| t.split_once(')'))
            .map_or(String::new(), |(t, _)| t.trim().to_owned());
        out.push(Term {
            names: names
                .split(',')
                .map(|n| n.trim().to_owned())
                .filter(|n| !n.is_empty())
                .collect(),
            tag,
        });
    }
    out
}

/// A chapter's text under one heading.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// The chapter's path under the book's source.
    pub path: String,
    /// The chapter's title, then the heading's (none for the text before
    /// the first heading below the title).
    pub title: String,
    /// The heading's text.
    pub heading: Option<String>,
    /// The heading's anchor.
    pub anchor: Option<String>,
    /// The prose, lower-cased, on one line: no code blocks, directives,
    /// HTML tags or link targets.
    pub text: String,
}

/// The anchor mdBook gives a heading: letters, digits, `_` and `-` kept
/// (lower-cased), white space made `-`, everything else dropped.
#[must_use]
pub fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().collect::<String>())
            } else if c.is_whitespace() {
                Some("-".to_owned())
            } else {
                None
            }
        })
        .collect()
}

/// The plain words of a line of Markdown: tags and link targets dropped.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '<' => {
                for d in chars.by_ref() {
                    if d == '>' {
                        break;
                    }
                }
                out.push(' ');
            }
            ']' if chars.peek() == Some(&'(') => {
                for d in chars.by_ref() {
                    if d == ')' {
                        break;
                    }
                }
            }
            '*' | '`' | '[' | ']' => {}
            c => out.push(c),
        }
    }
    out
}

/// A chapter's sections: the text before the first heading below the title,
/// then one per heading (levels 2 to 4).
#[must_use]
pub fn sections(path: &str, markdown: &str) -> Vec<Section> {
    let mut title = String::new();
    let mut out: Vec<Section> = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut fence: Option<&str> = None;
    let mut current = Section {
        path: path.to_owned(),
        title: String::new(),
        heading: None,
        anchor: None,
        text: String::new(),
    };
    for line in markdown.lines() {
        let t = line.trim_start();
        if let Some(f) = fence {
            if t.starts_with(f) {
                fence = None;
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(&t[..3]);
            continue;
        }
        if t.starts_with("{{#") {
            continue;
        }
        let hashes = t.chars().take_while(|c| *c == '#').count();
        if (1..=4).contains(&hashes) && t[hashes..].starts_with(' ') {
            let text = plain(t[hashes..].trim());
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            let mut id = anchor(&text);
            let n = seen.entry(id.clone()).or_insert(0);
            if *n > 0 {
                id = format!("{id}-{n}");
            }
            *n += 1;
            if hashes == 1 && title.is_empty() {
                title.clone_from(&text);
                current.title.clone_from(&text);
                continue;
            }
            let words = format!(" {}", text.to_lowercase());
            out.push(std::mem::replace(
                &mut current,
                Section {
                    path: path.to_owned(),
                    title: title.clone(),
                    heading: Some(text),
                    anchor: Some(id),
                    text: words,
                },
            ));
            continue;
        }
        current.text.push(' ');
        current.text.push_str(&plain(t).to_lowercase());
    }
    out.push(current);
    for s in &mut out {
        s.text = format!(" {} ", words(&s.text));
    }
    out.retain(|s| !s.text.trim().is_empty());
    out
}

/// Text as words for matching: lower case, hyphens as spaces (`stack-join`
/// is `stack join`), white space collapsed.
fn words(text: &str) -> String {
    text.to_lowercase()
        .replace('-', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `text` (as [`sections`] keeps it) uses `name` as a word, or one
/// of its inflections (`-s`, `-es`, `-d`, `-ed`, `-ing`, a final `e`
/// dropped before `-ing`).
#[must_use]
pub fn mentions(text: &str, name: &str) -> bool {
    let name = words(name);
    if name.is_empty() {
        return false;
    }
    let boundary = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    let stem = name.strip_suffix('e').filter(|s| !s.is_empty());
    let forms: [(&str, &[&str]); 2] = [
        (&name, &["", "s", "es", "d", "ed", "ing"]),
        (stem.unwrap_or(&name), &["ing"]),
    ];
    for (base, suffixes) in forms {
        let mut from = 0;
        while let Some(i) = text[from..].find(base) {
            let start = from + i;
            let rest = &text[start + base.len()..];
            let before = text[..start].chars().next_back();
            let tail = suffixes.iter().any(|suffix| {
                rest.starts_with(suffix) && boundary(rest[suffix.len()..].chars().next())
            });
            if boundary(before) && tail {
                return true;
            }
            from = start + base.len();
        }
    }
    false
}

/// Whether a chapter at `path` is one where a term tagged `tag` can be used.
fn in_scope(tag: &str, path: &str) -> bool {
    let prefixes: &[&str] = match tag {
        "Margo" => &[
            "margo/",
            "spargo",
            "annotated-games",
            "puzzles/themes-margo",
        ],
        "Margrites" => &["margrites/", "puzzles/themes-margrites"],
        _ => return true,
    };
    path.starts_with("appendix/") || prefixes.iter().any(|p| path.starts_with(p))
}

/// `to` (a chapter path under the source) as a link from the chapter at
/// `from`.
fn relative(from: &str, to: &str) -> String {
    let depth = Path::new(from).parent().map_or(0, |p| {
        p.components()
            .filter(|c| matches!(c, Component::Normal(_)))
            .count()
    });
    format!("{}{to}", "../".repeat(depth))
}

/// The index as Markdown for the chapter at `at`: one item per glossary
/// term, in the glossary's order, with links to the sections that use it:
/// those whose heading (or chapter title) names it first, then the others,
/// each in book order; at most [`MAX_SECTIONS`], the rest counted.
#[must_use]
pub fn render(terms: &[Term], sections: &[Section], at: &str) -> String {
    let mut out = String::new();
    for term in terms {
        let mut hits: Vec<&Section> = sections
            .iter()
            .filter(|s| in_scope(&term.tag, &s.path))
            .filter(|s| term.names.iter().any(|n| mentions(&s.text, n)))
            .collect();
        // Sections named after the term first (where it is explained), then
        // the others; each group in book order.
        let named = |s: &Section| {
            let heading = format!(" {} ", words(s.heading.as_deref().unwrap_or(&s.title)));
            term.names.iter().any(|n| mentions(&heading, n))
        };
        hits.sort_by_key(|s| !named(s));
        let tag = if term.tag.is_empty() {
            String::new()
        } else {
            format!(" ({})", term.tag)
        };
        let _ = write!(out, "- **{}**{tag}: ", term.names.join(", "));
        if hits.is_empty() {
            out.push_str("the glossary only.\n");
            continue;
        }
        let links: Vec<String> = hits
            .iter()
            .take(MAX_SECTIONS)
            .map(|s| {
                let target = relative(at, &s.path);
                match (&s.heading, &s.anchor) {
                    (Some(h), Some(a)) => format!("[{} › {h}]({target}#{a})", s.title),
                    _ => format!("[{}]({target})", s.title),
                }
            })
            .collect();
        out.push_str(&links.join("; "));
        if hits.len() > MAX_SECTIONS {
            let _ = write!(out, "; and {} more sections", hits.len() - MAX_SECTIONS);
        }
        out.push_str(".\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glossary_entries_give_names_and_tags() {
        let g = "# Glossary\n\nIntro **bold** text.\n\n- **Buried, burial** (Margo): a piece...\n  more.\n- **Band** (puzzles): ...\n- **Plain**: no tag\n";
        let t = glossary_terms(g);
        assert_eq!(t.len(), 3);
        assert_eq!(t[0].names, ["Buried", "burial"]);
        assert_eq!(t[0].tag, "Margo");
        assert_eq!(t[1].tag, "puzzles");
        assert_eq!((t[2].names[0].as_str(), t[2].tag.as_str()), ("Plain", ""));
    }

    #[test]
    fn anchors_are_mdbooks() {
        assert_eq!(anchor("The over/under cut"), "the-overunder-cut");
        assert_eq!(
            anchor("Order: other colours first, then the mover’s own"),
            "order-other-colours-first-then-the-movers-own"
        );
    }

    #[test]
    fn sections_skip_code_and_directives_and_number_repeated_headings() {
        let md = "# Rules\n\nA zombie stays.\n\n```margo\nzombie: a1\n```\n\n## Ko\n\nThe ko rule.\n\n{{#figure ko.yaml}}\n\n### Ko\n\n<span>tag</span> [link](x.md#zombie)\n";
        let s = sections("margo/rules.md", md);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].heading, None);
        assert_eq!(s[0].title, "Rules");
        assert!(s[0].text.contains("a zombie stays"));
        assert!(!s[0].text.contains("zombie: a1"));
        assert_eq!(s[1].anchor.as_deref(), Some("ko"));
        assert_eq!(s[2].anchor.as_deref(), Some("ko-1"));
        assert!(s[2].text.contains("link"));
        assert!(!s[2].text.contains("x.md") && !s[2].text.contains("span"));
    }

    #[test]
    fn mentions_match_whole_words_and_plurals() {
        let t = " zombies stay; a stack join, the kos and eyes; sacrificing, passed ";
        assert!(mentions(t, "Zombie"));
        assert!(mentions(t, "ko"));
        assert!(mentions(t, "stack"));
        assert!(mentions(t, "eye"));
        assert!(mentions(t, "Stack-join"));
        assert!(mentions(t, "sacrifice"));
        assert!(mentions(t, "pass"));
        assert!(!mentions(t, "stay on"));
        assert!(!mentions(" kosher ", "ko"));
        assert!(!mentions(" eyeball ", "eye"));
    }

    #[test]
    fn terms_link_their_sections_within_their_game() {
        let terms = glossary_terms(
            "- **Zombie** (Margo): x\n- **Ally** (Margrites): y\n- **Nowhere**: z\n",
        );
        let mut all = sections(
            "margo/capture.md",
            "# Capture\n\nOne zombie.\n\n## Zombies\n\nA zombie stays.\n",
        );
        all.extend(sections(
            "margrites/capture.md",
            "# Capture\n\nAn ally helps. A zombie?\n",
        ));
        let md = render(&terms, &all, "appendix/index.md");
        let lines: Vec<&str> = md.lines().collect();
        assert_eq!(
            lines[0],
            "- **Zombie** (Margo): [Capture › Zombies](../margo/capture.md#zombies); [Capture](../margo/capture.md)."
        );
        assert_eq!(
            lines[1],
            "- **Ally** (Margrites): [Capture](../margrites/capture.md)."
        );
        assert_eq!(lines[2], "- **Nowhere**: the glossary only.");
    }
}
