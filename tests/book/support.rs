//! Helpers for the book tests: fixture copies, builds into temporary folders,
//! and reading the HTML produced.

#![allow(dead_code, reason = "each test crate uses a different part")]

use std::fs;
use std::path::{Path, PathBuf};

use cannonball::book::{self, BookError, BuildOptions, BuildReport, Overrides};
use tempfile::TempDir;

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(crate::ROOT)
}

/// The book's templates.
pub fn templates() -> PathBuf {
    repo().join("templates")
}

/// Copies a folder, leaving out build output and caches.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "build" || name == ".cache" {
            continue;
        }
        let (src, dst) = (entry.path(), to.join(&name));
        if src.is_dir() {
            copy_dir(&src, &dst);
        } else {
            fs::copy(&src, &dst).unwrap();
        }
    }
}

/// A copy of the mini book in a temporary folder (the book is `dir/book`).
pub fn mini() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_dir(
        &repo().join("tests/fixtures/book-mini"),
        &dir.path().join("book"),
    );
    dir
}

/// Options building `dir/book` with the repository's templates and a cache in
/// `dir/cache`.
pub fn options(dir: &Path) -> BuildOptions {
    BuildOptions {
        book: dir.join("book"),
        overrides: Overrides {
            templates: Some(templates()),
            cache: Some(dir.join("cache")),
            shown_root: Some("book".into()),
            ..Overrides::default()
        },
        ..BuildOptions::default()
    }
}

/// Builds `dir/book` into `dir/book/build`.
pub fn build(dir: &Path) -> Result<BuildReport, BookError> {
    book::build(&options(dir))
}

/// Reads a built page.
pub fn page(dir: &Path, rel: &str) -> String {
    fs::read_to_string(dir.join("book/build").join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// The `<figure class="cannonball-figure" ...>...</figure>` elements of a page.
pub fn figures(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find("<figure class=\"cannonball-figure\"") {
        let tail = &rest[i..];
        let end = tail.find("</figure>").expect("an unclosed figure") + "</figure>".len();
        out.push(&tail[..end]);
        rest = &tail[end..];
    }
    out
}

/// The value of the first `attr="..."` in `element`.
pub fn attr<'a>(element: &'a str, attr: &str) -> Option<&'a str> {
    let key = format!("{attr}=\"");
    let start = element.find(&key)? + key.len();
    let len = element[start..].find('"')?;
    Some(&element[start..start + len])
}

/// Every `id="..."` of a page.
pub fn ids(html: &str) -> Vec<&str> {
    html.match_indices(" id=\"")
        .filter_map(|(i, _)| attr(&html[i..], "id"))
        .collect()
}

/// The 1-based line of the first line of `text` containing `needle`.
pub fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("`{needle}` not found"))
        + 1
}

/// Replaces `from` by `to` in a file, which must contain it.
pub fn edit(path: &Path, from: &str, to: &str) {
    let text = fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{} has no `{from}`", path.display());
    fs::write(path, text.replacen(from, to, 1)).unwrap();
}
