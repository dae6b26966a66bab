//! Where things stand in a YAML text, so that a problem found after parsing
//! (a value the engine refuses, a claim that is false) names its file's line.
//! The parser reports lines for syntax errors only; these find keys and list
//! items by their text. Lines are 1-based.
//!
//! ```
//! use cannonball::yaml;
//! let text = "game: spargo\nplies:\n- ply: 1\n  best: a1\n- ply: 2\n  mover: black\n";
//! assert_eq!(yaml::top_key_line(text, "plies"), Some(2));
//! assert_eq!(yaml::first_key_line(text, "mover"), Some(6));
//! assert_eq!(yaml::item_line(text, "ply", 2), Some(5));
//! assert_eq!(yaml::item_field_line(text, 3, "best"), 4);
//! ```

use std::fmt::Display;

/// The line of the top-level `key:` (a key at the start of a line), if any.
#[must_use]
pub fn top_key_line(text: &str, key: &str) -> Option<usize> {
    text.lines()
        .position(|l| {
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map(|i| i + 1)
}

/// The line where `key:` first begins a line at any depth (indented, or
/// after a list's `- `), if any.
#[must_use]
pub fn first_key_line(text: &str, key: &str) -> Option<usize> {
    let wanted = format!("{key}:");
    text.lines()
        .position(|l| l.trim_start().trim_start_matches("- ").starts_with(&wanted))
        .map(|i| i + 1)
}

/// The line that reads `key: value` exactly, at any depth or after `- `: the
/// list item whose `key` is `value` (`- ply: 12`), if any.
#[must_use]
pub fn item_line(text: &str, key: &str, value: impl Display) -> Option<usize> {
    let wanted = format!("{key}: {value}");
    text.lines()
        .position(|l| l.trim_start().trim_start_matches("- ") == wanted)
        .map(|i| i + 1)
}

/// The line of `field:` inside the list item that begins at line `item` (the
/// indented lines below it, up to the next item or top-level key), or `item`
/// itself when the field is absent.
#[must_use]
pub fn item_field_line(text: &str, item: usize, field: &str) -> usize {
    let wanted = format!("{field}:");
    for (i, l) in text.lines().enumerate().skip(item) {
        if !l.starts_with(' ') {
            break;
        }
        if l.trim_start().starts_with(&wanted) {
            return i + 1;
        }
    }
    item
}

/// The lines of the block-list items (`- ...`) under the top-level `key:`, in
/// order; `None` without the key. A flow list (`key: [a, b]`) has no items.
#[must_use]
pub fn list_item_lines(text: &str, key: &str) -> Option<Vec<usize>> {
    let start = top_key_line(text, key)?;
    let mut lines = Vec::new();
    for (i, l) in text.lines().enumerate().skip(start) {
        let t = l.trim_start();
        if !l.starts_with(char::is_whitespace) && !t.is_empty() && !t.starts_with('-') {
            break; // the next top-level key
        }
        if t.starts_with("- ") || t == "-" {
            lines.push(i + 1);
        }
    }
    Some(lines)
}

/// The lines of the items (`- ...`) of a text that is one block list.
#[must_use]
pub fn top_list_item_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("- ") || *l == "-")
        .map(|(i, _)| i + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "game: spargo\nplies:\n- ply: 1\n  best:\n  - a1\n  before: +1\n- ply: 2\n  mover: black\nzombies: []\n";

    #[test]
    fn keys_and_items_are_found() {
        assert_eq!(item_line(TEXT, "ply", 2), Some(7));
        assert_eq!(item_field_line(TEXT, 3, "before"), 6);
        assert_eq!(item_field_line(TEXT, 7, "before"), 7);
        assert_eq!(item_line(TEXT, "ply", 3), None);
        assert_eq!(top_key_line(TEXT, "zombies"), Some(9));
        assert_eq!(top_key_line(TEXT, "mover"), None);
        assert_eq!(first_key_line(TEXT, "mover"), Some(8));
        assert_eq!(first_key_line(TEXT, "ply"), Some(3));
        assert_eq!(list_item_lines(TEXT, "plies"), Some(vec![3, 5, 7]));
        assert_eq!(list_item_lines("a: [x, y]\nb: 1\n", "a"), Some(vec![]));
        assert_eq!(list_item_lines(TEXT, "claims"), None);
    }
}
