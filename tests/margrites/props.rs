//! Property tests: piece accounting through random games, and every generated turn
//! round-trips through the notation printer and parser.

use cannonball_rules::margrites::notation::{TurnBody, format_turn, parse_turn_str};
use cannonball_rules::margrites::selfplay::{random_setup, random_step};
use cannonball_rules::margrites::turngen::distinct_turns;
use cannonball_rules::margrites::{Cascade, Color, Options, Position};
use cannonball_rules::rng::Rng;
use proptest::prelude::*;

fn accounting_holds(pos: &Position) -> bool {
    let s = pos.standings();
    Color::ALL.into_iter().all(|c| {
        let on_board = pos.pieces(c).len() as u8;
        on_board + s.get(c).points + s.get(c.other()).captures == 8
    })
}

/// Plays a random game to turn `turns`, returning the position.
fn random_position(seed: u64, turns: u16, options: Options) -> Position {
    let mut rng = Rng::seed_from(seed);
    let mut pos = Position::new(&random_setup(&mut rng), options).unwrap();
    while !pos.is_over() && pos.turn() < turns {
        while let Some(s) = random_step(&pos, &mut rng) {
            pos.play_step_unchecked(s);
            assert!(accounting_holds(&pos));
        }
        if !pos.is_over() {
            pos.end_turn_unchecked();
        }
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn pieces_scored_and_captured_add_up_to_eight(seed in any::<u64>(), turns in 1u16..300) {
        let pos = random_position(seed, turns, Options::STANDARD);
        prop_assert!(accounting_holds(&pos));
    }

    #[test]
    fn accounting_holds_with_every_variation(seed in any::<u64>(), turns in 1u16..200) {
        let options = Options { black_handicap: true, white_rebuttal: true, returning_scored: true, dancing_limit: true };
        let pos = random_position(seed, turns, options);
        prop_assert!(accounting_holds(&pos));
    }

    #[test]
    fn hash_is_a_function_of_the_position(seed in any::<u64>(), turns in 1u16..60) {
        let pos = random_position(seed, turns, Options::STANDARD);
        prop_assert_eq!(pos.hash(), { let copy = pos; copy.hash() });
        prop_assert_eq!(pos.mirrored().mirrored(), pos);
        prop_assert_eq!(pos.color_exchanged().color_exchanged(), pos);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn generated_turns_round_trip_through_notation(seed in any::<u64>(), turns in 1u16..12, pick in any::<u64>()) {
        let pos = random_position(seed, turns, Options::STANDARD);
        prop_assume!(!pos.is_over());
        let all = distinct_turns(&pos);
        let mut rng = Rng::seed_from(pick);
        for _ in 0..20 {
            let turn = &all[rng.index(all.len())];
            let mut replay = pos;
            let mut played: Vec<(cannonball_rules::margrites::Step, Cascade)> = Vec::new();
            for s in &turn.steps {
                let report = replay.play_step(*s).unwrap();
                played.push((*s, report.cascade));
            }
            let text = format_turn(pos.turn(), &played);
            let (parsed, quirks) = parse_turn_str(&text).unwrap();
            prop_assert!(quirks.is_empty(), "{}", text);
            prop_assert_eq!(parsed.number, u32::from(pos.turn()));
            let TurnBody::Steps { steps, incomplete } = parsed.body else { panic!("{}", text) };
            prop_assert!(!incomplete);
            let mut again = pos;
            let mut previous = None;
            for (st, (step, cascade)) in steps.iter().zip(&played) {
                let s = st.step.resolve(&again, previous).unwrap();
                prop_assert_eq!(s, *step);
                let listed: Vec<String> = st.captures.iter().map(|c| format!("{c:?}")).collect();
                prop_assert_eq!(listed.len() as u32, cascade.all().len());
                again.play_step(s).unwrap();
                previous = s.to();
            }
            again.end_turn().unwrap();
            prop_assert_eq!(again, turn.after);
        }
    }
}
