//! `cannonball perft`: counts move paths to each depth.

use anyhow::{Result, anyhow};
use cannonball_rules::margo::notation;

use super::game_args::{GameArgs, MovesArgs, start_position};

/// Count the move sequences of each length 1..=D.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Maximum depth.
    #[arg(long)]
    depth: u32,
    /// Start from the position after these moves.
    #[command(flatten)]
    moves: MovesArgs,
    /// Start from this setup instead of the empty board.
    #[arg(long)]
    setup: Option<String>,
    /// Also print the count below each first move at the last depth.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let (source, written) = args.moves.read()?;
    let mut pos = start_position(rules, args.setup.as_deref())?;
    let geo = pos.geometry();
    for w in &written {
        let m = notation::resolve(geo, w.syntax)
            .map_err(|e| anyhow!("{source}: ply {}: {}", w.ply, e.message))?;
        pos.play(m).map_err(|e| {
            anyhow!(
                "{source}: ply {}: move {} is illegal: {e}",
                w.ply,
                notation::human(geo, m)
            )
        })?;
    }
    for d in 1..=args.depth {
        outln!("depth {d}: {}", pos.perft(d))?;
    }
    if args.divide {
        for (m, n) in pos.divide(args.depth) {
            outln!("{} {n}", notation::human(geo, m))?;
        }
    }
    Ok(())
}
