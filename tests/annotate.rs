//! Annotated games: Spargo games annotated from tiny tablebases (late
//! positions of seeded games) agree with direct probes and with the solver;
//! marks, turning points and zombie fates agree with independent computations;
//! the book directive draws one diagram per move and fails at the YAML line of a
//! wrong capture; the committed book records replay.

use crate::book::support as book_support;
use crate::support;

use std::fs;

use cannonball::annotate::check::{CheckOptions, Proof, check};
use cannonball::annotate::spargo::{SpargoOptions, annotate};
use cannonball::annotate::{AnnotatedGame, Fate, ply_field_line};
use cannonball::book::BookError;
use cannonball::solve::spargo::Tablebase;
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Move, Position, Preset, notation};
use support::spargo::late_positions;

fn slippy() -> SpargoOptions {
    SpargoOptions {
        slips: [0.6, 0.6],
        max_plies: 100,
        source: "test".into(),
    }
}

/// Tiny tablebases (late positions of seeded games), each with games annotated
/// from its root under four seeds.
fn games() -> Vec<(Position<1>, Tablebase, Vec<AnnotatedGame>)> {
    games_of(6)
}

/// As [`games`], from `n` late positions.
fn games_of(n: usize) -> Vec<(Position<1>, Tablebase, Vec<AnnotatedGame>)> {
    late_positions(Preset::Spargo.rules(), 21, n)
        .into_iter()
        .map(|(root, tb)| {
            let gs = (0..4)
                .map(|seed| annotate(&tb, &root, &slippy(), seed).unwrap())
                .collect();
            (root, tb, gs)
        })
        .collect()
}

/// The moves of a record, read by the engine.
fn moves(root: &Position<1>, g: &AnnotatedGame) -> Vec<Move> {
    g.plies
        .iter()
        .map(|p| notation::parse_move(root.geometry(), &p.mv).unwrap())
        .collect()
}

fn margin_of(v: &cannonball::annotate::Value) -> i32 {
    v.exact().expect("tablebase values are exact")
}

#[test]
fn annotation_is_deterministic_and_agrees_with_direct_probes() {
    let mut plies = 0;
    for (root, tb, gs) in games() {
        for g in &gs {
            let again = annotate(&tb, &root, &slippy(), g.seed).unwrap();
            assert_eq!(g.to_yaml().unwrap(), again.to_yaml().unwrap());
            let mut pos = root.clone();
            for (p, m) in g.plies.iter().zip(moves(&root, g)) {
                let before = tb.probe(&pos).unwrap();
                assert_eq!(
                    margin_of(&p.before),
                    i32::from(before.margin),
                    "move {}",
                    p.ply
                );
                let mut child = pos.clone();
                child.play_unchecked(m);
                let after = -i32::from(tb.probe(&child).unwrap().margin);
                assert_eq!(margin_of(&p.after), after, "move {}", p.ply);
                // A mistake is marked exactly where the value drops, by the drop.
                let drop = i32::from(before.margin) - after;
                assert_eq!(p.mistake, (drop > 0).then_some(drop), "move {}", p.ply);
                // Best moves keep the value; only moves are the sole keeper.
                let keepers: Vec<String> = pos
                    .legal_moves()
                    .into_iter()
                    .filter(|&x| {
                        let mut c = pos.clone();
                        c.play_unchecked(x);
                        -tb.probe(&c).unwrap().margin == before.margin
                    })
                    .map(|x| notation::human(pos.geometry(), x))
                    .collect();
                assert!(p.best.iter().all(|b| keepers.contains(b)), "move {}", p.ply);
                let only = pos.legal_moves().len() > 1 && keepers == [p.mv.clone()];
                assert_eq!(p.only_move, only, "move {}", p.ply);
                pos = child;
                plies += 1;
            }
            // The game is played to its end.
            assert!(!pos.has_legal_move());
            assert!(g.result.end == "no legal move");
        }
    }
    assert!(plies > 30, "{plies}");
}

#[test]
fn mistakes_happen_and_turning_points_are_the_last_result_change() {
    let (mut mistakes, mut turning) = (0, 0);
    for (root, tb, mut gs) in games() {
        // One side always slipping when it can: results change more often.
        for (seed, slips) in [(7, [1.0, 0.0]), (8, [0.0, 1.0]), (9, [1.0, 1.0])] {
            let opts = SpargoOptions { slips, ..slippy() };
            gs.push(annotate(&tb, &root, &opts, seed).unwrap());
        }
        for g in &gs {
            mistakes += g.plies.iter().filter(|p| p.mistake.is_some()).count();
            // The result for the first player after each move, from probes.
            let mut pos = root.clone();
            let first = pos.player_to_move();
            let sign = |pos: &Position<1>, m: i8| {
                let m = if pos.player_to_move() == 0 { m } else { -m };
                m.signum()
            };
            let mut res = vec![sign(&pos, tb.probe(&pos).unwrap().margin)];
            for m in moves(&root, g) {
                pos.play_unchecked(m);
                let e = tb.probe(&pos).unwrap();
                res.push(sign(&pos, e.margin));
            }
            let last_change = (1..res.len()).rev().find(|&k| res[k] != res[k - 1]);
            assert_eq!(
                g.turning_point, last_change,
                "seed {} first {first}",
                g.seed
            );
            turning += usize::from(last_change.is_some());
            // After the turning point the result no longer changes.
            if let Some(t) = g.turning_point {
                assert!(res[t..].iter().all(|&r| r == res[res.len() - 1]));
            }
        }
    }
    assert!(mistakes > 0, "slips at 60% should make mistakes");
    // Late positions are nearly always decided: the committed game below has
    // the turning point that these rarely do.
    eprintln!("{turning} tiny games with a turning point");
}

#[test]
fn zombie_fates_follow_the_engine() {
    let mut seen = 0;
    for (root, _, gs) in games() {
        for g in &gs {
            let start = AnyPosition::Small(root.clone());
            let mut positions = vec![start.clone()];
            let mut reports = Vec::new();
            let mut pos = start;
            for m in moves(&root, g) {
                reports.push(pos.play(m).unwrap());
                positions.push(pos.clone());
            }
            for z in &g.zombies {
                seen += 1;
                let geo = root.geometry();
                let p = geo.point(z.point.parse().unwrap()).unwrap();
                assert!(reports[z.created - 1].zombies.contains(&p));
                let gone = (z.created..reports.len()).find(|&k| reports[k].removed.contains(&p));
                match z.fate {
                    Fate::Removed => assert_eq!(z.removed, gone.map(|k| k + 1)),
                    Fate::Stayed => {
                        assert_eq!(gone, None);
                        assert!(positions.last().unwrap().zombies().contains(&p));
                    }
                }
                let end = z.removed.unwrap_or(reports.len());
                let upto = end.min(reports.len());
                for (k, at) in positions.iter().enumerate().take(upto + 1).skip(z.created) {
                    if Some(k) != z.removed {
                        assert!(at.zombies().contains(&p), "{} at {k}", z.point);
                    }
                }
                if let Some(r) = z.revived {
                    assert!(!positions[r].without_freedom().contains(&p));
                    assert!(
                        positions[z.created..r]
                            .iter()
                            .all(|at| at.without_freedom().contains(&p))
                    );
                }
            }
        }
    }
    assert!(seen > 0, "no game made a zombie");
}

#[test]
fn the_checker_re_proves_tiny_games_with_the_solver() {
    let (_, _, gs) = games().into_iter().next().unwrap();
    for g in gs {
        let text = g.to_yaml().unwrap();
        let opts = CheckOptions {
            reprove_plies: usize::MAX,
            ..CheckOptions::for_game(Game::Spargo)
        };
        let c = check(&text, &opts).unwrap_or_else(|f| panic!("{f:?}"));
        assert!(
            c.proofs.iter().all(|p| *p == Proof::Reproved),
            "{:?}",
            c.proofs
        );
    }
}

/// The record text with the first removed point of move `ply` replaced by
/// another point, and the line of that move's `removed:`.
fn wrong_capture(text: &str, ply: usize) -> (String, usize) {
    let line = ply_field_line(text, ply, "removed").unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let item = lines[line]; // the first removed point, `- a1`
    let other = if item.trim() == "- d4" {
        "- a1"
    } else {
        "- d4"
    };
    let indent = &item[..item.len() - item.trim_start().len()];
    let bad = lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i == line {
                format!("{indent}{other}\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    (bad, line)
}

#[test]
fn a_wrong_record_fails_at_its_line() {
    let (_, _, gs) = games().into_iter().next().unwrap();
    let g = gs
        .iter()
        .find(|g| g.plies.iter().any(|p| !p.removed.is_empty()))
        .expect("a game with a capture");
    let text = g.to_yaml().unwrap();
    let p = g.plies.iter().find(|p| !p.removed.is_empty()).unwrap();
    let (bad, line) = wrong_capture(&text, p.ply);
    let fails = check(&bad, &CheckOptions::for_game(Game::Spargo)).unwrap_err();
    assert!(
        fails
            .iter()
            .any(|f| f.line == line && f.message.contains("removed")),
        "{fails:?}"
    );
    // A value that contradicts the solver near the end.
    let last = g.plies.last().unwrap();
    let field = ply_field_line(&text, last.ply, "after").unwrap();
    let wrong = format!("{:+}", last.after.exact().unwrap() - 5);
    let bad: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i + 1 == field {
                format!("  after: '{wrong}'\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let fails = check(&bad, &CheckOptions::for_game(Game::Spargo)).unwrap_err();
    assert!(fails.iter().any(|f| f.line == field), "{fails:?}");
}

#[test]
fn the_directive_draws_every_move_and_fails_at_the_yaml_line() {
    let (_, _, gs) = games().into_iter().next().unwrap();
    let g = gs
        .iter()
        .find(|g| g.plies.iter().any(|p| !p.removed.is_empty()))
        .expect("a game with a capture");
    let dir = book_support::mini();
    let book = dir.path().join("book");
    fs::create_dir_all(book.join("games/spargo")).unwrap();
    let yaml_path = book.join("games/spargo/tiny.yaml");
    let text = g.to_yaml().unwrap();
    fs::write(&yaml_path, &text).unwrap();
    fs::write(
        book.join("src/annotated.md"),
        "# Annotated\n\n{{#annotated-game spargo/tiny.yaml}}\n",
    )
    .unwrap();
    book_support::edit(
        &book.join("src/SUMMARY.md"),
        "- [Margo](margo.md)",
        "- [Margo](margo.md)\n- [Annotated](annotated.md)",
    );
    book_support::build(dir.path()).unwrap();
    let html = book_support::page(dir.path(), "annotated.html");
    let figs = book_support::figures(&html);
    let ids: Vec<&str> = figs
        .iter()
        .filter_map(|f| book_support::attr(f, "id"))
        .collect();
    let want: Vec<String> = (1..=g.plies.len())
        .map(|k| format!("annotated-spargo-tiny-m{k}"))
        .collect();
    assert_eq!(ids, want);
    // Every move is in the transcript.
    for p in &g.plies {
        assert!(html.contains(&format!("After move {}: ", p.ply)));
    }
    // A recorded capture that the engine does not make fails the build at its line.
    let p = g.plies.iter().find(|p| !p.removed.is_empty()).unwrap();
    let (bad, line) = wrong_capture(&text, p.ply);
    fs::write(&yaml_path, bad).unwrap();
    match book_support::build(dir.path()) {
        Err(BookError::Failures(f)) => {
            let msgs: Vec<String> = f.0.iter().map(ToString::to_string).collect();
            let want = format!("book/games/spargo/tiny.yaml:{line}: ");
            assert!(
                msgs.iter()
                    .any(|m| m.starts_with(&want) && m.contains("removed")),
                "{msgs:?}"
            );
        }
        Err(e) => panic!("expected failures, got {e}"),
        Ok(_) => panic!("the build accepted a wrong capture"),
    }
}

#[test]
fn the_committed_book_records_replay() {
    let root = book_support::repo().join("book/games");
    for (rel, kind) in [
        ("spargo/strong.yaml", Game::Spargo),
        ("margo/greedy-lookahead.yaml", Game::Margo),
    ] {
        let text = fs::read_to_string(root.join(rel)).unwrap();
        let opts = CheckOptions {
            reprove_plies: 0,
            ..CheckOptions::for_game(kind)
        };
        let c = check(&text, &opts).unwrap_or_else(|f| panic!("{rel}: {f:?}"));
        assert_eq!(c.game.game, kind);
        assert!(c.game.plies.len() > 10, "{rel}");
        // The turning point, from the recorded values: the last move after
        // which the sign of the first player's margin changed.
        let first = |p: &cannonball::annotate::PlyRecord, v: &cannonball::annotate::Value| {
            v.exact().map(|m| {
                if p.player == 0 {
                    m.signum()
                } else {
                    -m.signum()
                }
            })
        };
        let mut res = vec![first(&c.game.plies[0], &c.game.plies[0].before)];
        res.extend(c.game.plies.iter().map(|p| first(p, &p.after)));
        if kind == Game::Spargo {
            let change = (1..res.len()).rev().find(|&k| res[k] != res[k - 1]);
            assert!(change.is_some(), "the Spargo game changes hands");
            assert_eq!(c.game.turning_point, change);
            let p = &c.game.plies[change.unwrap() - 1];
            assert!(p.mistake.is_some(), "a turning point is a mistake");
        }
        // The record's values follow from one move to the next.
        for w in c.game.plies.windows(2) {
            if let (Some(a), Some(b)) = (w[0].after.exact(), w[1].before.exact()) {
                assert_eq!(a, -b, "{rel} move {}", w[1].ply);
            }
        }
    }
}

/// `give_up_after`: going back from the end, the positions before the first
/// one with nothing proven are not searched (recorded unknown), and the
/// values after it are the full run's, since the later positions are valued
/// first either way.
#[test]
fn a_margo_annotation_gives_up_after_an_unsettled_position() {
    use cannonball::annotate::Value;
    use cannonball::annotate::margo::{MargoOptions, annotate as annotate_margo};
    let mut rules = Preset::Margo.rules();
    rules.size = 4;
    let base = MargoOptions {
        nodes: 3_000,
        table_bits: 16,
        ..MargoOptions::default()
    };
    let full = annotate_margo(rules, &base, 1).unwrap();
    let cut = annotate_margo(
        rules,
        &MargoOptions {
            give_up_after: Some(1),
            ..base.clone()
        },
        1,
    )
    .unwrap();
    assert_eq!(full.moves, cut.moves);
    let (f, c) = (&full.plies, &cut.plies);
    let last_unknown = f
        .iter()
        .rposition(|p| p.before == Value::Unknown)
        .expect("some position unsettled at 3,000 nodes");
    assert!(
        f[..last_unknown].iter().any(|p| p.before != Value::Unknown),
        "the full run settles a position before the unsettled one"
    );
    assert_eq!(f[last_unknown..], c[last_unknown..]);
    for p in &c[..last_unknown] {
        assert_eq!((&p.before, &p.after), (&Value::Unknown, &Value::Unknown));
        assert!(p.best.is_empty());
    }
    assert!(cut.values.contains("1 in a row with nothing proven"));
    assert!(!full.values.contains("in a row"));
}
