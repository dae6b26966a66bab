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

/// Debian's Chromium, which `.ci/run` installs.
pub const CHROMIUM: &str = "/usr/bin/chromium";

/// Whether Chromium is here; without it a browser test is skipped, except
/// under CI (env `CI` set), where it fails.
pub fn chromium_present() -> bool {
    if Path::new(CHROMIUM).exists() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{CHROMIUM} is missing: .ci/run installs Debian's chromium before the tests"
    );
    eprintln!("skipped: {CHROMIUM} is missing (apt-get install chromium to run this test)");
    false
}

/// The DOM of `page` after its scripts ran for `budget_ms` of virtual time,
/// headless, with a fresh profile in `profile`; panics with Chromium's
/// messages when nothing comes out.
pub fn dump_dom(page: &Path, profile: &Path, window: &str, budget_ms: u32) -> String {
    let out = std::process::Command::new(CHROMIUM)
        .args([
            "--headless",
            "--disable-gpu",
            "--no-sandbox",
            "--no-first-run",
        ])
        .arg(format!("--window-size={window}"))
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        !dom.is_empty(),
        "no DOM; chromium said: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    dom
}

/// Gives every puzzle under `root` (a puzzles folder) its number in
/// `root/numbers.yaml`, as `cannonball number-puzzles` does.
pub fn number_puzzles(root: &Path) {
    let all = cannonball::puzzle::read_all(root).unwrap_or_else(|e| panic!("{e:?}"));
    let mut numbers = cannonball::puzzle::Numbers::read(root).unwrap();
    numbers.assign_missing(all.iter().map(|(_, p)| p));
    numbers.write(root).unwrap();
}

/// The JSON a test page's script put into `<pre id="report">`, read from the
/// dumped DOM (`what` names the page in the message when there is none).
pub fn page_report(dom: &str, what: &str) -> serde_json::Value {
    let start = dom
        .find("<pre id=\"report\">")
        .unwrap_or_else(|| panic!("no report in {what}: {dom}"));
    let body = &dom[start + 17..];
    let report = body[..body.find("</pre>").unwrap()]
        .replace("&quot;", "\"")
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&amp;", "&");
    serde_json::from_str(&report).unwrap_or_else(|e| panic!("{e}: {report}"))
}

/// A page with one puzzle's player, as the book's puzzle pages hold it: the
/// player's place, the data (`json`), the static page, the player's script,
/// then the test's own script `test`.
pub fn player_page(id: &str, json: &str, test: &str) -> String {
    let script = fs::read_to_string(repo().join("book/theme/puzzle.js")).unwrap();
    format!(
        r#"<!DOCTYPE html><html><body>
<div class="cb-play" data-id="{id}" data-next="" data-index="index.html" hidden></div>
<script type="application/json" class="cb-play-data">{json}</script>
<div class="cb-static">static</div>
<script>{script}</script>
<script>{test}</script></body></html>"#
    )
}

/// Writes `page` as `NAME.html` in `dir`, loads it in Chromium (window
/// 800x1200, profile `dir/profile`, `budget_ms` of page time) and returns the
/// report its script wrote ([`page_report`]).
pub fn run_page(dir: &Path, name: &str, page: &str, budget_ms: u32) -> serde_json::Value {
    let path = dir.join(format!("{name}.html"));
    fs::write(&path, page).unwrap();
    let dom = dump_dom(&path, &dir.join("profile"), "800,1200", budget_ms);
    page_report(&dom, name)
}
