//! The wire format of a puzzle file: the YAML as serde reads and writes it,
//! every move, value, objective and theme as its text. Files are read into
//! this form and then typed once ([`typed`], errors at their lines), and
//! written from it ([`raw`]), so that a file read and written again keeps its
//! bytes.

use cannonball_rules::Game;
use serde::{Deserialize, Serialize};

use super::grade::{Difficulty, GameValue, Minimality};
use super::load::PuzzleError;
use super::model::{Line, MoveValue, OtherToMove, Provenance, Puzzle, Reply, Try};
use super::position::{Move, Position, PositionSpec};
use super::theme::Theme;
use super::value::Value;
use crate::solve::Objective;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMoveValue {
    #[serde(rename = "move")]
    mv: String,
    value: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReply {
    #[serde(rename = "move")]
    mv: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<Box<RawLine>>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    end: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLine {
    #[serde(rename = "move")]
    mv: String,
    only: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    replies: Vec<RawReply>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    end: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTry {
    #[serde(rename = "move")]
    mv: String,
    tempting: String,
    value: String,
    refutation: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOtherToMove {
    why: String,
    value: String,
    line: Vec<String>,
}

/// A puzzle file as written, field by field.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(super) struct RawPuzzle {
    pub(super) id: String,
    pub(super) game: Game,
    question: String,
    objective: String,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub(super) turns: u8,
    pub(super) position: PositionSpec,
    key: String,
    game_value: GameValue,
    values: Vec<RawMoveValue>,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    first_turns: u32,
    solution: RawLine,
    tries: Vec<RawTry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    other_to_move: Option<RawOtherToMove>,
    minimality: Minimality,
    themes: Vec<String>,
    difficulty: Difficulty,
    provenance: Provenance,
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if"
)]
fn is_zero(n: &u8) -> bool {
    *n == 0
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    reason = "serde's skip_serializing_if"
)]
fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

/// The wire form of `p`.
pub(super) fn raw(p: &Puzzle) -> RawPuzzle {
    let mv = |m: &Move| p.notation(m);
    RawPuzzle {
        id: p.id.clone(),
        game: p.game,
        question: p.question.clone(),
        objective: p.objective.file_text(p.game),
        turns: p.turns,
        position: p.position.spec(),
        key: mv(&p.key),
        game_value: p.game_value,
        values: p
            .values
            .iter()
            .map(|v| RawMoveValue {
                mv: mv(&v.mv),
                value: v.value.to_string(),
            })
            .collect(),
        first_turns: p.first_turns,
        solution: raw_line(p, &p.solution),
        tries: p
            .tries
            .iter()
            .map(|t| RawTry {
                mv: mv(&t.mv),
                tempting: t.tempting.clone(),
                value: t.value.to_string(),
                refutation: t.refutation.iter().map(mv).collect(),
            })
            .collect(),
        other_to_move: p.other_to_move.as_ref().map(|o| RawOtherToMove {
            why: o.why.clone(),
            value: o.value.to_string(),
            line: o.line.iter().map(mv).collect(),
        }),
        minimality: p.minimality.clone(),
        themes: p.themes.iter().map(|t| t.slug().to_owned()).collect(),
        difficulty: p.difficulty.clone(),
        provenance: p.provenance.clone(),
    }
}

fn raw_line(p: &Puzzle, line: &Line) -> RawLine {
    RawLine {
        mv: p.notation(&line.mv),
        only: line.only,
        replies: line
            .replies
            .iter()
            .map(|r| RawReply {
                mv: p.notation(&r.mv),
                answer: r.answer.as_ref().map(|a| Box::new(raw_line(p, a))),
                end: r.end.clone(),
            })
            .collect(),
        end: line.end.clone(),
    }
}

/// Where typing a file's fields reports its errors.
struct Reader<'a> {
    file: &'a str,
    text: &'a str,
    game: Game,
    objective: Objective,
    position: Position,
}

impl Reader<'_> {
    /// An error at the first line whose value is `value` (quoted or not, a
    /// list item or a key's), else at the line of `key`.
    fn at(&self, value: &str, key: &str, reason: String) -> PuzzleError {
        let line = self
            .text
            .lines()
            .position(|l| {
                let item = l.trim_start().trim_start_matches("- ");
                let v = item.split_once(": ").map_or(item, |(_, v)| v).trim();
                v.trim_matches('\'').trim_matches('"') == value
            })
            .map(|i| i + 1);
        match line {
            Some(line) => PuzzleError::At {
                file: self.file.to_owned(),
                line,
                reason,
            },
            None => PuzzleError::at_key(self.file, self.text, key, reason),
        }
    }

    fn mv(&self, text: &str) -> Result<Move, PuzzleError> {
        self.position
            .parse_move(text)
            .map_err(|e| self.at(text, "move", e.to_string()))
    }

    fn value(&self, text: &str) -> Result<Value, PuzzleError> {
        Value::parse(text, self.game, self.objective)
            .map_err(|e| self.at(text, "value", e.to_string()))
    }

    fn theme(&self, text: &str) -> Result<Theme, PuzzleError> {
        let theme: Theme = text
            .parse()
            .map_err(|e: super::theme::UnknownTheme| self.at(text, "themes", e.to_string()))?;
        if !theme.games().contains(&self.game.slug()) {
            return Err(self.at(
                text,
                "themes",
                format!("`{text}` is not a theme of {} puzzles", self.game.title()),
            ));
        }
        Ok(theme)
    }

    fn line(&self, raw: RawLine) -> Result<Line, PuzzleError> {
        Ok(Line {
            mv: self.mv(&raw.mv)?,
            only: raw.only,
            replies: raw
                .replies
                .into_iter()
                .map(|r| {
                    Ok(Reply {
                        mv: self.mv(&r.mv)?,
                        answer: match r.answer {
                            Some(a) => Some(Box::new(self.line(*a)?)),
                            None => None,
                        },
                        end: r.end,
                    })
                })
                .collect::<Result<_, PuzzleError>>()?,
            end: raw.end,
        })
    }
}

/// The checks on a file's id, position kind, objective and turns, in that
/// order; then the objective.
fn question(raw: &RawPuzzle, text: &str, file: &str) -> Result<Objective, PuzzleError> {
    let prefix = format!("{}-", raw.game.slug());
    let hex = raw.id.strip_prefix(&prefix).unwrap_or("");
    if hex.len() != 12
        || !hex
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
    {
        return Err(PuzzleError::at_key(
            file,
            text,
            "id",
            format!(
                "id `{}` is not `{prefix}` and twelve lower-case hex digits",
                raw.id
            ),
        ));
    }
    let kind_ok = matches!(
        (&raw.position, raw.game),
        (PositionSpec::Margo(_), Game::Spargo | Game::Margo)
            | (PositionSpec::Margrites(_), Game::Margrites)
    );
    if !kind_ok {
        return Err(PuzzleError::at_key(
            file,
            text,
            "position",
            format!("the position is not a {} position", raw.game.title()),
        ));
    }
    let objective = Objective::from_file(&raw.objective, raw.game)
        .map_err(|e| PuzzleError::at_key(file, text, "objective", e.to_string()))?;
    if objective.wants_turns(raw.game) != (raw.turns > 0) {
        return Err(PuzzleError::at_key(
            file,
            text,
            "turns",
            "Margrites, capture and save puzzles give `turns` (1 or more); Margo and Spargo win and best-margin puzzles do not",
        ));
    }
    Ok(objective)
}

/// The typed puzzle of a file's wire form (`text` is the file's text, for
/// the lines of errors).
pub(super) fn typed(raw: RawPuzzle, text: &str, file: &str) -> Result<Puzzle, PuzzleError> {
    let objective = question(&raw, text, file)?;
    let position = Position::from_spec(&raw.position)
        .map_err(|e| PuzzleError::at_key(file, text, "position", e.to_string()))?;
    let r = Reader {
        file,
        text,
        game: raw.game,
        objective,
        position,
    };
    let other_to_move = match &raw.other_to_move {
        None => None,
        Some(o) => {
            if !matches!(raw.game, Game::Spargo | Game::Margo) || objective != Objective::Win {
                return Err(PuzzleError::at_key(
                    file,
                    text,
                    "other-to-move",
                    "only Margo and Spargo `win` puzzles ask who wins whoever moves next",
                ));
            }
            Some(OtherToMove {
                why: o.why.clone(),
                value: r.value(&o.value)?,
                line: o.line.iter().map(|m| r.mv(m)).collect::<Result<_, _>>()?,
            })
        }
    };
    let values = raw
        .values
        .iter()
        .map(|v| {
            Ok(MoveValue {
                mv: r.mv(&v.mv)?,
                value: r.value(&v.value)?,
            })
        })
        .collect::<Result<_, PuzzleError>>()?;
    let tries = raw
        .tries
        .iter()
        .map(|t| {
            Ok(Try {
                mv: r.mv(&t.mv)?,
                tempting: t.tempting.clone(),
                value: r.value(&t.value)?,
                refutation: t
                    .refutation
                    .iter()
                    .map(|m| r.mv(m))
                    .collect::<Result<_, _>>()?,
            })
        })
        .collect::<Result<_, PuzzleError>>()?;
    let themes = raw
        .themes
        .iter()
        .map(|t| r.theme(t))
        .collect::<Result<_, _>>()?;
    Ok(Puzzle {
        other_to_move,
        key: r.mv(&raw.key)?,
        game_value: raw.game_value,
        solution: r.line(raw.solution)?,
        values,
        tries,
        themes,
        id: raw.id,
        game: raw.game,
        question: raw.question,
        objective,
        turns: raw.turns,
        position: r.position,
        first_turns: raw.first_turns,
        minimality: raw.minimality,
        difficulty: raw.difficulty,
        provenance: raw.provenance,
    })
}
