//! Every rule of rulings Part B, each shown firing and not firing.

use super::support;

use cannonball_rules::margrites::matchplay::{Player, score_match};
use cannonball_rules::margrites::turngen::{count_sequences, distinct_turns, sequences};
use cannonball_rules::margrites::{
    ByColor, Color, Ending, GameResult, HostileSetup, IllegalEnd, IllegalStep, Options, Phase,
    Position, Setup, SetupProblem, Step, Tally,
};
use support::{diagram, diagram_with, names, play, sq, squares, start, step};

const BLACK_HOME: &str = "a1 b1 c1 d1 e1 f1 d2 e2";
const WHITE_HOME: &str = "a8 b8 c8 d8 e8 f8 d7 e7";

// B1, B2 ------------------------------------------------------------------

#[test]
fn b2_setup_on_home_rows_is_legal_and_black_moves_first() {
    let pos = start(BLACK_HOME, WHITE_HOME);
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.turn(), 1);
    assert_eq!(pos.pieces(Color::Black).len(), 8);
}

#[test]
fn b2_illegal_setup_lists_every_reason() {
    let setup = Setup {
        black: squares("a1 b1 c1 d1 e1 f1 g1 g1 c3"),
        white: squares("a8 b8 c8 d8 e8 f8 g8"),
    };
    let err = Position::new(&setup, Options::STANDARD).unwrap_err();
    assert_eq!(
        err.problems,
        vec![
            SetupProblem::WrongCount {
                color: Color::Black,
                count: 9
            },
            SetupProblem::OutsideHomeRows {
                color: Color::Black,
                square: sq("c3")
            },
            SetupProblem::WrongCount {
                color: Color::White,
                count: 7
            },
            SetupProblem::TwoOnASquare { square: sq("g1") },
        ]
    );
}

#[test]
fn b2_hostile_setup_alternates_black_first() {
    let mut h = HostileSetup::new();
    let black = squares(BLACK_HOME);
    let white = squares(WHITE_HOME);
    for i in 0..8 {
        assert_eq!(h.to_place(), Some(Color::Black));
        assert!(h.place(white[i]).is_err());
        h.place(black[i]).unwrap();
        assert!(h.finish().is_none());
        h.place(white[i]).unwrap();
    }
    let pos = Position::new(&h.finish().unwrap(), Options::STANDARD).unwrap();
    assert_eq!(pos.occupied().len(), 16);
}

// B3 ----------------------------------------------------------------------

#[test]
fn b3_a_step_goes_to_a_touching_empty_square() {
    let mut pos = start(BLACK_HOME, WHITE_HOME);
    assert_eq!(
        pos.legal_steps().len(),
        pos.legal_steps()
            .iter()
            .filter(|s| matches!(s, Step::Move { .. }))
            .count()
    );
    assert_eq!(
        pos.check_step(step("d2>d4")),
        Err(IllegalStep::NotTouching {
            from: sq("d2"),
            to: sq("d4")
        })
    );
    assert_eq!(
        pos.check_step(step("d2>e2")),
        Err(IllegalStep::Occupied(sq("e2")))
    );
    assert_eq!(
        pos.check_step(step("d3>d4")),
        Err(IllegalStep::NoPiece(sq("d3")))
    );
    assert_eq!(
        pos.check_step(step("d7>d6")),
        Err(IllegalStep::NotYourPiece(sq("d7")))
    );
    play(&mut pos, "d2>c3; c3>b4; b4>a5; a5>a6");
    assert_eq!(pos.check_step(step("e2>e3")), Err(IllegalStep::TurnOver(4)));
}

#[test]
fn b3_scoring_only_off_the_opponents_home_edge() {
    let mut pos = diagram("e8 a2", "i1", Color::Black);
    assert_eq!(
        pos.check_step(step("a2>B++")),
        Err(IllegalStep::NotScoringEdge(sq("a2")))
    );
    play(&mut pos, "e8>B++");
    assert_eq!(pos.standings().black.points, 1);
    assert_eq!(pos.pieces(Color::Black).len(), 1);
    let mut white = diagram("a5", "i1 c2", Color::White);
    assert_eq!(
        white.check_step(step("c2>W++")),
        Err(IllegalStep::NotScoringEdge(sq("c2")))
    );
    play(&mut white, "i1>W++");
    assert_eq!(white.standings().white.points, 1);
}

#[test]
fn b3_stalling_forbids_only_the_start_square() {
    let mut pos = diagram("e4", "a8", Color::Black);
    play(&mut pos, "e4>e5; e5>f5; f5>f4");
    assert_eq!(
        pos.check_step(step("f4>e4")),
        Err(IllegalStep::Stalling(sq("e4")))
    );
    for to in ["e3", "f3", "g3", "g4", "g5", "e5", "f5"] {
        assert!(
            pos.check_step(Step::Move {
                from: sq("f4"),
                to: sq(to)
            })
            .is_ok(),
            "{to}"
        );
    }
}

#[test]
fn b3_dancing_pieces_may_swap_places() {
    let mut pos = diagram("d4 e4", "a8", Color::Black);
    play(&mut pos, "d4>d5; e4>d4; d5>e5; e5>e4");
    pos.end_turn().unwrap();
    assert_eq!(names(pos.pieces(Color::Black)), "d4 e4");
    // The piece that started on e4 may not come back to e4 after going round.
    let mut pos = diagram("d4 e4", "a8", Color::Black);
    play(&mut pos, "e4>e5; d4>e4");
    assert_eq!(pos.check_step(step("e5>d4")), Ok(()));
    assert_eq!(
        pos.check_step(step("e4>d4")),
        Err(IllegalStep::Stalling(sq("d4")))
    );
}

#[test]
fn b3_martyrdom_forbids_stepping_into_capture() {
    // c4 may not go to b5, where a5 and a6 capture it; it may go to c5.
    let pos = diagram("c4", "a5 a6 i8", Color::Black);
    assert_eq!(
        pos.check_step(step("c4>b5")),
        Err(IllegalStep::Martyrdom(sq("b5")))
    );
    assert!(pos.check_step(step("c4>c5")).is_ok());
    assert!(!pos.legal_steps().contains(&step("c4>b5")));
}

#[test]
fn b3_martyrdom_in_a_later_round_of_the_cascade() {
    // d3>d4: c2 loses its ally and falls (round 1), then c3 (round 2), then d4 (round 3).
    let pos = diagram("d3 c2 c3", "b1 c1 d1 b2 b3 b4 c4 e5", Color::Black);
    assert_eq!(
        pos.check_step(step("d3>d4")),
        Err(IllegalStep::Martyrdom(sq("d4")))
    );
    let mut unchecked = pos;
    let report = unchecked.play_step_unchecked(step("d3>d4"));
    let rounds: Vec<String> = report.cascade.rounds().iter().map(|r| names(*r)).collect();
    assert_eq!(rounds, ["c2", "c3", "d4"]);
    // The same step without e5 leaves d4 standing: legal, though it costs two allies.
    let pos = diagram("d3 c2 c3", "b1 c1 d1 b2 b3 b4 c4", Color::Black);
    assert!(pos.check_step(step("d3>d4")).is_ok());
}

#[test]
fn b3_a_step_may_cause_an_allys_capture() {
    let mut pos = diagram("c4 d5", "c6 d6 e6 a1", Color::Black);
    let report = play(&mut pos, "c4>b3");
    assert_eq!(names(report[0].cascade.all()), "d5");
    assert_eq!(pos.standings().white.captures, 1 + 6);
}

#[test]
fn b3_full_movement_and_forfeit() {
    let mut pos = start(BLACK_HOME, WHITE_HOME);
    play(&mut pos, "d2>d3");
    assert!(matches!(
        pos.end_turn(),
        Err(IllegalEnd::FullMovement {
            made: 1,
            allowed: 4,
            ..
        })
    ));
    // A lone piece boxed in by martyrdom has no legal step: the turn is forfeit.
    let mut trapped = diagram("i4", "h2 g3 h4 h6 a8", Color::Black);
    assert!(trapped.legal_steps().is_empty());
    trapped.end_turn().unwrap();
    assert_eq!(trapped.to_move(), Color::White);
    // A turn may end early only when no legal step is left.
    let mut early = diagram("i4 a1", "g3 g5 h4 h8", Color::Black);
    play(&mut early, "a1>a2; a2>a3");
    assert!(early.end_turn().is_err());
}

// B4 ----------------------------------------------------------------------

#[test]
fn b4_capture_ratio_counts_allies_and_the_piece_itself() {
    // 7.b.1: three against g4 with one ally stand; 7.b.2: four capture.
    let mut pos = diagram("g4 f4 e3", "g5 h5 h2 a8", Color::White);
    let r = play(&mut pos, "h2>h3");
    assert!(r[0].cascade.is_empty());
    let r = play(&mut pos, "h3>h4");
    assert!(r[0].cascade.is_empty(), "h4 g5 h5 against g4+f4: 3 < 4");
    let mut pos = diagram("g4 f4 e3", "g5 h5 h4 i2", Color::White);
    let r = play(&mut pos, "i2>h3");
    assert_eq!(names(r[0].cascade.all()), "g4");
}

#[test]
fn b4_captures_of_both_colours_at_once_and_credit_to_the_opponent() {
    // White's own step leaves its d5 alone among Black pieces: Black is credited.
    let mut pos = diagram("c4 d4 e4 e5 i1", "c5 d5 i8", Color::White);
    let r = play(&mut pos, "c5>b6");
    assert_eq!(names(r[0].cascade.all()), "d5");
    assert_eq!(pos.standings().black.captures, 5 + 1);
    // One round removes pieces of both colours at once.
    let mut board = ByColor {
        black: squares("a1 g8 g7").into_iter().collect(),
        white: squares("b1 b2 h8").into_iter().collect(),
    };
    let cascade = cannonball_rules::margrites::capture::resolve(&mut board);
    assert_eq!(cascade.rounds().len(), 1);
    assert_eq!(names(cascade.all()), "a1 h8");
}

#[test]
fn b4_cascade_exposes_a_neighbour() {
    let mut pos = diagram("g4 f4", "f6 g5 h5 h4 a8", Color::White);
    let r = play(&mut pos, "f6>f5");
    let rounds: Vec<String> = r[0].cascade.rounds().iter().map(|s| names(*s)).collect();
    assert_eq!(rounds, ["g4", "f4"]);
}

// B5 ----------------------------------------------------------------------

#[test]
fn b5_game_ends_the_moment_a_side_has_no_pieces() {
    let mut pos = diagram("d8", "a1 b1", Color::Black);
    play(&mut pos, "d8>B++");
    assert!(pos.is_over());
    assert_eq!(pos.check_step(step("a1>a2")), Err(IllegalStep::GameOver));
    let r = pos.result().unwrap();
    assert_eq!(r.ending, Ending::NoPieces);
    // Points first: 1-0, though White has far more captures.
    assert_eq!(r.winner, Some(Color::Black));
}

#[test]
fn b5_winner_by_points_then_captures_then_draw() {
    let t = |bp, bc, wp, wc| ByColor {
        black: Tally {
            points: bp,
            captures: bc,
        },
        white: Tally {
            points: wp,
            captures: wc,
        },
    };
    use cannonball_rules::margrites::position::winner_by_standings as w;
    assert_eq!(w(&t(2, 0, 1, 5)), Some(Color::Black));
    assert_eq!(w(&t(1, 2, 1, 3)), Some(Color::White));
    assert_eq!(w(&t(1, 3, 1, 3)), None);
}

#[test]
fn b5_resignation_ends_the_game_and_the_other_side_wins() {
    let mut pos = start(BLACK_HOME, WHITE_HOME);
    pos.resign(Color::Black);
    assert_eq!(pos.result().unwrap().winner, Some(Color::White));
    assert_eq!(pos.phase(), Phase::Over(Ending::Resignation(Color::Black)));
}

// B6 ----------------------------------------------------------------------

#[test]
fn b6_blacks_handicap_first_turn_has_two_steps() {
    let options = Options {
        black_handicap: true,
        ..Options::STANDARD
    };
    let setup = Setup {
        black: squares(BLACK_HOME),
        white: squares(WHITE_HOME),
    };
    let mut pos = Position::new(&setup, options).unwrap();
    play(&mut pos, "d2>d3; d3>d4");
    assert_eq!(pos.check_step(step("e2>e3")), Err(IllegalStep::TurnOver(2)));
    pos.end_turn().unwrap();
    assert_eq!(pos.max_steps(), 4);
    let mut plain = start(BLACK_HOME, WHITE_HOME);
    play(&mut plain, "d2>d3; d3>d4; e2>e3");
}

#[test]
fn b6_whites_rebuttal_after_black_ends_the_game() {
    let options = Options {
        white_rebuttal: true,
        ..Options::STANDARD
    };
    let mut pos = diagram_with("d8", "h2 a7", Color::Black, options);
    play(&mut pos, "d8>B++");
    assert_eq!(pos.phase(), Phase::RebuttalDue);
    pos.end_turn().unwrap();
    assert_eq!((pos.to_move(), pos.max_steps()), (Color::White, 2));
    play(&mut pos, "h2>h1; h1>W++");
    pos.end_turn().unwrap();
    let r = pos.result().unwrap();
    assert_eq!((r.standings.black.points, r.standings.white.points), (1, 1));
    // Without the option the game is over at once.
    let mut plain = diagram("d8", "h2 a7", Color::Black);
    play(&mut plain, "d8>B++");
    assert!(plain.is_over());
}

#[test]
fn b6_returning_scored_pieces() {
    let options = Options {
        returning_scored: true,
        ..Options::STANDARD
    };
    let mut pos = diagram_with("d8 a1", "i1 i2", Color::Black, options);
    play(&mut pos, "d8>B++");
    // Not in the turn it scored.
    assert_eq!(
        pos.check_step(step("B++>d8")),
        Err(IllegalStep::NothingToReturn(sq("d8")))
    );
    play(&mut pos, "a1>a2; a2>a3; a3>a4");
    pos.end_turn().unwrap();
    play(&mut pos, "i2>h3; h3>h4; h4>h5; h5>h6");
    pos.end_turn().unwrap();
    assert!(pos.legal_steps().contains(&step("B++>d8")));
    play(&mut pos, "B++>d8");
    assert_eq!(pos.standings().black.points, 0);
    assert_eq!(
        pos.check_step(step("d8>B++")),
        Err(IllegalStep::StallingOffBoard)
    );
    let plain = diagram("a1", "i1", Color::Black);
    assert_eq!(
        plain.check_step(step("B++>d8")),
        Err(IllegalStep::ReturnNotAllowed)
    );
}

#[test]
fn b6_dancing_limit_forces_a_change_after_two_unchanged_turns() {
    let options = Options {
        dancing_limit: true,
        ..Options::STANDARD
    };
    let mut pos = diagram_with("d4 e4", "d6 e6", Color::Black, options);
    play(&mut pos, "d4>d3; e4>d4; d3>e3; e3>e4");
    pos.end_turn().unwrap();
    play(&mut pos, "d6>d7; e6>d6; d7>e7; e7>e6");
    pos.end_turn().unwrap();
    // Black danced first and must now change the position.
    play(&mut pos, "d4>d3; e4>d4; d3>e3");
    assert_eq!(
        pos.check_step(step("e3>e4")),
        Err(IllegalStep::DancingLimit)
    );
    assert!(pos.check_step(step("e3>f4")).is_ok());
    // Without the option the same dance is legal.
    let mut plain = diagram("d4 e4", "d6 e6", Color::Black);
    for _ in 0..2 {
        play(&mut plain, "d4>d3; e4>d4; d3>e3; e3>e4");
        plain.end_turn().unwrap();
        play(&mut plain, "d6>d7; e6>d6; d7>e7; e7>e6");
        plain.end_turn().unwrap();
    }
}

#[test]
fn b6_two_for_three() {
    let g = |winner, b, w| GameResult {
        ending: Ending::NoPieces,
        winner,
        standings: ByColor {
            black: Tally {
                points: 0,
                captures: b,
            },
            white: Tally {
                points: 0,
                captures: w,
            },
        },
    };
    let s = score_match(&g(Some(Color::White), 1, 4), &g(Some(Color::White), 1, 1));
    assert_eq!((s.first, s.second, s.winner), (1, 2, Some(Player::Second)));
    let tie = score_match(&g(Some(Color::Black), 2, 2), &g(Some(Color::Black), 3, 3));
    assert_eq!((tie.first, tie.second, tie.winner), (1, 1, None));
}

// Hash, symmetry, turn generation ------------------------------------------

#[test]
fn hash_sees_side_to_move_and_turn_state() {
    let a = diagram("d4 e4", "d6 e6", Color::Black);
    let b = diagram("d4 e4", "d6 e6", Color::White);
    assert_ne!(a.hash(), b.hash());
    let mut moved = diagram("d4 e4", "d6 e6", Color::Black);
    play(&mut moved, "d4>d3; e4>d4; d3>e3; e3>e4");
    let mut still = diagram("d4 e4", "d6 e6", Color::Black);
    play(&mut still, "d4>c4; c4>c5; c5>c4; c4>d3");
    assert_ne!(moved.hash(), a.hash(), "steps made count");
    let mirror = a.mirrored();
    assert_eq!(names(mirror.pieces(Color::Black)), "e4 f4");
    assert_eq!(a.symmetric_hash(false), mirror.symmetric_hash(false));
    let exchanged = a.color_exchanged();
    assert_eq!(exchanged.to_move(), Color::White);
    assert_eq!(names(exchanged.pieces(Color::White)), "e5 f5");
    assert_eq!(a.symmetric_hash(true), exchanged.symmetric_hash(true));
}

#[test]
fn distinct_turns_merge_transpositions_and_replay() {
    let pos = diagram("a1 i1", "a8 i8", Color::Black);
    let all = sequences(&pos);
    assert_eq!(all.len() as u64, count_sequences(&pos));
    let distinct = distinct_turns(&pos);
    assert!(distinct.len() < all.len());
    for turn in &distinct {
        let mut p = pos;
        for s in &turn.steps {
            p.play_step(*s).unwrap();
        }
        p.end_turn().unwrap();
        assert_eq!(p, turn.after);
    }
    let mut finals: Vec<_> = all
        .iter()
        .map(|steps| {
            let mut p = pos;
            for s in steps {
                p.play_step_unchecked(*s);
            }
            p.end_turn_unchecked();
            p.board()
        })
        .collect();
    finals.sort();
    finals.dedup();
    assert_eq!(finals.len(), distinct.len());
}
