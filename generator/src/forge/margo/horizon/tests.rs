//! Horizon puzzles: capture and save questions, trees, minimising.
use super::*;
use cannonball_rules::margo::{Preset, Setup, notation};

fn pos(text: &str) -> AnyPosition {
    let mut r = Preset::Margo.rules();
    r.size = 5;
    r.swap = false;
    AnyPosition::from_setup(&Setup::parse(r, text).unwrap()).unwrap()
}

fn provenance() -> Provenance {
    Provenance {
        generator: "test".into(),
        source: "test".into(),
        seed: 0,
        candidate: 0,
        solver_nodes: 0,
        budget: None,
    }
}

#[test]
fn a_lone_corner_piece_is_taken_in_three_moves_by_one_move_only() {
    let p = pos("white a1; to-move black");
    let mut s = CaptureSearch::new(1_000_000);
    assert!(
        question(&p, Goal::Capture, 2, &mut s).unwrap().is_none(),
        "two moves are not enough"
    );
    let q = question(&p, Goal::Capture, 3, &mut s).unwrap().unwrap();
    assert_eq!(q.objective, Objective::Capture(1));
    assert_eq!(notation::human(p.geometry(), q.key), "b2");
    let keys = q.values.iter().filter(|v| count_of(v.1) >= 1).count();
    assert_eq!(keys, 1);
    assert_eq!(q.values.len(), p.legal_moves().len());
    assert_eq!(
        first_question(&p, Goal::Capture, &mut s)
            .unwrap()
            .map(|x| x.1),
        Some(3)
    );
}

#[test]
fn taking_the_most_at_once_is_no_puzzle() {
    // c1 takes both White pieces at once and nothing takes more later.
    let p = pos("black a2 b2 c2 d1; white a1 b1; to-move black");
    let mut s = CaptureSearch::new(1_000_000);
    for turns in TURNS {
        assert!(
            question(&p, Goal::Capture, turns, &mut s)
                .unwrap()
                .is_none(),
            "{turns}"
        );
    }
}

#[test]
fn the_puzzle_covers_every_defence_and_refutes_its_genuine_tries() {
    let p = pos("black b3; white a2; to-move black");
    let puzzle = analyse_position(
        Game::Margo,
        &p,
        Objective::Capture(1),
        3,
        provenance(),
        &Limits::MARGO,
    )
    .unwrap()
    .unwrap();
    assert_eq!(puzzle.objective, Objective::Capture(1));
    assert_eq!(puzzle.turns, 3);
    // The puzzle shows the position as puzzles show it.
    let p = spec::presented(&p);
    let (me, them) = if p.to_move() == Color::Black {
        ("Black", "White")
    } else {
        ("White", "Black")
    };
    assert_eq!(
        puzzle.question,
        format!("{me} to play and take 1 {them} piece off the board within 3 moves.")
    );
    let mut after = p.clone();
    let puzzle::Move::Margo(key) = puzzle.key else {
        panic!("a Margo key")
    };
    after.play(key).unwrap();
    assert_eq!(puzzle.solution.replies.len(), after.legal_moves().len());
    assert!(puzzle.solution.replies.iter().all(|r| {
        r.end
            .starts_with(&format!("{} removes ", me.to_lowercase()))
            || r.end.starts_with("game over")
    }));
    // Only tries with a computed reason, at most three.
    assert!((1..=3).contains(&puzzle.tries.len()), "{:?}", puzzle.tries);
    assert!(puzzle.tries.iter().all(|t| t.value == Value::Pieces(0)
        && (t.tempting.contains("'s choice")
            || t.tempting.contains("captures")
            || t.tempting.contains("too late"))));
    assert!(puzzle.provenance.solver_nodes > 0);
}

#[test]
fn minimising_keeps_the_answer() {
    // The corner puzzle with a far piece added: wherever the answer
    // stays, minimising takes the piece away again.
    let mut s = CaptureSearch::new(1_000_000);
    let mut shrunk = 0;
    for extra in [
        "black e5", "black e4", "white e5", "white e4", "black d5", "white d5",
    ] {
        let p = pos(&format!("white a1; {extra}; to-move black"));
        let Some(q) = question(&p, Goal::Capture, 3, &mut s).unwrap() else {
            continue;
        };
        let smaller = minimise(&p, &q, 3, &mut s, 10).unwrap();
        let q2 = question(&smaller, Goal::Capture, 3, &mut s)
            .unwrap()
            .unwrap();
        assert_eq!((q2.objective, q2.key), (q.objective, q.key), "{extra}");
        if smaller.occupied().len() < p.occupied().len() {
            shrunk += 1;
        }
    }
    assert!(shrunk >= 1);
}

#[test]
fn a_stack_join_saves_both_groups_and_minimising_keeps_it() {
    let mut r = Preset::Margo.rules();
    r.size = 6;
    r.swap = false;
    let text = "black e1 c2 d2 e2 f2 c3 a4 b4 b5 a6 b6; white a3 b3 c4 c5 c6; to-move black";
    let p = AnyPosition::from_setup(&Setup::parse(r, text).unwrap()).unwrap();
    let mut s = CaptureSearch::new(1_000_000);
    let (q, turns) = first_question(&p, Goal::Save, &mut s).unwrap().unwrap();
    assert_eq!((q.objective, turns), (Objective::Save, 1));
    assert_eq!(notation::human(p.geometry(), q.key), "b3+1");
    assert!(joins_one_eyed_groups(&p, q.key));
    let smaller = minimise(&p, &q, turns, &mut s, 40).unwrap();
    assert!(joins_one_eyed_groups(&smaller, q.key));
    let puzzle = analyse_position(
        Game::Margo,
        &p,
        Objective::Save,
        1,
        provenance(),
        &Limits::MARGO,
    )
    .unwrap()
    .unwrap();
    // The puzzle shows the position as puzzles show it.
    let p = spec::presented(&p);
    let (me, them) = if p.to_move() == Color::Black {
        ("Black", "White")
    } else {
        ("White", "Black")
    };
    assert_eq!(
        puzzle.question,
        format!(
            "{me} to play so that {them} cannot take a {me} piece off the board within 1 move."
        )
    );
    // Every reply is listed, and none takes a piece off.
    let puzzle::Move::Margo(key) = puzzle.key else {
        panic!("a Margo key")
    };
    assert!(joins_one_eyed_groups(&p, key));
    let mut after = p.clone();
    after.play(key).unwrap();
    assert_eq!(puzzle.solution.replies.len(), after.legal_moves().len());
    let none = format!("{} removes 0", them.to_lowercase());
    assert!(
        puzzle
            .solution
            .replies
            .iter()
            .all(|r| r.end.ends_with(&none))
    );
    assert!(
        puzzle
            .tries
            .iter()
            .all(|t| t.value != Value::Pieces(0) && !t.refutation.is_empty())
    );
    assert!(puzzle.themes.contains(&puzzle::Theme::StackJoin));
}
