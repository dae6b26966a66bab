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

mod check;

use serde::{Deserialize, Serialize};

use super::options::Options;
use super::position::{Ending, GameResult, Phase, Position};
use super::setup::{Diagram, Tally};
use super::square::{ByColor, Color, FILES, Square};
use super::squareset::SquareSet;

pub use check::{StateError, StateProblem};

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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::margrites::step::Step;
    use crate::margrites::testing::{opening, sq};

    #[test]
    fn the_start_round_trips_and_a_minimal_record_reads() {
        let pos = opening();
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
        let mut pos = opening();
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
}
