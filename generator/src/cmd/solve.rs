//! `cannonball solve`: the exact value of a Margo-family position, with the
//! value of every move and a principal variation.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use cannonball::solve::margo::{Mode, Options, Progress, SolveRecord, Solver, render_text};
use cannonball_rules::margo::AnyPosition;
use indicatif::{ProgressBar, ProgressStyle};

use super::game_args::{GameArgs, MovesArgs, start_position};
use super::limits;

/// The node budget without `--nodes`: the documented examples finish well
/// within it; a search that does not ends with proven bounds.
pub const DEFAULT_NODES: u64 = 100_000_000;

/// Solve a position exactly: result, margin, principal variation, every move's value.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameArgs,
    /// Solve the position after these moves.
    #[command(flatten)]
    moves: MovesArgs,
    /// Start from this setup instead of the empty board, e.g.
    /// "white b2 c2; black c3; to-move black".
    #[arg(long)]
    setup: Option<String>,
    /// Only win, draw or loss (faster).
    #[arg(long)]
    wld: bool,
    /// Exact value and best moves only: a move proven worse than another is
    /// reported with bounds instead of its exact margin (much faster where
    /// the worse moves' margins are hard to settle).
    #[arg(long, conflicts_with = "wld")]
    only_best: bool,
    /// With --wld: order moves by the opponent's reply count (the costly
    /// part of ordering) only in the first N plies of the search; deeper
    /// nodes are ordered without it. Counted at every depth when left out.
    #[arg(long = "reply-plies", requires = "wld")]
    reply_plies: Option<u16>,
    /// Stop after about this many nodes; what is not proven is reported as
    /// bounds. Raise it for larger boards.
    #[arg(long, default_value_t = DEFAULT_NODES)]
    nodes: u64,
    /// Stop after about this many seconds (more than 0, at most a year).
    #[arg(long, value_parser = limits::positive_seconds)]
    time: Option<Duration>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Threads searching root moves at once: from 1 (reproducible node counts)
    /// to the number of cores (more are capped at it); one per core when left out.
    #[arg(long, value_parser = limits::threads)]
    threads: Option<usize>,
    /// Transposition table size in MiB (rounded down to a power of two), from 1
    /// to half of the machine's memory (4 GiB when it cannot be read).
    #[arg(long = "table-mb", default_value_t = 64, value_parser = limits::table_mib)]
    table_mb: u64,
    /// Do not share table entries between mirror images.
    #[arg(long = "no-symmetry", hide = true)]
    no_symmetry: bool,
    /// Skip the depth-limited iterations.
    #[arg(long = "no-deepening", hide = true)]
    no_deepening: bool,
}

fn play_moves(args: &Args, pos: &mut AnyPosition) -> Result<()> {
    let (source, written) = args.moves.read()?;
    for w in &written {
        super::game_args::play_written(pos, &source, w)?;
    }
    Ok(())
}

fn options(args: &Args) -> Result<Options> {
    let entries = (args.table_mb << 20) / 16;
    Ok(Options {
        mode: if args.wld { Mode::Wld } else { Mode::Exact },
        nodes: Some(args.nodes),
        time: args.time,
        table_bits: entries.ilog2(),
        threads: limits::capped_threads("--threads", args.threads),
        symmetry: !args.no_symmetry,
        deepening: !args.no_deepening,
        principal_variation: true,
        only_best: args.only_best,
        settle: cannonball::solve::margo::Settle::Every,
        reply_plies: args.reply_plies,
    })
}

/// Shows a spinner on standard error (only on a terminal) once the solve has
/// run for a second, until `done`.
fn watch(progress: &Progress, done: &AtomicBool) {
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if start.elapsed() < Duration::from_secs(1) {
            continue;
        }
        let b = bar.get_or_insert_with(|| {
            let b = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}") {
                b.set_style(style);
            }
            b
        });
        let (done_moves, total) = progress.moves();
        let depth = match progress.depth() {
            0 => "full depth".to_owned(),
            d => format!("depth {d}"),
        };
        let stage = if progress.finishing() {
            "principal variation".to_owned()
        } else {
            format!("{depth}, root moves {done_moves}/{total}")
        };
        b.set_message(format!("{stage}, {} nodes", progress.nodes()));
        b.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
}

pub fn run(args: &Args) -> Result<()> {
    let rules = args.game.rules()?;
    let mut pos = start_position(rules, args.setup.as_deref())?;
    play_moves(args, &mut pos)?;
    let options = options(args)?;
    errln!("budget: {} nodes (--nodes to change)", args.nodes);
    let mut solver = Solver::new(options);
    let progress = Progress::default();
    let done = AtomicBool::new(false);
    let solution = std::thread::scope(|scope| {
        scope.spawn(|| watch(&progress, &done));
        let r = solver.solve(&pos, &progress);
        done.store(true, Ordering::Relaxed);
        r
    })?;
    let geo = pos.geometry();
    let to_move = pos.to_move();
    let player = pos.player_to_move();
    let mut out = super::output::stdout();
    if args.json {
        let rec = SolveRecord::new(geo, &solution, to_move, player);
        writeln!(out, "{}", serde_json::to_string(&rec)?)?;
    } else {
        write!(out, "{}", render_text(geo, &solution, to_move, player))?;
    }
    Ok(())
}
