//! Text from files reaches the pages escaped: a figure caption, a puzzle's
//! question and tempting-try words, and an annotated game's player name, each
//! holding markup, show as text on the chapter page, `print.html`, the puzzle
//! page, the puzzle list and the annotated-games page (issue 18, item 4).

use std::fs;
use std::path::Path;

use super::support;

const SCRIPT: &str = "<script>alert(1)</script>";
const SVG: &str = "<svg onload=alert(2)>";
const LINK: &str = "[click](javascript:alert(3))";
const INCLUDE: &str = "{{#include ../book.toml}}";

/// The hostile text every field gets.
fn hostile() -> String {
    format!("{SCRIPT} {SVG} {LINK} {INCLUDE} | *")
}

/// The first puzzle file of `game`, as committed.
fn first_puzzle(game: &str) -> (String, String) {
    let dir = support::repo().join("puzzles").join(game);
    let mut names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let name = names[0].clone();
    let text = fs::read_to_string(dir.join(&name)).unwrap();
    (name, text)
}

/// A copy of the mini book with hostile text in a figure caption, a puzzle
/// and an annotated game's player.
fn hostile_book() -> tempfile::TempDir {
    let dir = support::mini();
    let book = dir.path().join("book");
    let yaml_quoted = format!("'{}'", hostile().replace('\'', "''"));
    support::edit(
        &book.join("src/margo.md"),
        "caption: Black's *a* captures the two white pieces; the one under b3+1 stays.",
        &format!("caption: {yaml_quoted}"),
    );
    // A puzzle with a hostile question and tempting-try words.
    let (name, text) = first_puzzle("spargo");
    let question = text.lines().find(|l| l.starts_with("question: ")).unwrap();
    let text = text.replacen(question, &format!("question: {yaml_quoted}"), 1);
    let tempting = text.lines().find(|l| l.contains("tempting: ")).unwrap();
    let text = text.replacen(tempting, &format!("  tempting: {yaml_quoted}"), 1);
    fs::create_dir_all(dir.path().join("puzzles/spargo")).unwrap();
    fs::write(dir.path().join("puzzles/spargo").join(name), text).unwrap();
    support::number_puzzles(&dir.path().join("puzzles"));
    fs::create_dir_all(book.join("src/puzzles")).unwrap();
    fs::write(
        book.join("src/puzzles/index.md"),
        "# Puzzles\n\n{{#puzzle-index}}\n",
    )
    .unwrap();
    // An annotated game whose first player has a hostile name.
    let game = fs::read_to_string(support::repo().join("book/games/spargo/strong.yaml")).unwrap();
    let game = game.replacen(
        "- name: Strong (25% slips)",
        &format!("- name: {yaml_quoted}"),
        1,
    );
    fs::create_dir_all(book.join("games/spargo")).unwrap();
    fs::write(book.join("games/spargo/strong.yaml"), game).unwrap();
    fs::write(
        book.join("src/annotated.md"),
        "# Annotated\n\n{{#annotated-game spargo/strong.yaml}}\n",
    )
    .unwrap();
    support::edit(
        &book.join("src/SUMMARY.md"),
        "- [Margo](margo.md)",
        "- [Margo](margo.md)\n- [Annotated](annotated.md)\n- [Puzzles](puzzles/index.md)",
    );
    dir
}

/// The page holds none of the markup and shows the hostile text escaped.
fn assert_escaped(dir: &Path, rel: &str) {
    let html = support::page(dir, rel);
    for bad in [
        "<script>alert",
        "<svg onload",
        "href=\"javascript:",
        "[book]",
        "title = \"Mini\"",
    ] {
        assert!(!html.contains(bad), "{rel} holds `{bad}`");
    }
    assert!(
        html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{rel} does not show the script as text"
    );
    assert!(
        html.contains("&lt;svg onload=alert(2)&gt;"),
        "{rel} does not show the svg as text"
    );
}

#[test]
fn hostile_text_from_files_is_shown_escaped_on_every_page() {
    let dir = hostile_book();
    support::build(dir.path()).unwrap();
    let (name, _) = first_puzzle("spargo");
    let id = name.trim_end_matches(".yaml");
    for rel in [
        "margo.html",
        "print.html",
        "annotated.html",
        "puzzles/spargo.html",
        &format!("puzzles/spargo/{id}.html"),
    ] {
        assert_escaped(dir.path(), rel);
    }
    // The question's text, escaped, is also the puzzle page's caption.
    let page = support::page(dir.path(), &format!("puzzles/spargo/{id}.html"));
    assert!(
        page.contains("<figcaption>&lt;script&gt;alert(1)&lt;/script&gt;"),
        "the question's caption"
    );
}

#[test]
fn escaped_text_reads_as_written() {
    use cannonball::figure::html::{inline_markdown, markdown_text};
    assert_eq!(
        markdown_text("a<b> & [c](d) | *e* `f` {{#g}}\nh"),
        "a&lt;b&gt; &amp; \\[c\\](d) \\| \\*e\\* \\`f\\` \\{\\{\\#g\\}\\} h"
    );
    let caption = inline_markdown("<b>x</b> [y](javascript:z) [w](https://example.org) *v*");
    assert_eq!(
        caption,
        "&lt;b&gt;x&lt;/b&gt; y <a href=\"https://example.org\">w</a> <em>v</em>"
    );
}
