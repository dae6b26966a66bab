//! The counterfactual rule switches `zombies` and `cuts` ([`Rules`]): each
//! changes a concrete capture, and leaving them on changes nothing.

use super::perft::perft;
use super::{AnyPosition, IllegalMove, Move, Position, Preset, Rules, Setup, notation};

fn rules(line: &str) -> Rules {
    line.parse().expect("a rules line")
}

fn position(line: &str, setup: &str) -> AnyPosition {
    let setup = Setup::parse(rules(line), setup).expect("a setup");
    AnyPosition::from_setup(&setup).expect("a legal setup")
}

fn mv(pos: &AnyPosition, text: &str) -> Move {
    notation::parse_move(pos.geometry(), text).expect("a move")
}

fn names(pos: &AnyPosition, points: &[super::Point]) -> String {
    points
        .iter()
        .map(|&p| notation::human(pos.geometry(), Move::Place(p)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// White a1 b1 have one freedom, c1; Black's a1+1 rests on them.
const PINNED: &str = "white a1 b1; black a2 b2 a1+1; to-move black";

#[test]
fn with_zombies_the_capture_leaves_zombies_without_them_it_takes_the_stack_off() {
    let mut on = position("spargo", PINNED);
    let report = on.play(mv(&on, "c1")).unwrap();
    assert!(report.removed.is_empty());
    assert_eq!(names(&on, &report.zombies), "a1 b1");
    assert_eq!(on.scores(), vec![2, 4]);

    let mut off = position("spargo zombies=off", PINNED);
    let report = off.play(mv(&off, "c1")).unwrap();
    // The captured pair goes, and Black's a1+1, resting on it, goes too.
    assert_eq!(names(&off, &report.removed), "a1 b1 a1+1");
    assert!(report.zombies.is_empty());
    assert_eq!(off.scores(), vec![0, 3]);
    assert!(off.without_freedom().is_empty());
}

/// 5x5: White b2 c2 are linked, with d2 their one freedom; Black's b1+1
/// stands over the link, and b2+1 would be the second piece over it.
const UNDERPASS: &str = "white b2 c2; black a2 b1 c1 b3 c3 b1+1; to-move black";

#[test]
fn with_cuts_the_overpass_captures_without_them_it_does_not() {
    let mut on = position("margo size=5 swap=off", UNDERPASS);
    let report = on.play(mv(&on, "b2+1")).unwrap();
    // b2 is cut off from c2 and has no freedom; b1+1 and b2+1 pin it.
    assert_eq!(names(&on, &report.zombies), "b2");

    let mut off = position("margo size=5 swap=off cuts=off", UNDERPASS);
    let report = off.play(mv(&off, "b2+1")).unwrap();
    assert!(report.zombies.is_empty() && report.removed.is_empty());
    let (b2, c2) = (
        off.geometry().point(super::Coords::new(0, 1, 1)).unwrap(),
        off.geometry().point(super::Coords::new(0, 2, 1)).unwrap(),
    );
    assert!(off.group(b2).contains(&c2));
}

#[test]
fn without_zombies_a_placement_resting_on_what_it_captures_is_suicide() {
    // The cut captures b2, which would take b2+1 down with it.
    let pos = position("margo size=5 swap=off zombies=off", UNDERPASS);
    assert_eq!(pos.check(mv(&pos, "b2+1")), Err(IllegalMove::Suicide));
}

#[test]
fn zombies_standing_before_the_move_keep_the_default_removal() {
    // White a1 b1 are zombies already (pinned by a1+1); a quiet move far away
    // leaves them standing with zombies off too.
    let text = "white a1 b1; black a2 b2 c1 a1+1; to-move black; zombies a1 b1";
    let mut off = position("spargo zombies=off", text);
    let report = off.play(mv(&off, "d4")).unwrap();
    assert!(report.removed.is_empty());
    assert_eq!(off.scores(), vec![2, 5]);
}

#[test]
fn the_switches_on_change_no_perft_count() {
    // tests/fixtures/margo/perft.txt, spargo-midgame: 11215 at depth 6,
    // counted before the switches existed.
    let moves = "c3 b1 b3 a1 a4 c4 b2 d1 d2 c1 a2 a1+1 d4 d3";
    for line in ["spargo", "spargo zombies=on cuts=on"] {
        let mut pos = Position::<1>::new(rules(line)).unwrap();
        for m in moves.split_whitespace() {
            let m = notation::parse_move(pos.geometry(), m).unwrap();
            pos = pos.play(m).map_err(|e| e.reason).unwrap().0;
        }
        assert_eq!(perft(&pos, 6), 11215, "{line}");
        assert_eq!(*pos.rules(), Preset::Spargo.rules());
    }
}

#[test]
fn the_switches_off_change_the_game_tree() {
    let moves = "c3 b1 b3 a1 a4 c4 b2 d1 d2 c1 a2 a1+1 d4 d3";
    let count = |line: &str| {
        let mut pos = Position::<1>::new(rules(line)).unwrap();
        for m in moves.split_whitespace() {
            let m = notation::parse_move(pos.geometry(), m).unwrap();
            pos = pos.play(m).map_err(|e| e.reason).unwrap().0;
        }
        perft(&pos, 5)
    };
    assert_eq!(count("spargo"), 2689);
    assert_ne!(count("spargo zombies=off"), 2689);
}
