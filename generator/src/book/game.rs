//! The `{{#margrites-game NAME}}` directive: an annotated game replayed by the
//! engine's transcript checker, a diagram after every turn, and the errata the
//! checker found listed under the turns they belong to.
//!
//! The game is `games/margrites/NAME.txt` under the book root. When
//! `NAME.corrected.txt` exists, the diagrams follow it and the errata listed
//! are the printed transcript's departures.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::figure::html;
use crate::figure::margrites::MargritesFigure;
use cannonball_rules::margrites::check::{Finding, ReplayedTurn, Severity};
use cannonball_rules::margrites::infer::{InferError, ReplayedGame, check_and_replay_turns};
use cannonball_rules::margrites::notation::{
    CaptureText, Coord, StepSyntax, TurnBody, TurnText, format_turn, standings_text,
};
use cannonball_rules::margrites::transcript::{self, Transcript, TranscriptError, TurnEntry};
use cannonball_rules::margrites::{Cascade, Color, Position, Step};

/// Why a game page cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The name is not a plain file name.
    #[error("`{0}` is not a game name")]
    Name(String),
    /// The transcript cannot be read (missing, not a regular file, too
    /// large, not UTF-8).
    #[error("cannot read {source}")]
    Read {
        /// The transcript.
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
    /// The turn as printed, when it differs from `played`.
    pub printed: Option<String>,
    /// The standings after the turn, `B(bc)-W(wc)`.
    pub score: String,
    /// The diagram after the turn (a `<figure>` element).
    pub diagram: String,
    /// The errata found at this turn.
    pub errata: Vec<String>,
}

/// A line of play: the main line or a variation.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct LineView {
    /// For a variation, the main-line turn it replaces.
    pub from_turn: Option<u16>,
    /// Its turns.
    pub turns: Vec<TurnView>,
}

/// What the `margrites-game.md.tera` template gets.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct GameView {
    /// The game's name (its file name without `.txt`).
    pub name: String,
    /// Whether the diagrams follow a corrected transcript.
    pub corrected: bool,
    /// How the start was found (setup given or inferred).
    pub notes: Vec<String>,
    /// The starting position (a `<figure>` element).
    pub start: String,
    /// The main line, then each variation.
    pub lines: Vec<LineView>,
    /// Errata about no particular turn.
    pub general_errata: Vec<String>,
    /// Departures of the printed transcript, in all.
    pub departures: usize,
    /// Notation quirks of the printed transcript that were read anyway.
    pub warnings: usize,
    /// The result, when the game ends.
    pub result: Option<String>,
}

/// Reads and parses a transcript inside `games` (a link out of it is refused
/// before anything is read).
fn read(games: &Path, path: &Path) -> Result<Transcript, GameError> {
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
    let text = crate::input::read_text(&real).map_err(named)?;
    transcript::parse(&text).map_err(|source| GameError::Parse {
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

/// The printed text of each replayed turn: the transcript's turn on the same
/// line (the k-th of that line for the k-th turn replayed from it).
fn printed_texts(t: &Transcript, turns: &[ReplayedTurn]) -> Vec<Option<String>> {
    let entries = all_turn_entries(t);
    turns
        .iter()
        .enumerate()
        .map(|(i, turn)| {
            let k = turns[..i].iter().filter(|x| x.line == turn.line).count();
            entries
                .iter()
                .filter(|e| e.line == turn.line)
                .nth(k)
                .map(|e| printed_turn(&e.turn))
        })
        .collect()
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

/// The section and turn number each finding belongs to (findings about no turn
/// get `None`).
fn place_findings<'a>(
    findings: &'a [Finding],
    turns: &[ReplayedTurn],
) -> Vec<(Option<(usize, u16)>, &'a Finding)> {
    let secs = sections(turns);
    findings
        .iter()
        .filter(|f| f.severity == Severity::Departure)
        .map(|f| {
            let at = f.place.turn.and_then(|n| {
                secs.iter()
                    .enumerate()
                    .flat_map(|(s, l)| l.iter().map(move |t| (s, t)))
                    .filter(|(_, t)| t.number == n && t.line <= f.line)
                    .max_by_key(|(_, t)| t.line)
                    .map(|(s, t)| (s, t.number))
            });
            (at, f)
        })
        .collect()
}

fn finding_text(f: &Finding, file: &str) -> String {
    let msg = f.message.as_str();
    match f.place.step {
        Some(step) if !msg.starts_with("turn") => {
            format!("step {step}: {msg} ({file}, line {})", f.line)
        }
        _ => format!("{msg} ({file}, line {})", f.line),
    }
}

/// The printed notation of a turn as read (entities decoded).
fn printed_turn(t: &TurnText) -> String {
    let coord = |c: Coord| c.to_string();
    match &t.body {
        TurnBody::Forfeit => format!("{}. forfeit.", t.number),
        TurnBody::Resignation(line) => format!("{}. {line}.", t.number),
        TurnBody::Steps { steps, incomplete } => {
            let parts: Vec<String> = steps
                .iter()
                .map(|s| {
                    let mut out = match s.step {
                        StepSyntax::Move { from, to } => format!("{}>{}", coord(from), coord(to)),
                        StepSyntax::Score {
                            from: Some(f),
                            color,
                        } => {
                            format!("{}>{}++", coord(f), color.letter())
                        }
                        StepSyntax::Score { from: None, color } => format!("{}++", color.letter()),
                        StepSyntax::Return { color, to } => {
                            format!("{}++>{}", color.letter(), coord(to))
                        }
                    };
                    if !s.captures.is_empty() {
                        let caps: Vec<String> = s
                            .captures
                            .iter()
                            .map(|c| match c {
                                CaptureText::Square(q) => format!("x{q}"),
                                CaptureText::Unreadable(u) => format!("x{u}"),
                            })
                            .collect();
                        out.push_str(&format!("({})", caps.join(", ")));
                    }
                    out
                })
                .collect();
            let end = if *incomplete { " ..." } else { "." };
            format!("{}. {}{end}", t.number, parts.join("; "))
        }
    }
}

fn all_turn_entries(t: &Transcript) -> Vec<&TurnEntry> {
    t.main
        .iter()
        .chain(t.variations.iter().flat_map(|v| v.turns.iter()))
        .collect()
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

/// (section, turn number, printed text) of the printed transcript's turns.
fn printed_turn_texts(t: &Transcript, printed: &ReplayedGame) -> Vec<(usize, u16, String)> {
    let texts = printed_texts(t, &printed.turns);
    let mut i = 0;
    let mut v = Vec::new();
    for (s, section) in sections(&printed.turns).iter().enumerate() {
        for turn in section {
            if let Some(text) = &texts[i] {
                v.push((s, turn.number, text.clone()));
            }
            i += 1;
        }
    }
    v
}

/// What a line of play is shown with: the printed transcript's turns and errata,
/// the file name the errata cite, and the start of diagram ids.
struct Printed<'a> {
    texts: &'a [(usize, u16, String)],
    placed: &'a [(Option<(usize, u16)>, &'a Finding)],
    name: &'a str,
    id_prefix: &'a str,
}

/// Section `s` of the shown game (0: the main line) as the page shows it.
fn line_view(
    shown: &ReplayedGame,
    start: Position,
    s: usize,
    section: &[&ReplayedTurn],
    printed: &Printed<'_>,
) -> Result<LineView, GameError> {
    let mut before = if s == 0 {
        start
    } else {
        // A variation starts from the main-line position before its first turn.
        let first = section[0].number;
        shown
            .turns
            .iter()
            .filter(|t| t.main && t.number + 1 == first)
            .map(|t| t.after)
            .next()
            .unwrap_or(start)
    };
    let mut turns = Vec::new();
    for t in section {
        turns.push(turn_view(before, t, s, printed)?);
        before = t.after;
    }
    Ok(LineView {
        from_turn: (s > 0).then(|| section[0].number),
        turns,
    })
}

/// One turn of section `s`, played from `before`.
fn turn_view(
    before: Position,
    t: &ReplayedTurn,
    s: usize,
    printed: &Printed<'_>,
) -> Result<TurnView, GameError> {
    let played = format_turn(t.number, &t.steps);
    let printed_text = printed
        .texts
        .iter()
        .find(|(ps, n, _)| *n == t.number && *ps == s)
        .map(|(_, _, p)| p.clone())
        .filter(|p| *p != played);
    let errata = printed
        .placed
        .iter()
        .filter(|(at, _)| *at == Some((s, t.number)))
        .map(|(_, f)| finding_text(f, printed.name))
        .collect();
    let (id, caption) = if s == 0 {
        (
            format!("{}t{}", printed.id_prefix, t.number),
            format!("After turn {}.", t.number),
        )
    } else {
        (
            format!("{}v{s}-t{}", printed.id_prefix, t.number),
            format!("After turn {} of the variation.", t.number),
        )
    };
    Ok(TurnView {
        number: t.number,
        side: t.side.name().to_string(),
        played,
        printed: printed_text,
        score: standings_text(&t.after.standings()),
        diagram: diagram(before, t.after, &t.steps, t.side, &id, &caption)?,
        errata,
    })
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

/// Builds the page data for game `name` under `games` (the folder of the
/// transcripts); diagram ids start with `id_prefix`.
///
/// # Errors
/// The transcript cannot be read, or no start position can be found.
pub fn view(games: &Path, name: &str, id_prefix: &str) -> Result<GameView, GameError> {
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(GameError::Name(name.to_string()));
    }
    let printed_path = games.join(format!("{name}.txt"));
    let corrected_path = games.join(format!("{name}.corrected.txt"));
    let printed_name = format!("{name}.txt");
    let printed_t = read(games, &printed_path)?;
    let (printed, printed_start) = replay(&printed_t, &printed_path)?;
    let corrected = corrected_path.exists();
    let (shown, start) = if corrected {
        replay(&read(games, &corrected_path)?, &corrected_path)?
    } else {
        (printed.clone(), printed_start)
    };
    let placed = place_findings(&printed.report.findings, &printed.turns);
    let texts = printed_turn_texts(&printed_t, &printed);
    let context = Printed {
        texts: &texts,
        placed: &placed,
        name: &printed_name,
        id_prefix,
    };
    let lines = sections(&shown.turns)
        .iter()
        .enumerate()
        .map(|(s, section)| line_view(&shown, start, s, section, &context))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(GameView {
        name: name.to_string(),
        corrected,
        notes: printed.report.notes.clone(),
        start: diagram(
            start,
            start,
            &[],
            start.to_move(),
            &format!("{id_prefix}start"),
            "The start.",
        )?,
        lines,
        general_errata: placed
            .iter()
            .filter(|(at, _)| at.is_none())
            .map(|(_, f)| finding_text(f, &printed_name))
            .collect(),
        departures: printed.report.departures(),
        warnings: printed
            .report
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
            .count(),
        result: result_text(&shown),
    })
}
