//! Every parser, fed arbitrary bytes and token soup made of the real
//! grammars' pieces, returns (an error or a value) without panicking and in
//! bounded time. `cargo test` runs a few thousand cases; the long run is
//! `cargo test --release --test main robust::fuzz -- --ignored`.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

use cannonball::annotate::check::{CheckOptions, check};
use cannonball::figure::spec::Place;
use cannonball::figure::{self, Budget, Figure};
use cannonball_rules::Game;
use cannonball_rules::margo::{AnyPosition, Geometry, Preset, Rules, Setup, notation};
use cannonball_rules::margrites::table::{BoardTable, Legend};
use cannonball_rules::margrites::{notation as mnotation, transcript};

/// The most one parser may take on one case (generous: the machine is shared).
const BOUND: Duration = Duration::from_secs(2);

/// Pieces of every grammar: Margo moves, setups and rules lines, Margrites
/// turns, score lines, tables and transcript directives, and the YAML of
/// puzzle files, figures and annotated games.
const TOKENS: &[&str] = &[
    "a1",
    "b2",
    "c3+1",
    "d4+2",
    "e5",
    "g7",
    "s19",
    "0,1,1",
    "1,0,0",
    "9,9,9",
    "pass",
    "swap",
    "PASS",
    "white",
    "black",
    "grey",
    "red",
    "to-move",
    "ko",
    "zombies",
    "passes",
    "swapped",
    "swap-available",
    "0",
    "2",
    "255",
    "256",
    "4294967296",
    "99999999999999999999",
    "#",
    "margo",
    "spargo",
    "margrites",
    "size=5",
    "size=0",
    "swap=off",
    "ko=none",
    "players=4",
    "1.",
    "2.",
    "12.",
    "h2>g3",
    "g3>f4",
    "g2>f3",
    "f7>ef6",
    "d2xd3",
    "R",
    "0(0)-0(0)",
    "3(1)-R0(0)",
    "B++",
    "Black wins",
    "setup black:",
    "setup white:",
    "start:",
    "black to move",
    "variations:",
    "glyphs:",
    "variation from 1",
    "end variation",
    "|",
    "+---+---+",
    "  a b c d e f g h i",
    "8 |",
    ".",
    "x",
    "o",
    "<b>",
    "</b>",
    "id:",
    "game:",
    "position:",
    "setup:",
    "moves:",
    "claims:",
    "value:",
    "objective:",
    "plies:",
    "ply:",
    "best:",
    "mover:",
    "to_move:",
    "turns:",
    "squares:",
    "caption:",
    "- ",
    "[",
    "]",
    "{",
    "}",
    "'",
    "\"",
    ":",
    "?",
    "&a",
    "*a",
    "!!str",
    "|",
    ">",
    "\u{feff}",
    "é",
    "\u{3000}",
];

const SEPARATORS: &[&str] = &[" ", " ", "\n", "\n  ", "\n- ", "; ", ": ", ", ", "\t", ""];

/// Token soup: grammar pieces joined by separators.
fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(
        (
            prop::sample::select(TOKENS),
            prop::sample::select(SEPARATORS),
        ),
        0..80,
    )
    .prop_map(|parts| parts.into_iter().map(|(t, s)| format!("{t}{s}")).collect())
}

/// Arbitrary bytes, read as text the way the bounded reader would refuse or
/// keep them (here: lossily, to reach the parsers).
fn bytes() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..600)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

fn timed<T>(what: &str, text: &str, f: impl FnOnce() -> T) {
    let t = Instant::now();
    let _ = f();
    let took = t.elapsed();
    assert!(took < BOUND, "{what} took {took:?} on {text:?}");
}

/// Runs every parser on `text`; a panic or an overlong run fails the case.
fn every_parser(text: &str) {
    let margo = Preset::Margo.rules();
    let spargo = Preset::Spargo.rules();
    timed("margo move list", text, || notation::parse_move_list(text));
    timed("margo moves", text, || {
        let geo = Geometry::of(7).unwrap();
        for w in text.split_whitespace() {
            let _ = notation::parse_move(geo, w);
        }
    });
    for rules in [margo, spargo] {
        timed("margo setup", text, || {
            Setup::parse(rules, text).map(|s| AnyPosition::from_setup(&s).is_ok())
        });
    }
    timed("rules line", text, || {
        text.lines().filter(|l| l.parse::<Rules>().is_ok()).count()
    });
    timed("margrites transcript", text, || transcript::parse(text));
    timed("margrites turns and scores", text, || {
        for l in text.lines() {
            let _ = mnotation::parse_turn_str(l);
            let _ = mnotation::parse_score_line_str(l);
            let _ = Legend::parse(l);
        }
    });
    timed("margrites board table", text, || {
        BoardTable::parse(&text.lines().collect::<Vec<_>>())
    });
    timed("puzzle file", text, || {
        cannonball::puzzle::parse(text, "p.yaml")
    });
    let opts = CheckOptions {
        reprove_plies: 1,
        nodes: 2_000,
        table_bits: 10,
    };
    timed("annotated game", text, || check(text, &opts));
    let budget = Budget {
        margo_nodes: 2_000,
        margrites_nodes: 200,
    };
    for game in [None, Some(Game::Spargo), Some(Game::Margrites)] {
        let fig = Figure {
            game,
            body: text.to_owned(),
            place: Place {
                file: "f.md".into(),
                first_line: 1,
            },
            id: "f".into(),
        };
        timed("figure", text, || figure::check(&fig, &budget));
    }
}

fn run(cases: u32, strategy: impl Strategy<Value = String>) {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    runner
        .run(&strategy, |text| {
            every_parser(&text);
            Ok(())
        })
        .unwrap();
}

#[test]
fn every_parser_survives_arbitrary_bytes() {
    run(2500, bytes());
}

#[test]
fn every_parser_survives_token_soup() {
    run(2500, soup());
}

/// The long run, reported in the issue: 100 000 cases of each kind.
#[test]
#[ignore = "long: about 200 000 cases; run with --ignored"]
fn every_parser_survives_a_long_run() {
    run(100_000, bytes());
    run(100_000, soup());
}
