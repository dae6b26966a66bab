//! The variations of rulings B6, as options. All are off in a standard game.

/// A name [`Options::parse_list`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown variation `{0}` (known: handicap, rebuttal, returning, dancing-limit)")]
pub struct UnknownVariation(pub String);

/// Which variations a game plays (rulings B6). Two-for-three is a match of two games
/// and lives in [`super::matchplay`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Black's handicap: Black's first turn has two steps.
    pub black_handicap: bool,
    /// White's rebuttal: if the game ends during Black's turn, White makes one more
    /// turn of up to two steps before the scores are counted.
    pub white_rebuttal: bool,
    /// Returning scored pieces: a step may bring a piece scored in an earlier turn
    /// back onto the square it left from, giving back its point.
    pub returning_scored: bool,
    /// Full hostile game: when the last two turns both left the board unchanged,
    /// the player to move must change it.
    pub dancing_limit: bool,
}

impl Options {
    /// The standard game: no variation.
    pub const STANDARD: Options = Options {
        black_handicap: false,
        white_rebuttal: false,
        returning_scored: false,
        dancing_limit: false,
    };

    /// Reads a comma- or space-separated list of variation names
    /// (`handicap`, `rebuttal`, `returning`, `dancing-limit`).
    ///
    /// ```
    /// use cannonball_rules::margrites::Options;
    /// let o = Options::parse_list("handicap, rebuttal").unwrap();
    /// assert!(o.black_handicap && o.white_rebuttal && !o.returning_scored);
    /// let err = Options::parse_list("handicap castling").unwrap_err();
    /// assert_eq!(err.0, "castling");
    /// ```
    pub fn parse_list(text: &str) -> Result<Options, UnknownVariation> {
        let mut o = Options::STANDARD;
        for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
            match word {
                "handicap" => o.black_handicap = true,
                "rebuttal" => o.white_rebuttal = true,
                "returning" => o.returning_scored = true,
                "dancing-limit" => o.dancing_limit = true,
                other => return Err(UnknownVariation(other.to_string())),
            }
        }
        Ok(o)
    }

    /// The names of the variations switched on, as [`Options::parse_list`] reads them.
    #[must_use]
    pub fn names(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.black_handicap {
            v.push("handicap");
        }
        if self.white_rebuttal {
            v.push("rebuttal");
        }
        if self.returning_scored {
            v.push("returning");
        }
        if self.dancing_limit {
            v.push("dancing-limit");
        }
        v
    }
}
