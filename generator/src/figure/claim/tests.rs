//! The grammar read form by form.

use super::*;

fn mv(s: &str) -> MoveText {
    MoveText(s.split_whitespace().map(str::to_string).collect())
}

/// Each text parses to its claim.
#[track_caller]
fn assert_reads(cases: Vec<(&str, Claim)>) {
    for (text, want) in cases {
        assert_eq!(parse(text), Ok(want), "{text}");
    }
}

/// Moves' legality: `is legal`, `is illegal[: REASON]`, `is not a step`.
#[test]
fn reads_legality() {
    assert_reads(vec![
        ("a is legal", Claim::Legal(mv("a"))),
        (
            "b2+1 is illegal",
            Claim::Illegal {
                mv: mv("b2+1"),
                reason: None,
            },
        ),
        (
            "b is illegal: suicide",
            Claim::Illegal {
                mv: mv("b"),
                reason: Some("suicide".into()),
            },
        ),
        (
            "swap is illegal: swap not allowed",
            Claim::Illegal {
                mv: mv("swap"),
                reason: Some("swap not allowed".into()),
            },
        ),
        (
            "f7>d8 is not a step",
            Claim::Illegal {
                mv: mv("f7>d8"),
                reason: Some("not a step".into()),
            },
        ),
    ]);
}

/// What a move takes: `captures N [and leaves K zombies]`, `captures nothing`, `removes POINTS`.
#[test]
fn reads_captures_and_removals() {
    assert_reads(vec![
        (
            "a captures 5 and leaves 2 zombies",
            Claim::Captures {
                mv: mv("a"),
                count: 5,
                zombies: Some(2),
            },
        ),
        (
            "a captures one piece",
            Claim::Captures {
                mv: mv("a"),
                count: 1,
                zombies: None,
            },
        ),
        (
            "c4 captures nothing",
            Claim::Captures {
                mv: mv("c4"),
                count: 0,
                zombies: Some(0),
            },
        ),
        (
            "a removes c3, d3 and 1,0,2",
            Claim::Removes {
                mv: mv("a"),
                points: vec!["c3".into(), "d3".into(), "1,0,2".into()],
            },
        ),
    ]);
}

/// Points' states, groups' freedom and connection, and links' cuts.
#[test]
fn reads_point_states_groups_and_links() {
    assert_reads(vec![
        (
            "c3 and d3 are zombies",
            Claim::State {
                points: vec!["c3".into(), "d3".into()],
                negated: false,
                property: Property::Zombie,
            },
        ),
        (
            "b2 is not buried",
            Claim::State {
                points: vec!["b2".into()],
                negated: true,
                property: Property::Buried,
            },
        ),
        (
            "c3 has no freedom",
            Claim::Freedom {
                point: "c3".into(),
                has: false,
            },
        ),
        (
            "c3 has freedom",
            Claim::Freedom {
                point: "c3".into(),
                has: true,
            },
        ),
        (
            "c3 and d4 are not connected",
            Claim::Connected {
                points: vec!["c3".into(), "d4".into()],
                negated: true,
            },
        ),
        (
            "the link c3-d3 is cut",
            Claim::LinkCut {
                a: "c3".into(),
                b: "d3".into(),
                negated: false,
            },
        ),
    ]);
}

/// Scores, counts of legal moves, and Margrites setups.
#[test]
fn reads_scores_counts_and_setups() {
    assert_reads(vec![
        ("score is 7-5", Claim::Score("7-5".into())),
        ("Score is 1(2)-0(7)", Claim::Score("1(2)-0(7)".into())),
        ("12 legal moves", Claim::LegalMoves(12)),
        (
            "the setup is legal",
            Claim::Setup {
                legal: true,
                reason: None,
            },
        ),
        (
            "the setup is illegal: outside home rows",
            Claim::Setup {
                legal: false,
                reason: Some("outside home rows".into()),
            },
        ),
    ]);
}

/// `after MOVES, CLAIM`: the claim after the moves.
#[test]
fn reads_after_a_move() {
    assert_reads(vec![(
        "after d8>B++, A is empty",
        Claim::After {
            moves: vec![mv("d8>B++")],
            then: Box::new(Claim::State {
                points: vec!["A".into()],
                negated: false,
                property: Property::Empty,
            }),
        },
    )]);
}

/// The game's end: over or not, a winner and score, a draw.
#[test]
fn reads_game_ends() {
    assert_reads(vec![
        ("the game is over", Claim::GameOver(true)),
        ("the game is not over", Claim::GameOver(false)),
        (
            "White wins 9-7",
            Claim::Result {
                winner: Some("white".into()),
                score: Some("9-7".into()),
            },
        ),
        (
            "the game is a draw",
            Claim::Result {
                winner: None,
                score: None,
            },
        ),
    ]);
}

/// The exact solver's value for the side to move and its best moves.
#[test]
fn reads_solver_values_and_best_moves() {
    assert_reads(vec![
        (
            "White to play wins by 3",
            Claim::Value {
                colour: "white".into(),
                value: Value::WinsBy(3),
            },
        ),
        (
            "Black to play draws",
            Claim::Value {
                colour: "black".into(),
                value: Value::Draws,
            },
        ),
        ("best move is c4", Claim::BestMove(mv("c4"))),
        (
            "a is the only winning move",
            Claim::OnlyWinningMove(mv("a")),
        ),
    ]);
}

/// The Margrites solver's objectives within N turns.
#[test]
fn reads_margrites_objectives() {
    assert_reads(vec![
        (
            "White to play can score 2 within 3 turns",
            Claim::Within {
                colour: "white".into(),
                can: true,
                objective: Objective::Score(2),
                turns: 3,
            },
        ),
        (
            "Black to play cannot trap within 1 turn",
            Claim::Within {
                colour: "black".into(),
                can: false,
                objective: Objective::Trap,
                turns: 1,
            },
        ),
    ]);
}

#[test]
fn after_takes_moves_up_to_the_first_comma() {
    let c = parse("after c4 d4, c3, d3 and e3 are zombies").unwrap();
    let Claim::After { moves, then } = c else {
        panic!("not an after claim")
    };
    assert_eq!(moves, vec![mv("c4"), mv("d4")]);
    assert!(matches!(*then, Claim::State { ref points, .. } if points.len() == 3));
    let c = parse("after f6>f5, g4 and f4 are captured").unwrap();
    assert!(matches!(c, Claim::After { ref moves, .. } if moves == &vec![mv("f6>f5")]));
}

#[test]
fn errors_say_what_was_expected() {
    for (text, part) in [
        ("", "empty"),
        ("a is purple", "found `purple`"),
        ("after c4 c3 is empty", "comma"),
        ("a captures many", "expected a number"),
        ("c3 d3 are zombies", "expected `,` or `and`"),
        ("the link c3 is cut", "POINT-POINT"),
        ("White to play wins by lots", "a margin"),
        ("White to play can dance within 2 turns", "before `within`"),
        ("is legal", "needs a move"),
    ] {
        let err = parse(text).expect_err(text).to_string();
        assert!(err.contains(part), "{text}: {err}");
    }
}
