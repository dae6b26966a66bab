//! Difficulty: the weakest ladder player that finds the key
//! ([`super::ladder`]), the plies of the solution's main line, the distinct
//! turns of the attacker its tree asks for and the genuine tries
//! ([`super::tries`]); the band follows from them
//! ([`crate::puzzle::Band::of_turns`]). The file also records the tree's
//! nodes.

use crate::puzzle::{Difficulty, Finder, Line};

/// Rates a puzzle whose key `found_by` finds, with `tries` genuine tries.
#[must_use]
pub fn rate(solution: &Line, found_by: Finder, tries: u32) -> Difficulty {
    Difficulty::of_turns(found_by, solution, tries)
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
        // One answer meets all fifteen defences: the ladder's band and one
        // for the tries.
        assert_eq!(deep.attacker_turns(), 2);
        assert_eq!(d.band, crate::puzzle::Band(4));
        assert!(d.band > easy.band);
        // Answers that depend on the defence raise it.
        for (i, r) in deep.replies.iter_mut().enumerate().take(2) {
            r.answer = Some(Box::new(leaf(&format!("3. b{}>b{}.", i + 1, i + 2))));
        }
        assert_eq!(deep.attacker_turns(), 4);
        assert_eq!(rate(&deep, Finder::Nobody, 3).band, crate::puzzle::Band(5));
        // A lone turn the ladder misses is easier than one with a defence.
        assert!(
            rate(&leaf("1. a1>a2."), Finder::Nobody, 1).band < rate(&deep, Finder::Nobody, 1).band
        );
        assert!(rate(&deep, Finder::Search, 1).band > rate(&deep, Finder::TwoPly, 1).band);
    }
}
