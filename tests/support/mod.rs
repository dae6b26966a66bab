//! Helpers shared by the Margo integration tests: positions from setup text,
//! moves from notation, and point lists.

#![allow(dead_code, reason = "each test crate uses a different part")]

pub mod cli;
pub mod perft_fixture;
pub mod spargo;

use cannonball_rules::margo::{
    AnyPosition, Coords, IllegalMove, Move, Point, Preset, Report, Rules, Setup, notation,
};

/// The rules of `preset` changed by `f`.
pub fn rules(preset: Preset, f: impl FnOnce(&mut Rules)) -> Rules {
    let mut r = preset.rules();
    f(&mut r);
    r
}

/// Margo rules on an `n x n` board with no swap (to keep positions simple).
pub fn margo(n: u8) -> Rules {
    rules(Preset::Margo, |r| {
        r.size = n;
        r.swap = false;
    })
}

/// A position from setup text; panics with every problem when impossible.
pub fn position(rules: Rules, text: &str) -> AnyPosition {
    let setup = Setup::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    AnyPosition::from_setup(&setup).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move written `text` on `pos`'s board.
pub fn mv(pos: &AnyPosition, text: &str) -> Move {
    notation::parse_move(pos.geometry(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The point written `text`.
pub fn pt(pos: &AnyPosition, text: &str) -> Point {
    match mv(pos, text) {
        Move::Place(p) => p,
        other => panic!("{text} is not a point: {other:?}"),
    }
}

/// Plays `text`, which must be legal.
pub fn play(pos: &mut AnyPosition, text: &str) -> Report {
    let m = mv(pos, text);
    pos.play(m)
        .unwrap_or_else(|e| panic!("{text} should be legal: {e}"))
}

/// The reason `text` is illegal (panics when it is legal).
pub fn illegal(pos: &AnyPosition, text: &str) -> IllegalMove {
    match pos.check(mv(pos, text)) {
        Ok(()) => panic!("{text} should be illegal"),
        Err(e) => e,
    }
}

/// Points written as space-separated notation, sorted.
pub fn pts(pos: &AnyPosition, text: &str) -> Vec<Point> {
    let mut v: Vec<Point> = text.split_whitespace().map(|t| pt(pos, t)).collect();
    v.sort();
    v
}

/// Points printed in human notation, for messages.
pub fn names(pos: &AnyPosition, points: &[Point]) -> String {
    points
        .iter()
        .map(|&p| pos.geometry().coords(p).to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The coordinates of a point.
pub fn coords(pos: &AnyPosition, p: Point) -> Coords {
    pos.geometry().coords(p)
}
