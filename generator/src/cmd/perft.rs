//! `cannonball perft`: counts move paths to each depth.

use anyhow::{Result, anyhow};
use cannonball::margo::perft::{divide, perft};
use cannonball::margo::{Position, notation};

use super::game_args::{GameArgs, MovesArgs};

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
    /// Also print the count below each first move at the last depth.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let (source, written) = args.moves.read()?;
    macro_rules! go {
        ($w:literal) => {{
            let mut pos = Position::<$w>::new(rules)?;
            for w in &written {
                let m = notation::resolve(pos.geometry(), w.syntax)
                    .map_err(|e| anyhow!("{source}: ply {}: {}", w.ply, e.message))?;
                pos.try_play(m)
                    .map_err(|e| anyhow!("{source}: ply {}: move is illegal: {e}", w.ply))?;
            }
            for d in 1..=args.depth {
                println!("depth {d}: {}", perft(&pos, d));
            }
            if args.divide {
                for (m, n) in divide(&pos, args.depth) {
                    println!("{} {n}", notation::human(pos.geometry(), m));
                }
            }
        }};
    }
    match rules.size() {
        0..=5 => go!(1),
        6..=8 => go!(4),
        9..=11 => go!(8),
        _ => go!(39),
    }
    Ok(())
}
