//! The game: a position with its history, the players owning the colours, the
//! scores and the end, and playing a move.

use std::collections::BTreeSet;

use super::board::{Board, Point};
use super::moves::{RefMove, RefOutcome};
use super::rules::RefRules;

/// A game of Margo under [`RefRules`], with its history.
#[derive(Clone, Debug)]
pub struct RefGame {
    pub(super) rules: RefRules,
    pub(super) board: Board,
    /// The colour to move.
    pub(super) to_move: usize,
    /// `owner[colour]` is the player (0-based, in initial move order) owning it.
    pub(super) owner: Vec<usize>,
    /// Moves made so far.
    pub(super) ply: usize,
    /// Whether the game started from the empty board with [`RefGame::new`].
    pub(super) started_empty: bool,
    /// Consecutive passes just made.
    pub(super) passes: usize,
    /// Every (board, colour to move) of the game, the start included, in order.
    pub(super) history: Vec<(Board, usize)>,
    /// The player who won by `single_capture`.
    pub(super) capture_winner: Option<usize>,
    /// The zombies: "Captured pieces that stay are zombies" (A5). A piece keeps
    /// the label until it leaves the board (the project's reading: the rulings
    /// do not say a zombie ever stops being one).
    pub(super) zombies: BTreeSet<Point>,
}

impl RefGame {
    /// An empty board, White (colour 0) to move, ply 0.
    #[must_use]
    pub fn new(rules: RefRules) -> RefGame {
        let board = Board::empty(rules.size);
        RefGame {
            owner: (0..rules.players).collect(),
            history: vec![(board.clone(), 0)],
            board,
            rules,
            to_move: 0,
            ply: 0,
            started_empty: true,
            passes: 0,
            capture_winner: None,
            zombies: BTreeSet::new(),
        }
    }

    /// A position from pieces `((level, x, y), colour)` with `to_move` to move. No swap
    /// is available and the ko history holds only this start board.
    ///
    /// # Panics
    /// On a point off the board, a point given twice, or a colour or `to_move` that is
    /// not below `rules.players`.
    #[must_use]
    pub fn from_pieces(rules: RefRules, pieces: &[(Point, usize)], to_move: usize) -> RefGame {
        assert!(
            to_move < rules.players,
            "colour to move {to_move} out of range"
        );
        let mut board = Board::empty(rules.size);
        for &(p, colour) in pieces {
            assert!(board.contains(p), "piece {p:?} is off the board");
            assert!(!board.occupied(p), "point {p:?} given twice");
            assert!(colour < rules.players, "colour {colour} out of range");
            board.set(p, Some(colour));
        }
        // A piece without freedom in a legal position can only be a captured
        // piece that stayed.
        let zombies = board.zombies(&rules);
        RefGame {
            owner: (0..rules.players).collect(),
            history: vec![(board.clone(), to_move)],
            board,
            rules,
            to_move,
            ply: 0,
            started_empty: false,
            passes: 0,
            capture_winner: None,
            zombies,
        }
    }

    /// The rules of this game.
    #[must_use]
    pub fn rules(&self) -> &RefRules {
        &self.rules
    }

    /// Every point of the board, sorted.
    #[must_use]
    pub fn points(&self) -> Vec<Point> {
        self.board.points()
    }

    /// Every piece on the board with its colour, sorted by point.
    #[must_use]
    pub fn pieces(&self) -> Vec<(Point, usize)> {
        self.board
            .pieces()
            .into_iter()
            .map(|p| (p, self.board.get(p).expect("occupied")))
            .collect()
    }

    /// The colour at `p`, or `None` when empty (or off the board).
    #[must_use]
    pub fn colour_at(&self, p: Point) -> Option<usize> {
        self.board.get(p)
    }

    /// The colour to move.
    #[must_use]
    pub fn colour_to_move(&self) -> usize {
        self.to_move
    }

    /// The player to move: always the owner of the colour to move.
    #[must_use]
    pub fn player_to_move(&self) -> usize {
        self.owner[self.to_move]
    }

    /// The player owning `colour`.
    #[must_use]
    pub fn owner_of(&self, colour: usize) -> usize {
        self.owner[colour]
    }

    /// Moves made so far.
    #[must_use]
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// "Each player's score is the number of their pieces on the board, buried and
    /// zombie pieces included." Indexed by player.
    #[must_use]
    pub fn scores(&self) -> Vec<usize> {
        let mut scores = vec![0; self.rules.players];
        for (_, colour) in self.pieces() {
            scores[self.owner[colour]] += 1;
        }
        scores
    }

    /// Whether the game is over: after a `single_capture` win, after `players`
    /// consecutive passes, or when the player to move has no legal move.
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.ended_by_rule() || !self.has_any_legal_move()
    }

    /// The winners: the `single_capture` winner, or the players with the top score
    /// (several make a draw among them). Meaningful only when the game is over.
    #[must_use]
    pub fn winners(&self) -> Vec<usize> {
        if let Some(w) = self.capture_winner {
            return vec![w];
        }
        let scores = self.scores();
        let top = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len()).filter(|&p| scores[p] == top).collect()
    }

    /// Whether the piece at `p` is buried (false for an empty point).
    #[must_use]
    pub fn is_buried(&self, p: Point) -> bool {
        self.board.is_buried(p)
    }

    /// Whether `a` and `b` hold visible pieces of the same group.
    #[must_use]
    pub fn linked(&self, a: Point, b: Point) -> bool {
        self.board.group(a).contains(&b)
    }

    /// Whether `p` holds a visible piece whose group has freedom.
    #[must_use]
    pub fn group_has_freedom(&self, p: Point) -> bool {
        let g = self.board.group(p);
        !g.is_empty() && self.board.group_has_freedom(&g, &self.rules)
    }

    /// Whether `p` holds a zombie: a piece some move captured that stayed.
    #[must_use]
    pub fn is_zombie(&self, p: Point) -> bool {
        self.zombies.contains(&p)
    }

    /// Whether `p` holds a visible piece whose group has no freedom.
    #[must_use]
    pub fn is_without_freedom(&self, p: Point) -> bool {
        let g = self.board.group(p);
        !g.is_empty() && !self.board.group_has_freedom(&g, &self.rules)
    }

    /// Every group on the board (sets of visible pieces), in order of smallest point.
    #[must_use]
    pub fn groups(&self) -> Vec<BTreeSet<Point>> {
        self.board.groups()
    }

    /// Whether some piece rests on `p`.
    #[must_use]
    pub fn something_rests_on(&self, p: Point) -> bool {
        self.board.something_rests_on(p)
    }

    /// Plays `m`, or says why it is illegal and leaves the game unchanged.
    ///
    /// # Errors
    /// The reason `m` is illegal, as [`RefGame::illegal_reason`] gives it.
    pub fn play(&mut self, m: RefMove) -> Result<RefOutcome, &'static str> {
        if let Some(reason) = self.illegal_reason(m) {
            return Err(reason);
        }
        let next_colour = (self.to_move + 1) % self.rules.players;
        let outcome = match m {
            RefMove::Pass => {
                self.passes += 1;
                self.to_move = next_colour;
                RefOutcome::default()
            }
            RefMove::Swap => {
                // "colours are exchanged between the players, the board is unchanged,
                // and the player who now owns the colour that has not yet moved places
                // next": the colour to move stays.
                self.owner.swap(0, 1);
                self.passes = 0;
                RefOutcome::default()
            }
            RefMove::Place { level, x, y } => {
                let (board, outcome) = self
                    .try_place((level, x, y))
                    .expect("legality was checked above");
                if outcome.winning_capture {
                    self.capture_winner = Some(self.owner[self.to_move]);
                }
                self.zombies.retain(|&q| board.occupied(q));
                self.zombies.extend(outcome.zombies.iter().copied());
                self.board = board;
                self.passes = 0;
                self.to_move = next_colour;
                outcome
            }
        };
        self.ply += 1;
        self.history.push((self.board.clone(), self.to_move));
        Ok(outcome)
    }
}
