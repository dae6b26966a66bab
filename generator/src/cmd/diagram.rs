//! `cannonball diagram`: an SVG diagram of a Margo-family or Margrites position.
//!
//! Margo family: the position after `--moves` from `--setup` (or the empty board);
//! the last move is ringed and the pieces it removed are drawn as ghosts.
//! Margrites: the position given by `--setup` after the turns of `--moves`; the last
//! turn's steps are drawn as arrows and its captures as crossed-out ghosts.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use cannonball::render::{MargoDiagram, MargritesDiagram, Shade};
use cannonball_rules::margo::{self, AnyPosition, CaptureScope, Coords, Ko, Point, Preset};
use cannonball_rules::margrites::fields::{DiagramFields, FieldError, FieldProblem};
use cannonball_rules::margrites::notation::{self as mnotation, TurnBody};
use cannonball_rules::margrites::written::{self, StepError, TurnError};
use cannonball_rules::margrites::{self as mg, Options, Setup as MgSetup, Square, Step};

use super::game_args::{GameArgs, MovesArgs, start_position};

/// What `--game` names for a diagram: a Margo-family preset, or Margrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// Spargo, Margo or the play-by-mail server's Margo.
    Margo(Preset),
    /// Margrites (9x8).
    Margrites,
}

fn parse_drawn(s: &str) -> Result<Drawn, String> {
    if s == "margrites" {
        return Ok(Drawn::Margrites);
    }
    s.parse().map(Drawn::Margo).map_err(|_| {
        format!("unknown game '{s}' (expected spargo, margo, margo-pbmserv or margrites)")
    })
}

/// Write an SVG diagram of a position.
#[derive(clap::Args)]
pub struct Args {
    /// spargo, margo, margo-pbmserv or margrites.
    #[arg(long, value_parser = parse_drawn)]
    game: Drawn,
    /// Board size (Margo family, 3-19).
    #[arg(long)]
    size: Option<u8>,
    /// Ko rule: none, simple, positional-superko or situational-superko.
    #[arg(long)]
    ko: Option<Ko>,
    /// Which groups a placement captures: all or adjacent.
    #[arg(long = "capture-scope")]
    capture_scope: Option<CaptureScope>,
    /// Number of players, 2-4 (Margo family).
    #[arg(long)]
    players: Option<u8>,
    /// Swap rule: on or off.
    #[arg(long, value_parser = parse_on_off)]
    swap: Option<bool>,
    /// Points at this level or above are never playable.
    #[arg(long = "max-height")]
    max_height: Option<u8>,
    /// Passing is a legal move.
    #[arg(long = "can-pass")]
    can_pass: bool,
    /// Pieces on every level get freedom from playable points of their level.
    #[arg(long = "all-freedoms")]
    all_freedoms: bool,
    /// The first capture of a live enemy piece wins.
    #[arg(long = "single-capture")]
    single_capture: bool,
    /// Margrites variations, comma-separated (handicap, rebuttal, returning,
    /// dancing-limit).
    #[arg(long, default_value = "")]
    variations: String,
    /// The starting position. Margo family: "white b2 c2; black c3; to-move black"
    /// (default: the empty board). Margrites (required): "black a1 b1 ...; white a8
    /// b8 ...", optionally "; to-move white; score 0(0)-1(2); turn 5".
    #[arg(long)]
    setup: Option<String>,
    #[command(flatten)]
    moves: MovesArgs,
    /// Labels on points or squares: "a=c4,b=d2+1" (human notation).
    #[arg(long)]
    labels: Option<String>,
    /// Start of every id in the SVG.
    #[arg(long = "id-prefix", default_value = "diagram")]
    id_prefix: String,
    /// Write the SVG here instead of standard output.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Leave the stylesheet out (for pages that include it once).
    #[arg(long = "no-style")]
    no_style: bool,
    /// Leave out the coordinates.
    #[arg(long = "no-coordinates")]
    no_coordinates: bool,
    /// Margo: do not cross zombies.
    #[arg(long = "no-zombies")]
    no_zombies: bool,
    /// Margo: draw hints of buried pieces.
    #[arg(long)]
    buried: bool,
    /// Margo: mark empty upper points that can be played.
    #[arg(long)]
    playable: bool,
    /// Margo: mark these empty points as freedoms ("c1 d2").
    #[arg(long)]
    freedoms: Option<String>,
    /// Margo: points whose pieces cut a link; the cut links are drawn ("b2+1").
    #[arg(long)]
    cuts: Option<String>,
    /// Margrites: steps drawn as arrows without being played ("d2>d3; d3>d4").
    #[arg(long)]
    steps: Option<String>,
    /// Margrites: squares shaded as legal targets ("d3 e3").
    #[arg(long)]
    legal: Option<String>,
    /// Margrites: squares shaded as illegal targets.
    #[arg(long)]
    illegal: Option<String>,
    /// Margrites: squares shaded as targets that cause a capture.
    #[arg(long)]
    capture: Option<String>,
    /// Margrites: leave out the score line.
    #[arg(long = "no-score")]
    no_score: bool,
}

fn parse_on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, found '{s}'")),
    }
}

/// Splits `text=place` pairs separated by commas.
fn label_pairs(text: &str) -> Result<Vec<(String, String)>> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|pair| {
            let (label, place) = pair
                .split_once('=')
                .ok_or_else(|| anyhow!("--labels: expected text=point, found '{pair}'"))?;
            Ok((label.trim().to_owned(), place.trim().to_owned()))
        })
        .collect()
}

/// Words separated by spaces or commas.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split([' ', ',']).filter(|s| !s.is_empty())
}

pub fn run(args: &Args) -> Result<()> {
    let svg = match args.game {
        Drawn::Margrites => margrites_svg(args)?,
        Drawn::Margo(preset) => margo_svg(args, preset)?,
    };
    match &args.out {
        Some(path) => std::fs::write(path, svg + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => {
            let mut out = super::output::stdout();
            writeln!(out, "{svg}")?;
            out.flush()?;
        }
    }
    Ok(())
}

fn margo_rules(args: &Args, game: Preset) -> Result<margo::Rules> {
    let margrites_only = [
        ("--steps", args.steps.is_some()),
        ("--legal", args.legal.is_some()),
        ("--illegal", args.illegal.is_some()),
        ("--capture", args.capture.is_some()),
        ("--variations", !args.variations.is_empty()),
    ];
    if let Some((name, _)) = margrites_only.iter().find(|o| o.1) {
        bail!("{name} is for --game margrites");
    }
    GameArgs {
        game,
        size: args.size,
        ko: args.ko,
        capture_scope: args.capture_scope,
        players: args.players,
        swap: args.swap,
        max_height: args.max_height,
        can_pass: args.can_pass,
        all_freedoms: args.all_freedoms,
        single_capture: args.single_capture,
    }
    .rules()
}

fn margo_point(pos: &AnyPosition, what: &str, text: &str) -> Result<Point> {
    let c: Coords = text.parse().map_err(|e| anyhow!("{what}: '{text}': {e}"))?;
    let geo = pos.geometry();
    geo.point(c).ok_or_else(|| {
        anyhow!(
            "{what}: {c} is not a point of the {n}x{n} board",
            n = geo.size()
        )
    })
}

fn margo_svg(args: &Args, game: Preset) -> Result<String> {
    let rules = margo_rules(args, game)?;
    let mut pos = start_position(rules, args.setup.as_deref())?;
    let (source, written) = args.moves.read()?;
    let mut last = None;
    for w in &written {
        let before = pos.clone();
        let m = super::game_args::play_written(&mut pos, &source, w)?;
        last = Some((m, before));
    }
    let mut d = MargoDiagram::new(&pos, &args.id_prefix);
    if let Some((m, before)) = &last {
        d.mark_move(before, *m);
    }
    if let Some(text) = &args.labels {
        for (label, place) in label_pairs(text)? {
            d.labels
                .push((margo_point(&pos, "--labels", &place)?, label));
        }
    }
    if let Some(text) = &args.freedoms {
        for w in words(text) {
            d.freedoms.push(margo_point(&pos, "--freedoms", w)?);
        }
    }
    if let Some(text) = &args.cuts {
        for w in words(text) {
            d.cuts.push(margo_point(&pos, "--cuts", w)?);
        }
    }
    d.mark_zombies = !args.no_zombies;
    d.buried_hints = args.buried;
    d.playable_hints = args.playable;
    d.coordinates = !args.no_coordinates;
    d.embed_style = !args.no_style;
    Ok(d.render()?)
}

fn square(what: &str, text: &str) -> Result<Square> {
    text.parse().map_err(|e| anyhow!("{what}: '{text}': {e}"))
}

/// The clauses of the Margrites position text, as written.
#[derive(Default)]
struct SetupClauses<'a> {
    black: Vec<&'a str>,
    white: Vec<&'a str>,
    to_move: Option<&'a str>,
    score: Option<&'a str>,
    turn: Option<u16>,
}

/// Splits the Margrites position text into its clauses: `black SQUARES; white
/// SQUARES`, optionally `to-move COLOUR`, `score B(bc)-W(wc)` and `turn N`.
fn setup_clauses(text: &str) -> Result<SetupClauses<'_>> {
    let mut c = SetupClauses::default();
    for clause in text.split(';').map(str::trim).filter(|c| !c.is_empty()) {
        let (key, rest) = clause.split_once(' ').unwrap_or((clause, ""));
        let rest = rest.trim();
        match key.to_ascii_lowercase().as_str() {
            "black" => c.black.push(rest),
            "white" => c.white.push(rest),
            "to-move" => c.to_move = Some(rest),
            "score" => c.score = Some(rest),
            "turn" => {
                c.turn = Some(rest.parse::<u16>().ok().filter(|&t| t > 0).ok_or_else(|| {
                    anyhow!("--setup: turn must be a number from 1, found '{rest}'")
                })?);
            }
            _ => bail!(
                "--setup: unknown clause '{clause}' (expected black, white, to-move, score or turn)"
            ),
        }
    }
    Ok(c)
}

/// A problem of the position text, as `--setup` words it.
fn setup_message(e: &FieldError) -> String {
    match &e.problem {
        FieldProblem::Square { word, error } => format!("--setup: '{word}': {error}"),
        FieldProblem::Side(side) => {
            format!("--setup: to-move must be black or white, found '{side}'")
        }
        FieldProblem::Score { text, error } => format!("--setup: score '{text}': {error}"),
        other => format!("--setup: {}: {other}", e.field),
    }
}

/// Reads the Margrites position text (see [`setup_clauses`]). With squares alone
/// it is a game's starting setup; otherwise a diagram whose missing pieces were
/// captured, the side to move playing its first turn unless `turn` says.
fn margrites_start(text: &str, options: Options) -> Result<mg::Position> {
    let clauses = setup_clauses(text)?;
    let (black, white) = (clauses.black.join(" "), clauses.white.join(" "));
    let written = DiagramFields {
        variations: "",
        black: &black,
        white: &white,
        score: clauses.score,
        to_move: clauses.to_move,
        turn: clauses.turn,
    };
    let (mut diagram, _) = written
        .read()
        .map_err(|e| anyhow!("{}", setup_message(&e.errors[0])))?;
    if clauses.to_move.is_none() && clauses.score.is_none() && clauses.turn.is_none() {
        let setup = MgSetup {
            black: diagram.pieces.black,
            white: diagram.pieces.white,
        };
        return mg::Position::new(&setup, options).map_err(|e| anyhow!("--setup: {e}"));
    }
    if clauses.turn.is_none() {
        diagram.turn = if diagram.to_move == mg::Color::Black {
            1
        } else {
            2
        };
    }
    mg::Position::from_diagram(&diagram, options).map_err(|e| anyhow!("--setup: {e}"))
}

/// Splits a list of numbered turns (`1. d2>d3; d3>d4. 2. e7>e6.`) into one text
/// per turn.
fn split_turns(text: &str) -> Vec<String> {
    let mut turns: Vec<String> = Vec::new();
    for token in text.split_whitespace() {
        let numbered = token.len() > 1
            && token.ends_with('.')
            && token[..token.len() - 1].bytes().all(|b| b.is_ascii_digit());
        match turns.last_mut() {
            Some(turn) if !numbered => {
                turn.push(' ');
                turn.push_str(token);
            }
            _ => turns.push(token.to_owned()),
        }
    }
    turns
}

/// What the last turn played did: its steps and the pieces it captured.
type LastTurn = (Vec<Step>, Vec<(Square, mg::Color)>);

/// Plays the numbered turns of `text`; returns the last turn's steps and captures.
fn play_turns(pos: &mut mg::Position, text: &str) -> Result<LastTurn> {
    let mut last = (Vec::new(), Vec::new());
    let turns = split_turns(text);
    for (i, turn_text) in turns.iter().enumerate() {
        let (turn, _quirks) = mnotation::parse_turn_str(turn_text)
            .map_err(|e| anyhow!("--moves: turn '{turn_text}': {e}"))?;
        if turn.number != u32::from(pos.turn()) {
            bail!(
                "--moves: turn '{turn_text}' is numbered {}, but turn {} is next",
                turn.number,
                pos.turn()
            );
        }
        let fail = |e: &dyn std::fmt::Display| anyhow!("--moves: turn {}: {e}", turn.number);
        let played = written::play_turn(pos, &turn).map_err(|e| match e {
            TurnError::Step {
                error: StepError::Illegal { step, reason },
                ..
            } => fail(&format!("{step}: {reason}")),
            other => fail(&other),
        })?;
        *pos = played.after;
        // Only the last turn may stay open (`...`): it is shown mid-turn.
        let cut_short = matches!(
            turn.body,
            TurnBody::Steps {
                incomplete: true,
                ..
            }
        );
        if cut_short && i + 1 < turns.len() && !pos.is_over() {
            pos.end_turn().map_err(|e| fail(&e))?;
        }
        let captured = played
            .steps
            .iter()
            .flat_map(|r| {
                let removed = r.cascade.removed();
                r.cascade.all().map(move |sq| {
                    let side = if removed.black.contains(sq) {
                        mg::Color::Black
                    } else {
                        mg::Color::White
                    };
                    (sq, side)
                })
            })
            .collect();
        last = (played.steps.iter().map(|r| r.step).collect(), captured);
    }
    Ok(last)
}

fn margrites_svg(args: &Args) -> Result<String> {
    let margo_only = [
        ("--size", args.size.is_some()),
        ("--ko", args.ko.is_some()),
        ("--players", args.players.is_some()),
        ("--freedoms", args.freedoms.is_some()),
        ("--cuts", args.cuts.is_some()),
        ("--buried", args.buried),
        ("--playable", args.playable),
        ("--moves-file", args.moves.moves_file.is_some()),
    ];
    if let Some((name, _)) = margo_only.iter().find(|o| o.1) {
        bail!("{name} is not an option of --game margrites");
    }
    let options =
        Options::parse_list(&args.variations).map_err(|e| anyhow!("--variations: {e}"))?;
    let setup = args.setup.as_deref().ok_or_else(|| {
        anyhow!("--game margrites needs --setup \"black a1 b1 ...; white a8 b8 ...\"")
    })?;
    let mut pos = margrites_start(setup, options)?;
    let (steps, captured) = match &args.moves.moves {
        Some(text) => play_turns(&mut pos, text)?,
        None => (Vec::new(), Vec::new()),
    };
    let mut d = MargritesDiagram::new(&pos, &args.id_prefix);
    d.steps = steps;
    d.captured = captured
        .into_iter()
        .filter(|&(sq, _)| pos.piece_at(sq).is_none())
        .collect();
    if let Some(text) = &args.steps {
        d.steps = drawn_steps(&pos, text)?;
    }
    for (option, shade) in [
        (&args.legal, Shade::Legal),
        (&args.illegal, Shade::Illegal),
        (&args.capture, Shade::Capture),
    ] {
        for w in option.iter().flat_map(|t| words(t)) {
            d.shades.push((square("shaded square", w)?, shade));
        }
    }
    if let Some(text) = &args.labels {
        for (label, place) in label_pairs(text)? {
            d.labels.push((square("--labels", &place)?, label));
        }
    }
    d.coordinates = !args.no_coordinates;
    d.score_line = !args.no_score;
    d.embed_style = !args.no_style;
    Ok(d.render()?)
}

/// Reads `--steps` (`d2>d3; d3>d4`) as the steps of one turn, without playing them.
fn drawn_steps(pos: &mg::Position, text: &str) -> Result<Vec<Step>> {
    let line = format!("{}. {}.", pos.turn(), text.trim().trim_end_matches('.'));
    let (turn, _) =
        mnotation::parse_turn_str(&line).map_err(|e| anyhow!("--steps: '{text}': {e}"))?;
    let TurnBody::Steps { steps, .. } = turn.body else {
        bail!("--steps: expected steps such as d2>d3; d3>d4, found '{text}'");
    };
    written::resolve_steps(pos, &steps).map_err(|e| anyhow!("--steps: {e}"))
}
