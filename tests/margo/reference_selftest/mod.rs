//! Tests of the Margo reference implementation (`tests/margo_reference`): every
//! rule-book example of `tests/fixtures/margo/examples.txt`, unit tests of each rule
//! (firing and not firing), and a seeded random-games smoke test of the invariant of
//! ruling A5.
//!
//! One module a topic: [`fixture_examples`], [`geometry`], [`links`], [`capture`],
//! [`ko`], [`passing_swap_and_end`] and [`random_games`]; the helpers they share
//! (positions from level diagrams, the A5 invariant) are here.

use super::reference as margo_reference;

use margo_reference::{Point, RefGame, RefMove, RefOutcome, RefRules};

mod capture;
mod fixture_examples;
mod geometry;
mod ko;
mod links;
mod passing_swap_and_end;
mod random_games;

/// A position from level diagrams: `levels[L]` is level L, its rows separated by
/// `/`, the first row y = 0; entries `W B G R .` separated by spaces, the first x = 0.
fn position(rules: RefRules, levels: &[&str], to_move: usize) -> RefGame {
    let mut pieces = Vec::new();
    for (level, diagram) in levels.iter().enumerate() {
        let rows: Vec<&str> = diagram.split('/').collect();
        assert_eq!(rows.len(), rules.size - level, "level {level} row count");
        for (y, row) in rows.iter().enumerate() {
            let entries: Vec<&str> = row.split_whitespace().collect();
            assert_eq!(entries.len(), rules.size - level, "level {level} row {y}");
            for (x, e) in entries.iter().enumerate() {
                let colour = match *e {
                    "." => continue,
                    "W" => 0,
                    "B" => 1,
                    "G" => 2,
                    "R" => 3,
                    other => panic!("bad entry {other}"),
                };
                pieces.push(((level, x, y), colour));
            }
        }
    }
    RefGame::from_pieces(rules, &pieces, to_move)
}

fn rules(size: usize) -> RefRules {
    RefRules::preset(size)
}

fn place(p: Point) -> RefMove {
    RefMove::at(p)
}

fn play_ok(game: &mut RefGame, m: RefMove) -> RefOutcome {
    game.play(m)
        .unwrap_or_else(|e| panic!("{m:?} should be legal, but: {e}"))
}

/// Ruling A5's invariant: "every group either has freedom or consists only of
/// zombies with something resting on each".
fn invariant_violation(game: &RefGame) -> Option<String> {
    for g in game.groups() {
        let first = *g.first().expect("groups are non-empty");
        if !game.group_has_freedom(first) {
            if let Some(p) = g.iter().find(|&&p| !game.something_rests_on(p)) {
                return Some(format!(
                    "group of {first:?} has no freedom and nothing rests on {p:?}"
                ));
            }
        }
    }
    None
}

/// Every upper piece rests on four pieces.
fn floating_piece(game: &RefGame) -> Option<Point> {
    game.pieces()
        .into_iter()
        .map(|(p, _)| p)
        .find(|&(l, x, y)| {
            l > 0
                && [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                    .iter()
                    .any(|&(a, b)| game.colour_at((l - 1, a, b)).is_none())
        })
}
