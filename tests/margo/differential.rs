//! The engine against the deliberately simple reference implementation
//! (`tests/margo_reference`), over thousands of seeded random games on boards
//! 3x3 to 6x6 with every rule option mixed in: at every ply both must give the
//! same legal moves, the same reason for illegal moves, and after the chosen
//! move the same removals, zombies, winning captures, scores and turn.

use super::engine_adapter as margo_engine_adapter;
use super::reference as margo_reference;
use crate::support;

use cannonball_rules::rng::Rng;
use margo_engine_adapter::{Engine, engine_rules};
use margo_reference::{RefGame, RefKo, RefMove, RefRules};

const KOS: [RefKo; 4] = [
    RefKo::None,
    RefKo::Simple,
    RefKo::PositionalSuperko,
    RefKo::SituationalSuperko,
];

fn random_rules(rng: &mut Rng) -> RefRules {
    let size = 3 + rng.index(4);
    let flag = |rng: &mut Rng, one_in: u64| rng.below(one_in) == 0;
    let mut r = RefRules::preset(size);
    r.players = if flag(rng, 3) { 3 + rng.index(2) } else { 2 };
    r.ko = KOS[rng.index(4)];
    r.swap = flag(rng, 2);
    r.can_pass = flag(rng, 4);
    r.all_freedoms = flag(rng, 4);
    r.single_capture = flag(rng, 6);
    r.capture_scope_adjacent = flag(rng, 5);
    r.max_height = if flag(rng, 5) {
        Some(1 + rng.index(2))
    } else {
        None
    };
    r
}

/// Plays one game on both; returns the number of plies compared.
fn compare_game(rules: &RefRules, rng: &mut Rng, max_plies: usize) -> usize {
    let mut reference = RefGame::new(rules.clone());
    let mut engine = Engine::new(rules);
    let size = rules.size;
    let ctx = |ply: usize| format!("{:?} ply {ply}", engine_rules(rules));
    for ply in 0..max_plies {
        let legal = reference.legal_moves();
        assert_eq!(engine.legal_moves(), legal, "legal moves, {}", ctx(ply));
        assert_eq!(
            engine.0.outcome().is_some(),
            reference.is_over(),
            "over, {}",
            ctx(ply)
        );
        // Some illegal tries: random points, pass and swap.
        for _ in 0..3 {
            let level = rng.index(size);
            let side = size - level;
            let m = RefMove::Place {
                level,
                x: rng.index(side + 1),
                y: rng.index(side),
            };
            assert_eq!(
                engine.illegal_reason(m),
                reference.illegal_reason(m),
                "{m:?}, {}",
                ctx(ply)
            );
        }
        for m in [RefMove::Pass, RefMove::Swap] {
            assert_eq!(
                engine.illegal_reason(m),
                reference.illegal_reason(m),
                "{m:?}, {}",
                ctx(ply)
            );
        }
        if legal.is_empty() {
            assert_eq!(
                engine.winners(),
                reference.winners(),
                "winners, {}",
                ctx(ply)
            );
            return ply;
        }
        let m = legal[rng.index(legal.len())];
        let expected = reference.play(m).expect("legal in the reference");
        let got = engine.play(m).expect("legal in the engine");
        assert_eq!(got, expected, "{m:?}, {}", ctx(ply));
        assert_eq!(engine.scores(), reference.scores(), "scores, {}", ctx(ply));
        assert_eq!(
            engine.0.to_move().index(),
            reference.colour_to_move(),
            "to move, {}",
            ctx(ply)
        );
        assert_eq!(
            engine.0.player_to_move(),
            reference.player_to_move(),
            "player, {}",
            ctx(ply)
        );
        if reference.is_over() {
            assert!(engine.0.outcome().is_some(), "over, {}", ctx(ply));
            assert_eq!(
                engine.winners(),
                reference.winners(),
                "winners, {}",
                ctx(ply)
            );
            return ply + 1;
        }
    }
    max_plies
}

/// One shard of the random games (the test harness runs shards in parallel).
fn random_games_agree(shard: u64, games: usize) {
    let mut rng = Rng::seed_from(20_261_121 + shard);
    let mut plies = 0;
    let mut options_seen = [0usize; 8];
    for _ in 0..games {
        let rules = random_rules(&mut rng);
        options_seen[0] += usize::from(rules.players > 2);
        options_seen[1] += usize::from(rules.ko == RefKo::PositionalSuperko);
        options_seen[2] += usize::from(rules.ko == RefKo::SituationalSuperko);
        options_seen[3] += usize::from(rules.can_pass);
        options_seen[4] += usize::from(rules.all_freedoms);
        options_seen[5] += usize::from(rules.single_capture);
        options_seen[6] += usize::from(rules.capture_scope_adjacent);
        options_seen[7] += usize::from(rules.max_height.is_some());
        plies += compare_game(&rules, &mut rng, 120);
    }
    assert!(plies > games * 20, "{games} games, {plies} plies");
    assert!(
        options_seen.iter().all(|&n| n > games / 12),
        "{options_seen:?}"
    );
}

#[test]
fn random_games_agree_shard_1_of_4() {
    random_games_agree(1, 625);
}

#[test]
fn random_games_agree_shard_2_of_4() {
    random_games_agree(2, 625);
}

#[test]
fn random_games_agree_shard_3_of_4() {
    random_games_agree(3, 625);
}

#[test]
fn random_games_agree_shard_4_of_4() {
    random_games_agree(4, 625);
}

#[test]
fn long_spargo_and_margo_games_agree_to_the_end() {
    let mut rng = Rng::seed_from(99);
    for size in [4, 5, 6] {
        for _ in 0..40 {
            let rules = RefRules::preset(size);
            compare_game(&rules, &mut rng, 2_000);
        }
    }
}

#[test]
fn reference_perft_agrees_with_the_fixture_at_shallow_depths() {
    use support::perft_fixture::read_perft_fixture;
    fn perft(g: &RefGame, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        g.legal_moves()
            .into_iter()
            .map(|m| {
                let mut c = g.clone();
                c.play(m).expect("legal");
                perft(&c, depth - 1)
            })
            .sum()
    }
    let mut checked = 0;
    for e in read_perft_fixture() {
        let r = &e.rules;
        let rules = RefRules {
            size: r.size(),
            players: r.players(),
            ko: KOS[cannonball_rules::margo::Ko::ALL
                .iter()
                .position(|k| *k == r.ko)
                .unwrap()],
            swap: r.swap,
            max_height: r.max_height.map(usize::from),
            can_pass: r.can_pass,
            all_freedoms: r.all_freedoms,
            single_capture: r.single_capture,
            capture_scope_adjacent: r.capture_scope
                == cannonball_rules::margo::CaptureScope::Adjacent,
        };
        let engine = Engine::new(&rules);
        let mut g = RefGame::new(rules);
        for m in &e.moves {
            let mv = cannonball_rules::margo::notation::parse_move(engine.0.geometry(), m).unwrap();
            g.play(engine.ref_move(mv))
                .unwrap_or_else(|x| panic!("{}: {m}: {x}", e.id));
        }
        for &(depth, count) in &e.counts {
            if count <= 20_000 {
                assert_eq!(perft(&g, depth), count, "{} depth {depth}", e.id);
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "{checked}");
}
