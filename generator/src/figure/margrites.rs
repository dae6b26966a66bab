//! Margrites figures: a diagram through the engine's checked constructor, the
//! steps played before drawing, shading and labels.

use std::collections::BTreeMap;

use cannonball_rules::margrites::fields::{self, DiagramFields, FieldProblem};
use cannonball_rules::margrites::notation::{StepText, TurnBody, parse_turn_str};
use cannonball_rules::margrites::written::{self, StepError};
use cannonball_rules::margrites::{
    Cascade, Color, Diagram, IllegalEnd, Options, Phase, Position, Square, SquareSet, Step,
    StepReport,
};

use super::error::Problem;
use super::margo::Located;
use super::spec::{MargritesSpec, Words};
use crate::yaml;

/// A Margrites figure, built and played up to the drawn position.
#[derive(Clone, Debug)]
pub struct MargritesFigure {
    /// The position as written, before `steps`.
    pub start: Position,
    /// The drawn position.
    pub pos: Position,
    /// The steps played, with the side that played each and its captures.
    pub steps: Vec<(Color, Step, Cascade)>,
    /// Labels: text to square.
    pub labels: BTreeMap<String, Square>,
    /// Squares shaded green.
    pub legal: Vec<Square>,
    /// Squares shaded red.
    pub illegal: Vec<Square>,
    /// Squares shaded yellow.
    pub capture: Vec<Square>,
}

fn field(body: &str, key: &str, message: impl Into<String>) -> Located {
    (
        yaml::top_key_line(body, key).unwrap_or(1),
        Problem::Field {
            key: key.to_string(),
            message: message.into(),
        },
    )
}

/// A word that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown side `{0}` (expected black or white)")]
pub struct UnknownSide(pub String);

/// `black` or `white` (any case, or `b` or `w`), as [`fields::read_side`] reads it.
///
/// # Errors
/// Any other word.
pub fn parse_colour(text: &str) -> Result<Color, UnknownSide> {
    fields::read_side(text).map_err(|_| UnknownSide(text.to_string()))
}

/// The variations named, as [`Options::parse_list`] reads them; `hostile-setup`
/// (placing the pieces alternately) changes nothing in play and is left out.
fn variations_text(words: &[String]) -> String {
    let names: Vec<&str> = words
        .iter()
        .map(|w| w.trim_matches(','))
        .filter(|w| !matches!(*w, "hostile-setup" | "hostile" | ""))
        .collect();
    names.join(" ")
}

/// The words of a list of squares, as one text.
fn words_text(words: Option<&Words>) -> String {
    words.map(|w| w.words().join(" ")).unwrap_or_default()
}

fn squares(body: &str, key: &str, words: Option<&Words>) -> Result<Vec<Square>, Located> {
    let Some(words) = words else {
        return Ok(Vec::new());
    };
    words
        .words()
        .iter()
        .map(|w| {
            let w = w.trim_matches(',');
            w.parse::<Square>()
                .map_err(|_| field(body, key, not_a_square(w)))
        })
        .collect()
}

fn not_a_square(word: &str) -> String {
    format!("`{word}` is not a square (a1 to i8)")
}

/// A field's problem, as figures word it.
fn field_message(problem: &FieldProblem) -> String {
    match problem {
        FieldProblem::Square { word, .. } => not_a_square(word),
        FieldProblem::Side(text) => UnknownSide(text.clone()).to_string(),
        other => other.to_string(),
    }
}

/// The position as written: pieces, variations, side to move, score and turn.
fn read_diagram(spec: &MargritesSpec, body: &str) -> Result<(Diagram, Options), Vec<Located>> {
    let variations = spec
        .options
        .as_ref()
        .map(|w| variations_text(&w.words()))
        .unwrap_or_default();
    let (black, white) = (
        words_text(spec.black.as_ref()),
        words_text(spec.white.as_ref()),
    );
    let written = DiagramFields {
        variations: &variations,
        black: &black,
        white: &white,
        score: spec.score.as_deref(),
        to_move: spec.to_move.as_deref(),
        turn: spec.turn,
    };
    let (mut diagram, options) = written.read().map_err(|e| {
        e.errors
            .iter()
            .map(|f| field(body, f.field.name(), field_message(&f.problem)))
            .collect::<Vec<_>>()
    })?;
    if spec.turn.is_none() {
        // A figure shows a side's first turn as it is played, handicap or not.
        diagram.turn = if diagram.to_move == Color::Black {
            1
        } else {
            2
        };
    }
    Ok((diagram, options))
}

/// The diagram through the engine's checked constructor.
fn checked(diagram: &Diagram, options: Options, body: &str) -> Result<Position, Vec<Located>> {
    Position::from_diagram(diagram, options).map_err(|e| {
        let line = ["white", "black", "score"]
            .iter()
            .filter_map(|k| yaml::top_key_line(body, k))
            .min()
            .unwrap_or(1);
        vec![(line, Problem::Setup(e.to_string()))]
    })
}

/// Builds a figure from its spec: the diagram, then the steps.
///
/// # Errors
/// Every problem found with its body line.
pub fn build(spec: &MargritesSpec, body: &str) -> Result<MargritesFigure, Vec<Located>> {
    let diagram = read_diagram(spec, body);
    let mut errors = diagram.as_ref().err().cloned().unwrap_or_default();
    let mut ok = |r: Result<Vec<Square>, Located>| {
        r.unwrap_or_else(|e| {
            errors.push(e);
            Vec::new()
        })
    };
    let legal = ok(squares(body, "shade", spec.shade.legal.as_ref()));
    let illegal = ok(squares(body, "shade", spec.shade.illegal.as_ref()));
    let capture = ok(squares(body, "shade", spec.shade.capture.as_ref()));
    let mut labels = BTreeMap::new();
    for (label, at) in &spec.labels {
        match at.parse::<Square>() {
            Ok(sq) => {
                labels.insert(label.clone(), sq);
            }
            Err(_) => errors.push(field(body, "labels", format!("`{at}` is not a square"))),
        }
    }
    let (diagram, options) = match diagram {
        Ok(read) if errors.is_empty() => read,
        _ => return Err(errors),
    };
    let start = checked(&diagram, options, body)?;
    let mut fig = MargritesFigure {
        pos: start,
        start,
        steps: Vec::new(),
        labels,
        legal,
        illegal,
        capture,
    };
    if let Some(steps) = &spec.steps {
        fig.play_steps(
            &steps.words(),
            yaml::top_key_line(body, "steps").unwrap_or(1),
        )?;
    }
    Ok(fig)
}

/// Ends the turn in progress when it is complete: all its steps made, or the
/// game ended during it with White's rebuttal to come. A figure's `steps` and a
/// claim's `after` steps that make a whole turn leave the other side to play.
///
/// # Errors
/// The turn cannot end (never for a complete turn).
pub fn close_full_turn(pos: &mut Position) -> Result<(), IllegalEnd> {
    let complete = pos.steps_made() >= pos.max_steps() || pos.phase() == Phase::RebuttalDue;
    if complete && !pos.is_over() {
        pos.end_turn()?;
    }
    Ok(())
}

/// A word of a figure that is neither one of its labels nor a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is neither a label of the figure nor a square")]
pub struct UnknownSquare(pub String);

/// A word that is not one step as the notation writes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAStep {
    /// The notation cannot read it.
    #[error("`{text}` is not a step: {message}")]
    Syntax {
        /// The word.
        text: String,
        /// What the notation expected.
        message: String,
    },
    /// It reads as a turn without steps (a forfeit, a resignation).
    #[error("`{0}` is not a step")]
    NoStep(String),
    /// It reads as several steps.
    #[error("`{0}` is not one step")]
    Several(String),
}

/// Why a word of `steps` cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepProblem {
    /// The turn in progress cannot end.
    #[error("{0}")]
    End(IllegalEnd),
    /// The word is not a step.
    #[error("{0}")]
    NotAStep(NotAStep),
    /// The step cannot be played.
    #[error("{0}")]
    Step(StepError),
    /// The captures listed after the step are not the ones it makes.
    #[error("the captures listed are not the ones made: the step captures {}", captures_text(.0))]
    Captures(SquareSet),
}

fn captures_text(made: &SquareSet) -> String {
    if made.is_empty() {
        "nothing".to_string()
    } else {
        made.to_string()
    }
}

/// A word of `steps` that cannot be played, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}`: {problem}")]
pub struct StepTextError {
    /// The word as written.
    pub text: String,
    /// Why it cannot be played.
    pub problem: StepProblem,
}

impl MargritesFigure {
    /// The square a word names: a label of the figure, or a square.
    ///
    /// # Errors
    /// Neither.
    pub fn resolve_square(&self, text: &str) -> Result<Square, UnknownSquare> {
        if let Some(&sq) = self.labels.get(text) {
            return Ok(sq);
        }
        text.parse::<Square>()
            .map_err(|_| UnknownSquare(text.to_string()))
    }

    /// Reads one step as written (`f6>f5`, `e8>B++`, `B++>e8`, squares may be
    /// labels, captures may be listed), without resolving it on a position.
    ///
    /// # Errors
    /// The text is not one step.
    pub fn read_step(&self, text: &str) -> Result<StepText, NotAStep> {
        let text = text.trim_end_matches([';', ',', '.']);
        let spelled = match text.split_once('>') {
            Some((a, b)) => {
                let sub = |s: &str| {
                    let (core, rest) = s.split_at(s.find('(').unwrap_or(s.len()));
                    match self.labels.get(core) {
                        Some(sq) => format!("{sq}{rest}"),
                        None => s.to_string(),
                    }
                };
                format!("{}>{}", sub(a), sub(b))
            }
            None => text.to_string(),
        };
        let (turn, _) =
            parse_turn_str(&format!("1. {spelled}.")).map_err(|e| NotAStep::Syntax {
                text: text.to_string(),
                message: e.message,
            })?;
        let TurnBody::Steps { steps, .. } = turn.body else {
            return Err(NotAStep::NoStep(text.to_string()));
        };
        let [written] =
            <[StepText; 1]>::try_from(steps).map_err(|_| NotAStep::Several(text.to_string()))?;
        Ok(written)
    }

    /// Where the turn's last step ended, for a bare `W++` (none at a turn's start).
    #[must_use]
    pub fn previous_to(&self) -> Option<Square> {
        self.steps
            .last()
            .and_then(|(_, s, _)| s.to())
            .filter(|_| self.pos.steps_made() > 0)
    }

    /// Plays one step as written on the drawn position (see
    /// [`written::play_step`]), recording it; on error nothing is played.
    ///
    /// # Errors
    /// The step cannot be resolved or played.
    pub fn play_written(&mut self, written: &StepText) -> Result<StepReport, StepError> {
        let mover = self.pos.to_move();
        let previous_to = self.previous_to();
        let report = written::play_step(&mut self.pos, &written.step, previous_to)?;
        self.steps.push((mover, report.step, report.cascade));
        Ok(report)
    }

    /// Plays one word of `steps`: a step, or `/` to end the turn. A step after a
    /// turn's last one ends that turn first (full movement is checked); the
    /// captures listed after a step must be the ones it makes.
    ///
    /// # Errors
    /// The text and why it cannot be played.
    pub fn play_text(&mut self, text: &str) -> Result<(), StepTextError> {
        self.play_word(text).map_err(|problem| StepTextError {
            text: text.to_string(),
            problem,
        })
    }

    fn play_word(&mut self, text: &str) -> Result<(), StepProblem> {
        if text == "/" {
            return self.pos.end_turn().map_err(StepProblem::End);
        }
        close_full_turn(&mut self.pos).map_err(StepProblem::End)?;
        let written = self.read_step(text).map_err(StepProblem::NotAStep)?;
        let report = self.play_written(&written).map_err(StepProblem::Step)?;
        if !written::captures_match(&written, &report.cascade) {
            return Err(StepProblem::Captures(report.cascade.all()));
        }
        Ok(())
    }

    /// Plays the words of `steps` (at body line `line`), then ends the turn if it
    /// is complete.
    fn play_steps(&mut self, words: &[String], line: usize) -> Result<(), Vec<Located>> {
        let fail = |text: String, reason: String| vec![(line, Problem::Move { text, reason })];
        for text in words {
            self.play_text(text)
                .map_err(|e| fail(e.text, e.problem.to_string()))?;
        }
        close_full_turn(&mut self.pos).map_err(|e| fail("(end of turn)".into(), e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figure::spec::{Place, read};

    fn spec(body: &str) -> MargritesSpec {
        read(
            body,
            &Place {
                file: "t".into(),
                first_line: 1,
            },
        )
        .unwrap()
    }

    const OPENING: &str = "black: b2 c2 d2 e2 f2 g2 h2 e1\nwhite: b7 c7 d7 e7 f7 g7 h7 e8\n";

    #[test]
    fn steps_are_played_and_turns_end_when_full() {
        let body = format!("{OPENING}steps: d2>d3 d3>d4 e2>e3 e3>e4 c7>c6\ncaption: x\n");
        let fig = build(&spec(&body), &body).unwrap();
        assert_eq!(fig.steps.len(), 5);
        assert_eq!(fig.pos.to_move(), Color::White);
        assert_eq!(fig.pos.steps_made(), 1);
        assert_eq!(fig.steps[4].0, Color::White);
        // A whole turn leaves the other side to play.
        let body = format!("{OPENING}steps: d2>d3 d3>d4 e2>e3 e3>e4\ncaption: x\n");
        let fig = build(&spec(&body), &body).unwrap();
        assert_eq!((fig.pos.to_move(), fig.pos.steps_made()), (Color::White, 0));
    }

    #[test]
    fn an_illegal_step_is_named_with_its_reason() {
        let body = format!("{OPENING}steps: d2>d3 d3>d2\ncaption: x\n");
        let errs = build(&spec(&body), &body).unwrap_err();
        let (line, problem) = &errs[0];
        assert_eq!(*line, 3);
        let Problem::Move { text, reason } = problem else {
            panic!("{problem:?}")
        };
        assert_eq!(text, "d3>d2");
        assert!(reason.contains("stalling"), "{reason}");
    }

    #[test]
    fn wrong_capture_lists_and_setups_are_refused() {
        let body = format!("{OPENING}steps: d2>d3(xd4)\ncaption: x\n");
        let errs = build(&spec(&body), &body).unwrap_err();
        assert!(matches!(&errs[0].1, Problem::Move { reason, .. } if reason.contains("nothing")));
        let body = "black: a1 a1\nwhite: a8\ncaption: x\n";
        let errs = build(&spec(body), body).unwrap_err();
        assert!(
            matches!(&errs[0], (1, Problem::Setup(m)) if m.contains("two pieces on a1")),
            "{errs:?}"
        );
        let body = "black: a1\nwhite: a8\noptions: [castling]\ncaption: x\n";
        let errs = build(&spec(body), body).unwrap_err();
        assert!(matches!(&errs[0], (3, Problem::Field { .. })), "{errs:?}");
    }
}
