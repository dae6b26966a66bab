//! Ko (ruling A6): simple ko, positional and situational superko.

use crate::margo::reference::{RefGame, RefKo, RefMove};

use super::{place, play_ok, position, rules};

const KO: &str = ". B W . . / B W . W . / . B W . . / . . . . . / . . . . .";

fn ko_game(ko: RefKo) -> RefGame {
    let mut r = rules(5);
    r.ko = ko;
    r.can_pass = true;
    position(r, &[KO], 1)
}

#[test]
fn simple_ko_forbids_only_the_immediate_retake() {
    for ko in [
        RefKo::Simple,
        RefKo::PositionalSuperko,
        RefKo::SituationalSuperko,
    ] {
        let mut g = ko_game(ko);
        play_ok(&mut g, place((0, 2, 1)));
        assert_eq!(g.illegal_reason(place((0, 1, 1))), Some("ko"), "{ko:?}");
        assert_eq!(
            g.illegal_reason(RefMove::Pass),
            None,
            "ko never restricts a pass"
        );
    }
    let mut g = ko_game(RefKo::None);
    play_ok(&mut g, place((0, 2, 1)));
    let out = play_ok(&mut g, place((0, 1, 1)));
    assert_eq!(out.removed, vec![(0, 2, 1)]);
    // And Black may take back at once: a cycle of two plies.
    let out = play_ok(&mut g, place((0, 2, 1)));
    assert_eq!(out.removed, vec![(0, 1, 1)]);
}

#[test]
fn after_a_pass_simple_ko_forbids_nothing() {
    // After a pass the board "just before the most recent move" is the current
    // board, which no placement can produce: no placement is ko.
    let mut g = ko_game(RefKo::Simple);
    play_ok(&mut g, place((0, 2, 1)));
    play_ok(&mut g, RefMove::Pass);
    assert!(
        g.points()
            .into_iter()
            .all(|p| g.illegal_reason(place(p)) != Some("ko"))
    );
}

#[test]
fn superko_remembers_boards_from_before_passes() {
    let mut r = rules(5);
    r.players = 3;
    r.can_pass = true;
    for (ko, retake_allowed) in [
        (RefKo::None, true),
        (RefKo::Simple, true),
        (RefKo::PositionalSuperko, false),
        (RefKo::SituationalSuperko, false),
    ] {
        r.ko = ko;
        let mut g = position(r.clone(), &[KO], 1);
        play_ok(&mut g, place((0, 2, 1)));
        play_ok(&mut g, RefMove::Pass);
        let reason = g.illegal_reason(place((0, 1, 1)));
        assert_eq!(reason.is_none(), retake_allowed, "{ko:?}: {reason:?}");
    }
}

#[test]
fn situational_superko_looks_at_the_colour_to_move() {
    let mut r = rules(5);
    r.players = 3;
    let ko_grey: &str = ". G W . . / G W . W . / . G W . . / . . . . . / . . . . .";
    for (ko, retake_allowed) in [
        (RefKo::None, true),
        (RefKo::Simple, false),
        (RefKo::PositionalSuperko, false),
        (RefKo::SituationalSuperko, true),
    ] {
        r.ko = ko;
        let mut g = position(r.clone(), &[ko_grey], 2);
        play_ok(&mut g, place((0, 2, 1)));
        let reason = g.illegal_reason(place((0, 1, 1)));
        assert_eq!(reason.is_none(), retake_allowed, "{ko:?}: {reason:?}");
    }
}
