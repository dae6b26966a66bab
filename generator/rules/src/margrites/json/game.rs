//! Game records as JSON lines ([`StartLine`], one [`TurnRecord`] per turn,
//! [`OutcomeLine`]), and reading them back with the record's strict replay
//! ([`GameRecord::replay`]).

use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::super::position::Position;
use super::super::record::{GameRecord, RecordPart, StepRecord, TurnRecord};
use super::super::square::Square;
use super::super::state::{Outcome, State};
use super::{StepShape, is_false};

/// A [`StepRecord`]'s fields as written: a step's, and its captures.
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

impl Serialize for StepRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        StepRecordShape::from(self.clone()).serialize(s)
    }
}

impl<'de> Deserialize<'de> for StepRecord {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StepRecord, D::Error> {
        let shape = StepRecordShape::deserialize(d)?;
        StepRecord::try_from(shape).map_err(serde::de::Error::custom)
    }
}

/// The first line of a game record: `{"start": position}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartLine {
    /// The position the game starts from.
    pub start: State,
}

/// The last line of a game record: `{"outcome": result}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeLine {
    /// How the game ended, or its standings when unfinished.
    pub outcome: Outcome,
}

impl GameRecord {
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
    use crate::margrites::step::Step;

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
        let score = r#"{"from":"e8","score":true,"captures":[]}"#;
        let s: StepRecord = serde_json::from_str(score).unwrap();
        assert_eq!(s.step, Step::Score { from: sq("e8") });
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
