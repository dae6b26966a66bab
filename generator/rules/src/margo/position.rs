//! A Margo position: the board, whose turn it is, who owns which colour, and the
//! ko state; with questions about groups, zombies, scores and the outcome.

use thiserror::Error;

use super::capture::{self, Analysis};
use super::ko::History;
use super::tables::{self, Tables};
use super::{Bitboard, Board, Color, Geometry, Point, Rules, RulesError, Symmetry};
use crate::rng::splitmix64;

/// A move: a placement, a pass (where allowed), or the second player's swap.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Move {
    /// Put a piece of the mover's colour on this point.
    Place(Point),
    /// Pass (only with the `can_pass` option).
    Pass,
    /// Exchange colours instead of the second move (only with the `swap` option).
    Swap,
}

/// Why a move may not be played.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Error)]
pub enum IllegalMove {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// The point does not exist on this board.
    #[error("the point is not on this board")]
    OffBoard,
    /// A piece already stands on the point.
    #[error("the point is occupied")]
    Occupied,
    /// The point is above the board and not all four points below are occupied.
    #[error("the point is not supported by four pieces")]
    Unsupported,
    /// The point is at or above the height limit.
    #[error("the point is above the height limit")]
    AboveMaxHeight,
    /// The placed piece would be captured and removed.
    #[error("suicide: the placed piece would be captured")]
    Suicide,
    /// The move would repeat a board the ko rule forbids.
    #[error("ko: the move would repeat a forbidden board")]
    Ko,
    /// Swap is only the second move of a game begun on the empty board.
    #[error("swap is only allowed as the second move of the game")]
    SwapNotAllowed,
    /// Passing needs the `can_pass` option.
    #[error("passing is not allowed")]
    PassNotAllowed,
}

/// A position could not be made for these rules.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum PositionError {
    /// An option is out of range.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The bitboard width cannot hold every point of the board.
    #[error(
        "the board of size {size} has {points} points, more than this representation's {capacity}"
    )]
    TooLarge {
        /// Board size.
        size: usize,
        /// Points of the board.
        points: usize,
        /// Points the width holds.
        capacity: usize,
    },
}

/// A checked move that was refused: the reason, and the position handed back.
#[derive(Clone, Debug)]
pub struct PlayError<P> {
    /// The unchanged position.
    pub position: P,
    /// Why the move was refused.
    pub reason: IllegalMove,
}

/// What a move did to the board (from unchecked play).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveEffects<const W: usize> {
    /// Points emptied by captures.
    pub removed: Bitboard<W>,
    /// Every piece captured in some round of the resolution, removed or left as a
    /// zombie (a group of zombies without freedom may be captured again and stay).
    pub captured: Bitboard<W>,
    /// With `single_capture`: the move captured a live enemy piece and wins.
    pub winning_capture: bool,
}

/// What a checked move did, for reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveReport<const W: usize> {
    /// The colour that moved (for a swap: the colour the swapping player had).
    pub color: Color,
    /// The player who moved (0-based, in initial move order).
    pub player: usize,
    /// Points emptied.
    pub removed: Bitboard<W>,
    /// Pieces this move captured that stayed on the board and were not zombies
    /// already: the new zombies.
    pub zombies: Bitboard<W>,
    /// With `single_capture`: this move won the game.
    pub winning_capture: bool,
}

/// Why a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndReason {
    /// The player to move had no legal move.
    NoLegalMove,
    /// Every player passed in succession.
    AllPassed,
    /// A move captured a live enemy piece under `single_capture`.
    SingleCapture,
}

impl EndReason {
    /// Short machine name (`no-legal-move`, `all-passed`, `single-capture`).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::NoLegalMove => "no-legal-move",
            EndReason::AllPassed => "all-passed",
            EndReason::SingleCapture => "single-capture",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// Why it ended.
    pub reason: EndReason,
    /// Pieces on the board per player (0-based, initial move order).
    pub scores: Vec<u32>,
    /// The winning player, or with a tie every player sharing the top score.
    pub winners: Vec<usize>,
}

impl Outcome {
    /// Whether the top place is shared.
    #[must_use]
    pub fn is_draw(&self) -> bool {
        self.winners.len() != 1
    }
}

/// A Margo position whose points fit in `64 * W` bits.
///
/// Use [`AnyPosition`](super::AnyPosition) to pick the width from the board size;
/// use this type directly in search, where the width is known (Spargo: `W = 1`).
#[derive(Clone, Debug)]
pub struct Position<const W: usize> {
    pub(crate) t: &'static Tables<W>,
    pub(crate) rules: Rules,
    pub(crate) board: Board<W>,
    pub(crate) to_move: Color,
    pub(crate) swapped: bool,
    pub(crate) opening: bool,
    pub(crate) swap_available: bool,
    pub(crate) passes: u8,
    pub(crate) winner: Option<Color>,
    pub(crate) ko_point: Option<Point>,
    /// Pieces captured by some move that stayed on the board.
    pub(crate) zombies: Bitboard<W>,
    pub(crate) history: History<W>,
    pub(crate) board_hash: u64,
    pub(crate) ply: u32,
}

/// A Spargo-sized position (boards up to 5x5 fit one word).
pub type SmallPosition = Position<1>;

impl<const W: usize> PartialEq for Position<W> {
    fn eq(&self, other: &Self) -> bool {
        self.rules == other.rules
            && self.board == other.board
            && self.to_move == other.to_move
            && self.swapped == other.swapped
            && self.swap_available == other.swap_available
            && self.passes == other.passes
            && self.winner == other.winner
            && self.ko_point == other.ko_point
            && (!self.rules.single_capture || self.zombies == other.zombies)
            && self.history.set_hash() == other.history.set_hash()
    }
}

impl<const W: usize> Eq for Position<W> {}

pub(crate) struct Keys {
    pub to_move: [u64; 4],
    pub swap_available: u64,
    pub passes: [u64; 4],
    pub winner: [u64; 4],
}

pub(crate) fn keys() -> &'static Keys {
    static KEYS: std::sync::OnceLock<Keys> = std::sync::OnceLock::new();
    KEYS.get_or_init(|| {
        let mut s = 0x4B45_5953_0000_0001;
        let mut next = || splitmix64(&mut s);
        Keys {
            to_move: [next(), next(), next(), next()],
            swap_available: next(),
            passes: [0, next(), next(), next()],
            winner: [next(), next(), next(), next()],
        }
    })
}

impl<const W: usize> Position<W> {
    /// The empty board under `rules`, White to move.
    ///
    /// # Errors
    /// Options out of range, or a board too large for `W`.
    pub fn new(rules: Rules) -> Result<Position<W>, PositionError> {
        let t = Self::tables_for(&rules)?;
        let board = Board::default();
        let history = if rules.ko.is_superko() {
            History::default().with(
                &board,
                0,
                Color::White,
                rules.ko == super::Ko::SituationalSuperko,
            )
        } else {
            History::default()
        };
        Ok(Position {
            t,
            rules,
            board,
            to_move: Color::White,
            swapped: false,
            opening: true,
            swap_available: false,
            passes: 0,
            winner: None,
            ko_point: None,
            zombies: Bitboard::EMPTY,
            history,
            board_hash: 0,
            ply: 0,
        })
    }

    /// A position straight from its parts, for search and tablebases: the pieces
    /// of each colour (`pieces[c]` for colour index `c`), the colour to move and
    /// the simple-ko point. Nothing is validated beyond the rules; pass only
    /// positions known to be legal. No swap is available and no passes were made.
    /// Zombie labels, which only `single_capture` reads, are the pieces without
    /// freedom under that option and none otherwise.
    ///
    /// # Errors
    /// Options out of range, or a board too large for `W`.
    pub fn from_parts(
        rules: Rules,
        pieces: &[Bitboard<W>],
        to_move: Color,
        ko_point: Option<Point>,
    ) -> Result<Position<W>, PositionError> {
        Ok(Position::new(rules)?.with_parts(pieces, to_move, ko_point))
    }

    /// [`Position::from_parts`] with this position's rules (no table lookup, so
    /// it is cheap enough to call for every node of a search).
    #[must_use]
    pub fn with_parts(
        &self,
        pieces: &[Bitboard<W>],
        to_move: Color,
        ko_point: Option<Point>,
    ) -> Position<W> {
        let mut pos = self.clone();
        let mut board = Board::default();
        for (c, set) in Color::ALL.into_iter().zip(pieces) {
            board.add_all(*set, c);
        }
        board.rederive(pos.t);
        pos.board_hash = Self::compute_board_hash(pos.t, &board);
        pos.board = board;
        pos.to_move = to_move;
        pos.opening = false;
        pos.swap_available = false;
        pos.passes = 0;
        pos.winner = None;
        pos.ply = 0;
        pos.ko_point = ko_point;
        pos.zombies = if self.rules.single_capture {
            capture::all_dead(pos.t, &pos.rules, &pos.board)
        } else {
            Bitboard::EMPTY
        };
        pos.history = if self.rules.ko.is_superko() {
            let situational = self.rules.ko == super::Ko::SituationalSuperko;
            History::default().with(&pos.board, pos.board_hash, to_move, situational)
        } else {
            History::default()
        };
        pos
    }

    pub(crate) fn tables_for(rules: &Rules) -> Result<&'static Tables<W>, PositionError> {
        rules.validate()?;
        let geo = Geometry::of(rules.size()).map_err(|e| RulesError::Size(e.0 as u8))?;
        if geo.len() > Bitboard::<W>::CAPACITY {
            return Err(PositionError::TooLarge {
                size: geo.size(),
                points: geo.len(),
                capacity: Bitboard::<W>::CAPACITY,
            });
        }
        Ok(tables::tables::<W>(geo))
    }

    /// The rules in force.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        self.t.geo
    }

    /// The pieces.
    #[must_use]
    pub fn board(&self) -> &Board<W> {
        &self.board
    }

    /// The colour to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// Moves played since the start of the game or the setup.
    #[must_use]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Whether the first two players have exchanged colours by a swap.
    #[must_use]
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Whether the player to move may swap now.
    #[must_use]
    pub fn swap_available(&self) -> bool {
        self.swap_available
    }

    /// Passes made in succession just before now.
    #[must_use]
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// The colour that has won by a single capture (`single_capture`), if any.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }

    /// Under simple ko: the point where a placement is forbidden now, because it
    /// would recreate the board as it was before the last move.
    #[must_use]
    pub fn ko_point(&self) -> Option<Point> {
        self.ko_point
    }

    /// The player (0-based, initial move order) who owns colour `c`.
    #[must_use]
    pub fn player_of(&self, c: Color) -> usize {
        if self.swapped && c.index() < 2 {
            1 - c.index()
        } else {
            c.index()
        }
    }

    /// The colour owned by `player` (0-based).
    #[must_use]
    pub fn color_of(&self, player: usize) -> Color {
        let c = Color::from_index(player).unwrap_or(Color::White);
        Color::from_index(self.player_of(c)).unwrap_or(Color::White)
    }

    /// The player to move (0-based, initial move order).
    #[must_use]
    pub fn player_to_move(&self) -> usize {
        self.player_of(self.to_move)
    }

    /// The colour of the piece on `p`.
    #[must_use]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        self.board.color_at(p)
    }

    /// Pieces of `c` on the board, buried and zombies included.
    #[must_use]
    pub fn count(&self, c: Color) -> u32 {
        self.board.pieces(c).len() as u32
    }

    /// Each player's score (pieces of their colour on the board), in player order.
    #[must_use]
    pub fn scores(&self) -> Vec<u32> {
        (0..self.rules.players())
            .map(|pl| self.count(self.color_of(pl)))
            .collect()
    }

    /// Pieces with a piece directly above them.
    #[must_use]
    pub fn buried(&self) -> Bitboard<W> {
        self.board.buried()
    }

    /// Whether the piece on `p` is buried.
    #[must_use]
    pub fn is_buried(&self, p: Point) -> bool {
        self.board.buried().contains(p)
    }

    fn analysis(&self) -> Analysis<W> {
        capture::analyse(self.t, &self.rules, &self.board)
    }

    /// The group of the visible piece on `p` (empty for an empty point or a
    /// buried piece).
    #[must_use]
    pub fn group(&self, p: Point) -> Bitboard<W> {
        let Some(c) = self.board.color_at(p) else {
            return Bitboard::EMPTY;
        };
        let a = self.analysis();
        let within = self.board.pieces(c) & a.visible;
        capture::flood(
            self.t,
            &self.board,
            c,
            within,
            Bitboard::from_point(p),
            self.rules.cuts,
        )
    }

    /// Whether the group of the piece on `p` has freedom.
    #[must_use]
    pub fn group_has_freedom(&self, p: Point) -> bool {
        let a = self.analysis();
        self.group(p).intersects(&a.free)
    }

    /// Whether the pieces on `a` and `b` are in the same group.
    #[must_use]
    pub fn same_group(&self, a: Point, b: Point) -> bool {
        self.group(a).contains(b)
    }

    /// The zombies: pieces that some move captured and that stayed on the board
    /// because something rested on them. A piece keeps the label until it
    /// leaves the board, even if its group later regains freedom.
    #[must_use]
    pub fn zombies(&self) -> Bitboard<W> {
        self.zombies
    }

    /// Visible pieces whose group has no freedom now (always zombies, pinned by
    /// what rests on them, after any legal move).
    #[must_use]
    pub fn without_freedom(&self) -> Bitboard<W> {
        capture::all_dead(self.t, &self.rules, &self.board)
    }

    /// Empty points where a piece could stand now (ignoring suicide and ko).
    #[must_use]
    pub fn playable(&self) -> Bitboard<W> {
        capture::playable(self.t, &self.rules, &self.board)
    }

    /// The hash of the board alone.
    #[must_use]
    pub fn board_hash(&self) -> u64 {
        self.board_hash
    }

    /// A Zobrist hash of everything that decides the legal moves and the future:
    /// board, colour to move, ko state (ko point, or the set of earlier boards
    /// under superko), swap availability, passes in succession, and under
    /// `single_capture` the zombie labels and a win. Equal positions have equal
    /// hashes.
    #[must_use]
    pub fn hash(&self) -> u64 {
        let k = keys();
        let mut h = self.board_hash ^ k.to_move[self.to_move.index()];
        if let Some(p) = self.ko_point {
            h ^= self.t.ko_keys[p.index()];
        }
        h ^= self.history.set_hash();
        if self.swap_available {
            h ^= k.swap_available;
        }
        h ^= k.passes[usize::from(self.passes).min(3)];
        if let Some(w) = self.winner {
            h ^= k.winner[w.index()];
        }
        if self.rules.single_capture {
            for z in self.zombies {
                h ^= self.t.zombie_keys[z.index()];
            }
        }
        h
    }

    pub(crate) fn compute_board_hash(t: &Tables<W>, board: &Board<W>) -> u64 {
        let mut h = 0;
        for c in Color::ALL {
            for p in board.pieces(c) {
                h ^= t.keys[p.index()][c.index()];
            }
        }
        h
    }

    /// Whether the game has ended by passing or by a single-capture win (without
    /// looking for legal moves).
    #[must_use]
    pub fn ended_by_state(&self) -> bool {
        self.winner.is_some()
            || (self.rules.can_pass && usize::from(self.passes) >= self.rules.players())
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        let reason = if self.winner.is_some() {
            EndReason::SingleCapture
        } else if self.rules.can_pass && usize::from(self.passes) >= self.rules.players() {
            EndReason::AllPassed
        } else if !self.has_legal_move() {
            EndReason::NoLegalMove
        } else {
            return None;
        };
        let scores = self.scores();
        let winners = match self.winner {
            Some(c) => vec![self.player_of(c)],
            None => {
                let top = scores.iter().copied().max().unwrap_or(0);
                (0..scores.len()).filter(|&i| scores[i] == top).collect()
            }
        };
        Some(Outcome {
            reason,
            scores,
            winners,
        })
    }

    /// The position seen through a symmetry of the board.
    #[must_use]
    pub fn transformed(&self, s: Symmetry) -> Position<W> {
        let geo = self.t.geo;
        let map = |p: Point| geo.transform(s, p);
        self.remapped(map, |c| c, self.ko_point.map(map))
    }

    /// The two-player position with White and Black exchanged everywhere (pieces,
    /// colour to move, ko history, and the players' ownership, so that each player
    /// keeps the same pieces). Positions of more players are returned as is.
    #[must_use]
    pub fn with_colors_exchanged(&self) -> Position<W> {
        if self.rules.players != 2 {
            return self.clone();
        }
        let flip = |c: Color| match c {
            Color::White => Color::Black,
            Color::Black => Color::White,
            other => other,
        };
        let mut out = self.remapped(|p| p, flip, self.ko_point);
        out.swapped = !self.swapped;
        out
    }

    fn remapped(
        &self,
        f: impl Fn(Point) -> Point + Copy,
        g: impl Fn(Color) -> Color + Copy,
        ko_point: Option<Point>,
    ) -> Position<W> {
        let mut out = self.clone();
        out.board = self.board.mapped(self.t, f, g);
        out.board_hash = Self::compute_board_hash(self.t, &out.board);
        out.to_move = g(self.to_move);
        out.winner = self.winner.map(&g);
        out.ko_point = ko_point;
        out.zombies = self.zombies.iter().map(f).collect();
        if self.rules.ko.is_superko() {
            let situational = self.rules.ko == super::Ko::SituationalSuperko;
            let mut h = History::default();
            for (b, c) in self.history.entries() {
                let nb = b.mapped(self.t, f, g);
                h = h.with(
                    &nb,
                    Self::compute_board_hash(self.t, &nb),
                    g(c),
                    situational,
                );
            }
            out.history = h;
        }
        out
    }
}
