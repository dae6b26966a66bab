//! Golden diagrams: representative Margo-family and Margrites diagrams compared
//! byte for byte with `tests/fixtures/render/*.svg`. Run with `UPDATE_GOLDEN=1` to
//! rewrite the files after a deliberate change, then look at them.

use super::support;

use std::path::{Path, PathBuf};

use cannonball::render::{MargoDiagram, MargritesDiagram, Shade};
use cannonball_rules::margo::{AnyPosition, Color as MColor, Move, Preset};
use cannonball_rules::margrites::{ByColor, Color, Diagram, Options, Position, Setup, Step};
use cannonball_rules::rng::Rng;
use support::{check_common, margo, parse, pt, rules, sq};

fn fixture_dir() -> PathBuf {
    Path::new(crate::ROOT).join("tests/fixtures/render")
}

/// The three-level 5x5 position: zombies on a1 and a1+1, b2 buried under a1+2.
fn three_levels() -> AnyPosition {
    margo(
        rules(Preset::Margo, 5, 2),
        "white a1 c1 b2 a3 c3 d4 a1+1 b2+1; black b1 a2 c2 b3 e5 b1+1 a2+1 a1+2; to-move black",
    )
}

fn spargo_empty() -> String {
    let pos = AnyPosition::new(Preset::Spargo.rules()).unwrap();
    MargoDiagram::new(&pos, "spargo-empty").render().unwrap()
}

fn spargo_styled() -> String {
    let pos = margo(
        Preset::Spargo.rules(),
        "white b2 c2 b2+1; black b3 c3; to-move black",
    );
    let mut d = MargoDiagram::new(&pos, "spargo-styled");
    d.embed_style = true;
    d.render().unwrap()
}

fn margo_three_levels() -> String {
    let pos = three_levels();
    let mut d = MargoDiagram::new(&pos, "three-levels");
    d.buried_hints = true;
    d.labels = vec![
        (pt(&pos, "c2"), "a".into()),
        (pt(&pos, "e4"), "b".into()),
        (pt(&pos, "a1+2"), "*".into()),
    ];
    d.render().unwrap()
}

fn margo_labels() -> String {
    let pos = margo(
        rules(Preset::Margo, 5, 2),
        "white c2 b3 c3 d2 d3; black b2 b4 c4 d4 b1 c1 b2+1; to-move white",
    );
    let mut d = MargoDiagram::new(&pos, "labels");
    d.playable_hints = true;
    d.labels = vec![
        (pt(&pos, "a1"), "1".into()),
        (pt(&pos, "b2"), "2".into()),
        (pt(&pos, "b2+1"), "3".into()),
        (pt(&pos, "c2+1"), "d".into()),
        (pt(&pos, "e5"), "10".into()),
        (pt(&pos, "c4"), "x".into()),
    ];
    d.render().unwrap()
}

fn spargo_capture() -> String {
    let mut pos = margo(
        Preset::Spargo.rules(),
        "white a2 c2 b3; black b2 d4; to-move white",
    );
    let before = pos.clone();
    let b1 = pt(&pos, "b1");
    let report = pos.play(Move::Place(b1)).unwrap();
    let mut d = MargoDiagram::new(&pos, "capture");
    d.last_move = Some(b1);
    d.ghosts = report
        .removed
        .iter()
        .map(|&p| (p, before.color_at(p).unwrap()))
        .collect();
    assert_eq!(d.ghosts, vec![(pt(&pos, "b2"), MColor::Black)]);
    d.render().unwrap()
}

fn margo_freedoms() -> String {
    let pos = margo(
        rules(Preset::Margo, 5, 2),
        "white c3 d4 d2; black a1 b1 a2 b2 a1+1; to-move white",
    );
    let mut d = MargoDiagram::new(&pos, "freedoms");
    d.freedoms = ["c1", "c2", "a3", "b3"]
        .iter()
        .map(|p| pt(&pos, p))
        .collect();
    d.render().unwrap()
}

fn margo_cut() -> String {
    let pos = margo(
        rules(Preset::Margo, 5, 2),
        "black b3 c3; white b2 c2 b4 c4 b2+1 b3+1; to-move black",
    );
    let mut d = MargoDiagram::new(&pos, "cut");
    d.cuts = vec![pt(&pos, "b2+1")];
    d.render().unwrap()
}

fn three_players() -> String {
    let pos = margo(
        rules(Preset::MargoPbmserv, 5, 3),
        "black b3 c3; white b2 c2 b2+1; grey b4 c4 b3+1; to-move grey",
    );
    let mut d = MargoDiagram::new(&pos, "three-players");
    d.cuts = vec![pt(&pos, "b3+1")];
    d.labels = vec![(pt(&pos, "d3"), "m".into())];
    d.render().unwrap()
}

fn four_players() -> String {
    let pos = margo(
        rules(Preset::MargoPbmserv, 4, 4),
        "white a1 d1; black b1 c2; grey a2 c1; red b2 b3 a1+1 b1+1; to-move red",
    );
    MargoDiagram::new(&pos, "four-players").render().unwrap()
}

fn margo9_game() -> String {
    let mut pos = AnyPosition::new(rules(Preset::Margo, 9, 2)).unwrap();
    let mut rng = Rng::seed_from(6);
    let mut last = None;
    for _ in 0..120 {
        let Some(m) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play(m).unwrap();
        last = Some(m);
    }
    let mut d = MargoDiagram::new(&pos, "nine");
    if let Some(Move::Place(p)) = last {
        d.last_move = Some(p);
    }
    d.render().unwrap()
}

fn opening_setup() -> Setup {
    Setup {
        black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"]
            .map(sq)
            .to_vec(),
        white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"]
            .map(sq)
            .to_vec(),
    }
}

fn margrites_opening() -> String {
    let pos = Position::new(&opening_setup(), Options::STANDARD).unwrap();
    MargritesDiagram::new(&pos, "opening").render().unwrap()
}

fn margrites_arrows() -> String {
    let pieces = ByColor {
        black: ["c7", "d2", "e2", "a1", "b1", "g2"].map(sq).to_vec(),
        white: ["a8", "b8", "d8", "e8", "f8", "d6"].map(sq).to_vec(),
    };
    let mut diagram = Diagram::with_missing_captured(pieces, Color::Black);
    diagram.standings.black.points = 1;
    diagram.standings.white.captures = 1;
    diagram.standings.white.points = 1;
    diagram.standings.black.captures = 1;
    let pos = Position::from_diagram(&diagram, Options::STANDARD).unwrap();
    let mut d = MargritesDiagram::new(&pos, "arrows");
    d.steps = vec![
        Step::Move {
            from: sq("c7"),
            to: sq("c8"),
        },
        Step::Score { from: sq("c8") },
        Step::Move {
            from: sq("d2"),
            to: sq("d3"),
        },
        Step::Move {
            from: sq("d3"),
            to: sq("e4"),
        },
        Step::Move {
            from: sq("e2"),
            to: sq("f3"),
        },
        Step::Return { to: sq("h8") },
    ];
    d.render().unwrap()
}

fn margrites_shading() -> String {
    let pieces = ByColor {
        black: ["e4", "a1", "b1", "c1", "d1", "f1", "g1", "h1"]
            .map(sq)
            .to_vec(),
        white: ["f6", "g5", "a8", "b8", "c8", "d8", "e8", "f8"]
            .map(sq)
            .to_vec(),
    };
    let diagram = Diagram::with_missing_captured(pieces, Color::Black);
    let pos = Position::from_diagram(&diagram, Options::STANDARD).unwrap();
    let mut d = MargritesDiagram::new(&pos, "shading");
    d.shades = vec![
        (sq("d3"), Shade::Legal),
        (sq("e3"), Shade::Legal),
        (sq("f3"), Shade::Legal),
        (sq("d4"), Shade::Legal),
        (sq("d5"), Shade::Legal),
        (sq("e5"), Shade::Capture),
        (sq("f5"), Shade::Illegal),
        (sq("f4"), Shade::Illegal),
    ];
    d.labels = vec![(sq("e4"), "A".into()), (sq("f5"), "x".into())];
    d.render().unwrap()
}

fn margrites_capture() -> String {
    let pieces = ByColor {
        black: ["e4", "a1", "b1", "c1", "d1", "f1", "g1", "h1"]
            .map(sq)
            .to_vec(),
        white: ["d5", "f6", "a8", "b8", "c8", "d8", "e8", "h8"]
            .map(sq)
            .to_vec(),
    };
    let diagram = Diagram::with_missing_captured(pieces, Color::White);
    let mut pos = Position::from_diagram(&diagram, Options::STANDARD).unwrap();
    let step = Step::Move {
        from: sq("f6"),
        to: sq("f5"),
    };
    let report = pos.play_step(step).unwrap();
    let captured: Vec<_> = report.cascade.all().collect();
    assert_eq!(captured, vec![sq("e4")]);
    let mut d = MargritesDiagram::new(&pos, "capture-e4");
    d.steps = vec![step];
    d.captured = vec![(sq("e4"), Color::Black)];
    d.render().unwrap()
}

type Case = (&'static str, fn() -> String);

const CASES: [Case; 14] = [
    ("spargo_empty", spargo_empty),
    ("spargo_styled", spargo_styled),
    ("spargo_capture", spargo_capture),
    ("margo_three_levels", margo_three_levels),
    ("margo_labels", margo_labels),
    ("margo_freedoms", margo_freedoms),
    ("margo_cut", margo_cut),
    ("margo_three_players", three_players),
    ("margo_four_players", four_players),
    ("margo9_game", margo9_game),
    ("margrites_opening", margrites_opening),
    ("margrites_arrows", margrites_arrows),
    ("margrites_shading", margrites_shading),
    ("margrites_capture", margrites_capture),
];

#[test]
fn diagrams_match_their_golden_files() {
    let dir = fixture_dir();
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    if update {
        std::fs::create_dir_all(&dir).unwrap();
    }
    let mut mismatched = Vec::new();
    for (name, make) in CASES {
        let svg = make() + "\n";
        let prefix = parse(&svg)[0].attr("id").unwrap().to_owned();
        check_common(&parse(&svg), &prefix);
        let path = dir.join(format!("{name}.svg"));
        if update {
            std::fs::write(&path, &svg).unwrap();
            continue;
        }
        match std::fs::read_to_string(&path) {
            Ok(expected) if expected == svg => {}
            Ok(_) => mismatched.push(format!("{name}: differs")),
            Err(e) => mismatched.push(format!("{name}: {e}")),
        }
    }
    assert!(
        mismatched.is_empty(),
        "golden diagrams differ (UPDATE_GOLDEN=1 rewrites them): {mismatched:?}"
    );
}

#[test]
fn every_golden_file_has_a_case() {
    let names: Vec<&str> = CASES.iter().map(|c| c.0).collect();
    for entry in std::fs::read_dir(fixture_dir()).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
        if path.extension().is_some_and(|e| e == "svg") {
            assert!(
                names.contains(&stem.as_str()),
                "stale golden file {stem}.svg"
            );
        }
    }
}
