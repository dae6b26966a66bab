//! `cannonball selfplay`: seeded random games as JSON lines.

use std::io::Write;

use anyhow::Result;
use cannonball::margo::AnyPosition;
use cannonball::margo::record::{OutcomeLine, OutcomeRecord, PlyRecord};
use cannonball::rng::Rng;

use super::game_args::GameArgs;

/// Play seeded random games; print each as JSON lines (as `replay` does).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Number of games.
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Seed: the same seed gives the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop a game after this many moves (reported as unfinished).
    #[arg(long = "max-plies", default_value_t = 2000)]
    max_plies: usize,
    /// Include every legal move before each move.
    #[arg(long)]
    legal: bool,
    /// Print JSON lines (the only output format).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let root = Rng::seed_from(args.seed);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    for g in 0..args.games {
        let mut rng = root.fork(u64::from(g));
        let mut pos = AnyPosition::new(rules)?;
        let geo = pos.geometry();
        for ply in 0..args.max_plies {
            let Some(m) = pos.random_move(&mut rng) else {
                break;
            };
            let legal = args.legal.then(|| pos.legal_moves());
            let report = pos.play(m)?;
            let rec = PlyRecord::new(geo, ply, m, &report, legal.as_deref(), pos.scores());
            writeln!(out, "{}", serde_json::to_string(&rec)?)?;
        }
        let outcome = OutcomeRecord::new(pos.outcome().as_ref(), pos.scores());
        writeln!(out, "{}", serde_json::to_string(&OutcomeLine { outcome })?)?;
    }
    Ok(())
}
