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

/// The three games as the book shows them: each corrected transcript replays
/// with no departure from the rules or from its own score lines and boards,
/// and its errata file lists exactly the changes from the printed one.
#[test]
fn every_corrected_game_is_legal_and_its_errata_list_every_change() {
    use cannonball::book::errata;
    for name in [
        "white-outflanks-black",
        "blacks-daring-escape",
        "black-downsizes",
    ] {
        let (report, departures) = report(&format!("{name}.corrected"));
        assert_eq!(departures, 0, "{report}");
        let dir = root().join("book/games/margrites");
        let read = |file: &str| std::fs::read_to_string(dir.join(file)).unwrap();
        let printed = transcript::parse(&read(&format!("{name}.txt"))).unwrap();
        let corrected = transcript::parse(&read(&format!("{name}.corrected.txt"))).unwrap();
        let file = format!("{name}.errata.yaml");
        let list = errata::parse(&read(&file), &file).unwrap();
        let diffs = errata::differences(&printed, &corrected);
        assert!(!diffs.is_empty(), "{name}: nothing was corrected");
        errata::check(&list, &diffs, &file).unwrap();
        // Every entry gives its reason in a sentence, not a word.
        for e in &list {
            assert!(
                e.why.split_whitespace().count() >= 6,
                "{file}:{}: {}",
                e.line,
                e.why
            );
        }
    }
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
