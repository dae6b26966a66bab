//! `cannonball selfplay`: seeded random games as JSON lines.

use std::io::Write;

use anyhow::Result;
use cannonball_rules::margo::record::{OutcomeLine, OutcomeRecord, PlyRecord};
use cannonball_rules::margo::{AnyPosition, Geometry, Move, Report, notation};
use cannonball_rules::rng::Rng;

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
    /// Print JSON lines (the default).
    #[arg(long, conflicts_with = "diagrams")]
    json: bool,
    /// Print each move in human notation with a text diagram instead of JSON.
    #[arg(long)]
    diagrams: bool,
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let root = Rng::seed_from(args.seed);
    let mut out = super::output::stdout();
    for g in 0..args.games {
        let mut rng = root.fork(u64::from(g));
        let mut pos = AnyPosition::new(rules)?;
        let geo = pos.geometry();
        if args.diagrams {
            writeln!(out, "game {} of {}, seed {}", g + 1, args.games, args.seed)?;
        }
        for ply in 0..args.max_plies {
            let Some(m) = pos.random_move(&mut rng) else {
                break;
            };
            let legal = args.legal.then(|| pos.legal_moves());
            let report = pos.play(m)?;
            if args.diagrams {
                writeln!(out, "{}", describe(geo, ply, m, &report))?;
                write!(out, "{}", pos.diagram())?;
            } else {
                let rec = PlyRecord::new(geo, ply, m, &report, legal.as_deref(), pos.scores());
                writeln!(out, "{}", serde_json::to_string(&rec)?)?;
            }
        }
        let outcome = OutcomeRecord::new(pos.outcome().as_ref(), pos.scores());
        if args.diagrams {
            writeln!(out, "outcome: {}\n", serde_json::to_string(&outcome)?)?;
        } else {
            writeln!(out, "{}", serde_json::to_string(&OutcomeLine { outcome })?)?;
        }
    }
    Ok(())
}

/// One line about a move: who played what, and what it captured.
fn describe(geo: &Geometry, ply: usize, m: Move, r: &Report) -> String {
    let names = |pts: &[cannonball_rules::margo::Point]| {
        pts.iter()
            .map(|&p| geo.coords(p).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut line = format!(
        "ply {ply}: player {} ({}) plays {}",
        r.player + 1,
        r.color,
        notation::human(geo, m)
    );
    if !r.removed.is_empty() {
        line.push_str(&format!(", removing {}", names(&r.removed)));
    }
    if !r.zombies.is_empty() {
        line.push_str(&format!(", leaving zombies {}", names(&r.zombies)));
    }
    line
}
