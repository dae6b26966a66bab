//! Differential test: the engine against a plain reference written from the
//! rulings, on step legality and capture resolution, over thousands of seeded
//! random games.

use super::support;

use cannonball_rules::margrites::selfplay::{random_setup, random_step};
use cannonball_rules::margrites::{ByColor, Color, Options, Position, Square, Step};
use cannonball_rules::rng::Rng;
use support::reference::{self, Board, Sq, Target};

fn to_board(p: &Position) -> Board {
    let mut b: Board = [[None; 9]; 8];
    for color in Color::ALL {
        for s in p.pieces(color) {
            b[usize::from(s.rank())][usize::from(s.file())] = Some(color);
        }
    }
    b
}

fn xy(s: Square) -> Sq {
    (i32::from(s.file()), i32::from(s.rank()))
}

/// Start-of-turn squares tracked independently of the engine: (now, start).
fn start_of(starts: &[(Sq, Sq)], now: Sq) -> Sq {
    starts
        .iter()
        .find(|(n, _)| *n == now)
        .map_or(now, |(_, s)| *s)
}

/// The eight directions a step can take from a square.
const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// What one run compared: candidate steps and capturing steps.
#[derive(Default)]
struct Compared {
    checked_steps: u64,
    cascades: u64,
}

/// Checks every candidate step of every mover piece (the eight directions and off the edge) against the reference.
fn check_candidate_steps(pos: &Position, starts: &[(Sq, Sq)], compared: &mut Compared) {
    let board = to_board(pos);
    let mover = pos.to_move();
    let room = pos.steps_made() < 4;
    for from in pos.pieces(mover) {
        let start = start_of(starts, xy(from));
        for (dx, dy) in DIRECTIONS {
            let Some(to) = from.offset(dx, dy) else {
                continue;
            };
            let expected =
                room && reference::legal(&board, mover, xy(from), Target::To(xy(to)), start);
            let got = pos.check_step(Step::Move { from, to }).is_ok();
            assert_eq!(
                got,
                expected,
                "{from}>{to} in turn {} ({:?})",
                pos.turn(),
                pos.check_step(Step::Move { from, to })
            );
            compared.checked_steps += 1;
        }
        if from.rank() == mover.scoring_rank() {
            let expected = room && reference::legal(&board, mover, xy(from), Target::Off, start);
            assert_eq!(pos.check_step(Step::Score { from }).is_ok(), expected);
        }
    }
}

/// Plays the step in the engine and on a reference board, checks both cascades and boards agree, and returns the cascade's rounds.
fn play_and_compare(pos: &mut Position, step: Step) -> Vec<Vec<Sq>> {
    let mover = pos.to_move();
    let mut after = to_board(pos);
    if let Some(from) = step.from() {
        after[usize::from(from.rank())][usize::from(from.file())] = None;
    }
    if let Some(to) = step.to() {
        after[usize::from(to.rank())][usize::from(to.file())] = Some(mover);
    }
    let rounds = reference::resolve(&mut after);
    let report = pos.play_step(step).unwrap();
    let engine_rounds: Vec<Vec<Sq>> = report
        .cascade
        .rounds()
        .iter()
        .map(|r| r.map(xy).collect())
        .collect();
    assert_eq!(engine_rounds, rounds, "cascade of {step}");
    assert_eq!(to_board(pos), after);
    rounds
}

/// Carries the start-of-turn squares over a played step and drops the pieces it captured.
fn track_starts(starts: &mut Vec<(Sq, Sq)>, step: Step, rounds: &[Vec<Sq>]) {
    let from = step.from().map(xy);
    let start = from.map(|f| start_of(starts, f));
    starts.retain(|(n, _)| Some(*n) != from);
    if let (Some(to), Some(start)) = (step.to(), start) {
        starts.push((xy(to), start));
    }
    let gone: Vec<Sq> = rounds.concat();
    starts.retain(|(n, _)| !gone.contains(n));
}

/// Plays one random game (to its end or past turn 40), comparing every position and step on the way.
fn compare_one_random_game(rng: &mut Rng, compared: &mut Compared) {
    let mut pos = Position::new(&random_setup(rng), Options::STANDARD).unwrap();
    let mut starts: Vec<(Sq, Sq)> = Vec::new();
    while !pos.is_over() && pos.turn() <= 40 {
        check_candidate_steps(&pos, &starts, compared);
        match random_step(&pos, rng) {
            Some(step) => {
                let rounds = play_and_compare(&mut pos, step);
                compared.cascades += u64::from(!rounds.is_empty());
                track_starts(&mut starts, step, &rounds);
            }
            None => {
                if !pos.is_over() {
                    pos.end_turn().unwrap();
                    starts.clear();
                }
            }
        }
    }
}

#[test]
fn engine_agrees_with_reference_over_random_games() {
    let mut rng = Rng::seed_from(20260501);
    let mut compared = Compared::default();
    for _ in 0..1500 {
        compare_one_random_game(&mut rng, &mut compared);
        let _ = ByColor::<u8>::default();
    }
    let Compared {
        checked_steps,
        cascades,
    } = compared;
    assert!(
        checked_steps > 1_000_000,
        "only {checked_steps} candidate steps compared"
    );
    assert!(cascades > 1000, "only {cascades} capturing steps compared");
}
