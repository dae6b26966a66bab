//! Game records: the starting [`State`], each turn with its steps, their captures
//! and the score after it, and the outcome. A record is replayed strictly
//! ([`GameRecord::replay`]) and written as a transcript
//! ([`GameRecord::to_transcript`]); its JSON-lines form is in
//! [`json`](super::json).

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use super::capture::Cascade;
use super::check::ReplayedTurn;
use super::infer::{ReplayedGame, setup_line};
use super::notation::{Claim, ScoreLine, standings_text};
use super::options::Options;
use super::position::Position;
use super::selfplay::Game;
use super::setup::{Setup, SetupError, Tally};
use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;
use super::state::{End, Outcome, PhaseName, State};
use super::step::Step;
use super::table::format_table;

/// A step with the captures it caused, listed round by round, each round in reading
/// order (the order the notation prints them).
///
/// In JSON `{"from":"f6","to":"f5","captures":["g4","f4"]}`; a score or return has
/// the fields of [`Step`]'s JSON form and `captures`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepRecord {
    /// The step.
    pub step: Step,
    /// The squares emptied by the capture cascade it caused.
    pub captures: Vec<Square>,
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

// Serde's `skip_serializing_if` passes a reference.
fn is_false(b: &bool) -> bool {
    !*b
}

/// One turn: its number and side, each step with its captures, and the score after
/// it. See [`json`](super::json) for an example.
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
        record.forfeit = record.is_forfeit();
        record
    }

    /// Whether the turn ends with no step: no step, no resignation, not cut short.
    fn is_forfeit(&self) -> bool {
        self.steps.is_empty() && self.resigned.is_none() && !self.incomplete
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

    /// Replays the turn strictly on `pos` (see [`GameRecord::replay`]); a departure
    /// is the 1-based step at fault, if one is, and what is wrong.
    fn replay(&self, pos: &mut Position) -> Result<(), Departure> {
        if pos.is_over() {
            return Err(Departure::turn("a turn after the game ended".into()));
        }
        if (self.turn, self.side) != (pos.turn(), pos.to_move()) {
            return Err(Departure::turn(format!(
                "the record has turn {} for {}; the replay is at turn {} with {} to move",
                self.turn,
                self.side,
                pos.turn(),
                pos.to_move()
            )));
        }
        if let Some(loser) = self.resigned {
            if !self.steps.is_empty() || self.incomplete {
                return Err(Departure::turn(
                    "a resignation turn has no steps and is not cut short".into(),
                ));
            }
            pos.resign(loser);
        } else {
            self.play_steps(pos)?;
            if !self.incomplete && !pos.is_over() {
                pos.end_turn().map_err(|e| Departure::turn(e.to_string()))?;
            }
        }
        self.check_forfeit()?;
        self.check_score(pos)
    }

    /// Plays each step, which must be legal and capture what it lists.
    fn play_steps(&self, pos: &mut Position) -> Result<(), Departure> {
        for (j, s) in self.steps.iter().enumerate() {
            let at = |message: String| Departure {
                step: Some(j + 1),
                message,
            };
            let report = pos
                .play_step(s.step)
                .map_err(|e| at(format!("illegal step {}: {e}", s.step)))?;
            if !report.cascade.is_listed_by(&s.captures) {
                return Err(at(format!(
                    "captures listed: {}; the step captures: {}",
                    squares_text(s.captures.iter().copied()),
                    squares_text(report.cascade.in_notation_order())
                )));
            }
        }
        Ok(())
    }

    fn check_forfeit(&self) -> Result<(), Departure> {
        let forfeit = self.is_forfeit();
        if self.forfeit == forfeit {
            return Ok(());
        }
        let message = if forfeit {
            "a turn that ends with no step is a forfeit (`\"forfeit\":true`)"
        } else {
            "only a turn that ends with no step is a forfeit"
        };
        Err(Departure::turn(message.into()))
    }

    fn check_score(&self, pos: &Position) -> Result<(), Departure> {
        if self.score == pos.standings() {
            return Ok(());
        }
        Err(Departure::turn(format!(
            "score listed {}, the replay gives {}",
            standings_text(&self.score),
            standings_text(&pos.standings())
        )))
    }
}

/// Where a turn record departs from its replay.
struct Departure {
    step: Option<usize>,
    message: String,
}

impl Departure {
    /// A departure of the turn as a whole.
    fn turn(message: String) -> Departure {
        Departure {
            step: None,
            message,
        }
    }
}

/// A game: the starting position, one [`TurnRecord`] per turn, and the outcome
/// (which a hand-written record may leave out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The starting position.
    pub start: State,
    /// The turns, in order.
    pub turns: Vec<TurnRecord>,
    /// The outcome, if given.
    pub outcome: Option<Outcome>,
}

/// Which part of a game record an error is about.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecordPart {
    /// The start.
    Start,
    /// The turn record with this 0-based index.
    Turn(usize),
    /// The outcome.
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

fn outcome_text(r: &Outcome) -> String {
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
    format!("{end}{winner}, {}", standings_text(&r.score))
}

impl GameRecord {
    /// The record of a self-play game played with `options`.
    pub fn from_selfplay(game: &Game, options: Options) -> Result<GameRecord, SetupError> {
        let mut pos = Position::new(&game.setup, options)?;
        let start = State::from(&pos);
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
            outcome: Some(Outcome::of_position(&pos)),
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
            start: State::from(&start),
            turns: main.into_iter().map(TurnRecord::from_replayed).collect(),
            outcome: Some(Outcome::of_position(&end)),
        })
    }

    /// Replays the record strictly and returns the final position: the start must be
    /// a position, each turn's number and side must be the replay's, every step
    /// legal, each turn ended as full movement requires (unless the game ended or
    /// the turn is marked incomplete), and the captures (as a set), forfeits, scores
    /// and outcome listed must be the replay's.
    pub fn replay(&self) -> Result<Position, ReplayError> {
        let mut pos = Position::from_state(&self.start).map_err(|e| ReplayError {
            part: RecordPart::Start,
            turn: None,
            step: None,
            message: e.to_string(),
        })?;
        let mut cut_short = false;
        for (k, t) in self.turns.iter().enumerate() {
            let fail = |d: Departure| ReplayError {
                part: RecordPart::Turn(k),
                turn: Some(t.turn),
                step: d.step,
                message: d.message,
            };
            if cut_short {
                return Err(fail(Departure::turn(
                    "a turn after a turn cut short".into(),
                )));
            }
            t.replay(&mut pos).map_err(fail)?;
            cut_short = t.incomplete;
        }
        self.check_outcome(&pos)?;
        Ok(pos)
    }

    /// The outcome listed, if any, against the replay's.
    fn check_outcome(&self, end: &Position) -> Result<(), ReplayError> {
        let Some(outcome) = &self.outcome else {
            return Ok(());
        };
        let actual = Outcome::of_position(end);
        if *outcome == actual {
            return Ok(());
        }
        Err(ReplayError {
            part: RecordPart::Outcome,
            turn: None,
            step: None,
            message: format!(
                "the outcome line gives {}; the replay gives {}",
                outcome_text(outcome),
                outcome_text(&actual)
            ),
        })
    }

    /// The game as a transcript `cannonball margrites check` reads: the variations,
    /// the setup (or a `start:` diagram), each turn with its score line, and a final
    /// comment with the outcome. The text notation cannot say everything a state
    /// can (a turn in progress, scored pieces' exits, the dancing-limit count, a
    /// game already over); such a start is refused with the reasons.
    pub fn to_transcript(&self, title: &str) -> Result<String, TextFormError> {
        let reasons = self.untranscribable();
        if !reasons.is_empty() {
            return Err(TextFormError { reasons });
        }
        let mut out = String::new();
        let _ = writeln!(out, "# {title}");
        let names = self.start.variations.names();
        if !names.is_empty() {
            let _ = writeln!(out, "variations: {}", names.join(", "));
        }
        write_start(&mut out, &self.start);
        self.write_turns(&mut out);
        if let Some(o) = &self.outcome {
            let _ = writeln!(out, "# outcome: {}", outcome_text(o));
        }
        Ok(out)
    }

    /// What of the start a transcript cannot say.
    fn untranscribable(&self) -> Vec<String> {
        let s = &self.start;
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
        reasons
    }

    /// Each turn with its score line; the last one claims the result.
    fn write_turns(&self, out: &mut String) {
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
    }
}

/// The start: setup lines for a game's first position, else a `start:` diagram.
fn write_start(out: &mut String, s: &State) {
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
        let side = s.to_move.name().to_ascii_lowercase();
        let _ = writeln!(out, "start: {side} to move");
        let _ = writeln!(out, "{}", standings_text(&s.score));
        let pieces = s
            .pieces
            .clone()
            .map(|l| l.into_iter().collect::<SquareSet>());
        out.push_str(&format_table(&pieces, 'B', 'W'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn step_and_turn_notation() {
        let r = StepRecord {
            step: Step::Move {
                from: sq("f6"),
                to: sq("f5"),
            },
            captures: vec![sq("g4"), sq("f4")],
        };
        assert_eq!(r.notation(), "f6>f5(xg4, xf4)");
        let s = StepRecord {
            step: Step::Score { from: sq("e8") },
            captures: Vec::new(),
        };
        assert_eq!(s.notation(), "e8>B++");
        let mut t = TurnRecord {
            turn: 7,
            side: Color::White,
            steps: vec![r],
            forfeit: false,
            resigned: None,
            incomplete: true,
            score: ByColor::default(),
        };
        assert_eq!(t.notation(), "7. f6>f5(xg4, xf4); ...");
        t.steps.clear();
        t.incomplete = false;
        assert_eq!(t.notation(), "7. forfeit.");
        t.resigned = Some(Color::White);
        assert_eq!(t.notation(), "7. 0(0)-R0(0).");
    }
}
