//! How a puzzle is graded: which simple player of the ladder finds its key,
//! its difficulty band (1–5), whether it is minimal, and what the key is
//! worth in the whole game.
//!
//! ```
//! use cannonball::puzzle::{Band, Finder, GameValue, Minimal};
//! assert_eq!(Band::of(Finder::TwoPly, 12, 1), Band(1));
//! assert_eq!(Band::of(Finder::Nobody, 45, 3), Band(5));
//! assert_eq!("win by 3".parse::<GameValue>().unwrap(), GameValue::Win(Some(3)));
//! assert_eq!(GameValue::Loss(None).to_string(), "loss");
//! assert_eq!("unknown".parse::<Minimal>().unwrap(), Minimal::Unknown);
//! ```

use std::fmt;
use std::str::FromStr;

use super::Line;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The ladder of simple players, weakest first. A puzzle's key is "found"
/// by a player when the player plays it by reflex: the key is its choice, or
/// one of two moves it rates equal best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Finder {
    /// The move that gains most at once (pieces captured, points scored).
    Greedy,
    /// The move whose resulting position a simple evaluation rates best.
    OnePly,
    /// The move whose worst reply leaves the best evaluation.
    TwoPly,
    /// A short full-width search (four plies, or two turns each) on the
    /// simple evaluation.
    Search,
    /// No player of the ladder finds the key.
    Nobody,
}

impl Finder {
    /// Every rung, weakest first.
    pub const ALL: [Finder; 5] = [
        Finder::Greedy,
        Finder::OnePly,
        Finder::TwoPly,
        Finder::Search,
        Finder::Nobody,
    ];

    /// The file's spelling (`two-ply`).
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Finder::Greedy => "greedy",
            Finder::OnePly => "one-ply",
            Finder::TwoPly => "two-ply",
            Finder::Search => "search",
            Finder::Nobody => "nobody",
        }
    }

    /// For people: `the greedy player`, ..., `no player of the ladder`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Finder::Greedy => "the greedy player",
            Finder::OnePly => "the one-ply player",
            Finder::TwoPly => "the two-ply player",
            Finder::Search => "the short search",
            Finder::Nobody => "no player of the ladder",
        }
    }

    /// Whether this player finds keys by reflex (greedy or one-ply): a
    /// puzzle whose key it finds teaches nothing, unless its question is
    /// the verdict rather than the move.
    #[must_use]
    pub const fn by_reflex(self) -> bool {
        matches!(self, Finder::Greedy | Finder::OnePly)
    }
}

/// A difficulty band, 1 (easiest) to 5.
///
/// The band starts from the weakest ladder player that finds the key (two-ply:
/// 1, the short search: 2, nobody: 3; greedy or one-ply: 1, kept only for
/// verdict questions) and rises by one for a large solution tree
/// ([`Band::BIG_TREE`] nodes or more) and by one for [`Band::MANY_TRIES`] or
/// more genuine tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Band(pub u8);

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 5] = [Band(1), Band(2), Band(3), Band(4), Band(5)];
    /// Solution trees from this many nodes raise the band by one.
    pub const BIG_TREE: u32 = 30;
    /// This many genuine tries or more raise the band by one.
    pub const MANY_TRIES: u32 = 3;

    /// The band of a puzzle whose key `finder` finds, whose solution tree has
    /// `tree` nodes and which has `tries` genuine tries.
    #[must_use]
    pub fn of(finder: Finder, tree: u32, tries: u32) -> Band {
        if finder.by_reflex() {
            return Band(1);
        }
        let band = Band::ladder(finder)
            + u8::from(tree >= Band::BIG_TREE)
            + u8::from(tries >= Band::MANY_TRIES);
        Band(band.min(5))
    }

    /// The band the ladder alone gives: two-ply (or weaker) 1, the short
    /// search 2, nobody 3.
    const fn ladder(finder: Finder) -> u8 {
        match finder {
            Finder::Greedy | Finder::OnePly | Finder::TwoPly => 1,
            Finder::Search => 2,
            Finder::Nobody => 3,
        }
    }

    /// The attacker's distinct turns ([`crate::puzzle::Line::attacker_turns`])
    /// from which a Margrites solution raises the band by one: the key and
    /// two different answers, or a third turn.
    pub const VARIED_TURNS: u32 = 3;

    /// The band of a Margrites puzzle whose key `finder` finds, whose main
    /// line has `plies` plies, whose solution tree asks for `turns` distinct
    /// turns of the attacker and which has `tries` genuine tries.
    ///
    /// It starts from the ladder as [`Band::of`] does, but the tree is
    /// measured by what the reader must find rather than by its nodes: the
    /// defender has hundreds of distinct turns, of which the file keeps the
    /// strongest thirty, so a node count only tells a one-turn puzzle from a
    /// longer one. A one-ply solution (a turn to find and no defence to read)
    /// lowers the band by one, a tree of [`Band::VARIED_TURNS`] distinct
    /// turns or more (the answer depends on the defence) raises it by one,
    /// and [`Band::MANY_TRIES`] genuine tries by one more; the band stays
    /// within 1 to 5.
    #[must_use]
    pub fn of_turns(finder: Finder, plies: u32, turns: u32, tries: u32) -> Band {
        if finder.by_reflex() {
            return Band(1);
        }
        let band = Band::ladder(finder)
            + u8::from(turns >= Band::VARIED_TURNS)
            + u8::from(tries >= Band::MANY_TRIES);
        Band(band.saturating_sub(u8::from(plies == 1)).clamp(1, 5))
    }

    /// `1` to `5`.
    #[must_use]
    pub fn slug(self) -> String {
        self.0.to_string()
    }

    /// A word for people: `warm-up`, `easy`, `medium`, `hard`, `expert`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self.0 {
            0 | 1 => "warm-up",
            2 => "easy",
            3 => "medium",
            4 => "hard",
            _ => "expert",
        }
    }
}

/// The difficulty of a puzzle and what it is computed from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Difficulty {
    /// The band ([`Band::of`], for Margrites [`Band::of_turns`]).
    pub band: Band,
    /// The weakest ladder player that finds the key.
    pub found_by: Finder,
    /// Nodes of the solution tree (attacker moves and defences).
    pub tree: u32,
    /// Plies of the main line, to the end or to the objective.
    pub length: u32,
    /// Genuine tries: wrong first moves that tempt for a computed reason.
    pub tries: u32,
}

impl Difficulty {
    /// The difficulty of a Margrites key `found_by` a ladder player, with the
    /// solution tree `solution` and `tries` genuine tries: the band is
    /// [`Band::of_turns`].
    #[must_use]
    pub fn of_turns(found_by: Finder, solution: &Line, tries: u32) -> Difficulty {
        let length = solution.main_line_plies();
        Difficulty {
            band: Band::of_turns(found_by, length, solution.attacker_turns(), tries),
            found_by,
            tree: solution.size(),
            length,
            tries,
        }
    }

    /// The difficulty of a key `found_by` a ladder player, with a solution
    /// tree of `tree` nodes, a main line of `length` plies and `tries`
    /// genuine tries.
    #[must_use]
    pub fn new(found_by: Finder, tree: u32, length: u32, tries: u32) -> Difficulty {
        Difficulty {
            band: Band::of(found_by, tree, tries),
            found_by,
            tree,
            length,
            tries,
        }
    }
}

/// Whether no piece can be taken away without changing the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Minimal {
    /// Every piece was taken away in turn, and each changed the answer.
    Yes,
    /// A piece was proved unnecessary (the note says which).
    No,
    /// The check ran out of budget for some piece.
    Unknown,
}

impl Serialize for Minimal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Minimal::Yes => s.serialize_bool(true),
            Minimal::No => s.serialize_bool(false),
            Minimal::Unknown => s.serialize_str("unknown"),
        }
    }
}

impl<'de> Deserialize<'de> for Minimal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Minimal, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Bool(bool),
            Text(String),
        }
        match Wire::deserialize(d)? {
            Wire::Bool(true) => Ok(Minimal::Yes),
            Wire::Bool(false) => Ok(Minimal::No),
            Wire::Text(t) => t.parse().map_err(serde::de::Error::custom),
        }
    }
}

impl FromStr for Minimal {
    type Err = String;

    fn from_str(s: &str) -> Result<Minimal, String> {
        match s {
            "true" => Ok(Minimal::Yes),
            "false" => Ok(Minimal::No),
            "unknown" => Ok(Minimal::Unknown),
            _ => Err(format!(
                "minimal is `true`, `false` or `unknown`, not `{s}`"
            )),
        }
    }
}

/// Whether no piece can be taken away without changing the answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Minimality {
    /// Minimal, not, or not known within the budget.
    pub minimal: Minimal,
    /// Which pieces could go, or which the budget could not settle.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

/// What the key is worth in the whole game, for the side that plays it:
/// `win`, `win by 3`, `draw`, `loss by 2`, `unknown`. The margin is given
/// where it was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameValue {
    /// The key's side wins (by so many points, where known).
    Win(Option<u32>),
    /// Neither side wins.
    Draw,
    /// The key's side loses (by so many points, where known).
    Loss(Option<u32>),
    /// Out of the solvers' reach within the budget.
    Unknown,
}

impl GameValue {
    /// From a final margin for the key's side.
    #[must_use]
    pub fn of_margin(m: i64) -> GameValue {
        let n = u32::try_from(m.unsigned_abs()).unwrap_or(u32::MAX);
        match m {
            0 => GameValue::Draw,
            m if m > 0 => GameValue::Win(Some(n)),
            _ => GameValue::Loss(Some(n)),
        }
    }

    /// Win 2, draw 1, loss 0, unknown none.
    #[must_use]
    pub const fn rank(self) -> Option<u8> {
        match self {
            GameValue::Win(_) => Some(2),
            GameValue::Draw => Some(1),
            GameValue::Loss(_) => Some(0),
            GameValue::Unknown => None,
        }
    }

    /// For people, naming the key's side: `Black wins by 3`, `it is a
    /// draw`, `White loses`, `its value is beyond the solver's budget`.
    #[must_use]
    pub fn describe(self, side: &str) -> String {
        match self {
            GameValue::Win(Some(n)) => format!("{side} wins by {n}"),
            GameValue::Win(None) => format!("{side} wins"),
            GameValue::Draw => "it is a draw".into(),
            GameValue::Loss(Some(n)) => format!("{side} loses by {n}"),
            GameValue::Loss(None) => format!("{side} loses"),
            GameValue::Unknown => "its value is beyond the solver's budget".into(),
        }
    }
}

impl fmt::Display for GameValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameValue::Win(Some(n)) => write!(f, "win by {n}"),
            GameValue::Win(None) => f.write_str("win"),
            GameValue::Draw => f.write_str("draw"),
            GameValue::Loss(Some(n)) => write!(f, "loss by {n}"),
            GameValue::Loss(None) => f.write_str("loss"),
            GameValue::Unknown => f.write_str("unknown"),
        }
    }
}

impl FromStr for GameValue {
    type Err = String;

    fn from_str(s: &str) -> Result<GameValue, String> {
        let bad = || {
            format!(
                "a game value is `win`, `win by N`, `draw`, `loss`, `loss by N` or `unknown`, not `{s}`"
            )
        };
        let by = |rest: &str| -> Result<Option<u32>, String> {
            match rest {
                "" => Ok(None),
                r => r
                    .strip_prefix(" by ")
                    .and_then(|n| n.parse().ok())
                    .map(Some)
                    .ok_or_else(bad),
            }
        };
        if s == "draw" {
            Ok(GameValue::Draw)
        } else if s == "unknown" {
            Ok(GameValue::Unknown)
        } else if let Some(rest) = s.strip_prefix("win") {
            by(rest).map(GameValue::Win)
        } else if let Some(rest) = s.strip_prefix("loss") {
            by(rest).map(GameValue::Loss)
        } else {
            Err(bad())
        }
    }
}

impl Serialize for GameValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for GameValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameValue, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_rise_with_the_finder_the_tree_and_the_tries() {
        assert_eq!(Band::of(Finder::Greedy, 100, 9), Band(1));
        assert_eq!(Band::of(Finder::TwoPly, 5, 0), Band(1));
        assert_eq!(Band::of(Finder::Search, 5, 0), Band(2));
        assert_eq!(Band::of(Finder::Search, 30, 0), Band(3));
        assert_eq!(Band::of(Finder::Nobody, 5, 0), Band(3));
        assert_eq!(Band::of(Finder::Nobody, 30, 3), Band(5));
        assert_eq!(Band::of(Finder::TwoPly, 29, 2), Band(1));
    }

    #[test]
    fn margrites_bands_count_the_turns_to_find_not_the_nodes() {
        // One turn, no defence: a band below the ladder's.
        assert_eq!(Band::of_turns(Finder::Nobody, 1, 1, 1), Band(2));
        assert_eq!(Band::of_turns(Finder::Nobody, 1, 1, 3), Band(3));
        assert_eq!(Band::of_turns(Finder::TwoPly, 1, 1, 0), Band(1));
        // Every defence met by one answer: the ladder's band.
        assert_eq!(Band::of_turns(Finder::Nobody, 3, 2, 1), Band(3));
        // A one-turn capture whose defences must be read is not lowered.
        assert_eq!(Band::of_turns(Finder::Nobody, 2, 1, 1), Band(3));
        // Answers that depend on the defence, and many tries.
        assert_eq!(Band::of_turns(Finder::Nobody, 3, 4, 1), Band(4));
        assert_eq!(Band::of_turns(Finder::Search, 3, 3, 3), Band(4));
        assert_eq!(Band::of_turns(Finder::Nobody, 3, 9, 3), Band(5));
        assert_eq!(Band::of_turns(Finder::Greedy, 3, 9, 3), Band(1));
    }

    #[test]
    fn game_values_read_back() {
        for v in [
            GameValue::Win(Some(3)),
            GameValue::Win(None),
            GameValue::Draw,
            GameValue::Loss(Some(1)),
            GameValue::Loss(None),
            GameValue::Unknown,
        ] {
            assert_eq!(v.to_string().parse::<GameValue>(), Ok(v));
        }
        assert!("win by".parse::<GameValue>().is_err());
        assert!("lose".parse::<GameValue>().is_err());
        assert_eq!(GameValue::of_margin(-2), GameValue::Loss(Some(2)));
        assert_eq!(GameValue::of_margin(0), GameValue::Draw);
    }

    #[test]
    fn minimal_is_a_bool_or_unknown_in_yaml() {
        let m: Minimality = serde_norway::from_str("minimal: unknown\nnote: x\n").unwrap();
        assert_eq!(m.minimal, Minimal::Unknown);
        let m: Minimality = serde_norway::from_str("minimal: true\n").unwrap();
        assert_eq!(m.minimal, Minimal::Yes);
        assert!(serde_norway::from_str::<Minimality>("minimal: maybe\n").is_err());
        let text = serde_norway::to_string(&Minimality {
            minimal: Minimal::Unknown,
            note: String::new(),
        })
        .unwrap();
        assert_eq!(text, "minimal: unknown\n");
    }
}
