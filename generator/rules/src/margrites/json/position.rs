//! Positions and results as JSON, and the checked way back to a [`Position`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::super::options::Options;
use super::super::position::{
    Ending, GameResult, Moved, Phase, Position, SHORT_TURN_STEPS, STEPS_PER_TURN,
    winner_by_standings,
};
use super::super::setup::{Diagram, PIECES_PER_SIDE, SetupProblem, Tally};
use super::super::square::{ByColor, Color, FILES, Square};
use super::super::squareset::SquareSet;
use super::color_name;

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

/// A game result, or the standings of an unfinished game.
///
/// `{"end":"resignation","resigned":"black","winner":"white","score":{...}}`
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultRecord {
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

impl From<GameResult> for ResultRecord {
    fn from(r: GameResult) -> ResultRecord {
        let (end, resigned) = match r.ending {
            Ending::NoPieces => (End::NoPieces, None),
            Ending::Resignation(c) => (End::Resignation, Some(c)),
        };
        ResultRecord {
            end,
            resigned,
            winner: r.winner,
            score: r.standings,
        }
    }
}

impl ResultRecord {
    /// An unfinished game with these standings.
    #[must_use]
    pub fn unfinished(score: ByColor<Tally>) -> ResultRecord {
        ResultRecord {
            end: End::Unfinished,
            resigned: None,
            winner: None,
            score,
        }
    }

    /// The result of `pos`, or its standings as unfinished.
    #[must_use]
    pub fn of_position(pos: &Position) -> ResultRecord {
        pos.result()
            .map_or_else(|| ResultRecord::unfinished(pos.standings()), Into::into)
    }

    /// How the game ended, if it did and the record is consistent about it.
    fn ending(&self) -> Result<Option<Ending>, PositionProblem> {
        match (self.end, self.resigned) {
            (End::NoPieces, None) => Ok(Some(Ending::NoPieces)),
            (End::Resignation, Some(c)) => Ok(Some(Ending::Resignation(c))),
            (End::Unfinished, None) => Ok(None),
            _ => Err(PositionProblem::ResignedSide),
        }
    }
}

impl TryFrom<ResultRecord> for GameResult {
    type Error = PositionProblem;

    /// The result, checked: a finished game, `resigned` given exactly for a
    /// resignation, and the winner the rules give for that ending and score.
    fn try_from(r: ResultRecord) -> Result<GameResult, PositionProblem> {
        let ending = r.ending()?.ok_or(PositionProblem::ResultUnfinished)?;
        let winner = match ending {
            Ending::Resignation(loser) => Some(loser.other()),
            Ending::NoPieces => winner_by_standings(&r.score),
        };
        if winner != r.winner {
            return Err(PositionProblem::Winner {
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
pub struct MovedRecord {
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
    pub moved: Vec<MovedRecord>,
    /// The board at the start of the turn.
    pub board_at_start: ByColor<Vec<Square>>,
    /// The mover's scored pieces that may still come back this turn, by exit square
    /// (a square once per piece).
    pub returnable: Vec<Square>,
}

/// A position in JSON. See the [module documentation](super) for an example.
///
/// Written from a [`Position`] with [`PositionRecord::from`]; read back with
/// [`PositionRecord::to_position`], which reports every reason the record is not a
/// position. On reading, every field but `pieces` may be left out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRecord {
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
    #[serde(default, with = "super::variations")]
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
    pub result: Option<ResultRecord>,
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

impl From<&Position> for PositionRecord {
    fn from(pos: &Position) -> PositionRecord {
        let turn_in_progress = (pos.steps > 0).then(|| TurnInProgress {
            steps: pos.steps,
            moved: pos
                .moved()
                .iter()
                .filter_map(|m| {
                    Some(MovedRecord {
                        square: Square::from_index(m.now)?,
                        start: m.start,
                    })
                })
                .collect(),
            board_at_start: pos.turn_start.map(list),
            returnable: exit_squares(pos.to_move, &pos.returnable),
        });
        PositionRecord {
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

/// One reason a [`PositionRecord`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// A problem of the board and standings, as a diagram has them.
    Setup(SetupProblem),
    /// Turn 0: turns are numbered from 1.
    TurnZero,
    /// More than two unchanged turns counted.
    UnchangedTurns(u8),
    /// An exit square off the side's scoring edge.
    ExitOffEdge {
        /// The side.
        color: Color,
        /// The square.
        square: Square,
    },
    /// More scored pieces listed by exit than the side has points.
    TooManyExits {
        /// The side.
        color: Color,
        /// Exits listed.
        exits: usize,
        /// Points.
        points: u8,
    },
    /// `"phase":"over"` without a result, or a result without it.
    ResultAndPhase,
    /// A result that says the game is unfinished in a position that is over.
    ResultUnfinished,
    /// `resigned` given without `"end":"resignation"`, or missing with it.
    ResignedSide,
    /// The winner written is not the one the rules give.
    Winner {
        /// The winner written (`None`: a draw).
        written: Option<Color>,
        /// The winner by the rules.
        actual: Option<Color>,
    },
    /// The result's score differs from the position's.
    ResultScore,
    /// Play goes on but a side has no pieces.
    NoPiecesLeft(Color),
    /// The game ended with a side out of pieces, but both sides have pieces.
    BothSidesHavePieces,
    /// A rebuttal phase without the rebuttal variation, or with the wrong side to move.
    Rebuttal,
    /// A turn in progress with no step.
    NoStepYet,
    /// More steps than the turn allows.
    TooManySteps {
        /// Steps made.
        steps: u8,
        /// Steps allowed.
        allowed: u8,
    },
    /// More moved pieces than steps made.
    TooManyMoved,
    /// A moved piece whose square does not hold a piece of the side to move, or is
    /// listed twice.
    MovedPiece(Square),
    /// Two moved pieces that began on one square, or one that began where the start
    /// board has no piece of the side to move.
    MovedStart(Square),
    /// A moved piece that began off the board without the returning variation.
    ReturnWithoutVariation,
    /// A piece that has not stepped this turn but is not on the start board there.
    NotOnStartBoard {
        /// The side.
        color: Color,
        /// The square.
        square: Square,
    },
    /// A start board with two pieces on a square.
    StartTwoOnASquare(Square),
    /// A start board with more than eight pieces of a side.
    StartCount(Color),
    /// A returnable piece with no scored piece of the mover to match it.
    Returnable(Square),
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::Setup(p) => write!(f, "{p}"),
            PositionProblem::TurnZero => f.write_str("turn 0: turns are numbered from 1"),
            PositionProblem::UnchangedTurns(n) => {
                write!(f, "unchanged_turns is {n}; it counts at most 2")
            }
            PositionProblem::ExitOffEdge { color, square } => write!(
                f,
                "{color}'s exit {square} is not on the row {color} scores off"
            ),
            PositionProblem::TooManyExits {
                color,
                exits,
                points,
            } => write!(
                f,
                "{color} has {exits} exits listed but {points} point{}",
                if *points == 1 { "" } else { "s" }
            ),
            PositionProblem::ResultAndPhase => {
                f.write_str("a result is given exactly when the phase is `over`")
            }
            PositionProblem::ResultUnfinished => {
                f.write_str("the game is over but the result says unfinished")
            }
            PositionProblem::ResignedSide => f.write_str(
                "`resigned` names a side exactly when the end is `resignation`",
            ),
            PositionProblem::Winner { written, actual } => {
                let name = |c: &Option<Color>| c.map_or("a draw", color_name);
                write!(
                    f,
                    "the result gives {}, the rules give {}",
                    name(written),
                    name(actual)
                )
            }
            PositionProblem::ResultScore => {
                f.write_str("the result's score differs from the position's")
            }
            PositionProblem::NoPiecesLeft(c) => {
                write!(f, "{c} has no pieces, so the game is over")
            }
            PositionProblem::BothSidesHavePieces => {
                f.write_str("the game ended with no pieces, but both sides have pieces")
            }
            PositionProblem::Rebuttal => f.write_str(
                "a rebuttal phase needs the rebuttal variation, Black to move while it is due, White during it",
            ),
            PositionProblem::NoStepYet => {
                f.write_str("a turn in progress has made at least one step")
            }
            PositionProblem::TooManySteps { steps, allowed } => {
                write!(f, "{steps} steps made; the turn allows {allowed}")
            }
            PositionProblem::TooManyMoved => {
                f.write_str("more pieces have stepped than steps were made")
            }
            PositionProblem::MovedPiece(sq) => write!(
                f,
                "moved piece on {sq}: no piece of the side to move there, or listed twice"
            ),
            PositionProblem::MovedStart(sq) => write!(
                f,
                "moved piece began on {sq}: no piece of the side to move there at the start, or two began there"
            ),
            PositionProblem::ReturnWithoutVariation => f.write_str(
                "a piece came back onto the board without the returning variation",
            ),
            PositionProblem::NotOnStartBoard { color, square } => write!(
                f,
                "{color}'s piece on {square} has not stepped this turn but is not there on the start board"
            ),
            PositionProblem::StartTwoOnASquare(sq) => {
                write!(f, "the start board has two pieces on {sq}")
            }
            PositionProblem::StartCount(c) => {
                write!(
                    f,
                    "the start board has more than {PIECES_PER_SIDE} {c} pieces"
                )
            }
            PositionProblem::Returnable(sq) => write!(
                f,
                "returnable piece at {sq}: no scored piece of the side to move left from there"
            ),
        }
    }
}

/// Every reason a [`PositionRecord`] is not a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// The reasons, in the order found.
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
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
    problems: &mut Vec<PositionProblem>,
) -> [u8; FILES as usize] {
    let mut counts = [0u8; FILES as usize];
    for &square in squares {
        if square.rank() == color.scoring_rank() {
            let n = &mut counts[usize::from(square.file())];
            *n = n.saturating_add(1);
        } else {
            problems.push(PositionProblem::ExitOffEdge { color, square });
        }
    }
    counts
}

impl PositionRecord {
    /// The board, side to move, turn and standings as a [`Diagram`] (the rest of the
    /// record is not in a diagram).
    #[must_use]
    pub fn to_diagram(&self) -> Diagram {
        Diagram {
            pieces: self.pieces.clone(),
            to_move: self.to_move,
            turn: self.turn,
            standings: self.score,
        }
    }

    /// The position, checked: the diagram's checks ([`Diagram::validate`]), then the
    /// exits, the phase and result, and the turn in progress. Returns every reason
    /// the record is not a position.
    pub fn to_position(&self) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let diagram = self.to_diagram();
        if let Err(e) = diagram.validate() {
            problems.extend(e.problems.into_iter().map(PositionProblem::Setup));
        }
        if self.turn == 0 {
            problems.push(PositionProblem::TurnZero);
        }
        if self.unchanged_turns > 2 {
            problems.push(PositionProblem::UnchangedTurns(self.unchanged_turns));
        }
        let exits = ByColor::new_with(|c| exit_counts(c, self.exits.get(c), &mut problems));
        for color in Color::ALL {
            let (listed, points) = (self.exits.get(color).len(), self.score.get(color).points);
            if listed > usize::from(points) {
                problems.push(PositionProblem::TooManyExits {
                    color,
                    exits: listed,
                    points,
                });
            }
        }
        let pieces: ByColor<SquareSet> = self.pieces.clone().map(|l| l.into_iter().collect());
        let phase = self.phase(&pieces, &mut problems);
        let mut pos = Position::from_diagram_unchecked(&diagram, self.variations);
        pos.phase = phase;
        pos.exits = exits;
        pos.unchanged = self.unchanged_turns;
        pos.returnable = *exits.get(self.to_move);
        if let Some(tip) = &self.turn_in_progress {
            self.turn_in_progress(tip, &mut pos, &mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError { problems })
        }
    }

    fn phase(&self, pieces: &ByColor<SquareSet>, problems: &mut Vec<PositionProblem>) -> Phase {
        let empty_side = Color::ALL.into_iter().find(|&c| pieces.get(c).is_empty());
        let rebuttal = self.variations.white_rebuttal;
        match (self.phase, &self.result) {
            (PhaseName::Over, Some(result)) => {
                if result.score != self.score {
                    problems.push(PositionProblem::ResultScore);
                }
                match GameResult::try_from(*result) {
                    Ok(r) => {
                        if r.ending == Ending::NoPieces && empty_side.is_none() && !rebuttal {
                            problems.push(PositionProblem::BothSidesHavePieces);
                        }
                        Phase::Over(r.ending)
                    }
                    Err(p) => {
                        problems.push(p);
                        Phase::Over(Ending::NoPieces)
                    }
                }
            }
            (PhaseName::Over, None) | (_, Some(_)) => {
                problems.push(PositionProblem::ResultAndPhase);
                Phase::Over(Ending::NoPieces)
            }
            (PhaseName::Playing, None) => {
                if let Some(c) = empty_side {
                    problems.push(PositionProblem::NoPiecesLeft(c));
                }
                Phase::Playing
            }
            (PhaseName::RebuttalDue, None) => {
                if !rebuttal || self.to_move != Color::Black || empty_side.is_none() {
                    problems.push(PositionProblem::Rebuttal);
                }
                Phase::RebuttalDue
            }
            (PhaseName::Rebuttal, None) => {
                if !rebuttal || self.to_move != Color::White {
                    problems.push(PositionProblem::Rebuttal);
                }
                Phase::Rebuttal
            }
        }
    }

    fn turn_in_progress(
        &self,
        tip: &TurnInProgress,
        pos: &mut Position,
        problems: &mut Vec<PositionProblem>,
    ) {
        let mover = self.to_move;
        if tip.steps == 0 {
            problems.push(PositionProblem::NoStepYet);
        }
        let handicapped = self.variations.black_handicap && self.turn == 1 && mover == Color::Black;
        let allowed = if pos.phase == Phase::Rebuttal || handicapped {
            SHORT_TURN_STEPS
        } else {
            STEPS_PER_TURN
        };
        if tip.steps > allowed {
            problems.push(PositionProblem::TooManySteps {
                steps: tip.steps,
                allowed,
            });
        }
        if tip.moved.len() > usize::from(tip.steps) || tip.moved.len() > pos.moved.len() {
            problems.push(PositionProblem::TooManyMoved);
        }
        // The start board: no square twice, at most eight a side.
        let mut start = ByColor::<SquareSet>::default();
        let mut seen = SquareSet::EMPTY;
        for color in Color::ALL {
            let squares = tip.board_at_start.get(color);
            if squares.len() > usize::from(PIECES_PER_SIDE) {
                problems.push(PositionProblem::StartCount(color));
            }
            for &sq in squares {
                if seen.contains(sq) {
                    problems.push(PositionProblem::StartTwoOnASquare(sq));
                }
                seen = seen.with(sq);
                *start.get_mut(color) = start.get(color).with(sq);
            }
        }
        // The moved pieces: the mover's, each once, each from its own start square.
        let own = pos.pieces(mover);
        let mut now_seen = SquareSet::EMPTY;
        let mut start_seen = SquareSet::EMPTY;
        for m in &tip.moved {
            if !own.contains(m.square) || now_seen.contains(m.square) {
                problems.push(PositionProblem::MovedPiece(m.square));
            }
            now_seen = now_seen.with(m.square);
            match m.start {
                Some(s) => {
                    if !start.get(mover).contains(s) || start_seen.contains(s) {
                        problems.push(PositionProblem::MovedStart(s));
                    }
                    start_seen = start_seen.with(s);
                }
                None if !self.variations.returning_scored => {
                    problems.push(PositionProblem::ReturnWithoutVariation);
                }
                None => {}
            }
        }
        // Pieces that have not stepped stand where they began.
        for color in Color::ALL {
            let still = if color == mover {
                own.minus(now_seen)
            } else {
                pos.pieces(color)
            };
            for square in still.minus(*start.get(color)) {
                problems.push(PositionProblem::NotOnStartBoard { color, square });
            }
        }
        // Returnable pieces are scored pieces of the mover.
        let mut returnable = [0u8; FILES as usize];
        let scored = pos.exits(mover);
        for &sq in &tip.returnable {
            let file = usize::from(sq.file());
            returnable[file] = returnable[file].saturating_add(1);
            if sq.rank() != mover.scoring_rank() || returnable[file] > scored[file] {
                problems.push(PositionProblem::Returnable(sq));
            }
        }
        pos.steps = tip.steps;
        pos.turn_start = start;
        pos.returnable = returnable;
        pos.moved = [Moved::default(); 4];
        pos.moved_len = 0;
        for (slot, m) in pos.moved.iter_mut().zip(&tip.moved) {
            *slot = Moved {
                now: m.square.index() as u8,
                start: m.start,
            };
            pos.moved_len += 1;
        }
    }
}

impl TryFrom<&PositionRecord> for Position {
    type Error = PositionError;
    fn try_from(record: &PositionRecord) -> Result<Position, PositionError> {
        record.to_position()
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
        let record = PositionRecord::from(&pos);
        let text = serde_json::to_string(&record).unwrap();
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
        let back: PositionRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(back.to_position().unwrap(), pos);
        let minimal = r#"{"pieces":{"black":["e2","d2","a1","b1","c1","d1","e1","f1"],
            "white":["a8","b8","c8","d8","e8","f8","d7","e7"]}}"#;
        let back: PositionRecord = serde_json::from_str(minimal).unwrap();
        assert_eq!(back.to_position().unwrap(), pos);
    }

    #[test]
    fn mid_turn_round_trips() {
        let mut pos = start();
        pos.play_step(Step::Move {
            from: sq("d2"),
            to: sq("d3"),
        })
        .unwrap();
        let record = PositionRecord::from(&pos);
        let tip = record.turn_in_progress.as_ref().unwrap();
        assert_eq!(tip.steps, 1);
        assert_eq!(
            tip.moved,
            vec![MovedRecord {
                square: sq("d3"),
                start: Some(sq("d2"))
            }]
        );
        assert_eq!(record.to_position().unwrap(), pos);
    }

    #[test]
    fn every_problem_is_reported() {
        let mut record = PositionRecord::from(&start());
        record.turn = 0;
        record.pieces.black.push(sq("a8"));
        record.exits.white.push(sq("a8"));
        record.unchanged_turns = 3;
        record.phase = PhaseName::Over;
        let err = record.to_position().unwrap_err();
        assert_eq!(
            err.problems,
            vec![
                PositionProblem::Setup(SetupProblem::WrongCount {
                    color: Color::Black,
                    count: 9
                }),
                PositionProblem::Setup(SetupProblem::Accounting {
                    color: Color::Black,
                    on_board: 9,
                    points: 0,
                    captured: 0
                }),
                PositionProblem::Setup(SetupProblem::TwoOnASquare { square: sq("a8") }),
                PositionProblem::TurnZero,
                PositionProblem::UnchangedTurns(3),
                PositionProblem::ExitOffEdge {
                    color: Color::White,
                    square: sq("a8")
                },
                PositionProblem::TooManyExits {
                    color: Color::White,
                    exits: 1,
                    points: 0
                },
                PositionProblem::ResultAndPhase,
            ]
        );
        assert!(err.to_string().starts_with(
            "not a position: Black has 9 pieces, not 8; Black: 9 on the board + 0 scored"
        ));
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
        let mut r = ResultRecord {
            end: End::NoPieces,
            resigned: None,
            winner: Some(Color::Black),
            score,
        };
        assert_eq!(GameResult::try_from(r).unwrap().winner, Some(Color::Black));
        r.winner = None;
        assert_eq!(
            GameResult::try_from(r),
            Err(PositionProblem::Winner {
                written: None,
                actual: Some(Color::Black)
            })
        );
        r.end = End::Resignation;
        assert_eq!(GameResult::try_from(r), Err(PositionProblem::ResignedSide));
        r.resigned = Some(Color::Black);
        r.winner = Some(Color::White);
        assert!(GameResult::try_from(r).is_ok());
        assert_eq!(
            serde_json::to_string(&r).unwrap(),
            r#"{"end":"resignation","resigned":"black","winner":"white","score":{"black":{"points":1,"captures":0},"white":{"points":0,"captures":8}}}"#
        );
    }
}
