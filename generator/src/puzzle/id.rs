//! Stable puzzle ids: a content hash that does not depend on the Rust version,
//! the platform or the run.

use crate::fnv::fnv1a;
use crate::solve::Objective;
use cannonball_rules::Game;

/// The id of the puzzle with this game, objective, turns and canonical
/// position text: `GAME-` and the top 48 bits of the hash in hex.
///
/// ```
/// use cannonball::puzzle::{Game, Objective, puzzle_id};
/// let a = puzzle_id(Game::Spargo, Objective::Win, 0, "black a1; white b1; to-move black");
/// assert!(a.starts_with("spargo-") && a.len() == "spargo-".len() + 12);
/// assert_ne!(a, puzzle_id(Game::Spargo, Objective::BestMargin, 0, "black a1; white b1; to-move black"));
/// ```
#[must_use]
pub fn puzzle_id(game: Game, objective: Objective, turns: u8, canonical: &str) -> String {
    let text = format!(
        "{}\n{}\n{}\n{}",
        game.slug(),
        objective.file_text(game),
        turns,
        canonical
    );
    format!("{}-{:012x}", game.slug(), fnv1a(text.as_bytes()) >> 16)
}
