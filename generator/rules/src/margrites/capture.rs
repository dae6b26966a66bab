//! Capture (rulings B4): a piece with A allies and E enemies touching it is captured
//! when E >= 2 x (A + 1). All pieces of both colours that meet the condition go at
//! once; the condition is then checked again, round after round, until nothing more
//! is removed.

use super::square::{ByColor, Color, Square};
use super::squareset::SquareSet;

/// Whether a piece on `sq` with allies `own` and opponents `enemy` meets the capture
/// condition.
#[must_use]
pub fn meets_capture_condition(sq: Square, own: SquareSet, enemy: SquareSet) -> bool {
    let ring = SquareSet::touching(sq);
    let e = ring.intersect(enemy).len();
    // Fewer than two opponents can never capture, whatever the allies.
    e >= 2 && e >= 2 * (ring.intersect(own).len() + 1)
}

/// The pieces (both colours) that one round removes from this board.
#[must_use]
pub fn capture_round(pieces: &ByColor<SquareSet>) -> SquareSet {
    let mut doomed = SquareSet::EMPTY;
    for color in Color::ALL {
        let own = *pieces.get(color);
        let enemy = *pieces.get(color.other());
        // Only a piece with two or more opponents alongside can be captured.
        for sq in own.intersect(enemy.touching_twice()) {
            if meets_capture_condition(sq, own, enemy) {
                doomed = doomed.with(sq);
            }
        }
    }
    doomed
}

/// The rounds of one capture cascade, in order. Each round removes at least one
/// piece, so sixteen rounds always suffice.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Cascade {
    rounds: [SquareSet; 16],
    len: u8,
    removed: ByColor<SquareSet>,
}

impl Cascade {
    /// The squares emptied in each round.
    #[must_use]
    pub fn rounds(&self) -> &[SquareSet] {
        &self.rounds[..usize::from(self.len)]
    }

    /// Every square emptied by the cascade.
    #[must_use]
    pub fn all(&self) -> SquareSet {
        self.removed.black.union(self.removed.white)
    }

    /// The pieces of each colour removed.
    #[must_use]
    pub fn removed(&self) -> ByColor<SquareSet> {
        self.removed
    }

    /// Whether nothing was captured.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The captured squares round by round, each round in reading order: the order
    /// the notation prints them.
    pub fn in_notation_order(&self) -> impl Iterator<Item = Square> + '_ {
        self.rounds().iter().flat_map(|r| *r)
    }

    /// Whether `listed` names exactly the squares the cascade emptied, each once, in
    /// any order (how a written capture list is checked).
    #[must_use]
    pub fn is_listed_by(&self, listed: &[Square]) -> bool {
        let named: SquareSet = listed.iter().copied().collect();
        named == self.all() && named.len() as usize == listed.len()
    }
}

/// Removes captured pieces round by round until the board is stable.
pub fn resolve(pieces: &mut ByColor<SquareSet>) -> Cascade {
    resolve_sparing(pieces, SquareSet::EMPTY)
}

/// As [`resolve`], but the pieces on `spared` are never removed (they still count
/// as allies and opponents). The checker uses this to follow a transcript past a
/// martyrdom the book did not see, as the book has it.
pub fn resolve_sparing(pieces: &mut ByColor<SquareSet>, spared: SquareSet) -> Cascade {
    let mut cascade = Cascade::default();
    loop {
        let doomed = capture_round(pieces).minus(spared);
        if doomed.is_empty() {
            return cascade;
        }
        for color in Color::ALL {
            let gone = pieces.get(color).intersect(doomed);
            *cascade.removed.get_mut(color) = cascade.removed.get(color).union(gone);
            *pieces.get_mut(color) = pieces.get(color).minus(doomed);
        }
        cascade.rounds[usize::from(cascade.len)] = doomed;
        cascade.len += 1;
    }
}

/// Whether the piece that just arrived on `sq` would be removed in some round of the
/// cascade (martyrdom). `pieces` is the board after the step.
#[must_use]
pub fn is_martyred(pieces: &ByColor<SquareSet>, color: Color, sq: Square) -> bool {
    let own = *pieces.get(color);
    let enemy = *pieces.get(color.other());
    let ring = SquareSet::touching(sq);
    let e = ring.intersect(enemy).len();
    // Removals only ever lower the count of opponents, so fewer than two now means
    // never; enough now means the first round takes it.
    if e < 2 {
        return false;
    }
    if e >= 2 * (ring.intersect(own).len() + 1) {
        return true;
    }
    let mut board = *pieces;
    resolve(&mut board).all().contains(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> SquareSet {
        names.iter().map(|n| n.parse::<Square>().unwrap()).collect()
    }

    #[test]
    fn ratio_two_to_one_captures() {
        let g4: Square = "g4".parse().unwrap();
        // Illustration 7.b.1: three opponents against a piece with one ally.
        assert!(!meets_capture_condition(
            g4,
            set(&["f4", "g4"]),
            set(&["g5", "h5", "h4"])
        ));
        // 7.b.2: the fourth opponent captures.
        assert!(meets_capture_condition(
            g4,
            set(&["f4", "g4"]),
            set(&["g5", "h5", "h4", "h3"])
        ));
    }

    #[test]
    fn cascade_exposes_a_neighbour() {
        // Illustration 7.c after f6>f5: g4 goes first, then f4 is left alone.
        let mut pieces = ByColor {
            black: set(&["f4", "g4"]),
            white: set(&["f5", "g5", "h5", "h4", "h3"]),
        };
        let cascade = resolve(&mut pieces);
        assert_eq!(cascade.rounds(), &[set(&["g4"]), set(&["f4"])]);
        assert!(pieces.black.is_empty());
    }
}
