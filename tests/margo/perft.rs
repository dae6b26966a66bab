//! The perft fixture (`tests/fixtures/margo/perft.txt`): move-path counts from
//! empty boards and seeded mid-game positions under many rule options, checked
//! to every depth whose count is within the node limit.

use crate::support;

use cannonball_rules::margo::perft::perft;
use cannonball_rules::margo::{Position, Rules, notation};
use support::perft_fixture::read_perft_fixture;

/// Leaves per depth checked in CI (the file goes deeper for local runs).
const NODE_LIMIT: u64 = 6_000_000;

fn check<const W: usize>(id: &str, rules: Rules, moves: &[String], counts: &[(u32, u64)]) -> u64 {
    let mut pos = Position::<W>::new(rules).unwrap();
    for (i, m) in moves.iter().enumerate() {
        let mv = notation::parse_move(pos.geometry(), m)
            .unwrap_or_else(|e| panic!("{id} move {i}: {e}"));
        pos.try_play(mv)
            .unwrap_or_else(|e| panic!("{id} move {i} ({m}): {e}"));
    }
    let mut checked = 0;
    for &(depth, expected) in counts {
        if expected > NODE_LIMIT {
            continue;
        }
        assert_eq!(perft(&pos, depth), expected, "{id} depth {depth}");
        checked += expected;
    }
    checked
}

#[test]
fn perft_counts_match_the_fixture() {
    let entries = read_perft_fixture();
    assert!(entries.len() >= 12);
    let mut total = 0;
    for e in &entries {
        total += match e.rules.size {
            0..=5 => check::<1>(&e.id, e.rules, &e.moves, &e.counts),
            _ => check::<4>(&e.id, e.rules, &e.moves, &e.counts),
        };
    }
    assert!(total > 20_000_000, "checked {total} leaves");
}

#[test]
fn every_width_gives_the_same_counts() {
    // The same 5x5 position through the one-word and four-word representations.
    for e in read_perft_fixture().iter().filter(|e| e.rules.size == 5) {
        let shallow: Vec<(u32, u64)> = e
            .counts
            .iter()
            .copied()
            .filter(|&(_, c)| c < 60_000)
            .collect();
        check::<4>(&e.id, e.rules, &e.moves, &shallow);
        check::<8>(&e.id, e.rules, &e.moves, &shallow);
    }
}
