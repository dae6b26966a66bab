//! Canonical keys of Spargo positions: one 60-bit number per class of positions
//! equal up to the board's eight symmetries and the exchange of colours.
//!
//! The pieces of the player to move fill bits 0–29 (one per point, in point
//! order), the opponent's bits 30–59. The simple-ko point, always empty, is
//! marked by setting its bit in both halves, which no real point can have. Of the
//! eight images of a position under the symmetries the smallest number is the
//! key; the player to move is always drawn as the first half, so colour exchange
//! is built in.

use cannonball_rules::margo::{
    Bitboard, Color, Geometry, Point, Position, PositionError, Rules, Symmetry,
};

/// Most points a board with keys of this kind may have (the 4x4 board has 30).
pub const POINTS: usize = 30;
const HALF: u32 = 30;
const MASK30: u64 = (1 << HALF) - 1;

/// The canonical key of a Spargo position (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Key(pub u64);

/// Byte-wise lookup tables applying each symmetry to a 30-bit point set.
#[derive(Debug)]
pub struct Keyer {
    tables: [[[u32; 256]; 4]; 8],
}

impl Keyer {
    /// Tables for the 4x4 board.
    #[must_use]
    pub fn new() -> Keyer {
        Keyer::for_geometry(spargo_geometry())
    }

    /// Tables for a board of at most 30 points (sizes 3 and 4).
    #[must_use]
    pub fn for_geometry(geo: &Geometry) -> Keyer {
        let mut tables = [[[0u32; 256]; 4]; 8];
        for (s, sym) in Symmetry::ALL.into_iter().enumerate() {
            for (byte, table) in tables[s].iter_mut().enumerate() {
                for (value, out) in table.iter_mut().enumerate() {
                    for bit in 0..8 {
                        let i = byte * 8 + bit;
                        if value >> bit & 1 != 0 && i < geo.len().min(POINTS) {
                            *out |= 1 << geo.transform(sym, Point::new(i)).index();
                        }
                    }
                }
            }
        }
        Keyer { tables }
    }

    #[inline]
    fn permute(&self, s: usize, x: u64) -> u64 {
        let t = &self.tables[s];
        u64::from(
            t[0][(x & 0xFF) as usize]
                | t[1][(x >> 8 & 0xFF) as usize]
                | t[2][(x >> 16 & 0xFF) as usize]
                | t[3][(x >> 24 & 0xFF) as usize],
        )
    }

    /// The key of the position with `mover`'s and `other`'s pieces and the ko
    /// point (bit masks over the 30 points).
    #[inline]
    #[must_use]
    pub fn key_of(&self, mover: u64, other: u64, ko: u64) -> Key {
        // The key's high half (the opponent's pieces, with the ko point)
        // decides the order of two symmetries' keys unless it is equal: so the
        // low half is found only for the symmetries whose high half is least.
        let mut high = [0u64; 8];
        let mut least = u64::MAX;
        for (s, h) in high.iter_mut().enumerate() {
            let k = if ko == 0 { 0 } else { self.permute(s, ko) };
            *h = self.permute(s, other) | k;
            least = least.min(*h);
        }
        let mut low = u64::MAX;
        for (s, &h) in high.iter().enumerate() {
            if h == least {
                let k = if ko == 0 { 0 } else { self.permute(s, ko) };
                low = low.min(self.permute(s, mover) | k);
            }
        }
        Key(low | least << HALF)
    }

    /// The key of a Spargo position (only the board, the colour to move and the
    /// ko point matter; everything else is fixed for Spargo positions in play).
    #[must_use]
    pub fn key(&self, pos: &Position<1>) -> Key {
        let b = pos.board();
        let (w, k) = (b.pieces(Color::White).0[0], b.pieces(Color::Black).0[0]);
        let (mover, other) = if pos.to_move() == Color::White {
            (w, k)
        } else {
            (k, w)
        };
        let ko = pos.ko_point().map_or(0, |p| 1 << p.index());
        self.key_of(mover, other, ko)
    }
}

impl Default for Keyer {
    fn default() -> Self {
        Keyer::new()
    }
}

fn spargo_geometry() -> &'static Geometry {
    Geometry::of(4).unwrap_or_else(|_| unreachable!("4 is a supported size"))
}

impl Key {
    /// The player to move's pieces, the opponent's, and the ko point.
    #[must_use]
    pub fn parts(self) -> (u64, u64, Option<Point>) {
        let low = self.0 & MASK30;
        let high = self.0 >> HALF & MASK30;
        let ko = low & high;
        let point = (ko != 0).then(|| Point::new(ko.trailing_zeros() as usize));
        (low & !ko, high & !ko, point)
    }

    /// The position this key stands for, White to move (the canonical form).
    ///
    /// # Errors
    /// When `rules` are not Spargo-sized rules.
    pub fn position(self, rules: Rules) -> Result<Position<1>, PositionError> {
        Ok(self.position_like(&Position::new(rules)?))
    }

    /// The position this key stands for, with the rules of `template`.
    #[must_use]
    pub fn position_like(self, template: &Position<1>) -> Position<1> {
        let (mover, other, ko) = self.parts();
        template.with_parts(&[Bitboard([mover]), Bitboard([other])], Color::White, ko)
    }

    /// The final margin if the game ends here: the mover's pieces minus the
    /// opponent's.
    #[must_use]
    pub fn margin(self) -> i8 {
        let (mover, other, _) = self.parts();
        mover.count_ones() as i8 - other.count_ones() as i8
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cannonball_rules::margo::Preset;
    use cannonball_rules::rng::Rng;

    #[test]
    fn symmetric_and_colour_exchanged_positions_share_a_key() {
        let keyer = Keyer::new();
        let mut rng = Rng::seed_from(4);
        let mut pos = Position::<1>::new(Preset::Spargo.rules()).unwrap();
        for _ in 0..40 {
            let k = keyer.key(&pos);
            for s in Symmetry::ALL {
                let image = pos.transformed(s);
                assert_eq!(keyer.key(&image), k);
                assert_eq!(keyer.key(&image.with_colors_exchanged()), k);
            }
            let back = k.position(Preset::Spargo.rules()).unwrap();
            assert_eq!(keyer.key(&back), k);
            assert_eq!(back.legal_moves().len(), pos.legal_moves().len());
            let Some(m) = pos.random_move(&mut rng) else {
                break;
            };
            pos.play_unchecked(m);
        }
    }

    #[test]
    fn different_positions_have_different_keys() {
        let keyer = Keyer::new();
        let empty = Position::<1>::new(Preset::Spargo.rules()).unwrap();
        let mut a = empty.clone();
        a.play_unchecked(cannonball_rules::margo::Move::Place(Point::new(5)));
        let mut b = empty.clone();
        b.play_unchecked(cannonball_rules::margo::Move::Place(Point::new(0)));
        assert_ne!(keyer.key(&a), keyer.key(&b));
        assert_ne!(keyer.key(&a), keyer.key(&empty));
        // The same board with a ko point is a different position.
        let (m, o, _) = keyer.key(&a).parts();
        assert_ne!(keyer.key_of(m, o, 1 << 7), keyer.key_of(m, o, 0));
    }

    /// The key is the least of the eight symmetries' keys, each taken whole
    /// (the shortcut through the high half changes nothing), on the boards
    /// of random games with and without a ko point, symmetric boards
    /// (many ties) included.
    #[test]
    fn the_key_is_the_least_symmetric_image() {
        let keyer = Keyer::new();
        let plain = |m: u64, o: u64, ko: u64| {
            (0..8)
                .map(|s| {
                    let k = if ko == 0 { 0 } else { keyer.permute(s, ko) };
                    (keyer.permute(s, m) | k) | (keyer.permute(s, o) | k) << HALF
                })
                .min()
                .unwrap()
        };
        let mut rng = Rng::seed_from(5);
        let mut checked = 0;
        for _ in 0..200 {
            let mut pos = Position::<1>::new(Preset::Spargo.rules()).unwrap();
            while let Some(m) = pos.random_move(&mut rng) {
                let b = pos.board();
                let (w, k) = (b.pieces(Color::White).0[0], b.pieces(Color::Black).0[0]);
                for (m, o) in [(w, k), (k, w), (w, 0), (0, 0)] {
                    let empty = spargo_geometry().len() as u64;
                    let ko = (0..empty)
                        .find(|i| (m | o) >> i & 1 == 0)
                        .map_or(0, |i| 1 << i);
                    for ko in [0, ko] {
                        assert_eq!(keyer.key_of(m, o, ko).0, plain(m, o, ko));
                        checked += 1;
                    }
                }
                pos.play_unchecked(m);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
