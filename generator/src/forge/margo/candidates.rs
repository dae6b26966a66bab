//! Candidate positions for Margo and Spargo puzzles, each a deterministic
//! function of the seed and its index.
//!
//! Three of every four candidates come from self-play between two cheap
//! players (random, greedy, two-ply; see [`Player`]) stopped when few legal
//! moves are left; the fourth is a **constructed** endgame: pieces placed
//! one at a time, each a legal placement for a colour drawn at random (not
//! alternating), which gives local shapes — walls, eyes, stacks — that real
//! games reach rarely.

use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Color};
use cannonball_rules::rng::Rng;

use super::analyse::MIN_MOVES;
use super::players::{Player, balance};
use crate::puzzle::margo::puzzle_rules;

/// A whole self-play game of the `index`-th candidate of `seed`: its
/// positions from the start to the end, and a description.
#[must_use]
pub fn game(game: Game, seed: u64, index: u64) -> Option<(Vec<AnyPosition>, String)> {
    let mut rng = stream(game, seed, index ^ (1 << 62));
    let size = match game {
        Game::Spargo => 4,
        _ => 5 + u8::try_from(rng.below(3)).unwrap_or(0),
    };
    let players = [PLAYERS[1 + rng.index(2)], PLAYERS[1 + rng.index(2)]];
    let seen = play_out(puzzle_rules(game, size), players, &mut rng)?;
    let source = format!(
        "selfplay {}-vs-{} {size}x{size}",
        players[0].name(),
        players[1].name()
    );
    Some((seen, source))
}

/// Every position of a game between `players` (the first moves first) from
/// the empty board to its end (at most 4000 moves).
fn play_out(
    rules: cannonball_rules::margo::Rules,
    players: [Player; 2],
    rng: &mut Rng,
) -> Option<Vec<AnyPosition>> {
    let mut pos = AnyPosition::new(rules).ok()?;
    let mut seen = vec![pos.clone()];
    for ply in 0..4000u32 {
        if pos.outcome().is_some() {
            break;
        }
        let m = players[(ply % 2) as usize].choose(&pos, rng)?;
        pos.play(m).ok()?;
        seen.push(pos.clone());
    }
    Some(seen)
}

/// A candidate position and where it came from.
#[derive(Clone, Debug)]
pub struct Candidate {
    /// The position (either colour to move).
    pub position: AnyPosition,
    /// A description for the provenance.
    pub source: String,
    /// Whether the puzzle is to ask who wins whoever moves next as well
    /// ([`super::verdict`]).
    pub verdict: bool,
}

/// Candidates are taken at most this many plies before the end of their game.
const MAX_BACK: usize = 6;
/// Candidates have at most this many legal moves.
const MAX_LEGAL: usize = 14;

const PLAYERS: [Player; 3] = [Player::Random, Player::Greedy, Player::TwoPly];

fn stream(game: Game, seed: u64, index: u64) -> Rng {
    let salt = match game {
        Game::Spargo => 0x5350_4152,
        Game::Margo => 0x4d41_5247,
        Game::Margrites => 0x4d47_5254,
    };
    Rng::seed_from(seed ^ salt).fork(index)
}

/// The `index`-th candidate of `seed` for `game` (Spargo: 4x4; Margo: 5x5 to
/// 7x7), or `None` when that game ended before reaching a usable position.
#[must_use]
pub fn candidate(game: Game, seed: u64, index: u64) -> Option<Candidate> {
    let mut rng = stream(game, seed, index);
    let size = match game {
        Game::Spargo => 4,
        _ => 5 + u8::try_from(rng.below(3)).unwrap_or(0),
    };
    let rules = puzzle_rules(game, size);
    // How far from the end of the game the candidate is taken.
    let back = 2 + rng.index(MAX_BACK - 1);
    if index % 4 == 3 {
        return constructed(rules, size, back, &mut rng);
    }
    let players = [PLAYERS[rng.index(3)], PLAYERS[rng.index(3)]];
    let mut seen = play_out(rules, players, &mut rng)?;
    // One of the last few balanced moments of the game (the piece balance
    // within two, at least four legal moves): where the result is still open.
    let balanced: Vec<usize> = (0..seen.len())
        .rev()
        .filter(|&i| {
            let p = &seen[i];
            p.outcome().is_none()
                && (MIN_MOVES..=MAX_LEGAL).contains(&p.legal_moves().len())
                && balance(p).abs() <= 2
        })
        .take(back)
        .collect();
    let ply = *balanced.get(rng.index(balanced.len().max(1)))?;
    let position = seen.swap_remove(ply);
    Some(Candidate {
        position,
        source: format!(
            "selfplay {}-vs-{} {size}x{size} ply {ply}",
            players[0].name(),
            players[1].name()
        ),
        verdict: false,
    })
}

fn constructed(
    rules: cannonball_rules::margo::Rules,
    size: u8,
    back: usize,
    rng: &mut Rng,
) -> Option<Candidate> {
    let mut pos = AnyPosition::new(rules).ok()?;
    let mut seen = vec![pos.clone()];
    for _ in 0..4000u32 {
        let color = if rng.below(2) == 0 {
            Color::Black
        } else {
            Color::White
        };
        let mut setup = pos.to_setup();
        setup.to_move = color;
        setup.ko_point = None;
        pos = AnyPosition::from_setup(&setup).ok()?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.index(moves.len())]).ok()?;
        seen.push(pos.clone());
    }
    let placed = seen.len().checked_sub(1 + back)?;
    let position = seen.swap_remove(placed);
    (position.outcome().is_none() && position.legal_moves().len() <= MAX_LEGAL).then(|| Candidate {
        position,
        source: format!("constructed {size}x{size} after {placed} placements"),
        verdict: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidates_are_deterministic_and_late() {
        let mut found = 0;
        for i in 0..8 {
            let a = candidate(Game::Margo, 3, i);
            let b = candidate(Game::Margo, 3, i);
            assert_eq!(
                a.as_ref().map(|c| c.position.to_setup().to_text()),
                b.as_ref().map(|c| c.position.to_setup().to_text())
            );
            if let Some(c) = a {
                found += 1;
                assert!(c.position.legal_moves().len() <= MAX_LEGAL, "{}", c.source);
                assert!(c.position.outcome().is_none());
            }
        }
        assert!(found >= 4, "only {found} of 8 candidates usable");
        let s = candidate(Game::Spargo, 1, 0).map(|c| c.position.geometry().size());
        assert!(s.is_none() || s == Some(4));
    }
}
