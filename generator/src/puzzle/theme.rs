//! Puzzle themes: what a proved puzzle is about, decided by precise detectors.
//!
//! Every theme has a kebab-case slug (its serde, [`Display`](fmt::Display) and
//! [`FromStr`] form), a title for people, and the games it applies to. The
//! detectors are beside the forge of the game they read
//! (`forge::margo::themes`, `forge::margrites::themes`).
//!
//! ```
//! use cannonball::puzzle::Theme;
//! let t: Theme = "zombie-reversal".parse().unwrap();
//! assert_eq!(t, Theme::ZombieReversal);
//! assert_eq!(t.to_string(), "zombie-reversal");
//! assert_eq!(t.title(), "Zombie reversal");
//! assert_eq!(t.games(), &["spargo", "margo"]);
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// A puzzle theme. Slugs are kebab-case (serde + Display + FromStr): "zombie-reversal", ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// Margo/Spargo: the outcome turns on zombies (a greedy capture that leaves
    /// zombies behind loses, or the solution removes enemy zombies).
    ZombieReversal,
    /// Margo/Spargo: the result depends on the rule that there is no passing, so
    /// the loser must fill its own eyes.
    ForcedEyeFilling,
    /// Margo/Spargo: a capture that works only because an overpass cuts a link.
    OverUnderCut,
    /// Margo/Spargo: a marble on an upper level joins one-eyed groups into one
    /// group with two eyes.
    StackJoin,
    /// Margo/Spargo: the natural capturing move is suicide, because the zombies
    /// it would leave smother it.
    PinnedSuicide,
    /// Margo/Spargo: the key move captures by taking a group's last freedom.
    SurroundCapture,
    /// Margo/Spargo: the solution turns on the ko rule.
    Ko,
    /// Margrites: one step sets off a cascade of captures.
    ChainCapture,
    /// Margrites: a move that invites a capture which costs the capturer more.
    Trap,
    /// Margrites: giving up pieces to end the game while ahead.
    SacrificeToEnd,
    /// Margrites: a race to score pieces off the far edge.
    ScoreRace,
    /// Margrites: the winning path is blocked by the martyrdom rule.
    MartyrdomPath,
}

/// The games whose puzzles the Margo-family themes apply to.
const MARGO_GAMES: &[&str] = &["spargo", "margo"];
/// The game the Margrites themes apply to.
const MARGRITES_GAMES: &[&str] = &["margrites"];

impl Theme {
    /// Every theme, in declaration (and sort) order.
    pub const ALL: [Theme; 12] = [
        Theme::ZombieReversal,
        Theme::ForcedEyeFilling,
        Theme::OverUnderCut,
        Theme::StackJoin,
        Theme::PinnedSuicide,
        Theme::SurroundCapture,
        Theme::Ko,
        Theme::ChainCapture,
        Theme::Trap,
        Theme::SacrificeToEnd,
        Theme::ScoreRace,
        Theme::MartyrdomPath,
    ];

    /// The kebab-case slug (`zombie-reversal`).
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Theme::ZombieReversal => "zombie-reversal",
            Theme::ForcedEyeFilling => "forced-eye-filling",
            Theme::OverUnderCut => "over-under-cut",
            Theme::StackJoin => "stack-join",
            Theme::PinnedSuicide => "pinned-suicide",
            Theme::SurroundCapture => "surround-capture",
            Theme::Ko => "ko",
            Theme::ChainCapture => "chain-capture",
            Theme::Trap => "trap",
            Theme::SacrificeToEnd => "sacrifice-to-end",
            Theme::ScoreRace => "score-race",
            Theme::MartyrdomPath => "martyrdom-path",
        }
    }

    /// The title for people (`Zombie reversal`).
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Theme::ZombieReversal => "Zombie reversal",
            Theme::ForcedEyeFilling => "Forced eye-filling",
            Theme::OverUnderCut => "Over/under cut",
            Theme::StackJoin => "Stack-join",
            Theme::PinnedSuicide => "Pinned suicide",
            Theme::SurroundCapture => "Surround capture",
            Theme::Ko => "Ko",
            Theme::ChainCapture => "Chain capture",
            Theme::Trap => "Trap",
            Theme::SacrificeToEnd => "Sacrifice to end",
            Theme::ScoreRace => "Score race",
            Theme::MartyrdomPath => "Martyrdom path",
        }
    }

    /// What the tag promises, in one or two plain sentences (the book's theme
    /// page and the puzzle pages show it). For the themes a rule can switch
    /// off, the promise includes that without the rule the puzzle would come
    /// out differently, which the forge checks with the solver.
    #[must_use]
    pub const fn definition(self) -> &'static str {
        match self {
            Theme::ZombieReversal => {
                "Zombies are in play from the start: a move of the main line leaves or takes off \
                 zombies, or a tempting capture leaves them behind. If captured pieces were always \
                 removed, with whatever rests on them, the answer would be different."
            }
            Theme::ForcedEyeFilling => {
                "Nobody may pass, so a side that runs out of useful moves must fill its own eyes \
                 (in a capture or save puzzle, the defender does so in the main line). If passing \
                 were allowed, the result would be different."
            }
            Theme::OverUnderCut => {
                "An early move of the solution captures pieces that would still have a freedom \
                 if the links cut by two pieces above them held. If over/under cuts did not cut \
                 links, the answer would be different."
            }
            Theme::StackJoin => {
                "The key is a piece on an upper level that joins two or more groups with one eye \
                 each, one of them about to be taken at its eye, into one group with at least two \
                 eyes."
            }
            Theme::PinnedSuicide => {
                "The natural capture, on the last freedom of an enemy group, is suicide: a \
                 captured piece with something resting on it stays as a zombie and smothers the \
                 capturing piece. If zombies were off, that capture would be legal and would \
                 solve the puzzle."
            }
            Theme::SurroundCapture => {
                "The key takes the last freedom of an enemy group and captures it."
            }
            Theme::Ko => {
                "A ko appears early in the main line, and without the ko rule the result would \
                 be different."
            }
            Theme::ChainCapture => {
                "The key turn captures two or more pieces, and at least one of them falls only \
                 because another fell earlier in the same turn."
            }
            Theme::Trap => {
                "After the key turn the game goes on, but the opponent has no legal first step \
                 and loses its turn."
            }
            Theme::SacrificeToEnd => {
                "The key turn wins the game by letting one of the attacker's own pieces be \
                 captured, ending the game while ahead."
            }
            Theme::ScoreRace => {
                "The key scores and wins the game while the opponent, had it the move instead, \
                 would score its way to a win within two turns: the key answers the race in time."
            }
            Theme::MartyrdomPath => {
                "The martyrdom rule forces a longer route: the moving piece's shortest way to \
                 where it ends, or off the board, is longer than it would be if it could stop \
                 on a square where it would be captured."
            }
        }
    }

    /// The games the theme applies to: `spargo` and `margo`, or `margrites`.
    #[must_use]
    pub fn games(self) -> &'static [&'static str] {
        match self {
            Theme::ZombieReversal
            | Theme::ForcedEyeFilling
            | Theme::OverUnderCut
            | Theme::StackJoin
            | Theme::PinnedSuicide
            | Theme::SurroundCapture
            | Theme::Ko => MARGO_GAMES,
            Theme::ChainCapture
            | Theme::Trap
            | Theme::SacrificeToEnd
            | Theme::ScoreRace
            | Theme::MartyrdomPath => MARGRITES_GAMES,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A theme slug that names no theme.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown theme '{0}' (themes: {list})", list = slugs())]
pub struct UnknownTheme(pub String);

fn slugs() -> String {
    Theme::ALL
        .iter()
        .map(|t| t.slug())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for Theme {
    type Err = UnknownTheme;

    /// Reads a slug (`stack-join`).
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.slug() == s)
            .ok_or_else(|| UnknownTheme(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_round_trip_through_text_and_serde() {
        for t in Theme::ALL {
            assert_eq!(t.slug().parse::<Theme>(), Ok(t));
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.slug()));
            assert_eq!(serde_json::from_str::<Theme>(&json).unwrap(), t);
        }
    }

    #[test]
    fn slugs_are_distinct_kebab_case_and_all_is_sorted() {
        let mut seen = std::collections::BTreeSet::new();
        for t in Theme::ALL {
            assert!(seen.insert(t.slug()), "duplicate slug {}", t.slug());
            assert!(
                t.slug()
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'-')
            );
        }
        assert!(Theme::ALL.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn unknown_slugs_are_errors_that_list_the_themes() {
        let e = "zombie".parse::<Theme>().unwrap_err();
        assert!(e.to_string().contains("zombie-reversal"), "{e}");
        assert!("Ko".parse::<Theme>().is_err());
    }

    #[test]
    fn every_definition_is_one_or_two_full_sentences() {
        for t in Theme::ALL {
            let d = t.definition();
            assert!(!d.trim().is_empty(), "{t}");
            assert!(d.ends_with('.'), "{t}: {d}");
            assert!(!d.contains("  "), "{t}: {d}");
            let sentences = d.matches(". ").count() + 1;
            assert!(sentences <= 2, "{t}: {sentences} sentences");
        }
    }

    #[test]
    fn each_theme_belongs_to_one_family() {
        let margo = Theme::ALL
            .iter()
            .filter(|t| t.games() == MARGO_GAMES)
            .count();
        let margrites = Theme::ALL
            .iter()
            .filter(|t| t.games() == MARGRITES_GAMES)
            .count();
        assert_eq!((margo, margrites), (7, 5));
    }
}
