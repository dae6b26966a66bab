//! The motif of a Margrites puzzle: the shape of its key, for the forge's cap
//! on puzzles that teach the same thing (computed by
//! [`crate::puzzle::margrites::key_shape`], which likeness uses too).
//!
//! The key's steps are written relative to the square the first step leaves
//! (so the same manoeuvre elsewhere on the board is the same motif), each
//! step as its displacement (`+1+1`), `out` for a score or `in` for a return,
//! with the enemy pieces it captures (`x2`); ranks count towards the mover's
//! scoring edge, so that the same manoeuvre by White and by Black (the board
//! turned over, colours exchanged) is one motif; of the turn and its mirror
//! image across the centre file (the board's one symmetry that keeps both
//! scoring edges) the smaller text is the motif.

use crate::puzzle::margrites::play_turn;
use crate::puzzle::{self, Move, Puzzle};

/// The motif of a Margrites puzzle's key (see the module docs); `None` for
/// another game or a key that does not replay.
#[must_use]
pub fn motif(p: &Puzzle) -> Option<String> {
    let (puzzle::Position::Margrites(pos), Move::Margrites(key)) = (&p.position, &p.key) else {
        return None;
    };
    let (steps, _) = play_turn(pos, &key.to_string()).ok()?;
    Some(shape(pos, &steps))
}

pub use crate::puzzle::margrites::key_shape as shape;

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::test_position as position;
    use cannonball_rules::margrites::Step;

    #[test]
    fn a_shape_mirrored_is_the_same_motif_and_others_differ() {
        // Collection margrites-0d16cd8010d3: a corner capture of two.
        let here = position("a2 b2 c2 d3", "a1 b1", "1(3)-3(3)");
        let (steps, _) = play_turn(&here, "1. c2>c1; c1>d1; d1>c1; d3>c2(xb1, xa1).").unwrap();
        let motif = shape(&here, &steps);
        assert!(motif.contains("x2"), "{motif}");
        // The same in the other corner (mirrored).
        let there = here.mirrored();
        let mirror: Vec<Step> = steps.iter().map(|s| s.mirrored()).collect();
        assert_eq!(shape(&there, &mirror), motif);
        // margrites-0fffabee6437 captures the same pair another way.
        let other = position("d1 c2 b3 c3", "a1 b1", "0(5)-1(4)");
        let (k, _) = play_turn(&other, "1. d1>c1; c2>b2; b3>a2; c3>c2(xb1, xa1).").unwrap();
        assert_ne!(shape(&other, &k), motif);
        // The same steps from another square are the same motif.
        let (moved, _) = play_turn(&here, "1. d3>d4; d4>d5; c2>c1; c1>d1.").unwrap();
        let moved_up = position("a3 b3 c3 d4", "a1 b1", "1(3)-3(3)");
        let (again, _) = play_turn(&moved_up, "1. d4>d5; d5>d6; c3>c2; c2>d2.").unwrap();
        assert_eq!(shape(&here, &moved), shape(&moved_up, &again));
    }

    #[test]
    fn the_same_run_by_white_and_by_black_is_one_motif() {
        // A lone runner's sidestep and diagonal run (the long races): Black
        // from c2 towards rank 8, White from g7 towards rank 1, the board
        // turned over.
        let black = position("c2", "d3 c4", "1(6)-0(6)");
        let (b, _) = play_turn(&black, "1. c2>d2; d2>e3; e3>f4; f4>g5.").unwrap();
        let white = super::super::test_position_to_move("f5 g5", "g7", "0(6)-1(6)", "white");
        let (w, _) = play_turn(&white, "2. g7>f7; f7>e6; e6>d5; d5>c4.").unwrap();
        assert_eq!(shape(&black, &b), shape(&white, &w));
        // Running backwards is another motif.
        let (back, _) = play_turn(&white, "2. g7>f8; f8>e8; e8>d8; d8>c8.").unwrap();
        assert_ne!(shape(&white, &back), shape(&black, &b));
    }
}
