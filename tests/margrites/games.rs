//! The rule book's three annotated games, committed as transcripts, replayed; their
//! check reports are fixtures compared byte for byte.

use std::path::PathBuf;

use cannonball_rules::margrites::infer::{check_transcript, infer_setups, setup_line};
use cannonball_rules::margrites::{Color, transcript};

fn root() -> PathBuf {
    PathBuf::from(crate::ROOT)
}

fn report(name: &str) -> (String, usize) {
    let path = root()
        .join("book/games/margrites")
        .join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path).unwrap();
    let t = transcript::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let r = check_transcript(&t).unwrap();
    (r.render(&format!("{name}.txt")), r.departures())
}

fn assert_fixture(name: &str) -> usize {
    let (got, departures) = report(name);
    let fixture = root()
        .join("tests/fixtures/margrites")
        .join(format!("{name}.check.txt"));
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::write(&fixture, &got).unwrap();
    }
    let want = std::fs::read_to_string(&fixture).unwrap();
    assert_eq!(
        got,
        want,
        "{name}: report differs from {}",
        fixture.display()
    );
    departures
}

#[test]
fn white_outflanks_black_report() {
    assert!(assert_fixture("white-outflanks-black") > 0);
}

#[test]
fn corrected_white_outflanks_black_keeps_only_the_unfixable_errata() {
    // Turn 12's martyrdom and score line, and two wrong squares in each of three boards.
    assert_eq!(assert_fixture("white-outflanks-black.corrected"), 8);
}

#[test]
fn blacks_daring_escape_report() {
    assert!(assert_fixture("blacks-daring-escape") > 0);
}

#[test]
fn black_downsizes_report() {
    assert!(assert_fixture("black-downsizes") > 0);
}

fn inferred(name: &str) -> (Vec<String>, bool) {
    let text = std::fs::read_to_string(
        root()
            .join("book/games/margrites")
            .join(format!("{name}.txt")),
    )
    .unwrap();
    let inf = infer_setups(&transcript::parse(&text).unwrap()).unwrap();
    let lines = inf
        .best
        .iter()
        .map(|s| {
            format!(
                "{}; {}",
                setup_line(Color::Black, s.black),
                setup_line(Color::White, s.white)
            )
        })
        .collect();
    (lines, inf.best.len() == 1)
}

#[test]
fn setups_are_inferred() {
    let (a, unique) = inferred("white-outflanks-black");
    assert!(unique);
    assert_eq!(
        a[0],
        "setup black: e1 b2 c2 d2 e2 f2 g2 h2; setup white: b7 c7 d7 e7 f7 g7 h7 e8"
    );
    let (c, unique) = inferred("black-downsizes");
    assert!(unique);
    assert_eq!(
        c[0],
        "setup black: a2 b2 c2 d2 e2 f2 g2 h2; setup white: b7 c7 d7 e7 f7 g7 h7 i7"
    );
    // As printed, game B never moves one White piece: nine places fit equally well.
    let (b, unique) = inferred("blacks-daring-escape");
    assert!(!unique);
    assert_eq!(b.len(), 9);
    assert!(
        b.iter()
            .all(|s| s.starts_with("setup black: g1 a2 b2 c2 d2 e2 f2 g2;"))
    );
}
