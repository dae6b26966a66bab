//! A position: the board, the side to move, the standings and the turn in progress
//! (rulings B3-B5). Steps are played one at a time; a turn is closed with
//! [`Position::end_turn`], which enforces full movement. The board's symmetries
//! ([`Position::mirrored`], [`Position::color_exchanged`]) are here too: with
//! [`Position::from_state`], the only code that writes a position's fields.

use std::ops::ControlFlow;

use super::capture::{self, Cascade};
use super::options::Options;
use super::setup::{Diagram, Setup, SetupError, Tally};
use super::square::{ByColor, Color, FILES, Square};
use super::squareset::SquareSet;
use super::step::{IllegalEnd, IllegalStep, Step};

/// Steps in a normal turn.
pub const STEPS_PER_TURN: u8 = 4;
/// Steps in Black's handicapped first turn and in White's rebuttal.
pub const SHORT_TURN_STEPS: u8 = 2;

/// How a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A side has no pieces left on the board.
    NoPieces,
    /// A side resigned.
    Resignation(Color),
}

/// Where the game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Play goes on.
    Playing,
    /// The game ended during Black's turn; White's rebuttal turn comes next
    /// (variation B6).
    RebuttalDue,
    /// White's rebuttal turn is being played.
    Rebuttal,
    /// The game is over.
    Over(Ending),
}

/// The result of a finished game (rulings B5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// How it ended.
    pub ending: Ending,
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Final points and captures.
    pub standings: ByColor<Tally>,
}

/// The winner by points, then captures; `None` for a draw.
#[must_use]
pub fn winner_by_standings(s: &ByColor<Tally>) -> Option<Color> {
    let key = |t: &Tally| (t.points, t.captures);
    match key(&s.black).cmp(&key(&s.white)) {
        std::cmp::Ordering::Greater => Some(Color::Black),
        std::cmp::Ordering::Less => Some(Color::White),
        std::cmp::Ordering::Equal => None,
    }
}

/// A piece that has stepped this turn: where it is now and where it began, `None`
/// when it began the turn off the board (a returned piece). Tracking pieces, not
/// squares, is what lets two pieces dance through each other's start squares.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Moved {
    pub(crate) now: u8,
    pub(crate) start: Option<Square>,
}

/// What one step did.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct StepReport {
    /// The step played.
    pub step: Step,
    /// The capture cascade it caused, round by round.
    pub cascade: Cascade,
    /// Whether the game ended with this step.
    pub ended: bool,
}

/// A Margrites position.
///
/// ```
/// use cannonball_rules::margrites::{Options, Position, Setup, Square, Step};
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// let setup = Setup {
///     black: ["a1", "b1", "c1", "d1", "e1", "f1", "d2", "e2"].map(sq).to_vec(),
///     white: ["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"].map(sq).to_vec(),
/// };
/// let mut pos = Position::new(&setup, Options::STANDARD).unwrap();
/// for s in ["d2>d3", "d3>d4", "d4>d5", "d5>d6"] {
///     let (from, to) = s.split_once('>').unwrap();
///     pos.play_step(Step::Move { from: sq(from), to: sq(to) }).unwrap();
/// }
/// pos.end_turn().unwrap();
/// assert_eq!(pos.turn(), 2);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub(crate) pieces: ByColor<SquareSet>,
    pub(crate) to_move: Color,
    pub(crate) turn: u16,
    pub(crate) standings: ByColor<Tally>,
    /// Scored pieces per exit file, for the returning variation.
    pub(crate) exits: ByColor<[u8; FILES as usize]>,
    /// The mover's scored pieces per exit file at the start of the turn: only those
    /// may come back this turn.
    pub(crate) returnable: [u8; FILES as usize],
    pub(crate) steps: u8,
    pub(crate) moved: [Moved; 4],
    pub(crate) moved_len: u8,
    pub(crate) turn_start: ByColor<SquareSet>,
    /// Consecutive finished turns that left the board unchanged (at most 2).
    pub(crate) unchanged: u8,
    pub(crate) phase: Phase,
    pub(crate) options: Options,
}

impl Position {
    /// The position before Black's first turn, from a checked setup.
    pub fn new(setup: &Setup, options: Options) -> Result<Position, SetupError> {
        let pieces = setup.validate()?;
        Ok(Position::from_parts(
            pieces,
            Color::Black,
            1,
            ByColor::default(),
            options,
        ))
    }

    /// A mid-game position from a checked diagram.
    pub fn from_diagram(diagram: &Diagram, options: Options) -> Result<Position, SetupError> {
        let pieces = diagram.validate()?;
        let mut pos = Position::from_parts(
            pieces,
            diagram.to_move,
            diagram.turn,
            diagram.standings,
            options,
        );
        if pieces.black.is_empty() || pieces.white.is_empty() {
            pos.phase = Phase::Over(Ending::NoPieces);
        }
        Ok(pos)
    }

    /// A position from a diagram that may not validate (a square claimed by both
    /// sides stays with Black): for callers that report the diagram's problems
    /// themselves, such as [`Position::from_state`].
    pub(crate) fn from_diagram_unchecked(diagram: &Diagram, options: Options) -> Position {
        let black: SquareSet = diagram.pieces.black.iter().copied().collect();
        let white: SquareSet = diagram.pieces.white.iter().copied().collect();
        Position::from_parts(
            ByColor {
                black,
                white: white.minus(black),
            },
            diagram.to_move,
            diagram.turn,
            diagram.standings,
            options,
        )
    }

    fn from_parts(
        pieces: ByColor<SquareSet>,
        to_move: Color,
        turn: u16,
        standings: ByColor<Tally>,
        options: Options,
    ) -> Position {
        Position {
            pieces,
            to_move,
            turn,
            standings,
            exits: ByColor::default(),
            returnable: [0; FILES as usize],
            steps: 0,
            moved: [Moved::default(); 4],
            moved_len: 0,
            turn_start: pieces,
            unchanged: 0,
            phase: Phase::Playing,
            options,
        }
    }

    /// The pieces of `color`.
    #[must_use]
    pub fn pieces(&self, color: Color) -> SquareSet {
        *self.pieces.get(color)
    }

    /// Both sides' pieces.
    #[must_use]
    pub fn board(&self) -> ByColor<SquareSet> {
        self.pieces
    }

    /// Every occupied square.
    #[must_use]
    pub fn occupied(&self) -> SquareSet {
        self.pieces.black.union(self.pieces.white)
    }

    /// The colour of the piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.pieces.get(c).contains(sq))
    }

    /// The side making the current turn.
    #[must_use]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The number of the current turn (1 is Black's first).
    #[must_use]
    pub fn turn(&self) -> u16 {
        self.turn
    }

    /// Steps made so far in the current turn.
    #[must_use]
    pub fn steps_made(&self) -> u8 {
        self.steps
    }

    /// Points and captures of both sides.
    #[must_use]
    pub fn standings(&self) -> ByColor<Tally> {
        self.standings
    }

    /// The variations in play.
    #[must_use]
    pub fn options(&self) -> Options {
        self.options
    }

    /// Where the game stands.
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The result, once the game is over.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        let Phase::Over(ending) = self.phase else {
            return None;
        };
        let winner = match ending {
            Ending::Resignation(loser) => Some(loser.other()),
            Ending::NoPieces => winner_by_standings(&self.standings),
        };
        Some(GameResult {
            ending,
            winner,
            standings: self.standings,
        })
    }

    /// The most steps the current turn may have.
    #[must_use]
    pub fn max_steps(&self) -> u8 {
        let handicapped =
            self.options.black_handicap && self.turn == 1 && self.to_move == Color::Black;
        if self.phase == Phase::Rebuttal || handicapped {
            SHORT_TURN_STEPS
        } else {
            STEPS_PER_TURN
        }
    }

    /// Scored pieces of `color` per exit file (`a` first).
    #[must_use]
    pub fn exits(&self, color: Color) -> [u8; FILES as usize] {
        *self.exits.get(color)
    }

    /// Consecutive finished turns that left the board unchanged, at most 2 (what
    /// the dancing limit looks at).
    #[must_use]
    pub fn unchanged_turns(&self) -> u8 {
        self.unchanged
    }

    /// Where the piece now on `sq` began the turn: `Some(sq)` for a piece that has
    /// not stepped, `None` for a piece that came back onto the board this turn.
    #[must_use]
    pub fn turn_start_of(&self, sq: Square) -> Option<Square> {
        self.moved()
            .iter()
            .find(|m| usize::from(m.now) == sq.index())
            .map_or(Some(sq), |m| m.start)
    }

    pub(crate) fn moved(&self) -> &[Moved] {
        &self.moved[..usize::from(self.moved_len)]
    }

    /// Whether the dancing limit binds the player to move this turn.
    fn must_change(&self) -> bool {
        self.options.dancing_limit && self.unchanged >= 2 && self.phase == Phase::Playing
    }

    fn can_step(&self) -> Result<(), IllegalStep> {
        match self.phase {
            Phase::Over(_) => return Err(IllegalStep::GameOver),
            Phase::RebuttalDue => return Err(IllegalStep::TurnOver(self.steps)),
            Phase::Playing | Phase::Rebuttal => {}
        }
        if self.steps >= self.max_steps() {
            return Err(IllegalStep::TurnOver(self.max_steps()));
        }
        Ok(())
    }

    /// Every rule but martyrdom and the dancing limit, which need the step played.
    fn check_placement(&self, step: Step) -> Result<(), IllegalStep> {
        self.can_step()?;
        let mover = self.to_move;
        let own_piece = |sq: Square| match self.piece_at(sq) {
            None => Err(IllegalStep::NoPiece(sq)),
            Some(c) if c != mover => Err(IllegalStep::NotYourPiece(sq)),
            Some(_) => Ok(()),
        };
        match step {
            Step::Move { from, to } => {
                own_piece(from)?;
                if !from.touches(to) {
                    return Err(IllegalStep::NotTouching { from, to });
                }
                if self.occupied().contains(to) {
                    return Err(IllegalStep::Occupied(to));
                }
                if self.turn_start_of(from) == Some(to) {
                    return Err(IllegalStep::Stalling(to));
                }
            }
            Step::Score { from } => {
                own_piece(from)?;
                if from.rank() != mover.scoring_rank() {
                    return Err(IllegalStep::NotScoringEdge(from));
                }
                if self.turn_start_of(from).is_none() {
                    return Err(IllegalStep::StallingOffBoard);
                }
            }
            Step::Return { to } => {
                if !self.options.returning_scored {
                    return Err(IllegalStep::ReturnNotAllowed);
                }
                if to.rank() != mover.scoring_rank() || self.returnable[usize::from(to.file())] == 0
                {
                    return Err(IllegalStep::NothingToReturn(to));
                }
                if self.occupied().contains(to) {
                    return Err(IllegalStep::Occupied(to));
                }
            }
        }
        Ok(())
    }

    /// Whether `step` is legal now, and if not, why.
    pub fn check_step(&self, step: Step) -> Result<(), IllegalStep> {
        let mut next = *self;
        next.play_step(step).map(|_| ())
    }

    /// Plays a step after checking every rule. On error the position is unchanged.
    pub fn play_step(&mut self, step: Step) -> Result<StepReport, IllegalStep> {
        self.check_placement(step)?;
        let mut next = *self;
        let report = next.apply(step);
        if let Some(to) = step.to() {
            if report.cascade.all().contains(to) {
                return Err(IllegalStep::Martyrdom(to));
            }
        }
        if self.must_change() && next.ends_turn_unchanged() {
            return Err(IllegalStep::DancingLimit);
        }
        *self = next;
        Ok(report)
    }

    /// Plays a step with no legality check (for search and for replaying a
    /// transcript past an illegal step). The caller makes sure the step can be
    /// carried out: the mover's piece on its from-square, an empty target, and for a
    /// return a scored piece to bring back.
    #[inline]
    pub fn play_step_unchecked(&mut self, step: Step) -> StepReport {
        self.apply(step)
    }

    /// The consuming form of [`Position::play_step`]: on error the position comes
    /// back with the reason.
    pub fn play(mut self, step: Step) -> Result<Position, PlayError> {
        match self.play_step(step) {
            Ok(_) => Ok(self),
            Err(reason) => Err(PlayError {
                position: Box::new(self),
                reason,
            }),
        }
    }

    #[inline]
    fn apply(&mut self, step: Step) -> StepReport {
        self.apply_sparing(step, false)
    }

    /// Plays a step with no legality check, the stepping piece exempt from capture
    /// in this step's cascade: how the checker follows a transcript past a
    /// martyrdom, as the transcript has it.
    pub fn play_step_sparing_mover(&mut self, step: Step) -> StepReport {
        self.apply_sparing(step, true)
    }

    fn apply_sparing(&mut self, step: Step, spare_mover: bool) -> StepReport {
        let mover = self.to_move;
        let own = self.pieces.get_mut(mover);
        match step {
            Step::Move { from, to } => {
                *own = own.without(from).with(to);
                match self.moved[..usize::from(self.moved_len)]
                    .iter_mut()
                    .find(|m| usize::from(m.now) == from.index())
                {
                    Some(m) => m.now = to.index() as u8,
                    None => self.push_moved(to, Some(from)),
                }
            }
            Step::Score { from } => {
                *own = own.without(from);
                self.forget_moved(SquareSet::from_square(from));
                let tally = self.standings.get_mut(mover);
                tally.points += 1;
                self.exits.get_mut(mover)[usize::from(from.file())] += 1;
            }
            Step::Return { to } => {
                *own = own.with(to);
                let file = usize::from(to.file());
                self.exits.get_mut(mover)[file] -= 1;
                self.returnable[file] -= 1;
                let tally = self.standings.get_mut(mover);
                tally.points = tally.points.saturating_sub(1);
                self.push_moved(to, None);
            }
        }
        self.steps += 1;
        let spared = match (spare_mover, step.to()) {
            (true, Some(to)) => SquareSet::from_square(to),
            _ => SquareSet::EMPTY,
        };
        let cascade = capture::resolve_sparing(&mut self.pieces, spared);
        if !cascade.is_empty() {
            let removed = cascade.removed();
            for color in Color::ALL {
                // A capture is credited to the opponent of the captured piece (B4).
                self.standings.get_mut(color.other()).captures += removed.get(color).len() as u8;
            }
            self.forget_moved(cascade.all());
        }
        let mut ended = self.pieces.black.is_empty() || self.pieces.white.is_empty();
        match self.phase {
            Phase::Playing if ended => {
                let rebuttal = self.options.white_rebuttal && mover == Color::Black;
                self.phase = if rebuttal {
                    Phase::RebuttalDue
                } else {
                    Phase::Over(Ending::NoPieces)
                };
            }
            // The game has already ended; the rebuttal runs its course unless White
            // runs out of pieces.
            Phase::Rebuttal => {
                ended = self.pieces.get(mover).is_empty();
                if ended {
                    self.phase = Phase::Over(Ending::NoPieces);
                }
            }
            _ => {}
        }
        StepReport {
            step,
            cascade,
            ended,
        }
    }

    fn push_moved(&mut self, now: Square, start: Option<Square>) {
        // Each step adds at most one entry and a turn has at most four steps.
        if let Some(slot) = self.moved.get_mut(usize::from(self.moved_len)) {
            *slot = Moved {
                now: now.index() as u8,
                start,
            };
            self.moved_len += 1;
        }
    }

    fn forget_moved(&mut self, gone: SquareSet) {
        let len = usize::from(self.moved_len);
        let mut kept = 0;
        for i in 0..len {
            let m = self.moved[i];
            let here = Square::from_index(m.now).is_some_and(|s| gone.contains(s));
            if !here {
                self.moved[kept] = m;
                kept += 1;
            }
        }
        // Cleared so that equal positions compare equal (and round-trip through JSON).
        for slot in &mut self.moved[kept..len] {
            *slot = Moved::default();
        }
        self.moved_len = kept as u8;
    }

    fn ends_turn_unchanged(&self) -> bool {
        self.pieces == self.turn_start
            && (self.steps >= self.max_steps() || !self.has_legal_step_ignoring_dancing())
    }

    /// Calls `f` with every legal step, in a fixed order (pieces in reading order,
    /// targets in reading order, then the score, then returns by file).
    pub fn for_each_legal_step(
        &self,
        mut f: impl FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.visit_steps(true, &mut f)
    }

    fn has_legal_step_ignoring_dancing(&self) -> bool {
        self.visit_steps(false, &mut |_| ControlFlow::Break(()))
            .is_break()
    }

    /// Whether the player to move has a legal step.
    #[must_use]
    pub fn has_legal_step(&self) -> bool {
        self.for_each_legal_step(|_| ControlFlow::Break(()))
            .is_break()
    }

    /// Every legal step now.
    #[must_use]
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut out = Vec::new();
        let _ = self.for_each_legal_step(|s| {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    fn visit_steps(
        &self,
        dancing: bool,
        f: &mut dyn FnMut(Step) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if self.can_step().is_err() {
            return ControlFlow::Continue(());
        }
        let mover = self.to_move;
        let own = *self.pieces.get(mover);
        let empty = SquareSet::FULL.minus(self.occupied());
        let dancing = dancing && self.must_change();
        let moved = self.moved();
        for from in own {
            let start = moved
                .iter()
                .find(|m| usize::from(m.now) == from.index())
                .map_or(Some(from), |m| m.start);
            let mut targets = SquareSet::touching(from).intersect(empty);
            if let Some(start) = start {
                targets = targets.without(start);
            }
            for to in targets {
                let mut after = self.pieces;
                *after.get_mut(mover) = own.without(from).with(to);
                if capture::is_martyred(&after, mover, to) {
                    continue;
                }
                let step = Step::Move { from, to };
                if dancing && self.step_ends_unchanged(step) {
                    continue;
                }
                f(step)?;
            }
            if from.rank() == mover.scoring_rank() && start.is_some() {
                let step = Step::Score { from };
                if !(dancing && self.step_ends_unchanged(step)) {
                    f(step)?;
                }
            }
        }
        if self.options.returning_scored {
            let rank = SquareSet::rank(mover.scoring_rank());
            for to in rank.intersect(empty) {
                if self.returnable[usize::from(to.file())] == 0 {
                    continue;
                }
                let mut after = self.pieces;
                *after.get_mut(mover) = own.with(to);
                if capture::is_martyred(&after, mover, to) {
                    continue;
                }
                let step = Step::Return { to };
                if dancing && self.step_ends_unchanged(step) {
                    continue;
                }
                f(step)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn step_ends_unchanged(&self, step: Step) -> bool {
        let mut next = *self;
        next.apply(step);
        next.ends_turn_unchanged()
    }

    /// Ends the current turn. Refused while a legal step is left and the turn has
    /// fewer steps than allowed (full movement); a turn with no step at all is a
    /// forfeit.
    pub fn end_turn(&mut self) -> Result<(), IllegalEnd> {
        if self.is_over() {
            return Err(IllegalEnd::GameOver);
        }
        if self.phase != Phase::RebuttalDue && self.steps < self.max_steps() {
            let mut example = None;
            let _ = self.for_each_legal_step(|s| {
                example = Some(s);
                ControlFlow::Break(())
            });
            if let Some(example) = example {
                return Err(IllegalEnd::FullMovement {
                    made: self.steps,
                    allowed: self.max_steps(),
                    example,
                });
            }
        }
        self.end_turn_unchecked();
        Ok(())
    }

    /// Ends the current turn without the full-movement check.
    pub fn end_turn_unchecked(&mut self) {
        self.phase = match self.phase {
            Phase::RebuttalDue => Phase::Rebuttal,
            Phase::Rebuttal => Phase::Over(Ending::NoPieces),
            other => other,
        };
        if self.is_over() {
            return;
        }
        self.unchanged = if self.pieces == self.turn_start {
            (self.unchanged + 1).min(2)
        } else {
            0
        };
        self.to_move = self.to_move.other();
        self.turn = self.turn.saturating_add(1);
        self.steps = 0;
        self.moved_len = 0;
        // Cleared so that equal positions compare equal.
        self.moved = [Moved::default(); 4];
        self.turn_start = self.pieces;
        self.returnable = *self.exits.get(self.to_move);
    }

    /// The side `color` resigns; the game is over.
    pub fn resign(&mut self, color: Color) {
        self.phase = Phase::Over(Ending::Resignation(color));
    }

    /// The position mirrored across the centre file.
    #[must_use]
    pub fn mirrored(&self) -> Position {
        let mut p = *self;
        p.pieces = self.pieces.map(SquareSet::mirrored);
        p.turn_start = self.turn_start.map(SquareSet::mirrored);
        p.exits = self.exits.map(reverse_files);
        p.returnable = reverse_files(self.returnable);
        for m in &mut p.moved[..usize::from(p.moved_len)] {
            m.now = Square::from_index(m.now).map_or(m.now, |s| s.mirrored().index() as u8);
            m.start = m.start.map(Square::mirrored);
        }
        p
    }

    /// The position seen from the other side: the board turned half a turn and the
    /// colours exchanged, with the standings and the side to move exchanged too.
    /// Only a symmetry of the game when no one-sided variation (handicap, rebuttal)
    /// is in play.
    #[must_use]
    pub fn color_exchanged(&self) -> Position {
        let mut p = *self;
        p.pieces = self.pieces.map(SquareSet::rotated).swapped();
        p.turn_start = self.turn_start.map(SquareSet::rotated).swapped();
        p.exits = self.exits.map(reverse_files).swapped();
        p.returnable = reverse_files(self.returnable);
        p.standings = self.standings.swapped();
        p.to_move = self.to_move.other();
        for m in &mut p.moved[..usize::from(p.moved_len)] {
            m.now = Square::from_index(m.now).map_or(m.now, |s| s.rotated().index() as u8);
            m.start = m.start.map(Square::rotated);
        }
        p
    }
}

fn reverse_files(mut counts: [u8; FILES as usize]) -> [u8; FILES as usize] {
    counts.reverse();
    counts
}

/// A step refused by [`Position::play`], with the position handed back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal step: {reason}")]
pub struct PlayError {
    /// The position, unchanged.
    pub position: Box<Position>,
    /// Why the step is illegal.
    pub reason: IllegalStep,
}
