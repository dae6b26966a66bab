//! The Margo solver against brute force (a retrograde fixpoint over the whole
//! game graph) on 3x3 Margo, completely, and hand-built positions with known
//! answers; swap, budgets, threads, modes and errors.

use super::support;

use cannonball::solve::SolveError;
use cannonball::solve::Wld;
use cannonball::solve::margo::{Mode, Options, Progress, PvEnd, Score, Settle, Solver, solve};
use cannonball_rules::margo::{AnyPosition, Move, Preset};
use support::*;

fn margin(m: i32) -> Score {
    Score::margin(m)
}

fn solve1(pos: &AnyPosition) -> cannonball::solve::margo::Solution {
    solve(pos, &opts(Mode::Exact)).unwrap()
}

fn value_of(sol: &cannonball::solve::margo::Solution, m: &str, pos: &AnyPosition) -> Score {
    let mv = cannonball_rules::margo::notation::parse_move(pos.geometry(), m).unwrap();
    let found = sol.moves.iter().find(|v| v.mv == mv).expect("a legal move");
    found.bounds.value().expect("exact")
}

#[test]
fn every_position_of_3x3_margo_matches_brute_force() {
    // 104,758 positions: each one's value and the value of each of its moves,
    // and the principal variation of every tenth.
    let start = AnyPosition::new(margo3(|_| {})).unwrap();
    let n = sweep(&start, Mode::Exact, 1, 10);
    assert_eq!(n, 104_758);
}

#[test]
fn the_3x3_opening() {
    // Found by brute force and by the solver: with swap the first player loses
    // by 4 (a centre stone is swapped); without, the centre wins by 5.
    let pos = AnyPosition::new(margo3(|_| {})).unwrap();
    let sol = solve1(&pos);
    assert_eq!(sol.value(), Some(margin(-4)));
    assert_eq!(sol.result(), Some(Wld::Loss));
    for (m, v) in [("a1", -6), ("b1", -4), ("b2", -5), ("c3", -6)] {
        assert_eq!(value_of(&sol, m, &pos), margin(v), "{m}");
    }
    let pos = AnyPosition::new(margo3(|r| r.swap = false)).unwrap();
    let sol = solve1(&pos);
    assert_eq!(sol.value(), Some(margin(5)));
    let b2 = cannonball_rules::margo::notation::parse_move(pos.geometry(), "b2").unwrap();
    assert_eq!(sol.pv.first(), Some(&b2));
    assert_eq!(sol.pv_end, PvEnd::GameOver);
}

#[test]
fn a_swap_is_worth_minus_the_same_board_with_the_other_player_to_move() {
    // After White's b1 on 3x3, Black may swap: the board and the colour to move
    // stay, the players exchange colours. The swapper's value is minus the value
    // of that position for the player now to move.
    let rules = margo3(|_| {});
    let pos = after(rules, "b1");
    let sol = solve1(&pos);
    let swap = sol
        .moves
        .iter()
        .find(|m| m.mv == Move::Swap)
        .unwrap()
        .bounds
        .value()
        .unwrap();
    let same = position(rules, "white b1; to-move black");
    assert_eq!(solve1(&same).value(), Some(-swap));
    // Both agree with brute force, which scores players, not colours.
    assert_eq!(brute_value(&same), -swap);
    assert_eq!(brute_value(&pos), sol.value().unwrap());
}

#[test]
fn finished_games_are_worth_their_margin() {
    for seed in 0..20 {
        let pos = random_position(Preset::Spargo.rules(), seed, 10_000);
        let sol = solve1(&pos);
        assert!(sol.moves.is_empty() && sol.pv.is_empty());
        assert_eq!(sol.pv_end, PvEnd::GameOver);
        let s = pos.scores();
        let me = pos.player_to_move();
        assert_eq!(
            sol.value(),
            Some(margin(s[me] as i32 - s[1 - me] as i32)),
            "seed {seed}"
        );
    }
}

#[test]
fn a_forced_last_move_is_worth_the_margin_it_leaves() {
    // Positions of random games where the only legal move ends the game: the
    // value is minus the margin the opponent is left with.
    let mut checked = 0;
    for seed in 0..2000 {
        let mut rng = cannonball_rules::rng::Rng::seed_from(seed);
        let mut pos = AnyPosition::new(Preset::Spargo.rules()).unwrap();
        while let Some(m) = pos.random_move(&mut rng) {
            let moves = pos.legal_moves();
            let mut next = pos.clone();
            next.play(m).unwrap();
            if moves.len() == 1 && next.legal_moves().is_empty() {
                let s = next.scores();
                let me = pos.player_to_move();
                let sol = solve1(&pos);
                assert_eq!(sol.value(), Some(margin(s[me] as i32 - s[1 - me] as i32)));
                assert_eq!(sol.pv, moves);
                checked += 1;
            }
            pos = next;
        }
    }
    assert!(checked > 5, "{checked}");
}

#[test]
fn a_capture_wins_at_once_under_single_capture() {
    // Wherever a move captures a live enemy piece, the value is a capture win.
    let rules = margo3(|r| r.single_capture = true);
    let mut checked = 0;
    for seed in 0..100 {
        let mut rng = cannonball_rules::rng::Rng::seed_from(seed);
        let mut pos = AnyPosition::new(rules).unwrap();
        while let Some(m) = pos.random_move(&mut rng) {
            let wins = pos.legal_moves().into_iter().any(|mv| {
                let mut p = pos.clone();
                p.play(mv).unwrap().winning_capture
            });
            if wins {
                let sol = solve1(&pos);
                assert_eq!(sol.value(), Some(Score::CAPTURE_WIN));
                assert_eq!(sol.pv.len(), 1);
                checked += 1;
            }
            pos.play(m).unwrap();
        }
    }
    assert!(checked > 10, "{checked}");
}

#[test]
fn endless_play_is_a_draw() {
    // On this board-only 3x3 position, under simple ko, the side that would
    // lose if the game ended can keep capturing and recapturing for ever; under
    // superko it cannot (see solve_margo_superko.rs, where it is worth +2).
    let ko = position(
        margo3(|r| {
            r.max_height = Some(1);
            r.swap = false;
        }),
        "white b2 c3 c1; black b1 a2 b3; to-move white",
    );
    let sol = solve1(&ko);
    assert_eq!(sol.value(), Some(Score::DRAW));
    assert_eq!(brute_value(&ko), Score::DRAW);
    assert_eq!(sol.pv_end, PvEnd::Repetition);
}

#[test]
fn win_draw_loss_mode_agrees_with_exact_values() {
    let start = AnyPosition::new(margo3(|_| {})).unwrap();
    assert!(sweep(&start, Mode::Wld, 11, 7) > 9000);
}

/// Counting the opponent's replies only near the root changes the order of
/// the search, never its values: with replies counted in the first two plies
/// only (so most nodes of a 3x3 game are ordered without them), every
/// sampled position agrees with brute force.
#[test]
fn shallow_reply_counting_agrees_with_brute_force() {
    let start = AnyPosition::new(margo3(|_| {})).unwrap();
    let o = Options {
        reply_plies: Some(2),
        ..opts(Mode::Wld)
    };
    assert!(sweep_with(&start, &o, 11, 7) > 9000);
}

#[test]
fn a_budget_gives_proven_bounds_never_a_guess() {
    let pos = AnyPosition::new(margo3(|_| {})).unwrap();
    let truth = brute_value(&pos);
    for nodes in [0, 10, 1000, 5000] {
        let sol = solve(
            &pos,
            &Options {
                nodes: Some(nodes),
                ..opts(Mode::Exact)
            },
        )
        .unwrap();
        assert!(
            sol.bounds.lower <= truth && truth <= sol.bounds.upper,
            "{nodes}"
        );
        if !sol.complete {
            assert!(sol.moves.iter().any(|m| m.bounds.value().is_none()));
        }
        let brute = cannonball::solve::margo::BruteForce::new(&pos, 200_000).unwrap();
        for (m, (mv, v)) in sol
            .moves
            .iter()
            .zip(brute.move_values(small(&pos)).unwrap())
        {
            assert_eq!(m.mv, mv);
            assert!(m.bounds.lower <= v && v <= m.bounds.upper, "{nodes} {mv:?}");
        }
    }
    let tiny = solve(
        &pos,
        &Options {
            nodes: Some(0),
            ..opts(Mode::Exact)
        },
    )
    .unwrap();
    assert!(!tiny.complete);
    // Whatever a spent budget still reports as a result must be the true one.
    let full = solve1(&pos);
    assert!(tiny.result().is_none() || tiny.result() == full.result());
    let timed = solve(
        &pos,
        &Options {
            time: Some(std::time::Duration::ZERO),
            ..opts(Mode::Exact)
        },
    )
    .unwrap();
    assert!(!timed.complete);
}

#[test]
fn threads_symmetry_and_deepening_do_not_change_values() {
    let pos = after(margo3(|_| {}), "b2 a1");
    let base = solve1(&pos);
    for o in [
        Options {
            threads: 2,
            ..opts(Mode::Exact)
        },
        Options {
            symmetry: false,
            ..opts(Mode::Exact)
        },
        Options {
            deepening: false,
            ..opts(Mode::Exact)
        },
    ] {
        let sol = solve(&pos, &o).unwrap();
        assert_eq!(sol.bounds, base.bounds, "{o:?}");
        assert_eq!(sol.moves, base.moves, "{o:?}");
        assert_eq!(sol.pv, base.pv, "{o:?}");
    }
}

#[test]
fn one_thread_is_reproducible() {
    let pos = after(
        Preset::Spargo.rules(),
        "b2 c3 b3 c2 a1 d4 a4 d1 b1 c4 a2 d3",
    );
    let o = Options {
        nodes: Some(200_000),
        ..opts(Mode::Exact)
    };
    let a = solve(&pos, &o).unwrap();
    let b = solve(&pos, &o).unwrap();
    assert_eq!(
        (a.bounds, &a.moves, &a.pv, a.stats.nodes),
        (b.bounds, &b.moves, &b.pv, b.stats.nodes)
    );
}

#[test]
fn a_solver_keeps_its_table_only_for_the_same_rules() {
    let mut solver = Solver::new(opts(Mode::Exact));
    let a = AnyPosition::new(margo3(|_| {})).unwrap();
    let b = AnyPosition::new(margo3(|r| r.swap = false)).unwrap();
    let p = Progress::default();
    assert_eq!(solver.solve(&a, &p).unwrap().value(), Some(margin(-4)));
    assert_eq!(solver.solve(&b, &p).unwrap().value(), Some(margin(5)));
    assert_eq!(solver.solve(&a, &p).unwrap().value(), Some(margin(-4)));
}

#[test]
fn more_than_two_players_is_an_error() {
    let pos = AnyPosition::new(margo3(|r| r.players = 3)).unwrap();
    assert_eq!(
        solve(&pos, &opts(Mode::Exact)).unwrap_err(),
        SolveError::Players(3)
    );
}

#[test]
fn only_best_settles_the_value_and_every_best_move_and_bounds_the_rest() {
    // Every 7th position of 3x3 Margo: the value and every best move's value
    // exact, every other move either exact or proven below the value, and all
    // bounds true (brute force); the line keeps the value.
    let start = AnyPosition::new(margo3(|_| {})).unwrap();
    let brute = cannonball::solve::margo::BruteForce::new(&start, 2_000_000).unwrap();
    let mut solver = Solver::new(Options {
        only_best: true,
        ..opts(Mode::Exact)
    });
    let (mut checked, mut bounded) = (0, 0);
    for (i, (p, _)) in brute.positions().enumerate().step_by(7) {
        let any = AnyPosition::Small(p.clone());
        let sol = solver.solve(&any, &Progress::default()).unwrap();
        let what = format!("position {i}: {}", p.to_setup().to_text());
        let want = brute.value(p).unwrap();
        assert!(sol.complete, "{what}: incomplete");
        assert_eq!(sol.value(), Some(want), "{what}: value");
        for (got, (m, v)) in sol.moves.iter().zip(brute.move_values(p).unwrap()) {
            assert_eq!(got.mv, m, "{what}");
            assert!(
                got.bounds.lower <= v && v <= got.bounds.upper,
                "{what}: {m:?}"
            );
            if v == want {
                assert_eq!(got.bounds.value(), Some(v), "{what}: best move {m:?}");
            } else if got.bounds.value().is_none() {
                assert!(got.bounds.upper < want, "{what}: {m:?} not below the best");
                bounded += 1;
            }
        }
        checked += 1;
    }
    assert!(checked > 14_000, "{checked}");
    // The point of the option: many worse moves are left as bounds.
    assert!(bounded > 1000, "{bounded}");
}

#[test]
fn narrower_questions_stop_early_with_the_brute_force_answer() {
    // Every 7th position of 3x3 Margo, win/draw/loss mode: settling only the
    // position's result gives brute force's result, and settling only "is
    // this the one winning move?" gives brute force's answer, for a best move
    // and for another; every bound proven on the way is true. The point of
    // the questions: many solves stop before every move is settled.
    let start = AnyPosition::new(margo3(|_| {})).unwrap();
    let brute = cannonball::solve::margo::BruteForce::new(&start, 2_000_000).unwrap();
    let mut solver = Solver::new(opts(Mode::Wld));
    let (mut checked, mut stopped) = (0, 0);
    for (i, (p, _)) in brute.positions().enumerate().step_by(7) {
        let any = AnyPosition::Small(p.clone());
        let what = format!("position {i}: {}", p.to_setup().to_text());
        let values = brute.move_values(p).unwrap();
        if values.is_empty() {
            continue;
        }
        let bounds_true = |sol: &cannonball::solve::margo::Solution| {
            for (got, (m, v)) in sol.moves.iter().zip(&values) {
                assert_eq!(got.mv, *m, "{what}");
                assert!(
                    got.bounds.lower <= *v && *v <= got.bounds.upper,
                    "{what}: {m:?}"
                );
            }
        };
        solver.set_settle(Settle::Root);
        let sol = solver.solve(&any, &Progress::default()).unwrap();
        assert_eq!(sol.result(), Some(brute.value(p).unwrap().wld()), "{what}");
        bounds_true(&sol);
        stopped += usize::from(!sol.complete);
        let best = values.iter().max_by_key(|v| v.1).unwrap().0;
        let other = values.iter().map(|v| v.0).find(|m| *m != best);
        for key in std::iter::once(best).chain(other) {
            let winners: Vec<Move> = values
                .iter()
                .filter(|v| v.1.wld() == Wld::Win)
                .map(|v| v.0)
                .collect();
            solver.set_settle(Settle::UniqueWin(key));
            let sol = solver.solve(&any, &Progress::default()).unwrap();
            assert_eq!(
                sol.unique_win(key),
                Some(winners == [key]),
                "{what}: {key:?}"
            );
            bounds_true(&sol);
            stopped += usize::from(!sol.complete);
        }
        checked += 1;
    }
    assert!(checked > 14_000, "{checked}");
    assert!(stopped > 1000, "{stopped}");
}

#[test]
fn unique_win_reads_a_draw_or_loss_key_as_a_settled_no() {
    // A move proven "a draw or a loss" (not yet which) is proven not to win:
    // that answers "is it the one winning move?" whatever the other moves'
    // bounds, as the solver's early stop assumes.
    let pos = AnyPosition::new(margo3(|_| {})).unwrap();
    let mut sol = solve(&pos, &opts(Mode::Wld)).unwrap();
    sol.moves.truncate(2);
    let key = sol.moves[0].mv;
    assert_ne!(key, sol.moves[1].mv);
    let b = |lo: i32, hi: i32| cannonball::solve::margo::Bounds {
        lower: margin(lo),
        upper: margin(hi),
    };
    let mut ask = |k, o| {
        sol.moves[0].bounds = k;
        sol.moves[1].bounds = o;
        sol.unique_win(key)
    };
    assert_eq!(ask(b(-5, 0), b(-5, 5)), Some(false));
    assert_eq!(ask(b(-5, -1), b(-5, 5)), Some(false));
    assert_eq!(ask(b(-5, 5), b(-5, 5)), None);
    assert_eq!(ask(b(1, 5), b(-5, 5)), None);
    assert_eq!(ask(b(1, 5), b(-5, 0)), Some(true));
    assert_eq!(ask(b(-5, 5), b(2, 2)), Some(false));
}
