//! Timings: steps per second in random self-play, and distinct-turn generation
//! for an opening position and for positions sampled from self-play.

use std::fmt::Write as _;
use std::time::Instant;

use super::options::Options;
use super::position::Position;
use super::selfplay::{play_game, random_step};
use super::setup::Setup;
use super::square::Square;
use super::turngen::{count_sequences, distinct_turns};
use crate::rng::Rng;

/// The opening used for turn-generation timings: both sides on their front home
/// row except the corners, which stay on the back row.
#[must_use]
pub fn opening_setup() -> Setup {
    let sq = |s: &str| s.parse::<Square>().ok();
    let black = ["a1", "b2", "c2", "d2", "e2", "f2", "g2", "i1"]
        .iter()
        .filter_map(|s| sq(s))
        .collect();
    let white = ["a8", "b7", "c7", "d7", "e7", "f7", "g7", "i8"]
        .iter()
        .filter_map(|s| sq(s))
        .collect();
    Setup { black, white }
}

/// Runs the benchmarks and returns the report.
#[must_use]
pub fn run(games: u32, seed: u64) -> String {
    let mut out = String::new();
    let mut rng = Rng::seed_from(seed);
    let t = Instant::now();
    let mut steps = 0;
    let mut turns = 0;
    for _ in 0..games {
        let g = play_game(&mut rng, Options::STANDARD, 200);
        steps += g.steps;
        turns += g.turns.len() as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "self-play: {games} games, {turns} turns, {steps} steps in {secs:.3} s: {:.0} steps/s",
        steps as f64 / secs
    );

    if let Ok(opening) = Position::new(&opening_setup(), Options::STANDARD) {
        let runs = 5;
        let mut best = f64::MAX;
        let mut distinct = 0;
        for _ in 0..runs {
            let t = Instant::now();
            distinct = distinct_turns(&opening).len();
            best = best.min(t.elapsed().as_secs_f64());
        }
        let sequences = count_sequences(&opening);
        let _ = writeln!(
            out,
            "opening (black a1 b2 c2 d2 e2 f2 g2 i1; white a8 b7 c7 d7 e7 f7 g7 i8): {sequences} step sequences, {distinct} distinct turns, generated in {:.1} ms (best of {runs})",
            best * 1000.0
        );
    }

    let mut counts = Vec::new();
    let mut times = Vec::new();
    let mut sample = Rng::seed_from(seed ^ 0x5eed);
    for _ in 0..20 {
        let Ok(mut pos) = Position::new(
            &super::selfplay::random_setup(&mut sample),
            Options::STANDARD,
        ) else {
            continue;
        };
        let stop = 2 + sample.below(30) as u16;
        while !pos.is_over() && pos.turn() < stop {
            while let Some(s) = random_step(&pos, &mut sample) {
                pos.play_step_unchecked(s);
            }
            if !pos.is_over() {
                pos.end_turn_unchecked();
            }
        }
        if pos.is_over() {
            continue;
        }
        let t = Instant::now();
        counts.push(distinct_turns(&pos).len());
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    if !counts.is_empty() {
        counts.sort_unstable();
        times.sort_by(f64::total_cmp);
        let mean = counts.iter().sum::<usize>() as f64 / counts.len() as f64;
        let _ = writeln!(
            out,
            "{} positions from self-play (turns 2-31): distinct turns min {} median {} mean {:.0} max {}; generation time median {:.1} ms, max {:.1} ms",
            counts.len(),
            counts[0],
            counts[counts.len() / 2],
            mean,
            counts[counts.len() - 1],
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
    out
}
