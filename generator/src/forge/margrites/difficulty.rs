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

use crate::puzzle::{Band, Difficulty, Line};

/// The lowest medium score.
pub const MEDIUM: u32 = 20;
/// The lowest hard score.
pub const HARD: u32 = 45;

/// Rates a puzzle.
#[must_use]
pub fn rate(solution: &Line, turns: u8, tempting: u32, gap: u32) -> Difficulty {
    let tree = solution.size();
    let length = solution.main_line_plies();
    let score = 10 * u32::from(turns.saturating_sub(1))
        + tree.min(40)
        + 3 * tempting.min(10)
        + 8 * gap.min(3)
        + 2 * length;
    Difficulty {
        band: Band::of_score(score, MEDIUM, HARD),
        score,
        tree,
        length,
        tempting,
        gap,
    }
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
    fn harder_features_raise_the_score_and_band() {
        let easy = rate(&leaf("1. a1>a2."), 1, 0, 0);
        assert_eq!((easy.tree, easy.length, easy.band), (1, 1, Band::Easy));
        let tempting = rate(&leaf("1. a1>a2."), 1, 6, 2);
        assert!(tempting.score > easy.score);
        assert_eq!(tempting.band, Band::Medium);
        let mut deep = leaf("1. a1>a2.");
        deep.replies = (0..12)
            .map(|i| crate::puzzle::Reply {
                mv: turn(&format!("2. a{}>b{}.", i % 8 + 1, i % 8 + 1)),
                answer: Some(Box::new(leaf("3. a1>a2."))),
                end: String::new(),
            })
            .collect();
        let d = rate(&deep, 2, 4, 1);
        assert_eq!((d.tree, d.length), (25, 3));
        assert_eq!(d.band, Band::Hard);
    }
}
