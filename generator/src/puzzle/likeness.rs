//! When two puzzles are the same, or too much alike to print both.
//!
//! - **The same puzzle**: the same game, objective and turns, and the same
//!   pieces up to the board's symmetries and colour exchange, whatever the
//!   ko point, the zombie list and the score line say (the forge proves every
//!   puzzle's answer; two positions that differ only there ask one question).
//! - **The same motif**: the same game and at least [`MOTIF_SHARE`] of the
//!   pieces of the larger of the two in common, in some symmetry and colour
//!   exchange (the mover's pieces matched with the mover's); in Margrites
//!   also the same key shape ([`super::margrites::key_shape`]: the same
//!   steps from the first square moved, up to the mirror and colours),
//!   wherever on the board, or the same pieces once the key is played (two
//!   starts that the key brings to one formation: the reader builds the same
//!   wall round the same chain twice).
//!
//! A collection keeps at most [`MOTIF_CAP`] puzzles of one motif per theme.

use std::collections::BTreeSet;

use cannonball_rules::margo::Symmetry;

use super::model::Puzzle;
use super::position::Move;
use super::position::Position;
use crate::solve::Objective;
use cannonball_rules::Game;

/// The share of pieces in common that makes two puzzles one motif.
pub const MOTIF_SHARE: f64 = 0.75;
/// Puzzles of one motif a collection keeps per theme, at most.
pub const MOTIF_CAP: usize = 3;

/// A piece as likeness sees it: where it is, and whether it is the mover's.
type Piece = (String, bool);

/// What likeness compares of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Likeness {
    game: Game,
    /// The rules (board size, options): puzzles under other rules differ.
    rules: String,
    objective: Objective,
    turns: u8,
    /// The pieces in each image of the position (symmetries; the mover's
    /// pieces marked, so colour exchange is already factored out).
    images: Vec<BTreeSet<Piece>>,
    /// The key's shape (Margrites; `None` elsewhere or when the key does not
    /// replay).
    key_shape: Option<String>,
    /// The pieces once the key is played, in each mirror image (Margrites;
    /// empty elsewhere or when the key does not replay), the key's player's
    /// pieces marked as the mover's.
    after_key: Vec<BTreeSet<Piece>>,
}

impl Likeness {
    /// The likeness of `p`.
    #[must_use]
    pub fn of(p: &Puzzle) -> Likeness {
        let images = match &p.position {
            Position::Margo(pos) => Symmetry::ALL
                .iter()
                .map(|&s| {
                    let t = pos.transformed(s);
                    let me = t.to_move();
                    t.to_setup()
                        .pieces
                        .iter()
                        .map(|(c, col)| (c.to_string(), *col == me))
                        .collect()
                })
                .collect(),
            Position::Margrites(pos) => [*pos, pos.mirrored()]
                .iter()
                .map(margrites_pieces)
                .collect(),
        };
        let (key_shape, after_key) = margrites_key(p).unwrap_or_default();
        Likeness {
            rules: match &p.position {
                Position::Margo(pos) => pos.rules().to_string(),
                Position::Margrites(pos) => format!("{:?}", pos.options()),
            },
            game: p.game,
            objective: p.objective,
            turns: p.turns,
            images,
            key_shape,
            after_key,
        }
    }

    /// Whether `self` and `other` are the same puzzle (see the module docs).
    #[must_use]
    pub fn same_puzzle(&self, other: &Likeness) -> bool {
        self.game == other.game
            && self.rules == other.rules
            && self.objective == other.objective
            && self.turns == other.turns
            && other.images.iter().any(|img| self.images[0] == *img)
    }

    /// The largest share of pieces `self` and `other` have in common in any
    /// image, over the larger piece count (0 for different games).
    #[must_use]
    pub fn shared(&self, other: &Likeness) -> f64 {
        if self.game != other.game || self.rules != other.rules {
            return 0.0;
        }
        let mine = &self.images[0];
        other
            .images
            .iter()
            .map(|img| {
                let common = mine.intersection(img).count();
                let most = mine.len().max(img.len()).max(1);
                #[allow(clippy::cast_precision_loss, reason = "piece counts are small")]
                let share = common as f64 / most as f64;
                share
            })
            .fold(0.0, f64::max)
    }

    /// Whether `self` and `other` are one motif: enough pieces in common, or
    /// (Margrites) the same key shape or the same pieces after the key.
    #[must_use]
    pub fn same_motif(&self, other: &Likeness) -> bool {
        self.shared(other) >= MOTIF_SHARE
            || (self.game == other.game
                && self.key_shape.is_some()
                && self.key_shape == other.key_shape)
            || (self.game == other.game
                && self
                    .after_key
                    .first()
                    .is_some_and(|mine| other.after_key.contains(mine)))
    }
}

/// What likeness compares of a Margrites puzzle's key: its shape, and the
/// pieces once it is played, in both mirror images, the key's player's
/// marked (the position after the key has the other side to move). `None`
/// elsewhere or when the key does not replay.
fn margrites_key(p: &Puzzle) -> Option<(Option<String>, Vec<BTreeSet<Piece>>)> {
    let (Position::Margrites(pos), Move::Margrites(key)) = (&p.position, &p.key) else {
        return None;
    };
    let (steps, after) = super::margrites::play_turn(pos, &key.to_string()).ok()?;
    let after_key = [after, after.mirrored()]
        .iter()
        .map(|q| {
            margrites_pieces(q)
                .into_iter()
                .map(|(sq, defenders)| (sq, !defenders))
                .collect()
        })
        .collect();
    Some((Some(super::margrites::key_shape(pos, &steps)), after_key))
}

/// A Margrites position's pieces, the mover's marked; ranks are counted from
/// the mover's home row, so that colour exchange (which turns the board
/// round) is factored out.
fn margrites_pieces(q: &cannonball_rules::margrites::Position) -> BTreeSet<Piece> {
    use cannonball_rules::margrites::{Color, Square};
    let me = q.to_move();
    let board = q.board().map(Iterator::collect::<Vec<Square>>);
    let mut set = BTreeSet::new();
    for colour in [Color::Black, Color::White] {
        for sq in board.get(colour) {
            let rank = if me == Color::Black {
                sq.rank()
            } else {
                7 - sq.rank()
            };
            set.insert((format!("{}{}", sq.file(), rank), colour == me));
        }
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::{MargoPosition, PositionSpec};

    fn puzzle(black: &str, white: &str, to_move: &str, ko: &str) -> Puzzle {
        let text = format!(
            "id: spargo-000000000000\ngame: spargo\nquestion: q\nobjective: win\nposition:\n  rules: spargo\n  black: {black}\n  white: {white}\n{ko}  to-move: {to_move}\nkey: d4\ngame-value: win\nvalues: []\nsolution:\n  move: d4\n  only: true\ntries: []\nminimality:\n  minimal: true\nthemes: []\ndifficulty:\n  band: 1\n  found-by: nobody\n  tree: 1\n  length: 1\n  tries: 0\nprovenance:\n  generator: t\n  source: t\n  seed: 1\n  candidate: 0\n  solver-nodes: 0\n"
        );
        let _ = PositionSpec::Margo(MargoPosition::default());
        crate::puzzle::parse(&text, "t").unwrap()
    }

    #[test]
    fn mirror_images_and_exchanged_colours_are_the_same_puzzle() {
        let a = Likeness::of(&puzzle("a1 b1 c2", "c1 a2", "black", ""));
        // Mirrored left to right.
        let b = Likeness::of(&puzzle("d1 c1 b2", "b1 d2", "black", ""));
        // Colours exchanged, White to move.
        let c = Likeness::of(&puzzle("c1 a2", "a1 b1 c2", "white", ""));
        assert!(a.same_puzzle(&b) && a.same_puzzle(&c) && b.same_puzzle(&c));
        assert!((a.shared(&b) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn the_other_side_to_move_or_another_piece_is_another_puzzle() {
        let a = Likeness::of(&puzzle("a1 b1 c2", "c1 a2", "black", ""));
        let other_side = Likeness::of(&puzzle("a1 b1 c2", "c1 a2", "white", ""));
        let more = Likeness::of(&puzzle("a1 b1 c2 d4", "c1 a2", "black", ""));
        assert!(!a.same_puzzle(&other_side));
        assert!(!a.same_puzzle(&more));
        // Five of six pieces in common: one motif.
        assert!(a.same_motif(&more));
        let far = Likeness::of(&puzzle("a4 b4", "d1 d2", "black", ""));
        assert!(!a.same_motif(&far));
    }

    /// A Margrites puzzle (score 1 in 1) with the given pieces and key.
    fn margrites(black: &str, white: &str, score: &str, key: &str) -> Puzzle {
        let text = format!(
            "id: margrites-000000000000\ngame: margrites\nquestion: q\nobjective: score:1\nturns: 1\nposition:\n  black: {black}\n  white: {white}\n  score: {score}\n  to-move: white\nkey: {key}\ngame-value: unknown\nvalues: []\nfirst-turns: 1\nsolution:\n  move: {key}\n  only: true\ntries: []\nminimality:\n  minimal: true\nthemes: []\ndifficulty:\n  band: 1\n  found-by: nobody\n  tree: 1\n  length: 1\n  tries: 0\nprovenance:\n  generator: t\n  source: t\n  seed: 1\n  candidate: 0\n  solver-nodes: 0\n"
        );
        crate::puzzle::parse(&text, "t").unwrap()
    }

    #[test]
    fn margrites_keys_of_one_shape_are_one_motif_wherever_they_stand() {
        // Two martyrdom detours once in the collection: a3 and i3 each go
        // round a Black piece on the first rank and score, the second the
        // mirror image of the first, few pieces in common.
        let a = margrites(
            "a1 c1 e6",
            "a3 f8",
            "0(4)-2(5)",
            "2. a3>b3; b3>c2; c2>d1; d1>W++.",
        );
        let b = margrites(
            "h1 i1 g7",
            "i3 e7",
            "2(5)-1(3)",
            "2. i3>h3; h3>g2; g2>f1; f1>W++.",
        );
        let (a, b) = (Likeness::of(&a), Likeness::of(&b));
        assert!(a.shared(&b) < MOTIF_SHARE, "{}", a.shared(&b));
        assert!(a.same_motif(&b));
        // The same pieces with another turn: another shape, and too little
        // in common.
        let c = margrites(
            "h1 i1 g7",
            "i3 e7",
            "2(5)-1(3)",
            "2. i3>h3; h3>h4; h4>h5; h5>h6.",
        );
        let c = Likeness::of(&c);
        assert!(c.key_shape.is_some());
        assert!(!a.same_motif(&c));
    }

    #[test]
    fn margrites_keys_that_build_one_formation_are_one_motif() {
        // Two chain captures against Black's i1-i3 chain (the first in the
        // collection, the second turned down for it): from other starts and
        // by other routes, White's key ends with a wall on h1 h2 h4 h5.
        let wall = margrites(
            "i1 i2 i3",
            "g2 g3 h3 h4",
            "2(3)-1(3)",
            "2. g3>h2; g2>h1; h3>g4; g4>h5.",
        );
        let again = margrites(
            "i1 i2 i3",
            "g2 h2 h3 i5",
            "3(3)-1(2)",
            "2. g2>g1; g1>h1; h3>h4; i5>h5.",
        );
        let (wall, again) = (Likeness::of(&wall), Likeness::of(&again));
        assert!(wall.shared(&again) < MOTIF_SHARE, "{}", wall.shared(&again));
        assert_ne!(wall.key_shape, again.key_shape);
        assert!(wall.same_motif(&again) && again.same_motif(&wall));
        // The same start with a key that stops short of the wall: another
        // formation, and no other likeness.
        let short = margrites(
            "i1 i2 i3",
            "g2 h2 h3 i5",
            "3(3)-1(2)",
            "2. g2>g1; g1>h1; h3>h4; i5>i4.",
        );
        let short = Likeness::of(&short);
        assert_eq!(short.after_key.len(), 2, "the key replays");
        assert!(!wall.same_motif(&short));
    }

    #[test]
    fn the_ko_point_does_not_make_another_puzzle() {
        // Black has just taken a White piece on a1 with b1.
        let a = Likeness::of(&puzzle("a2 b1", "c1 b2", "white", ""));
        let b = Likeness::of(&puzzle("a2 b1", "c1 b2", "white", "  ko: a1\n"));
        assert!(a.same_puzzle(&b));
    }
}
