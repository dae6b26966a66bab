//! `cannonball show`: a text diagram of a position given as moves or a setup.

use anyhow::Result;
use cannonball_rules::margo::notation;

use super::game_args::{GameArgs, MovesArgs, start_position};

/// Print a text diagram of the position after the moves (from a setup, if given).
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    moves: MovesArgs,
    /// Start from this setup instead of the empty board, e.g.
    /// "white b2 c2; black c3; to-move black".
    #[arg(long)]
    setup: Option<String>,
    /// Print the diagram after every move, not only the last.
    #[arg(long)]
    each: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let mut pos = start_position(rules, args.setup.as_deref())?;
    let (source, written) = args.moves.read()?;
    let geo = pos.geometry();
    for w in &written {
        let m = super::game_args::play_written(&mut pos, &source, w)?;
        if args.each {
            outln!("after ply {} ({}):", w.ply, notation::human(geo, m))?;
            out!("{}", pos.diagram())?;
        }
    }
    if !args.each {
        out!("{}", pos.diagram())?;
    }
    if let Some(o) = pos.outcome() {
        let players: Vec<String> = o.winners.iter().map(|w| (w + 1).to_string()).collect();
        if o.is_draw() {
            outln!(
                "game over ({}): draw between players {}",
                o.reason.name(),
                players.join(", ")
            )?;
        } else {
            outln!(
                "game over ({}): player {} wins",
                o.reason.name(),
                players[0]
            )?;
        }
    }
    Ok(())
}
