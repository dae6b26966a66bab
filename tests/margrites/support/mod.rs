//! Helpers shared by the Margrites integration tests.
#![allow(
    dead_code,
    reason = "each test file uses a different part of the helpers"
)]

pub mod reference;

use cannonball_rules::margrites::notation::parse_turn_str;
use cannonball_rules::margrites::{
    ByColor, Color, Diagram, Options, Position, Setup, Square, Step, StepReport,
};

/// A square from its name.
pub fn sq(name: &str) -> Square {
    name.parse().unwrap_or_else(|_| panic!("bad square {name}"))
}

/// Squares from names separated by spaces.
pub fn squares(names: &str) -> Vec<Square> {
    names.split_whitespace().map(sq).collect()
}

/// A starting position from two lists of squares.
pub fn start(black: &str, white: &str) -> Position {
    Position::new(
        &Setup {
            black: squares(black),
            white: squares(white),
        },
        Options::STANDARD,
    )
    .expect("legal setup")
}

/// A mid-game position; missing pieces count as captured.
pub fn diagram(black: &str, white: &str, to_move: Color) -> Position {
    diagram_with(black, white, to_move, Options::STANDARD)
}

/// A mid-game position with options.
pub fn diagram_with(black: &str, white: &str, to_move: Color, options: Options) -> Position {
    let d = Diagram::with_missing_captured(
        ByColor {
            black: squares(black),
            white: squares(white),
        },
        to_move,
    );
    Position::from_diagram(&d, options).expect("legal diagram")
}

/// A step from notation (`d2>d3`, `e8>B++`).
pub fn step(text: &str) -> Step {
    let (from, to) = text.split_once('>').expect("step has >");
    match to {
        "B++" | "W++" => Step::Score { from: sq(from) },
        _ if from.ends_with("++") => Step::Return { to: sq(to) },
        _ => Step::Move {
            from: sq(from),
            to: sq(to),
        },
    }
}

/// Plays steps written `a>b; c>d`, panicking with the reason on an illegal one.
pub fn play(pos: &mut Position, steps: &str) -> Vec<StepReport> {
    steps
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            pos.play_step(step(s))
                .unwrap_or_else(|e| panic!("{s}: {e}"))
        })
        .collect()
}

/// Plays a whole turn written in notation (`1. d2>d3; ...`) and ends it.
pub fn play_turn(pos: &mut Position, text: &str) {
    let (turn, _) = parse_turn_str(text).expect("turn parses");
    let cannonball_rules::margrites::notation::TurnBody::Steps { steps, .. } = turn.body else {
        panic!("not steps")
    };
    let mut previous = None;
    for st in steps {
        let s = st.step.resolve(pos, previous).expect("resolves");
        pos.play_step(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        previous = s.to();
    }
    pos.end_turn().expect("turn ends");
}

/// Names of a set of squares, reading order.
pub fn names(set: cannonball_rules::margrites::SquareSet) -> String {
    set.map(|s| s.to_string()).collect::<Vec<_>>().join(" ")
}
