//! Spargo tablebases small enough for tests: late positions of seeded games.

use cannonball::solve::spargo::{BuildOptions, Tablebase};
use cannonball_rules::margo::{Position, Rules};
use cannonball_rules::rng::Rng;

/// Build options with exact margins and at most `max_positions` positions.
pub fn small(max_positions: usize) -> BuildOptions {
    BuildOptions {
        margins: true,
        max_positions,
    }
}

/// Late positions of seeded random Spargo games whose reachable sets are small,
/// each with its tablebase. Few are: even a few moves before the end, captures
/// usually reopen the board and most of the 10^8 positions are reachable again,
/// so only the last moves of games qualify.
pub fn late_positions(rules: Rules, seed: u64, wanted: usize) -> Vec<(Position<1>, Tablebase)> {
    let mut rng = Rng::seed_from(seed);
    let mut out = Vec::new();
    while out.len() < wanted {
        // Without ko, random play can cycle for ever: give up after 400 moves.
        let mut game = vec![Position::<1>::new(rules).unwrap()];
        while let Some(m) = game.last().unwrap().random_move(&mut rng) {
            let mut next = game.last().unwrap().clone();
            next.play_unchecked(m);
            game.push(next);
            if game.len() > 400 {
                break;
            }
        }
        if game.len() > 400 {
            continue;
        }
        // A few moves before the end, where captures no longer reopen the board.
        let back = 2 + rng.index(6);
        let Some(root) = game.len().checked_sub(back).map(|i| game[i].clone()) else {
            continue;
        };
        if let Ok((tb, _)) = Tablebase::build(rules, std::slice::from_ref(&root), small(30_000)) {
            if tb.len() > 1 {
                out.push((root, tb));
            }
        }
    }
    out
}
