//! What the side to move is asked to achieve: one [`Objective`] for puzzle
//! files, the Margrites solver, its command line and the figures' claims.
//!
//! The objective is the same thing everywhere; only its spelling depends on
//! where it is written:
//!
//! | objective | Margo and Spargo files | Margrites files | `margrites solve --objective` | claims |
//! | --- | --- | --- | --- | --- |
//! | [`Win`](Objective::Win) | `win` | `win-within` | `win` | `win` |
//! | [`BestMargin`](Objective::BestMargin) | `best-margin` | — | — | — |
//! | [`Score`](Objective::Score) | — | `score:K` | `score:K` | `score K` |
//! | [`Capture`](Objective::Capture) | `capture:K` | `capture:K` | `capture:K` | `capture K` |
//! | [`Trap`](Objective::Trap) | — | `trap` | `trap` | `trap` |
//! | [`Save`](Objective::Save) | `save` | — | — | — |
//!
//! A Margrites puzzle file spells "win" `win-within` because its puzzles ask
//! for a win within the file's turns, and puzzle ids hash that spelling
//! ([`Objective::file_text`]). [`Display`](fmt::Display) gives the command
//! line's spelling (`win`, `score:2`), and [`FromStr`] reads the Margrites
//! solver's command line (counts 1 to 8).

use std::fmt;
use std::str::FromStr;

use cannonball_rules::Game;
use cannonball_rules::margrites::setup::PIECES_PER_SIDE;

/// What the solver of a position is asked to do.
///
/// ```
/// use cannonball::solve::Objective;
/// use cannonball_rules::Game;
/// assert_eq!("score:2".parse::<Objective>(), Ok(Objective::Score(2)));
/// assert_eq!(Objective::Capture(1).to_string(), "capture:1");
/// assert!("score:0".parse::<Objective>().is_err());
/// assert_eq!(Objective::Win.file_text(Game::Margrites), "win-within");
/// assert_eq!(Objective::from_file("win-within", Game::Margrites), Ok(Objective::Win));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Objective {
    /// Win the game. Margo: the key is the only winning first move.
    /// Margrites: the game ends within the turns with the side ahead by
    /// points, then captures (a draw is not a win).
    Win,
    /// Margo: win by the largest margin; the key's margin beats every other move's.
    BestMargin,
    /// Margrites: score this many more points within the turns.
    Score(u8),
    /// Margrites: be credited with this many more captures within the turns
    /// (rulings B4: a capture is credited to the opponent of the captured
    /// piece, whoever's step caused it). Margo and Spargo: force this many of
    /// the opponent's pieces off the board within the turns (the attacker's
    /// moves), with one first move only.
    Capture(u8),
    /// Margrites: after one of the side's turns the opponent has no legal
    /// first step (its turn is forfeit).
    Trap,
    /// Margo and Spargo: the one first move after which the opponent cannot
    /// force any of the mover's pieces off the board within its next turns.
    Save,
}

/// An objective that the Margrites solver's command line cannot read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not an objective: {reason}")]
pub struct ObjectiveError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: &'static str,
}

impl FromStr for Objective {
    type Err = ObjectiveError;

    /// Reads the Margrites solver's command-line spelling: `win`, `trap`,
    /// `score:K`, `capture:K` with K from 1 to 8.
    fn from_str(text: &str) -> Result<Objective, ObjectiveError> {
        let fail = |reason| ObjectiveError {
            text: text.to_string(),
            reason,
        };
        match text {
            "win" => return Ok(Objective::Win),
            "trap" => return Ok(Objective::Trap),
            _ => {}
        }
        let (kind, count) = text
            .split_once(':')
            .ok_or_else(|| fail("expected win, trap, score:K or capture:K"))?;
        let k: u8 = count
            .parse()
            .map_err(|_| fail("K must be a whole number from 1 to 8"))?;
        if k == 0 || k > PIECES_PER_SIDE {
            return Err(fail("K must be a whole number from 1 to 8"));
        }
        match kind {
            "score" => Ok(Objective::Score(k)),
            "capture" => Ok(Objective::Capture(k)),
            _ => Err(fail("expected win, trap, score:K or capture:K")),
        }
    }
}

impl fmt::Display for Objective {
    /// The command line's spelling: `win`, `best-margin`, `score:K`,
    /// `capture:K`, `trap`, `save`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Objective::Win => f.write_str("win"),
            Objective::BestMargin => f.write_str("best-margin"),
            Objective::Score(k) => write!(f, "score:{k}"),
            Objective::Capture(k) => write!(f, "capture:{k}"),
            Objective::Trap => f.write_str("trap"),
            Objective::Save => f.write_str("save"),
        }
    }
}

/// A puzzle file's objective that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileObjectiveError {
    /// The text names no objective.
    #[error(
        "unknown objective `{0}` (win, best-margin, capture:K, save, win-within, score:K, trap)"
    )]
    Unknown(String),
    /// The count of `score:K` or `capture:K` is not from 1 to 255.
    #[error("`{0}`: the count must be a whole number from 1 to 255")]
    Count(String),
    /// The objective is not one of the game's puzzles.
    #[error("`{text}` is not an objective of {} puzzles", game.title())]
    NotOfGame {
        /// The objective as written.
        text: String,
        /// The puzzle's game.
        game: Game,
    },
}

/// The games whose puzzles may have an objective, by how a file spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Margo,
    Margrites,
    Both,
}

impl Objective {
    /// The objective as a puzzle file of `game` writes it (and puzzle ids
    /// hash it): `win` or, in Margrites files, `win-within`; otherwise as
    /// [`Display`](fmt::Display).
    #[must_use]
    pub fn file_text(self, game: Game) -> String {
        match self {
            Objective::Win if game == Game::Margrites => "win-within".into(),
            other => other.to_string(),
        }
    }

    /// Reads a puzzle file's `objective:` for a puzzle of `game`.
    ///
    /// # Errors
    /// The text names no objective (`unknown objective ...`), its count is
    /// not from 1 to 255, or the objective is not one of `game`'s puzzles.
    pub fn from_file(text: &str, game: Game) -> Result<Objective, FileObjectiveError> {
        let count = |k: &str| {
            k.parse::<u8>()
                .ok()
                .filter(|k| *k > 0)
                .ok_or_else(|| FileObjectiveError::Count(text.to_owned()))
        };
        let (objective, family) = match text {
            "win" => (Objective::Win, Family::Margo),
            "best-margin" => (Objective::BestMargin, Family::Margo),
            "win-within" => (Objective::Win, Family::Margrites),
            "trap" => (Objective::Trap, Family::Margrites),
            "save" => (Objective::Save, Family::Margo),
            _ => match text.split_once(':') {
                Some(("score", k)) => (Objective::Score(count(k)?), Family::Margrites),
                Some(("capture", k)) => (Objective::Capture(count(k)?), Family::Both),
                _ => return Err(FileObjectiveError::Unknown(text.to_owned())),
            },
        };
        let fits = match family {
            Family::Margo => game != Game::Margrites,
            Family::Margrites => game == Game::Margrites,
            Family::Both => true,
        };
        if !fits {
            return Err(FileObjectiveError::NotOfGame {
                text: text.to_owned(),
                game,
            });
        }
        Ok(objective)
    }

    /// Whether a puzzle with this objective gives its `turns`: every
    /// Margrites objective, capture and save; not Margo's win and best-margin.
    #[must_use]
    pub fn wants_turns(self, game: Game) -> bool {
        game == Game::Margrites || !matches!(self, Objective::Win | Objective::BestMargin)
    }

    /// The objective in words, as questions say it: `score 2 points`.
    #[must_use]
    pub fn describe(&self) -> String {
        let plural = |k: u8| if k == 1 { "" } else { "s" };
        match *self {
            Objective::Win => "win the game".to_string(),
            Objective::BestMargin => "win by as much as possible".to_string(),
            Objective::Score(k) => format!("score {k} point{}", plural(k)),
            Objective::Capture(k) => format!("capture {k} piece{}", plural(k)),
            Objective::Trap => "trap the opponent".to_string(),
            Objective::Save => "save every piece".to_string(),
        }
    }

    /// The objective as a figure's claim writes it: `win`, `score 2`,
    /// `capture 1`, `trap` (as in `can score 2 within 3 turns`).
    #[must_use]
    pub fn claim_text(self) -> String {
        match self {
            Objective::Score(k) => format!("score {k}"),
            Objective::Capture(k) => format!("capture {k}"),
            other => other.to_string(),
        }
    }

    /// Whether the Margrites solver can pursue it: win, score, capture or
    /// trap (not Margo's best-margin and save).
    #[must_use]
    pub const fn is_margrites(self) -> bool {
        !matches!(self, Objective::BestMargin | Objective::Save)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Objective; 6] = [
        Objective::Win,
        Objective::BestMargin,
        Objective::Score(2),
        Objective::Capture(3),
        Objective::Trap,
        Objective::Save,
    ];

    #[test]
    fn file_spellings_round_trip_for_the_games_they_belong_to() {
        for o in ALL {
            for game in Game::ALL {
                let text = o.file_text(game);
                let fits = o.is_margrites() == (game == Game::Margrites)
                    || matches!(o, Objective::Capture(_) | Objective::Win);
                assert_eq!(
                    Objective::from_file(&text, game).is_ok(),
                    fits,
                    "{text} {game}"
                );
                if fits {
                    assert_eq!(Objective::from_file(&text, game), Ok(o));
                }
            }
        }
        assert_eq!(Objective::Win.file_text(Game::Margo), "win");
        assert_eq!(Objective::Win.file_text(Game::Margrites), "win-within");
        let e = Objective::from_file("win", Game::Margrites).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`win` is not an objective of Margrites puzzles"
        );
        let e = Objective::from_file("win-within", Game::Spargo).unwrap_err();
        assert_eq!(
            e.to_string(),
            "`win-within` is not an objective of Spargo puzzles"
        );
        assert!(Objective::from_file("score:0", Game::Margrites).is_err());
        assert!(Objective::from_file("capture:x", Game::Margo).is_err());
        let e = Objective::from_file("lose", Game::Margo).unwrap_err();
        assert!(e.to_string().starts_with("unknown objective `lose`"), "{e}");
    }

    #[test]
    fn the_command_line_reads_margrites_objectives_only() {
        for o in ALL.into_iter().filter(|o| o.is_margrites()) {
            assert_eq!(o.to_string().parse::<Objective>(), Ok(o));
        }
        assert!("save".parse::<Objective>().is_err());
        assert!("capture:9".parse::<Objective>().is_err());
        assert_eq!(Objective::Score(2).claim_text(), "score 2");
    }
}
