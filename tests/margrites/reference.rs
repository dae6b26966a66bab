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

#[test]
fn engine_agrees_with_reference_over_random_games() {
    let mut rng = Rng::seed_from(20260501);
    let mut checked_steps = 0u64;
    let mut cascades = 0u64;
    for _ in 0..1500 {
        let mut pos = Position::new(&random_setup(&mut rng), Options::STANDARD).unwrap();
        let mut starts: Vec<(Sq, Sq)> = Vec::new();
        while !pos.is_over() && pos.turn() <= 40 {
            let board = to_board(&pos);
            let mover = pos.to_move();
            let room = pos.steps_made() < 4;
            // Every candidate from every mover piece: the eight directions and off the edge.
            for from in pos.pieces(mover) {
                let start = start_of(&starts, xy(from));
                for (dx, dy) in [
                    (-1, -1),
                    (0, -1),
                    (1, -1),
                    (-1, 0),
                    (1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    let Some(to) = from.offset(dx, dy) else {
                        continue;
                    };
                    let expected = room
                        && reference::legal(&board, mover, xy(from), Target::To(xy(to)), start);
                    let got = pos.check_step(Step::Move { from, to }).is_ok();
                    assert_eq!(
                        got,
                        expected,
                        "{from}>{to} in turn {} ({:?})",
                        pos.turn(),
                        pos.check_step(Step::Move { from, to })
                    );
                    checked_steps += 1;
                }
                if from.rank() == mover.scoring_rank() {
                    let expected =
                        room && reference::legal(&board, mover, xy(from), Target::Off, start);
                    assert_eq!(pos.check_step(Step::Score { from }).is_ok(), expected);
                }
            }
            match random_step(&pos, &mut rng) {
                Some(step) => {
                    let mut after = to_board(&pos);
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
                    assert_eq!(to_board(&pos), after);
                    cascades += u64::from(!rounds.is_empty());
                    let from = step.from().map(xy);
                    let start = from.map(|f| start_of(&starts, f));
                    starts.retain(|(n, _)| Some(*n) != from);
                    if let (Some(to), Some(start)) = (step.to(), start) {
                        starts.push((xy(to), start));
                    }
                    let gone: Vec<Sq> = rounds.concat();
                    starts.retain(|(n, _)| !gone.contains(n));
                }
                None => {
                    if !pos.is_over() {
                        pos.end_turn().unwrap();
                        starts.clear();
                    }
                }
            }
        }
        let _ = ByColor::<u8>::default();
    }
    assert!(
        checked_steps > 1_000_000,
        "only {checked_steps} candidate steps compared"
    );
    assert!(cascades > 1000, "only {cascades} capturing steps compared");
}
