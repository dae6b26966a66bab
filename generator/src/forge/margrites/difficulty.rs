//! Difficulty: the weakest ladder player that finds the key
//! ([`super::ladder`]), the size of the written solution tree, the plies of
//! its main line and the genuine tries ([`super::tries`]); the band follows
//! from them ([`crate::puzzle::Band::of`]).

use crate::puzzle::{Difficulty, Finder, Line};

/// Rates a puzzle whose key `found_by` finds, with `tries` genuine tries.
#[must_use]
pub fn rate(solution: &Line, found_by: Finder, tries: u32) -> Difficulty {
    Difficulty::new(found_by, solution.size(), solution.main_line_plies(), tries)
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
    fn the_finder_the_tree_and_the_tries_raise_the_band() {
        let easy = rate(&leaf("1. a1>a2."), Finder::TwoPly, 1);
        assert_eq!((easy.tree, easy.length, easy.tries), (1, 1, 1));
        assert_eq!(easy.found_by, Finder::TwoPly);
        let mut deep = leaf("1. a1>a2.");
        deep.replies = (0..15)
            .map(|i| crate::puzzle::Reply {
                mv: turn(&format!("2. a{}>b{}.", i % 8 + 1, i % 8 + 1)),
                answer: Some(Box::new(leaf("3. a1>a2."))),
                end: String::new(),
            })
            .collect();
        let d = rate(&deep, Finder::Nobody, 3);
        assert_eq!((d.tree, d.length), (31, 3));
        assert!(d.band > easy.band);
        assert!(rate(&leaf("1. a1>a2."), Finder::Search, 1).band > easy.band);
    }
}
