//! The Margrites turn-level solver on hand-built positions with known answers:
//! every objective with both outcomes, the rule book's illustrations, a case
//! where the opponent's defence decides, variations, budgets and errors.

use crate::margrites::support as margrites_support;

use cannonball::solve::SolveError;
use cannonball::solve::margrites::{Answer, Limits, Objective, Report, Stage, solve, turn_reaches};
use cannonball_rules::margrites::setup::Tally;
use cannonball_rules::margrites::{ByColor, Color, Diagram, Options, Position};
use margrites_support::{diagram, diagram_with, play, play_turn, squares};

fn run(pos: &Position, objective: Objective, turns: u8) -> Report {
    solve(pos, objective, turns, &Limits::default(), &|_, _, _| {}).expect("solvable")
}

/// The position after `turn` (written in notation) from `before`, or after the
/// game ended in it.
fn after(before: &Position, turn: &str) -> Position {
    let mut p = *before;
    let steps = turn.split_once(". ").map_or(turn, |(_, s)| s);
    let steps = steps.trim_end_matches('.');
    let plain: Vec<String> = steps
        .split(';')
        .map(|s| s.trim().split('(').next().unwrap_or("").to_string())
        .collect();
    play(&mut p, &plain.join("; "));
    if !p.is_over() {
        p.end_turn().expect("complete turn");
    }
    p
}

fn winners_include(report: &Report, before: &Position, turn: &str) -> bool {
    let target = after(before, turn);
    report
        .winning
        .iter()
        .any(|w| after(before, &w.turn.notation).board() == target.board())
}

/// Illustration 15 from its committed fixture: Black d5 e5 against six White
/// pieces, 0(2)-0(6), Black to move, with the variations given.
fn illustration_15(options: Options) -> Position {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/fixtures/margrites/illustration-15.txt"
    );
    let text = std::fs::read_to_string(path).expect("fixture");
    let mut t = cannonball_rules::margrites::transcript::parse(&text).expect("parses");
    t.options = options;
    let start = cannonball_rules::margrites::check::start_position(&t)
        .expect("a start diagram")
        .expect("legal");
    let built = diagram("d5 e5", "f4 f5 a1 b1 c1 i1", Color::Black);
    assert_eq!(
        (start.board(), start.standings()),
        (built.board(), built.standings())
    );
    start
}

#[test]
fn illustration_15_black_wins_at_once_by_sacrifice() {
    let pos = illustration_15(Options::STANDARD);
    let r = run(&pos, Objective::Win, 1);
    assert_eq!(r.answer, Answer::Yes);
    // Every winning turn scores d5 and leaves e5 to be captured: one position.
    assert_eq!(r.winning.len(), 1, "{}", r.render_text());
    let w = &r.winning[0];
    assert!(w.turn.game_over && w.turn.captured == ["e5"] && w.turn.scored == 1);
    assert_eq!(w.turn.standings, "1(2)-0(7)");
    assert!(winners_include(&r, &pos, "1. d5>d6; d6>d7; d7>d8; d8>B++."));
    // Without the sacrifice the game goes on: e.g. scoring e5 too takes 8 steps.
    assert!(!winners_include(
        &r,
        &pos,
        "1. e5>e6; e6>e7; e7>e8; e8>B++."
    ));
}

#[test]
fn illustration_15_fails_against_whites_rebuttal() {
    // White's rebuttal scores from row 1 after the game ends: 1-1 in points and
    // White ahead in captures, or 1-2.
    let pos = illustration_15(Options {
        white_rebuttal: true,
        ..Options::STANDARD
    });
    let r = run(&pos, Objective::Win, 1);
    assert_eq!(r.answer, Answer::No, "{}", r.render_text());
    // The most promising try is the sacrifice; the rebuttal refutes it.
    assert_eq!(r.failing[0].turn.captured, ["e5"]);
    let refutation = &r.failing[0].refutation;
    assert_eq!(refutation.len(), 1);
    assert_eq!(refutation[0].side, "White");
    assert!(refutation[0].scored >= 1 && refutation[0].game_over);
}

#[test]
fn illustration_8_black_scores_within_one_turn() {
    let pos = diagram("e5 a2", "a7", Color::Black);
    let r = run(&pos, Objective::Score(1), 1);
    assert_eq!(r.answer, Answer::Yes);
    assert!(winners_include(&r, &pos, "1. e5>e6; e6>e7; e7>e8; e8>B++."));
    assert!(
        r.winning
            .iter()
            .all(|w| w.turn.scored == 1 && w.within == 1)
    );
    // Two points need both pieces home: no.
    let r = run(&pos, Objective::Score(2), 1);
    assert_eq!((r.answer, r.proved_by_bound), (Answer::No, true));
    // Black's handicap: a two-step first turn cannot score from e5.
    let handicap = diagram_with(
        "e5 a2",
        "a7",
        Color::Black,
        Options {
            black_handicap: true,
            ..Options::STANDARD
        },
    );
    assert_eq!(run(&handicap, Objective::Score(1), 1).answer, Answer::No);
    assert_eq!(run(&handicap, Objective::Score(1), 2).answer, Answer::Yes);
}

/// One first turn asked alone: the run home scores, a turn that stops short
/// does not, and steps that are not a legal turn from here reach nothing.
#[test]
fn one_first_turn_alone() {
    let pos = diagram("e5 a2", "a7", Color::Black);
    let alone = |turn: &str, k: u8| {
        let steps: Vec<_> = turn
            .split(';')
            .map(|s| margrites_support::step(s.trim()))
            .collect();
        turn_reaches(&pos, &steps, Objective::Score(k), 1, &Limits::default())
            .unwrap()
            .0
    };
    assert_eq!(alone("e5>e6; e6>e7; e7>e8; e8>B++", 1), Answer::Yes);
    assert_eq!(alone("e5>e6; e6>e7; e7>e8; a2>a3", 1), Answer::No);
    assert_eq!(alone("e5>e6; e6>e7; e7>e8; e8>B++", 2), Answer::No);
    // Not a legal turn: stopping after one step, or stepping off the board.
    assert_eq!(alone("e5>e6", 1), Answer::No);
    assert_eq!(alone("a2>a1; a1>B++", 1), Answer::No);
}

#[test]
fn a_runner_needs_two_turns_and_whites_defence_decides() {
    // e3 needs six steps to score. Against c7 g7 only some first turns get through.
    let pos = diagram("e3 a1", "c7 g7", Color::Black);
    let one = run(&pos, Objective::Score(1), 1);
    assert_eq!((one.answer, one.proved_by_bound), (Answer::No, true));
    let two = run(&pos, Objective::Score(1), 2);
    assert_eq!(two.answer, Answer::Yes);
    assert!(two.winning.iter().all(|w| w.within == 2));
    assert!(two.winning.len() < two.first_turns as usize);
    // Straight up the e-file looks good but White captures the runner.
    let straight = "1. e3>e4; e4>e5; e5>e6; e6>e7.";
    assert!(!winners_include(&two, &pos, straight));
    let mut p = pos;
    play_turn(&mut p, straight);
    let reply = run(&p, Objective::Capture(1), 1);
    assert_eq!(reply.answer, Answer::Yes, "White captures the runner");
    // The proof of the first winning turn answers every shown defence.
    let proof = two.winning[0].proof.as_ref().expect("a proof");
    assert!(!proof.reaches && proof.replies > 0 && !proof.defences.is_empty());
    for d in &proof.defences {
        assert_eq!(d.holds_out, 1);
        let answer = d.answer.as_ref().expect("an answer");
        assert!(answer.reaches && answer.turn.scored == 1);
    }
    // A third White piece closes every route.
    let walled = diagram("e3 a1", "c8 e8 g8", Color::Black);
    let r = run(&walled, Objective::Score(1), 2);
    assert_eq!(r.answer, Answer::No);
    assert!(r.failing.iter().all(|f| f.refutation.len() == 1));
}

#[test]
fn capture_within_one_turn_and_a_formation_that_holds() {
    let pos = diagram("d3 f3 a1", "e5 a8", Color::Black);
    let r = run(&pos, Objective::Capture(1), 1);
    assert_eq!(r.answer, Answer::Yes);
    assert!(winners_include(
        &r,
        &pos,
        "1. d3>d4; f3>f4(xe5); a1>a2; a2>a3."
    ));
    assert!(r.winning.iter().all(|w| !w.turn.captured.is_empty()));
    // e5 with three allies needs eight attackers; d6 e6 f6 each have two allies.
    let block = diagram("d3 f3 a1", "e5 d6 e6 f6", Color::Black);
    let r = run(&block, Objective::Capture(1), 2);
    assert_eq!(r.answer, Answer::No, "{}", r.render_text());
    assert!(r.first_turns > 0);
}

#[test]
fn white_traps_a_piece_on_the_edge() {
    // Illustration 6 with g5 one step from h4: White closes the trap.
    let pos = diagram("i4", "h2 g3 g5 h6 a8", Color::White);
    let r = run(&pos, Objective::Trap, 1);
    assert_eq!(r.answer, Answer::Yes);
    assert!(winners_include(&r, &pos, "2. g5>h4; a8>b8; b8>c8; c8>d8."));
    for w in &r.winning {
        let p = after(&pos, &w.turn.notation);
        assert!(p.to_move() == Color::Black && !p.has_legal_step());
    }
    // Far away, no trap.
    let far = diagram("i4", "a8 b8 c8", Color::White);
    let r = run(&far, Objective::Trap, 1);
    assert_eq!((r.answer, r.proved_by_bound), (Answer::No, true));
}

#[test]
fn win_needs_the_lead_when_the_game_ends() {
    // Illustration 15 with White two points up: the sacrifice ends the game with
    // White ahead, 1(0)-2(7). Black can still score.
    let d = Diagram {
        pieces: ByColor {
            black: squares("d5 e5"),
            white: squares("f4 f5 a1 b1 c1 i1"),
        },
        to_move: Color::Black,
        turn: 21,
        standings: ByColor {
            black: Tally {
                points: 0,
                captures: 0,
            },
            white: Tally {
                points: 2,
                captures: 6,
            },
        },
    };
    let pos = Position::from_diagram(&d, Options::STANDARD).expect("legal");
    let r = run(&pos, Objective::Win, 1);
    assert_eq!(r.answer, Answer::No, "{}", r.render_text());
    assert_eq!(run(&pos, Objective::Score(1), 1).answer, Answer::Yes);
}

#[test]
fn a_spent_budget_is_unknown() {
    let pos = margrites_support::start("a1 b1 c1 d1 e1 f1 d2 e2", "a8 b8 c8 d8 e8 f8 d7 e7");
    let limits = Limits {
        nodes: Some(2_000),
        ..Limits::default()
    };
    let r = solve(&pos, Objective::Score(1), 2, &limits, &|_, _, _| {}).unwrap();
    assert_eq!(r.answer, Answer::Unknown, "{}", r.render_text());
    assert!(!r.winning_complete && r.unknown_first_turns > 0);
    let limits = Limits {
        time: Some(std::time::Duration::from_millis(1)),
        ..Limits::default()
    };
    let r = solve(&pos, Objective::Score(1), 2, &limits, &|_, _, _| {}).unwrap();
    assert_ne!(r.answer, Answer::No);
}

/// A limit on the positions inside turns stops a solve that the node budget
/// alone would let run: first turns are left undecided, never guessed, and
/// the same solve with room enough decides it as before.
#[test]
fn a_spent_positions_budget_is_unknown() {
    let pos = illustration_15(Options::STANDARD);
    // No proof phase: every position counted is the search's.
    let solve_with = |positions: Option<u64>| {
        let limits = Limits {
            positions,
            proofs: 0,
            defences: 0,
            tries: 0,
            ..Limits::default()
        };
        solve(&pos, Objective::Win, 2, &limits, &|_, _, _| {}).unwrap()
    };
    let unlimited = solve_with(None);
    assert_ne!(unlimited.answer, Answer::Unknown);
    let needed = unlimited.stats.positions;
    assert!(needed > 10_000, "{needed}");
    let short = solve_with(Some(needed / 4));
    assert!(unlimited.winning_complete);
    assert!(
        !short.winning_complete && short.unknown_first_turns > 0,
        "{}",
        short.render_text()
    );
    // Undecided first turns are never counted as failing.
    assert_ne!(short.answer, Answer::No);
    assert!(short.stats.positions < needed);
    let roomy = solve_with(Some(needed * 2));
    assert_eq!(roomy.answer, unlimited.answer);
    assert_eq!(roomy.winning.len(), unlimited.winning.len());
}

#[test]
fn a_turn_in_progress_counts_as_the_first() {
    let mut pos = illustration_15(Options::STANDARD);
    play(&mut pos, "d5>d6");
    let r = run(&pos, Objective::Win, 1);
    assert_eq!(r.answer, Answer::Yes);
    assert!(r.winning[0].turn.notation.starts_with("1. d6>"));
}

#[test]
fn errors_and_objective_names() {
    let mut over = illustration_15(Options::STANDARD);
    play(&mut over, "d5>d6; d6>d7; d7>d8; d8>B++");
    assert_eq!(
        solve(&over, Objective::Win, 1, &Limits::default(), &|_, _, _| {}),
        Err(SolveError::GameOver)
    );
    let pos = diagram("e5", "a7", Color::Black);
    assert_eq!(
        solve(&pos, Objective::Win, 0, &Limits::default(), &|_, _, _| {}),
        Err(SolveError::TurnLimit(0))
    );
    for (text, objective) in [
        ("win", Objective::Win),
        ("trap", Objective::Trap),
        ("score:3", Objective::Score(3)),
        ("capture:8", Objective::Capture(8)),
    ] {
        assert_eq!(text.parse::<Objective>(), Ok(objective));
        assert_eq!(objective.to_string(), text);
    }
    for bad in [
        "",
        "lose",
        "score",
        "score:0",
        "score:9",
        "capture:x",
        "trap:1",
    ] {
        assert!(bad.parse::<Objective>().is_err(), "{bad}");
    }
}

#[test]
fn reports_are_deterministic_and_progress_is_told() {
    let pos = diagram("e3 a1", "c7 g7", Color::Black);
    let calls = std::sync::atomic::AtomicU64::new(0);
    let progress = |stage: Stage, done: u64, total: u64| {
        assert!(done <= total);
        if matches!(stage, Stage::FirstTurns(_)) {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let mut a = solve(&pos, Objective::Score(1), 2, &Limits::default(), &progress).unwrap();
    let mut b = run(&pos, Objective::Score(1), 2);
    // Within 1: every first turn (the bound shows none scores); within 2: again.
    assert_eq!(
        calls.load(std::sync::atomic::Ordering::Relaxed),
        2 * (a.first_turns + 1)
    );
    a.millis = 0;
    b.millis = 0;
    assert_eq!(a, b);
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(json["answer"], "yes");
    assert_eq!(json["objective"], "score:1");
}
