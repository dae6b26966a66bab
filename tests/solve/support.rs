//! Helpers for the solver tests: positions from rules, setups and moves, and the
//! check of a solution against brute force.

#![allow(dead_code, reason = "each test crate uses a different part")]

use cannonball::solve::margo::{
    BruteForce, Mode, Options, Progress, PvEnd, Score, Solution, Solver,
};
use cannonball_rules::margo::{AnyPosition, Move, Preset, Rules, Setup, SmallPosition, notation};
use cannonball_rules::rng::Rng;

/// The rules of `preset` changed by `f`.
pub fn rules(preset: Preset, f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = preset.rules();
    f(&mut r);
    r
}

/// 3x3 Margo (swap on, simple ko) changed by `f`.
pub fn margo3(f: impl FnOnce(&mut Rules)) -> Rules {
    rules(Preset::Margo, |r| {
        r.size = 3;
        f(r);
    })
}

/// A position from setup text.
pub fn position(rules: Rules, text: &str) -> AnyPosition {
    let setup = Setup::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    AnyPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position after `moves` (human notation) from the empty board.
pub fn after(rules: Rules, moves: &str) -> AnyPosition {
    let mut pos = AnyPosition::new(rules).unwrap();
    for m in moves.split_whitespace() {
        let mv = notation::parse_move(pos.geometry(), m).unwrap();
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// The position after `plies` seeded random moves (fewer if the game ends).
pub fn random_position(rules: Rules, seed: u64, plies: usize) -> AnyPosition {
    let mut rng = Rng::seed_from(seed);
    let mut pos = AnyPosition::new(rules).unwrap();
    for _ in 0..plies {
        let Some(m) = pos.random_move(&mut rng) else {
            break;
        };
        pos.play(m).unwrap();
    }
    pos
}

/// Options for tests: one thread, a small table.
pub fn opts(mode: Mode) -> Options {
    Options {
        mode,
        table_bits: 16,
        threads: 1,
        ..Options::default()
    }
}

pub fn small(pos: &AnyPosition) -> &SmallPosition {
    match pos {
        AnyPosition::Small(p) => p,
        _ => panic!("not a small board"),
    }
}

/// Checks `sol` (for `pos`) against brute force: the value, every move's value,
/// and the principal variation (legal, value-keeping, ending as it says).
pub fn check(brute: &BruteForce, pos: &SmallPosition, sol: &Solution, what: &str) {
    let want = brute
        .value(pos)
        .unwrap_or_else(|| panic!("{what}: not reached by brute force"));
    assert!(sol.complete, "{what}: incomplete");
    let moves = brute.move_values(pos).unwrap();
    match sol.mode {
        Mode::Exact => assert_eq!(sol.value(), Some(want), "{what}: value"),
        Mode::Wld => assert_eq!(sol.result(), Some(want.wld()), "{what}: result"),
    }
    assert!(
        sol.bounds.lower <= want && want <= sol.bounds.upper,
        "{what}: bounds"
    );
    assert_eq!(sol.moves.len(), moves.len(), "{what}: moves");
    for (got, &(m, v)) in sol.moves.iter().zip(&moves) {
        assert_eq!(got.mv, m, "{what}: move order");
        match sol.mode {
            Mode::Exact => assert_eq!(got.bounds.value(), Some(v), "{what}: move {m:?}"),
            Mode::Wld => assert_eq!(got.bounds.wld(), Some(v.wld()), "{what}: move {m:?}"),
        }
        assert!(
            got.bounds.lower <= v && v <= got.bounds.upper,
            "{what}: move {m:?} bounds"
        );
    }
    if !sol.pv.is_empty() || sol.pv_end != PvEnd::Truncated {
        check_pv(brute, pos, sol, want, what);
    }
}

fn check_pv(brute: &BruteForce, pos: &SmallPosition, sol: &Solution, want: Score, what: &str) {
    let mut p = pos.clone();
    let mut v = want;
    for (i, &m) in sol.pv.iter().enumerate() {
        let moves = brute.move_values(&p).unwrap();
        let (_, mv) = moves
            .iter()
            .find(|(x, _)| *x == m)
            .unwrap_or_else(|| panic!("{what}: pv move {i} {m:?} illegal"));
        match sol.mode {
            Mode::Exact => assert_eq!(*mv, v, "{what}: pv move {i} {m:?} loses value"),
            Mode::Wld => assert_eq!(
                mv.wld(),
                v.wld(),
                "{what}: pv move {i} {m:?} changes result"
            ),
        }
        p.try_play(m).unwrap();
        v = -v;
    }
    match sol.pv_end {
        PvEnd::GameOver => {
            assert!(
                p.legal_moves().is_empty(),
                "{what}: pv does not end the game"
            );
            if sol.mode == Mode::Exact {
                assert_eq!(brute.value(&p), Some(v), "{what}: pv final score");
            }
        }
        PvEnd::Repetition => assert_eq!(want, Score::DRAW, "{what}: a repeating pv for a won game"),
        PvEnd::Truncated => panic!("{what}: pv truncated"),
    }
}

/// Solves every `step`-th position brute force reached from `start` (all when
/// `step` is 1), with one solver whose table is kept from one position to the
/// next, and checks each (the principal variation of every `pv_step`-th);
/// returns the number checked.
pub fn sweep(start: &AnyPosition, mode: Mode, step: usize, pv_step: usize) -> usize {
    sweep_with(start, &opts(mode), step, pv_step)
}

/// [`sweep`] with the solver options `o`.
pub fn sweep_with(start: &AnyPosition, o: &Options, step: usize, pv_step: usize) -> usize {
    let brute = BruteForce::new(start, 2_000_000).unwrap();
    let mut with_pv = Solver::new(o.clone());
    let mut without = Solver::new(Options {
        principal_variation: false,
        ..o.clone()
    });
    let mut n = 0;
    for (i, (p, _)) in brute.positions().enumerate() {
        if i % step != 0 {
            continue;
        }
        let any = AnyPosition::Small(p.clone());
        let solver = if (i / step) % pv_step == 0 {
            &mut with_pv
        } else {
            &mut without
        };
        let sol = solver.solve(&any, &Progress::default()).unwrap();
        check(
            &brute,
            p,
            &sol,
            &format!("position {i}: {}", p.to_setup().to_text()),
        );
        n += 1;
    }
    n
}

/// The value brute force gives `pos`.
pub fn brute_value(pos: &AnyPosition) -> Score {
    let brute = BruteForce::new(pos, 5_000_000).unwrap();
    brute.value(small(pos)).unwrap()
}

/// Whether `m` is `pass` or `swap`.
pub fn is_word(m: Move) -> bool {
    matches!(m, Move::Pass | Move::Swap)
}
