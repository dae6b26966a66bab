//! Which game: Spargo, Margo or Margrites.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One of the games: the two members of the Margo family that Cannonball
/// treats apart (Spargo is Margo's 4x4 preset), and Margrites.
///
/// ```
/// use cannonball_rules::Game;
/// assert_eq!("spargo".parse::<Game>(), Ok(Game::Spargo));
/// assert_eq!(Game::Margrites.to_string(), "margrites");
/// assert_eq!(Game::Margo.title(), "Margo");
/// assert!(Game::Spargo.is_margo_family() && !Game::Margrites.is_margo_family());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// Margo on the 4x4 board (preset `spargo`).
    Spargo,
    /// Margo on the other boards.
    Margo,
    /// Margrites.
    Margrites,
}

impl Game {
    /// Every game, in the order the book lists them.
    pub const ALL: [Game; 3] = [Game::Spargo, Game::Margo, Game::Margrites];

    /// `spargo`, `margo` or `margrites`: the game's name in files, folders and
    /// on the command line.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Game::Spargo => "spargo",
            Game::Margo => "margo",
            Game::Margrites => "margrites",
        }
    }

    /// `Spargo`, `Margo` or `Margrites`.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Game::Spargo => "Spargo",
            Game::Margo => "Margo",
            Game::Margrites => "Margrites",
        }
    }

    /// Whether the game is Margo or Spargo (rulings Part A).
    #[must_use]
    pub const fn is_margo_family(self) -> bool {
        matches!(self, Game::Spargo | Game::Margo)
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

/// A name that is not a game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("unknown game `{0}` (spargo, margo or margrites)")]
pub struct UnknownGame(pub String);

impl FromStr for Game {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Game, UnknownGame> {
        Game::ALL
            .into_iter()
            .find(|g| g.slug() == s)
            .ok_or_else(|| UnknownGame(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_parse_by_slug() {
        for g in Game::ALL {
            assert_eq!(g.slug().parse::<Game>(), Ok(g));
        }
        assert_eq!("margrites".parse::<Game>(), Ok(Game::Margrites));
        assert_eq!(
            "go".parse::<Game>().unwrap_err().to_string(),
            "unknown game `go` (spargo, margo or margrites)"
        );
    }
}
