//! Which piece is on which point: the board without whose-turn or ko state.

use super::tables::Tables;
use super::{Bitboard, Color, Point};

/// The pieces on the board, one set per colour, with the sets derived from them
/// that every move needs (kept up to date as pieces come and go).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Board<const W: usize> {
    pieces: [Bitboard<W>; 4],
    occupied: Bitboard<W>,
    /// Points above the board whose four resting points are all occupied.
    supported: Bitboard<W>,
    /// Pieces with a piece directly above them.
    buried: Bitboard<W>,
}

impl<const W: usize> Default for Board<W> {
    fn default() -> Self {
        Board {
            pieces: [Bitboard::EMPTY; 4],
            occupied: Bitboard::EMPTY,
            supported: Bitboard::EMPTY,
            buried: Bitboard::EMPTY,
        }
    }
}

impl<const W: usize> Board<W> {
    /// The points holding a piece of `c`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, c: Color) -> Bitboard<W> {
        self.pieces[c as usize]
    }

    /// Every occupied point.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard<W> {
        self.occupied
    }

    /// Points above the board (occupied or not) whose four resting points are
    /// occupied.
    #[inline]
    #[must_use]
    pub fn supported(&self) -> Bitboard<W> {
        self.supported
    }

    /// Pieces with a piece directly above them.
    #[inline]
    #[must_use]
    pub fn buried(&self) -> Bitboard<W> {
        self.buried
    }

    /// Pieces that are not buried.
    #[inline]
    #[must_use]
    pub fn visible(&self) -> Bitboard<W> {
        self.occupied - self.buried
    }

    /// The colour of the piece on `p`, if any.
    #[inline]
    #[must_use]
    pub fn color_at(&self, p: Point) -> Option<Color> {
        if !self.occupied.contains(p) {
            return None;
        }
        Color::ALL
            .into_iter()
            .find(|&c| self.pieces[c as usize].contains(p))
    }

    /// Puts a piece of `c` on the empty point `p`.
    #[inline]
    pub(crate) fn place(&mut self, t: &Tables<W>, p: Point, c: Color) {
        self.pieces[c as usize].insert(p);
        self.occupied.insert(p);
        for &u in t.geo.rested_on_by(p) {
            if t.down[u.index()].is_subset(&self.occupied) {
                self.supported.insert(u);
            }
        }
        if let Some(b) = t.below[p.index()] {
            self.buried.insert(b);
        }
    }

    /// Takes the pieces on `set` off the board; nothing may rest on them.
    #[inline]
    pub(crate) fn clear(&mut self, t: &Tables<W>, set: Bitboard<W>) {
        for b in &mut self.pieces {
            *b = *b - set;
        }
        self.occupied = self.occupied - set;
        for q in set {
            self.supported = self.supported - t.up[q.index()];
            if let Some(b) = t.below[q.index()] {
                self.buried.remove(b);
            }
        }
    }

    /// Adds pieces of `c` on every point of `set` without updating the derived
    /// sets; call [`Board::rederive`] afterwards.
    pub(crate) fn add_all(&mut self, set: Bitboard<W>, c: Color) {
        self.pieces[c as usize] |= set;
        self.occupied |= set;
    }

    /// The board with each piece moved by `f` and recoloured by `g`.
    pub(crate) fn mapped(
        &self,
        t: &Tables<W>,
        f: impl Fn(Point) -> Point,
        g: impl Fn(Color) -> Color,
    ) -> Board<W> {
        let mut out = Board::default();
        // Lower levels first, so that `supported` is derived correctly.
        for p in self.occupied {
            if let Some(c) = self.color_at(p) {
                out.pieces[g(c) as usize].insert(f(p));
                out.occupied.insert(f(p));
            }
        }
        out.rederive(t);
        out
    }

    /// Recomputes the derived sets from the pieces.
    pub(crate) fn rederive(&mut self, t: &Tables<W>) {
        self.supported = Bitboard::EMPTY;
        self.buried = Bitboard::EMPTY;
        for p in t.all - t.level0 {
            if t.down[p.index()].is_subset(&self.occupied) {
                self.supported.insert(p);
            }
        }
        for q in self.occupied & t.level2_up {
            if let Some(b) = t.below[q.index()] {
                self.buried.insert(b);
            }
        }
    }
}
