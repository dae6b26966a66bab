//! `cannonball bench`: single-thread speed of the Margo engine and of the exact
//! Margo solver on fixed positions, and (when asked) the Spargo tablebase
//! build's time and peak memory. Run it on a release build.

use std::time::{Duration, Instant};

use anyhow::Result;
use cannonball_rules::margo::perft::perft;
use cannonball_rules::margo::{Position, Preset, Rules};
use cannonball_rules::rng::Rng;

/// Measure perft and random-game speed.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds to spend on each random-game measurement (more than 0, at most a year).
    #[arg(long, default_value = "3", value_parser = super::limits::positive_seconds)]
    seconds: Duration,
    /// Spargo perft depth.
    #[arg(long = "perft-depth", default_value_t = 8)]
    perft_depth: u32,
    /// Which measurements to run.
    #[arg(long, value_enum, num_args = 1.., default_values_t = [Section::Engine, Section::Solver])]
    sections: Vec<Section>,
    /// Only the solver positions whose label contains this text (e.g. "ply 31").
    #[arg(long)]
    case: Option<String>,
}

/// A part of the benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Section {
    /// Perft and random games (move generation and play).
    Engine,
    /// The exact Margo solver on fixed positions, one thread.
    Solver,
    /// The full Spargo tablebase build (minutes; measured last, for its peak memory).
    Tablebase,
}

fn rate(count: f64, elapsed: Duration) -> f64 {
    count / elapsed.as_secs_f64().max(1e-9)
}

fn random_games<const W: usize>(
    rules: Rules,
    budget: Duration,
    seed: u64,
) -> Result<(u64, u64, Duration)> {
    let start_pos = Position::<W>::new(rules)?;
    let mut rng = Rng::seed_from(seed);
    let start = Instant::now();
    let (mut games, mut plies) = (0u64, 0u64);
    while start.elapsed() < budget {
        for _ in 0..16 {
            let mut pos = start_pos.clone();
            plies += u64::from(pos.play_random(&mut rng, 5_000));
            games += 1;
        }
    }
    Ok((games, plies, start.elapsed()))
}

/// Every position of `games` random games from the start (seeded), then the
/// time [`Position::for_each_child`] takes over all of them: the work of the
/// tablebase's enumeration and of the solver's node expansion. Returns the
/// positions, their children and the time.
fn children<const W: usize>(rules: Rules, games: u64, seed: u64) -> Result<(u64, u64, Duration)> {
    let mut rng = Rng::seed_from(seed);
    let mut positions = Vec::new();
    for _ in 0..games {
        let mut pos = Position::<W>::new(rules)?;
        while let Some(m) = pos.random_move(&mut rng) {
            positions.push(pos.clone());
            pos.play_unchecked(m);
        }
    }
    let start = Instant::now();
    let mut kids = 0u64;
    for pos in &positions {
        pos.for_each_child(|_, child| {
            std::hint::black_box(child);
            kids += 1;
        });
    }
    Ok((positions.len() as u64, kids, start.elapsed()))
}

pub fn run(args: &Args) -> Result<()> {
    if cfg!(debug_assertions) {
        outln!("warning: this is a debug build; run `cargo run --release -- bench`")?;
    }
    if args.sections.contains(&Section::Engine) {
        engine(args)?;
    }
    if args.sections.contains(&Section::Solver) {
        super::bench_solver::run(args.case.as_deref())?;
    }
    if args.sections.contains(&Section::Tablebase) {
        super::bench_solver::tablebase()?;
    }
    Ok(())
}

fn engine(args: &Args) -> Result<()> {
    let budget = args.seconds;
    let spargo = Preset::Spargo.rules();

    let pos = Position::<1>::new(spargo)?;
    let start = Instant::now();
    let leaves = perft(&pos, args.perft_depth);
    let t = start.elapsed();
    outln!(
        "spargo perft {}: {leaves} leaves in {:.3} s = {:.1} M leaves/s",
        args.perft_depth,
        t.as_secs_f64(),
        rate(leaves as f64, t) / 1e6
    )?;

    let (games, plies, t) = random_games::<1>(spargo, budget, 1)?;
    outln!(
        "spargo random games: {games} games ({:.1} plies each) in {:.2} s = {:.0} games/s, {:.2} M plies/s",
        plies as f64 / games as f64,
        t.as_secs_f64(),
        rate(games as f64, t),
        rate(plies as f64, t) / 1e6
    )?;

    let mut margo7 = Preset::Margo.rules();
    margo7.size = 7;
    let (games, plies, t) = random_games::<4>(margo7, budget, 2)?;
    outln!(
        "margo 7x7 random games: {games} games ({:.1} plies each) in {:.2} s = {:.0} games/s, {:.2} M plies/s",
        plies as f64 / games as f64,
        t.as_secs_f64(),
        rate(games as f64, t),
        rate(plies as f64, t) / 1e6
    )?;

    let (positions, kids, t) = children::<1>(spargo, 20_000, 3)?;
    outln!(
        "spargo children: {positions} positions of 20,000 random games expanded in {:.2} s = {:.2} M positions/s ({kids} children)",
        t.as_secs_f64(),
        rate(positions as f64, t) / 1e6
    )?;
    let (positions, kids, t) = children::<4>(margo7, 200, 4)?;
    outln!(
        "margo 7x7 children: {positions} positions of 200 random games expanded in {:.2} s = {:.2} M positions/s ({kids} children)",
        t.as_secs_f64(),
        rate(positions as f64, t) / 1e6
    )?;
    Ok(())
}
