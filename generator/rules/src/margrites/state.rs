//! The whole state of a game as written: everything a [`Position`] holds, in plain
//! public fields and unvalidated ([`State`]), and the one checked way from it to a
//! position ([`Position::from_state`]), whose error lists every reason it fails.
//!
//! A [`Setup`](super::Setup) says where the pieces start and a
//! [`Diagram`] where they stand between turns; a state also says what only a game
//! in progress knows: the turn in progress, the scored pieces' exit squares, the
//! unchanged-turn count of the dancing limit, the phase and the result. Its JSON
//! form is the position record of [`json`](super::json).
//!
//! ```
//! use cannonball_rules::margrites::{Options, Position, Setup, Square, State, Step};
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! let setup = Setup {
//!     black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"].map(sq).to_vec(),
//!     white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"].map(sq).to_vec(),
//! };
//! let mut pos = Position::new(&setup, Options::STANDARD).unwrap();
//! pos.play_step(Step::Move { from: sq("d2"), to: sq("d3") }).unwrap();
//! let mut state = State::from(&pos);
//! assert_eq!(state.turn_in_progress.as_ref().unwrap().steps, 1);
//! assert_eq!(Position::from_state(&state), Ok(pos));
//! state.turn = 0;
//! let err = Position::from_state(&state).unwrap_err();
//! assert_eq!(err.to_string(), "not a position: turn 0: turns are numbered from 1");
//! ```

use std::fmt;

use serde::{Deserialize, Serialize};

use super::options::Options;
use super::position::{
    Ending, GameResult, Moved, Phase, Position, SHORT_TURN_STEPS, STEPS_PER_TURN,
    winner_by_standings,
};
use super::setup::{Diagram, PIECES_PER_SIDE, SetupProblem, Tally};
use super::square::{ByColor, Color, FILES, Square};
use super::squareset::SquareSet;

/// Where the game stands, by name: `playing`, `rebuttal-due`, `rebuttal`, `over`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PhaseName {
    /// Play goes on.
    #[default]
    Playing,
    /// The game ended during Black's turn; White's rebuttal turn comes next.
    RebuttalDue,
    /// White's rebuttal turn is being played.
    Rebuttal,
    /// The game is over (see the result).
    Over,
}

impl PhaseName {
    /// The name of `phase`.
    #[must_use]
    pub const fn of(phase: Phase) -> PhaseName {
        match phase {
            Phase::Playing => PhaseName::Playing,
            Phase::RebuttalDue => PhaseName::RebuttalDue,
            Phase::Rebuttal => PhaseName::Rebuttal,
            Phase::Over(_) => PhaseName::Over,
        }
    }
}

/// How a game ended, or that it has not: `no-pieces`, `resignation`, `unfinished`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum End {
    /// A side has no pieces left on the board.
    NoPieces,
    /// A side resigned (named in `resigned`).
    Resignation,
    /// The game has not ended (stopped at a turn cap, or the record stops).
    Unfinished,
}

/// A game's outcome as written: how it ended, or the standings of an unfinished
/// game.
///
/// `{"end":"resignation","resigned":"black","winner":"white","score":{...}}`
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    /// How the game ended.
    pub end: End,
    /// The side that resigned (only with `"end":"resignation"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Color>,
    /// The winner; `null` for a draw or an unfinished game.
    pub winner: Option<Color>,
    /// Points and captures of both sides.
    pub score: ByColor<Tally>,
}

impl From<GameResult> for Outcome {
    fn from(r: GameResult) -> Outcome {
        let (end, resigned) = match r.ending {
            Ending::NoPieces => (End::NoPieces, None),
            Ending::Resignation(c) => (End::Resignation, Some(c)),
        };
        Outcome {
            end,
            resigned,
            winner: r.winner,
            score: r.standings,
        }
    }
}

impl Outcome {
    /// An unfinished game with these standings.
    #[must_use]
    pub fn unfinished(score: ByColor<Tally>) -> Outcome {
        Outcome {
            end: End::Unfinished,
            resigned: None,
            winner: None,
            score,
        }
    }

    /// The result of `pos`, or its standings as unfinished.
    #[must_use]
    pub fn of_position(pos: &Position) -> Outcome {
        pos.result()
            .map_or_else(|| Outcome::unfinished(pos.standings()), Into::into)
    }

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

/// A piece that has stepped in the turn in progress: where it stands and where it
/// began the turn (`null` for a scored piece that came back this turn).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovedPiece {
    /// Where the piece stands now.
    pub square: Square,
    /// Where it began the turn; `null` when it began off the board.
    pub start: Option<Square>,
}

/// The state of a turn that has begun: what full movement, stalling, returning and
/// the dancing limit need.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnInProgress {
    /// Steps made so far (at least one).
    pub steps: u8,
    /// The pieces that have stepped and are still on the board, in the order they
    /// first stepped.
    pub moved: Vec<MovedPiece>,
    /// The board at the start of the turn.
    pub board_at_start: ByColor<Vec<Square>>,
    /// The mover's scored pieces that may still come back this turn, by exit square
    /// (a square once per piece).
    pub returnable: Vec<Square>,
}

/// The whole state of a game, as written and unvalidated. See the
/// [module documentation](self) for an example, and [`json`](super::json) for its
/// JSON form.
///
/// Made from a [`Position`] with [`State::from`]; turned into one with
/// [`Position::from_state`], which reports every reason the state is not a
/// position. On reading JSON, every field but `pieces` may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct State {
    /// The turn being played (1 is Black's first).
    #[serde(default = "first_turn")]
    pub turn: u16,
    /// The side whose turn it is.
    #[serde(default = "black")]
    pub to_move: Color,
    /// Where the game stands.
    #[serde(default)]
    pub phase: PhaseName,
    /// Each side's pieces, in reading order.
    pub pieces: ByColor<Vec<Square>>,
    /// Points and captures credited.
    #[serde(default)]
    pub score: ByColor<Tally>,
    /// Each side's scored pieces by the square they left from (once per piece), in
    /// reading order: where the returning variation may bring them back.
    #[serde(default)]
    pub exits: ByColor<Vec<Square>>,
    /// The variations in force.
    #[serde(default)]
    pub variations: Options,
    /// Consecutive finished turns that left the board unchanged, 0 to 2 (what the
    /// dancing limit counts).
    #[serde(default)]
    pub unchanged_turns: u8,
    /// The turn in progress, `null` before its first step.
    #[serde(default)]
    pub turn_in_progress: Option<TurnInProgress>,
    /// The result, when the game is over.
    #[serde(default)]
    pub result: Option<Outcome>,
}

fn first_turn() -> u16 {
    1
}

fn black() -> Color {
    Color::Black
}

/// The squares of `set`, in reading order.
fn list(set: SquareSet) -> Vec<Square> {
    set.collect()
}

/// Exit squares, once per scored piece, from per-file counts.
fn exit_squares(color: Color, counts: &[u8; FILES as usize]) -> Vec<Square> {
    let rank = color.scoring_rank();
    let mut out = Vec::new();
    for (file, &n) in (0u8..).zip(counts.iter()) {
        if let Some(sq) = Square::from_coords(file, rank) {
            out.extend(std::iter::repeat_n(sq, usize::from(n)));
        }
    }
    out
}

impl From<&Position> for State {
    fn from(pos: &Position) -> State {
        let turn_in_progress = (pos.steps > 0).then(|| TurnInProgress {
            steps: pos.steps,
            moved: pos
                .moved()
                .iter()
                .filter_map(|m| {
                    Some(MovedPiece {
                        square: Square::from_index(m.now)?,
                        start: m.start,
                    })
                })
                .collect(),
            board_at_start: pos.turn_start.map(list),
            returnable: exit_squares(pos.to_move, &pos.returnable),
        });
        State {
            turn: pos.turn,
            to_move: pos.to_move,
            phase: PhaseName::of(pos.phase),
            pieces: pos.pieces.map(list),
            score: pos.standings,
            exits: ByColor::new_with(|c| exit_squares(c, pos.exits.get(c))),
            variations: pos.options,
            unchanged_turns: pos.unchanged,
            turn_in_progress,
            result: pos.result().map(Into::into),
        }
    }
}

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
    /// The board, side to move, turn and standings as a [`Diagram`] (the rest of the
    /// state is not in a diagram).
    #[must_use]
    pub fn to_diagram(&self) -> Diagram {
        Diagram {
            pieces: self.pieces.clone(),
            to_move: self.to_move,
            turn: self.turn,
            standings: self.score,
        }
    }

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
    /// ([`Diagram::validate`]), then the turn and unchanged-turn count, the exits,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margrites::setup::Setup;
    use crate::margrites::step::Step;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn start() -> Position {
        let setup = Setup {
            black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"]
                .map(sq)
                .to_vec(),
            white: ["a8", "b8", "c8", "d8", "e8", "f8", "d7", "e7"]
                .map(sq)
                .to_vec(),
        };
        Position::new(&setup, Options::STANDARD).unwrap()
    }

    #[test]
    fn the_start_round_trips_and_a_minimal_record_reads() {
        let pos = start();
        let state = State::from(&pos);
        let text = serde_json::to_string(&state).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"{"turn":1,"to_move":"black","phase":"playing","#,
                r#""pieces":{"black":["a1","b1","c1","d1","e1","f1","d2","e2"],"#,
                r#""white":["d7","e7","a8","b8","c8","d8","e8","f8"]},"#,
                r#""score":{"black":{"points":0,"captures":0},"white":{"points":0,"captures":0}},"#,
                r#""exits":{"black":[],"white":[]},"variations":[],"unchanged_turns":0,"#,
                r#""turn_in_progress":null,"result":null}"#
            )
        );
        let back: State = serde_json::from_str(&text).unwrap();
        assert_eq!(Position::from_state(&back).unwrap(), pos);
        let minimal = r#"{"pieces":{"black":["e2","d2","a1","b1","c1","d1","e1","f1"],
            "white":["a8","b8","c8","d8","e8","f8","d7","e7"]}}"#;
        let back: State = serde_json::from_str(minimal).unwrap();
        assert_eq!(Position::from_state(&back).unwrap(), pos);
    }

    #[test]
    fn mid_turn_round_trips() {
        let mut pos = start();
        pos.play_step(Step::Move {
            from: sq("d2"),
            to: sq("d3"),
        })
        .unwrap();
        let state = State::from(&pos);
        let tip = state.turn_in_progress.as_ref().unwrap();
        assert_eq!(tip.steps, 1);
        assert_eq!(
            tip.moved,
            vec![MovedPiece {
                square: sq("d3"),
                start: Some(sq("d2"))
            }]
        );
        assert_eq!(Position::from_state(&state).unwrap(), pos);
    }

    #[test]
    fn every_problem_is_reported() {
        let mut state = State::from(&start());
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
        let mut pos = start();
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
        let mut state = State::from(&start());
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
