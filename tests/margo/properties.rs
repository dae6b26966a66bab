//! Properties of the Margo engine over seeded random games: every generated
//! move plays and survives both notations, a symmetric image of a game is a game
//! of the image moves, colour exchange likewise, and hashes follow positions.

use crate::support;

use cannonball_rules::margo::{
    AnyPosition, Color, Ko, Move, MoveSyntax, Preset, Rules, Symmetry, notation,
};
use cannonball_rules::rng::Rng;
use proptest::prelude::*;

fn arbitrary_rules(size: u8, players: u8, ko: usize, flags: u8) -> Rules {
    let mut r = Preset::Margo.rules();
    r.size = size;
    r.players = players;
    r.ko = Ko::ALL[ko];
    r.swap = flags & 1 != 0;
    r.can_pass = flags & 2 != 0;
    r.all_freedoms = flags & 4 != 0;
    r.single_capture = flags & 8 != 0;
    r.max_height = (flags & 16 != 0).then_some(2);
    r
}

/// A random game: the positions before each move and the moves.
fn random_game(rules: Rules, seed: u64, max: usize) -> (Vec<AnyPosition>, Vec<Move>) {
    let mut rng = Rng::seed_from(seed);
    let mut pos = AnyPosition::new(rules).unwrap();
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    while moves.len() < max {
        let Some(m) = pos.random_move(&mut rng) else {
            break;
        };
        positions.push(pos.clone());
        pos.play(m).unwrap();
        moves.push(m);
    }
    positions.push(pos);
    (positions, moves)
}

fn map_move(pos: &AnyPosition, s: Symmetry, m: Move) -> Move {
    match m {
        Move::Place(p) => Move::Place(pos.geometry().transform(s, p)),
        other => other,
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_legal_move_plays_and_round_trips_through_both_notations(
        size in 3u8..=6, players in 2u8..=4, ko in 0usize..4, flags in 0u8..32, seed in any::<u64>()
    ) {
        let rules = arbitrary_rules(size, players, ko, flags);
        let (positions, _) = random_game(rules, seed, 60);
        for pos in &positions {
            let geo = pos.geometry();
            for m in pos.legal_moves() {
                let human = notation::human(geo, m);
                let machine = notation::machine(geo, m);
                prop_assert_eq!(notation::parse_move(geo, &human).unwrap(), m);
                prop_assert_eq!(notation::parse_move(geo, &machine).unwrap(), m);
                let syntax: MoveSyntax = human.parse().unwrap();
                prop_assert_eq!(notation::resolve(geo, syntax).unwrap(), m);
                let mut child = pos.clone();
                prop_assert!(child.play(m).is_ok(), "{} refused", human);
            }
        }
    }

    #[test]
    fn a_symmetric_image_of_a_game_is_a_game_of_the_image_moves(
        size in 3u8..=6, ko in 0usize..4, flags in 0u8..32, seed in any::<u64>(), sym in 0usize..8
    ) {
        let s = Symmetry::ALL[sym];
        let rules = arbitrary_rules(size, 2, ko, flags);
        let (positions, moves) = random_game(rules, seed, 80);
        let mut image = AnyPosition::new(rules).unwrap();
        for (pos, &m) in positions.iter().zip(&moves) {
            let expected = pos.transformed(s);
            prop_assert_eq!(&image, &expected);
            prop_assert_eq!(image.hash(), expected.hash());
            let mut legal: Vec<Move> = pos.legal_moves().iter().map(|&x| map_move(pos, s, x)).collect();
            legal.sort();
            let mut image_legal = image.legal_moves();
            image_legal.sort();
            prop_assert_eq!(image_legal, legal);
            let mut original = pos.clone();
            let a = original.play(m).unwrap();
            let b = image.play(map_move(pos, s, m)).unwrap();
            let mut removed: Vec<_> = a.removed.iter().map(|&p| pos.geometry().transform(s, p)).collect();
            removed.sort();
            prop_assert_eq!(b.removed, removed);
            prop_assert_eq!(a.winning_capture, b.winning_capture);
            prop_assert_eq!(original.scores(), image.scores());
        }
    }

    #[test]
    fn exchanging_colours_gives_the_same_game_for_the_other_colour(
        size in 3u8..=6, ko in 0usize..4, flags in 0u8..32, seed in any::<u64>()
    ) {
        let rules = arbitrary_rules(size, 2, ko, flags);
        let (positions, moves) = random_game(rules, seed, 60);
        for (pos, &m) in positions.iter().zip(&moves) {
            let flipped = pos.with_colors_exchanged();
            prop_assert_eq!(flipped.with_colors_exchanged(), pos.clone());
            let to_move = flipped.to_move();
            prop_assert_eq!(to_move, match pos.to_move() { Color::White => Color::Black, _ => Color::White });
            prop_assert_eq!(flipped.player_to_move(), pos.player_to_move());
            prop_assert_eq!(flipped.scores(), pos.scores());
            let mut a = pos.clone();
            let mut b = flipped.clone();
            let ra = a.play(m).unwrap();
            let rb = b.play(m).unwrap();
            prop_assert_eq!(ra.removed, rb.removed);
            prop_assert_eq!(b, a.with_colors_exchanged());
        }
    }

    #[test]
    fn setups_round_trip_and_equal_positions_hash_equal(
        size in 3u8..=7, players in 2u8..=4, flags in 0u8..32, seed in any::<u64>()
    ) {
        // Superko history cannot be written in a setup, so use simple ko.
        let rules = arbitrary_rules(size, players, 1, flags);
        let (positions, _) = random_game(rules, seed, 100);
        for pos in &positions {
            // A setup does not record a single-capture win.
            if pos.outcome().is_some_and(|o| o.reason == cannonball_rules::margo::EndReason::SingleCapture) {
                continue;
            }
            let setup = pos.to_setup();
            let text = setup.to_text();
            let reparsed = cannonball_rules::margo::Setup::parse(rules, &text).unwrap();
            let again = AnyPosition::from_setup(&reparsed).unwrap();
            prop_assert_eq!(again.occupied(), pos.occupied());
            prop_assert_eq!(again.to_move(), pos.to_move());
            prop_assert_eq!(again.ko_point(), pos.ko_point());
            prop_assert_eq!(again.zombies(), pos.zombies());
            prop_assert_eq!(again.legal_moves(), pos.legal_moves());
            if pos.ply() > 1 {
                // Past the opening the only state a setup loses is the ply count.
                prop_assert_eq!(again.hash(), pos.hash());
            }
        }
    }
}

#[test]
fn different_positions_reached_in_play_have_different_hashes() {
    use std::collections::HashMap;
    let mut seen: HashMap<u64, AnyPosition> = HashMap::new();
    let mut rng = Rng::seed_from(5);
    for _ in 0..300 {
        let mut pos = AnyPosition::new(Preset::Spargo.rules()).unwrap();
        while let Some(m) = pos.random_move(&mut rng) {
            pos.play(m).unwrap();
            if let Some(other) = seen.get(&pos.hash()) {
                assert_eq!(other.occupied(), pos.occupied());
                assert_eq!(other.to_move(), pos.to_move());
                assert_eq!(other.ko_point(), pos.ko_point());
            } else {
                seen.insert(pos.hash(), pos.clone());
            }
        }
    }
    assert!(seen.len() > 5000);
}

#[test]
fn the_ko_point_is_part_of_the_hash() {
    let text = "black a2 b3 b1; white b2 c3 d2 c1; to-move black";
    let mut pos = support::position(support::margo(5), text);
    support::play(&mut pos, "c2");
    assert!(pos.ko_point().is_some());
    let mut setup = pos.to_setup();
    setup.ko_point = None;
    let without = AnyPosition::from_setup(&setup).unwrap();
    assert_ne!(without.hash(), pos.hash());
    assert_eq!(without.occupied(), pos.occupied());
}

#[test]
fn for_each_child_gives_every_legal_move_and_its_position() {
    use cannonball_rules::margo::{Position, SmallPosition};
    let mut rng = Rng::seed_from(21);
    for ko in Ko::ALL {
        for flags in [0u8, 1, 2, 4, 8, 16] {
            let rules = arbitrary_rules(4 + (flags % 2), 2, ko as usize, flags);
            let mut pos = SmallPosition::new(rules).unwrap();
            for _ in 0..60 {
                let mut children = Vec::new();
                pos.for_each_child(|m, c| children.push((m, c)));
                let moves: Vec<Move> = children.iter().map(|(m, _)| *m).collect();
                assert_eq!(moves, pos.legal_moves());
                for (m, child) in &children {
                    let mut played: Position<1> = pos.clone();
                    played.play_unchecked(*m);
                    assert_eq!(&played, child);
                    assert_eq!(played.hash(), child.hash());
                }
                let Some(m) = pos.random_move(&mut rng) else {
                    break;
                };
                pos.play_unchecked(m);
            }
        }
    }
}
