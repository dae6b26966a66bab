//! Passing, swap, the end (rulings A2, A7).

use crate::margo::reference::{RefGame, RefMove};

use super::{place, play_ok, position, rules};

#[test]
fn passes_end_the_game_only_when_every_player_passed_in_succession() {
    let mut r = rules(4);
    r.can_pass = true;
    let mut g = RefGame::new(r.clone());
    play_ok(&mut g, RefMove::Pass);
    play_ok(&mut g, place((0, 1, 1)));
    play_ok(&mut g, RefMove::Pass);
    assert!(!g.is_over(), "a placement broke the run");
    play_ok(&mut g, RefMove::Pass);
    assert!(g.is_over());
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.play(RefMove::Pass), Err("game over"));

    r.can_pass = false;
    let g = RefGame::new(r);
    assert_eq!(g.illegal_reason(RefMove::Pass), Some("pass not allowed"));
}

#[test]
fn swap_exchanges_colours_between_players() {
    let mut g = RefGame::new(rules(6));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
    play_ok(&mut g, place((0, 2, 3)));
    assert_eq!(g.illegal_reason(RefMove::Swap), None);
    let before: Vec<_> = g.pieces();
    play_ok(&mut g, RefMove::Swap);
    assert_eq!(g.pieces(), before, "the board is unchanged");
    assert_eq!(g.colour_to_move(), 1);
    assert_eq!(g.player_to_move(), 0);
    assert_eq!(g.owner_of(0), 1);
    assert_eq!(g.scores(), vec![0, 1]);
    play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(g.player_to_move(), 1);
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );

    // Not from a set-up position, and not when the rules have no swap.
    let g = position(
        rules(6),
        &["W . . . . . / . . . . . . / . . . . . . / . . . . . . / . . . . . . / . . . . . ."],
        1,
    );
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
    let mut g = RefGame::new(rules(4));
    play_ok(&mut g, place((0, 0, 0)));
    assert_eq!(
        g.illegal_reason(RefMove::Swap),
        Some("swap not allowed now")
    );
}

#[test]
fn swap_with_three_players_exchanges_only_the_first_two_colours() {
    let mut r = rules(5);
    r.players = 3;
    let mut g = RefGame::new(r);
    play_ok(&mut g, place((0, 0, 0)));
    play_ok(&mut g, RefMove::Swap);
    assert_eq!((g.colour_to_move(), g.player_to_move()), (1, 0));
    play_ok(&mut g, place((0, 4, 4)));
    assert_eq!((g.colour_to_move(), g.player_to_move()), (2, 2));
    play_ok(&mut g, place((0, 2, 2)));
    assert_eq!((g.colour_to_move(), g.player_to_move()), (0, 1));
    assert_eq!(g.scores(), vec![1, 1, 1]);
}

#[test]
fn the_game_ends_when_the_player_to_move_has_no_legal_move() {
    // A full 3x3 pyramid: no empty point is left.
    let g = position(rules(3), &["W B W / B W B / W B W", "B W / W B", "W"], 0);
    assert!(g.is_over());
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.illegal_reason(place((0, 0, 0))), Some("game over"));
    assert_eq!(g.scores(), vec![8, 6]);
    assert_eq!(g.winners(), vec![0]);
    let g = position(rules(3), &["W B W / B W B / W B W", "B W / W B", "B"], 0);
    assert_eq!(g.winners(), vec![0, 1], "equal scores are a draw");
}

#[test]
fn single_capture_wins_only_on_a_non_zombie() {
    let mut r = rules(5);
    r.single_capture = true;
    // White 0,0,0 is a zombie under Black's 1,0,0; every Black move captures it again.
    let mut g = position(
        r.clone(),
        &[
            "W B . . . / B B . . . / . . . . . / . . . . . / . . . . .",
            "B . . . / . . . . / . . . . / . . . .",
        ],
        1,
    );
    let out = play_ok(&mut g, place((0, 3, 3)));
    assert!(!out.winning_capture);
    assert!(!g.is_over());
    // Without single_capture a real capture does not end the game.
    r.single_capture = false;
    let mut g = position(
        r,
        &[". B . . . / B W B . . / . . . . . / . . . . . / . . . . ."],
        1,
    );
    let out = play_ok(&mut g, place((0, 1, 2)));
    assert!(!out.winning_capture);
    assert!(!g.is_over());
}
