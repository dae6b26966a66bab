//! `cannonball replay`: plays a move list and prints one JSON line per ply.

use std::io::Write;

use anyhow::{Result, bail};
use cannonball_rules::margo::notation;
use cannonball_rules::margo::record::{OutcomeLine, OutcomeRecord, PlyRecord};

use super::game_args::{GameArgs, MovesArgs, start_position};

/// Replay a move list, one JSON object per ply, then the outcome.
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
    /// Include every legal move before each move.
    #[arg(long)]
    legal: bool,
    /// Print JSON lines (the only output format).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let (source, written) = args.moves.read()?;
    let mut pos = start_position(rules, args.setup.as_deref())?;
    let geo = pos.geometry();
    let mut out = super::output::stdout();
    for w in &written {
        let m = notation::resolve(geo, w.syntax).map_err(|e| {
            anyhow::anyhow!(
                "{source}: line {}, column {}, ply {}: {}",
                w.line,
                w.column,
                w.ply,
                e.message
            )
        })?;
        let legal = args.legal.then(|| pos.legal_moves());
        match pos.play(m) {
            Ok(report) => {
                let rec = PlyRecord::new(geo, w.ply, m, &report, legal.as_deref(), pos.scores());
                writeln!(out, "{}", serde_json::to_string(&rec)?)?;
            }
            Err(reason) => {
                out.flush()?;
                bail!(
                    "{source}: line {}, column {}: ply {}: move {} ({}) is illegal: {reason}",
                    w.line,
                    w.column,
                    w.ply,
                    notation::human(geo, m),
                    notation::machine(geo, m)
                );
            }
        }
    }
    let outcome = OutcomeRecord::new(pos.outcome().as_ref(), pos.scores());
    writeln!(out, "{}", serde_json::to_string(&OutcomeLine { outcome })?)?;
    Ok(())
}
