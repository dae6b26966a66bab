//! The `{{#margrites-game NAME}}` directive: an annotated game replayed by the
//! engine's transcript checker, a diagram after every turn, and the errata the
//! checker found listed under the turns they belong to.
//!
//! The game is `games/margrites/NAME.txt` under the book root. When
//! `NAME.corrected.txt` exists, the diagrams follow it and the errata listed
//! are the printed transcript's departures.

use std::fs;
use std::path::Path;

use serde::Serialize;

use crate::figure::html;
use crate::figure::margrites::MargritesFigure;
use cannonball_rules::margrites::check::{Finding, ReplayedTurn, Severity};
use cannonball_rules::margrites::infer::{ReplayedGame, check_and_replay_turns};
use cannonball_rules::margrites::notation::{
    CaptureText, ScoreLine, StepSyntax, TurnBody, TurnText,
};
use cannonball_rules::margrites::transcript::{self, Transcript, TurnEntry};
use cannonball_rules::margrites::{Position, Step};

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

fn read(path: &Path) -> Result<Transcript, String> {
    let text =
        fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    transcript::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
}

fn replay(t: &Transcript, path: &Path) -> Result<(ReplayedGame, Position), String> {
    let game = check_and_replay_turns(t).map_err(|e| format!("{}: {e}", path.display()))?;
    match game.start {
        Some(start) => Ok((game, start)),
        None => Err(format!(
            "{}: no starting position could be found: {}",
            path.display(),
            game.report.render("game").trim()
        )),
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
    let coord = |c: cannonball_rules::margrites::notation::Coord| c.to_string();
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

fn score_text(pos: &Position) -> String {
    ScoreLine {
        tallies: pos.standings(),
        resigned: None,
        claim: None,
    }
    .to_string()
}

fn diagram(
    before: Position,
    after: Position,
    steps: &[(Step, cannonball_rules::margrites::Cascade)],
    side: cannonball_rules::margrites::Color,
    id: &str,
    caption: &str,
) -> Result<String, String> {
    let fig = MargritesFigure {
        start: before,
        pos: after,
        steps: steps.iter().map(|(s, c)| (side, *s, *c)).collect(),
        labels: std::collections::BTreeMap::new(),
        legal: Vec::new(),
        illegal: Vec::new(),
        capture: Vec::new(),
    };
    let svg = crate::figure::draw::margrites_svg(&fig, &format!("{id}-"))
        .map_err(|(_, e)| format!("diagram {id}: {e}"))?;
    Ok(html::figure(id, &svg, caption))
}

/// Builds the page data for game `name` under `games` (the folder of the
/// transcripts); diagram ids start with `id_prefix`.
///
/// # Errors
/// The transcript cannot be read, or no start position can be found.
pub fn view(games: &Path, name: &str, id_prefix: &str) -> Result<GameView, String> {
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        return Err(format!("`{name}` is not a game name"));
    }
    let printed_path = games.join(format!("{name}.txt"));
    let corrected_path = games.join(format!("{name}.corrected.txt"));
    let printed_name = format!("{name}.txt");
    let printed_t = read(&printed_path)?;
    let (printed, printed_start) = replay(&printed_t, &printed_path)?;
    let corrected = corrected_path.exists();
    let (shown, start) = if corrected {
        replay(&read(&corrected_path)?, &corrected_path)?
    } else {
        (printed.clone(), printed_start)
    };
    let placed = place_findings(&printed.report.findings, &printed.turns);
    // (section, turn number, printed text) of the printed transcript's turns.
    let printed_text: Vec<(usize, u16, String)> = {
        let texts = printed_texts(&printed_t, &printed.turns);
        let mut i = 0;
        let mut v = Vec::new();
        for (s, section) in sections(&printed.turns).iter().enumerate() {
            for t in section {
                if let Some(text) = &texts[i] {
                    v.push((s, t.number, text.clone()));
                }
                i += 1;
            }
        }
        v
    };
    let mut lines = Vec::new();
    for (s, section) in sections(&shown.turns).into_iter().enumerate() {
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
        for t in &section {
            let played = cannonball_rules::margrites::notation::format_turn(t.number, &t.steps);
            let printed = printed_text
                .iter()
                .find(|(ps, n, _)| *n == t.number && *ps == s)
                .map(|(_, _, p)| p.clone())
                .filter(|p| *p != played);
            let errata = placed
                .iter()
                .filter(|(at, _)| *at == Some((s, t.number)))
                .map(|(_, f)| finding_text(f, &printed_name))
                .collect();
            let id = if s == 0 {
                format!("{id_prefix}t{}", t.number)
            } else {
                format!("{id_prefix}v{s}-t{}", t.number)
            };
            let caption = if s == 0 {
                format!("After turn {}.", t.number)
            } else {
                format!("After turn {} of the variation.", t.number)
            };
            turns.push(TurnView {
                number: t.number,
                side: t.side.name().to_string(),
                played,
                printed,
                score: score_text(&t.after),
                diagram: diagram(before, t.after, &t.steps, t.side, &id, &caption)?,
                errata,
            });
            before = t.after;
        }
        lines.push(LineView {
            from_turn: (s > 0).then(|| section[0].number),
            turns,
        });
    }
    let result = shown
        .turns
        .iter()
        .rfind(|t| t.main)
        .and_then(|t| t.after.result())
        .map(|r| match r.winner {
            Some(c) => format!(
                "{c} wins {}",
                ScoreLine {
                    tallies: r.standings,
                    resigned: None,
                    claim: None
                }
            ),
            None => format!(
                "a draw, {}",
                ScoreLine {
                    tallies: r.standings,
                    resigned: None,
                    claim: None
                }
            ),
        });
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
        result,
    })
}
