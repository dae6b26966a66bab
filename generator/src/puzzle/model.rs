//! The puzzle file schema, typed: what one YAML file under `puzzles/<game>/`
//! holds, read once ([`super::parse`]) and written back byte for byte
//! ([`super::to_text`]).
//!
//! Every field but `provenance` is a function of the position, the objective and
//! the rules: `cannonball verify` recomputes them with the solvers and compares.

use cannonball_rules::Game;
use serde::{Deserialize, Serialize};

use super::grade::{Difficulty, GameValue, Minimality};
use super::position::{Move, Position};
use super::theme::Theme;
use super::value::Value;
use crate::solve::Objective;

/// One legal first move and its exact value for the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move (Margo) or the turn (Margrites).
    pub mv: Move,
    /// Its value.
    pub value: Value,
}

/// A defence against an attacker's move, and what follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The defender's move or turn.
    pub mv: Move,
    /// The attacker's best answer and the defences to it, when the tree goes on.
    pub answer: Option<Box<Line>>,
    /// Where the tree stops: `game over: ...`, or the proven value and a best
    /// line (empty when it goes on).
    pub end: String,
}

/// An attacker's move in the solution tree, with every defence to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The attacker's move or turn.
    pub mv: Move,
    /// Whether this is the only move that keeps the value.
    pub only: bool,
    /// Every legal defence (distinct ones, for Margrites), best first.
    pub replies: Vec<Reply>,
    /// Where the tree stops after this move without a defence: the game is over,
    /// or the objective is reached (empty when it goes on).
    pub end: String,
}

impl Line {
    /// Nodes of the tree: attacker moves and defences.
    #[must_use]
    pub fn size(&self) -> u32 {
        1 + self
            .replies
            .iter()
            .map(|r| 1 + r.answer.as_deref().map_or(0, Line::size))
            .sum::<u32>()
    }

    /// The attacker's distinct turns the tree asks for: this move, then for
    /// each different answer to the defences (the same answer to several
    /// defences counts once) the distinct turns under it. 1 for a one-move
    /// tree, 2 when one answer meets every defence.
    #[must_use]
    pub fn attacker_turns(&self) -> u32 {
        let mut answers: Vec<&Line> = Vec::new();
        for a in self.replies.iter().filter_map(|r| r.answer.as_deref()) {
            if !answers.iter().any(|b| b.mv == a.mv) {
                answers.push(a);
            }
        }
        1 + answers.iter().map(|a| a.attacker_turns()).sum::<u32>()
    }

    /// Plies of the main line: the move, the strongest (first) defence, its
    /// answer, ... to where the tree stops.
    #[must_use]
    pub fn main_line_plies(&self) -> u32 {
        match self.replies.first() {
            None => 1,
            Some(r) => 2 + r.answer.as_deref().map_or(0, Line::main_line_plies),
        }
    }
}

/// A tempting wrong first move and how it is refuted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    /// The move or turn.
    pub mv: Move,
    /// Why it tempts (`captures 3`, `the greedy player's choice`, ...).
    pub tempting: String,
    /// Its exact value or answer.
    pub value: Value,
    /// The refutation: the defender's best line after it.
    pub refutation: Vec<Move>,
}

/// The other half of a "who wins, whoever moves next?" puzzle: the same
/// position with the opponent to move, which loses too (Margo and Spargo).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherToMove {
    /// Why the opponent moving first looks good for it (`White can capture
    /// 3 pieces at once`), computed from the position.
    pub why: String,
    /// Its result for the opponent, then to move (`loss`).
    pub value: Value,
    /// The opponent's first move (its most tempting one), then a best line
    /// that keeps the result.
    pub line: Vec<Move>,
}

/// Where a puzzle came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Provenance {
    /// `cannonball X.Y.Z`.
    pub generator: String,
    /// The candidate source (`selfplay greedy-vs-random game 17 ply 33`, ...).
    pub source: String,
    /// The generation seed.
    pub seed: u64,
    /// The candidate's index in the seed's stream.
    pub candidate: u64,
    /// Nodes the solvers searched to prove it (one thread: reproducible).
    pub solver_nodes: u64,
    /// The solver's node budget per position when the forge ran with more
    /// than the default (Margo and Spargo); `verify` re-proves the puzzle
    /// with the same budget. Absent: the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
}

/// One puzzle, as its file holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// `GAME-` and twelve hex digits of the content hash.
    pub id: String,
    /// The game.
    pub game: Game,
    /// What the reader is asked (`Black to play and win.`).
    pub question: String,
    /// The objective.
    pub objective: Objective,
    /// Margrites and Margo `capture:K` and `save`: the turns allowed (0 for
    /// Margo `win` and `best-margin`).
    pub turns: u8,
    /// The position, in a canonical orientation.
    pub position: Position,
    /// The key move or turn.
    pub key: Move,
    /// What the key is worth in the whole game for the side that plays it.
    pub game_value: GameValue,
    /// Every legal first move with its value (Margo), or every distinct first
    /// turn that reaches the objective (Margrites: only the key).
    pub values: Vec<MoveValue>,
    /// Margrites: distinct first turns (by the position they leave) examined.
    pub first_turns: u32,
    /// The solution tree from the key.
    pub solution: Line,
    /// Tempting wrong first moves and their refutations.
    pub tries: Vec<Try>,
    /// "Who wins, whoever moves next?" (Margo and Spargo `win` puzzles):
    /// the position with the opponent to move, which it loses as well.
    pub other_to_move: Option<OtherToMove>,
    /// Minimality.
    pub minimality: Minimality,
    /// Themes.
    pub themes: Vec<Theme>,
    /// Difficulty.
    pub difficulty: Difficulty,
    /// Where it came from.
    pub provenance: Provenance,
}

impl Puzzle {
    /// A move of this puzzle as its file writes it.
    #[must_use]
    pub fn notation(&self, m: &Move) -> String {
        self.position.notation(m)
    }
}
