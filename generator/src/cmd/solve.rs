//! `cannonball solve`: the exact value of a Margo-family position, with the
//! value of every move and a principal variation.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use cannonball::solve::margo::{Mode, Options, Progress, SolveRecord, Solver, render_text};
use cannonball_rules::margo::AnyPosition;
use indicatif::{ProgressBar, ProgressStyle};

use super::game_args::{GameArgs, MovesArgs, start_position};

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
    /// Stop after about this many nodes; what is not proven is reported as bounds.
    #[arg(long)]
    nodes: Option<u64>,
    /// Stop after about this many seconds.
    #[arg(long)]
    time: Option<f64>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Threads searching root moves at once (0: one per core; 1: reproducible node counts).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Transposition table size in MiB (rounded down to a power of two).
    #[arg(long = "table-mb", default_value_t = 64)]
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
    let time = match args.time {
        None => None,
        Some(t) if t.is_finite() && t >= 0.0 => Some(Duration::from_secs_f64(t)),
        Some(t) => bail!("--time must be a number of seconds, not {t}"),
    };
    let entries = (args.table_mb.max(1) << 20) / 16;
    Ok(Options {
        mode: if args.wld { Mode::Wld } else { Mode::Exact },
        nodes: args.nodes,
        time,
        table_bits: entries.ilog2(),
        threads: args.threads,
        symmetry: !args.no_symmetry,
        deepening: !args.no_deepening,
        principal_variation: true,
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
    let mut solver = Solver::new(options(args)?);
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
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.json {
        let rec = SolveRecord::new(geo, &solution, to_move, player);
        writeln!(out, "{}", serde_json::to_string(&rec)?)?;
    } else {
        write!(out, "{}", render_text(geo, &solution, to_move, player))?;
    }
    Ok(())
}
