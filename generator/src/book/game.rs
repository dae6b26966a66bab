//! The `{{#margrites-game NAME}}` directive: an annotated game replayed by the
//! engine, a diagram after every turn, and the corrections of the printed
//! transcript in a table.
//!
//! The game is `games/margrites/NAME.txt` under the book root, as printed.
//! When it cannot be replayed as it stands, `NAME.corrected.txt` is the game
//! shown and `NAME.errata.yaml` lists every change with its reason (see
//! [`errata`](super::errata)). The game shown must replay with no departure
//! from the rules or from its own claims, so that every diagram is a
//! position the rules reach; a printed transcript with departures and no
//! corrected one fails the build.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::errata::{self, ErrataError, Erratum, Part};
use crate::figure::html;
use crate::figure::margrites::MargritesFigure;
use cannonball_rules::margrites::check::{ReplayedTurn, Severity};
use cannonball_rules::margrites::infer::{InferError, ReplayedGame, check_and_replay_turns};
use cannonball_rules::margrites::notation::{format_turn, standings_text};
use cannonball_rules::margrites::transcript::{self, Transcript, TranscriptError};
use cannonball_rules::margrites::{Cascade, Color, Position, Step};

/// Why a game page cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The name is not a plain file name.
    #[error("`{0}` is not a game name")]
    Name(String),
    /// A file cannot be read (missing, not a regular file, too large, not
    /// UTF-8).
    #[error("cannot read {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The file (and line) and why.
        source: crate::input::InputError,
    },
    /// The transcript cannot be parsed.
    #[error("{}: {source}", path.display())]
    Parse {
        /// The transcript.
        path: PathBuf,
        /// Where and why.
        source: TranscriptError,
    },
    /// The start cannot be inferred.
    #[error("{}: {source}", path.display())]
    Infer {
        /// The transcript.
        path: PathBuf,
        /// Why.
        source: InferError,
    },
    /// No starting position: the setup is illegal, or no setup fits the moves.
    #[error("{}: no starting position could be found: {report}", path.display())]
    NoStart {
        /// The transcript.
        path: PathBuf,
        /// The check report.
        report: String,
    },
    /// The game to be shown departs from the rules or from its own claims.
    #[error(
        "{}: {count} departure(s) from the rules or from the transcript's own claims, so the page would show positions the rules never reach; {fix}. The first: {first}",
        path.display()
    )]
    Departures {
        /// The transcript.
        path: PathBuf,
        /// How many.
        count: usize,
        /// The first, as the checker words it (`line:column: ...`).
        first: String,
        /// What to do.
        fix: String,
    },
    /// The errata file is missing, malformed, or does not describe the
    /// changes.
    #[error("{0}")]
    Errata(#[from] ErrataError),
    /// A diagram cannot be drawn.
    #[error("diagram {id}: {message}")]
    Diagram {
        /// The diagram's id.
        id: String,
        /// Why.
        message: String,
    },
}

/// One turn as the page shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TurnView {
    /// The turn number.
    pub number: u16,
    /// `Black` or `White`.
    pub side: String,
    /// The turn as the engine played it, captures included.
    pub played: String,
    /// The standings after the turn, `B(bc)-W(wc)`.
    pub score: String,
    /// The diagram after the turn (a `<figure>` element).
    pub diagram: String,
    /// The corrections made at this turn.
    pub corrections: Vec<CorrectionRef>,
}

/// A link from a turn to a row of the corrections table.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CorrectionRef {
    /// The row's number, from 1.
    pub number: usize,
    /// The row's anchor.
    pub id: String,
}

/// A line of play: the main line or a variation.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LineView {
    /// For a variation, the main-line turn it replaces.
    pub from_turn: Option<u16>,
    /// Its turns.
    pub turns: Vec<TurnView>,
}

/// One row of the corrections table.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CorrectionView {
    /// Its number in the table, from 1.
    pub number: usize,
    /// The anchor of its row.
    pub id: String,
    /// Where: `12`, `12–16`, `3 (variation from turn 12)` or `setup`.
    pub turn: String,
    /// What it changes: `moves`, `turn number`, `score line`, `board`, `setup`.
    pub what: String,
    /// As printed.
    pub printed: String,
    /// As corrected.
    pub corrected: String,
    /// Whether the two are notation (shown as code) rather than descriptions.
    pub notation: bool,
    /// Why.
    pub why: String,
}

/// What the `margrites-game.md.tera` template gets.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// The game's name (its file name without `.txt`).
    pub name: String,
    /// The anchor of the corrections table.
    pub corrections_id: String,
    /// How the start is known, in a sentence.
    pub start_note: String,
    /// The starting position (a `<figure>` element).
    pub start: String,
    /// The corrections of the setup.
    pub start_corrections: Vec<CorrectionRef>,
    /// The main line, then each variation.
    pub lines: Vec<LineView>,
    /// The corrections of the printed transcript (empty when it is shown as
    /// printed).
    pub corrections: Vec<CorrectionView>,
    /// Departures of the printed transcript from the rules and its own claims.
    pub departures: usize,
    /// The result, when the game ends.
    pub result: Option<String>,
}

/// Reads a file inside `games` (a link out of it is refused before anything
/// is read).
fn read_inside(games: &Path, path: &Path) -> Result<String, GameError> {
    let named = |mut source: crate::input::InputError| {
        source.file = path.display().to_string();
        GameError::Read {
            path: path.to_path_buf(),
            source,
        }
    };
    let real = super::files::inside(games, path).map_err(|e| {
        named(crate::input::InputError {
            file: String::new(),
            line: None,
            reason: e.to_string(),
        })
    })?;
    crate::input::read_text(&real).map_err(named)
}

/// Reads and parses a transcript inside `games`.
fn read(games: &Path, path: &Path) -> Result<Transcript, GameError> {
    transcript::parse(&read_inside(games, path)?).map_err(|source| GameError::Parse {
        path: path.to_path_buf(),
        source,
    })
}

fn replay(t: &Transcript, path: &Path) -> Result<(ReplayedGame, Position), GameError> {
    let game = check_and_replay_turns(t).map_err(|source| GameError::Infer {
        path: path.to_path_buf(),
        source,
    })?;
    match game.start {
        Some(start) => Ok((game, start)),
        None => Err(GameError::NoStart {
            path: path.to_path_buf(),
            report: game.report.render("game").trim().to_string(),
        }),
    }
}

/// Splits replayed turns into lines: the main line, then each variation (a
/// variation starts where play leaves the main line or a turn number goes back).
fn sections(turns: &[ReplayedTurn]) -> Vec<Vec<&ReplayedTurn>> {
    let mut out: Vec<Vec<&ReplayedTurn>> = Vec::new();
    for t in turns {
        let new = match out.last().and_then(|l| l.last()) {
            None => true,
            Some(prev) => prev.main != t.main || (!t.main && t.number <= prev.number),
        };
        if new {
            out.push(Vec::new());
        }
        if let Some(l) = out.last_mut() {
            l.push(t);
        }
    }
    out
}

fn diagram(
    before: Position,
    after: Position,
    steps: &[(Step, Cascade)],
    side: Color,
    id: &str,
    caption: &str,
) -> Result<String, GameError> {
    let fig = MargritesFigure {
        start: before,
        pos: after,
        steps: steps.iter().map(|(s, c)| (side, *s, *c)).collect(),
        labels: std::collections::BTreeMap::new(),
        legal: Vec::new(),
        illegal: Vec::new(),
        capture: Vec::new(),
    };
    let svg =
        crate::figure::draw::margrites_svg(&fig, &format!("{id}-")).map_err(|(_, message)| {
            GameError::Diagram {
                id: id.to_string(),
                message,
            }
        })?;
    Ok(html::figure(id, &svg, caption))
}

/// Section `s` of the shown game (0: the main line) as the page shows it.
fn line_view(
    shown: &ReplayedGame,
    start: Position,
    s: usize,
    section: &[&ReplayedTurn],
    errata: &[Erratum],
    id_prefix: &str,
) -> Result<LineView, GameError> {
    let from_turn = (s > 0).then(|| section[0].number);
    let mut before = match from_turn {
        None => start,
        // A variation starts from the main-line position before its first turn.
        Some(first) => shown
            .turns
            .iter()
            .filter(|t| t.main && t.number + 1 == first)
            .map(|t| t.after)
            .next()
            .unwrap_or(start),
    };
    let mut turns = Vec::new();
    for t in section {
        let (id, caption) = if s == 0 {
            (
                format!("{id_prefix}t{}", t.number),
                format!("After turn {}.", t.number),
            )
        } else {
            (
                format!("{id_prefix}v{s}-t{}", t.number),
                format!("After turn {} of the variation.", t.number),
            )
        };
        turns.push(TurnView {
            number: t.number,
            side: t.side.name().to_string(),
            played: format_turn(t.number, &t.steps),
            score: standings_text(&t.after.standings()),
            diagram: diagram(before, t.after, &t.steps, t.side, &id, &caption)?,
            corrections: correction_refs(errata, id_prefix, |e| {
                e.part != Part::Setup && e.covers(from_turn, t.number)
            }),
        });
        before = t.after;
    }
    Ok(LineView { from_turn, turns })
}

fn correction_id(id_prefix: &str, i: usize) -> String {
    format!("{id_prefix}correction-{}", i + 1)
}

/// Links to the rows of the corrections table whose entries pass `which`.
fn correction_refs(
    errata: &[Erratum],
    id_prefix: &str,
    which: impl Fn(&Erratum) -> bool,
) -> Vec<CorrectionRef> {
    errata
        .iter()
        .enumerate()
        .filter(|(_, e)| which(e))
        .map(|(i, _)| CorrectionRef {
            number: i + 1,
            id: correction_id(id_prefix, i),
        })
        .collect()
}

fn correction_view(i: usize, e: &Erratum, id_prefix: &str) -> CorrectionView {
    let turns = if e.first == e.last {
        e.first.to_string()
    } else {
        format!("{}–{}", e.first, e.last)
    };
    let turn = match (e.part, e.variation) {
        (Part::Setup, _) => "setup".to_owned(),
        (_, None) => turns,
        (_, Some(v)) => format!("{turns} (variation from turn {v})"),
    };
    let what = match e.part {
        Part::Setup => "setup",
        Part::Number => "turn number",
        Part::Moves => "moves",
        Part::Score => "score line",
        Part::Board => "board",
    };
    CorrectionView {
        number: i + 1,
        id: correction_id(id_prefix, i),
        turn,
        what: what.to_owned(),
        printed: e.printed.clone(),
        corrected: e.corrected.clone(),
        notation: e.first == e.last && matches!(e.part, Part::Moves | Part::Score | Part::Number),
        why: e.why.clone(),
    }
}

/// The result of the shown game's main line, when it ends.
fn result_text(shown: &ReplayedGame) -> Option<String> {
    let r = shown.turns.iter().rfind(|t| t.main)?.after.result()?;
    let score = standings_text(&r.standings);
    Some(match r.winner {
        Some(c) => format!("{c} wins {score}"),
        None => format!("a draw, {score}"),
    })
}

/// Fails when `game` (replayed from `path`) departs from the rules or its
/// own claims.
fn require_legal(game: &ReplayedGame, path: &Path, fix: &str) -> Result<(), GameError> {
    let count = game.report.departures();
    if count == 0 {
        return Ok(());
    }
    let first = game
        .report
        .findings
        .iter()
        .find(|f| f.severity == Severity::Departure)
        .map_or_else(String::new, |f| {
            format!("line {}:{}: {}", f.line, f.column, f.message)
        });
    Err(GameError::Departures {
        path: path.to_path_buf(),
        count,
        first,
        fix: fix.to_owned(),
    })
}

/// Builds the page data for game `name` under `games` (the folder of the
/// transcripts); diagram ids start with `id_prefix`.
///
/// # Errors
/// A file cannot be read; no start can be found; the game to be shown (the
/// corrected transcript, or the printed one when there is none) departs from
/// the rules or its own claims; the errata file is missing or does not list
/// exactly the changes.
pub fn view(games: &Path, name: &str, id_prefix: &str) -> Result<GameView, GameError> {
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(GameError::Name(name.to_string()));
    }
    let printed_path = games.join(format!("{name}.txt"));
    let corrected_path = games.join(format!("{name}.corrected.txt"));
    let errata_path = games.join(format!("{name}.errata.yaml"));
    let printed_t = read(games, &printed_path)?;
    let (printed, printed_start) = replay(&printed_t, &printed_path)?;
    let (shown, start, errata) = if corrected_path.exists() {
        let corrected_t = read(games, &corrected_path)?;
        let (shown, start) = replay(&corrected_t, &corrected_path)?;
        require_legal(
            &shown,
            &corrected_path,
            "correct it until it replays cleanly",
        )?;
        let file = errata_path.display().to_string();
        if !errata_path.exists() {
            return Err(ErrataError {
                file,
                line: 1,
                reason: format!(
                    "missing: {name}.corrected.txt changes the printed game, and each change needs an entry with its reason"
                ),
            }
            .into());
        }
        let list = errata::parse(&read_inside(games, &errata_path)?, &file)?;
        errata::check(&list, &errata::differences(&printed_t, &corrected_t), &file)?;
        (shown, start, list)
    } else {
        if errata_path.exists() {
            return Err(ErrataError {
                file: errata_path.display().to_string(),
                line: 1,
                reason: format!(
                    "there is no {name}.corrected.txt for these corrections to describe"
                ),
            }
            .into());
        }
        require_legal(
            &printed,
            &printed_path,
            &format!("write {name}.corrected.txt and list its changes in {name}.errata.yaml"),
        )?;
        (printed.clone(), printed_start, Vec::new())
    };
    let lines = sections(&shown.turns)
        .iter()
        .enumerate()
        .map(|(s, section)| line_view(&shown, start, s, section, &errata, id_prefix))
        .collect::<Result<Vec<_>, _>>()?;
    let given = printed_t.setup.black.is_some()
        || printed_t.setup.white.is_some()
        || printed_t.start.is_some();
    let start_note = if given && !errata.iter().any(|e| e.part == Part::Setup) {
        "The start is the one the transcript gives."
    } else if errata.iter().any(|e| e.part == Part::Setup) {
        "The rule book gives no setup for this game; the start shown is the one the corrections name."
    } else {
        "The rule book gives no setup for this game; the start shown is the one its moves and boards allow."
    };
    Ok(GameView {
        name: name.to_string(),
        corrections_id: format!("{id_prefix}corrections"),
        start_note: start_note.to_owned(),
        start: diagram(
            start,
            start,
            &[],
            start.to_move(),
            &format!("{id_prefix}start"),
            "The start.",
        )?,
        lines,
        start_corrections: correction_refs(&errata, id_prefix, |e| {
            e.part == Part::Setup && e.variation.is_none()
        }),
        corrections: errata
            .iter()
            .enumerate()
            .map(|(i, e)| correction_view(i, e, id_prefix))
            .collect(),
        departures: printed.report.departures(),
        result: result_text(&shown),
    })
}
