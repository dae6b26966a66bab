//! The grammar read form by form.

use super::*;

fn mv(s: &str) -> MoveText {
    MoveText(s.split_whitespace().map(str::to_string).collect())
}

#[test]
fn reads_every_form() {
    let cases: Vec<(&str, Claim)> = vec![
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
        (
            "after d8>B++, A is empty",
            Claim::After {
                moves: vec![mv("d8>B++")],
                then: Box::new(Claim::State {
                    points: vec!["A".into()],
                    negated: false,
                    property: Property::Empty,
                }),
            },
        ),
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
    ];
    for (text, want) in cases {
        assert_eq!(parse(text), Ok(want), "{text}");
    }
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
