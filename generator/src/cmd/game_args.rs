//! The options that choose a Margo-family game and its rules, shared by every
//! Margo subcommand, and reading move lists.

use anyhow::{Result, anyhow, bail};
use cannonball_rules::margo::notation::{self, WrittenMove};
use cannonball_rules::margo::{AnyPosition, CaptureScope, Ko, Preset, Rules};

/// `--game` and the rule options of rulings A2–A8.
#[derive(clap::Args, Clone, Debug)]
pub struct GameArgs {
    /// Game preset: spargo, margo or margo-pbmserv.
    #[arg(long, value_parser = parse_preset)]
    pub game: Preset,
    /// Board size (3-19; margo defaults to 7, margo-pbmserv to 8; spargo is 4).
    #[arg(long)]
    pub size: Option<u8>,
    /// Ko rule: none, simple, positional-superko or situational-superko.
    #[arg(long, value_parser = parse_ko)]
    pub ko: Option<Ko>,
    /// Which groups a placement captures: all (the rules) or adjacent.
    #[arg(long = "capture-scope", value_parser = parse_scope)]
    pub capture_scope: Option<CaptureScope>,
    /// Number of players, 2-4.
    #[arg(long)]
    pub players: Option<u8>,
    /// Swap rule: on or off.
    #[arg(long, value_parser = parse_on_off)]
    pub swap: Option<bool>,
    /// Points at this level or above are never playable.
    #[arg(long = "max-height")]
    pub max_height: Option<u8>,
    /// Passing is a legal move; the game also ends when everyone passes in turn.
    #[arg(long = "can-pass")]
    pub can_pass: bool,
    /// Pieces on every level get freedom from playable points of their level.
    #[arg(long = "all-freedoms")]
    pub all_freedoms: bool,
    /// The first capture of a live enemy piece wins.
    #[arg(long = "single-capture")]
    pub single_capture: bool,
}

fn parse_preset(s: &str) -> Result<Preset, String> {
    s.parse()
        .map_err(|e: cannonball_rules::margo::RulesError| e.to_string())
}

fn parse_ko(s: &str) -> Result<Ko, String> {
    s.parse()
        .map_err(|e: cannonball_rules::margo::RulesError| e.to_string())
}

fn parse_scope(s: &str) -> Result<CaptureScope, String> {
    s.parse()
        .map_err(|e: cannonball_rules::margo::RulesError| e.to_string())
}

fn parse_on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("expected on or off, found '{s}'")),
    }
}

impl GameArgs {
    /// The rules these options describe, checked.
    pub fn rules(&self) -> Result<Rules> {
        let mut rules = self.game.rules();
        if let Some(size) = self.size {
            if self.game == Preset::Spargo && size != 4 {
                bail!("spargo is played on the 4x4 board; use --game margo --size {size}");
            }
            rules.size = size;
        }
        if let Some(ko) = self.ko {
            rules.ko = ko;
        }
        if let Some(scope) = self.capture_scope {
            rules.capture_scope = scope;
        }
        if let Some(players) = self.players {
            rules.players = players;
        }
        if let Some(swap) = self.swap {
            rules.swap = swap;
        }
        if self.max_height.is_some() {
            rules.max_height = self.max_height;
        }
        rules.can_pass |= self.can_pass;
        rules.all_freedoms |= self.all_freedoms;
        rules.single_capture |= self.single_capture;
        rules.validate()?;
        Ok(rules)
    }
}

/// `--moves` / `--moves-file`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct MovesArgs {
    /// Moves separated by spaces, in machine (`0,1,1`) or human (`b2`, `b2+1`) form,
    /// or `pass` / `swap`.
    #[arg(long, conflicts_with = "moves_file")]
    pub moves: Option<String>,
    /// A file of moves (white space separated, `#` comments); `-` reads standard input.
    #[arg(long = "moves-file")]
    pub moves_file: Option<String>,
}

impl MovesArgs {
    /// Where the moves come from (for messages) and their text.
    fn text(&self) -> Result<(String, String)> {
        if let Some(m) = &self.moves {
            return Ok(("--moves".into(), m.clone()));
        }
        match self.moves_file.as_deref() {
            None => Ok(("--moves".into(), String::new())),
            Some("-") => Ok(("<stdin>".into(), cannonball::input::read_stdin()?)),
            Some(path) => {
                let s = cannonball::input::read_text(std::path::Path::new(path))?;
                Ok((path.to_owned(), s))
            }
        }
    }

    /// The written moves, read but not yet checked against a board.
    pub fn read(&self) -> Result<(String, Vec<WrittenMove>)> {
        let (source, text) = self.text()?;
        let list =
            notation::parse_move_list(&text).map_err(|e| anyhow::anyhow!("{source}: {e}"))?;
        Ok((source, list))
    }
}

/// The starting position: the empty board, or `--setup` text.
pub fn start_position(rules: Rules, setup: Option<&str>) -> Result<AnyPosition> {
    match AnyPosition::start(rules, setup) {
        Err(e) if setup.is_some() => Err(anyhow!("--setup: {e}")),
        r => Ok(r?),
    }
}

/// Plays the written move `w` (read from `source`) on `pos`; an unreadable or
/// illegal move is an error naming the line, column, ply, move and reason.
pub fn play_written(
    pos: &mut AnyPosition,
    source: &str,
    w: &WrittenMove,
) -> Result<cannonball_rules::margo::Move> {
    let geo = pos.geometry();
    let m = notation::resolve(geo, w.syntax)
        .map_err(|e| anyhow!("{source}: ply {}: {}", w.ply, e.message))?;
    pos.play(m).map_err(|e| {
        anyhow!(
            "{source}: line {}, column {}: ply {}: move {} is illegal: {e}",
            w.line,
            w.column,
            w.ply,
            notation::human(geo, m)
        )
    })?;
    Ok(m)
}
