//! Written turns met with the rules: the second step of reading the rule book's
//! notation. [`notation`](super::notation) reads text into syntax
//! ([`TurnText`], [`StepText`]); here that syntax is resolved on a position (a bare
//! `W++` takes the square the turn's previous step reached) and played, every
//! rule checked, with an error that names the step and why.
//!
//! ```
//! use cannonball_rules::margrites::{Options, Position, Setup, Square};
//! use cannonball_rules::margrites::written::{TurnError, play_whole_turn};
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! let setup = Setup {
//!     black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"].map(sq).to_vec(),
//!     white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"].map(sq).to_vec(),
//! };
//! let pos = Position::new(&setup, Options::STANDARD).unwrap();
//! let played = play_whole_turn(&pos, "1. d2>d3; d3>d4; e2>e3; e3>e4.").unwrap();
//! assert_eq!(played.steps.len(), 4);
//! assert_eq!(played.after.turn(), 2);
//! let err = play_whole_turn(&pos, "1. d2>d3; d3>d2.").unwrap_err();
//! assert!(matches!(err, TurnError::Step { number: 2, .. }));
//! assert_eq!(err.to_string(), "stalling: the piece began the turn on d2");
//! ```

use super::capture::Cascade;
use super::notation::parse_turn_str;
use super::notation::{CaptureText, StepSyntax, StepText, SyntaxError, TurnBody, TurnText};
use super::position::{Position, StepReport};
use super::square::Square;
use super::step::{IllegalEnd, IllegalStep, Step};

/// Why a written step cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The notation names no step here: a square off the board, the other side's
    /// score letter, or a bare score with no step before it in the turn.
    #[error("{0}")]
    Unresolved(IllegalStep),
    /// The step the notation names breaks a rule.
    #[error("{reason}")]
    Illegal {
        /// The step.
        step: Step,
        /// The rule it breaks.
        reason: IllegalStep,
    },
}

impl StepError {
    /// Why the step cannot be played.
    #[must_use]
    pub fn reason(&self) -> &IllegalStep {
        match self {
            StepError::Unresolved(reason) | StepError::Illegal { reason, .. } => reason,
        }
    }
}

/// Why a written turn cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The text is not a turn (the message says what was expected; the error has the
    /// column).
    #[error("{}", .0.message)]
    Syntax(SyntaxError),
    /// A resignation or a turn cut short with `...` where a whole turn is wanted.
    #[error("not a whole turn")]
    NotWhole,
    /// A step cannot be played.
    #[error("{error}")]
    Step {
        /// The 1-based step of the turn.
        number: usize,
        /// Why.
        error: StepError,
    },
    /// The turn cannot end: a legal step is left (full movement), or the game is
    /// over.
    #[error("{0}")]
    End(IllegalEnd),
}

/// A written turn as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedTurn {
    /// Each step played, with what it did, in order.
    pub steps: Vec<StepReport>,
    /// The position after the turn.
    pub after: Position,
}

/// Resolves and plays one written step on `pos`; `previous_to` is where the turn's
/// previous step ended (for a bare `W++`). On error `pos` is unchanged.
pub fn play_step(
    pos: &mut Position,
    written: &StepSyntax,
    previous_to: Option<Square>,
) -> Result<StepReport, StepError> {
    let step = written
        .resolve(pos, previous_to)
        .map_err(StepError::Unresolved)?;
    pos.play_step(step)
        .map_err(|reason| StepError::Illegal { step, reason })
}

/// The steps of one turn as written, resolved on `pos` without playing them (to
/// draw them): each bare score takes the square the step before it reached.
pub fn resolve_steps(pos: &Position, steps: &[StepText]) -> Result<Vec<Step>, TurnError> {
    let mut out: Vec<Step> = Vec::with_capacity(steps.len());
    for (k, st) in steps.iter().enumerate() {
        let previous_to = out.last().and_then(|s| s.to());
        let step = st
            .step
            .resolve(pos, previous_to)
            .map_err(|reason| TurnError::Step {
                number: k + 1,
                error: StepError::Unresolved(reason),
            })?;
        out.push(step);
    }
    Ok(out)
}

/// Plays a written turn on `pos`: its steps, then the end of the turn unless the
/// game ended during it or it is cut short with `...` (then it stays open); a
/// forfeit ends the turn (no legal step may be left); a resignation ends the game.
/// The turn's number is not checked, nor the captures listed (see
/// [`captures_match`]).
pub fn play_turn(pos: &Position, turn: &TurnText) -> Result<PlayedTurn, TurnError> {
    let mut after = *pos;
    let mut steps = Vec::new();
    match &turn.body {
        TurnBody::Forfeit => after.end_turn().map_err(TurnError::End)?,
        TurnBody::Resignation(line) => {
            if let Some(side) = line.resigned {
                after.resign(side);
            }
        }
        TurnBody::Steps {
            steps: written,
            incomplete,
        } => {
            for (k, st) in written.iter().enumerate() {
                let previous_to = steps.last().and_then(|r: &StepReport| r.step.to());
                let report = play_step(&mut after, &st.step, previous_to).map_err(|error| {
                    TurnError::Step {
                        number: k + 1,
                        error,
                    }
                })?;
                steps.push(report);
            }
            if !incomplete && !after.is_over() {
                after.end_turn().map_err(TurnError::End)?;
            }
        }
    }
    Ok(PlayedTurn { steps, after })
}

/// Reads a whole turn written as text (`3. d5>d6; d6>d7(xe5).` or `3. forfeit.`)
/// and plays it on `pos` ([`play_turn`]). A resignation or a turn cut short with
/// `...` is not a whole turn.
pub fn play_whole_turn(pos: &Position, text: &str) -> Result<PlayedTurn, TurnError> {
    let (turn, _) = parse_turn_str(text).map_err(TurnError::Syntax)?;
    match turn.body {
        TurnBody::Steps {
            incomplete: false, ..
        }
        | TurnBody::Forfeit => play_turn(pos, &turn),
        _ => Err(TurnError::NotWhole),
    }
}

/// Whether the captures listed after a written step are exactly those `cascade`
/// made, each once, in any order; `true` when the step lists none (`d2>d3` says
/// nothing of captures; `d2>d3()` cannot be written). A capture that names no
/// square of the board never matches.
#[must_use]
pub fn captures_match(written: &StepText, cascade: &Cascade) -> bool {
    if written.captures.is_empty() {
        return true;
    }
    let listed: Option<Vec<Square>> = written
        .captures
        .iter()
        .map(|c| match c {
            CaptureText::Square(coord) => coord.square(),
            CaptureText::Unreadable(_) => None,
        })
        .collect();
    listed.is_some_and(|squares| cascade.is_listed_by(&squares))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margrites::notation::parse_turn_str;
    use crate::margrites::options::Options;
    use crate::margrites::setup::Diagram;
    use crate::margrites::square::{ByColor, Color};
    use crate::margrites::testing::{opening, sq};

    /// Black e4 and a1, White d5 f6 a8, White to move: f6>f5 captures e4.
    fn capture_ahead() -> Position {
        let pieces = ByColor {
            black: vec![sq("e4"), sq("a1")],
            white: vec![sq("d5"), sq("f6"), sq("a8")],
        };
        Position::from_diagram(
            &Diagram::with_missing_captured(pieces, Color::White),
            Options::STANDARD,
        )
        .unwrap()
    }

    fn turn(text: &str) -> TurnText {
        parse_turn_str(text).unwrap().0
    }

    #[test]
    fn whole_turns_are_played_and_ended() {
        let pos = opening();
        let played = play_whole_turn(&pos, "1. d2>d3; d3>d4; e2>e3; e3>e4.").unwrap();
        assert_eq!(
            played
                .steps
                .iter()
                .map(|r| r.step.to_string())
                .collect::<Vec<_>>(),
            ["d2>d3", "d3>d4", "e2>e3", "e3>e4"]
        );
        assert_eq!(
            (played.after.turn(), played.after.to_move()),
            (2, Color::White)
        );
        let after =
            play_whole_turn(&capture_ahead(), "2. f6>f5(xe4); f5>f4; d5>c4; c4>b4.").unwrap();
        assert_eq!(after.steps[0].cascade.all().collect::<Vec<_>>(), [sq("e4")]);
    }

    #[test]
    fn errors_name_the_step_and_why() {
        let pos = opening();
        let err = play_whole_turn(&pos, "1. d2>d3; d3>d9.").unwrap_err();
        assert_eq!(
            err,
            TurnError::Step {
                number: 2,
                error: StepError::Unresolved(IllegalStep::OffBoard("d9".into()))
            }
        );
        let err = play_whole_turn(&pos, "1. d2>d3; d3>d2.").unwrap_err();
        assert_eq!(
            err,
            TurnError::Step {
                number: 2,
                error: StepError::Illegal {
                    step: Step::Move {
                        from: sq("d3"),
                        to: sq("d2")
                    },
                    reason: IllegalStep::Stalling(sq("d2"))
                }
            }
        );
        let err = play_whole_turn(&pos, "1. d2>d3.").unwrap_err();
        assert!(
            matches!(
                err,
                TurnError::End(IllegalEnd::FullMovement { made: 1, .. })
            ),
            "{err}"
        );
        assert!(
            err.to_string()
                .starts_with("full movement: the turn has 1 of 4 steps")
        );
        let err = play_whole_turn(&pos, "1. d2>d3; W++.").unwrap_err();
        assert_eq!(err.to_string(), "White's score letter in Black's turn");
        let err = play_whole_turn(&pos, "1. d2-d3.").unwrap_err();
        assert!(matches!(err, TurnError::Syntax(_)));
        assert_eq!(err.to_string(), "expected `>` after d2, found `-`");
        for not_whole in ["1. d2>d3; ...", "1. R0(0)-0(0)."] {
            assert_eq!(play_whole_turn(&pos, not_whole), Err(TurnError::NotWhole));
        }
        let err = play_whole_turn(&pos, "1. forfeit.").unwrap_err();
        assert!(matches!(
            err,
            TurnError::End(IllegalEnd::FullMovement { .. })
        ));
    }

    #[test]
    fn any_turn_can_stay_open_or_resign() {
        let pos = capture_ahead();
        let played = play_turn(&pos, &turn("12. f6>f5(xe4); f5>f4; ...")).unwrap();
        assert_eq!(played.after.steps_made(), 2);
        assert_eq!(played.after.to_move(), Color::White);
        let played = play_turn(&pos, &turn("2. 0(0)-R0(0).")).unwrap();
        assert!(played.steps.is_empty());
        assert_eq!(played.after.result().unwrap().winner, Some(Color::Black));
    }

    #[test]
    fn steps_are_resolved_without_playing_and_captures_checked() {
        let pos = opening();
        let TurnBody::Steps { steps, .. } = turn("1. d2>d3; d3>d4; e2>e3.").body else {
            panic!()
        };
        let resolved = resolve_steps(&pos, &steps).unwrap();
        assert_eq!(resolved.len(), 3);
        assert_eq!(pos, opening());
        let TurnBody::Steps { steps, .. } = turn("1. d2>d3; B++.").body else {
            panic!()
        };
        assert_eq!(
            resolve_steps(&pos, &steps).unwrap()[1],
            Step::Score { from: sq("d3") }
        );
        let TurnBody::Steps { steps, .. } = turn("1. B++.").body else {
            panic!()
        };
        assert_eq!(
            resolve_steps(&pos, &steps).unwrap_err().to_string(),
            IllegalStep::BareScore.to_string()
        );

        let mut pos = capture_ahead();
        let TurnBody::Steps { steps, .. } = turn("2. f6>f5(xe4); f5>f4(xa1); d5>c4(xed).").body
        else {
            panic!()
        };
        let report = play_step(&mut pos, &steps[0].step, None).unwrap();
        assert!(captures_match(&steps[0], &report.cascade));
        let report = play_step(&mut pos, &steps[1].step, Some(sq("f5"))).unwrap();
        assert!(!captures_match(&steps[1], &report.cascade));
        let report = play_step(&mut pos, &steps[2].step, Some(sq("f4"))).unwrap();
        assert!(!captures_match(&steps[2], &report.cascade));
        let plain = StepText {
            captures: Vec::new(),
            ..steps[0].clone()
        };
        assert!(captures_match(&plain, &report.cascade));
    }
}
