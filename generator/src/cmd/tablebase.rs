//! `cannonball tablebase`: build the Spargo tablebase, probe it, summarise it.

use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use cannonball::solve::Wld;
use cannonball::solve::spargo::{self, BuildOptions, Entry, Tablebase, progress};
use cannonball_rules::margo::{Move, Position, Setup, notation};

use super::game_args::{GameArgs, MovesArgs};

/// Build, probe and summarise tablebases (Spargo; also 3x3 Margo).
#[derive(clap::Subcommand)]
pub enum Command {
    /// Solve every position reachable from the empty board and write the file.
    Build(BuildArgs),
    /// The value of a position and of each of its moves.
    Probe(ProbeArgs),
    /// How many positions have each value.
    Stats(FileArgs),
    /// Check the exact solver against the tablebase on sampled positions.
    Check(CheckArgs),
}

/// `tablebase check`.
#[derive(clap::Args)]
pub struct CheckArgs {
    #[command(flatten)]
    file: FileArgs,
    /// Positions to check (drawn at random from the whole tablebase).
    #[arg(long, default_value_t = 2000)]
    samples: usize,
    /// Seed of the draw.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Solver node budget per position (what it cannot settle counts as unknown).
    #[arg(long, default_value_t = 20_000_000)]
    nodes: u64,
    /// Transposition table size in MiB (rounded down to a power of two), from 1
    /// to half of the machine's memory (4 GiB when it cannot be read).
    #[arg(long = "table-mb", default_value_t = 256, value_parser = super::limits::table_mib)]
    table_mb: u64,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
}

/// `tablebase build`.
#[derive(clap::Args)]
pub struct BuildArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Where to write the tablebase (default `tablebases/<game>-<size>-ko-<ko>.tb`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only win/loss/draw and distances, not exact margins.
    #[arg(long = "no-margins")]
    no_margins: bool,
    /// Hide progress bars.
    #[arg(long)]
    quiet: bool,
}

/// A tablebase file.
#[derive(clap::Args)]
pub struct FileArgs {
    /// The tablebase file.
    #[arg(long)]
    file: PathBuf,
}

/// `tablebase probe`.
#[derive(clap::Args)]
pub struct ProbeArgs {
    #[command(flatten)]
    file: FileArgs,
    /// The position: moves from the empty board ...
    #[command(flatten)]
    moves: MovesArgs,
    /// ... or a setup, e.g. "white b2 c2; black c3; to-move black".
    #[arg(long)]
    setup: Option<String>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs a tablebase subcommand.
pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Build(a) => build(&a),
        Command::Probe(a) => probe(&a),
        Command::Stats(a) => stats(&a),
        Command::Check(a) => check(&a),
    }
}

fn default_path(rules: &cannonball_rules::margo::Rules) -> PathBuf {
    let game = if rules.size == 4 { "spargo" } else { "margo" };
    PathBuf::from(format!(
        "tablebases/{game}-{}x{}-ko-{}.tb",
        rules.size,
        rules.size,
        rules.ko.name()
    ))
}

/// Peak resident memory of this process, from Linux's `/proc`.
pub(super) fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".into())
}

fn describe(e: &Entry) -> String {
    let result = match e.wld {
        Wld::Win => "win",
        Wld::Draw => "draw",
        Wld::Loss => "loss",
    };
    match e.distance {
        Some(d) => format!("{result} by {} in {d}", e.margin.abs()),
        None if e.margin == 0 => result.to_owned(),
        None => format!("{result} by {}", e.margin.abs()),
    }
}

fn build(args: &BuildArgs) -> Result<()> {
    let mut rules = args.game.rules()?;
    rules.swap = false;
    spargo::check_rules(&rules)?;
    let path = args.out.clone().unwrap_or_else(|| default_path(&rules));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    progress::set_visible(!args.quiet);
    let start = Instant::now();
    let root = Position::<1>::new(rules)?;
    let options = BuildOptions {
        margins: !args.no_margins,
        ..BuildOptions::default()
    };
    let (tb, st) = Tablebase::build(rules, std::slice::from_ref(&root), options)?;
    outln!("rules: {}", spargo::describe_rules(&rules))?;
    outln!(
        "positions: {} (up to symmetry and colour exchange), moves: {}",
        st.positions,
        st.moves
    )?;
    outln!(
        "time: {}, total {:.1} s",
        st.phases(),
        start.elapsed().as_secs_f64()
    )?;
    outln!("peak memory: {}", peak_memory())?;
    report_opening(&tb, &root)?;
    tb.save(&path)?;
    outln!(
        "written: {} ({} bytes)",
        path.display(),
        std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0)
    )?;
    Ok(())
}

/// The empty board, each distinct first move, and what the swap rule changes.
fn report_opening(tb: &Tablebase, root: &Position<1>) -> Result<()> {
    let geo = root.geometry();
    let e = tb.probe(root)?;
    outln!(
        "empty board, first player to move: {} (margin {:+})",
        describe(&e),
        e.margin
    )?;
    let keyer = spargo::Keyer::for_geometry(geo);
    let mut seen = std::collections::BTreeSet::new();
    let mut swap_best: Option<(i8, Move)> = None;
    for (m, v) in tb.move_values(root)? {
        let mut child = root.clone();
        child.play_unchecked(m);
        if !seen.insert(keyer.key(&child)) {
            continue;
        }
        outln!(
            "  first move {:<5} {} (margin {:+})",
            notation::human(geo, m),
            describe(&v),
            v.margin
        )?;
        // With swap, the second player keeps the position or takes it over, so
        // the first player gets the worse of v and -v.
        let with_swap = -v.margin.abs();
        if swap_best.is_none_or(|(b, _)| with_swap > b) {
            swap_best = Some((with_swap, m));
        }
    }
    if let Some((margin, m)) = swap_best {
        outln!(
            "with the swap rule: the first player's best is {} with {} (the second player swaps or plays on, whichever is better)",
            match margin.signum() {
                0 => "a draw".to_owned(),
                _ => format!("a loss by {}", -margin),
            },
            notation::human(geo, m)
        )?;
    }
    Ok(())
}

fn probe(args: &ProbeArgs) -> Result<()> {
    let tb = Tablebase::load(&args.file.file, None)?;
    let rules = *tb.rules();
    let mut pos = match &args.setup {
        Some(text) => {
            let setup = Setup::parse(rules, text).map_err(|e| anyhow!("--setup: {e}"))?;
            Position::<1>::from_setup(&setup).map_err(|e| anyhow!("--setup: {e}"))?
        }
        None => Position::<1>::new(rules)?,
    };
    let (source, written) = args.moves.read()?;
    let geo = pos.geometry();
    for w in &written {
        let m = notation::resolve(geo, w.syntax)
            .map_err(|e| anyhow!("{source}: ply {}: {}", w.ply, e.message))?;
        pos.try_play(m).map_err(|e| {
            anyhow!(
                "{source}: ply {}: move {} is illegal: {e}",
                w.ply,
                notation::human(geo, m)
            )
        })?;
    }
    let e = tb.probe(&pos)?;
    let moves = tb.move_values(&pos)?;
    let best = tb.best_moves(&pos)?;
    if args.json {
        let json = serde_json::json!({
            "result": format!("{:?}", e.wld).to_lowercase(),
            "margin": e.margin,
            "distance": e.distance,
            "best": best.iter().map(|&m| notation::human(geo, m)).collect::<Vec<_>>(),
            "moves": moves.iter().map(|(m, v)| serde_json::json!({
                "move": notation::human(geo, *m), "margin": v.margin, "distance": v.distance,
            })).collect::<Vec<_>>(),
        });
        outln!("{json}")?;
        return Ok(());
    }
    out!("{}", pos.diagram())?;
    outln!(
        "value for the player to move: {} (margin {:+})",
        describe(&e),
        e.margin
    )?;
    if !best.is_empty() {
        let names: Vec<String> = best.iter().map(|&m| notation::human(geo, m)).collect();
        outln!("best moves: {}", names.join(" "))?;
    }
    for (m, v) in &moves {
        outln!(
            "  {:<5} {} (margin {:+})",
            notation::human(geo, *m),
            describe(v),
            v.margin
        )?;
    }
    Ok(())
}

fn stats(args: &FileArgs) -> Result<()> {
    let tb = Tablebase::load(&args.file, None)?;
    check_file(&args.file)?;
    outln!("rules: {}", spargo::describe_rules(tb.rules()))?;
    outln!("positions: {}", tb.len())?;
    outln!("margins exact: {}", tb.margins_exact())?;
    for (m, count) in tb.margin_counts() {
        outln!("  margin {m:+3}: {count}")?;
    }
    Ok(())
}

fn check_file(path: &Path) -> Result<()> {
    if !path.exists() {
        bail!("{} does not exist", path.display());
    }
    Ok(())
}

fn check(args: &CheckArgs) -> Result<()> {
    use cannonball::solve::{agreement, margo};
    let tb = Tablebase::load(&args.file.file, None)?;
    let ranks = agreement::sample_ranks(&tb, args.samples, args.seed);
    let entries = (args.table_mb << 20) / 16;
    let options = margo::Options {
        nodes: Some(args.nodes),
        table_bits: 63 - entries.leading_zeros(),
        threads: 1,
        principal_variation: false,
        ..margo::Options::default()
    };
    let bar = (!args.quiet).then(|| {
        let b = indicatif::ProgressBar::new(ranks.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "[{elapsed_precise}] checking {wide_bar} {pos}/{len} eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    });
    let start = Instant::now();
    let report = agreement::check(&tb, &ranks, &options, |done| {
        if let Some(b) = &bar {
            b.set_position(done as u64);
        }
    })?;
    if let Some(b) = &bar {
        b.finish_and_clear();
    }
    outln!("rules: {}", spargo::describe_rules(tb.rules()))?;
    outln!(
        "positions checked: {} of {} (seed {}), values compared: {}",
        report.positions,
        tb.len(),
        args.seed,
        report.agreed + report.unknown + report.disagreements.len()
    )?;
    outln!(
        "agreed: {}, unknown within {} nodes: {}, disagreements: {}",
        report.agreed,
        args.nodes,
        report.unknown,
        report.disagreements.len()
    )?;
    outln!(
        "solver nodes: {} in {:.1} s",
        report.nodes,
        start.elapsed().as_secs_f64()
    )?;
    for d in &report.disagreements {
        outln!(
            "DISAGREE rank {} [{}] move {}: tablebase {:?}, solver {:?}..{:?}",
            d.rank,
            d.setup,
            d.mv.as_deref().unwrap_or("(position)"),
            d.tablebase,
            d.solver.lower,
            d.solver.upper
        )?;
    }
    if report.disagreements.is_empty() {
        Ok(())
    } else {
        bail!("{} disagreements", report.disagreements.len())
    }
}
