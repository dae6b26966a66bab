//! The one checked way from a [`State`] to a [`Position`], and every reason it can
//! fail.

use std::fmt;

use super::super::position::{
    Ending, GameResult, Moved, Phase, Position, SHORT_TURN_STEPS, STEPS_PER_TURN,
    winner_by_standings,
};
use super::super::setup::{PIECES_PER_SIDE, SetupProblem};
use super::super::square::{ByColor, Color, FILES, Square};
use super::super::squareset::SquareSet;
use super::{End, Outcome, PhaseName, State, TurnInProgress};

/// One reason a [`State`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateProblem {
    /// A problem of the board and standings, as a diagram has them.
    #[error("{0}")]
    Setup(SetupProblem),
    /// Turn 0: turns are numbered from 1.
    #[error("turn 0: turns are numbered from 1")]
    TurnZero,
    /// More than two unchanged turns counted.
    #[error("unchanged_turns is {0}; it counts at most 2")]
    UnchangedTurns(u8),
    /// An exit square off the side's scoring edge.
    #[error("{color}'s exit {square} is not on the row {color} scores off")]
    ExitOffEdge {
        /// The side.
        color: Color,
        /// The square.
        square: Square,
    },
    /// More scored pieces listed by exit than the side has points.
    #[error("{color} has {exits} exits listed but {points} point{}", plural(*points))]
    TooManyExits {
        /// The side.
        color: Color,
        /// Exits listed.
        exits: usize,
        /// Points.
        points: u8,
    },
    /// `"phase":"over"` without a result, or a result without it.
    #[error("a result is given exactly when the phase is `over`")]
    ResultAndPhase,
    /// A result that says the game is unfinished in a position that is over.
    #[error("the game is over but the result says unfinished")]
    ResultUnfinished,
    /// `resigned` given without `"end":"resignation"`, or missing with it.
    #[error("`resigned` names a side exactly when the end is `resignation`")]
    ResignedSide,
    /// The winner written is not the one the rules give.
    #[error(
        "the result gives {}, the rules give {}",
        winner_name(*written),
        winner_name(*actual)
    )]
    Winner {
        /// The winner written (`None`: a draw).
        written: Option<Color>,
        /// The winner by the rules.
        actual: Option<Color>,
    },
    /// The result's score differs from the position's.
    #[error("the result's score differs from the position's")]
    ResultScore,
    /// Play goes on but a side has no pieces.
    #[error("{0} has no pieces, so the game is over")]
    NoPiecesLeft(Color),
    /// The game ended with a side out of pieces, but both sides have pieces.
    #[error("the game ended with no pieces, but both sides have pieces")]
    BothSidesHavePieces,
    /// A rebuttal phase without the rebuttal variation, or with the wrong side to move.
    #[error(
        "a rebuttal phase needs the rebuttal variation, Black to move while it is due, White during it"
    )]
    Rebuttal,
    /// A turn in progress with no step.
    #[error("a turn in progress has made at least one step")]
    NoStepYet,
    /// More steps than the turn allows.
    #[error("{steps} steps made; the turn allows {allowed}")]
    TooManySteps {
        /// Steps made.
        steps: u8,
        /// Steps allowed.
        allowed: u8,
    },
    /// More moved pieces than steps made.
    #[error("more pieces have stepped than steps were made")]
    TooManyMoved,
    /// A moved piece whose square does not hold a piece of the side to move, or is
    /// listed twice.
    #[error("moved piece on {0}: no piece of the side to move there, or listed twice")]
    MovedPiece(Square),
    /// Two moved pieces that began on one square, or one that began where the start
    /// board has no piece of the side to move.
    #[error(
        "moved piece began on {0}: no piece of the side to move there at the start, or two began there"
    )]
    MovedStart(Square),
    /// A moved piece that began off the board without the returning variation.
    #[error("a piece came back onto the board without the returning variation")]
    ReturnWithoutVariation,
    /// A piece that has not stepped this turn but is not on the start board there.
    #[error(
        "{color}'s piece on {square} has not stepped this turn but is not there on the start board"
    )]
    NotOnStartBoard {
        /// The side.
        color: Color,
        /// The square.
        square: Square,
    },
    /// A start board with two pieces on a square.
    #[error("the start board has two pieces on {0}")]
    StartTwoOnASquare(Square),
    /// A start board with more than eight pieces of a side.
    #[error("the start board has more than {PIECES_PER_SIDE} {0} pieces")]
    StartCount(Color),
    /// A returnable piece with no scored piece of the mover to match it.
    #[error("returnable piece at {0}: no scored piece of the side to move left from there")]
    Returnable(Square),
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn winner_name(winner: Option<Color>) -> &'static str {
    match winner {
        None => "a draw",
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
    }
}

/// Every reason a [`State`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct StateError {
    /// The reasons, in the order found.
    pub problems: Vec<StateProblem>,
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Per-file counts of exit squares on `color`'s scoring edge; squares off it are
/// reported.
fn exit_counts(
    color: Color,
    squares: &[Square],
    problems: &mut Vec<StateProblem>,
) -> [u8; FILES as usize] {
    let mut counts = [0u8; FILES as usize];
    for &square in squares {
        if square.rank() == color.scoring_rank() {
            let n = &mut counts[usize::from(square.file())];
            *n = n.saturating_add(1);
        } else {
            problems.push(StateProblem::ExitOffEdge { color, square });
        }
    }
    counts
}

impl State {
    /// The turn number and the unchanged-turn count.
    fn check_counts(&self, problems: &mut Vec<StateProblem>) {
        if self.turn == 0 {
            problems.push(StateProblem::TurnZero);
        }
        if self.unchanged_turns > 2 {
            problems.push(StateProblem::UnchangedTurns(self.unchanged_turns));
        }
    }

    /// Each side's scored pieces per exit file: on the side's scoring edge, and no
    /// more than its points.
    fn exits(&self, problems: &mut Vec<StateProblem>) -> ByColor<[u8; FILES as usize]> {
        let exits = ByColor::new_with(|c| exit_counts(c, self.exits.get(c), problems));
        for color in Color::ALL {
            let (listed, points) = (self.exits.get(color).len(), self.score.get(color).points);
            if listed > usize::from(points) {
                problems.push(StateProblem::TooManyExits {
                    color,
                    exits: listed,
                    points,
                });
            }
        }
        exits
    }

    /// The phase, agreeing with the result, the pieces left and the variations.
    fn phase(&self, problems: &mut Vec<StateProblem>) -> Phase {
        let empty_side = Color::ALL
            .into_iter()
            .find(|&c| self.pieces.get(c).is_empty());
        let rebuttal = self.variations.white_rebuttal;
        match (self.phase, &self.result) {
            (PhaseName::Over, Some(result)) => self.phase_over(result, empty_side, problems),
            (PhaseName::Over, None) | (_, Some(_)) => {
                problems.push(StateProblem::ResultAndPhase);
                Phase::Over(Ending::NoPieces)
            }
            (PhaseName::Playing, None) => {
                if let Some(c) = empty_side {
                    problems.push(StateProblem::NoPiecesLeft(c));
                }
                Phase::Playing
            }
            (PhaseName::RebuttalDue, None) => {
                if !rebuttal || self.to_move != Color::Black || empty_side.is_none() {
                    problems.push(StateProblem::Rebuttal);
                }
                Phase::RebuttalDue
            }
            (PhaseName::Rebuttal, None) => {
                if !rebuttal || self.to_move != Color::White {
                    problems.push(StateProblem::Rebuttal);
                }
                Phase::Rebuttal
            }
        }
    }

    /// A game over: the result checked against the rules, the score and the board.
    fn phase_over(
        &self,
        result: &Outcome,
        empty_side: Option<Color>,
        problems: &mut Vec<StateProblem>,
    ) -> Phase {
        if result.score != self.score {
            problems.push(StateProblem::ResultScore);
        }
        match GameResult::try_from(*result) {
            Ok(r) => {
                let rebuttal = self.variations.white_rebuttal;
                if r.ending == Ending::NoPieces && empty_side.is_none() && !rebuttal {
                    problems.push(StateProblem::BothSidesHavePieces);
                }
                Phase::Over(r.ending)
            }
            Err(p) => {
                problems.push(p);
                Phase::Over(Ending::NoPieces)
            }
        }
    }
}

impl TurnInProgress {
    /// The step count against what the turn allows, and the moved pieces against it.
    fn check_steps(&self, state: &State, phase: Phase, problems: &mut Vec<StateProblem>) {
        if self.steps == 0 {
            problems.push(StateProblem::NoStepYet);
        }
        let handicapped =
            state.variations.black_handicap && state.turn == 1 && state.to_move == Color::Black;
        let allowed = if phase == Phase::Rebuttal || handicapped {
            SHORT_TURN_STEPS
        } else {
            STEPS_PER_TURN
        };
        if self.steps > allowed {
            problems.push(StateProblem::TooManySteps {
                steps: self.steps,
                allowed,
            });
        }
        if self.moved.len() > usize::from(self.steps) || self.moved.len() > MOVED_SLOTS {
            problems.push(StateProblem::TooManyMoved);
        }
    }

    /// The start board: no square twice, at most eight a side.
    fn start_board(&self, problems: &mut Vec<StateProblem>) -> ByColor<SquareSet> {
        let mut start = ByColor::<SquareSet>::default();
        let mut seen = SquareSet::EMPTY;
        for color in Color::ALL {
            let squares = self.board_at_start.get(color);
            if squares.len() > usize::from(PIECES_PER_SIDE) {
                problems.push(StateProblem::StartCount(color));
            }
            for &sq in squares {
                if seen.contains(sq) {
                    problems.push(StateProblem::StartTwoOnASquare(sq));
                }
                seen = seen.with(sq);
                *start.get_mut(color) = start.get(color).with(sq);
            }
        }
        start
    }

    /// The moved pieces: the mover's, each once, each from its own start square (or
    /// from off the board, with the returning variation). Returns their squares.
    fn check_moved(
        &self,
        own: SquareSet,
        own_start: SquareSet,
        returning: bool,
        problems: &mut Vec<StateProblem>,
    ) -> SquareSet {
        let mut now_seen = SquareSet::EMPTY;
        let mut start_seen = SquareSet::EMPTY;
        for m in &self.moved {
            if !own.contains(m.square) || now_seen.contains(m.square) {
                problems.push(StateProblem::MovedPiece(m.square));
            }
            now_seen = now_seen.with(m.square);
            match m.start {
                Some(s) => {
                    if !own_start.contains(s) || start_seen.contains(s) {
                        problems.push(StateProblem::MovedStart(s));
                    }
                    start_seen = start_seen.with(s);
                }
                None if !returning => problems.push(StateProblem::ReturnWithoutVariation),
                None => {}
            }
        }
        now_seen
    }

    /// The mover's returnable pieces per exit file: each a scored piece of the mover.
    fn returnable(
        &self,
        mover: Color,
        scored: [u8; FILES as usize],
        problems: &mut Vec<StateProblem>,
    ) -> [u8; FILES as usize] {
        let mut returnable = [0u8; FILES as usize];
        for &sq in &self.returnable {
            let file = usize::from(sq.file());
            returnable[file] = returnable[file].saturating_add(1);
            if sq.rank() != mover.scoring_rank() || returnable[file] > scored[file] {
                problems.push(StateProblem::Returnable(sq));
            }
        }
        returnable
    }
}

/// Pieces a turn in progress can track (one per step).
const MOVED_SLOTS: usize = STEPS_PER_TURN as usize;

/// Pieces that have not stepped stand where they began: reports those that do not.
fn check_unmoved(
    pos: &Position,
    moved: SquareSet,
    start: &ByColor<SquareSet>,
    problems: &mut Vec<StateProblem>,
) {
    let mover = pos.to_move();
    for color in Color::ALL {
        let still = if color == mover {
            pos.pieces(color).minus(moved)
        } else {
            pos.pieces(color)
        };
        for square in still.minus(*start.get(color)) {
            problems.push(StateProblem::NotOnStartBoard { color, square });
        }
    }
}

impl Position {
    /// The position `state` describes, checked: the diagram's checks
    /// ([`Diagram::validate`](super::super::Diagram::validate)), then the turn and unchanged-turn count, the exits,
    /// the phase and result, and the turn in progress. Returns every reason the
    /// state is not a position.
    pub fn from_state(state: &State) -> Result<Position, StateError> {
        let mut problems = Vec::new();
        let diagram = state.to_diagram();
        if let Err(e) = diagram.validate() {
            problems.extend(e.problems.into_iter().map(StateProblem::Setup));
        }
        state.check_counts(&mut problems);
        let exits = state.exits(&mut problems);
        let phase = state.phase(&mut problems);
        let mut pos = Position::from_diagram_unchecked(&diagram, state.variations);
        pos.phase = phase;
        pos.exits = exits;
        pos.unchanged = state.unchanged_turns;
        pos.returnable = *exits.get(state.to_move);
        if let Some(tip) = &state.turn_in_progress {
            pos.resume_turn(state, tip, &mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(StateError { problems })
        }
    }

    /// Puts the turn in progress into a position made from the rest of `state`,
    /// reporting what does not fit.
    fn resume_turn(
        &mut self,
        state: &State,
        tip: &TurnInProgress,
        problems: &mut Vec<StateProblem>,
    ) {
        let mover = self.to_move;
        tip.check_steps(state, self.phase, problems);
        let start = tip.start_board(problems);
        let returning = state.variations.returning_scored;
        let moved = tip.check_moved(self.pieces(mover), *start.get(mover), returning, problems);
        check_unmoved(self, moved, &start, problems);
        self.returnable = tip.returnable(mover, self.exits(mover), problems);
        self.steps = tip.steps;
        self.turn_start = start;
        self.moved = [Moved::default(); MOVED_SLOTS];
        self.moved_len = 0;
        for (slot, m) in self.moved.iter_mut().zip(&tip.moved) {
            *slot = Moved {
                now: m.square.index() as u8,
                start: m.start,
            };
            self.moved_len += 1;
        }
    }
}

impl Outcome {
    /// How the game ended, if it did and the outcome is consistent about it.
    fn ending(&self) -> Result<Option<Ending>, StateProblem> {
        match (self.end, self.resigned) {
            (End::NoPieces, None) => Ok(Some(Ending::NoPieces)),
            (End::Resignation, Some(c)) => Ok(Some(Ending::Resignation(c))),
            (End::Unfinished, None) => Ok(None),
            _ => Err(StateProblem::ResignedSide),
        }
    }
}

impl TryFrom<Outcome> for GameResult {
    type Error = StateProblem;

    /// The result, checked: a finished game, `resigned` given exactly for a
    /// resignation, and the winner the rules give for that ending and score.
    fn try_from(r: Outcome) -> Result<GameResult, StateProblem> {
        let ending = r.ending()?.ok_or(StateProblem::ResultUnfinished)?;
        let winner = match ending {
            Ending::Resignation(loser) => Some(loser.other()),
            Ending::NoPieces => winner_by_standings(&r.score),
        };
        if winner != r.winner {
            return Err(StateProblem::Winner {
                written: r.winner,
                actual: winner,
            });
        }
        Ok(GameResult {
            ending,
            winner,
            standings: r.score,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::MovedPiece;
    use super::*;
    use crate::margrites::setup::Tally;
    use crate::margrites::step::Step;
    use crate::margrites::testing::{opening, sq};

    #[test]
    fn every_problem_is_reported() {
        let mut state = State::from(&opening());
        state.turn = 0;
        state.pieces.black.push(sq("a8"));
        state.exits.white.push(sq("a8"));
        state.unchanged_turns = 3;
        state.phase = PhaseName::Over;
        let err = Position::from_state(&state).unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                StateProblem::Setup(SetupProblem::WrongCount {
                    color: Color::Black,
                    count: 9
                }),
                StateProblem::Setup(SetupProblem::Accounting {
                    color: Color::Black,
                    on_board: 9,
                    points: 0,
                    captured: 0
                }),
                StateProblem::Setup(SetupProblem::TwoOnASquare { square: sq("a8") }),
                StateProblem::TurnZero,
                StateProblem::UnchangedTurns(3),
                StateProblem::ExitOffEdge {
                    color: Color::White,
                    square: sq("a8")
                },
                StateProblem::TooManyExits {
                    color: Color::White,
                    exits: 1,
                    points: 0
                },
                StateProblem::ResultAndPhase,
            ]
        );
        assert!(err.to_string().starts_with(
            "not a position: Black has 9 pieces, not 8; Black: 9 on the board + 0 scored"
        ));
    }

    #[test]
    fn turn_in_progress_problems_are_reported() {
        let mut pos = opening();
        pos.play_step(Step::Move {
            from: sq("d2"),
            to: sq("d3"),
        })
        .unwrap();
        let mut state = State::from(&pos);
        let tip = state.turn_in_progress.as_mut().unwrap();
        tip.steps = 5;
        tip.moved.push(MovedPiece {
            square: sq("e2"),
            start: None,
        });
        tip.moved.push(MovedPiece {
            square: sq("d3"),
            start: Some(sq("c3")),
        });
        tip.board_at_start.white.push(sq("a1"));
        tip.returnable.push(sq("e8"));
        let err = Position::from_state(&state).unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                StateProblem::TooManySteps {
                    steps: 5,
                    allowed: 4
                },
                StateProblem::StartCount(Color::White),
                StateProblem::StartTwoOnASquare(sq("a1")),
                StateProblem::ReturnWithoutVariation,
                StateProblem::MovedPiece(sq("d3")),
                StateProblem::MovedStart(sq("c3")),
                StateProblem::Returnable(sq("e8")),
            ]
        );
        let text = err.to_string();
        assert!(text.contains("5 steps made; the turn allows 4"), "{text}");
        assert!(
            text.contains("the start board has two pieces on a1"),
            "{text}"
        );
    }

    #[test]
    fn phases_are_checked_against_the_variations_and_the_board() {
        let mut state = State::from(&opening());
        state.phase = PhaseName::Rebuttal;
        let err = Position::from_state(&state).unwrap_err();
        assert_eq!(err.problems, vec![StateProblem::Rebuttal]);
        state.phase = PhaseName::Playing;
        state.pieces.white.clear();
        state.score.black.captures = 8;
        let err = Position::from_state(&state).unwrap_err();
        assert_eq!(err.problems, vec![StateProblem::NoPiecesLeft(Color::White)]);
        assert_eq!(
            err.to_string(),
            "not a position: White has no pieces, so the game is over"
        );
    }

    #[test]
    fn results_are_checked() {
        let score = ByColor {
            black: Tally {
                points: 1,
                captures: 0,
            },
            white: Tally {
                points: 0,
                captures: 8,
            },
        };
        let mut r = Outcome {
            end: End::NoPieces,
            resigned: None,
            winner: Some(Color::Black),
            score,
        };
        assert_eq!(GameResult::try_from(r).unwrap().winner, Some(Color::Black));
        r.winner = None;
        assert_eq!(
            GameResult::try_from(r),
            Err(StateProblem::Winner {
                written: None,
                actual: Some(Color::Black)
            })
        );
        assert_eq!(
            StateProblem::Winner {
                written: None,
                actual: Some(Color::Black)
            }
            .to_string(),
            "the result gives a draw, the rules give black"
        );
        r.end = End::Resignation;
        assert_eq!(GameResult::try_from(r), Err(StateProblem::ResignedSide));
        r.resigned = Some(Color::Black);
        r.winner = Some(Color::White);
        assert!(GameResult::try_from(r).is_ok());
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"end":"resignation","resigned":"black","winner":"white","score":{"black":{"points":1,"captures":0},"white":{"points":0,"captures":8}}}"#
        );
    }
}
