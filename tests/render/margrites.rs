//! Properties of Margrites diagrams over positions of random games, with the
//! steps of the turn in progress drawn as arrows and its captures as ghosts, and
//! the errors marks that do not fit give.

use super::support;

use std::collections::{BTreeMap, BTreeSet};

use cannonball::render::{MargritesDiagram, RenderError, Shade};
use cannonball_rules::margrites::selfplay::{random_setup, random_step};
use cannonball_rules::margrites::{Color, Options, Position, Square, Step};
use cannonball_rules::rng::Rng;
use support::{El, check_common, parse, path_points, sq};

/// A position some random steps into a random game, with the steps of the turn
/// being played (or of the last one finished) and the pieces they captured.
fn random_game(seed: u64) -> (Position, Vec<Step>, Vec<(Square, Color)>) {
    let mut rng = Rng::seed_from(seed);
    let mut pos = Position::new(&random_setup(&mut rng), Options::STANDARD).unwrap();
    let total = rng.below(300);
    let (mut steps, mut captured) = (Vec::new(), Vec::new());
    let mut turn_over = false;
    for _ in 0..total {
        if pos.is_over() {
            break;
        }
        match random_step(&pos, &mut rng) {
            Some(step) => {
                if turn_over {
                    steps.clear();
                    captured.clear();
                    turn_over = false;
                }
                let before = pos;
                let report = pos.play_step(step).unwrap();
                for s in report.cascade.all() {
                    captured.push((s, before.piece_at(s).unwrap()));
                }
                steps.push(step);
            }
            None => {
                pos.end_turn().unwrap();
                turn_over = true;
            }
        }
    }
    // A captured square may have been stepped on again since.
    captured.retain(|&(s, _)| pos.piece_at(s).is_none());
    captured.sort();
    captured.dedup_by_key(|c| c.0);
    (pos, steps, captured)
}

/// Checks one rendered diagram against its position and marks.
fn check(d: &MargritesDiagram<'_>, svg: &str) {
    let els = parse(svg);
    check_common(&els, &d.id_prefix);
    let pieces: Vec<&El> = els
        .iter()
        .filter(|e| e.classes().first() == Some(&"piece"))
        .collect();
    check_pieces(d, &pieces);
    check_orientation(&pieces);
    check_arrows(d, &els);
    check_crosses_and_shades(d, &els);
    check_title_and_score(d, &els);
}

/// One piece per piece on the board and per captured one, each of its colour.
fn check_pieces(d: &MargritesDiagram<'_>, pieces: &[&El]) {
    let pos = d.position;
    assert_eq!(
        pieces.len(),
        pos.occupied().len() as usize + d.captured.len()
    );
    for p in pieces {
        let id = p.attr("id").expect("pieces have ids");
        let square: Square = sq(id.rsplit('-').next().unwrap());
        let colour = if p.has_class("ghost") {
            d.captured.iter().find(|c| c.0 == square).map(|c| c.1)
        } else {
            pos.piece_at(square)
        };
        let name = colour.expect("a colour").name().to_ascii_lowercase();
        assert!(p.has_class(&name), "{id}");
    }
}

/// Files left to right, rank 8 at the top: a1's centre is below-left of i8's.
fn check_orientation(pieces: &[&El]) {
    let centre = |s: Square| {
        let e = pieces
            .iter()
            .find(|e| e.attr("id").unwrap().ends_with(&format!("-{s}")))?;
        Some((e.num("cx"), e.num("cy")))
    };
    let placed: Vec<Square> = Square::all().filter(|&s| centre(s).is_some()).collect();
    for w in placed.windows(2) {
        let ((x0, y0), (x1, y1)) = (centre(w[0]).unwrap(), centre(w[1]).unwrap());
        let df = f64::from(w[1].file()) - f64::from(w[0].file());
        let dr = f64::from(w[1].rank()) - f64::from(w[0].rank());
        assert!((x1 - x0 - df).abs() < 2e-3 && (y0 - y1 - dr).abs() < 2e-3);
    }
}

/// One line segment per step, however the steps chain into arrows, and one head per arrow.
fn check_arrows(d: &MargritesDiagram<'_>, els: &[El]) {
    let arrows: Vec<&El> = els.iter().filter(|e| e.has_class("arrow")).collect();
    let segments: usize = arrows
        .iter()
        .map(|a| path_points(a.attr("d").unwrap()).len() - 1)
        .sum();
    assert_eq!(segments, d.steps.len());
    assert!(arrows.len() <= d.steps.len());
    assert_eq!(
        els.iter().filter(|e| e.has_class("arrow-head")).count(),
        arrows.len()
    );
}

/// One cross per captured piece, and one shade of each kind per square shaded so.
fn check_crosses_and_shades(d: &MargritesDiagram<'_>, els: &[El]) {
    assert_eq!(
        els.iter().filter(|e| e.has_class("capture-cross")).count(),
        d.captured.len()
    );
    for shade in [Shade::Legal, Shade::Illegal, Shade::Capture] {
        let n = d.shades.iter().filter(|s| s.1 == shade).count();
        let drawn = els
            .iter()
            .filter(|e| e.has_class("shade") && e.has_class(shade.class()))
            .count();
        assert_eq!(drawn, n);
    }
}

/// The squares the title lists for each side, by side name.
fn title_pieces(title: &str) -> BTreeMap<&str, BTreeSet<String>> {
    title
        .split_once(": ")
        .unwrap()
        .1
        .split("; ")
        .filter_map(|c| {
            let (side, rest) = c.split_once(' ')?;
            matches!(side, "Black" | "White").then(|| {
                let squares = if rest == "no pieces" {
                    BTreeSet::new()
                } else {
                    rest.split(' ').map(str::to_owned).collect()
                };
                (side, squares)
            })
        })
        .collect()
}

/// The title lists each side's pieces; the score line is the engine's notation.
fn check_title_and_score(d: &MargritesDiagram<'_>, els: &[El]) {
    let pos = d.position;
    let title = &els.iter().find(|e| e.name == "title").unwrap().text;
    let lists = title_pieces(title);
    for c in Color::ALL {
        let expected: BTreeSet<String> = pos.pieces(c).map(|s| s.to_string()).collect();
        assert_eq!(lists[c.name()], expected, "{title}");
    }
    let s = pos.standings();
    let score = format!(
        "{}({})-{}({})",
        s.black.points, s.black.captures, s.white.points, s.white.captures
    );
    let line = els.iter().find(|e| e.has_class("score-line"));
    match line {
        Some(l) => assert!(
            l.text.starts_with(&format!("Black–White {score}")),
            "{}",
            l.text
        ),
        None => assert!(!d.score_line),
    }
    assert!(title.contains(&format!("score {score}")));
}

#[test]
fn random_games_draw_every_piece_step_and_capture() {
    let (mut with_captures, mut chained) = (0, 0);
    for seed in 0..150 {
        let (pos, steps, captured) = random_game(seed);
        let mut rng = Rng::seed_from(seed ^ 0xabc);
        let mut d = MargritesDiagram::new(&pos, &format!("g{seed}"));
        d.steps = steps;
        d.captured = captured;
        d.coordinates = rng.below(3) != 0;
        d.score_line = rng.below(3) != 0;
        let mut shaded = BTreeSet::new();
        for _ in 0..rng.below(6) {
            let s = Square::from_index(rng.below(72) as u8).unwrap();
            let shade = [Shade::Legal, Shade::Illegal, Shade::Capture][rng.index(3)];
            if shaded.insert(s) {
                d.shades.push((s, shade));
            }
        }
        for text in ["a", "1", "*"] {
            let s = Square::from_index(rng.below(72) as u8).unwrap();
            if !d.labels.iter().any(|l| l.0 == s) {
                d.labels.push((s, text.to_owned()));
            }
        }
        let svg = d.render().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            svg,
            d.render().unwrap(),
            "seed {seed}: same input, same bytes"
        );
        check(&d, &svg);
        with_captures += usize::from(!d.captured.is_empty());
        chained += usize::from(d.steps.windows(2).any(|w| w[0].to() == w[1].from()));
    }
    assert!(with_captures > 3, "{with_captures} samples with captures");
    assert!(chained > 10, "{chained} samples with chained steps");
}

#[test]
fn scores_and_returns_cross_the_right_edge() {
    let pos = Position::new(
        &cannonball_rules::margrites::Setup {
            black: ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
                .map(sq)
                .to_vec(),
            white: ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"]
                .map(sq)
                .to_vec(),
        },
        Options::STANDARD,
    )
    .unwrap();
    let mut d = MargritesDiagram::new(&pos, "edges");
    // Black scores off rank 8 (the top), White off rank 1 (the bottom).
    d.steps = vec![
        Step::Score { from: sq("i8") },
        Step::Score { from: sq("i1") },
        Step::Return { to: sq("i8") },
    ];
    let els = parse(&d.render().unwrap());
    let board = els.iter().find(|e| e.has_class("board")).unwrap();
    let (top, bottom) = (board.num("y"), board.num("y") + board.num("height"));
    let points = |class: &str| -> Vec<Vec<(f64, f64)>> {
        els.iter()
            .filter(|e| e.has_class(class))
            .map(|e| path_points(e.attr("d").unwrap()))
            .collect()
    };
    let (arrows, heads) = (points("arrow"), points("arrow-head"));
    assert_eq!((arrows.len(), heads.len()), (3, 3));
    // A head's first point is its tip.
    assert!(heads[0][0].1 < top, "Black's score leaves over the top");
    assert!(
        heads[1][0].1 > bottom,
        "White's score leaves over the bottom"
    );
    assert!(arrows[2][0].1 < top, "a return comes in over the edge");
    assert!(heads[2][0].1 > top && heads[2][0].1 < top + 1.0, "onto i8");
}

#[test]
fn marks_that_do_not_fit_are_refused() {
    let (pos, _, _) = random_game(1);
    let occupied = pos.occupied().first().unwrap();
    let empty = Square::all().find(|&s| pos.piece_at(s).is_none()).unwrap();
    let base = MargritesDiagram::new(&pos, "m");
    let render = |f: &dyn Fn(&mut MargritesDiagram<'_>)| {
        let mut d = base.clone();
        f(&mut d);
        d.render().unwrap_err()
    };
    assert_eq!(
        render(&|d| d.id_prefix = "a b".into()),
        RenderError::BadIdPrefix("a b".into())
    );
    assert_eq!(
        render(&|d| d.captured = vec![(occupied, Color::White)]),
        RenderError::GhostOnPiece(occupied.to_string())
    );
    assert_eq!(
        render(&|d| d.captured = vec![(empty, Color::White), (empty, Color::Black)]),
        RenderError::DuplicateGhost(empty.to_string())
    );
    assert_eq!(
        render(&|d| d.shades = vec![(empty, Shade::Legal), (empty, Shade::Capture)]),
        RenderError::DuplicateShade(empty.to_string())
    );
    assert_eq!(
        render(&|d| d.labels = vec![(empty, String::new())]),
        RenderError::EmptyLabel(empty.to_string())
    );
}
