//! Geometry and reasons: the board's points and why a placement is illegal.

use crate::margo::reference::{RefGame, RefMove};

use super::{place, position, rules};

#[test]
fn point_counts_are_square_pyramidal() {
    for (n, count) in [(3, 14), (4, 30), (6, 91), (7, 140), (8, 204), (19, 2470)] {
        assert_eq!(RefGame::new(rules(n)).points().len(), count, "size {n}");
    }
}

#[test]
fn placement_reasons() {
    let mut r = rules(4);
    r.max_height = Some(2);
    let g = position(
        r,
        &[
            "W W W . / B B B . / W W . . / . . . .",
            ". . . / . . . / . . .",
        ],
        1,
    );
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("occupied"));
    assert_eq!(g.illegal_reason(place((0, 4, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((1, 3, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((4, 0, 0))), Some("off board"));
    assert_eq!(g.illegal_reason(place((1, 2, 0))), Some("unsupported"));
    assert_eq!(g.illegal_reason(place((1, 0, 0))), None);
    assert_eq!(g.illegal_reason(place((1, 0, 1))), None);
    assert_eq!(g.illegal_reason(place((2, 0, 0))), Some("above max height"));
    assert_eq!(g.illegal_reason(RefMove::Pass), Some("pass not allowed"));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
}

#[test]
fn legal_moves_are_sorted_and_agree_with_illegal_reason() {
    let g = position(rules(4), &["W W . . / B B . . / . . . . / . . . ."], 0);
    let moves = g.legal_moves();
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    assert_eq!(moves.len(), 13);
    assert_eq!(moves[0], place((0, 0, 2)));
    assert_eq!(*moves.last().expect("moves"), place((1, 0, 0)));
    for p in g.points() {
        let m = place(p);
        assert_eq!(moves.contains(&m), g.illegal_reason(m).is_none(), "{p:?}");
    }
}
