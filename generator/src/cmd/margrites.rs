//! `cannonball margrites ...`: Margrites transcripts and self-play.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use cannonball::margrites::table::format_diagram;
use cannonball::margrites::{Options, bench, infer, selfplay, transcript};
use cannonball::rng::Rng;

/// Margrites subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Replay a transcript and list every departure from the rules and from its own
    /// claims. Exit 0: none; 1: some; 2: the file cannot be read or parsed.
    Check {
        /// The transcript file.
        file: PathBuf,
    },
    /// Infer the starting setups a transcript without setup lines can have had.
    Infer {
        /// The transcript file.
        file: PathBuf,
    },
    /// Play random games and print them as transcripts.
    Selfplay {
        /// Number of games.
        #[arg(long, default_value_t = 1)]
        games: u32,
        /// Seed of the random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Turn cap: a game still going after this many turns is unfinished.
        #[arg(long, default_value_t = 200)]
        max_turns: u16,
        /// Variations, comma-separated (handicap, rebuttal, returning, dancing-limit).
        #[arg(long, default_value = "")]
        variations: String,
    },
    /// Time random self-play and turn generation (use a release build).
    Bench {
        /// Self-play games to time.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Replay a transcript and print the board after each turn.
    Show {
        /// The transcript file.
        file: PathBuf,
    },
}

/// Runs a Margrites subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Check { file } => run_check(&file),
        Command::Show { file } => run_show(&file),
        Command::Infer { file } => run_infer(&file),
        Command::Selfplay {
            games,
            seed,
            max_turns,
            variations,
        } => {
            let options = Options::parse_list(&variations).map_err(anyhow::Error::msg)?;
            let mut rng = Rng::seed_from(seed);
            for k in 0..games {
                let game = selfplay::play_game(&mut rng, options, max_turns);
                if k > 0 {
                    println!();
                }
                print!(
                    "{}",
                    selfplay::format_game(
                        &game,
                        options,
                        &format!("self-play game {} of {games}, seed {seed}", k + 1)
                    )
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench { games, seed } => {
            print!("{}", bench::run(games, seed));
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn read(file: &Path) -> Result<transcript::Transcript, ExitCode> {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: cannot read: {e}", file.display());
            return Err(ExitCode::from(2));
        }
    };
    transcript::parse(&text).map_err(|e| {
        eprintln!(
            "{}:{}:{}: error: {}",
            file.display(),
            e.line,
            e.column,
            e.message
        );
        ExitCode::from(2)
    })
}

fn run_check(file: &Path) -> anyhow::Result<ExitCode> {
    let t = match read(file) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let name = file.display().to_string();
    let report = infer::check_transcript(&t).with_context(|| format!("checking {name}"))?;
    print!("{}", report.render(&name));
    Ok(if report.departures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn run_show(file: &Path) -> anyhow::Result<ExitCode> {
    let t = match read(file) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let text = std::fs::read_to_string(file)?;
    let lines: Vec<&str> = text.lines().collect();
    let (report, after) = infer::check_and_replay(&t)?;
    for note in &report.notes {
        println!("{note}");
    }
    for (line, pos) in after {
        println!();
        println!(
            "line {line}: {}",
            lines.get(line - 1).copied().unwrap_or("").trim()
        );
        let s = pos.standings();
        println!(
            "after it: {}({})-{}({}), {} to move",
            s.black.points,
            s.black.captures,
            s.white.points,
            s.white.captures,
            pos.to_move()
        );
        print!("{}", format_diagram(&pos.board()));
    }
    Ok(if report.departures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn run_infer(file: &Path) -> anyhow::Result<ExitCode> {
    let t = match read(file) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let inference = infer::infer_setups(&t)?;
    for line in infer::describe(&inference) {
        println!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}
