//! `cannonball forge`: find and prove puzzles and write them under `puzzles/`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use cannonball::forge::margo::horizon;
use cannonball::forge::run::{self, RunOptions, RunReport, Shard};
use cannonball::forge::{Limits, Reject, margo, margrites, spargo};
use cannonball::puzzle::Theme;
use cannonball::puzzle::margo::puzzle_rules;
use cannonball::solve::spargo::Tablebase;
use cannonball_rules::Game;
use indicatif::{ProgressBar, ProgressStyle};

/// Arguments of `forge`.
#[derive(clap::Args)]
pub struct Args {
    /// spargo, margo or margrites.
    #[arg(long)]
    game: Game,
    /// The seed: the same seed gives the same candidates and puzzles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Candidates of the seed to work through (before sharding); their numbers
    /// are listed in memory, 16 bytes each, within half of the machine's memory.
    #[arg(long, default_value_t = 1000)]
    candidates: u64,
    /// Work on shard K of N (candidates with index % N == K-1).
    #[arg(long, default_value = "1/1")]
    shard: Shard,
    /// The puzzles folder.
    #[arg(long, default_value = "puzzles")]
    out: PathBuf,
    /// Stop when every theme of the game has this many puzzles, and write only
    /// puzzles that add to a theme below it.
    #[arg(long)]
    per_theme: Option<usize>,
    /// Solver nodes per position (Margo and Spargo; `verify` uses the default).
    #[arg(long, default_value_t = 50_000)]
    nodes: u64,
    /// Candidates per batch (results are taken in candidate order per batch).
    #[arg(long, default_value_t = 32)]
    batch: usize,
    /// Spargo: draw candidates from this tablebase (positions with a unique
    /// winning move) instead of self-play.
    #[arg(long)]
    tablebase: Option<PathBuf>,
    /// Spargo: screen every position of the tablebase and write the census
    /// to OUT/census/spargo.yaml instead of forging.
    #[arg(long, requires = "tablebase")]
    census: bool,
    /// Spargo with a tablebase: take candidates from a scan of the tablebase
    /// for positions that show this theme's sign (stack-join, ko, ...) instead
    /// of drawing them at random. The scan's ranks are kept in OUT/.forge.
    /// With `--save`: `stack-join` only. Margrites: `martyrdom-path` draws
    /// race endgames only (a runner of each side near its scoring edge), and
    /// `score-race` long races (the opponent's two pieces near its edge, the
    /// mover's runner two turns from its own), and `chain-capture` edge
    /// chains (the opponent's pieces in one chain from an edge square, three
    /// or four hunters near it), where those themes arise.
    #[arg(long)]
    theme: Option<Theme>,
    /// Margrites: draw candidates from this stream instead of the one
    /// `--theme` picks: `mixed` (self-play and constructed endgames, the
    /// default without a theme), `race`, `long-race`, `edge-chain`, or
    /// `chain-setup` (a chain against an edge and four hunters within three
    /// squares, for captures two turns away).
    #[arg(long)]
    stream: Option<margrites::Stream>,
    /// Spargo with a tablebase: best-margin puzzles ("find the best move;
    /// who wins, and by how much?") from positions where no single move
    /// wins and one move has the best margin: every other candidate's answer
    /// draws or loses least, the rest win by most.
    #[arg(long, requires = "tablebase", conflicts_with = "theme")]
    best_margin: bool,
    /// Spargo with a tablebase: puzzles that also ask "who wins, whoever
    /// moves next?", from positions where the side to move has one winning
    /// move and the opponent, moving first instead, would lose too, although
    /// it could capture two pieces or more at once or leads by two or more.
    #[arg(long, requires = "tablebase", conflicts_with_all = ["theme", "best_margin"])]
    verdict: bool,
    /// Margo and Spargo: forge capture puzzles (take K of the opponent's
    /// pieces off the board within N moves, N = 2 or 3) from self-play games,
    /// instead of whole-game ones.
    #[arg(long, conflicts_with_all = ["tablebase", "save"])]
    capture: bool,
    /// Margo and Spargo: forge save puzzles (the one move after which the
    /// opponent cannot take a piece off within its next N moves, N = 1 to 3)
    /// from self-play games. With `--theme stack-join`, only positions where
    /// the mover has a stack-join move are tried.
    #[arg(long, conflicts_with = "tablebase")]
    save: bool,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
}

fn summary(r: &RunReport) -> String {
    let themes: Vec<String> = r
        .per_theme
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    format!(
        "found {}, written {}; themes: {}",
        r.found,
        r.written,
        themes.join(", ")
    )
}

fn load_tablebase(a: &Args) -> Result<Option<Tablebase>> {
    let Some(path) = &a.tablebase else {
        return Ok(None);
    };
    if a.game != Game::Spargo {
        anyhow::bail!("--tablebase is for --game spargo");
    }
    let rules = puzzle_rules(Game::Spargo, 4);
    Ok(Some(
        Tablebase::load(path, Some(&rules))
            .with_context(|| format!("loading {}", path.display()))?,
    ))
}

/// A progress bar over every position of `tb` (hidden with `--quiet`).
fn tablebase_bar(a: &Args, tb: &Tablebase, what: &str) -> ProgressBar {
    if a.quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(tb.len() as u64);
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{spinner}} {what} {{pos}}/{{len}} positions {{wide_bar}} {{elapsed}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

fn census(a: &Args, tb: &Tablebase) -> Result<ExitCode> {
    let bar = tablebase_bar(a, tb, "census");
    let started = std::time::Instant::now();
    let c = spargo::census(tb, &|n| bar.set_position(n));
    bar.finish_and_clear();
    let dir = a.out.join("census");
    std::fs::create_dir_all(&dir)?;
    let path = dir.join("spargo.yaml");
    std::fs::write(&path, c.to_text()?)?;
    outln!(
        "census of {} positions: {} finished, {} with a unique winning move; {:?}; {:.0} s; written {}",
        c.positions,
        c.finished,
        c.unique_win,
        c.themes
            .iter()
            .map(|(t, n)| (t.slug(), *n))
            .collect::<Vec<_>>(),
        started.elapsed().as_secs_f64(),
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The ranks a [`spargo::theme_ranks`] scan finds for `theme`, at most
/// `a.candidates`, read from OUT/.forge when an earlier scan with the same
/// seed went at least as far.
fn scan(a: &Args, tb: &Tablebase, tb_checksum: u64, theme: Theme) -> Result<Vec<u32>> {
    let dir = a.out.join(".forge");
    let path = dir.join(format!(
        "spargo-scan-{}-seed-{}.ranks",
        theme.slug(),
        a.seed
    ));
    let limit = usize::try_from(a.candidates).unwrap_or(usize::MAX);
    let prefix = format!(
        "# theme {} seed {} tablebase {:#018x} positions {} limit ",
        theme.slug(),
        a.seed,
        tb_checksum,
        tb.len()
    );
    // Read as any input is (bounded, regular files only); a file that cannot
    // be read is scanned again and replaced.
    if let Ok(text) = cannonball::input::read_text_limited(&path, 1 << 33) {
        let mut lines = text.lines();
        let old: Option<usize> = lines
            .next()
            .and_then(|first| first.strip_prefix(&prefix))
            .and_then(|l| l.parse().ok());
        if old.is_some_and(|o| o >= limit) {
            let mut ranks = lines
                .enumerate()
                .map(|(i, l)| {
                    l.parse::<u32>().with_context(|| {
                        format!("{}:{}: `{l}` is not a rank", path.display(), i + 2)
                    })
                })
                .collect::<Result<Vec<u32>>>()?;
            ranks.truncate(limit);
            return Ok(ranks);
        }
    }
    let bar = tablebase_bar(a, tb, "scan");
    let started = std::time::Instant::now();
    let ranks = spargo::theme_ranks(tb, theme, a.seed, limit, &|n| bar.set_position(n));
    bar.finish_and_clear();
    std::fs::create_dir_all(&dir)?;
    let mut text = format!("{prefix}{limit}");
    for r in &ranks {
        text.push('\n');
        text.push_str(&r.to_string());
    }
    text.push('\n');
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, &path).with_context(|| format!("writing {}", path.display()))?;
    outln!(
        "scan for {}: {} candidates in {:.0} s (kept in {})",
        theme.slug(),
        ranks.len(),
        started.elapsed().as_secs_f64(),
        path.display()
    )?;
    Ok(ranks)
}

/// CPU seconds this process has used (user and system), from `/proc/self/stat`
/// on Linux; `None` elsewhere.
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses).
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// What the run works through, and the themes its quota is about.
fn run_options(a: &Args, tb_checksum: Option<u64>) -> RunOptions {
    let themes: Vec<Theme> = Theme::ALL
        .into_iter()
        .filter(|t| t.games().contains(&a.game.slug()))
        .collect();
    RunOptions {
        game: a.game,
        seed: a.seed,
        candidates: a.candidates,
        shard: a.shard,
        out: a.out.clone(),
        quota: a.per_theme,
        themes,
        batch: a.batch,
        source: match (a.capture, a.save, a.theme) {
            (true, _, _) => Some("capture".to_owned()),
            (_, true, None) => Some("save".to_owned()),
            (_, true, Some(t)) => Some(format!("save-{}", t.slug())),
            // Each theme draws its own stream: runs of one seed for two
            // themes must not share a state file.
            // and a stream asked for by name is part of the name too.
            (_, _, Some(t)) if a.game == Game::Margrites => Some(match a.stream {
                Some(st) => format!("{}-{}", t.slug(), st.slug()),
                None => t.slug().to_owned(),
            }),
            (_, _, None) if a.game == Game::Margrites => {
                a.stream.map(|st| format!("stream-{}", st.slug()))
            }
            (_, _, Some(t)) => Some(format!("scan-{}", t.slug())),
            _ if a.verdict => Some("whoever-moves".to_owned()),
            _ => a.best_margin.then(|| "best-margin".to_owned()),
        },
        settings: match a.game {
            // The Margrites forge has fixed limits.
            Game::Margrites => String::new(),
            Game::Spargo | Game::Margo => format!(
                "nodes={} tablebase={}",
                a.nodes,
                tb_checksum.map_or_else(|| "none".to_owned(), |sum| format!("{sum:#018x}"))
            ),
        },
    }
}

/// Where capture and save puzzles take their positions from.
fn horizon_source(a: &Args, tablebase: Option<&Tablebase>) -> Result<horizon::Source> {
    Ok(match (a.save, a.theme, tablebase) {
        (true, Some(Theme::StackJoin), _) => horizon::Source::StackJoin,
        (true, Some(t), _) => anyhow::bail!("--save takes --theme stack-join only, not {t}"),
        (false, Some(_), None) if a.game != Game::Margrites => {
            anyhow::bail!("--theme needs --tablebase (Spargo), --save, or --game margrites")
        }
        _ => horizon::Source::Window,
    })
}

/// Which Margrites candidates the run draws: the stream named by
/// `--stream`; else with `--theme score-race` long races only, with
/// `--theme martyrdom-path` race endgames only, with `--theme chain-capture`
/// edge chains only.
fn margrites_stream(a: &Args) -> Result<margrites::Stream> {
    if let Some(stream) = a.stream {
        if a.game != Game::Margrites {
            anyhow::bail!("--stream is for --game margrites");
        }
        return Ok(stream);
    }
    Ok(match (a.game, a.theme) {
        (Game::Margrites, Some(Theme::ScoreRace)) => margrites::Stream::LongRace,
        (Game::Margrites, Some(Theme::MartyrdomPath)) => margrites::Stream::Race,
        (Game::Margrites, Some(Theme::ChainCapture)) => margrites::Stream::Chain,
        (Game::Margrites, Some(t)) => {
            anyhow::bail!(
                "Margrites: --theme takes score-race, martyrdom-path or chain-capture, not {t}"
            )
        }
        _ => margrites::Stream::Mixed,
    })
}

/// The candidates' progress bar (hidden with `--quiet`).
fn candidate_bar(a: &Args) -> ProgressBar {
    let bar = if a.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(a.candidates.div_ceil(a.shard.n))
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {pos}/{len} candidates {wide_bar} {elapsed} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// The run's counts, why candidates were turned down, and its time: wall,
/// CPU, and CPU per puzzle kept. Printed, and saved beside the resume state
/// (`OUT/.forge/….report`).
fn print_report(
    a: &Args,
    opts: &RunOptions,
    report: &RunReport,
    cpu_start: Option<f64>,
) -> Result<()> {
    let cpu = match (cpu_start, process_cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => report.worker_time.as_secs_f64(),
    };
    let per_kept = if report.written > 0 {
        cpu / report.written as f64
    } else {
        0.0
    };
    let mut text = format!(
        "{}: {} candidates ({} done before), {} puzzles found, {} kept; {} puzzle files; {}\n",
        a.game,
        report.candidates,
        report.resumed,
        report.found,
        report.written,
        report.total,
        summary(report)
    );
    text.push_str("turned down:");
    for why in Reject::ALL {
        text.push_str(&format!(
            " {} {}",
            why.slug(),
            report.rejected.get(&why).copied().unwrap_or(0)
        ));
    }
    text.push_str(&format!(
        "\ntime: wall {:.1} s, CPU {:.1} s; {:.2} CPU-seconds per puzzle kept\n",
        report.wall.as_secs_f64(),
        cpu,
        per_kept
    ));
    out!("{text}")?;
    let path = run::state_file(opts).with_extension("report");
    std::fs::write(&path, &text).with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Runs `forge`.
pub fn run(a: &Args) -> Result<ExitCode> {
    super::limits::check_count("--candidates", a.candidates, 16)?;
    let cpu_start = process_cpu_seconds();
    let tablebase = load_tablebase(a)?;
    if a.census {
        if let Some(tb) = &tablebase {
            return census(a, tb);
        }
    }
    // Names the table in the resume state and the scans' files (one pass
    // over the whole table: computed once).
    let tb_checksum = tablebase.as_ref().map(Tablebase::checksum);
    let opts = run_options(a, tb_checksum);
    let source = horizon_source(a, tablebase.as_ref())?;
    let stream = margrites_stream(a)?;
    let bar = candidate_bar(a);
    let progress = |n: u64, r: &RunReport| {
        bar.set_position(n + r.resumed);
        bar.set_message(format!("{} puzzles", r.found));
    };
    let limits = Limits {
        nodes: a.nodes,
        ..Limits::MARGO
    };
    let ranks = match (tablebase.as_ref().zip(tb_checksum), a.theme) {
        (Some((tb, sum)), Some(theme)) => Some((scan(a, tb, sum, theme)?, theme)),
        _ => None,
    };
    let game = a.game;
    let best_margin = a.best_margin;
    let verdict = a.verdict;
    let tb = tablebase.as_ref();
    let ranks = ranks.as_ref();
    let goal = match (a.capture, a.save) {
        (true, _) => Some(horizon::Goal::Capture),
        (_, true) => Some(horizon::Goal::Save),
        _ => None,
    };
    let forge = move |seed: u64, i: u64| match (game, tb, goal) {
        (Game::Spargo | Game::Margo, _, Some(goal)) => {
            horizon::forge_one(game, goal, source, seed, i, &limits)
        }
        (Game::Spargo, Some(tb), None) => match ranks.map_or_else(
            || {
                if best_margin {
                    spargo::best_margin_candidate(tb, seed, i)
                } else if verdict {
                    spargo::verdict_candidate(tb, seed, i)
                } else {
                    spargo::candidate(tb, seed, i)
                }
            },
            |(r, theme)| spargo::ranked_candidate(tb, r, *theme, i),
        ) {
            Some(c) => margo::forge_candidate(game, c, seed, i, &limits),
            None => Ok(Err(Reject::NoQuestion)),
        },
        (Game::Spargo | Game::Margo, _, None) => margo::forge_one(game, seed, i, &limits),
        (Game::Margrites, _, _) => {
            margrites::forge_candidate_in(stream, seed, i, &Limits::MARGRITES)
        }
    };
    let report = run::run(&opts, &forge, &progress)?;
    bar.finish_and_clear();
    print_report(a, &opts, &report, cpu_start)?;
    Ok(ExitCode::SUCCESS)
}
