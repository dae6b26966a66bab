//! The solver and tablebase sections of `cannonball bench`: the exact Margo
//! solver on a fixed set of positions (one thread, so node counts are
//! reproducible), and the Spargo tablebase build with its peak memory.

use std::time::Instant;

use anyhow::{Context, Result};
use cannonball::solve::margo::{Mode, Options, Progress, Solver};
use cannonball::solve::spargo::{self, BuildOptions, Tablebase};
use cannonball_rules::margo::{AnyPosition, Position, Preset, notation};
use cannonball_rules::rng::Rng;

/// The book's annotated 5x5 game (`book/games/margo/greedy-lookahead.yaml`),
/// copied here so that the benchmark's positions never move with the book.
const BOOK_5X5: &str = "c4 swap d3 c2 a3 c1 d1 e2 b4 e5 a4 d5 a1 b1 b3 a2 b2 a1 b1+1 c3 b3+1 \
    a2+1 e4 b2+1 d4 c5 b5 a5 a4 b4 c4+1 e3 d3+1 d2 d4 e1 b3+1 a4 d3 e4 d4 d3";

/// Node budget of each position: enough to prove the near-end ones, and a
/// fixed amount of work on the others.
const NODES: u64 = 1_000_000;

/// One benchmark position.
struct Case {
    label: String,
    pos: AnyPosition,
    mode: Mode,
    /// [`Options::reply_plies`]: `None` for the solver's default ordering.
    reply_plies: Option<u16>,
}

/// The reply-count depth of the benchmark's second set of win/draw/loss
/// cases (`solve --wld --reply-plies`).
const REPLY_PLIES: u16 = 24;

fn margo(size: u8) -> cannonball_rules::margo::Rules {
    let mut rules = Preset::Margo.rules();
    rules.size = size;
    rules
}

/// The book's 5x5 game after its first `plies` moves.
fn book_game(plies: usize) -> Result<AnyPosition> {
    let mut pos = AnyPosition::new(margo(5))?;
    for word in BOOK_5X5.split_whitespace().take(plies) {
        let m = notation::parse_move(pos.geometry(), word)?;
        pos.play(m)
            .with_context(|| format!("benchmark game move {word}"))?;
    }
    Ok(pos)
}

/// A seeded random game of `size` played to its end, taken back to `from_end`
/// plies before the end.
fn random_game(size: u8, seed: u64, from_end: usize) -> Result<AnyPosition> {
    let mut rng = Rng::seed_from(seed);
    let mut line = vec![AnyPosition::new(margo(size))?];
    while line.len() <= 2_000 {
        let mut pos = line[line.len() - 1].clone();
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        pos.play(legal[rng.index(legal.len())])?;
        line.push(pos);
    }
    let at = line.len().saturating_sub(from_end + 1);
    Ok(line.swap_remove(at))
}

fn cases() -> Result<Vec<Case>> {
    let mut out = Vec::new();
    for plies in [33, 32, 31, 30] {
        out.push(Case {
            label: format!("5x5 book game, ply {plies}, wld"),
            pos: book_game(plies)?,
            mode: Mode::Wld,
            reply_plies: None,
        });
    }
    out.push(Case {
        label: "5x5 book game, ply 33, exact".into(),
        pos: book_game(33)?,
        mode: Mode::Exact,
        reply_plies: None,
    });
    for (size, seed) in [(5, 5), (6, 6), (7, 7)] {
        for from_end in [8, 12, 16] {
            out.push(Case {
                label: format!(
                    "{size}x{size} random game {seed}, {from_end} plies from the end, wld"
                ),
                pos: random_game(size, seed, from_end)?,
                mode: Mode::Wld,
                reply_plies: None,
            });
        }
    }
    // The same win/draw/loss positions, replies counted only near the root.
    let shallow: Vec<Case> = out
        .iter()
        .filter(|c| c.mode == Mode::Wld)
        .map(|c| Case {
            label: format!("{}, reply plies {REPLY_PLIES}", c.label),
            pos: c.pos.clone(),
            mode: c.mode,
            reply_plies: Some(REPLY_PLIES),
        })
        .collect();
    out.extend(shallow);
    Ok(out)
}

/// Solves each fixed position on one thread with a fresh table and prints its
/// nodes, time, node rate and result; then the totals, for the solver's
/// default ordering and for the win/draw/loss cases again with replies
/// counted only in the first [`REPLY_PLIES`] plies. `only` keeps the
/// positions whose label contains it.
pub fn run(only: Option<&str>) -> Result<()> {
    // (nodes, seconds) by default ordering, then by shallow reply counts.
    let mut totals = [(0u64, 0f64); 2];
    let cases = cases()?;
    let chosen = cases
        .into_iter()
        .filter(|c| only.is_none_or(|o| c.label.contains(o)));
    for case in chosen {
        let opts = Options {
            mode: case.mode,
            nodes: Some(NODES),
            threads: 1,
            table_bits: 22,
            reply_plies: case.reply_plies,
            ..Options::default()
        };
        let start = Instant::now();
        let sol = Solver::new(opts).solve(&case.pos, &Progress::default())?;
        let t = start.elapsed().as_secs_f64();
        let result = match (case.mode, sol.value(), sol.result()) {
            (Mode::Exact, Some(v), _) => format!("value {v}"),
            (_, _, Some(r)) => r.name().to_owned(),
            _ => "unknown".to_owned(),
        };
        outln!(
            "margo solver: {:<48} {:>9} nodes {:>7.2} s {:>6.0} k nodes/s  {result}",
            case.label,
            sol.stats.nodes,
            t,
            sol.stats.nodes as f64 / t.max(1e-9) / 1e3
        )?;
        let total = &mut totals[usize::from(case.reply_plies.is_some())];
        total.0 += sol.stats.nodes;
        total.1 += t;
    }
    for ((nodes, secs), which) in totals.into_iter().zip([
        String::new(),
        format!(", win/draw/loss with reply plies {REPLY_PLIES}"),
    ]) {
        if nodes > 0 {
            outln!(
                "margo solver total{which}: {nodes} nodes in {secs:.2} s = {:.0} k nodes/s (one thread)",
                nodes as f64 / secs.max(1e-9) / 1e3
            )?;
        }
    }
    Ok(())
}

/// Builds the full Spargo tablebase (with margins) and prints its time by
/// phase and the process's peak memory, then writes it to a temporary file and
/// reads it back: the file's size and both times.
pub fn tablebase() -> Result<()> {
    let mut rules = Preset::Spargo.rules();
    rules.swap = false;
    spargo::progress::set_visible(false);
    let start = Instant::now();
    let root = Position::<1>::new(rules)?;
    let (tb, st) = Tablebase::build(rules, std::slice::from_ref(&root), BuildOptions::default())?;
    outln!(
        "spargo tablebase: {} positions; {}, total {:.1} s wall; peak memory {}",
        st.positions,
        st.phases(),
        start.elapsed().as_secs_f64(),
        super::tablebase::peak_memory()
    )?;
    let dir = tempfile::tempdir()?;
    let path = dir.path().join("spargo.tb");
    let t = Instant::now();
    tb.save(&path)?;
    let save = t.elapsed().as_secs_f64();
    let bytes = std::fs::metadata(&path)?.len();
    let checksum = tb.checksum();
    drop(tb);
    let t = Instant::now();
    let back = Tablebase::load(&path, Some(&rules))?;
    let load = t.elapsed().as_secs_f64();
    anyhow::ensure!(
        back.checksum() == checksum,
        "the file read back is another table"
    );
    outln!(
        "spargo tablebase file: {bytes} bytes ({:.1} bits a position), written in {save:.1} s, read in {load:.1} s; peak memory {}",
        bytes as f64 * 8.0 / st.positions as f64,
        super::tablebase::peak_memory()
    )?;
    Ok(())
}
