//! The real book's built pages in headless Chromium: the puzzle list's
//! filters, a puzzle page at phone width played with the keyboard, and the
//! solved mark kept across a restart of the browser. A small script is added
//! to a copy of each built page (next to it, so that its links and the
//! book's scripts resolve); it acts as a reader would and reports what the
//! page shows.

use std::fs;
use std::path::Path;

use cannonball::puzzle::{self, Game};

use super::support::{chromium_present, dump_dom, page_report, repo};

/// Loads a copy of `page` with `script` added at the end of its body, in a
/// window of `window` (`"390,844"`), with the browser profile `profile`; the
/// script must put its report, as JSON, into `<pre id="report">`.
fn run(page: &Path, script: &str, window: &str, profile: &Path) -> serde_json::Value {
    let html = fs::read_to_string(page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
    let at = html.rfind("</body>").expect("a body");
    let copy = page.with_extension("test.html");
    fs::write(
        &copy,
        format!("{}<script>{script}</script>{}", &html[..at], &html[at..]),
    )
    .unwrap();
    let dom = dump_dom(&copy, profile, window, 60_000);
    page_report(&dom, &copy.display().to_string())
}

/// Reports `fields` (a JS object expression) after `ms` of page time.
fn report_after(ms: u32, fields: &str) -> String {
    format!(
        r#"setTimeout(function () {{
  var out = document.createElement("pre");
  out.id = "report";
  out.textContent = JSON.stringify({fields});
  document.body.appendChild(out);
}}, {ms});"#
    )
}

/// Checks the built book under `dest` in the browser.
pub fn check(dest: &Path) {
    if !chromium_present() {
        return;
    }
    let profile = tempfile::tempdir().unwrap();
    filters(dest, profile.path());
    tables_fit(dest, profile.path());
    keyboard_phone_and_reload(dest, profile.path());
}

/// The Margo list's filters hide exactly the puzzles without the chosen
/// theme (and band), and the count says how many are shown.
fn filters(dest: &Path, profile: &Path) {
    let script = format!(
        r#"window.addEventListener("load", function () {{
  var bar = document.querySelector(".cb-filters");
  var theme = bar.querySelector('select[name="themes"]');
  var band = bar.querySelector('select[name="band"]');
  var rows = Array.prototype.slice.call(document.querySelectorAll(".cb-puzzle-list tr[data-id]"));
  var value = theme.options[1].value;
  theme.value = value;
  theme.dispatchEvent(new Event("change"));
  var shown = rows.filter(function (r) {{ return !r.hidden; }}).length;
  var tagged = rows.filter(function (r) {{ return (" " + r.getAttribute("data-themes") + " ").indexOf(" " + value + " ") >= 0; }}).length;
  var count = bar.querySelector(".cb-count").textContent;
  band.value = band.options[1].value;
  band.dispatchEvent(new Event("change"));
  var both = rows.filter(function (r) {{ return !r.hidden; }}).length;
  var wantBoth = rows.filter(function (r) {{ return (" " + r.getAttribute("data-themes") + " ").indexOf(" " + value + " ") >= 0 && r.getAttribute("data-band") === band.value; }}).length;
  theme.value = ""; band.value = "";
  band.dispatchEvent(new Event("change"));
  var all = rows.filter(function (r) {{ return !r.hidden; }}).length;
  {}
}});"#,
        report_after(
            100,
            "{ barShown: !bar.hidden, total: rows.length, shown: shown, tagged: tagged, count: count, both: both, wantBoth: wantBoth, all: all }"
        )
    );
    let v = run(
        &dest.join("puzzles/margo.html"),
        &script,
        "1200,1600",
        profile,
    );
    assert_eq!(v["barShown"], true, "{v}");
    let total = v["total"].as_u64().unwrap();
    let shown = v["shown"].as_u64().unwrap();
    assert!(total > 50, "{v}");
    assert!(
        shown > 0 && shown < total,
        "the theme filter shows some: {v}"
    );
    assert_eq!(v["shown"], v["tagged"], "{v}");
    assert_eq!(v["count"], format!("{shown} shown"), "{v}");
    assert_eq!(v["both"], v["wantBoth"], "{v}");
    assert_eq!(v["all"], total, "no filter shows all: {v}");
}

/// A Margo puzzle whose key ends the tree after one defence, in a phone-sized
/// window:
/// the arrow keys move between the points (and do not turn the page), Enter
/// plays the key, the defence and "Solved" follow; a new browser on the same
/// profile shows the puzzle as solved.
fn keyboard_phone_and_reload(dest: &Path, profile: &Path) {
    let all = puzzle::read_all(&repo().join("puzzles")).unwrap();
    let p = all
        .iter()
        .map(|(_, p)| p)
        .find(|p| {
            p.game == Game::Margo
                && !p.solution.replies.is_empty()
                && p.solution.replies.iter().all(|r| r.answer.is_none())
        })
        .expect("a Margo puzzle that ends after one defence");
    let key = p.notation(&p.key);
    let page = dest.join(format!("puzzles/margo/{}.html", p.id));
    let script = format!(
        r#"window.addEventListener("load", function () {{
  var here = window.location.href;
  var first = document.querySelector('.cb-hot[tabindex="0"]');
  var inOrder = document.querySelectorAll('.cb-hot[tabindex="0"]').length;
  first.focus();
  first.dispatchEvent(new KeyboardEvent("keydown", {{ key: "ArrowRight", bubbles: true }}));
  var moved = document.activeElement !== first && document.activeElement.classList.contains("cb-hot");
  var key = document.querySelector('.cb-hot[aria-label="play {key}"]');
  key.focus();
  key.dispatchEvent(new KeyboardEvent("keydown", {{ key: "Enter", bubbles: true }}));
  var svg = document.querySelector(".cb-play-board svg").getBoundingClientRect();
  var inPlayer = null;
  setTimeout(function () {{
    // After the key the board is redrawn: the focus stays in the player,
    // and an arrow key there still does not turn the page.
    inPlayer = document.querySelector(".cb-play").contains(document.activeElement);
    document.activeElement.dispatchEvent(new KeyboardEvent("keydown", {{ key: "ArrowLeft", bubbles: true }}));
  }}, 15000);
  {}
}});"#,
        report_after(
            20_000,
            "{ inPlayer: inPlayer, inner: window.innerWidth, inOrder: inOrder, moved: moved, stayed: window.location.href === here, message: document.querySelector('.cb-message').textContent, moves: document.querySelectorAll('.cb-moves li').length, boardWidth: svg.width, pageWidth: document.documentElement.scrollWidth, progress: document.querySelector('.cb-progress').textContent }"
        )
    );
    let v = run(&page, &script, "390,844", profile);
    assert_eq!(v["inOrder"], 1, "one point in the tab order: {v}");
    assert_eq!(v["moved"], true, "ArrowRight moves to another point: {v}");
    assert_eq!(
        v["stayed"], true,
        "the arrow keys do not turn the page: {v}"
    );
    assert_eq!(v["inPlayer"], true, "the focus stays in the player: {v}");
    assert!(
        v["message"].as_str().unwrap().starts_with("Solved"),
        "{}: {v}",
        p.id
    );
    assert!(
        v["moves"].as_u64().unwrap() >= 2,
        "the key and the defence: {v}"
    );
    // Headless Chromium's narrowest window is 500 px: under the book's phone
    // breakpoint (40em), where the board must fill the width without the
    // page scrolling sideways.
    let inner = v["inner"].as_f64().unwrap();
    assert!(inner <= 640.0, "a phone-sized window: {v}");
    let board = v["boardWidth"].as_f64().unwrap();
    assert!(board > 0.8 * inner && board <= inner, "{v}");
    assert!(
        v["pageWidth"].as_f64().unwrap() <= inner,
        "no sideways scrolling: {v}"
    );
    // A new browser on the same profile: the mark is kept.
    let script = report_after(
        500,
        "{ progress: document.querySelector('.cb-progress').textContent }",
    );
    let v = run(&page, &script, "390,844", profile);
    assert!(
        v["progress"]
            .as_str()
            .unwrap()
            .starts_with("You have solved this puzzle"),
        "{v}"
    );
}

/// The annotated games' transcripts fit their column, on a desktop and in a
/// phone-sized window: no table scrolls sideways.
fn tables_fit(dest: &Path, profile: &Path) {
    let script = report_after(
        200,
        "{ inner: window.innerWidth, tables: document.querySelectorAll('table.cb-annotated').length, overflowing: Array.prototype.filter.call(document.querySelectorAll('table.cb-annotated'), function (t) { var w = t.closest('.table-wrapper'); return w.scrollWidth > w.clientWidth + 1; }).length, page: document.documentElement.scrollWidth }",
    );
    let chapter = fs::read_to_string(repo().join("book/src/annotated-games.md")).unwrap();
    let games = chapter.matches("{{#annotated-game ").count();
    assert!(games >= 2, "{games} games in the chapter");
    for window in ["1200,1600", "400,844"] {
        let v = run(&dest.join("annotated-games.html"), &script, window, profile);
        assert_eq!(v["tables"], games, "{window}: {v}");
        assert_eq!(
            v["overflowing"], 0,
            "{window}: a table scrolls sideways: {v}"
        );
        assert!(v["page"].as_f64() <= v["inner"].as_f64(), "{window}: {v}");
    }
}
