//! Stable puzzle ids: a content hash that does not depend on the Rust version,
//! the platform or the run.

use super::model::{Game, Objective};

/// 64-bit FNV-1a of `bytes`.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

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
        objective.text(),
        turns,
        canonical
    );
    format!("{}-{:012x}", game.slug(), fnv1a(text.as_bytes()) >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_matches_the_published_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
