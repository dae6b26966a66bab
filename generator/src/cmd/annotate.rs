//! `cannonball annotate`: play a game between two seeded players and annotate
//! every move with exact values (Spargo from a tablebase, Margo from the
//! solver), or check an annotated-game file as the book build does.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use cannonball::annotate::AnnotatedGame;
use cannonball::annotate::check::{CheckOptions, check};
use cannonball::annotate::margo::{self, MargoOptions};
use cannonball::annotate::spargo::{self, SpargoOptions};
use cannonball::solve::spargo::Tablebase;
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Preset, Setup};

/// Annotated games: Spargo from a tablebase, Margo from the solver.
#[derive(clap::Subcommand)]
pub enum Command {
    /// A Spargo game between two tablebase players who sometimes slip.
    Spargo(SpargoArgs),
    /// A Margo self-play game (Greedy against Lookahead) valued by the solver.
    Margo(MargoArgs),
    /// Check an annotated-game file as the book build does.
    Check(CheckArgs),
}

/// `annotate spargo`.
#[derive(clap::Args)]
pub struct SpargoArgs {
    /// The tablebase file (`cannonball tablebase build --game spargo`).
    #[arg(long)]
    tablebase: PathBuf,
    /// Seed of the players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Start from this setup (default: the tablebase's first root, the empty
    /// board for the full tablebase).
    #[arg(long)]
    start: Option<String>,
    /// White's chance per move of slipping to a move of the next-best margin.
    #[arg(long = "slip-white", default_value_t = 0.15)]
    slip_white: f64,
    /// Black's chance per move of slipping.
    #[arg(long = "slip-black", default_value_t = 0.15)]
    slip_black: f64,
    /// Stop after this many moves.
    #[arg(long = "max-plies", default_value_t = 200)]
    max_plies: usize,
    /// Try this many seeds from `--seed` on and keep the first game with a
    /// turning point (or the last one tried).
    #[arg(long, default_value_t = 1)]
    tries: u64,
    /// Where to write the YAML record.
    #[arg(long)]
    out: PathBuf,
}

/// `annotate margo`.
#[derive(clap::Args)]
pub struct MargoArgs {
    /// Board size.
    #[arg(long, default_value_t = 5)]
    size: u8,
    /// Seed of the players' tie-breaks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Solver nodes per position (each position is searched at most twice);
    /// raise it to prove more values.
    #[arg(long, default_value_t = 2_000_000)]
    nodes: u64,
    /// Stop after this many moves.
    #[arg(long = "max-plies", default_value_t = 300)]
    max_plies: usize,
    /// Transposition table size, 2^BITS entries (16 bytes each).
    #[arg(long = "table-bits", default_value_t = 22, value_parser = clap::value_parser!(u32).range(10..=30))]
    table_bits: u32,
    /// Going back from the end, stop searching once this many positions in
    /// a row have nothing proven (earlier ones are recorded unknown).
    #[arg(long = "give-up-after", value_parser = clap::value_parser!(u64).range(1..))]
    give_up_after: Option<u64>,
    /// Where to write the YAML record.
    #[arg(long)]
    out: PathBuf,
}

/// `annotate check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    /// The annotated-game file.
    file: PathBuf,
}

pub fn run(c: Command) -> Result<()> {
    match c {
        Command::Spargo(a) => run_spargo(&a),
        Command::Margo(a) => run_margo(&a),
        Command::Check(a) => run_check(&a),
    }
}

fn write(game: &AnnotatedGame, out: &PathBuf, started: Instant) -> Result<()> {
    let yaml = game.to_yaml()?;
    std::fs::write(out, &yaml).with_context(|| format!("cannot write {}", out.display()))?;
    let mistakes = game.plies.iter().filter(|p| p.mistake.is_some()).count();
    errln!(
        "{}: {} moves, {} mistakes, turning point {}, {} zombies, result {} {:?} ({:.1} s)",
        out.display(),
        game.plies.len(),
        mistakes,
        game.turning_point
            .map_or("none".to_string(), |t| format!("move {t}")),
        game.zombies.len(),
        game.result.end,
        game.result.scores,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run_spargo(a: &SpargoArgs) -> Result<()> {
    for s in [a.slip_white, a.slip_black] {
        if !(0.0..=1.0).contains(&s) {
            bail!("slip chances are between 0 and 1, not {s}");
        }
    }
    let t = Instant::now();
    let rules = Preset::Spargo.rules();
    let tb = Tablebase::load(&a.tablebase, Some(&rules))?;
    errln!(
        "loaded {} ({} positions) in {:.1} s",
        a.tablebase.display(),
        tb.len(),
        t.elapsed().as_secs_f64()
    );
    let start = match &a.start {
        Some(text) => {
            let setup = Setup::parse(rules, text).map_err(|e| anyhow!("--start: {e}"))?;
            match AnyPosition::from_setup(&setup).map_err(|e| anyhow!("--start: {e}"))? {
                AnyPosition::Small(p) => p,
                _ => bail!("--start: not a Spargo position"),
            }
        }
        None => tb
            .roots()
            .into_iter()
            .next()
            .ok_or_else(|| anyhow!("the tablebase has no root"))?,
    };
    let opts = SpargoOptions {
        slips: [a.slip_white, a.slip_black],
        max_plies: a.max_plies,
        source: format!(
            "tablebase {}",
            a.tablebase.file_name().map_or_else(
                || a.tablebase.display().to_string(),
                |f| f.to_string_lossy().into_owned()
            )
        ),
    };
    let t = Instant::now();
    let mut game = spargo::annotate(&tb, &start, &opts, a.seed)?;
    for seed in a.seed.saturating_add(1)..a.seed.saturating_add(a.tries.max(1)) {
        if game.turning_point.is_some() {
            break;
        }
        game = spargo::annotate(&tb, &start, &opts, seed)?;
    }
    write(&game, &a.out, t)
}

fn run_margo(a: &MargoArgs) -> Result<()> {
    let mut rules = Preset::Margo.rules();
    rules.size = a.size;
    rules.validate()?;
    let opts = MargoOptions {
        nodes: a.nodes,
        max_plies: a.max_plies,
        table_bits: a.table_bits,
        give_up_after: a
            .give_up_after
            .map(|k| usize::try_from(k).unwrap_or(usize::MAX)),
    };
    errln!(
        "budget: {} nodes per position, at most {} moves (--nodes and --max-plies to change)",
        a.nodes,
        a.max_plies
    );
    let t = Instant::now();
    let game = margo::annotate(rules, &opts, a.seed)?;
    write(&game, &a.out, t)
}

fn run_check(a: &CheckArgs) -> Result<()> {
    let text = cannonball::input::read_text(&a.file)?;
    let kind = if text.contains("game: spargo") {
        Game::Spargo
    } else {
        Game::Margo
    };
    let t = Instant::now();
    match check(&text, &CheckOptions::for_game(kind)) {
        Ok(c) => {
            let re = c
                .proofs
                .iter()
                .filter(|p| **p == cannonball::annotate::check::Proof::Reproved)
                .count();
            errln!(
                "{}: {} moves replay; {re} values re-proved by the solver ({:.1} s)",
                a.file.display(),
                c.game.plies.len(),
                t.elapsed().as_secs_f64()
            );
            Ok(())
        }
        Err(fails) => {
            for f in &fails {
                errln!("{}:{}: {}", a.file.display(), f.line, f.message);
            }
            bail!("{} problem(s) in {}", fails.len(), a.file.display())
        }
    }
}
