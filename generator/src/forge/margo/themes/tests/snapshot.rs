//! The detectors' own flood fills against the engine.

use std::collections::BTreeSet;

use super::margo;
use crate::forge::margo::themes::snapshot::Snapshot;
use cannonball_rules::margo::{AnyPosition, Coords, Setup};
use cannonball_rules::rng::Rng;

fn position(size: u8, text: &str) -> AnyPosition {
    AnyPosition::from_setup(&Setup::parse(margo(size), text).unwrap()).unwrap()
}

fn point(pos: &AnyPosition, name: &str) -> cannonball_rules::margo::Point {
    pos.geometry()
        .point(name.parse::<Coords>().unwrap())
        .unwrap()
}

#[test]
fn cut_aware_groups_and_freedom_agree_with_the_engine_in_random_games() {
    let mut checked = 0;
    for (size, seed) in [(4, 1), (5, 2), (5, 3), (6, 4), (7, 5)] {
        let mut rng = Rng::seed_from(seed);
        let mut pos = AnyPosition::new(margo(size)).unwrap();
        while let Some(m) = pos.random_move(&mut rng) {
            pos.play(m).unwrap();
            let snap = Snapshot::of(&pos);
            let buried: BTreeSet<_> = pos.buried().into_iter().collect();
            for p in pos.occupied() {
                assert_eq!(snap.visible(p), !buried.contains(&p));
                if buried.contains(&p) {
                    continue;
                }
                let engine: BTreeSet<_> = pos.group(p).into_iter().collect();
                let ours = snap.group(p, true);
                assert_eq!(ours, engine, "group of {p:?}\n{}", pos.diagram());
                assert_eq!(!snap.freedoms(&ours).is_empty(), pos.group_has_freedom(p));
                assert!(snap.group(p, false).is_superset(&ours));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn cuts_agree_with_the_geometry_tables() {
    let mut rng = Rng::seed_from(9);
    let mut pos = AnyPosition::new(margo(6)).unwrap();
    let mut cuts = 0;
    while let Some(m) = pos.random_move(&mut rng) {
        pos.play(m).unwrap();
        let snap = Snapshot::of(&pos);
        for link in pos.geometry().links() {
            let Some(c) = snap.color(link.a) else {
                continue;
            };
            let expected = link
                .cutters
                .is_some_and(|cs| cs.iter().all(|&q| snap.color(q).is_some_and(|o| o != c)));
            assert_eq!(snap.cut(link.a, link.b, c), expected);
            cuts += usize::from(expected);
        }
    }
    assert!(cuts > 0);
}

#[test]
fn an_overpass_splits_a_pair_only_while_cuts_are_respected() {
    // The rule page's Figure 5 after White's second marble: the overpass
    // b3+1-c3+1 cuts the Black link c4-c3.
    let pos = position(5, "white b4 d4 b3 d3 b3+1 c3+1; black c4 c3");
    let snap = Snapshot::of(&pos);
    let (c4, c3) = (point(&pos, "c4"), point(&pos, "c3"));
    assert_eq!(snap.group(c4, true), BTreeSet::from([c4]));
    assert_eq!(snap.group(c4, false), BTreeSet::from([c4, c3]));
    // Without the second marble the pair is one group either way.
    let pos = position(5, "white b4 d4 b3 d3 b3+1; black c4 c3");
    let snap = Snapshot::of(&pos);
    assert_eq!(snap.group(c4, true), BTreeSet::from([c4, c3]));
}

#[test]
fn eyes_are_empty_points_surrounded_by_the_group() {
    let pos = position(5, "white a2 b1 b2 d1 d2 e2; black a3 b3 c3 d3 e3 c1 c2");
    let snap = Snapshot::of(&pos);
    let group = snap.group(point(&pos, "b1"), true);
    // a1 is an eye of b1's group; e1 belongs to the other White group.
    assert_eq!(snap.eyes(&group), BTreeSet::from([point(&pos, "a1")]));
    let other = snap.group(point(&pos, "d1"), true);
    assert_eq!(snap.eyes(&other), BTreeSet::from([point(&pos, "e1")]));
}
