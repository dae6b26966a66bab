//! The puzzle pages' player: the data written from every committed Margo and
//! Spargo puzzle follows the file's tree exactly, and the page's script,
//! loaded in headless Chromium, accepts the key, refutes a wrong first move
//! and ends with "Solved"; on the whole-book print page it drops the puzzle
//! pages, which the booklets print.

use std::collections::BTreeSet;
use std::fs;

use cannonball::book::play::{PlayData, play_data, script_json};
use cannonball::book::solution_line::reader_end;
use cannonball::puzzle::{self, Line, Puzzle};

use super::support::{chromium_present, dump_dom, player_page, repo, run_page};

fn puzzles() -> Vec<Puzzle> {
    let all = puzzle::read_all(&repo().join("puzzles")).unwrap_or_else(|e| panic!("{e:?}"));
    all.into_iter()
        .map(|(_, p)| p)
        .filter(|p| p.game != cannonball_rules::Game::Margrites)
        .collect()
}

/// Checks that node `n` of `data` is the file's `line`, recursively; returns
/// the nodes visited.
fn same_tree(p: &Puzzle, data: &PlayData, n: usize, line: &Line, seen: &mut BTreeSet<usize>) {
    assert!(seen.insert(n), "{}: node {n} reached twice", p.id);
    let node = &data.nodes[n];
    assert_eq!(node.answer, p.notation(&line.mv), "{}", p.id);
    assert!(
        node.legal.contains(&node.answer),
        "{}: answer not legal",
        p.id
    );
    assert_eq!(node.only, line.only);
    assert_eq!(node.end, reader_end(&line.end));
    assert_eq!(node.replies.len(), line.replies.len(), "{}", p.id);
    for (d, r) in node.replies.iter().zip(&line.replies) {
        assert_eq!(d.step.mv, p.notation(&r.mv));
        assert_eq!(d.end, reader_end(&r.end));
        match (&r.answer, d.next) {
            (Some(a), Some(next)) => same_tree(p, data, next as usize, a, seen),
            (None, None) => {}
            _ => panic!(
                "{}: defence {} goes on in one and not the other",
                p.id, d.step.mv
            ),
        }
    }
}

#[test]
fn every_margo_puzzle_page_plays_its_files_tree() {
    let ps = puzzles();
    assert!(ps.len() > 100, "{} puzzles", ps.len());
    let mut with_lines = 0;
    let mut with_tries = 0;
    for p in &ps {
        let data = play_data(p, |v| v.to_string()).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        let mut seen = BTreeSet::new();
        same_tree(p, &data, 0, &p.solution, &mut seen);
        assert_eq!(
            seen.len(),
            data.nodes.len(),
            "{}: nodes outside the tree",
            p.id
        );
        // Every first move but the key has its value from the file.
        assert_eq!(data.first.len() + 1, p.values.len(), "{}", p.id);
        assert_eq!(data.nodes[0].legal.len(), p.values.len(), "{}", p.id);
        for v in &p.values {
            let name = p.notation(&v.mv);
            if v.mv == p.key {
                assert!(!data.first.contains_key(&name));
            } else {
                assert_eq!(data.first[&name].value, v.value.to_string(), "{}", p.id);
            }
        }
        // A listed try is refuted move by move, from its own first move.
        for t in &p.tries {
            let v = &data.first[&p.notation(&t.mv)];
            assert_eq!(v.tempting, t.tempting);
            assert_eq!(v.line.len(), t.refutation.len() + 1, "{}", p.id);
            assert_eq!(v.line[0].mv, p.notation(&t.mv));
            with_tries += 1;
        }
        // Every position and line number exists; every drawing is one SVG.
        let steps = data.nodes.iter().flat_map(|n| {
            std::iter::once(&n.after)
                .chain(n.replies.iter().map(|d| &d.step))
                .chain(n.replies.iter().flat_map(|d| &d.line))
        });
        for s in steps {
            assert!((s.pos as usize) < data.positions.len());
        }
        with_lines += data
            .nodes
            .iter()
            .flat_map(|n| &n.replies)
            .filter(|d| !d.line.is_empty())
            .count();
        for pos in &data.positions {
            let svg: Vec<&str> = pos
                .iter()
                .map(|&i| data.lines[i as usize].as_str())
                .collect();
            assert!(svg[0].starts_with("<svg"), "{}", p.id);
            assert_eq!(*svg.last().unwrap(), "</svg>");
        }
        for n in &data.nodes {
            for m in &n.legal {
                assert!(m == "pass" || data.points.contains_key(m), "{}: {m}", p.id);
            }
        }
    }
    // The best lines of the ends and the refutations are drawn, not dropped.
    assert!(with_lines > 100, "{with_lines} defences with a line");
    assert!(with_tries > 100, "{with_tries} tries");
}

#[test]
fn the_json_is_safe_inside_a_script_element() {
    let ps = puzzles();
    let p = &ps[0];
    let data = play_data(p, |v| v.to_string()).unwrap();
    let json = script_json(&data).unwrap();
    assert!(!json.contains('<') && !json.contains('>') && !json.contains('&'));
    assert!(!json.contains("{{"));
    let back: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(back["id"], p.id.as_str());
    assert!(back["lines"][0].as_str().unwrap().starts_with("<svg"));
}

/// The page's script, run against one puzzle's data: each scenario clicks
/// moves and reports what the page says.
#[test]
fn the_script_plays_a_puzzle_in_a_browser() {
    if !chromium_present() {
        return;
    }
    let ps = puzzles();
    // A puzzle whose defender answers and whose first move has a listed try.
    let p = ps
        .iter()
        .find(|p| !p.solution.replies.is_empty() && !p.tries.is_empty())
        .expect("such a puzzle");
    let data = play_data(p, |v| v.to_string()).unwrap();
    let json = script_json(&data).unwrap();
    let key = p.notation(&p.key);
    let wrong = p.notation(&p.tries[0].mv);
    let dir = tempfile::tempdir().unwrap();
    let mut results = Vec::new();
    for (name, moves) in [("key", key.clone()), ("wrong", wrong.clone())] {
        let page = player_page(
            &p.id,
            &json,
            &format!(
                r#"
  window.addEventListener("load", function () {{
    var hot = document.querySelector('.cb-hot[aria-label="play {moves}"]');
    if (hot) hot.dispatchEvent(new MouseEvent("click"));
    setTimeout(function () {{
      var out = document.createElement("pre");
      out.id = "report";
      out.textContent = JSON.stringify({{
        clicked: !!hot,
        shown: !document.querySelector(".cb-play").hidden,
        staticHidden: document.querySelector(".cb-static").hidden,
        status: document.querySelector(".cb-status").textContent,
        message: document.querySelector(".cb-message").textContent,
        moves: document.querySelectorAll(".cb-moves li").length
      }});
      document.body.appendChild(out);
    }}, 60000);
  }});
"#
            ),
        );
        let v = run_page(dir.path(), name, &page, 120_000);
        results.push((name, v));
    }
    for (name, v) in &results {
        assert_eq!(v["clicked"], true, "{name}: {v}");
        assert_eq!(v["shown"], true, "{name}: {v}");
        assert_eq!(v["staticHidden"], true, "{name}: {v}");
    }
    let (_, k) = &results[0];
    let message = k["message"].as_str().unwrap();
    // The key either ends the tree ("Solved") or brings the reader's next turn.
    assert!(
        message.starts_with("Solved") || message.contains("Your move"),
        "{}: after the key: {k}",
        p.id
    );
    assert!(k["moves"].as_u64().unwrap() >= 2, "{k}");
    let (_, w) = &results[1];
    let message = w["message"].as_str().unwrap();
    assert!(message.starts_with(&format!("Not the key: {wrong}")), "{w}");
    // The refutation was played out on the board.
    assert_eq!(
        w["moves"].as_u64().unwrap() as usize,
        p.tries[0].refutation.len() + 1,
        "{w}"
    );
}

/// The whole-book print page (mdBook's `print.html`) drops the puzzle
/// pages and the page breaks after them, since the booklets print the
/// puzzles; any other page keeps them.
#[test]
fn the_print_page_leaves_the_puzzle_pages_to_the_booklets() {
    if !chromium_present() {
        return;
    }
    let script = fs::read_to_string(repo().join("book/theme/puzzle.js")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut doms = Vec::new();
    for (name, meta) in [
        ("print", r#"<meta name="robots" content="noindex">"#),
        ("page", ""),
    ] {
        let page = format!(
            r##"<!DOCTYPE html><html><head>{meta}</head><body>
<h1>Rules</h1><p>rules text</p>
<table class="cb-puzzle-list"><tr><td><a href="#spargo-puzzle-1">Spargo 1</a></td></tr>
<tr><td><a href="#spargo-puzzle-2">Spargo 2</a></td></tr></table>
<div style="break-before: page; page-break-before: always;"></div>
<div class="cb-puzzle-page"><h1 id="spargo-puzzle-1"><a class="header" href="#spargo-puzzle-1">Spargo puzzle 1</a></h1><p>puzzle one</p></div>
<div style="break-before: page; page-break-before: always;"></div>
<div class="cb-puzzle-page"><h1 id="spargo-puzzle-2">Spargo puzzle 2</h1><p>puzzle two</p></div>
<div style="break-before: page; page-break-before: always;"></div>
<h1>Spargo puzzle booklet</h1><p>booklet text</p>
<div class="cb-booklet"><figure class="cannonball-figure" id="booklet-fig1"><svg></svg>
<figcaption>Spargo 1: Black to play.</figcaption></figure></div>
<script>{script}</script></body></html>"##
        );
        let path = dir.path().join(format!("{name}.html"));
        fs::write(&path, page).unwrap();
        doms.push(dump_dom(
            &path,
            &dir.path().join("profile"),
            "800,1200",
            5_000,
        ));
    }
    let (print, other) = (&doms[0], &doms[1]);
    assert!(
        !print.contains("puzzle one") && !print.contains("puzzle two"),
        "{print}"
    );
    assert!(print.contains("rules text") && print.contains("booklet text"));
    // The list's links lead to the booklet's question, or are no links when
    // the booklet has none.
    assert!(
        print.contains(r##"<a href="#booklet-fig1">Spargo 1</a>"##),
        "{print}"
    );
    assert!(print.contains("<a>Spargo 2</a>"), "{print}");
    assert!(other.contains(r##"<a href="#spargo-puzzle-1">Spargo 1</a>"##));
    assert_eq!(print.matches("break-before: page").count(), 1, "{print}");
    assert!(other.contains("puzzle one") && other.contains("puzzle two"));
    assert_eq!(other.matches("break-before: page").count(), 3);
}

/// A short main line (two to six moves) is drawn with each move's number on
/// its point, in the order played; a longer one keeps the figure after the
/// key. The figure's claims are checked when the book is built.
#[test]
fn short_main_lines_are_drawn_with_their_move_numbers() {
    use cannonball::book::solution_line::{SHORT, main_line, numbered_figure};
    let mut drawn = 0;
    for p in puzzles() {
        let line = main_line(&p);
        let Some(fig) = numbered_figure(&p) else {
            continue;
        };
        drawn += 1;
        assert!((2..=SHORT).contains(&line.moves.len()), "{}", p.id);
        assert_eq!(line.moves[0], p.notation(&p.key), "{}", p.id);
        assert!(
            fig.contains(&format!("moves: {}\n", line.moves.join(" "))),
            "{fig}"
        );
        for (i, m) in line.moves.iter().enumerate() {
            assert!(
                fig.contains(&format!("'{}': {m}", i + 1)),
                "{}: {fig}",
                p.id
            );
        }
        assert!(
            !fig.contains(&format!("'{}':", line.moves.len() + 1)),
            "{fig}"
        );
    }
    assert!(
        drawn >= 20,
        "only {drawn} puzzles have a short numbered line"
    );
}

/// The build's check that a page plays its file's tree: it holds for every
/// committed puzzle, and a page whose answer, defences or Margrites steps
/// were changed is refused with the place named.
#[test]
fn the_build_checks_each_page_plays_its_files_tree() {
    use cannonball::book::play::check_tree;
    let all = puzzle::read_all(&repo().join("puzzles")).unwrap();
    let mut margrites = None;
    let mut margo = None;
    for (_, p) in &all {
        let data = play_data(p, |v| v.to_string()).unwrap();
        check_tree(p, &data).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        if p.game == cannonball_rules::Game::Margrites && !p.solution.replies.is_empty() {
            margrites.get_or_insert((p, data));
        } else if p.game != cannonball_rules::Game::Margrites && p.solution.replies.len() > 1 {
            margo.get_or_insert((p, data));
        }
    }
    let (p, data) = margo.expect("a Margo puzzle with defences");
    let mut bad = data.clone();
    bad.nodes[0].answer = bad.nodes[0]
        .legal
        .iter()
        .find(|m| **m != data.nodes[0].answer)
        .unwrap()
        .clone();
    let e = check_tree(p, &bad).unwrap_err().to_string();
    assert!(e.contains("at the puzzle's position: the answer is"), "{e}");
    let mut bad = data.clone();
    bad.nodes[0].replies.swap(0, 1);
    let e = check_tree(p, &bad).unwrap_err().to_string();
    assert!(e.contains("defence"), "{e}");
    let (p, data) = margrites.expect("a Margrites puzzle with defences");
    let mut bad = data.clone();
    let start = bad.nodes[0].turn.unwrap() as usize;
    for s in &mut bad.turns[start].steps {
        s.off = true;
        s.n = None;
    }
    let e = check_tree(p, &bad).unwrap_err().to_string();
    assert!(e.contains("cannot be made step by step"), "{e}");
    let mut bad = data.clone();
    bad.nodes.push(bad.nodes[0].clone());
    let e = check_tree(p, &bad).unwrap_err().to_string();
    assert!(e.contains("nodes on the page"), "{e}");
}
