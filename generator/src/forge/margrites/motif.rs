//! The motif of a Margrites puzzle: the shape of its key, for the forge's cap
//! on puzzles that teach the same thing.
//!
//! The key's steps are written relative to the square the first step leaves
//! (so the same manoeuvre elsewhere on the board is the same motif), each
//! step as its displacement (`+1+1`), `out` for a score or `in` for a return,
//! with the enemy pieces it captures (`x2`); of the turn and its mirror image
//! across the centre file (the board's one symmetry that keeps both scoring
//! edges) the smaller text is the motif. Puzzles are stored in their
//! canonical orientation, so colour exchange is already accounted for.

use crate::puzzle::margrites::play_turn;
use crate::puzzle::{self, Move, Puzzle};
use cannonball_rules::margrites::{Position, Square, Step};

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

/// The motif of the turn `steps` from `pos`.
#[must_use]
pub fn shape(pos: &Position, steps: &[Step]) -> String {
    let enemy = pos.to_move().other();
    let mut p = *pos;
    let mut captured = Vec::new();
    for &s in steps {
        let before = p.pieces(enemy).len();
        p.play_step_unchecked(s);
        captured.push(before - p.pieces(enemy).len());
    }
    let origin = steps.first().map(|s| match *s {
        Step::Move { from, .. } | Step::Score { from } => from,
        Step::Return { to } => to,
    });
    let Some(origin) = origin else {
        return "forfeit".into();
    };
    let write = |flip: i32| {
        let rel = |sq: Square| {
            let df = (i32::from(sq.file()) - i32::from(origin.file())) * flip;
            let dr = i32::from(sq.rank()) - i32::from(origin.rank());
            (df, dr)
        };
        steps
            .iter()
            .zip(&captured)
            .map(|(s, x)| {
                let body = match *s {
                    Step::Move { from, to } => {
                        let ((f0, r0), (f1, r1)) = (rel(from), rel(to));
                        format!("{f0:+}{r0:+}>{:+}{:+}", f1 - f0, r1 - r0)
                    }
                    Step::Score { from } => {
                        let (f, r) = rel(from);
                        format!("{f:+}{r:+}>out")
                    }
                    Step::Return { to } => {
                        let (f, r) = rel(to);
                        format!("in>{f:+}{r:+}")
                    }
                };
                if *x > 0 { format!("{body}x{x}") } else { body }
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (a, b) = (write(1), write(-1));
    a.min(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::super::test_position as position;

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
}
