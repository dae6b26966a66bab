//! Margrites figures: a diagram through the engine's checked constructor, the
//! steps played before drawing, shading and labels.

use std::collections::BTreeMap;

use cannonball_rules::margrites::notation::{
    CaptureText, TurnBody, parse_score_line_str, parse_turn_str,
};
use cannonball_rules::margrites::setup::PIECES_PER_SIDE;
use cannonball_rules::margrites::{
    ByColor, Cascade, Color, Diagram, Options, Phase, Position, Square, SquareSet, Step, Tally,
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

/// `black` or `white` (any case).
///
/// # Errors
/// Any other word.
pub fn parse_colour(text: &str) -> Result<Color, String> {
    match text.to_ascii_lowercase().as_str() {
        "black" | "b" => Ok(Color::Black),
        "white" | "w" => Ok(Color::White),
        _ => Err(format!("unknown side `{text}` (expected black or white)")),
    }
}

/// The variations named, as [`Options::parse_list`] reads them; `hostile-setup`
/// (placing the pieces alternately) changes nothing in play and is accepted.
///
/// # Errors
/// An unknown name.
pub fn parse_options(words: &[String]) -> Result<Options, String> {
    let names: Vec<&str> = words
        .iter()
        .map(|w| w.trim_matches(','))
        .filter(|w| !matches!(*w, "hostile-setup" | "hostile" | ""))
        .collect();
    Options::parse_list(&names.join(" "))
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
                .map_err(|_| field(body, key, format!("`{w}` is not a square (a1 to i8)")))
        })
        .collect()
}

/// Builds a figure from its spec: the diagram, then the steps.
///
/// # Errors
/// Every problem found with its body line.
pub fn build(spec: &MargritesSpec, body: &str) -> Result<MargritesFigure, Vec<Located>> {
    let mut errors = Vec::new();
    let mut ok = |r: Result<Vec<Square>, Located>| {
        r.unwrap_or_else(|e| {
            errors.push(e);
            Vec::new()
        })
    };
    let pieces = ByColor {
        black: ok(squares(body, "black", spec.black.as_ref())),
        white: ok(squares(body, "white", spec.white.as_ref())),
    };
    let legal = ok(squares(body, "shade", spec.shade.legal.as_ref()));
    let illegal = ok(squares(body, "shade", spec.shade.illegal.as_ref()));
    let capture = ok(squares(body, "shade", spec.shade.capture.as_ref()));
    let options = match &spec.options {
        Some(w) => parse_options(&w.words()).unwrap_or_else(|m| {
            errors.push(field(body, "options", m));
            Options::STANDARD
        }),
        None => Options::STANDARD,
    };
    let to_move = match &spec.to_move {
        Some(t) => parse_colour(t).unwrap_or_else(|m| {
            errors.push(field(body, "to-move", m));
            Color::Black
        }),
        None => Color::Black,
    };
    let mut labels = BTreeMap::new();
    for (label, at) in &spec.labels {
        match at.parse::<Square>() {
            Ok(sq) => {
                labels.insert(label.clone(), sq);
            }
            Err(_) => errors.push(field(body, "labels", format!("`{at}` is not a square"))),
        }
    }
    let standings = match &spec.score {
        Some(text) => match parse_score_line_str(text) {
            Ok(line) => line.tallies,
            Err(e) => {
                errors.push(field(body, "score", format!("`{text}`: {}", e.message)));
                ByColor::default()
            }
        },
        None => missing_captured(&pieces),
    };
    if !errors.is_empty() {
        return Err(errors);
    }
    let diagram = Diagram {
        pieces,
        to_move,
        turn: spec
            .turn
            .unwrap_or(if to_move == Color::Black { 1 } else { 2 }),
        standings,
    };
    let start = Position::from_diagram(&diagram, options).map_err(|e| {
        let line = ["white", "black", "score"]
            .iter()
            .filter_map(|k| yaml::top_key_line(body, k))
            .min()
            .unwrap_or(1);
        vec![(line, Problem::Setup(e.to_string()))]
    })?;
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
        let line = yaml::top_key_line(body, "steps").unwrap_or(1);
        let fail = |(text, reason)| vec![(line, Problem::Move { text, reason })];
        for text in steps.words() {
            fig.play_text(&text).map_err(fail)?;
        }
        close_full_turn(&mut fig.pos).map_err(|e| fail(("(end of turn)".into(), e.to_string())))?;
    }
    Ok(fig)
}

/// Ends the turn in progress when it is complete: all its steps made, or the
/// game ended during it with White's rebuttal to come. A figure's `steps` and a
/// claim's `after` steps that make a whole turn leave the other side to play.
///
/// # Errors
/// The turn cannot end (never for a complete turn).
pub fn close_full_turn(pos: &mut Position) -> Result<(), cannonball_rules::margrites::IllegalEnd> {
    let complete = pos.steps_made() >= pos.max_steps() || pos.phase() == Phase::RebuttalDue;
    if complete && !pos.is_over() {
        pos.end_turn()?;
    }
    Ok(())
}

fn missing_captured(pieces: &ByColor<Vec<Square>>) -> ByColor<Tally> {
    let missing = |c: Color| PIECES_PER_SIDE.saturating_sub(pieces.get(c).len() as u8);
    ByColor::new_with(|c| Tally {
        points: 0,
        captures: missing(c.other()),
    })
}

/// Why a written step cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The text is not a step.
    Syntax(String),
    /// The notation names a step the rules rule out (a square off the board, the
    /// other side's score letter).
    Illegal(cannonball_rules::margrites::IllegalStep),
}

impl std::fmt::Display for StepError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StepError::Syntax(m) => f.write_str(m),
            StepError::Illegal(e) => write!(f, "{e}"),
        }
    }
}

/// One step as written, with the captures listed after it.
pub struct WrittenStep {
    /// The step.
    pub step: Step,
    /// Captures listed in brackets, if any were written.
    pub listed: Option<Vec<Option<Square>>>,
}

impl MargritesFigure {
    /// The square a word names: a label of the figure, or a square.
    ///
    /// # Errors
    /// Neither.
    pub fn resolve_square(&self, text: &str) -> Result<Square, String> {
        if let Some(&sq) = self.labels.get(text) {
            return Ok(sq);
        }
        text.parse::<Square>()
            .map_err(|_| format!("`{text}` is neither a label of the figure nor a square"))
    }

    /// Reads one step (`f6>f5`, `e8>B++`, `B++>e8`, squares may be labels) for
    /// `pos`, where `previous_to` is where the turn's last step ended.
    ///
    /// # Errors
    /// The text is not a step, or names a step that the notation rules out.
    pub fn read_step(&self, pos: &Position, text: &str) -> Result<WrittenStep, StepError> {
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
        let (turn, _) = parse_turn_str(&format!("1. {spelled}."))
            .map_err(|e| StepError::Syntax(format!("`{text}` is not a step: {}", e.message)))?;
        let TurnBody::Steps { steps, .. } = turn.body else {
            return Err(StepError::Syntax(format!("`{text}` is not a step")));
        };
        let [written] = steps.as_slice() else {
            return Err(StepError::Syntax(format!("`{text}` is not one step")));
        };
        let previous_to = self
            .steps
            .last()
            .and_then(|(_, s, _)| s.to())
            .filter(|_| pos.steps_made() > 0);
        let step = written
            .step
            .resolve(pos, previous_to)
            .map_err(StepError::Illegal)?;
        let listed = (!written.captures.is_empty()).then(|| {
            written
                .captures
                .iter()
                .map(|c| match c {
                    CaptureText::Square(coord) => coord.square(),
                    CaptureText::Unreadable(_) => None,
                })
                .collect()
        });
        Ok(WrittenStep { step, listed })
    }

    /// Plays one word of `steps`: a step, or `/` to end the turn. A step after a
    /// turn's last one ends that turn first (full movement is checked).
    ///
    /// # Errors
    /// The text and why it cannot be played.
    pub fn play_text(&mut self, text: &str) -> Result<(), (String, String)> {
        let fail = |reason: String| (text.to_string(), reason);
        if text == "/" {
            return self.pos.end_turn().map_err(|e| fail(e.to_string()));
        }
        close_full_turn(&mut self.pos).map_err(|e| fail(e.to_string()))?;
        let written = self
            .read_step(&self.pos, text)
            .map_err(|e| fail(e.to_string()))?;
        let mover = self.pos.to_move();
        let report = self
            .pos
            .play_step(written.step)
            .map_err(|e| fail(e.to_string()))?;
        if let Some(listed) = written.listed {
            let named: SquareSet = listed.iter().flatten().copied().collect();
            let all = report.cascade.all();
            if named != all || listed.len() != all.len() as usize {
                return Err(fail(format!(
                    "the captures listed are not the ones made: the step captures {}",
                    if all.is_empty() {
                        "nothing".to_string()
                    } else {
                        all.to_string()
                    }
                )));
            }
        }
        self.steps.push((mover, written.step, report.cascade));
        Ok(())
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
