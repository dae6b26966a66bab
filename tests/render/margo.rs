//! Properties of Margo-family diagrams over random positions of every kind (sizes
//! 3–9, two to four colours, stacks, zombies, captures), and the errors marks
//! that do not fit the position give.

use super::support;

use std::collections::{BTreeMap, BTreeSet};

use cannonball::render::{MargoDiagram, RenderError};
use cannonball_rules::margo::{AnyPosition, Color, Coords, Move, Point, Preset};
use cannonball_rules::rng::Rng;
use support::{El, check_common, margo, parse, pt, rules};

/// The position before the last move, and that move.
type Previous = Option<(AnyPosition, Move)>;

/// A random position reached by random moves, with the last move, the pieces it
/// removed (and their colours) and the position before it.
fn random_position(seed: u64) -> (AnyPosition, Option<Point>, Vec<(Point, Color)>, Previous) {
    let mut rng = Rng::seed_from(seed);
    let size = [3u8, 4, 5, 5, 6, 7, 9][rng.index(7)];
    let players = [2u8, 2, 3, 4][rng.index(4)];
    let preset = if players > 2 {
        Preset::MargoPbmserv
    } else {
        Preset::Margo
    };
    let mut pos = AnyPosition::new(rules(preset, size, players)).unwrap();
    let points = pos.geometry().len() as u64;
    let plies = rng.below(points + points / 2);
    let (mut last, mut removed, mut previous) = (None, Vec::new(), None);
    for _ in 0..plies {
        let Some(m) = pos.random_move(&mut rng) else {
            break;
        };
        let before = pos.clone();
        let report = pos.play(m).unwrap();
        last = match m {
            Move::Place(p) => Some(p),
            _ => None,
        };
        removed = report
            .removed
            .iter()
            .map(|&p| (p, before.color_at(p).unwrap()))
            .collect();
        previous = Some((before, m));
    }
    (pos, last, removed, previous)
}

/// Every point whose piece cuts a link now, worked out from the rulings (A3)
/// without the renderer: both ends visible and of one colour, both cutters held by
/// other colours.
fn cutting_points(pos: &AnyPosition) -> (BTreeSet<Point>, usize) {
    let buried: BTreeSet<Point> = pos.buried().into_iter().collect();
    let visible = |p: Point| pos.color_at(p).filter(|_| !buried.contains(&p));
    let mut points = BTreeSet::new();
    let mut links = 0;
    for link in pos.geometry().links() {
        let (Some(cutters), Some(c)) = (link.cutters, visible(link.a)) else {
            continue;
        };
        if visible(link.b) != Some(c) {
            continue;
        }
        if cutters
            .iter()
            .all(|&q| pos.color_at(q).is_some_and(|k| k != c))
        {
            points.extend(cutters);
            links += 1;
        }
    }
    (points, links)
}

fn colour_class(c: Color) -> &'static str {
    c.name()
}

/// The pieces the title lists, by colour name, and its zombie clause.
fn title_pieces(title: &str) -> (BTreeMap<String, BTreeSet<String>>, BTreeSet<String>) {
    let (_, rest) = title.split_once(": ").expect("title has ': '");
    let mut clauses = rest.split("; ");
    let pieces = clauses.next().unwrap();
    let mut by_colour = BTreeMap::new();
    if pieces != "empty board" {
        for part in pieces.split(", ") {
            let mut words = part.split(' ');
            let colour = words.next().unwrap().to_ascii_lowercase();
            by_colour.insert(colour, words.map(str::to_owned).collect());
        }
    }
    let zombies = clauses
        .find_map(|c| c.strip_prefix("zombies "))
        .map(|z| z.split(' ').map(str::to_owned).collect())
        .unwrap_or_default();
    (by_colour, zombies)
}

/// Each marble's centre and radius, by the point it stands on.
type Centres = BTreeMap<Point, (f64, f64, f64)>;

/// Checks one rendered diagram against its position and marks.
fn check(d: &MargoDiagram<'_>, svg: &str) {
    let els = parse(svg);
    check_common(&els, &d.id_prefix);
    let marbles: Vec<&El> = els
        .iter()
        .filter(|e| e.classes().first() == Some(&"marble"))
        .collect();
    let centre = check_marbles(d, &marbles);
    check_painters_order(&marbles);
    check_stacked_marbles(d.position, &centre);
    check_orientation(d.position, &centre);
    check_title(d.position, &els);
    check_labels(d, &els, &centre);
    check_marks(d, &els);
}

/// The coordinates a marble's id ends with (`…-level-x-y`).
fn marble_coords(m: &El) -> Coords {
    let id = m.attr("id").expect("marbles have ids");
    let nums: Vec<u8> = id.rsplit('-').take(3).map(|s| s.parse().unwrap()).collect();
    Coords::new(nums[2], nums[1], nums[0])
}

/// One marble per piece and per ghost, each of its piece's colour; returns their centres.
fn check_marbles(d: &MargoDiagram<'_>, marbles: &[&El]) -> Centres {
    let pos = d.position;
    let geo = pos.geometry();
    assert_eq!(marbles.len(), pos.occupied().len() + d.ghosts.len());
    let mut centre = Centres::new();
    for m in marbles {
        let id = m.attr("id").expect("marbles have ids");
        let p = geo.point(marble_coords(m)).expect("marble on the board");
        let expected = if m.has_class("ghost") {
            d.ghosts.iter().find(|g| g.0 == p).map(|g| g.1)
        } else {
            pos.color_at(p)
        };
        assert!(
            m.has_class(colour_class(expected.expect("a colour"))),
            "{id}"
        );
        centre.insert(p, (m.num("cx"), m.num("cy"), m.num("r")));
    }
    centre
}

/// Painter's order: the board level first, then up.
fn check_painters_order(marbles: &[&El]) {
    let order_levels: Vec<u8> = marbles.iter().map(|m| marble_coords(m).level).collect();
    assert!(
        order_levels.windows(2).all(|w| w[0] <= w[1]),
        "{order_levels:?}"
    );
}

/// A stacked marble sits over the middle of the four it rests on, and is larger.
fn check_stacked_marbles(pos: &AnyPosition, centre: &Centres) {
    let geo = pos.geometry();
    for (&p, &(x, y, r)) in centre {
        let below = geo.rests_on(p);
        if below.is_empty() || !below.iter().all(|q| centre.contains_key(q)) {
            continue;
        }
        let mx = below.iter().map(|q| centre[q].0).sum::<f64>() / 4.0;
        let my = below.iter().map(|q| centre[q].1).sum::<f64>() / 4.0;
        assert!(
            (mx - x).abs() < 2e-3 && (my - y).abs() < 2e-3,
            "{}",
            geo.coords(p)
        );
        assert!(below.iter().all(|q| centre[q].2 < r || r >= 0.5));
    }
}

/// Row 1 at the bottom, column a on the left.
fn check_orientation(pos: &AnyPosition, centre: &Centres) {
    let geo = pos.geometry();
    for (&p, &(x, y, _)) in centre {
        let c = geo.coords(p);
        let ex = f64::from(c.x) + f64::from(c.level) / 2.0;
        let ey = f64::from(c.y) + f64::from(c.level) / 2.0;
        let (&p0, &(x0, y0, _)) = centre.iter().next().unwrap();
        let c0 = geo.coords(p0);
        let ex0 = f64::from(c0.x) + f64::from(c0.level) / 2.0;
        let ey0 = f64::from(c0.y) + f64::from(c0.level) / 2.0;
        assert!(((x - x0) - (ex - ex0)).abs() < 2e-3);
        assert!(((y0 - y) - (ey - ey0)).abs() < 2e-3);
    }
}

/// The title lists every piece under its colour, and the zombies.
fn check_title(pos: &AnyPosition, els: &[El]) {
    let geo = pos.geometry();
    let title = &els.iter().find(|e| e.name == "title").unwrap().text;
    let (by_colour, zombies) = title_pieces(title);
    for c in Color::ALL {
        let expected: BTreeSet<String> = pos
            .occupied()
            .into_iter()
            .filter(|&p| pos.color_at(p) == Some(c))
            .map(|p| geo.coords(p).to_string())
            .collect();
        let got = by_colour.get(c.name()).cloned().unwrap_or_default();
        assert_eq!(got, expected, "{c} in '{title}'");
    }
    let expected: BTreeSet<String> = pos
        .zombies()
        .iter()
        .map(|&p| geo.coords(p).to_string())
        .collect();
    assert_eq!(zombies, expected, "zombies in '{title}'");
}

/// Labels: at their point, readable on what lies under them.
fn check_labels(d: &MargoDiagram<'_>, els: &[El], centre: &Centres) {
    let pos = d.position;
    let geo = pos.geometry();
    let labels: Vec<&El> = els
        .iter()
        .filter(|e| e.name == "text" && e.has_class("label"))
        .collect();
    assert_eq!(labels.len(), d.labels.len());
    for (p, text) in &d.labels {
        let el = labels
            .iter()
            .find(|e| &e.text == text)
            .expect("label drawn");
        let on = pos
            .color_at(*p)
            .map_or("on-empty".to_owned(), |c| format!("on-{c}"));
        assert!(el.has_class(&on), "label {text} on {}", geo.coords(*p));
        if let Some(&(x, y, _)) = centre.get(p) {
            assert!((el.num("x") - x).abs() < 2e-3 && (el.num("y") - y).abs() < 2e-3);
        }
    }
}

/// Zombie and buried marks when asked for, the last move, each freedom once, every empty hole.
fn check_marks(d: &MargoDiagram<'_>, els: &[El]) {
    let pos = d.position;
    let count = |class: &str| els.iter().filter(|e| e.has_class(class)).count();
    let zombie_marks = if d.mark_zombies {
        pos.zombies().len()
    } else {
        0
    };
    assert_eq!(count("zombie"), zombie_marks);
    let buried_marks = if d.buried_hints {
        pos.buried().len()
    } else {
        0
    };
    assert_eq!(count("buried"), buried_marks);
    assert_eq!(count("last-move"), usize::from(d.last_move.is_some()));
    let freedoms: BTreeSet<Point> = d.freedoms.iter().copied().collect();
    assert_eq!(count("freedom"), freedoms.len());
    let holes = pos
        .geometry()
        .level_points(0)
        .filter(|&p| pos.color_at(p).is_none())
        .count();
    assert_eq!(count("hole"), holes);
}

#[test]
fn random_positions_draw_every_piece_in_place() {
    let mut kinds = BTreeSet::new();
    for seed in 0..150 {
        let (pos, last, removed, previous) = random_position(seed);
        let mut rng = Rng::seed_from(seed ^ 0x5eed);
        let geo = pos.geometry();
        let mut d = MargoDiagram::new(&pos, &format!("r{seed}"));
        d.last_move = last;
        d.ghosts = removed;
        if let Some((before, m)) = &previous {
            let mut marked = MargoDiagram::new(&pos, "m");
            marked.mark_move(before, *m);
            assert_eq!((marked.last_move, &marked.ghosts), (d.last_move, &d.ghosts));
        }
        d.buried_hints = rng.below(2) == 0;
        d.playable_hints = rng.below(2) == 0;
        d.mark_zombies = rng.below(4) != 0;
        d.coordinates = rng.below(3) != 0;
        let all: Vec<Point> = geo.points().collect();
        let mut labelled = BTreeSet::new();
        for text in ["a", "b", "*", "12"] {
            let p = all[rng.index(all.len())];
            if labelled.insert(p) {
                d.labels.push((p, text.to_owned()));
            }
        }
        let empty: Vec<Point> = pos.playable();
        for _ in 0..rng.below(4) {
            if !empty.is_empty() {
                d.freedoms.push(empty[rng.index(empty.len())]);
            }
        }
        let (cutters, cut_links) = cutting_points(&pos);
        d.cuts = cutters.iter().copied().collect();
        let svg = d.render().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            svg,
            d.render().unwrap(),
            "seed {seed}: same input, same bytes"
        );
        check(&d, &svg);
        let els = parse(&svg);
        assert_eq!(
            els.iter().filter(|e| e.has_class("cut-link")).count(),
            cut_links,
            "seed {seed}"
        );
        // An occupied point that cuts nothing is refused.
        if let Some(&p) = pos.occupied().iter().find(|p| !cutters.contains(p)) {
            let mut bad = d.clone();
            bad.cuts = vec![p];
            assert_eq!(
                bad.render(),
                Err(RenderError::NotACut(geo.coords(p).to_string()))
            );
        }
        let top = pos.occupied().iter().map(|&p| geo.coords(p).level).max();
        kinds.insert((
            geo.size(),
            pos.rules().players,
            top.unwrap_or(0).min(2),
            !pos.zombies().is_empty(),
            !d.ghosts.is_empty(),
            cut_links > 0,
        ));
    }
    // The sample covers stacks, zombies, ghosts, cuts and every colour count.
    assert!(kinds.iter().any(|k| k.2 == 2), "three levels");
    assert!(kinds.iter().any(|k| k.3), "zombies");
    assert!(kinds.iter().any(|k| k.4), "ghosts");
    assert!(kinds.iter().any(|k| k.5), "cuts");
    assert!(kinds.iter().any(|k| k.1 == 4), "four colours");
}

#[test]
fn different_prefixes_share_no_id() {
    let (pos, ..) = random_position(3);
    let ids = |prefix: &str| -> BTreeSet<String> {
        let svg = MargoDiagram::new(&pos, prefix).render().unwrap();
        parse(&svg)
            .iter()
            .filter_map(|e| e.attr("id").map(str::to_owned))
            .collect()
    };
    let (a, b) = (ids("fig1"), ids("fig2"));
    assert!(a.len() > 2);
    assert!(a.is_disjoint(&b));
}

#[test]
fn marks_that_do_not_fit_the_position_are_refused() {
    let pos = margo(
        rules(Preset::Margo, 5, 2),
        "white b2 c2 b3 a1; black c3 b2+1",
    );
    let base = MargoDiagram::new(&pos, "bad");
    let render = |f: &dyn Fn(&mut MargoDiagram<'_>)| {
        let mut d = base.clone();
        f(&mut d);
        d.render().unwrap_err()
    };
    assert_eq!(
        render(&|d| d.id_prefix = "1x".into()),
        RenderError::BadIdPrefix("1x".into())
    );
    assert_eq!(
        render(&|d| d.ghosts = vec![(pt(&pos, "b2"), Color::Black)]),
        RenderError::GhostOnPiece("b2".into())
    );
    assert_eq!(
        render(&|d| d.ghosts = vec![(pt(&pos, "d4"), Color::Black); 2]),
        RenderError::DuplicateGhost("d4".into())
    );
    assert_eq!(
        render(&|d| d.freedoms = vec![pt(&pos, "c3")]),
        RenderError::FreedomOnPiece("c3".into())
    );
    assert_eq!(
        render(&|d| d.last_move = Some(pt(&pos, "e5"))),
        RenderError::LastMoveEmpty("e5".into())
    );
    assert_eq!(
        render(&|d| d.labels = vec![(pt(&pos, "a2"), String::new())]),
        RenderError::EmptyLabel("a2".into())
    );
    assert_eq!(
        render(&|d| d.labels = vec![(pt(&pos, "a2"), "a".into()), (pt(&pos, "a2"), "b".into())]),
        RenderError::DuplicateLabel("a2".into())
    );
    assert_eq!(
        render(&|d| d.cuts = vec![pt(&pos, "b2+1")]),
        RenderError::NotACut("b2+1".into())
    );
    let off = Point::new(pos.geometry().len());
    assert_eq!(
        render(&|d| d.labels = vec![(off, "a".into())]),
        RenderError::PointOffBoard {
            what: "label",
            index: 55,
            size: 5
        }
    );
}

#[test]
fn labels_can_carry_markup_characters() {
    let pos = AnyPosition::new(Preset::Spargo.rules()).unwrap();
    let mut d = MargoDiagram::new(&pos, "esc");
    d.labels = vec![(pt(&pos, "a1"), "<&>".into())];
    let svg = d.render().unwrap();
    let els = parse(&svg);
    assert!(els.iter().any(|e| e.has_class("label") && e.text == "<&>"));
    assert!(!svg.contains("<&>"));
}
