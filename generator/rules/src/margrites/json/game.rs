//! Steps with their captures, turns, and whole games as JSON lines; reading them
//! back with a strict replay; writing them as a text transcript.

use std::fmt::Write as _;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::super::capture::Cascade;
use super::super::check::ReplayedTurn;
use super::super::infer::{ReplayedGame, setup_line};
use super::super::notation::{Claim, ScoreLine};
use super::super::options::Options;
use super::super::position::Position;
use super::super::selfplay::Game;
use super::super::setup::{Setup, SetupError, Tally};
use super::super::square::{ByColor, Color, Square};
use super::super::squareset::SquareSet;
use super::super::step::Step;
use super::super::table::format_table;
use super::position::{End, PhaseName, PositionRecord, ResultRecord};
use super::{StepShape, is_false};

/// A step with the captures it caused, listed round by round, each round in reading
/// order (the order the notation prints them).
///
/// `{"from":"f6","to":"f5","captures":["g4","f4"]}`; a score or return has the
/// fields of [`Step`]'s JSON form and `captures`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StepRecordShape", into = "StepRecordShape")]
pub struct StepRecord {
    /// The step.
    pub step: Step,
    /// The squares emptied by the capture cascade it caused.
    pub captures: Vec<Square>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepRecordShape {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    from: Option<Square>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    to: Option<Square>,
    #[serde(default, skip_serializing_if = "is_false")]
    score: bool,
    #[serde(default, rename = "return", skip_serializing_if = "is_false")]
    returns: bool,
    captures: Vec<Square>,
}

impl From<StepRecord> for StepRecordShape {
    fn from(r: StepRecord) -> StepRecordShape {
        let s = StepShape::of(r.step);
        StepRecordShape {
            from: s.from,
            to: s.to,
            score: s.score,
            returns: s.returns,
            captures: r.captures,
        }
    }
}

impl TryFrom<StepRecordShape> for StepRecord {
    type Error = String;
    fn try_from(r: StepRecordShape) -> Result<StepRecord, String> {
        let shape = StepShape {
            from: r.from,
            to: r.to,
            score: r.score,
            returns: r.returns,
        };
        Ok(StepRecord {
            step: shape.step()?,
            captures: r.captures,
        })
    }
}

impl StepRecord {
    /// The record of `step`, which caused `cascade`.
    #[must_use]
    pub fn new(step: Step, cascade: &Cascade) -> StepRecord {
        StepRecord {
            step,
            captures: cascade.in_notation_order().collect(),
        }
    }

    /// The step in the rule book's notation: `f6>f5(xg4, xf4)`.
    #[must_use]
    pub fn notation(&self) -> String {
        let mut s = self.step.to_string();
        if !self.captures.is_empty() {
            let caps: Vec<String> = self.captures.iter().map(|sq| format!("x{sq}")).collect();
            let _ = write!(s, "({})", caps.join(", "));
        }
        s
    }
}

/// One turn: its number and side, each step with its captures, and the score after
/// it. See the [module documentation](super) for an example.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRecord {
    /// The turn (1 is Black's first).
    pub turn: u16,
    /// The side whose turn it is.
    pub side: Color,
    /// The steps, in order.
    pub steps: Vec<StepRecord>,
    /// Whether the turn was forfeit: it ended with no step.
    pub forfeit: bool,
    /// The side that resigned in this turn (left out when none did).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Color>,
    /// Whether the turn is cut short, the rest not given (a transcript's `...`; left
    /// out when false). Only the last turn of a record may be.
    #[serde(default, skip_serializing_if = "is_false")]
    pub incomplete: bool,
    /// Points and captures of both sides after the turn.
    pub score: ByColor<Tally>,
}

impl TurnRecord {
    /// The record of turn `number` of `side`, made of `steps`, leaving `after`.
    #[must_use]
    pub fn new(
        number: u16,
        side: Color,
        steps: &[(Step, Cascade)],
        after: &Position,
    ) -> TurnRecord {
        TurnRecord {
            turn: number,
            side,
            steps: steps.iter().map(|(s, c)| StepRecord::new(*s, c)).collect(),
            forfeit: steps.is_empty(),
            resigned: None,
            incomplete: false,
            score: after.standings(),
        }
    }

    /// The record of a turn the checker replayed.
    #[must_use]
    pub fn from_replayed(t: &ReplayedTurn) -> TurnRecord {
        let mut record = TurnRecord::new(t.number, t.side, &t.steps, &t.after);
        record.resigned = t.resigned;
        record.incomplete = t.incomplete;
        record.forfeit = t.steps.is_empty() && t.resigned.is_none() && !t.incomplete;
        record
    }

    /// The turn in the rule book's notation: `12. b5>a4; a4>a3; c5>b5(xd5); b5>a4.`,
    /// `7. forfeit.`, `19. R1(3)-2(3).` for a resignation, `5. d2>d3; ...` for a
    /// turn cut short.
    #[must_use]
    pub fn notation(&self) -> String {
        if let Some(resigned) = self.resigned {
            let line = ScoreLine {
                tallies: self.score,
                resigned: Some(resigned),
                claim: None,
            };
            return format!("{}. {line}.", self.turn);
        }
        let mut parts: Vec<String> = self.steps.iter().map(StepRecord::notation).collect();
        if self.incomplete {
            parts.push("...".into());
            return format!("{}. {}", self.turn, parts.join("; "));
        }
        if parts.is_empty() {
            return format!("{}. forfeit.", self.turn);
        }
        format!("{}. {}.", self.turn, parts.join("; "))
    }
}

/// The first line of a game record: `{"start": position}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartLine {
    /// The position the game starts from.
    pub start: PositionRecord,
}

/// The last line of a game record: `{"outcome": result}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeLine {
    /// How the game ended, or its standings when unfinished.
    pub outcome: ResultRecord,
}

/// A game as JSON lines: a [`StartLine`], one [`TurnRecord`] per turn, and an
/// [`OutcomeLine`] (which a hand-written record may leave out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The starting position.
    pub start: PositionRecord,
    /// The turns, in order.
    pub turns: Vec<TurnRecord>,
    /// The outcome, if given.
    pub outcome: Option<ResultRecord>,
}

/// Which record of a game an error is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecordPart {
    /// The start line.
    Start,
    /// The turn record with this 0-based index.
    Turn(usize),
    /// The outcome line.
    Outcome,
}

/// Where a game record departs from its replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{message}", place(*turn, *step))]
pub struct ReplayError {
    /// The record at fault.
    pub part: RecordPart,
    /// The turn, for a turn record.
    pub turn: Option<u16>,
    /// The 1-based step, for an error about one step.
    pub step: Option<usize>,
    /// What is wrong.
    pub message: String,
}

fn place(turn: Option<u16>, step: Option<usize>) -> String {
    match (turn, step) {
        (Some(t), Some(s)) => format!("turn {t}, step {s}: "),
        (Some(t), None) => format!("turn {t}: "),
        _ => String::new(),
    }
}

/// A game record that cannot be read, or does not replay: the 1-based line and
/// column (column 1 when the error is about the record as a whole).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct RecordError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A game record that cannot be written in the text notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot be written as a transcript: {}", reasons.join("; "))]
pub struct TextFormError {
    /// What the transcript format has no way to say.
    pub reasons: Vec<String>,
}

fn squares_text(squares: impl IntoIterator<Item = Square>) -> String {
    let v: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

fn tally_text(s: &ByColor<Tally>) -> String {
    format!(
        "{}({})-{}({})",
        s.black.points, s.black.captures, s.white.points, s.white.captures
    )
}

fn outcome_text(r: &ResultRecord) -> String {
    let end = match (r.end, r.resigned) {
        (End::Resignation, Some(c)) => format!("{c} resigned"),
        (End::Resignation, None) => "resignation".into(),
        (End::NoPieces, _) => "no pieces".into(),
        (End::Unfinished, _) => "unfinished".into(),
    };
    let winner = match (r.end, r.winner) {
        (End::Unfinished, _) => String::new(),
        (_, Some(c)) => format!(", {c} wins"),
        (_, None) => ", a draw".into(),
    };
    format!("{end}{winner}, {}", tally_text(&r.score))
}

impl GameRecord {
    /// The record of a self-play game played with `options`.
    pub fn from_selfplay(game: &Game, options: Options) -> Result<GameRecord, SetupError> {
        let mut pos = Position::new(&game.setup, options)?;
        let start = PositionRecord::from(&pos);
        let mut turns = Vec::with_capacity(game.turns.len());
        for turn in &game.turns {
            let (number, side) = (pos.turn(), pos.to_move());
            for (step, _) in turn {
                pos.play_step_unchecked(*step);
            }
            if !pos.is_over() {
                pos.end_turn_unchecked();
            }
            turns.push(TurnRecord::new(number, side, turn, &pos));
        }
        Ok(GameRecord {
            start,
            turns,
            outcome: Some(ResultRecord::of_position(&pos)),
        })
    }

    /// The record of a replayed transcript's main line, as the checker played it;
    /// `None` when the replay had no starting position.
    #[must_use]
    pub fn from_replayed(game: &ReplayedGame) -> Option<GameRecord> {
        let start = game.start?;
        let main: Vec<&ReplayedTurn> = game.turns.iter().filter(|t| t.main).collect();
        let end = main.last().map_or(start, |t| t.after);
        Some(GameRecord {
            start: PositionRecord::from(&start),
            turns: main.into_iter().map(TurnRecord::from_replayed).collect(),
            outcome: Some(ResultRecord::of_position(&end)),
        })
    }

    /// The record as JSON lines, each ended by a newline.
    pub fn json_lines(&self) -> Result<String, serde_json::Error> {
        let mut out = serde_json::to_string(&StartLine {
            start: self.start.clone(),
        })?;
        out.push('\n');
        for t in &self.turns {
            out.push_str(&serde_json::to_string(t)?);
            out.push('\n');
        }
        if let Some(outcome) = self.outcome {
            out.push_str(&serde_json::to_string(&OutcomeLine { outcome })?);
            out.push('\n');
        }
        Ok(out)
    }

    /// Replays the record strictly and returns the final position: the start must be
    /// a position, each turn's number and side must be the replay's, every step
    /// legal, each turn ended as full movement requires (unless the game ended or
    /// the turn is marked incomplete), and the captures (as a set), forfeits, scores
    /// and outcome listed must be the replay's.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut pos = self.start.to_position().map_err(|e| ReplayError {
            part: RecordPart::Start,
            turn: None,
            step: None,
            message: e.to_string(),
        })?;
        let mut cut_short = false;
        for (k, t) in self.turns.iter().enumerate() {
            let fail = |step: Option<usize>, message: String| ReplayError {
                part: RecordPart::Turn(k),
                turn: Some(t.turn),
                step,
                message,
            };
            if cut_short {
                return Err(fail(None, "a turn after a turn cut short".into()));
            }
            if pos.is_over() {
                return Err(fail(None, "a turn after the game ended".into()));
            }
            if (t.turn, t.side) != (pos.turn(), pos.to_move()) {
                return Err(fail(
                    None,
                    format!(
                        "the record has turn {} for {}; the replay is at turn {} with {} to move",
                        t.turn,
                        t.side,
                        pos.turn(),
                        pos.to_move()
                    ),
                ));
            }
            if let Some(loser) = t.resigned {
                if !t.steps.is_empty() || t.incomplete {
                    return Err(fail(
                        None,
                        "a resignation turn has no steps and is not cut short".into(),
                    ));
                }
                pos.resign(loser);
            } else {
                for (j, s) in t.steps.iter().enumerate() {
                    let report = pos
                        .play_step(s.step)
                        .map_err(|e| fail(Some(j + 1), format!("illegal step {}: {e}", s.step)))?;
                    let listed: SquareSet = s.captures.iter().copied().collect();
                    let happened = report.cascade.all();
                    if listed != happened || listed.len() as usize != s.captures.len() {
                        return Err(fail(
                            Some(j + 1),
                            format!(
                                "captures listed: {}; the step captures: {}",
                                squares_text(s.captures.iter().copied()),
                                squares_text(report.cascade.in_notation_order())
                            ),
                        ));
                    }
                }
                if t.incomplete {
                    cut_short = true;
                } else if !pos.is_over() {
                    pos.end_turn().map_err(|e| fail(None, e.to_string()))?;
                }
            }
            let forfeit = t.steps.is_empty() && t.resigned.is_none() && !t.incomplete;
            if t.forfeit != forfeit {
                let message = if forfeit {
                    "a turn that ends with no step is a forfeit (`\"forfeit\":true`)"
                } else {
                    "only a turn that ends with no step is a forfeit"
                };
                return Err(fail(None, message.into()));
            }
            if t.score != pos.standings() {
                return Err(fail(
                    None,
                    format!(
                        "score listed {}, the replay gives {}",
                        tally_text(&t.score),
                        tally_text(&pos.standings())
                    ),
                ));
            }
        }
        if let Some(outcome) = &self.outcome {
            let actual = ResultRecord::of_position(&pos);
            if *outcome != actual {
                return Err(ReplayError {
                    part: RecordPart::Outcome,
                    turn: None,
                    step: None,
                    message: format!(
                        "the outcome line gives {}; the replay gives {}",
                        outcome_text(outcome),
                        outcome_text(&actual)
                    ),
                });
            }
        }
        Ok(pos)
    }

    /// The game as a transcript `cannonball margrites check` reads: the variations,
    /// the setup (or a `start:` diagram), each turn with its score line, and a final
    /// comment with the outcome. The text notation cannot say everything a position
    /// record can (a turn in progress, scored pieces' exits, the dancing-limit
    /// count, a game already over); such a start is refused with the reasons.
    pub fn to_transcript(&self, title: &str) -> Result<String, TextFormError> {
        let mut out = String::new();
        let _ = writeln!(out, "# {title}");
        let s = &self.start;
        let names = s.variations.names();
        if !names.is_empty() {
            let _ = writeln!(out, "variations: {}", names.join(", "));
        }
        let mut reasons = Vec::new();
        if s.turn_in_progress.is_some() {
            reasons.push("the start is in the middle of a turn".to_string());
        }
        if !s.exits.black.is_empty() || !s.exits.white.is_empty() {
            reasons.push("the start lists scored pieces' exit squares".to_string());
        }
        if s.unchanged_turns != 0 {
            reasons.push("the start counts unchanged turns".to_string());
        }
        if s.phase != PhaseName::Playing {
            reasons.push("the start is not in play".to_string());
        }
        let default_turn = if s.to_move == Color::Black { 1 } else { 2 };
        let first_turn = self.turns.first().map_or(default_turn, |t| t.turn);
        if s.turn != first_turn {
            reasons.push(format!(
                "the start is turn {} but the first turn written is {first_turn}",
                s.turn
            ));
        }
        if !reasons.is_empty() {
            return Err(TextFormError { reasons });
        }
        let setup = Setup {
            black: s.pieces.black.clone(),
            white: s.pieces.white.clone(),
        };
        let initial = s.turn == 1
            && s.to_move == Color::Black
            && s.score == ByColor::default()
            && setup.validate().is_ok();
        if initial {
            for color in Color::ALL {
                let set: SquareSet = s.pieces.get(color).iter().copied().collect();
                let _ = writeln!(out, "{}", setup_line(color, set));
            }
        } else {
            let _ = writeln!(out, "start: {} to move", super::color_name(s.to_move));
            let _ = writeln!(out, "{}", tally_text(&s.score));
            let pieces = s
                .pieces
                .clone()
                .map(|l| l.into_iter().collect::<SquareSet>());
            out.push_str(&format_table(&pieces, 'B', 'W'));
        }
        let last = self.turns.len().saturating_sub(1);
        for (k, t) in self.turns.iter().enumerate() {
            let claim = match self.outcome {
                Some(o) if k == last && o.end != End::Unfinished => {
                    Some(o.winner.map_or(Claim::Draw, Claim::Wins))
                }
                _ => None,
            };
            if t.resigned.is_some() {
                let line = ScoreLine {
                    tallies: t.score,
                    resigned: t.resigned,
                    claim,
                };
                // A claim already ends with its period (`: White wins.`).
                let period = if claim.is_none() { "." } else { "" };
                let _ = writeln!(out, "{}. {line}{period}", t.turn);
                continue;
            }
            let _ = writeln!(out, "{}", t.notation());
            let line = ScoreLine {
                tallies: t.score,
                resigned: None,
                claim,
            };
            let _ = writeln!(out, "{line}");
        }
        if let Some(o) = &self.outcome {
            let _ = writeln!(out, "# outcome: {}", outcome_text(o));
        }
        Ok(out)
    }
}

/// A game read from JSON lines and replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadGame {
    /// The record as read.
    pub record: GameRecord,
    /// The 1-based line of its start line.
    pub line: usize,
    /// The position at its end.
    pub end: Position,
}

/// The kind of a line, told by its first key.
enum LineKind {
    Start,
    Turn,
    Outcome,
}

/// The message of a serde_json error without its position, and its column.
fn json_error(line: usize, e: &serde_json::Error) -> RecordError {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    RecordError {
        line,
        column: e.column().max(1),
        message: text.strip_suffix(&suffix).unwrap_or(&text).to_string(),
    }
}

fn parse_line<T: DeserializeOwned>(line: usize, text: &str) -> Result<T, RecordError> {
    serde_json::from_str(text).map_err(|e| json_error(line, &e))
}

fn line_kind(line: usize, text: &str) -> Result<LineKind, RecordError> {
    let map: serde_json::Map<String, serde_json::Value> = parse_line(line, text)?;
    Ok(if map.contains_key("start") {
        LineKind::Start
    } else if map.contains_key("outcome") {
        LineKind::Outcome
    } else {
        LineKind::Turn
    })
}

/// A game record read from JSON lines but not yet replayed, with the line of each
/// of its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsedGame {
    /// The record.
    pub record: GameRecord,
    /// 1-based line of the start line.
    pub start_line: usize,
    /// 1-based line of each turn record.
    pub turn_lines: Vec<usize>,
    /// 1-based line of the outcome line, if given.
    pub outcome_line: Option<usize>,
}

impl ParsedGame {
    /// Replays the record strictly ([`GameRecord::replay`]); an error is located at
    /// the line of the record at fault, column 1.
    pub fn replay(self) -> Result<ReadGame, RecordError> {
        match self.record.replay() {
            Ok(end) => Ok(ReadGame {
                record: self.record,
                line: self.start_line,
                end,
            }),
            Err(e) => {
                let line = match e.part {
                    RecordPart::Start => Some(self.start_line),
                    RecordPart::Turn(k) => self.turn_lines.get(k).copied(),
                    RecordPart::Outcome => self.outcome_line,
                };
                Err(RecordError {
                    line: line.unwrap_or(self.start_line),
                    column: 1,
                    message: e.to_string(),
                })
            }
        }
    }
}

/// Reads game records from JSON lines and replays each strictly (see
/// [`parse_games`] and [`GameRecord::replay`]). The first error is returned, with
/// its line and column.
pub fn read_games(text: &str) -> Result<Vec<ReadGame>, RecordError> {
    parse_games(text)?
        .into_iter()
        .map(ParsedGame::replay)
        .collect()
}

/// Reads game records from JSON lines (blank lines are skipped) without replaying
/// them. A start line begins a game; turn records follow; an outcome line, if given,
/// ends it. A line is told by its key: `start`, `outcome`, else a turn record.
pub fn parse_games(text: &str) -> Result<Vec<ParsedGame>, RecordError> {
    let mut games = Vec::new();
    let mut current: Option<ParsedGame> = None;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.trim().is_empty() {
            continue;
        }
        let fail = |message: &str| RecordError {
            line: n,
            column: 1,
            message: message.into(),
        };
        match line_kind(n, line)? {
            LineKind::Start => {
                let start: StartLine = parse_line(n, line)?;
                games.extend(current.take());
                current = Some(ParsedGame {
                    record: GameRecord {
                        start: start.start,
                        turns: Vec::new(),
                        outcome: None,
                    },
                    start_line: n,
                    turn_lines: Vec::new(),
                    outcome_line: None,
                });
            }
            LineKind::Turn => {
                let turn: TurnRecord = parse_line(n, line)?;
                let Some(game) = current.as_mut() else {
                    return Err(fail("a turn record before any start line"));
                };
                if game.record.outcome.is_some() {
                    return Err(fail("a turn record after the game's outcome line"));
                }
                game.record.turns.push(turn);
                game.turn_lines.push(n);
            }
            LineKind::Outcome => {
                let outcome: OutcomeLine = parse_line(n, line)?;
                let Some(game) = current.as_mut() else {
                    return Err(fail("an outcome line before any start line"));
                };
                if game.record.outcome.is_some() {
                    return Err(fail("a second outcome line for one game"));
                }
                game.record.outcome = Some(outcome.outcome);
                game.outcome_line = Some(n);
            }
        }
    }
    games.extend(current);
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn step_records() {
        let r = StepRecord {
            step: Step::Move {
                from: sq("f6"),
                to: sq("f5"),
            },
            captures: vec![sq("g4"), sq("f4")],
        };
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(text, r#"{"from":"f6","to":"f5","captures":["g4","f4"]}"#);
        assert_eq!(serde_json::from_str::<StepRecord>(&text).unwrap(), r);
        assert_eq!(r.notation(), "f6>f5(xg4, xf4)");
        let score = r#"{"from":"e8","score":true,"captures":[]}"#;
        let s: StepRecord = serde_json::from_str(score).unwrap();
        assert_eq!(s.notation(), "e8>B++");
        assert_eq!(serde_json::to_string(&s).unwrap(), score);
        for bad in [
            r#"{"from":"e8","score":true}"#,
            r#"{"from":"e8","captures":[]}"#,
            r#"{"from":"e8","to":"e7","captures":["x9"]}"#,
        ] {
            assert!(serde_json::from_str::<StepRecord>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bad_lines_are_located() {
        let e = read_games("\n{\"start\": {\"pieces\": 3}}\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 22));
        assert!(e.message.starts_with("invalid type: integer `3`"), "{e}");
        let e = read_games("{\"start\": {\"pieces\": {\"black\": [\"a1\"], \"white\": [\"k9\"]}}}")
            .unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.column > 40, "{e}");
        assert!(e.message.contains("`k9`"), "{e}");
        let turn = r#"{"turn":1,"side":"black","steps":[{"from":"d2","captures":[]}]}"#;
        let e = read_games(&format!(
            "{{\"start\":{{\"pieces\":{{\"black\":[],\"white\":[]}}}}}}\n{turn}"
        ))
        .unwrap_err();
        assert_eq!(e.line, 2);
        assert!(
            e.column > 30 && e.message.starts_with("a step needs"),
            "{e}"
        );
        let e = read_games("{\"turn\": 1}").unwrap_err();
        assert_eq!(e.to_string(), "line 1, column 11: missing field `side`");
        let e = read_games("{\"start\": ").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.message.starts_with("EOF while parsing"), "{e}");
    }
}
