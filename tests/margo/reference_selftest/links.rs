//! Links and cuts (ruling A3): which pieces are linked, which links are cut, and
//! buried pieces.

use crate::margo::reference::RefGame;

use super::{position, rules};

/// Black pieces at 0,2,1 and 0,2,2 (a vertical link), with pieces at 1,1,1 and 1,2,1
/// (the cutters) as given; White roots on both sides so the upper pieces are held.
fn cut_position(cutter_a: &str, cutter_b: &str, players: usize) -> RefGame {
    let mut r = rules(5);
    r.players = players;
    let level1 = format!(". . . . / . {cutter_a} {cutter_b} . / . . . . / . . . .");
    position(
        r,
        &[
            ". . . . . / . W B G . / . W B G . / . . . . . / . . . . .",
            &level1,
        ],
        0,
    )
}

#[test]
fn a_cut_needs_both_cutters_of_other_colours() {
    let (a, b) = ((0, 2, 1), (0, 2, 2));
    assert!(cut_position(".", ".", 3).linked(a, b));
    assert!(
        cut_position("W", ".", 3).linked(a, b),
        "one cutter does not cut"
    );
    assert!(
        cut_position(".", "G", 3).linked(a, b),
        "one cutter does not cut"
    );
    assert!(
        cut_position("B", "G", 3).linked(a, b),
        "a cutter of the link's colour does not cut"
    );
    assert!(
        cut_position("W", "B", 3).linked(a, b),
        "a cutter of the link's colour does not cut"
    );
    assert!(
        !cut_position("W", "W", 3).linked(a, b),
        "two White cutters cut"
    );
    assert!(
        !cut_position("W", "G", 3).linked(a, b),
        "White and Grey together cut"
    );
    assert!(!cut_position("G", "G", 3).linked(a, b));
}

#[test]
fn horizontal_links_are_cut_by_a_vertical_overpass() {
    // Black 0,1,2 - 0,2,2; cutters 1,1,1 and 1,1,2.
    let g = position(
        rules(5),
        &[
            ". . . . . / . W W . . / . B B . . / . W W . . / . . . . .",
            ". . . . / . W . . / . W . . / . . . .",
        ],
        1,
    );
    assert!(!g.linked((0, 1, 2), (0, 2, 2)));
    // One level-1 piece taken away: no cut.
    let g = position(
        rules(5),
        &[
            ". . . . . / . W W . . / . B B . . / . W W . . / . . . . .",
            ". . . . / . W . . / . . . . / . . . .",
        ],
        1,
    );
    assert!(g.linked((0, 1, 2), (0, 2, 2)));
}

#[test]
fn links_on_the_outer_rows_and_columns_are_never_cut() {
    // Level 0 completely filled with White, except Black pairs on each edge; the
    // level-1 pieces next to each pair are White, so they would cut an inner link.
    let level0 = "B B W B / W W W B / B W W W / B W B B";
    let level1 = "W W W / W W W / W W W";
    let g = position(rules(4), &[level0, level1], 1);
    assert!(g.linked((0, 0, 0), (0, 1, 0)), "top row");
    assert!(g.linked((0, 3, 0), (0, 3, 1)), "right column");
    assert!(g.linked((0, 0, 2), (0, 0, 3)), "left column");
    assert!(g.linked((0, 2, 3), (0, 3, 3)), "bottom row");
    // The same shape one step in from the edge is cut.
    let level0 = "W W W W W / W B B W W / W W W W W / W W W W W / W W W W W";
    let level1 = "W W W W / W W W W / W W W W / W W W W";
    let g = position(rules(5), &[level0, level1], 1);
    assert!(!g.linked((0, 1, 1), (0, 2, 1)));
}

#[test]
fn a_piece_resting_on_another_of_its_colour_is_linked_to_it() {
    let g = position(
        rules(4),
        &[
            "B W . . / W W . . / . . . . / . . . .",
            "B . . / . . . / . . .",
        ],
        0,
    );
    assert!(g.linked((1, 0, 0), (0, 0, 0)));
    assert!(!g.linked((1, 0, 0), (0, 1, 0)));
    assert!(
        g.linked((0, 1, 0), (0, 0, 1)),
        "White pieces linked around the corner"
    );
}

#[test]
fn a_buried_piece_is_in_no_group_and_still_scores() {
    // 3x3 full level 0 and level 1 on a 4x4 board; the apex buries the centre 0,1,1.
    let g = position(
        rules(4),
        &[
            "W W W . / W B W . / W W W . / . . . .",
            "B B . / B B . / . . .",
            "W . / . .",
        ],
        1,
    );
    assert!(g.is_buried((0, 1, 1)));
    assert!(
        !g.is_buried((0, 0, 0)),
        "only the point directly below the apex is buried"
    );
    assert!(!g.linked((0, 1, 1), (1, 0, 0)));
    assert!(!g.group_has_freedom((0, 1, 1)));
    assert!(!g.is_zombie((0, 1, 1)));
    assert_eq!(g.scores(), vec![9, 5]);
    assert!(!g.is_buried((0, 3, 3)), "an empty point is not buried");
}
