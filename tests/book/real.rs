//! The real book (`book/`) builds into a temporary folder with every claim true,
//! and each chapter's page has exactly the figures its source has. Until the
//! book has chapters (`book/src/SUMMARY.md`) there is nothing to build and the
//! test says so.

use super::support;

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use cannonball::book::expand::{DIRECTIVES, slug};
use cannonball::book::{self, BookError, BuildOptions};
use cannonball::figure::scan::{self, Item};
use support::{attr, figures, repo};

fn chapters(src: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            chapters(src, &path, out);
        } else if path.extension().is_some_and(|e| e == "md") && !path.ends_with("SUMMARY.md") {
            out.push(path.strip_prefix(src).unwrap().to_path_buf());
        }
    }
}

/// Figures written in a chapter: fenced blocks and `{{#figure}}` lines.
fn figures_in_source(text: &str) -> usize {
    scan::scan(text, DIRECTIVES)
        .iter()
        .filter(|i| match i {
            Item::Figure(_) => true,
            Item::Directive(d) => d.name == "figure",
        })
        .count()
}

fn html_path(chapter: &Path) -> PathBuf {
    if chapter.file_name().is_some_and(|n| n == "README.md") {
        chapter.with_file_name("index.html")
    } else {
        chapter.with_extension("html")
    }
}

#[test]
fn the_real_book_builds_with_every_figure_checked() {
    let root = repo().join("book");
    let src = root.join("src");
    if !src.join("SUMMARY.md").exists() {
        eprintln!("skipped: book/src/SUMMARY.md does not exist yet, the book has no chapters");
        return;
    }
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("build");
    let started = Instant::now();
    let result = book::build(&BuildOptions {
        book: root.clone(),
        dest: Some(dest.clone()),
        ..BuildOptions::default()
    });
    let report = match result {
        Ok(r) => r,
        Err(BookError::Failures(f)) => panic!("the book has failing figures:\n{f}"),
        Err(e) => panic!("the book does not build: {e}"),
    };
    eprintln!(
        "book built in {:.1} s: {:?}",
        started.elapsed().as_secs_f64(),
        report.stats
    );
    let summary = fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let mut list = Vec::new();
    chapters(&src, &src, &mut list);
    let mut total = 0;
    for chapter in list {
        let text = fs::read_to_string(src.join(&chapter)).unwrap();
        let want = figures_in_source(&text);
        let listed = summary.contains(&format!(
            "({})",
            chapter.to_string_lossy().replace('\\', "/")
        ));
        if !listed {
            assert_eq!(
                want,
                0,
                "{} has figures but is not in SUMMARY.md",
                chapter.display()
            );
            continue;
        }
        let html = fs::read_to_string(dest.join(html_path(&chapter)))
            .unwrap_or_else(|e| panic!("{}: {e}", chapter.display()));
        let prefix = format!("{}-fig", slug(&chapter));
        let got = figures(&html)
            .iter()
            .filter_map(|f| attr(f, "id"))
            .filter(|id| {
                id.strip_prefix(&prefix)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            })
            .count();
        assert_eq!(
            got,
            want,
            "{}: figures in the page vs the source",
            chapter.display()
        );
        assert!(!html.contains("```margo") && !html.contains("language-margo"));
        total += want;
    }
    // The Puzzles part is generated from puzzles/: two figures per puzzle page
    // (the question, and the position after the key in the solution).
    let puzzles = cannonball::puzzle::read_all(&repo().join("puzzles")).unwrap();
    assert!(!puzzles.is_empty());
    for (_, p) in &puzzles {
        let page = dest.join(format!("puzzles/{}/{}.html", p.game.slug(), p.id));
        let html = fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        assert_eq!(figures(&html).len(), 2, "{}", page.display());
        assert!(
            html.contains("<details class=\"cb-solution\">"),
            "{}",
            page.display()
        );
        // A whole-game puzzle has no time limit: a try it gives without a
        // line ends the game (and the page says so) or has no line drawn.
        let whole_game = p.game != cannonball::puzzle::Game::Margrites && p.turns == 0;
        if whole_game {
            assert!(!html.contains("not reached in time"), "{}", page.display());
            let ends = p
                .tries
                .iter()
                .any(|t| t.refutation.is_empty() && book::puzzles::ends_game(p, &t.mv));
            assert_eq!(
                html.contains("the game ends with it"),
                ends,
                "{}",
                page.display()
            );
        }
        total += 2;
    }
    // Each game's booklet: every question's figure in number order, then the
    // answers; no key shows before the answers begin.
    let numbers = cannonball::puzzle::Numbers::read(&repo().join("puzzles")).unwrap();
    for game in cannonball::puzzle::Game::ALL {
        let mut ps: Vec<_> = puzzles
            .iter()
            .map(|(_, p)| p)
            .filter(|p| p.game == game)
            .collect();
        if ps.is_empty() {
            continue;
        }
        ps.sort_by_key(|p| numbers.number(game, &p.id));
        let page = dest.join(format!("puzzles/booklet/{}.html", game.slug()));
        let html = fs::read_to_string(&page).unwrap_or_else(|e| panic!("{}: {e}", page.display()));
        let answers = html.find("id=\"answers\"").expect("the answers heading");
        let figs = figures(&html);
        assert_eq!(figs.len(), ps.len(), "{}", page.display());
        let mut at = 0;
        for p in &ps {
            let n = numbers.number(game, &p.id).unwrap();
            let caption = format!("{} {n}: ", game.title());
            let found = html[at..]
                .find(&caption)
                .unwrap_or_else(|| panic!("{caption} out of order"));
            at += found + caption.len();
            assert!(at < answers, "{caption} is not among the questions");
            // A "who wins, whoever moves next?" answer says who before the key.
            let verdict = if p.other_to_move.is_some() {
                let winner = match &p.position {
                    cannonball::puzzle::Position::Margo(m) => m.to_move().to_string(),
                    cannonball::puzzle::Position::Margrites(m) => m.to_move().to_string(),
                };
                format!(
                    "<strong>{}{} wins, whoever moves next.</strong> ",
                    winner[..1].to_uppercase(),
                    &winner[1..]
                )
            } else {
                String::new()
            };
            let answer = format!("<strong>{} {n}.</strong> {verdict}", game.title());
            let start = html[answers..]
                .find(&answer)
                .unwrap_or_else(|| panic!("no answer for {caption}"));
            let rest = &html[answers + start + answer.len()..];
            let key = rest.find("Key <strong>").expect("the key");
            assert!(
                !rest[..key].contains("<strong>") || p.other_to_move.is_some(),
                "{caption}: the key comes first"
            );
        }
        assert!(!html[..answers].contains("Key <strong>"));
        // The notation is escaped once: `c5>b6` reads as written.
        assert!(
            !html.contains("&amp;gt;") && !html.contains("&amp;amp;"),
            "{}",
            page.display()
        );
        total += ps.len();
    }
    assert_eq!(report.stats.figures, total);
    // The index: every glossary term is listed, and every link leads to a
    // heading that is there.
    let index = fs::read_to_string(dest.join("appendix/index.html")).unwrap();
    let glossary = fs::read_to_string(src.join("appendix/glossary.md")).unwrap();
    let terms = book::term_index::glossary_terms(&glossary);
    assert!(terms.len() > 50, "{} terms", terms.len());
    let listed = index.matches("<li><strong>").count();
    assert_eq!(listed, terms.len());
    let mut links = 0;
    for (i, _) in index.match_indices("href=\"../") {
        let href = &index[i + 6..i + 6 + index[i + 6..].find('"').unwrap()];
        let (file, anchor) = href.split_once('#').unwrap_or((href, ""));
        if !file.ends_with(".html") {
            continue; // the page's own stylesheets and icons
        }
        let target = dest.join("appendix").join(file);
        let html = fs::read_to_string(&target).unwrap_or_else(|e| panic!("{href}: {e}"));
        if !anchor.is_empty() {
            assert!(
                html.contains(&format!("id=\"{anchor}\"")),
                "index link {href}: no such heading"
            );
        }
        links += 1;
    }
    assert!(
        links > terms.len(),
        "{links} links for {} terms",
        terms.len()
    );
    // The built pages in a browser: filters, keyboard, phone width, reload.
    super::real_browser::check(&dest);
    // The Margrites games show only legal play and no checker output: each
    // has its corrections table, and every turn that was corrected links to it.
    let games = fs::read_to_string(dest.join("margrites/games.html")).unwrap();
    assert!(
        !games.contains("departure"),
        "checker wording on the games page"
    );
    for name in [
        "white-outflanks-black",
        "blacks-daring-escape",
        "black-downsizes",
    ] {
        let table = format!("id=\"margrites-games-{name}-corrections\"");
        assert!(games.contains(&table), "no corrections table for {name}");
        for (i, _) in games.match_indices(&format!("<tr id=\"margrites-games-{name}-correction-")) {
            let id = &games[i + 8..i + 8 + games[i + 8..].find('"').unwrap()];
            assert!(
                games.contains(&format!("href=\"#{id}\"")),
                "no turn links to {id}"
            );
        }
    }
}
