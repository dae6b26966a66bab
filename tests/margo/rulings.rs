//! One test per ruling of Part A (placement, height, passing, swap, players,
//! burial, links, over/under cuts, freedom, capture order, top-down removal,
//! zombies, rounds, suicide, ko, end, single capture, capture scope), each shown
//! firing and not firing on a position built by hand. Expected results are
//! worked out from the rulings, not read off the engine.

use crate::support;

use cannonball_rules::margo::{CaptureScope, Color, EndReason, IllegalMove, Ko, Move, Preset};
use support::*;

// ---- A2: placement and support -------------------------------------------

#[test]
fn a_piece_goes_on_an_empty_board_point_or_on_four_pieces_of_any_colours() {
    let mut pos = position(margo(4), "white a1 b1; black a2; to-move black");
    assert_eq!(illegal(&pos, "a1"), IllegalMove::Occupied);
    assert_eq!(illegal(&pos, "a1+1"), IllegalMove::Unsupported);
    play(&mut pos, "b2");
    // a1 b1 a2 b2 are now all occupied, by two colours: a1+1 is supported.
    assert!(pos.check(mv(&pos, "a1+1")).is_ok());
    assert_eq!(illegal(&pos, "b1+1"), IllegalMove::Unsupported);
    assert_eq!(illegal(&pos, "a1+2"), IllegalMove::Unsupported);
}

#[test]
fn max_height_makes_high_points_unplayable() {
    let text = "white a1 b1; black a2 b2";
    let limited = position(rules(Preset::Margo, |r| r.max_height = Some(1)), text);
    assert_eq!(illegal(&limited, "a1+1"), IllegalMove::AboveMaxHeight);
    let open = position(rules(Preset::Margo, |r| r.max_height = Some(2)), text);
    assert!(open.check(mv(&open, "a1+1")).is_ok());
}

// ---- A2: passing ------------------------------------------------------------

#[test]
fn passing_needs_can_pass_and_all_players_passing_ends_the_game() {
    let mut pos = position(margo(4), "white b2");
    assert_eq!(pos.check(Move::Pass), Err(IllegalMove::PassNotAllowed));
    assert!(!pos.legal_moves().contains(&Move::Pass));

    let mut pos2 = position(rules(Preset::Margo, |r| r.can_pass = true), "white b2");
    assert!(pos2.legal_moves().contains(&Move::Pass));
    pos2.play(Move::Pass).unwrap();
    assert!(pos2.outcome().is_none());
    play(&mut pos2, "c3"); // a placement resets the count
    pos2.play(Move::Pass).unwrap();
    assert!(pos2.outcome().is_none());
    pos2.play(Move::Pass).unwrap();
    let o = pos2
        .outcome()
        .expect("two passes in succession end a two-player game");
    assert_eq!(o.reason, EndReason::AllPassed);
    assert_eq!(pos2.check(Move::Pass), Err(IllegalMove::GameOver));

    let mut three = position(
        rules(Preset::Margo, |r| {
            r.can_pass = true;
            r.players = 3;
        }),
        "white b2",
    );
    three.play(Move::Pass).unwrap();
    three.play(Move::Pass).unwrap();
    assert!(
        three.outcome().is_none(),
        "two of three players passing is not the end"
    );
    three.play(Move::Pass).unwrap();
    assert_eq!(three.outcome().unwrap().reason, EndReason::AllPassed);
    // Keep `pos` used: without can_pass, a pass never changes it.
    assert!(pos.play(Move::Pass).is_err());
}

// ---- A2: swap -----------------------------------------------------------------

#[test]
fn swap_exchanges_colours_on_the_second_move_only() {
    let mut pos = cannonball_rules::margo::AnyPosition::new(Preset::Margo.rules()).unwrap();
    assert_eq!(pos.check(Move::Swap), Err(IllegalMove::SwapNotAllowed));
    play(&mut pos, "d4");
    let before = pos.occupied();
    let report = pos.play(Move::Swap).unwrap();
    assert_eq!(report.player, 1, "the second player swaps");
    assert_eq!(pos.occupied(), before, "the board is unchanged");
    // Black, the colour that has not moved, is next; the first player now owns it.
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.player_to_move(), 0);
    assert_eq!(
        pos.scores(),
        vec![0, 1],
        "the second player now owns White's piece"
    );
    let r = play(&mut pos, "c3");
    assert_eq!((r.color, r.player), (Color::Black, 0));
    assert_eq!(pos.check(Move::Swap), Err(IllegalMove::SwapNotAllowed));

    // Not firing: Spargo has no swap, and a third move is never a swap.
    let mut spargo = cannonball_rules::margo::AnyPosition::new(Preset::Spargo.rules()).unwrap();
    play(&mut spargo, "b2");
    assert_eq!(spargo.check(Move::Swap), Err(IllegalMove::SwapNotAllowed));
    let mut margo = cannonball_rules::margo::AnyPosition::new(Preset::Margo.rules()).unwrap();
    play(&mut margo, "d4");
    play(&mut margo, "c3");
    assert_eq!(margo.check(Move::Swap), Err(IllegalMove::SwapNotAllowed));
}

#[test]
fn players_move_in_a_fixed_cycle_of_colours() {
    let three = rules(Preset::Margo, |r| {
        r.players = 3;
        r.swap = false;
    });
    let mut pos = cannonball_rules::margo::AnyPosition::new(three).unwrap();
    let mut colours = Vec::new();
    for m in ["a1", "c1", "e1", "a3", "c3"] {
        colours.push(play(&mut pos, m).color);
    }
    use Color::*;
    assert_eq!(colours, vec![White, Black, Grey, White, Black]);
    assert_eq!(pos.scores(), vec![2, 2, 1]);
}

// ---- A3: burial -----------------------------------------------------------------

/// A 3x3 block of White on b2..d4 of a 5x5 board with a 2x2 White block on it.
const PYRAMID: &str = "white b2 c2 d2 b3 c3 d3 b4 c4 d4 b2+1 c2+1 b3+1 c3+1; to-move white";

#[test]
fn a_buried_piece_is_in_no_group_but_counts_in_the_score() {
    let mut pos = position(margo(5), PYRAMID);
    let c3 = pt(&pos, "c3");
    assert!(pos.group(c3).len() > 1, "c3 is visible and linked before");
    assert_eq!(pos.scores()[0], 13);
    play(&mut pos, "b2+2"); // directly above c3
    assert_eq!(pos.buried(), vec![c3]);
    assert!(pos.group(c3).is_empty(), "buried pieces are in no group");
    assert_eq!(pos.scores()[0], 14, "buried pieces still count");
    // Not firing: b2+1 has b2+2 resting on it but nothing directly above it.
    assert!(!pos.buried().contains(&pt(&pos, "b2+1")));
}

// ---- A3: links -------------------------------------------------------------------

#[test]
fn links_are_orthogonal_on_a_level_or_resting_never_diagonal() {
    let mut pos = position(margo(5), "white b2 c3; black c2 b3; to-move white");
    assert!(
        !pos.group(pt(&pos, "b2")).contains(&pt(&pos, "c3")),
        "diagonal: no link"
    );
    play(&mut pos, "b2+1"); // rests on b2 c2 b3 c3
    let g = pos.group(pt(&pos, "b2+1"));
    assert_eq!(
        g,
        pts(&pos, "b2 c3 b2+1"),
        "a resting piece links to both white supports"
    );
    play(&mut pos, "e5");
    play(&mut pos, "b1");
    assert!(
        pos.group(pt(&pos, "b1")).contains(&pt(&pos, "b2")),
        "orthogonal link"
    );
    assert!(!pos.group(pt(&pos, "b1")).contains(&pt(&pos, "c2")));
}

/// White b2 c2 linked across; Black on b1 c1 b3 c3 lets pieces stand on b1+1
/// and b2+1, the two points over the b2-c2 link.
const UNDERPASS: &str = "white b2 c2; black b1 c1 b3 c3";

#[test]
fn a_link_is_cut_only_when_both_points_over_it_hold_other_colours() {
    let mut pos = position(margo(5), &format!("{UNDERPASS}; to-move black"));
    let (b2, c2) = (pt(&pos, "b2"), pt(&pos, "c2"));
    assert!(pos.group(b2).contains(&c2));
    play(&mut pos, "b1+1"); // one black piece over the link
    play(&mut pos, "e5");
    assert!(
        pos.group(b2).contains(&c2),
        "one overpass piece does not cut"
    );
    play(&mut pos, "b2+1"); // the second one
    assert!(
        !pos.group(b2).contains(&c2),
        "two black pieces over the link cut it"
    );

    // Not firing: one of the two pieces over the link is White.
    let mut own = position(margo(5), &format!("{UNDERPASS}; to-move white"));
    play(&mut own, "b1+1");
    play(&mut own, "b2+1");
    assert!(own.group(b2).contains(&c2));
}

#[test]
fn two_different_colours_together_cut_a_third_colours_link() {
    let three = rules(Preset::Margo, |r| {
        r.players = 3;
        r.swap = false;
        r.size = 5;
    });
    let text = "white b2 c2; black b1 c1; grey b3 c3; to-move black";
    let mut pos = position(three, text);
    play(&mut pos, "b1+1"); // black
    play(&mut pos, "b2+1"); // grey
    assert!(!pos.group(pt(&pos, "b2")).contains(&pt(&pos, "c2")));

    // Not firing: grey and white over a white link.
    let mut pos = position(three, "white b2 c2; black b1 c1; grey b3 c3; to-move white");
    play(&mut pos, "b1+1"); // white, resting on white b2 c2
    play(&mut pos, "e5"); // black
    play(&mut pos, "b2+1"); // grey, resting on grey b3 c3
    assert!(pos.group(pt(&pos, "b2")).contains(&pt(&pos, "c2")));
}

#[test]
fn links_on_an_outer_row_or_column_can_never_be_cut() {
    // a1-b1 lies on the outer row: only a1+1 is over it, and one piece never cuts.
    let pos = position(margo(4), "white a1 b1; black a2 b2 a1+1 c2");
    assert!(pos.group(pt(&pos, "a1")).contains(&pt(&pos, "b1")));
    // And no link on the outer row or column of any level has two points over it.
    assert!(!pos.geometry().links().iter().any(|l| {
        let (a, b) = (pos.geometry().coords(l.a), pos.geometry().coords(l.b));
        let last = 3 - a.level;
        let outer = if a.y == b.y {
            a.y == 0 || a.y == last
        } else {
            a.x == 0 || a.x == last
        };
        outer && l.cutters.is_some()
    }));
}

// ---- A4: freedom -----------------------------------------------------------------

/// Black block b2 c2 d2 b3 c3 d3 makes b2+1 and c2+1 playable on a 4x4 board.
const BLOCK: &str = "black b2 c2 d2 b3 c3 d3; to-move white";

#[test]
fn only_board_level_points_give_freedom_by_default() {
    let pos = position(margo(4), BLOCK);
    // A white piece on b2+1 links to nothing white and has no board-level piece.
    assert_eq!(illegal(&pos, "b2+1"), IllegalMove::Suicide);
}

#[test]
fn all_freedoms_counts_playable_points_of_the_pieces_own_level() {
    let all = rules(Preset::Margo, |r| {
        r.size = 4;
        r.all_freedoms = true;
    });
    let pos = position(all, BLOCK);
    // c2+1 is empty and supported (c2 d2 c3 d3), so b2+1 has freedom there.
    assert!(pos.check(mv(&pos, "b2+1")).is_ok());
    // Not firing: without d2 d3, c2+1 is not playable and gives no freedom.
    let pos = position(all, "black b2 c2 b3 c3; to-move white");
    assert_eq!(illegal(&pos, "b2+1"), IllegalMove::Suicide);
}

// ---- A5: capture order, removal, zombies, rounds, suicide -------------------------

#[test]
fn enemy_groups_are_captured_before_the_movers_own() {
    // Black a1 b1 has one freedom, c1; White's c1 would have no freedom either,
    // but Black is captured first and c1 then breathes through b1.
    let text = "black a1 b1 d1 c2; white a2 b2; to-move white";
    let mut pos = position(margo(5), text);
    let r = play(&mut pos, "c1");
    assert_eq!(r.removed, pts(&pos, "a1 b1"));
    assert!(pos.group_has_freedom(pt(&pos, "c1")));
    // Not firing: when Black a1 b1 can breathe at a2, nothing is captured and
    // c1 is suicide.
    let pos = position(margo(5), "black a1 b1 d1 c2; white b2; to-move white");
    assert_eq!(illegal(&pos, "c1"), IllegalMove::Suicide);
}

#[test]
fn captured_pieces_with_an_enemy_piece_on_them_stay_as_zombies() {
    // The Spargo rule book's example: White's central piece on b2+1 rests on two
    // black pieces; capturing Black leaves those two.
    let text = "black b2 c2 b3 a2 a3; white c3 b1 c1 a4 b4 d2 d3 c4 b2+1; to-move white";
    let mut pos = position(margo(4), text);
    let r = play(&mut pos, "a1");
    assert_eq!(r.removed, pts(&pos, "a2 a3"));
    assert_eq!(r.zombies, pts(&pos, "b2 c2 b3"));
    assert_eq!(pos.zombies(), pts(&pos, "b2 c2 b3"));
    // They breathe again through a2 and a3, but stay zombies.
    assert!(pos.without_freedom().is_empty());
}

#[test]
fn zombies_are_kept_through_indirect_support() {
    // White b2 c2 b3 c3 with White b2+1 on them, Black's pyramid top b2+2 on
    // b2+1. b2 is pinned only by b2+1, itself captured: it stays because b2+1
    // stays, which stays because of Black's b2+2.
    // (c3 is buried under b2+2, in no group, and not captured at all.)
    let text = "white b2 c2 b3 c3 b2+1; \
                black a2 a3 c1 d2 d3 d4 b4 c4 c2+1 b3+1 c3+1 b2+2; to-move black";
    let mut pos = position(margo(5), text);
    assert_eq!(pos.buried(), pts(&pos, "c3"));
    let r = play(&mut pos, "b1");
    assert!(r.removed.is_empty());
    assert_eq!(r.zombies, pts(&pos, "b2 c2 b3 b2+1"));
}

#[test]
fn captured_pieces_with_nothing_on_them_are_removed_from_the_top_down() {
    // Without Black's pyramid top, White's b2+1 goes first and then the four
    // pieces under it, except those Black's own level-1 pieces rest on.
    let text =
        "white b2 c2 b3 c3 b2+1; black a2 a3 c1 d2 d3 d4 b4 c4 c2+1 b3+1 c3+1; to-move black";
    let mut pos = position(margo(5), text);
    let r = play(&mut pos, "b1");
    assert_eq!(r.removed, pts(&pos, "b2 b2+1"));
    assert_eq!(r.zombies, pts(&pos, "c2 b3 c3"));
}

#[test]
fn the_movers_released_zombies_are_captured_in_the_same_move() {
    // Three players. White a1 is a zombie pinned by Grey's a1+1. White b3 takes
    // the last freedom of Grey's group (a1+1, b2); removing it unpins a1, which
    // still has no freedom, so White's own a1 is captured in the same move.
    let three = rules(Preset::Margo, |r| {
        r.players = 3;
        r.swap = false;
        r.size = 5;
    });
    let text = "white a1 c2; black a2 b1; grey b2 a1+1; to-move white";
    let mut pos = position(three, text);
    assert_eq!(pos.zombies(), pts(&pos, "a1"));
    let r = play(&mut pos, "b3");
    assert_eq!(r.removed, pts(&pos, "a1 b2 a1+1"));
    assert_eq!(pos.scores(), vec![2, 2, 0]);

    // capture_scope = adjacent never captures the mover's own groups.
    let mut adjacent = three;
    adjacent.capture_scope = CaptureScope::Adjacent;
    let mut pos = position(adjacent, text);
    let r = play(&mut pos, "b3");
    assert_eq!(r.removed, pts(&pos, "b2 a1+1"));
}

#[test]
fn a_removal_can_uncover_a_buried_piece_captured_in_the_next_round() {
    // Black c3 is buried under Black's pyramid (b2+1 c2+1 b3+1 c3+1, top
    // b2+2). White a2 captures the pyramid with b2; c3 comes into view with no
    // freedom and nothing on it, and goes in the next round.
    let text = "white b1 c2 d2 b3 d3 b4 c4 d4; black b2 c3 b2+1 c2+1 b3+1 c3+1 b2+2; to-move white";
    let mut pos = position(margo(5), text);
    assert_eq!(pos.buried(), pts(&pos, "c3"));
    let r = play(&mut pos, "a2");
    assert_eq!(r.removed, pts(&pos, "b2 c3 b2+1 c2+1 b3+1 c3+1 b2+2"));
    // Not firing: while the pyramid stands, c3 is buried and never captured.
    let still = position(margo(5), text);
    assert!(still.zombies().is_empty());
}

#[test]
fn three_players_a_piece_under_a_captured_third_colour_is_removed_too() {
    // Black a1 b1 c1 and Grey b2 with Grey's a1+1 resting on a1 b1 a2 b2 share
    // their last freedom, c2. White c2 captures both at once; Grey's a1+1 goes
    // first, then every piece under it (rulings A5 rule 2).
    let three = rules(Preset::Margo, |r| {
        r.players = 3;
        r.swap = false;
        r.size = 5;
    });
    let text = "black a1 b1 c1; grey b2 a1+1; white a2 d1 b3; to-move white";
    let mut pos = position(three, text);
    let r = play(&mut pos, "c2");
    assert_eq!(r.removed, pts(&pos, "a1 b1 c1 b2 a1+1"));
}

#[test]
fn suicide_is_illegal_unless_the_move_captures_its_way_to_freedom() {
    let pos = position(margo(5), "black a2 b1; to-move white");
    assert_eq!(illegal(&pos, "a1"), IllegalMove::Suicide);
    // Not firing: with b1 in atari (White c1 b2), a1 captures b1 and lives.
    let mut pos = position(margo(5), "black a2 b1; white c1 b2; to-move white");
    let r = play(&mut pos, "a1");
    assert_eq!(r.removed, pts(&pos, "b1"));
}

#[test]
fn suicide_when_the_only_capture_leaves_smothering_zombies() {
    // The rule book's Figure 10: White at a1 would capture Black b1 c1 d1, but
    // White's b1+1 pins b1 (and c1), so b1 stays and smothers a1.
    let text = "black a2 b1 c1 d1; white b2 c2 d2 e1 b1+1; to-move white";
    let pos = position(margo(5), text);
    assert_eq!(illegal(&pos, "a1"), IllegalMove::Suicide);
    // Not firing: without the pinning piece the capture frees a1.
    let mut pos = position(
        margo(5),
        "black a2 b1 c1 d1; white b2 c2 d2 e1; to-move white",
    );
    let r = play(&mut pos, "a1");
    assert_eq!(r.removed, pts(&pos, "b1 c1 d1"));
}

#[test]
fn every_group_has_freedom_or_is_pinned_zombies_after_every_move() {
    use cannonball_rules::rng::Rng;
    let mut rng = Rng::seed_from(77);
    for size in 3..=6u8 {
        for players in 2..=4u8 {
            let r = rules(Preset::Margo, |r| {
                r.size = size;
                r.players = players;
            });
            for _ in 0..10 {
                let mut pos = cannonball_rules::margo::AnyPosition::new(r).unwrap();
                while let Some(m) = pos.random_move(&mut rng) {
                    pos.play(m).unwrap();
                    // A legal position is exactly what the checked constructor
                    // accepts, and it checks this invariant.
                    let again = cannonball_rules::margo::AnyPosition::from_setup(&pos.to_setup());
                    assert!(again.is_ok(), "{:?}", again.err());
                    for z in pos.without_freedom() {
                        assert!(
                            pos.zombies().contains(&z),
                            "pieces without freedom are zombies"
                        );
                        let rests = pos.geometry().rested_on_by(z);
                        assert!(rests.iter().any(|q| pos.color_at(*q).is_some()));
                    }
                    if pos.ply() > 400 {
                        break;
                    }
                }
            }
        }
    }
}

// ---- A6: ko ---------------------------------------------------------------------

/// Black c2 captures White b2 in a ko: White's immediate recapture at b2
/// would restore the board.
const KO: &str = "black a2 b3 b1; white b2 c3 d2 c1; to-move black";

#[test]
fn simple_ko_forbids_the_immediate_recapture_only() {
    let mut pos = position(margo(5), KO);
    let r = play(&mut pos, "c2");
    assert_eq!(r.removed, pts(&pos, "b2"));
    assert_eq!(pos.ko_point(), Some(pt(&pos, "b2")));
    assert_eq!(illegal(&pos, "b2"), IllegalMove::Ko);
    // After an exchange elsewhere the recapture is legal.
    play(&mut pos, "e5");
    play(&mut pos, "a5");
    let r = play(&mut pos, "b2");
    assert_eq!(r.removed, pts(&pos, "c2"));
}

#[test]
fn without_ko_the_immediate_recapture_is_legal() {
    let none = rules(Preset::Margo, |r| {
        r.size = 5;
        r.ko = Ko::None;
    });
    let mut pos = position(none, KO);
    play(&mut pos, "c2");
    assert_eq!(pos.ko_point(), None);
    let r = play(&mut pos, "b2");
    assert_eq!(r.removed, pts(&pos, "c2"));
}

#[test]
fn superko_forbids_the_ko_recapture_too() {
    for ko in [Ko::PositionalSuperko, Ko::SituationalSuperko] {
        let mut pos = position(
            rules(Preset::Margo, |r| {
                r.size = 5;
                r.ko = ko;
            }),
            KO,
        );
        play(&mut pos, "c2");
        assert_eq!(illegal(&pos, "b2"), IllegalMove::Ko, "{ko:?}");
    }
}

/// White a1 fills its own last freedom but one; Black c1 takes a1 and b1;
/// White b1 then takes c1 and the board is back where it began, with Black to
/// move instead of White.
const SEND_TWO: &str = "white b1 c2 d1; black a2 b2; to-move white";

#[test]
fn positional_superko_forbids_a_longer_cycle_that_simple_ko_allows() {
    for (ko, allowed) in [
        (Ko::None, true),
        (Ko::Simple, true),
        (Ko::PositionalSuperko, false),
        (Ko::SituationalSuperko, true),
    ] {
        let r = rules(Preset::Margo, |r| {
            r.size = 5;
            r.ko = ko;
        });
        let mut pos = position(r, SEND_TWO);
        let start = pos.occupied();
        play(&mut pos, "a1");
        let rep = play(&mut pos, "c1");
        assert_eq!(rep.removed, pts(&pos, "a1 b1"), "{ko:?}");
        let result = pos.check(mv(&pos, "b1"));
        assert_eq!(result.is_ok(), allowed, "{ko:?}: {result:?}");
        if allowed {
            let rep = play(&mut pos, "b1");
            assert_eq!(rep.removed, pts(&pos, "c1"));
            assert_eq!(pos.occupied(), start, "the cycle returns to the start");
            assert_eq!(pos.to_move(), Color::Black);
        } else {
            assert_eq!(result, Err(IllegalMove::Ko));
        }
    }
}

// ---- A7: end, score, single capture ---------------------------------------------

/// 3x3: White with two eyes, a1 and c3.
const TWO_EYES: &str = "white b1 c1 a2 b2 c2 a3 b3";

#[test]
fn the_game_ends_when_the_player_to_move_has_no_legal_move() {
    // Black to move: a1 and c3 are suicide, and a black piece on b1+1 or a2+1
    // would link to nothing black.
    let pos = position(margo(3), &format!("{TWO_EYES}; to-move black"));
    assert!(pos.legal_moves().is_empty());
    let o = pos.outcome().unwrap();
    assert_eq!(o.reason, EndReason::NoLegalMove);
    assert_eq!(o.scores, vec![7, 0]);
    assert_eq!(o.winners, vec![0]);
    assert!(!o.is_draw());
    // Not firing: White to move may fill either eye (the other keeps its group
    // alive) or stack on its own pieces.
    let pos = position(margo(3), &format!("{TWO_EYES}; to-move white"));
    assert!(pos.outcome().is_none());
    let expected: Vec<Move> = ["a1", "c3", "b1+1", "a2+1"]
        .iter()
        .map(|m| mv(&pos, m))
        .collect();
    assert_eq!(pos.legal_moves(), expected);
}

#[test]
fn equal_scores_are_a_draw() {
    let can_pass = rules(Preset::Margo, |r| r.can_pass = true);
    let mut pos = cannonball_rules::margo::AnyPosition::new(can_pass).unwrap();
    play(&mut pos, "a1");
    play(&mut pos, "g7");
    pos.play(Move::Pass).unwrap();
    pos.play(Move::Pass).unwrap();
    let o = pos.outcome().unwrap();
    assert_eq!(o.scores, vec![1, 1]);
    assert_eq!(o.winners, vec![0, 1]);
    assert!(o.is_draw());
}

#[test]
fn single_capture_wins_on_the_first_capture_of_a_live_piece() {
    let sc = rules(Preset::Margo, |r| {
        r.size = 5;
        r.single_capture = true;
    });
    let mut pos = position(sc, "black a2 b1; white c1 b2; to-move white");
    let r = play(&mut pos, "a1");
    assert!(r.winning_capture);
    let o = pos.outcome().unwrap();
    assert_eq!(
        (o.reason, o.winners.clone()),
        (EndReason::SingleCapture, vec![0])
    );
    assert_eq!(pos.check(mv(&pos, "e5")), Err(IllegalMove::GameOver));

    // Making a zombie of a live piece also wins.
    let text = "black b2 c2 b3 a2 a3; white c3 b1 c1 a4 b4 d2 d3 c4 b2+1; to-move white";
    let mut pos = position(rules(Preset::Spargo, |r| r.single_capture = true), text);
    assert!(play(&mut pos, "a1").winning_capture);

    // Not firing: capturing again pieces that were zombies already (captured
    // earlier, they breathe through a2 but keep the label).
    let zombies = "black b2 c2 b3; white c3 b1 c1 a4 b4 d2 d3 c4 b2+1 a3; zombies b2 c2 b3";
    let sc = rules(Preset::Spargo, |r| r.single_capture = true);
    let mut pos = position(sc, &format!("{zombies}; to-move white"));
    let r = play(&mut pos, "a2");
    assert!(r.removed.is_empty());
    assert!(!r.winning_capture);
    assert!(
        pos.outcome()
            .is_none_or(|o| o.reason != EndReason::SingleCapture)
    );
    // The same pieces without the label are live, and taking them wins.
    let live = "black b2 c2 b3; white c3 b1 c1 a4 b4 d2 d3 c4 b2+1 a3; to-move white";
    let mut pos = position(sc, live);
    assert!(play(&mut pos, "a2").winning_capture);
}
