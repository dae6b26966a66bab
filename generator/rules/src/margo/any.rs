//! One position type for every board size: picks the narrowest bitboard width
//! that holds the board and forwards every question to it.

use thiserror::Error;

use super::position::{IllegalMove, Move, Outcome, Position, PositionError};
use super::setup::{Setup, SetupError, SetupSyntaxError};
use super::{Bitboard, Color, Geometry, Point, Rules, Symmetry};

/// A Margo position of any size (3–19). Spargo and boards up to 5x5 use one
/// 64-bit word per set, up to 8x8 four words, up to 11x11 eight, beyond that 39.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    /// Up to 5x5 (55 points).
    Small(Position<1>),
    /// 6x6 to 8x8 (up to 204 points).
    Medium(Position<4>),
    /// 9x9 to 11x11 (up to 506 points).
    Large(Box<Position<8>>),
    /// 12x12 to 19x19 (up to 2470 points).
    Huge(Box<Position<39>>),
}

/// A start position that cannot be made: the rules, the setup text or the
/// setup it describes.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum StartError {
    /// The rules cannot be played.
    #[error(transparent)]
    Rules(#[from] PositionError),
    /// The setup text cannot be read.
    #[error(transparent)]
    Syntax(#[from] SetupSyntaxError),
    /// The setup is not a legal position.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// What a move did, with points as lists (see [`MoveReport`](super::MoveReport)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The colour that moved.
    pub color: Color,
    /// The player who moved (0-based, initial move order).
    pub player: usize,
    /// Points emptied, in point order.
    pub removed: Vec<Point>,
    /// New zombies, in point order.
    pub zombies: Vec<Point>,
    /// With `single_capture`: the move won the game.
    pub winning_capture: bool,
}

fn points<const W: usize>(b: Bitboard<W>) -> Vec<Point> {
    b.iter().collect()
}

/// Runs `$body` with `$p` bound to the position inside an [`AnyPosition`],
/// whatever its width.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            $crate::margo::AnyPosition::Small($p) => $body,
            $crate::margo::AnyPosition::Medium($p) => $body,
            $crate::margo::AnyPosition::Large($p) => $body,
            $crate::margo::AnyPosition::Huge($p) => $body,
        }
    };
}
pub(crate) use each;

macro_rules! each_map {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyPosition::Small($p) => AnyPosition::Small($body),
            AnyPosition::Medium($p) => AnyPosition::Medium($body),
            AnyPosition::Large($p) => AnyPosition::Large(Box::new($body)),
            AnyPosition::Huge($p) => AnyPosition::Huge(Box::new($body)),
        }
    };
}

/// Which representation a size uses.
#[derive(Clone, Copy)]
enum Width {
    Small,
    Medium,
    Large,
    Huge,
}

const fn width_for(size: usize) -> Width {
    match size {
        0..=5 => Width::Small,
        6..=8 => Width::Medium,
        9..=11 => Width::Large,
        _ => Width::Huge,
    }
}

impl AnyPosition {
    /// The empty board under `rules`.
    ///
    /// # Errors
    /// Options out of range.
    pub fn new(rules: Rules) -> Result<AnyPosition, PositionError> {
        Ok(match width_for(rules.size()) {
            Width::Small => AnyPosition::Small(Position::new(rules)?),
            Width::Medium => AnyPosition::Medium(Position::new(rules)?),
            Width::Large => AnyPosition::Large(Box::new(Position::new(rules)?)),
            Width::Huge => AnyPosition::Huge(Box::new(Position::new(rules)?)),
        })
    }

    /// The checked constructor from a setup; the error lists every problem.
    ///
    /// # Errors
    /// [`SetupError`].
    pub fn from_setup(setup: &Setup) -> Result<AnyPosition, SetupError> {
        Ok(match width_for(setup.rules.size()) {
            Width::Small => AnyPosition::Small(Position::from_setup(setup)?),
            Width::Medium => AnyPosition::Medium(Position::from_setup(setup)?),
            Width::Large => AnyPosition::Large(Box::new(Position::from_setup(setup)?)),
            Width::Huge => AnyPosition::Huge(Box::new(Position::from_setup(setup)?)),
        })
    }

    /// The position a game starts from: the empty board, or the position the
    /// setup text describes (see [`Setup::parse`]), checked.
    ///
    /// ```
    /// use cannonball_rules::margo::{AnyPosition, Preset};
    /// let rules = Preset::Spargo.rules();
    /// let pos = AnyPosition::start(rules, Some("black a1; white b1; to-move black")).unwrap();
    /// assert_eq!(pos.scores(), vec![1, 1]);
    /// assert!(AnyPosition::start(rules, Some("black z9")).is_err());
    /// assert_eq!(AnyPosition::start(rules, None).unwrap().legal_moves().len(), 16);
    /// ```
    ///
    /// # Errors
    /// [`StartError`]: the rules, the text or the position.
    pub fn start(rules: Rules, setup: Option<&str>) -> Result<AnyPosition, StartError> {
        match setup {
            None => Ok(AnyPosition::new(rules)?),
            Some(text) => Ok(AnyPosition::from_setup(&Setup::parse(rules, text)?)?),
        }
    }

    /// The rules in force.
    #[must_use]
    pub fn rules(&self) -> &Rules {
        each!(self, p => p.rules())
    }

    /// The board's geometry.
    #[must_use]
    pub fn geometry(&self) -> &'static Geometry {
        each!(self, p => p.geometry())
    }

    /// The colour to move.
    #[must_use]
    pub fn to_move(&self) -> Color {
        each!(self, p => p.to_move())
    }

    /// The player to move (0-based).
    #[must_use]
    pub fn player_to_move(&self) -> usize {
        each!(self, p => p.player_to_move())
    }

    /// The player who owns colour `c` (0-based).
    #[must_use]
    pub fn player_of(&self, c: Color) -> usize {
        each!(self, p => p.player_of(c))
    }

    /// Moves played since the start or the setup.
    #[must_use]
    pub fn ply(&self) -> u32 {
        each!(self, p => p.ply())
    }

    /// The colour on `pt`.
    #[must_use]
    pub fn color_at(&self, pt: Point) -> Option<Color> {
        each!(self, p => p.color_at(pt))
    }

    /// Scores per player in player order.
    #[must_use]
    pub fn scores(&self) -> Vec<u32> {
        each!(self, p => p.scores())
    }

    /// The occupied points.
    #[must_use]
    pub fn occupied(&self) -> Vec<Point> {
        each!(self, p => points(p.board().occupied()))
    }

    /// Every legal move: placements in point order, then pass, then swap.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(self, p => p.legal_moves())
    }

    /// Whether `m` is legal now.
    ///
    /// # Errors
    /// The reason it is not.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        each!(self, p => p.check(m))
    }

    /// Plays `m` in place if legal; otherwise leaves the position as it was.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn play(&mut self, m: Move) -> Result<Report, IllegalMove> {
        each!(self, p => p.try_play(m).map(|r| Report {
            color: r.color,
            player: r.player,
            removed: points(r.removed),
            zombies: points(r.zombies),
            winning_capture: r.winning_capture,
        }))
    }

    /// Plays a move known to be legal; returns the points emptied.
    pub fn play_unchecked(&mut self, m: Move) -> Vec<Point> {
        each!(self, p => points(p.play_unchecked(m).removed))
    }

    /// The result once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, p => p.outcome())
    }

    /// The position hash (see [`Position::hash`]).
    #[must_use]
    pub fn hash(&self) -> u64 {
        each!(self, p => p.hash())
    }

    /// The zombies: pieces captured by some move that stayed on the board.
    #[must_use]
    pub fn zombies(&self) -> Vec<Point> {
        each!(self, p => points(p.zombies()))
    }

    /// Visible pieces whose group has no freedom now.
    #[must_use]
    pub fn without_freedom(&self) -> Vec<Point> {
        each!(self, p => points(p.without_freedom()))
    }

    /// Buried pieces.
    #[must_use]
    pub fn buried(&self) -> Vec<Point> {
        each!(self, p => points(p.buried()))
    }

    /// The group of the piece on `pt`.
    #[must_use]
    pub fn group(&self, pt: Point) -> Vec<Point> {
        each!(self, p => points(p.group(pt)))
    }

    /// Whether the group of the piece on `pt` has freedom.
    #[must_use]
    pub fn group_has_freedom(&self, pt: Point) -> bool {
        each!(self, p => p.group_has_freedom(pt))
    }

    /// Empty points a piece could stand on now.
    #[must_use]
    pub fn playable(&self) -> Vec<Point> {
        each!(self, p => points(p.playable()))
    }

    /// The simple-ko point, if any.
    #[must_use]
    pub fn ko_point(&self) -> Option<Point> {
        each!(self, p => p.ko_point())
    }

    /// The setup that gives back this position.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        each!(self, p => p.to_setup())
    }

    /// The same board with the next player to move instead, and no ko point
    /// (as after a pass): what that player could do if it were its turn.
    ///
    /// # Errors
    /// [`SetupError`] when that is not a legal position.
    pub fn other_to_move(&self) -> Result<AnyPosition, SetupError> {
        let mut setup = self.to_setup();
        setup.to_move = setup.to_move.next(self.rules().players());
        setup.ko_point = None;
        AnyPosition::from_setup(&setup)
    }

    /// The position under a board symmetry.
    #[must_use]
    pub fn transformed(&self, s: Symmetry) -> AnyPosition {
        each_map!(self, p => p.transformed(s))
    }

    /// The two-player position with the colours exchanged.
    #[must_use]
    pub fn with_colors_exchanged(&self) -> AnyPosition {
        each_map!(self, p => p.with_colors_exchanged())
    }

    /// A text diagram for terminals.
    #[must_use]
    pub fn diagram(&self) -> String {
        each!(self, p => p.diagram())
    }
}
