//! Random games: the invariant of ruling A5 and the score over seeded random games
//! under random rules.

use cannonball_rules::rng::Rng;

use crate::margo::reference::{ILLEGAL_REASONS, RefGame, RefKo, RefMove, RefRules};

use super::{floating_piece, invariant_violation};

fn random_rules(rng: &mut Rng) -> RefRules {
    let size = 3 + rng.index(4);
    let mut r = RefRules::preset(size);
    r.players = [2, 2, 2, 3, 4][rng.index(5)];
    r.ko = [
        RefKo::None,
        RefKo::Simple,
        RefKo::Simple,
        RefKo::PositionalSuperko,
        RefKo::SituationalSuperko,
    ][rng.index(5)];
    r.swap = rng.below(2) == 0;
    r.max_height = [None, None, None, Some(1), Some(2), Some(3)][rng.index(6)];
    r.can_pass = rng.below(4) == 0;
    r.all_freedoms = rng.below(4) == 0;
    r.single_capture = rng.below(6) == 0;
    r.capture_scope_adjacent = rng.below(6) == 0;
    r
}

/// Plays a random legal move: candidates are tried in random order (each one
/// refused must give one of the reasons the reference lists). Returns `None`
/// when no move is legal.
fn random_move(game: &RefGame, rng: &mut Rng) -> Option<RefMove> {
    let mut candidates: Vec<RefMove> = game
        .points()
        .into_iter()
        .filter(|&p| game.colour_at(p).is_none())
        .map(RefMove::at)
        .collect();
    // Passes rarely, so that games get somewhere.
    if rng.below(8) == 0 {
        candidates.push(RefMove::Pass);
    }
    candidates.push(RefMove::Swap);
    while !candidates.is_empty() {
        let m = candidates.swap_remove(rng.index(candidates.len()));
        if game.is_legal(m) {
            return Some(m);
        }
        let why = game.illegal_reason(m);
        assert!(
            why.is_some_and(|w| ILLEGAL_REASONS.contains(&w)),
            "{m:?}: {why:?}"
        );
    }
    game.is_legal(RefMove::Pass).then_some(RefMove::Pass)
}

#[test]
fn random_games_keep_the_invariant_and_the_score() {
    let mut rng = Rng::seed_from(0x4D41_5247_4F52_4546); // "MARGOREF"
    let mut stats = [0usize; 4]; // games ended, plies, removals, zombies made
    for game_no in 0..500 {
        let rules = random_rules(&mut rng);
        let mut game = RefGame::new(rules.clone());
        for _ in 0..60 {
            let Some(m) = random_move(&game, &mut rng) else {
                assert!(game.is_over(), "game {game_no}: no legal move but not over");
                assert!(game.legal_moves().is_empty());
                stats[0] += 1;
                break;
            };
            let mover = game.colour_to_move();
            let out = game
                .play(m)
                .unwrap_or_else(|e| panic!("game {game_no} {rules:?}: {m:?}: {e}"));
            stats[1] += 1;
            stats[2] += out.removed.len();
            stats[3] += out.zombies.len();
            let ctx = || format!("game {game_no} ply {} {rules:?} after {m:?}", game.ply());
            if let RefMove::Place { level, x, y } = m {
                assert_eq!(game.colour_at((level, x, y)), Some(mover), "{}", ctx());
            }
            for &p in &out.removed {
                assert_eq!(game.colour_at(p), None, "{}", ctx());
            }
            for &p in &out.zombies {
                assert!(game.colour_at(p).is_some(), "{}", ctx());
            }
            assert!(!out.winning_capture || rules.single_capture, "{}", ctx());
            if !rules.capture_scope_adjacent {
                if let Some(v) = invariant_violation(&game) {
                    panic!("{}: {v}", ctx());
                }
            }
            assert_eq!(floating_piece(&game), None, "{}", ctx());
            let pieces = game.pieces();
            let scores = game.scores();
            assert_eq!(scores.iter().sum::<usize>(), pieces.len(), "{}", ctx());
            for (player, &score) in scores.iter().enumerate() {
                let owned = pieces
                    .iter()
                    .filter(|(_, c)| game.owner_of(*c) == player)
                    .count();
                assert_eq!(score, owned, "{}", ctx());
            }
            assert_eq!(scores.len(), rules.players, "{}", ctx());
            if out.winning_capture {
                assert!(game.is_over(), "{}", ctx());
                assert_eq!(game.winners(), vec![game.owner_of(mover)], "{}", ctx());
            }
            if game.is_over() {
                stats[0] += 1;
                break;
            }
        }
    }
    // The smoke test must actually exercise captures and zombies.
    assert!(
        stats[0] > 50 && stats[2] > 500 && stats[3] > 50,
        "stats {stats:?}"
    );
}
