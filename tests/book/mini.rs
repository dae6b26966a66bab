//! The mini book (`tests/fixtures/book-mini`) built in a temporary folder: the
//! figures are in the pages as inline SVG with captions, the directives are
//! expanded, ids are unique, and failures are reported with file and line
//! while the previous build stays as it was.

use super::support;

use std::collections::BTreeSet;
use std::fs;

use cannonball::book::{self, BookError};
use support::{attr, build, edit, figures, ids, line_of, mini, options, page};

fn failures(r: Result<book::BuildReport, BookError>) -> Vec<String> {
    match r {
        Err(BookError::Failures(f)) => f.0.iter().map(ToString::to_string).collect(),
        Err(e) => panic!("expected figure failures, got {e}"),
        Ok(_) => panic!("expected figure failures, the build succeeded"),
    }
}

#[test]
fn figures_are_inline_svg_with_captions_in_order() {
    let dir = mini();
    let report = build(dir.path()).unwrap();
    assert_eq!(report.stats.figures, 4);
    assert_eq!(report.stats.cached, 0);
    assert_eq!(report.stats.claims, 18);
    let html = page(dir.path(), "margo.html");
    let figs = figures(&html);
    let got: Vec<&str> = figs.iter().filter_map(|f| attr(f, "id")).collect();
    assert_eq!(got, ["margo-fig1", "margo-fig2", "margo-fig3"]);
    for (fig, caption) in figs.iter().zip([
        "captures the two white pieces",
        "White’s a2 takes the corner",
        "only <em>a</em> wins",
    ]) {
        assert!(fig.contains("<svg"), "{fig}");
        assert!(fig.contains("</svg>"));
        assert!(fig.contains("role=\"img\""));
        let cap = &fig[fig.find("<figcaption>").expect("a caption")..];
        assert!(
            cap.contains(caption) || cap.contains(&caption.replace('’', "'")),
            "{cap}"
        );
    }
    // Each diagram's ids start with its figure's id.
    for fig in &figs {
        let id = attr(fig, "id").unwrap();
        for inner in ids(fig).iter().skip(1) {
            assert!(inner.starts_with(&format!("{id}-")), "{inner} in {id}");
        }
    }
    // The figure source is gone from the page.
    assert!(!html.contains("claims:"));
    assert!(!html.contains("language-margo"));
}

#[test]
fn the_pyramid_table_counts_points_per_level() {
    let dir = mini();
    build(dir.path()).unwrap();
    let html = page(dir.path(), "margo.html");
    for n in 3..=5usize {
        let levels: Vec<String> = (0..n).map(|l| ((n - l) * (n - l)).to_string()).collect();
        let total: usize = (1..=n).map(|k| k * k).sum();
        let row = format!(
            "<td style=\"text-align: right\">{n}×{n}</td><td style=\"text-align: right\">{n}</td><td style=\"text-align: left\">{}</td><td style=\"text-align: right\">{total}</td>",
            levels.join(", ")
        );
        assert!(html.contains(&row), "no row for {n}x{n}: {row}");
    }
    assert!(!html.contains("6×6"));
}

#[test]
fn the_annotated_game_has_a_diagram_per_turn_and_its_errata() {
    let dir = mini();
    build(dir.path()).unwrap();
    let html = page(dir.path(), "margrites/game.html");
    let figs = figures(&html);
    // The figure of the chapter, then the start and three turns of the game.
    assert_eq!(figs.len(), 5);
    let got: Vec<&str> = figs.iter().filter_map(|f| attr(f, "id")).collect();
    assert_eq!(
        got,
        [
            "margrites-game-fig1",
            "margrites-game-mini-start",
            "margrites-game-mini-t1",
            "margrites-game-mini-t2",
            "margrites-game-mini-t3",
        ]
    );
    for turn in [
        "1. d2&gt;d3; d3&gt;d4; e2&gt;e3; e3&gt;e4.",
        "3. e4&gt;e5; d4&gt;d5; f2&gt;f3; f3&gt;f4.",
    ] {
        assert!(
            html.contains(turn) || html.contains(&turn.replace("&gt;", ">")),
            "{turn}"
        );
    }
    // The printed transcript's wrong score line is corrected at turn 2, and
    // only there: the turn links to the one row of the corrections table,
    // which comes after the last turn and gives both texts and the reason.
    let t1 = html.find("margrites-game-mini-t1").unwrap();
    let t2 = html.find("margrites-game-mini-t2").unwrap();
    let t3 = html.find("margrites-game-mini-t3").unwrap();
    let link = html
        .find("href=\"#margrites-game-mini-correction-1\"")
        .expect("a link from the corrected turn");
    assert!(t1 < link && link < t2, "the link is not at turn 2");
    assert_eq!(html.matches("Corrected here").count(), 1);
    let row = html
        .find("<tr id=\"margrites-game-mini-correction-1\">")
        .expect("the correction's row");
    assert!(row > t3);
    let row_text = &html[row..row + html[row..].find("</tr>").unwrap()];
    for part in [
        "score line",
        "<code>0(0)-0(1)</code>",
        "<code>0(0)-0(0)</code>",
        "Nothing is captured",
    ] {
        assert!(row_text.contains(part), "{part} not in {row_text}");
    }
    // The checker's wording never reaches the page.
    assert!(!html.contains("departure"));
    assert!(!html.contains("score line gives"));
    assert!(
        html.contains("1 time,"),
        "the printed transcript's one departure"
    );
    assert!(html.contains("corrected\ntranscript") || html.contains("corrected transcript"));
}

#[test]
fn ids_are_unique_on_every_page() {
    let dir = mini();
    build(dir.path()).unwrap();
    for rel in ["margo.html", "margrites/game.html", "print.html"] {
        let html = page(dir.path(), rel);
        let all = ids(&html);
        let unique: BTreeSet<&str> = all.iter().copied().collect();
        if rel == "print.html" {
            // The print page repeats every chapter; figure ids still differ
            // between chapters.
            let figs: Vec<&str> = figures(&html)
                .iter()
                .filter_map(|f| attr(f, "id"))
                .collect();
            let set: BTreeSet<&str> = figs.iter().copied().collect();
            assert_eq!(set.len(), figs.len(), "{rel}: {figs:?}");
        } else {
            assert_eq!(unique.len(), all.len(), "{rel} repeats an id");
        }
    }
}

#[test]
fn a_warm_rebuild_takes_figures_from_the_cache_and_gives_the_same_bytes() {
    let dir = mini();
    build(dir.path()).unwrap();
    let first = page(dir.path(), "margo.html");
    let report = build(dir.path()).unwrap();
    assert_eq!(report.stats.figures, 4);
    assert_eq!(report.stats.cached, 4);
    assert_eq!(report.stats.claims, 0);
    assert_eq!(page(dir.path(), "margo.html"), first);
    // A changed figure is checked again; the others come from the cache.
    edit(
        &dir.path().join("book/src/margo.md"),
        "  - score is 2-7",
        "  - score is 2-7\n  - e5 is empty",
    );
    let report = build(dir.path()).unwrap();
    assert_eq!(report.stats.cached, 3);
    assert_eq!(report.stats.claims, 8);
}

#[test]
fn every_false_claim_is_reported_with_file_and_line_and_the_old_build_stays() {
    let dir = mini();
    build(dir.path()).unwrap();
    let before = page(dir.path(), "margo.html");
    let margo = dir.path().join("book/src/margo.md");
    let game = dir.path().join("book/src/margrites/game.md");
    edit(&margo, "  - score is 2-7", "  - score is 2-6");
    edit(&game, "  - g4>f4 captures 1", "  - g4>f4 captures 2");
    let got = failures(build(dir.path()));
    let margo_line = line_of(&fs::read_to_string(&margo).unwrap(), "score is 2-6");
    let game_line = line_of(&fs::read_to_string(&game).unwrap(), "g4>f4 captures 2");
    assert_eq!(
        got,
        [
            format!(
                "book/src/margo.md:{margo_line}: claim \"score is 2-6\": engine found score 2-7"
            ),
            format!(
                "book/src/margrites/game.md:{game_line}: claim \"g4>f4 captures 2\": engine found g4>f4 captures 1 (e5)"
            ),
        ]
    );
    // Nothing was written: the previous build is intact, no staging folder left.
    assert_eq!(page(dir.path(), "margo.html"), before);
    let leftovers: Vec<String> = fs::read_dir(dir.path().join("book"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".cannonball"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_yaml_error_names_the_file_and_line() {
    let dir = mini();
    let margo = dir.path().join("book/src/margo.md");
    edit(&margo, "white: c3 d3\n", "white: [c3, d3\n");
    let got = failures(build(dir.path()));
    assert_eq!(got.len(), 1, "{got:?}");
    let text = fs::read_to_string(&margo).unwrap();
    let block = line_of(&text, "```margo");
    let line: usize = got[0]
        .strip_prefix("book/src/margo.md:")
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}", got[0]));
    // libyaml notices the unclosed list where the next key starts.
    let next_key = line_of(&text, "black: b3 b4");
    assert_eq!(line, next_key, "{}", got[0]);
    assert!(got[0].contains("not a figure"), "{}", got[0]);
    // The message points back at the line where the list was opened.
    assert!(
        got[0].contains(&format!("line {} column", block + 2)),
        "{}",
        got[0]
    );
}

#[test]
fn an_illegal_move_names_the_move_and_the_reason() {
    let dir = mini();
    edit(
        &dir.path().join("book/figures/spargo/corner.yaml"),
        "moves: a2",
        "moves: a2 b1",
    );
    let got = failures(build(dir.path()));
    assert_eq!(
        got,
        ["book/figures/spargo/corner.yaml:3: move `b1` cannot be played: the point is occupied"]
    );
}

#[test]
fn a_broken_directive_is_reported_where_it_stands() {
    let dir = mini();
    let game = dir.path().join("book/src/margrites/game.md");
    edit(
        &game,
        "{{#margrites-game mini}}",
        "{{#margrites-game nothing-here}}",
    );
    let line = line_of(&fs::read_to_string(&game).unwrap(), "{{#margrites-game");
    let got = failures(build(dir.path()));
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with(&format!(
            "book/src/margrites/game.md:{line}: {{{{#margrites-game}}}}: cannot read"
        )),
        "{}",
        got[0]
    );
}

#[test]
fn check_only_writes_nothing() {
    let dir = mini();
    let mut opts = options(dir.path());
    opts.check_only = true;
    let report = book::build(&opts).unwrap();
    assert_eq!(report.dest, None);
    assert_eq!(report.stats.figures, 4);
    assert!(!dir.path().join("book/build").exists());
}

#[test]
fn the_command_in_book_toml_is_replaced_not_run() {
    let dir = mini();
    let toml = fs::read_to_string(dir.path().join("book/book.toml")).unwrap();
    // The fixture names a command that does not exist: the build only works if
    // the in-process preprocessor takes its place.
    assert!(toml.contains("command = \"cannonball-must-not-be-run preprocess\""));
    build(dir.path()).unwrap();
    assert_eq!(figures(&page(dir.path(), "margo.html")).len(), 3);
}
