//! `cannonball margrites ...`: Margrites transcripts, self-play, and the JSON
//! machine form.
//!
//! JSON output (see `cannonball_rules::margrites::json` for every field) is JSON lines:
//! - `check FILE --json`: one object per departure or warning, then
//!   `{"summary": ...}`;
//! - `selfplay --json` and `replay FILE --json`: per game, `{"start": position}`, one
//!   turn record per turn, then `{"outcome": ...}`;
//! - a file that cannot be read or parsed: `{"error": ...}` (and the usual message on
//!   standard error).
//!
//! Exit codes are the same with or without `--json`: 0 nothing wrong, 1 departures
//! (or a record that does not replay), 2 the file cannot be read or parsed.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use cannonball::solve::margrites::{self as solver, Limits, Objective, Stage};
use cannonball_rules::margrites::json::{self as machine, ErrorLine, ErrorRecord};
use cannonball_rules::margrites::record::GameRecord;
use cannonball_rules::margrites::table::format_diagram;
use cannonball_rules::margrites::{
    Options, Position, Setup, bench, check, infer, selfplay, transcript,
};
use cannonball_rules::rng::Rng;

/// Margrites subcommands.
#[derive(clap::Subcommand)]
pub enum Command {
    /// Replay a transcript and list every departure from the rules and from its own
    /// claims. Exit 0: none; 1: some; 2: the file cannot be read or parsed.
    Check {
        /// The transcript file (`-`: standard input).
        file: PathBuf,
        /// Print the report as JSON lines: one object per departure or warning
        /// ({"line","column","kind","turn","printed_turn","step","message"}), then
        /// {"summary":{"file","departures","warnings","notes"}}. A file that cannot be
        /// read or parsed prints {"error":{"file","line","column","message"}}.
        #[arg(long)]
        json: bool,
    },
    /// Replay a game and print it as JSON lines (--json) or as a transcript.
    ///
    /// FILE is a transcript, or JSON lines as `selfplay --json` and `replay --json`
    /// print them (told by a first line starting with `{`). A transcript is replayed
    /// as `check` does (main line only; setup inferred when not given) and printed
    /// as the checker played it. JSON lines are replayed strictly: every step legal,
    /// every turn complete, and the captures, scores and outcome listed right.
    /// Exit 0: the game replays with no departure; 1: departures (the transcript is
    /// still printed as replayed; run `check` for the list) or a JSON record that does
    /// not replay; 2: the file cannot be read or parsed.
    Replay {
        /// The transcript or JSON lines file (`-`: standard input).
        file: PathBuf,
        /// Print JSON lines: per game {"start": position}, one turn record per turn,
        /// then {"outcome": result}.
        #[arg(long)]
        json: bool,
    },
    /// Infer the starting setups a transcript without setup lines can have had.
    Infer {
        /// The transcript file (`-`: standard input).
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
        /// Print each game as JSON lines instead of a transcript: {"start": position},
        /// one turn record per turn ({"turn","side","steps","forfeit","score"}, each
        /// step with the captures it caused), then {"outcome": result}. The same seed
        /// gives the same games in both forms.
        #[arg(long)]
        json: bool,
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
        /// The transcript file (`-`: standard input).
        file: PathBuf,
    },
    /// Solve a "within N turns" objective for the side to move after a
    /// transcript's last turn: yes (every winning first turn, with proofs), no
    /// (refutations) or unknown (budget spent). Exit 0 on any answer, 2 when the
    /// file cannot be read or its position cannot be solved.
    Solve(SolveArgs),
}

/// The node budget of `margrites solve` without `--nodes`: the forge's budget
/// for Margrites puzzles, a few seconds to a minute on a release build.
pub const DEFAULT_SOLVE_NODES: u64 = 200_000;

/// Arguments of `cannonball margrites solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The transcript file: setup lines and turns, or a `start:` diagram (`-`:
    /// standard input).
    file: PathBuf,
    /// What to reach: win, score:K, capture:K or trap.
    #[arg(long)]
    objective: Objective,
    /// Within this many of the side to move's own turns.
    #[arg(long)]
    turns: u8,
    /// Node budget (distinct turns generated), and as many again for the proofs;
    /// the answer is unknown when spent. Raise it for deeper searches.
    #[arg(long, default_value_t = DEFAULT_SOLVE_NODES)]
    nodes: u64,
    /// Time budget in seconds (more than 0, at most a year).
    #[arg(long, value_parser = super::limits::positive_seconds)]
    time: Option<std::time::Duration>,
    /// Solve the position before this turn of the main line instead.
    #[arg(long)]
    at: Option<u32>,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs a Margrites subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Check { file, json } => run_check(&file, json),
        Command::Replay { file, json } => run_replay(&file, json),
        Command::Show { file } => run_show(&file),
        Command::Solve(args) => run_solve(&args),
        Command::Infer { file } => run_infer(&file),
        Command::Selfplay {
            games,
            seed,
            max_turns,
            variations,
            json,
        } => {
            let options = Options::parse_list(&variations).map_err(anyhow::Error::msg)?;
            let mut rng = Rng::seed_from(seed);
            for k in 0..games {
                let game = selfplay::play_game(&mut rng, options, max_turns);
                if json {
                    let record = GameRecord::from_selfplay(&game, options)?;
                    out(&record.json_lines()?)?;
                    continue;
                }
                if k > 0 {
                    out("\n")?;
                }
                out(&selfplay::format_game(
                    &game,
                    options,
                    &format!("self-play game {} of {games}, seed {seed}", k + 1),
                ))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench { games, seed } => {
            out(&bench::run(games, seed))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// Writes to standard output: a closed pipe or a full disk is an error for
/// `main` to map (see [`super::output`]), not a panic.
fn out(text: &str) -> std::io::Result<()> {
    use std::io::Write as _;
    super::output::stdout().write_all(text.as_bytes())
}

/// Reports a file that cannot be read (no line) or parsed: a message on standard
/// error and, with `json`, an `{"error": ...}` line on standard output. Exit code 2.
fn unreadable(file: &Path, at: Option<(usize, usize)>, message: &str, json: bool) -> ExitCode {
    let name = display_name(file);
    match at {
        Some((line, column)) => errln!("{name}:{line}:{column}: error: {message}"),
        None => errln!("{name}: {message}"),
    }
    if json {
        let record = ErrorLine {
            error: ErrorRecord {
                file: name,
                line: at.map(|a| a.0),
                column: at.map(|a| a.1),
                message: message.to_string(),
            },
        };
        if let Ok(text) = serde_json::to_string(&record) {
            // The exit code says it already; a closed output is no further news.
            let _ = out(&format!("{text}\n"));
        }
    }
    ExitCode::from(2)
}

/// The file's name in messages: `<stdin>` for `-`.
fn display_name(file: &Path) -> String {
    if file == Path::new("-") {
        "<stdin>".to_owned()
    } else {
        file.display().to_string()
    }
}

/// The file's text; `-` reads standard input (as `--moves-file -` does).
fn read_text(file: &Path, json: bool) -> Result<String, ExitCode> {
    let text = if file == Path::new("-") {
        cannonball::input::read_stdin()
    } else {
        cannonball::input::read_text(file)
    };
    text.map_err(|e| {
        let at = e.line.map(|l| (l, 1));
        unreadable(file, at, &format!("cannot read: {}", e.reason), json)
    })
}

fn parse_transcript(
    file: &Path,
    text: &str,
    json: bool,
) -> Result<transcript::Transcript, ExitCode> {
    let t = transcript::parse(text)
        .map_err(|e| unreadable(file, Some((e.line, e.column)), &e.message, json))?;
    let nothing = t.setup.black.is_none()
        && t.setup.white.is_none()
        && t.start.is_none()
        && t.main.is_empty()
        && t.variations.is_empty();
    if nothing {
        let message = "no setup lines, start diagram or turns: nothing to read";
        return Err(unreadable(file, None, message, json));
    }
    Ok(t)
}

/// The file's text and its transcript.
fn read(file: &Path) -> Result<(String, transcript::Transcript), ExitCode> {
    let text = read_text(file, false)?;
    let t = parse_transcript(file, &text, false)?;
    Ok((text, t))
}

fn exit_for(departures: usize) -> ExitCode {
    if departures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn run_check(file: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let t = match read_text(file, json).and_then(|text| parse_transcript(file, &text, json)) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let name = display_name(file);
    let report = infer::check_transcript(&t).with_context(|| format!("checking {name}"))?;
    if json {
        out(&machine::check_report_lines(&name, &report)?)?;
    } else {
        out(&super::output::escape(&report.render(&name)))?;
    }
    Ok(exit_for(report.departures()))
}

/// Whether a file holds JSON lines rather than a transcript: its first line that is
/// not blank starts with `{`.
fn is_json_lines(text: &str) -> bool {
    text.lines()
        .map(str::trim_start)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('{'))
}

fn run_replay(file: &Path, json: bool) -> anyhow::Result<ExitCode> {
    let text = match read_text(file, json) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let name = display_name(file);
    if is_json_lines(&text) {
        let parsed = match machine::parse_games(&text) {
            Ok(p) => p,
            Err(e) => return Ok(unreadable(file, Some((e.line, e.column)), &e.message, json)),
        };
        let count = parsed.len();
        for (k, game) in parsed.into_iter().enumerate() {
            let read = match game.replay() {
                Ok(r) => r,
                Err(e) => {
                    errln!("{name}:{}:{}: departure: {}", e.line, e.column, e.message);
                    return Ok(ExitCode::from(1));
                }
            };
            if json {
                out(&read.record.json_lines()?)?;
            } else {
                if k > 0 {
                    out("\n")?;
                }
                let title = format!("game {} of {count} in {name} (line {})", k + 1, read.line);
                out(&read.record.to_transcript(&title)?)?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let t = match parse_transcript(file, &text, json) {
        Ok(t) => t,
        Err(code) => return Ok(code),
    };
    let game = infer::check_and_replay_turns(&t).with_context(|| format!("replaying {name}"))?;
    let departures = game.report.departures();
    match GameRecord::from_replayed(&game) {
        Some(record) if json => out(&record.json_lines()?)?,
        Some(record) => out(&record.to_transcript(&format!("{name}, as replayed"))?)?,
        None => errln!("{name}: no starting position to replay from"),
    }
    if departures > 0 {
        errln!(
            "{name}: {departures} departure{}; printed as the checker replays it (see `cannonball margrites check {name}`)",
            if departures == 1 { "" } else { "s" }
        );
    }
    Ok(exit_for(departures.max(usize::from(game.start.is_none()))))
}

fn run_show(file: &Path) -> anyhow::Result<ExitCode> {
    let (text, t) = match read(file) {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let lines: Vec<&str> = text.lines().collect();
    let (report, after) = infer::check_and_replay(&t)?;
    for note in &report.notes {
        out(&format!("{note}\n"))?;
    }
    for (line, pos) in after {
        out("\n")?;
        out(&format!(
            "line {line}: {}\n",
            super::output::escape(lines.get(line - 1).copied().unwrap_or("").trim())
        ))?;
        let s = pos.standings();
        out(&format!(
            "after it: {}({})-{}({}), {} to move\n",
            s.black.points,
            s.black.captures,
            s.white.points,
            s.white.captures,
            pos.to_move()
        ))?;
        out(&format_diagram(&pos.board()))?;
    }
    Ok(if report.departures() == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn run_infer(file: &Path) -> anyhow::Result<ExitCode> {
    let (_, t) = match read(file) {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let inference = infer::infer_setups(&t)?;
    for line in infer::describe(&inference) {
        out(&format!("{line}\n"))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn run_solve(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    let (_, t) = match read(&args.file) {
        Ok(r) => r,
        Err(code) => return Ok(code),
    };
    let name = display_name(&args.file);
    let pos = match solve_position(&t, args.at) {
        Ok(pos) => pos,
        Err(message) => {
            errln!("{name}: {message}");
            return Ok(ExitCode::from(2));
        }
    };
    errln!(
        "budget: {} nodes, and as many for the proofs (--nodes to change)",
        args.nodes
    );
    let limits = Limits {
        nodes: Some(args.nodes),
        time: args.time,
        ..Limits::default()
    };
    let bar = delayed_bar();
    let report = solver::solve(
        &pos,
        args.objective,
        args.turns,
        &limits,
        &|stage, done, total| {
            bar.update(stage, done, total);
        },
    );
    bar.finish();
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            errln!("{name}: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?)?;
    } else {
        out!("{}", report.render_text())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The position after the main line's last turn, or before turn `at`. Departures
/// in the transcript are reported on stderr; the position as replayed is solved.
fn solve_position(t: &transcript::Transcript, at: Option<u32>) -> Result<Position, String> {
    let start = if let Some(start) = check::start_position(t) {
        start.map_err(|e| e.to_string())?
    } else if let (Some(b), Some(w)) = (&t.setup.black, &t.setup.white) {
        let setup = Setup {
            black: b.value.clone(),
            white: w.value.clone(),
        };
        Position::new(&setup, t.options).map_err(|e| e.to_string())?
    } else {
        // As `check` does: the first of the setups most consistent with the moves.
        let inference = infer::infer_setups(t).map_err(|e| e.to_string())?;
        let Some(first) = inference.best.first() else {
            return Err("no setup is consistent with the moves: give setup lines".into());
        };
        if inference.best.len() > 1 {
            errln!(
                "note: setup inferred, not unique ({} candidates); using the first",
                inference.best.len()
            );
        }
        Position::new(&Setup::from_sets(*first), t.options).map_err(|e| e.to_string())?
    };
    let mut main_line = t.clone();
    main_line.variations.clear();
    let (findings, after) = check::replay(&main_line, &start);
    let departures = check::departures(&findings);
    let pos = match at {
        None => after.last().map_or(start, |(_, p)| *p),
        Some(n) => {
            let Some(i) = t.main.iter().position(|e| e.turn.number == n) else {
                return Err(format!("turn {n} is not in the main line"));
            };
            match i.checked_sub(1) {
                None => start,
                Some(k) => after
                    .get(k)
                    .map(|(_, p)| *p)
                    .ok_or_else(|| format!("turn {n} is not reached by the replay"))?,
            }
        }
    };
    if departures > 0 {
        errln!(
            "note: the transcript has {departures} departure{} (see `cannonball margrites check`); solving the position as replayed",
            if departures == 1 { "" } else { "s" }
        );
    }
    Ok(pos)
}

/// A progress bar that shows itself (on a terminal) only once the work has taken
/// a couple of seconds.
struct DelayedBar {
    bar: indicatif::ProgressBar,
    started: std::time::Instant,
    shown: std::sync::atomic::AtomicBool,
}

fn delayed_bar() -> DelayedBar {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden());
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{msg} [{bar:40}] {pos}/{len} ({elapsed}, eta {eta})",
    ) {
        bar.set_style(style.progress_chars("=> "));
    }
    DelayedBar {
        bar,
        started: std::time::Instant::now(),
        shown: std::sync::atomic::AtomicBool::new(false),
    }
}

impl DelayedBar {
    fn update(&self, stage: Stage, done: u64, total: u64) {
        use std::sync::atomic::Ordering;
        let msg = match stage {
            Stage::FirstTurns(k) => format!("first turns, within {k}"),
            Stage::Proofs => "proofs".to_string(),
        };
        self.bar.set_message(msg);
        self.bar.set_length(total);
        self.bar.set_position(done);
        if self.started.elapsed().as_secs_f64() >= 2.0 && !self.shown.swap(true, Ordering::Relaxed)
        {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
