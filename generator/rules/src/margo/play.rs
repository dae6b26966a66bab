//! Legal moves and playing them: checked play that hands the position back with
//! the reason a move is illegal, and unchecked play for search.

use super::capture::{self, Resolution};
use super::legality::{self, Liberties};
use super::position::{IllegalMove, Move, MoveEffects, MoveReport, PlayError, Position};
use super::{Bitboard, Board, Ko, Point};

/// What the legality tests of many placements of one position share: the
/// empty board-level points, and (found at the first placement that needs
/// them) the groups by their liberties.
pub(crate) struct Scan<const W: usize> {
    empty0: Bitboard<W>,
    libs: Option<Liberties<W>>,
}

impl<const W: usize> Position<W> {
    /// Places a piece of the colour to move on `p` on a copy of the board and
    /// resolves captures; checks everything but ko.
    fn simulate(&self, p: Point) -> Result<(Board<W>, Resolution<W>), IllegalMove> {
        let t = self.t;
        if !t.geo.contains(p) {
            return Err(IllegalMove::OffBoard);
        }
        if self.board.occupied().contains(p) {
            return Err(IllegalMove::Occupied);
        }
        if !t.allowed(self.rules.max_height).contains(p) {
            return Err(IllegalMove::AboveMaxHeight);
        }
        if !t.down[p.index()].is_subset(&self.board.occupied()) {
            return Err(IllegalMove::Unsupported);
        }
        let mut board = self.board;
        let res = capture::place_and_resolve(t, &self.rules, &mut board, self.to_move, p)
            .map_err(|_| IllegalMove::Suicide)?;
        Ok((board, res))
    }

    /// The board hash after placing on `p` with resolution `res`.
    pub(crate) fn hash_after(&self, p: Point, res: &Resolution<W>) -> u64 {
        let mut h = self.board_hash ^ self.t.keys[p.index()][self.to_move.index()];
        for q in res.removed {
            if let Some(c) = self.board.color_at(q) {
                h ^= self.t.keys[q.index()][c.index()];
            }
        }
        h
    }

    pub(crate) fn ko_forbids(&self, p: Point, after: &Board<W>, after_hash: u64) -> bool {
        match self.rules.ko {
            Ko::None => false,
            Ko::Simple => self.ko_point == Some(p),
            Ko::PositionalSuperko => self
                .history
                .contains(after, after_hash, self.to_move, false),
            Ko::SituationalSuperko => {
                let next = self.to_move.next(self.rules.players());
                self.history.contains(after, after_hash, next, true)
            }
        }
    }

    /// Whether `m` is legal now, and if not, why.
    ///
    /// # Errors
    /// The reason the move is illegal.
    pub fn check(&self, m: Move) -> Result<(), IllegalMove> {
        self.evaluate_or_over(m).map(|_| ())
    }

    /// [`Position::evaluate`], reporting [`IllegalMove::GameOver`] for any move
    /// once the player to move has no legal move at all.
    #[allow(
        clippy::type_complexity,
        reason = "private helper returning the simulated result"
    )]
    fn evaluate_or_over(
        &self,
        m: Move,
    ) -> Result<Option<(Point, Board<W>, Resolution<W>, u64)>, IllegalMove> {
        match self.evaluate(m) {
            Err(reason) if reason != IllegalMove::GameOver && !self.has_legal_move() => {
                Err(IllegalMove::GameOver)
            }
            other => other,
        }
    }

    #[allow(
        clippy::type_complexity,
        reason = "private helper returning the simulated result"
    )]
    fn evaluate(
        &self,
        m: Move,
    ) -> Result<Option<(Point, Board<W>, Resolution<W>, u64)>, IllegalMove> {
        if self.ended_by_state() {
            return Err(IllegalMove::GameOver);
        }
        match m {
            Move::Pass if self.rules.can_pass => Ok(None),
            Move::Pass => Err(IllegalMove::PassNotAllowed),
            Move::Swap if self.swap_available => Ok(None),
            Move::Swap => Err(IllegalMove::SwapNotAllowed),
            Move::Place(p) => {
                let (after, res) = self.simulate(p)?;
                let h = self.hash_after(p, &res);
                if self.ko_forbids(p, &after, h) {
                    return Err(IllegalMove::Ko);
                }
                Ok(Some((p, after, res, h)))
            }
        }
    }

    /// Plays `m` if it is legal; otherwise hands the position back with the reason.
    ///
    /// # Errors
    /// A [`PlayError`] holding the unchanged position and the reason.
    pub fn play(mut self, m: Move) -> Result<(Position<W>, MoveReport<W>), PlayError<Position<W>>> {
        match self.try_play(m) {
            Ok(report) => Ok((self, report)),
            Err(reason) => Err(PlayError {
                position: self,
                reason,
            }),
        }
    }

    /// Plays `m` in place if it is legal; otherwise leaves the position unchanged
    /// and says why. The report names the new zombies.
    ///
    /// # Errors
    /// The reason the move is illegal ([`IllegalMove::GameOver`] when the player
    /// to move has no legal move at all).
    pub fn try_play(&mut self, m: Move) -> Result<MoveReport<W>, IllegalMove> {
        let evaluated = self.evaluate_or_over(m)?;
        let color = self.to_move;
        let player = self.player_of(color);
        let effects = match evaluated {
            Some((p, after, res, h)) => {
                let zombies_before = self.zombies;
                let effects = self.commit_place(p, after, res, h);
                let zombies = self.zombies - zombies_before;
                return Ok(MoveReport {
                    color,
                    player,
                    removed: effects.removed,
                    zombies,
                    winning_capture: effects.winning_capture,
                });
            }
            None => self.play_unchecked(m),
        };
        Ok(MoveReport {
            color,
            player,
            removed: effects.removed,
            zombies: Bitboard::EMPTY,
            winning_capture: effects.winning_capture,
        })
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`] or
    /// [`Position::legal_placements`]). An illegal placement leaves the position
    /// unchanged (checked only in debug builds).
    pub fn play_unchecked(&mut self, m: Move) -> MoveEffects<W> {
        let next = self.to_move.next(self.rules.players());
        match m {
            Move::Place(p) => {
                let mut after = self.board;
                match capture::place_and_resolve(self.t, &self.rules, &mut after, self.to_move, p) {
                    Ok(res) => {
                        let h = self.hash_after(p, &res);
                        self.commit_place(p, after, res, h)
                    }
                    Err(_) => {
                        debug_assert!(false, "play_unchecked given a suicide");
                        MoveEffects::default()
                    }
                }
            }
            Move::Pass => {
                self.passes = self.passes.saturating_add(1);
                self.after_non_placement(next);
                MoveEffects::default()
            }
            Move::Swap => {
                self.swapped = !self.swapped;
                self.passes = 0;
                self.after_non_placement(self.to_move);
                MoveEffects::default()
            }
        }
    }

    /// Plays `m` in place if it is legal and says what it did; otherwise leaves
    /// the position unchanged and returns `None`. For search: one capture
    /// resolution per placement, and no diagnosis of why a move is illegal or
    /// report of new zombies (see [`Position::try_play`] for those).
    pub fn play_if_legal(&mut self, m: Move) -> Option<MoveEffects<W>> {
        match self.evaluate(m) {
            Ok(Some((p, after, res, h))) => Some(self.commit_place(p, after, res, h)),
            Ok(None) => Some(self.play_unchecked(m)),
            Err(_) => None,
        }
    }

    fn after_non_placement(&mut self, next: super::Color) {
        self.ko_point = None;
        self.swap_available = self.swap_comes_next();
        self.to_move = next;
        self.ply += 1;
        self.record_history();
    }

    /// Whether the next move is the first of a game begun on the empty board, so
    /// that a swap becomes available after it ("on the second move of the game",
    /// whatever the first was). Not part of [`Position::hash`], which the empty
    /// board at the start of a game shares with an empty-board setup; searches
    /// that mix both in one table add it to their key.
    #[must_use]
    pub fn swap_comes_next(&self) -> bool {
        self.rules.swap && self.opening && self.ply == 0
    }

    fn record_history(&mut self) {
        if self.rules.ko.is_superko() {
            let situational = self.rules.ko == Ko::SituationalSuperko;
            self.history =
                self.history
                    .with(&self.board, self.board_hash, self.to_move, situational);
        }
    }

    pub(crate) fn commit_place(
        &mut self,
        p: Point,
        after: Board<W>,
        res: Resolution<W>,
        hash: u64,
    ) -> MoveEffects<W> {
        let mover = self.to_move;
        let next = mover.next(self.rules.players());
        let before = self.board;
        let winning_capture = self.rules.single_capture && {
            let enemy = res.captured & (before.occupied() - before.pieces(mover));
            (enemy - self.zombies).any()
        };
        self.board = after;
        self.zombies = (self.zombies | res.captured) & after.occupied();
        self.board_hash = hash;
        self.ko_point = if self.rules.ko == Ko::Simple {
            self.simple_ko_point(p, &before, &res, next)
        } else {
            None
        };
        if winning_capture {
            self.winner = Some(mover);
        }
        self.swap_available = self.swap_comes_next();
        self.passes = 0;
        self.to_move = next;
        self.ply += 1;
        self.record_history();
        MoveEffects {
            removed: res.removed,
            captured: res.captured,
            winning_capture,
        }
    }

    /// The point where the next player's placement would recreate `before`, the
    /// board just before this move. That needs this move to have removed exactly
    /// one piece, of the next player's colour, and the replacement to remove
    /// exactly the piece just placed, so only then is it simulated.
    fn simple_ko_point(
        &self,
        placed: Point,
        before: &Board<W>,
        res: &Resolution<W>,
        next: super::Color,
    ) -> Option<Point> {
        if res.removed.len() != 1 {
            return None;
        }
        let k = res.removed.first_point()?;
        if before.color_at(k) != Some(next) {
            return None;
        }
        let mut sim = self.board;
        match capture::place_and_resolve(self.t, &self.rules, &mut sim, next, k) {
            Ok(r) if r.removed == Bitboard::from_point(placed) => Some(k),
            _ => None,
        }
    }

    /// What the legality tests of many placements of this position share.
    pub(crate) fn scan(&self) -> Scan<W> {
        Scan {
            empty0: self.t.level0 - self.board.occupied(),
            libs: None,
        }
    }

    /// [`Position::placement_legal`] for one of many placements of this
    /// position (not superko, zombies on, default freedom rule: otherwise
    /// the plain test), deciding most placements from the mover's groups and
    /// their liberties, found once for all of them:
    ///
    /// - a stacked piece that links to a group of its colour with a freedom
    ///   joins that group, which keeps the freedom, unless the piece it buries
    ///   belongs to it: a stacked piece empties no board-level point, and the
    ///   links from a newly placed piece cannot be cut (nothing rests on it);
    ///   so it is never suicide;
    /// - a stacked piece that links to no such group is decided by
    ///   [`legality::quick_legality_stacked_dead`] when that can tell;
    /// - a board-level piece with no empty board-level neighbour is decided by
    ///   [`legality::quick_legality_level0`] when that can tell.
    #[inline]
    pub(crate) fn placement_legal_in(&self, p: Point, scan: &mut Scan<W>) -> bool {
        let t = self.t;
        if self.rules.ko.is_superko() || !self.rules.zombies || self.rules.all_freedoms {
            return self.placement_legal(p, &scan.empty0);
        }
        if t.level0.contains(p) && t.orth[p.index()].intersects(&scan.empty0) {
            return self.ko_point != Some(p);
        }
        let (board, mover) = (&self.board, self.to_move);
        let libs = scan
            .libs
            .get_or_insert_with(|| legality::liberties(t, &self.rules, board, mover));
        let quick = if t.level0.contains(p) {
            legality::quick_legality_level0(t, &self.rules, board, mover, libs, p)
        } else if (t.down[p.index()] | t.orth[p.index()]).intersects(&libs.alive) {
            let buries_alive = t.below[p.index()].is_some_and(|b| libs.alive.contains(b));
            if buries_alive {
                legality::quick_legality(t, &self.rules, board, mover, p)
            } else {
                Some(true)
            }
        } else {
            legality::quick_legality_stacked_dead(t, &self.rules, board, mover, p)
        };
        match quick {
            Some(legal) => legal && self.ko_point != Some(p),
            None => self.placement_resolved(p),
        }
    }

    /// Whether placing on `p` (an empty, playable point) is legal.
    #[inline]
    pub(crate) fn placement_legal(&self, p: Point, empty0: &Bitboard<W>) -> bool {
        // A board-level piece next to an empty board-level point keeps that
        // freedom through any captures, so it is never suicide.
        if !self.rules.ko.is_superko()
            && self.t.level0.contains(p)
            && self.t.orth[p.index()].intersects(empty0)
        {
            return self.ko_point != Some(p);
        }
        // Many placements are decided without resolving the board.
        if !self.rules.ko.is_superko() {
            let quick = legality::quick_legality(self.t, &self.rules, &self.board, self.to_move, p);
            if let Some(legal) = quick {
                return legal && self.ko_point != Some(p);
            }
        }
        self.placement_resolved(p)
    }

    /// Whether placing on `p` is legal, by resolving the placement's captures.
    fn placement_resolved(&self, p: Point) -> bool {
        let mut board = self.board;
        match capture::place_and_resolve(self.t, &self.rules, &mut board, self.to_move, p) {
            Err(_) => false,
            Ok(res) => {
                let h = if self.rules.ko.is_superko() {
                    self.hash_after(p, &res)
                } else {
                    0
                };
                !self.ko_forbids(p, &board, h)
            }
        }
    }

    /// Whether placing on `p` is legal now.
    #[must_use]
    pub fn is_legal_placement(&self, p: Point) -> bool {
        if self.ended_by_state() || !self.playable().contains(p) {
            return false;
        }
        let empty0 = self.t.level0 - self.board.occupied();
        self.placement_legal(p, &empty0)
    }

    /// Every point where the player to move may place now.
    #[must_use]
    pub fn legal_placements(&self) -> Bitboard<W> {
        if self.ended_by_state() {
            return Bitboard::EMPTY;
        }
        let mut scan = self.scan();
        let (mut out, rest) = self.split_playable(&scan);
        for p in rest {
            if self.placement_legal_in(p, &mut scan) {
                out.insert(p);
            }
        }
        out
    }

    /// Calls `f` with every legal move and the position after it, resolving each
    /// placement's captures once (for search: cheaper than playing each move of
    /// [`Position::legal_moves`] on a copy). The placements that change nothing
    /// but their point are told from the position's groups, found once
    /// ([`legality::Calm`]), and so are most suicides, without resolving the
    /// board.
    pub fn for_each_child(&self, mut f: impl FnMut(Move, Position<W>)) {
        self.for_each_child_with(|m, child, _| f(m, child));
    }

    /// [`Position::for_each_child`], also handing `f` the points each move
    /// emptied (its captures' removals).
    pub fn for_each_child_with(&self, mut f: impl FnMut(Move, Position<W>, Bitboard<W>)) {
        if self.ended_by_state() {
            return;
        }
        let (t, mover) = (self.t, self.to_move);
        let mut calm = legality::calm(t, &self.rules, &self.board, mover);
        for p in self.playable() {
            let mut after = self.board;
            let outcome = calm
                .as_mut()
                .and_then(|c| c.outcome(t, &self.rules, &self.board, mover, p));
            let res = match outcome {
                Some(true) => {
                    after.place(t, p, mover);
                    Resolution::default()
                }
                Some(false) => continue,
                None => {
                    // On the board level, undecided means an enemy group
                    // beside the point loses its last freedom: a capture.
                    let resolve = if calm.is_some() && t.level0.contains(p) {
                        capture::place_and_resolve_capture
                    } else {
                        capture::place_and_resolve
                    };
                    let Ok(res) = resolve(t, &self.rules, &mut after, mover, p) else {
                        continue;
                    };
                    res
                }
            };
            let h = self.hash_after(p, &res);
            if self.ko_forbids(p, &after, h) {
                continue;
            }
            let mut child = self.clone();
            let effects = child.commit_place(p, after, res, h);
            f(Move::Place(p), child, effects.removed);
        }
        for (allowed, m) in [
            (self.rules.can_pass, Move::Pass),
            (self.swap_available, Move::Swap),
        ] {
            if allowed {
                let mut child = self.clone();
                child.play_unchecked(m);
                f(m, child, Bitboard::EMPTY);
            }
        }
    }

    /// Every legal move: placements in point order, then pass, then swap.
    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = self.legal_placements().iter().map(Move::Place).collect();
        if !self.ended_by_state() {
            if self.rules.can_pass {
                out.push(Move::Pass);
            }
            if self.swap_available {
                out.push(Move::Swap);
            }
        }
        out
    }

    /// The number of legal moves.
    #[must_use]
    pub fn count_legal(&self) -> usize {
        if self.ended_by_state() {
            return 0;
        }
        let extra = usize::from(self.rules.can_pass) + usize::from(self.swap_available);
        let mut scan = self.scan();
        let (easy, rest) = self.split_playable(&scan);
        let mut n = extra + easy.len();
        for p in rest {
            if self.placement_legal_in(p, &mut scan) {
                n += 1;
            }
        }
        n
    }

    /// The playable points split into those legal at once and the rest: a
    /// board-level piece next to an empty board-level point keeps that
    /// freedom through any captures, so it is never suicide (not under
    /// superko, which can forbid it; the simple-ko point is never easy).
    fn split_playable(&self, scan: &Scan<W>) -> (Bitboard<W>, Bitboard<W>) {
        let playable = self.playable();
        if self.rules.ko.is_superko() {
            return (Bitboard::EMPTY, playable);
        }
        let mut easy = playable & self.t.level0_neighbours(scan.empty0);
        if let Some(k) = self.ko_point {
            easy.remove(k);
        }
        (easy, playable - easy)
    }

    /// Whether the player to move has a legal move (the game goes on).
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        if self.ended_by_state() {
            return false;
        }
        if self.rules.can_pass || self.swap_available {
            return true;
        }
        let mut scan = self.scan();
        let (easy, rest) = self.split_playable(&scan);
        easy.any() || rest.iter().any(|p| self.placement_legal_in(p, &mut scan))
    }
}
