//! Two-for-three (variation B6): a match of two games with the colours exchanged.
//! Each game's winner gets a point and the player with more captures over both
//! games a third; winning the match takes two of the three points, and a match can
//! end level.

use super::position::GameResult;

/// The two players of a match: `First` plays Black in game one and White in game two.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// Black in game one, White in game two.
    First,
    /// White in game one, Black in game two.
    Second,
}

/// Points of a two-for-three match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct MatchScore {
    /// The first player's points (0 to 3).
    pub first: u8,
    /// The second player's points.
    pub second: u8,
    /// The winner, `None` for a tie.
    pub winner: Option<Player>,
}

/// Scores a match from its two finished games.
///
/// ```
/// use cannonball_rules::margrites::matchplay::{score_match, Player};
/// use cannonball_rules::margrites::{ByColor, Color, Ending, GameResult, Tally};
/// let game = |winner, b: u8, w: u8| GameResult {
///     ending: Ending::NoPieces,
///     winner,
///     standings: ByColor { black: Tally { points: 0, captures: b }, white: Tally { points: 0, captures: w } },
/// };
/// // First wins game one as Black; Second wins game two as Black; First captured more.
/// let score = score_match(&game(Some(Color::Black), 5, 1), &game(Some(Color::Black), 2, 3));
/// assert_eq!((score.first, score.second, score.winner), (2, 1, Some(Player::First)));
/// ```
#[must_use]
pub fn score_match(game_one: &GameResult, game_two: &GameResult) -> MatchScore {
    use super::square::Color::{Black, White};
    let mut first = 0;
    let mut second = 0;
    match game_one.winner {
        Some(Black) => first += 1,
        Some(White) => second += 1,
        None => {}
    }
    match game_two.winner {
        Some(White) => first += 1,
        Some(Black) => second += 1,
        None => {}
    }
    let first_caps =
        u32::from(game_one.standings.black.captures) + u32::from(game_two.standings.white.captures);
    let second_caps =
        u32::from(game_one.standings.white.captures) + u32::from(game_two.standings.black.captures);
    match first_caps.cmp(&second_caps) {
        std::cmp::Ordering::Greater => first += 1,
        std::cmp::Ordering::Less => second += 1,
        std::cmp::Ordering::Equal => {}
    }
    let winner = if first >= 2 {
        Some(Player::First)
    } else if second >= 2 {
        Some(Player::Second)
    } else {
        None
    };
    MatchScore {
        first,
        second,
        winner,
    }
}
