//! Freedom, capture, zombies, suicide (rulings A4, A5), and the capture scope
//! option.

use super::{place, play_ok, position, rules};

#[test]
fn upper_pieces_give_no_freedom_by_default() {
    let r = rules(4);
    let g = position(
        r.clone(),
        &[
            "B B B . / B W B . / B B B . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    // The White level-1 piece rests on the White 0,1,1: linked but gives no freedom.
    assert!(g.linked((1, 0, 0), (0, 1, 1)));
    assert!(!g.group_has_freedom((0, 1, 1)));
    let mut r2 = r;
    r2.all_freedoms = true;
    let g2 = position(
        r2,
        &[
            "B B B . / B W B . / B B B . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    // 1,1,0 is supported and empty: playable, so a freedom under all_freedoms.
    assert!(g2.group_has_freedom((0, 1, 1)));
}

#[test]
fn enemy_groups_are_captured_before_the_suicide_test() {
    // Black at 0,0,0 has no empty neighbour but takes White 0,1,0's last freedom.
    let mut g = position(rules(4), &[". W B . / W B . . / . . . . / . . . ."], 1);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(out.removed, vec![(0, 1, 0)]);
    assert!(g.group_has_freedom((0, 0, 0)));
    // If that White piece has another freedom, the same move is suicide.
    let g = position(rules(4), &[". W . . / W B . . / . . . . / . . . ."], 1);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
}

#[test]
fn plain_suicide_is_illegal() {
    let g = position(rules(4), &[". B . . / B . . . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
    assert_eq!(g.illegal_reason(place((0, 1, 1))), None);
}

#[test]
fn filling_an_own_last_freedom_while_connected_is_suicide_too() {
    // White's 0,0,0-0,1,0 group has one freedom at 0,2,0; playing there adds no freedom.
    let g = position(rules(4), &["W W . B / B B B . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 2, 0))), Some("suicide"));
}

#[test]
fn captured_pieces_are_removed_top_down_and_pinned_ones_stay() {
    // White group 0,0,0 0,1,0 0,0,1 with a White piece 1,0,0 on top of it and the
    // Black 0,1,1; Black fills 0,0,2 and 0,2,0 is Black already.
    let mut g = position(
        rules(4),
        &[
            "W W B . / W B . . / . . . . / . . . .",
            "W . . / . . . / . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 0, 2)));
    assert_eq!(
        out.removed,
        vec![(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    );
    assert!(out.zombies.is_empty());
    // Now a Black piece on top instead: all three White pieces under it stay.
    let mut g = position(
        rules(4),
        &[
            "W W B . / W B . . / . . . . / . . . .",
            "B . . / . . . / . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 0, 2)));
    assert!(out.removed.is_empty());
    assert_eq!(out.zombies, vec![(0, 0, 0), (0, 0, 1), (0, 1, 0)]);
    for p in [(0, 0, 0), (0, 0, 1), (0, 1, 0)] {
        assert!(g.is_zombie(p), "{p:?}");
    }
}

#[test]
fn a_captured_piece_under_only_a_removed_piece_is_removed_too() {
    // Three players (ruling A5's note): a Grey zombie pinned only by a White piece is
    // removed once that White piece is captured and removed, in the same step.
    let mut r = rules(5);
    r.players = 3;
    let mut g = position(
        r,
        &[
            "G W B . . / W W W B . / B W . . . / . B . . . / . . . . .",
            "W B . . / B . . . / . . . . / . . . .",
        ],
        1,
    );
    assert!(g.is_zombie((0, 0, 0)));
    let out = play_ok(&mut g, place((0, 2, 2)));
    assert_eq!(out.removed, vec![(0, 0, 0), (1, 0, 0)]);
    assert_eq!(
        out.zombies,
        vec![(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 1)]
    );
    assert_eq!(g.colour_at((0, 0, 0)), None);
}

#[test]
fn the_movers_released_zombie_is_captured_after_the_enemy_removal() {
    let level0: &str = "B W B . . / W W W B . / B W . . . / . B . . . / . . . . .";
    let level1: &str = "W B . . / B . . . / . . . . / . . . .";
    let mut g = position(rules(5), &[level0, level1], 1);
    let out = play_ok(&mut g, place((0, 2, 2)));
    assert_eq!(out.removed, vec![(0, 0, 0), (1, 0, 0)]);
    // Without the enemy capture nothing happens to the zombie: Black elsewhere.
    let mut g = position(rules(5), &[level0, level1], 1);
    let out = play_ok(&mut g, place((0, 4, 4)));
    assert!(out.removed.is_empty() && out.zombies.is_empty());
    assert!(g.is_zombie((0, 0, 0)));
}

#[test]
fn a_piece_uncovered_by_a_removal_is_captured_in_the_next_round() {
    // A White stack (0,1,1, four level-1 pieces, the apex 2,1,1) buries White 0,2,2.
    let upper = ". . . . / . W W . / . W W . / . . . .";
    let apex = ". . . / . W . / . . .";
    let ring = ". B . . . / . W B B . / . B W B . / . B B B . / . . . . .";
    let mut g = position(rules(5), &[ring, upper, apex], 1);
    let out = play_ok(&mut g, place((0, 0, 1)));
    assert!(out.removed.contains(&(0, 2, 2)), "round 2 removes it");
    assert_eq!(out.removed.len(), 7);
    // Not firing: when the stack's removal also empties a point beside it, the
    // uncovered piece has freedom and stays.
    let open = ". B . . . / . W B B . / B W W B . / . B B B . / . . . . .";
    let mut g = position(rules(5), &[open, upper, apex], 1);
    let out = play_ok(&mut g, place((0, 0, 1)));
    assert_eq!(out.removed.len(), 7, "{:?}", out.removed);
    assert!(!out.removed.contains(&(0, 2, 2)));
    assert!(g.group_has_freedom((0, 2, 2)));
}

#[test]
fn suicide_when_the_capture_leaves_smothering_zombies() {
    let level0: &str =
        ". B B B W . / B W W W . . / . . . . . . / . . . . . . / . . . . . . / . . . . . .";
    let level1: &str = ". W . . . / . . . . . / . . . . . / . . . . . / . . . . .";
    let mut r = rules(6);
    r.single_capture = true;
    let g = position(r.clone(), &[level0, level1], 0);
    assert_eq!(
        g.illegal_reason(place((0, 0, 0))),
        Some("suicide"),
        "and so no single-capture win"
    );
    let mut g = position(r, &[level0], 0);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert!(out.winning_capture);
    assert_eq!(g.winners(), vec![0]);
}

// ---------------------------------------------------------------------------
// Capture scope (ruling A5, option).
// ---------------------------------------------------------------------------

#[test]
fn adjacent_scope_keeps_the_suicide_test() {
    let mut r = rules(4);
    r.capture_scope_adjacent = true;
    let g = position(r.clone(), &[". B . . / B . . . / . . . . / . . . ."], 0);
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("suicide"));
    let mut g = position(r, &[". W B . / W B . . / . . . . / . . . ."], 1);
    let out = play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(out.removed, vec![(0, 1, 0)]);
}
